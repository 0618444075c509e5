"""Reference numbers for tests/kernel_reference.rs, from the NumPy
transcriptions in kernel_learners.py.

    python3 scripts/reference/kernel_fixtures.py

writes tests/fixtures/kernel_4d_train.csv, kernel_4d_test.csv (a seeded
nonlinear problem in four dimensions, like the simulated data of seed 004)
and tests/fixtures/kernel_reference.json:

- "exact": the deterministic learners (ALD projection, APSM, Projectron,
  Projectron++, kernel PA-I / PA-II) run once in file order; their
  coefficients, offset and test scores must match ours to 1e-9, and the
  steps mu of ALD and APSM sample by sample.
- "exact_a1a": the deterministic budgeted learners of issue 23 on the
  first 300 rows of LIBSVM's a1a (sparse, 123 binary features; test: the
  first 50 rows of a1a.t), when ../shared/data holds it (the Rust test
  reads those rows sparse, the transcription densely).
- "statistical": the randomised learners (random budget perceptron, SPA in
  both forms, OLRU, OLRD) over 40 seeds each. Our generator is not NumPy's,
  so their runs cannot match draw for draw; the mean test error and the
  mean support size must agree within the seed-to-seed error.
"""

import json
from pathlib import Path

import numpy as np

import bsgd_silk as bs
import budget_learners as bl
import kernel_learners as kl
from relatives import uniforms
from second_order import read_libsvm

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
SHARED = ROOT.parent / "shared" / "data"
SIGMA = 1.0
SEEDS = 40
# The first uniforms of seeded(0), the exact cases' seed.
DRAWS = uniforms(0, 1000)


def problem(n, rng):
    x = rng.normal(size=(n, 4))
    margin = np.sin(2 * x[:, 0]) + x[:, 1] * x[:, 2] - 0.5 * x[:, 3] ** 2 + 0.3
    y = np.where(margin >= 0, 1.0, -1.0)
    flip = rng.random(n) < 0.05
    y[flip] = -y[flip]
    return np.round(x, 6), y


def write_csv(path, x, y):
    lines = ["x1,x2,x3,x4,y"] + [",".join(f"{v:.6f}" for v in row) + f",{int(label)}" for row, label in zip(x, y)]
    path.write_text("\n".join(lines) + "\n")


def read_csv(path):
    table = np.loadtxt(path, delimiter=",", skiprows=1)
    return table[:, :4], table[:, 4]


def run(model, x, y):
    steps = [model.learn(xi, yi) for xi, yi in zip(x, y)]
    return steps


def exact_cases(train, test):
    x, y = train
    k = kl.gaussian(SIGMA)
    cases = [
        ("ald-projection", {"nu": 0.3, "lambda": 0.1}, kl.AldProjection(k, 0.3, 4, 0.1, 1.0)),
        ("ald-projection", {"nu": 0.05, "lambda": 1.0}, kl.AldProjection(k, 0.05, 4, 1.0, 1.0)),
        ("apsm", {}, kl.Apsm(k)),
        ("apsm", {"dictionary": 40, "radius": 1.5, "q": 6, "lambda": 0.5}, kl.Apsm(k, 6, 0.5, 1.5, 40)),
        ("projectron", {"eta": 0.5}, kl.Projectron(k, 0.5, False)),
        ("projectron++", {"eta": 0.5}, kl.Projectron(k, 0.5, True)),
        ("kernel-pa1", {"c": 0.5, "budget": 40}, kl.KernelPa(k, 1, 0.5, 40)),
        ("kernel-pa2", {"c": 0.5}, kl.KernelPa(k, 2, 0.5)),
    ] + budget_cases(k)
    return [record(algo, settings, model, x, y, test) for algo, settings, model in cases]


def budget_cases(k, sigma=SIGMA, dim=4):
    """The deterministic budgeted learners of issue 23 (budget_learners.py);
    FOGD reads sigma and the data's width itself."""
    return [
        ("forgetron", {"budget": 20}, bl.Forgetron(k, 20)),
        ("forgetron", {"budget": 60}, bl.Forgetron(k, 60)),
        ("forgetron", {"budget": 20, "forgetron-form": "authors"}, bl.Forgetron(k, 20, "authors")),
        ("stoptron", {"budget": 20}, bl.Stoptron(k, 20)),
        ("stoptron", {"budget": 60}, bl.Stoptron(k, 60)),
        # BOGD at seed 0, fed the Rust generator's uniforms (one per removal).
        ("bogd", {"budget": 20}, bl.Bogd(k, 20, 1.0, 1e-4, 10.0, DRAWS)),
        ("bogd", {"budget": 40, "lr": 0.5, "bogd-lambda": 0.01, "bogd-gamma": 1.5},
         bl.Bogd(k, 40, 0.5, 0.01, 1.5, DRAWS)),
        ("bogd", {"budget": 20, "bogd-form": "authors", "bogd-gamma": 1.5},
         bl.Bogd(k, 20, 1.0, 1e-4, 1.5, DRAWS, "authors")),
        ("bogd", {"lr": 0.3}, bl.Bogd(k, None, 0.3, 1e-4, 10.0, DRAWS)),
        ("fogd", {"fogd-d": 50}, bl.Fogd(sigma, 50, 1.0, 0, dim)),
        ("fogd", {"lr": 0.5}, bl.Fogd(sigma, 200, 0.5, 0, dim)),
        ("nogd", {"budget": 20}, bl.Nogd(k, 20, 1.0, 0.2)),
        ("nogd", {"budget": 40, "lr": 0.3, "nogd-rank": 0.5}, bl.Nogd(k, 40, 0.3, 0.5)),
        ("nogd", {"budget": 10, "nogd-rank": 1.0}, bl.Nogd(k, 10, 1.0, 1.0)),
        ("bpa-s", {"budget": 20}, bl.BpaS(k, 1.0, 20)),
        ("bpa-s", {"budget": 40, "c": 0.1}, bl.BpaS(k, 0.1, 40)),
        ("silk", {"budget": 20}, bs.Silk(k, 1.0, 0.01, 20)),
        ("silk", {"budget": 40, "c": 0.5, "silk-lambda": 0.1}, bs.Silk(k, 0.5, 0.1, 40)),
        ("silk", {"c": 0.5, "silk-lambda": 0.0}, bs.Silk(k, 0.5, 0.0, None)),
        ("bsgd", {"budget": 20}, bs.Bsgd(k, 1e-4, 20, "merging", sigma)),
        ("bsgd", {"budget": 40, "bsgd-lambda": 0.01}, bs.Bsgd(k, 0.01, 40, "merging", sigma)),
        ("bsgd", {"budget": 20, "bsgd-maintenance": "removal"}, bs.Bsgd(k, 1e-4, 20, "removal")),
        ("bsgd", {"budget": 20, "bsgd-maintenance": "projection"}, bs.Bsgd(k, 1e-4, 20, "projection")),
        ("bsgd", {"budget": 40, "bsgd-lambda": 0.01, "bsgd-maintenance": "projection"},
         bs.Bsgd(k, 0.01, 40, "projection")),
        ("bsgd", {"bsgd-lambda": 0.01}, bs.Bsgd(k, 0.01, None)),
    ]


def exact_a1a():
    """The budgeted learners on a1a's first 300 rows, sigma = 2 (with 123
    binary features, sigma = 1 leaves k(x, z) near 0 for most pairs)."""
    if not (SHARED / "a1a").exists():
        return None
    x, y = read_libsvm(str(SHARED / "a1a"), 300)
    tx, ty = read_libsvm(str(SHARED / "a1a.t"), 50)
    width = max(x.shape[1], tx.shape[1])
    x, tx = (np.pad(a, ((0, 0), (0, width - a.shape[1]))) for a in (x, tx))
    out = []
    for algo, settings, model in budget_cases(kl.gaussian(2.0), 2.0, width):
        out.append(record(algo, {**settings, "sigma": 2.0}, model, x, y, (tx, ty)))
    return out


def record(algo, settings, model, x, y, test):
    """One exact case: the model after one pass in file order, its
    progressive mistakes (a wrong sign, +1 at 0) and its test accuracy."""
    steps, mistakes = [], 0
    for xi, yi in zip(x, y):
        mistakes += (1.0 if model.score(xi) >= 0 else -1.0) != yi
        steps.append(model.learn(xi, yi))
    right = sum((1.0 if model.score(t) >= 0 else -1.0) == label for t, label in zip(*test))
    return {
        "mistakes": int(mistakes),
        "test_accuracy": right / len(test[1]),
        "algo": algo,
        "settings": settings,
        "support_size": len(model.sv),
        **({"weights": [float(w) for w in model.w]} if isinstance(model, bl.Fogd) else {}),
        "coefficients": [float(a) for a in model.alpha],
        "offset": float(model.offset),
        "test_scores": [float(model.score(t)) for t in test[0][:50]],
        "steps": [float(s) for s in steps] if steps[0] is not None else None,
    }


def statistical_cases(train, test):
    x, y = train
    k = kl.gaussian(SIGMA)
    horizon = len(x)
    cases = [
        ("kernel-perceptron", {"budget": 30}, lambda rng: kl.RandomBudgetPerceptron(k, 30, rng)),
        ("spa", {"spa-beta": 4.0, "c": 1.0}, lambda rng: kl.Spa(k, rng, "paper", 1.0, 4.0, 1.0)),
        ("spa", {"spa-form": "authors"}, lambda rng: kl.Spa(k, rng, "authors")),
        ("olru", {"olru-c": 1.2, "olru-a": 0.2, "horizon": horizon},
         lambda rng: kl.Olru(k, rng, 1.0, 1.2, 0.2, horizon)),
        ("olrd", {"olrd-form": "authors", "olrd-c": 1.0, "horizon": horizon},
         lambda rng: kl.Olrd(k, rng, 1.0, 1.0, horizon)),
        ("olrd", {"budget": 40}, lambda rng: kl.OlrdBudget(k, rng, 1.0, 40)),
    ]
    out = []
    for algo, settings, make in cases:
        errors, sizes = [], []
        for seed in range(SEEDS):
            rng = np.random.default_rng(seed)
            order = rng.permutation(len(x))
            model = make(rng)
            run(model, x[order], y[order])
            wrong = sum(np.sign(model.score(t) or 1.0) != label for t, label in zip(*test))
            errors.append(wrong / len(test[1]))
            sizes.append(len(model.sv))
        out.append({
            "algo": algo,
            "settings": settings,
            "seeds": SEEDS,
            "test_error_mean": float(np.mean(errors)),
            "test_error_se": float(np.std(errors, ddof=1) / np.sqrt(SEEDS)),
            "support_mean": float(np.mean(sizes)),
            "support_se": float(np.std(sizes, ddof=1) / np.sqrt(SEEDS)),
        })
    return out


def main():
    rng = np.random.default_rng(2023)
    write_csv(FIXTURES / "kernel_4d_train.csv", *problem(300, rng))
    write_csv(FIXTURES / "kernel_4d_test.csv", *problem(600, rng))
    # Read back: the learners see exactly the numbers the Rust tests parse.
    train, test = (read_csv(FIXTURES / f"kernel_4d_{part}.csv") for part in ("train", "test"))
    reference = {
        "sigma": SIGMA,
        "exact": exact_cases(train, test),
        "exact_a1a": exact_a1a(),
        "statistical": statistical_cases(train, test),
    }
    (FIXTURES / "kernel_reference.json").write_text(json.dumps(reference, indent=1) + "\n")
    for case in reference["statistical"]:
        print(f"{case['algo']:18} error {case['test_error_mean']:.4f} +- {case['test_error_se']:.4f}"
              f"  support {case['support_mean']:.1f}")


if __name__ == "__main__":
    main()
