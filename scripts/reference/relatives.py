#!/usr/bin/env python3
"""Regenerates tests/fixtures/relatives_reference.json: the perceptron's
relatives transcribed in NumPy straight from their papers' equations, one
pass in file order, so tests/relatives_reference.rs can hold onlinelearn to
them. LIBOL has none of these learners (its algorithms/ folder), so there
is no second source to transcribe.

Each transcription keeps its paper's own variables, not ours: the
Ballseptron builds x_hat = x - y r w/|w| and adds y x_hat (ours scales w
by 1 - r/|w| and adds y x); PAUM keeps w and b apart with R = max |x| so
far (ours the same, which is the rule); the shifting Perceptron computes
lambda_k = lambda/(lambda + k) from its mistake count; Pegasos forms
w_{t+1/2} and projects it onto the ball of radius 1/sqrt(lambda).

- Ballseptron: Shalev-Shwartz & Singer, COLT 2005, Fig. 1.
- PAUM: Li, Zaragoza, Herbrich, Shawe-Taylor & Kandola, ICML 2002, Table 1
  (R = max |x_i| over the samples seen so far: online, the set is not known),
  b += eta y R^2 as we read Table 1 (not checked again here: the paper could
  not be read); paum-form "authors": b += eta y, as the first author's own
  code (GATE's Paum.java) and AI on Browser's paum.js move it.
- Shifting Perceptron: Cavallanti, Cesa-Bianchi & Gentile, Machine Learning
  69 (2007), Fig. 2.
- Pegasos: Shalev-Shwartz, Singer & Srebro, ICML 2007, Fig. 1 with k = 1,
  the samples in file order (the paper draws them at random).
- Balanced Winnow: Littlestone 1988 (Winnow2: multiply by alpha on a false
  negative, divide on a false positive, the attributes that are on) in the
  balanced form of Littlestone 1989 (w+ and w-, predicting with w+ - w-),
  written alpha**(y x_i / R) for real attributes, R the largest |x_i| so
  far; theta the threshold; every weight starts at 1.
- Selective sampling Perceptron: Cesa-Bianchi, Gentile & Zaniboni, JMLR 7
  (2006), with a fixed b: ask with probability b/(b + |w.x|), learn on an
  asked mistake. It takes the Rust's uniform draws u (ask when u < p): xoshiro256**
  seeded by SplitMix64, as rand_xoshiro's seed_from_u64, and rand's f64,
  (next_u64 >> 11) / 2^53, ported below; the fixture keeps the draws, and
  tests/relatives_reference.rs checks the Rust's generator gives them.

Without a bias (bias_mode none) each runs as its paper states it. With one
(augmented): the Ballseptron, the shifting Perceptron, Pegasos, Winnow and
the selective Perceptron see z = (1, x), so b is a weight on a constant 1
(Pegasos's "constant feature"; Winnow's w+_0 - w-_0, its reported bias
being w+_0 - w-_0 - theta); PAUM keeps its paper's own b, moved by eta y R^2
(or eta y in the authors' form).

A mistake is a wrong sign, +1 at a score of 0 (the progressive count); the
rules fire at y f <= 0 where their papers say "on a mistake".

    pip install -r scripts/reference/requirements.txt
    python3 scripts/reference/relatives.py
"""

import json
import os

import numpy as np

from second_order import read_csv, read_libsvm

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "tests", "fixtures")
SHARED = os.path.join(ROOT, "..", "shared", "data")


def sgn(f):
    return 1.0 if f >= 0 else -1.0


# The index of the sample being learned, and of the first tie (or None).
AT, FIRST_TIE = [0], [None]


def beyond(value, threshold, scale):
    """value > threshold, noting a tie: a value within 1e-10 of `scale` of
    its threshold (a1a's rows of 0s and 1s meet thresholds exactly, and
    there each side's rounding, not the rule, would decide)."""
    if abs(value - threshold) <= 1e-10 * scale and scale > 0:
        if FIRST_TIE[0] is None:
            FIRST_TIE[0] = AT[0]
    return value > threshold


def run_untied(algo, X, y, p, bias):
    """The run without the samples met at a tie, each dropped and the run
    started again: (the dropped rows, w, b, mistakes, updates[, asked])."""
    kept, skip = list(range(len(y))), []
    while True:
        FIRST_TIE[0] = None
        result = ALGORITHMS[algo](X[kept], y[kept], p, bias)
        if FIRST_TIE[0] is None:
            return (skip, *result)
        skip.append(kept.pop(FIRST_TIE[0]))


def augment(X, bias):
    return np.hstack([np.ones((len(X), 1)), X]) if bias else X


def split(w, bias):
    """(weights, b) of a vector over z = (1, x) or x."""
    return (w[1:], float(w[0])) if bias else (w, 0.0)


def ballseptron(X, y, p, bias):
    r = p["ballseptron-r"]
    Z = augment(X, bias)
    w, mistakes, updates = np.zeros(Z.shape[1]), 0, 0
    for AT[0], (x, label) in enumerate(zip(Z, y)):
        f = w @ x
        mistakes += sgn(f) != label
        scale = np.linalg.norm(w) * np.linalg.norm(x)
        if not beyond(label * f, 0.0, scale):
            w, updates = w + label * x, updates + 1
        elif not beyond(label * f / np.linalg.norm(w), r, np.linalg.norm(x)):
            x_hat = x - label * r * w / np.linalg.norm(w)
            w, updates = w + label * x_hat, updates + 1
    return (*split(w, bias), mistakes, updates)


def paum(X, y, p, bias):
    tau = {1.0: p["paum-tau-plus"], -1.0: p["paum-tau-minus"]}
    eta = p["lr"]
    # Table 1's step for b, or the authors' code's (no R^2).
    bias_step = (lambda R: R**2) if p.get("paum-form", "paper") == "paper" else (lambda R: 1.0)
    w, b, R, mistakes, updates = np.zeros(X.shape[1]), 0.0, 0.0, 0, 0
    for AT[0], (x, label) in enumerate(zip(X, y)):
        R = max(R, np.linalg.norm(x))
        f = w @ x + b
        mistakes += sgn(f) != label
        scale = np.linalg.norm(w) * np.linalg.norm(x) + abs(b) + tau[label]
        if not beyond(label * f, tau[label], scale):
            w = w + eta * label * x
            if bias:
                b = b + eta * label * bias_step(R)
            updates += 1
    return w, b, mistakes, updates


def shifting(X, y, p, bias):
    lam = p["shifting-lambda"]
    Z = augment(X, bias)
    w, k, mistakes, updates = np.zeros(Z.shape[1]), 0, 0, 0
    for AT[0], (x, label) in enumerate(zip(Z, y)):
        f = w @ x
        mistakes += sgn(f) != label
        if not beyond(label * f, 0.0, np.linalg.norm(w) * np.linalg.norm(x)):
            lam_k = lam / (lam + k)
            w = (1 - lam_k) * w + label * x
            k, updates = k + 1, updates + 1
    return (*split(w, bias), mistakes, updates)


def pegasos(X, y, p, bias):
    lam = p["pegasos-lambda"]
    Z = augment(X, bias)
    w, mistakes, updates = np.zeros(Z.shape[1]), 0, 0
    for t, (x, label) in enumerate(zip(Z, y), start=1):
        AT[0] = t - 1
        f = w @ x
        mistakes += sgn(f) != label
        eta = 1 / (lam * t)
        loss = beyond(1.0, label * f, np.linalg.norm(w) * np.linalg.norm(x) + 1)
        if not loss and not np.any(w != 0):
            continue  # nothing to shrink, no step: w stays 0
        half = (1 - eta * lam) * w + (eta * label * x if loss else 0)
        n = np.linalg.norm(half)
        w = min(1.0, (1 / np.sqrt(lam)) / n) * half if n > 0 else half
        updates += 1
    return (*split(w, bias), mistakes, updates)


def winnow(X, y, p, bias):
    alpha, theta = p["winnow-alpha"], p["winnow-theta"]
    Z = augment(X, bias)
    w_plus, w_minus = np.ones(Z.shape[1]), np.ones(Z.shape[1])
    R, mistakes, updates = 0.0, 0, 0
    for AT[0], (z, label) in enumerate(zip(Z, y)):
        R = max(R, np.max(np.abs(z)))
        f = (w_plus - w_minus) @ z - theta
        mistakes += sgn(f) != label
        scale = np.abs(w_plus - w_minus) @ np.abs(z) + abs(theta)
        on = z != 0
        if not beyond(label * f, 0.0, scale) and np.any(on):
            promotion = alpha ** (label * z[on] / R)
            w_plus[on] *= promotion
            w_minus[on] /= promotion
            updates += 1
    w = w_plus - w_minus
    weights, b = (w[1:], float(w[0] - theta)) if bias else (w, -float(theta))
    return weights, b, mistakes, updates


M64 = (1 << 64) - 1


def uniforms(seed, n):
    """The first n draws of rng.random::<f64>() from seeded(seed): rand's
    f64 of xoshiro256** (rand_xoshiro), seeded by SplitMix64."""
    x, s = seed, []
    for _ in range(4):  # SplitMix64 fills the 256-bit state, one u64 at a time
        x = (x + 0x9E3779B97F4A7C15) & M64
        z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        s.append(z ^ (z >> 31))
    rotl = lambda v, k: ((v << k) | (v >> (64 - k))) & M64
    out = []
    for _ in range(n):
        result = (rotl((s[1] * 5) & M64, 7) * 9) & M64
        t = (s[1] << 17) & M64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        out.append((result >> 11) * 2.0**-53)
    return out


# The uniform draws of each seed the grid uses, by seed (filled in main).
DRAWS = {}


def selective(X, y, p, bias):
    b, draws = p["selective-b"], DRAWS[p["seed"]]
    Z = augment(X, bias)
    w, asked, mistakes, updates = np.zeros(Z.shape[1]), 0, 0, 0
    for AT[0], (x, label) in enumerate(zip(Z, y)):
        f = w @ x
        mistakes += sgn(f) != label
        probability = b / (b + abs(f))
        # Z_t = 1 when u < p (a u within 1e-10 of p is a tie).
        if beyond(probability, draws[AT[0]], 1.0):
            asked += 1
            if not beyond(label * f, 0.0, np.linalg.norm(w) * np.linalg.norm(x)):
                w, updates = w + label * x, updates + 1
    return (*split(w, bias), mistakes, updates, asked)


ALGORITHMS = {"ballseptron": ballseptron, "paum": paum, "shifting-perceptron": shifting, "pegasos": pegasos,
              "winnow": winnow, "selective-perceptron": selective}

# (algorithm, settings), by their setting names.
GRID = [
    ("ballseptron", {"ballseptron-r": 0.1}),
    ("ballseptron", {"ballseptron-r": 1.0}),
    ("ballseptron", {"ballseptron-r": 3.0}),
    ("paum", {"paum-tau-plus": 1.0, "paum-tau-minus": 1.0, "lr": 1.0}),
    ("paum", {"paum-tau-plus": 2.0, "paum-tau-minus": 0.0, "lr": 0.5}),
    ("paum", {"paum-tau-plus": 0.0, "paum-tau-minus": 5.0, "lr": 0.1}),
    ("paum", {"paum-tau-plus": 1.0, "paum-tau-minus": 1.0, "lr": 1.0, "paum-form": "authors"}),
    ("paum", {"paum-tau-plus": 2.0, "paum-tau-minus": 0.0, "lr": 0.5, "paum-form": "authors"}),
    ("shifting-perceptron", {"shifting-lambda": 1.0}),
    ("shifting-perceptron", {"shifting-lambda": 0.1}),
    ("shifting-perceptron", {"shifting-lambda": 10.0}),
    ("pegasos", {"pegasos-lambda": 0.01}),
    ("pegasos", {"pegasos-lambda": 0.5}),
    ("pegasos", {"pegasos-lambda": 1e-4}),
    ("winnow", {"winnow-alpha": 2.0, "winnow-theta": 0.0}),
    ("winnow", {"winnow-alpha": 1.5, "winnow-theta": 0.5}),
    ("winnow", {"winnow-alpha": 4.0, "winnow-theta": -1.0}),
    ("selective-perceptron", {"selective-b": 1.0, "seed": 0}),
    ("selective-perceptron", {"selective-b": 0.1, "seed": 11}),
    ("selective-perceptron", {"selective-b": 10.0, "seed": 0}),
]


def main():
    data = {"seed000_classification": read_csv("seed000_classification_train.csv")}
    data["seed000_classification"] = tuple(a[:600] for a in data["seed000_classification"])
    data["libol_noisy"] = read_csv("libol_noisy.csv")
    a1a = os.path.join(SHARED, "a1a")
    if os.path.exists(a1a):
        data["a1a"] = read_libsvm(a1a, 600)
    rows = max(len(y) for _, y in data.values())
    for _, params in GRID:
        if "seed" in params:
            DRAWS[params["seed"]] = uniforms(params["seed"], rows)
    cases = []
    for name, (X, y) in data.items():
        for algo, params in GRID:
            for bias in (True, False):
                if not bias and "paum-form" in params:
                    continue  # without b the two forms are one
                skip, w, b, mistakes, updates, *asked = run_untied(algo, X, y, params, bias)
                case = {"data": name, "algo": algo, "rows": len(y), "skip": skip,
                        "bias_mode": "augmented" if bias else "none"}
                case.update(params)
                case.update({"weights": w.tolist(), "bias": b,
                             "mistakes": int(mistakes), "updates": int(updates)})
                if asked:
                    case["asked"] = int(asked[0])
                cases.append(case)
    out = os.path.join(FIXTURES, "relatives_reference.json")
    with open(out, "w") as f:
        f.write('{"generator": "scripts/reference/relatives.py",\n')
        # The selective Perceptron's draws, by seed: the u of sample t is draws[t].
        f.write('"draws": ' + json.dumps({str(k): v for k, v in sorted(DRAWS.items())}) + ',\n')
        f.write('"cases": [\n')
        f.write(",\n".join(json.dumps(c) for c in cases))
        f.write("\n]}\n")
    tied = [(c["data"], c["algo"], c["bias_mode"], c["skip"]) for c in cases if c["skip"]]
    print(f"wrote {len(cases)} cases to {out}; {len(tied)} without the samples of a tie: {tied}")


if __name__ == "__main__":
    main()
