#!/usr/bin/env python3
"""Regenerates tests/fixtures/libol_reference.json (and the noisy data set
tests/fixtures/libol_noisy.csv): LIBOL's binary learners transcribed in
NumPy, each twice where the sources differ, from its paper's equations and
from LIBOL's MATLAB file (github.com/LIBOL/LIBOL, algorithms/*.m), one pass
in file order, so tests/libol_reference.rs can hold onlinelearn to them.

The transcriptions keep each source's own state, not ours: SOP's paper form
keeps v = sum of y x and A = (1/a) I + sum of x x^T and inverts A + x x^T at
every prediction; CW's paper form keeps the precision matrix and updates it
additively (Sigma^-1 += 2 alpha phi x x^T); LIBOL's forms keep its d x d
Sigma and its variables as its .m files do (SOP.m's w is the sum of y x,
IELLIP.m's c_t decays after every sample). phi is scipy's norm.ppf.
The diagonal runs (--covariance diagonal) transcribe our approximation,
the diagonal of each full step, which no paper states.

- ALMA_2: Gentile, JMLR 2 (2001), Fig. 1 with p = 2, B = 1/alpha; ALMA.m.
- ROMMA, aggressive ROMMA: Li & Long, Machine Learning 46 (2002); ROMMA.m, aROMMA.m.
- OGD: Zinkevich, ICML 2003, with LIBOL's losses (OGD.m; the paper and LIBOL agree).
- SOP: Cesa-Bianchi, Conconi & Gentile, SIAM J. Comput. 34 (2005), Fig. 2; SOP.m.
- CW: Dredze, Crammer & Pereira, ICML 2008, the variance update; CW.m
  (the exact convex form of Crammer, Dredze & Pereira, NIPS 2008).
- IELLIP: Yang, Jin & Ye, ICML 2009; IELLIP.m.
- NAROW: Orabona & Crammer, NIPS 2010 (= NAROW.m).
- NHERD: Crammer & Lee, NIPS 2010, the full-Sigma update (= NHERD.m).

A mistake is a wrong sign, +1 at a score of 0 (the progressive count);
where a paper's rule fires on a mistake, its form fires at y f <= 0.

    pip install -r scripts/reference/requirements.txt
    python3 scripts/reference/libol.py
"""

import json
import os

import numpy as np
from scipy.stats import norm

from generate import read_libsvm_dicts, write_csv
from second_order import read_csv, read_libsvm

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "tests", "fixtures")
SHARED = os.path.join(ROOT, "..", "shared", "data")


def sgn(f):
    return 1.0 if f >= 0 else -1.0


# Scores computed in this run, and the index of the first tie (or None).
CALLS, FIRST_TIE = [0], [None]


def score(w, x):
    """w.x (called once per sample), and 0 when it is 0 to rounding
    (|w.x| <= 1e-12 |w| |x|). a1a's rows of fourteen 1s make exact ties
    common (two updates of equal norm that cancel, a sample whose overlap
    with them balances), and at a tie with w != 0 the sign each side's
    rounding leaves decides the prediction and a mistake-driven update: a
    case leaves out the samples it would meet one at (run_untied)."""
    f = w @ x
    CALLS[0] += 1
    if abs(f) <= 1e-12 * np.linalg.norm(w) * np.linalg.norm(x):
        if FIRST_TIE[0] is None and np.any(w != 0) and np.any(x != 0):
            FIRST_TIE[0] = CALLS[0] - 1
        return 0.0
    return f


def run_untied(algo, Z, y, params, diagonal):
    """The run without the samples met at a tie, each dropped and the run
    started again: (the dropped rows, w, mistakes, updates)."""
    kept, skip = list(range(len(y))), []
    while True:
        CALLS[0], FIRST_TIE[0] = 0, None
        w, mistakes, updates = run(algo, Z[kept], y[kept], params, diagonal)
        if FIRST_TIE[0] is None:
            return skip, w, mistakes, updates
        skip.append(kept.pop(FIRST_TIE[0]))


def alma(Z, y, p):
    alpha, C, libol = p["alma-alpha"], p["alma-c"], p["form"] == "libol"
    B = 1.0 / alpha
    w, k, mistakes, updates = np.zeros(Z.shape[1]), 1, 0, 0
    for x, label in zip(Z, y):
        f = score(w, x)
        mistakes += sgn(f) != label
        gamma = B / np.sqrt(k)  # sqrt(p - 1) = 1
        if libol:  # ALMA.m: the raw x, and l_t > 0
            fires, xh = (1 - alpha) * gamma - label * f > 0, x
        else:  # the paper: x normalised, and <=
            n = np.linalg.norm(x)
            xh = x / n if n > 0 else 0 * x
            fires = label * (w @ xh) <= (1 - alpha) * gamma
        if fires:
            w = w + C / np.sqrt(k) * label * xh
            w = w / max(1.0, np.linalg.norm(w))
            k += 1
            updates += 1
    return w, mistakes, updates


def romma(Z, y, p, aggressive):
    libol = p["form"] == "libol"
    w, mistakes, updates = np.zeros(Z.shape[1]), 0, 0
    for x, label in zip(Z, y):
        f = score(w, x)
        wrong = sgn(f) != label
        mistakes += wrong
        if aggressive:
            fires = 1 - label * f > 0
        else:
            fires = wrong if libol else label * f <= 0
        if not fires:
            continue
        if np.linalg.norm(w) == 0:
            if libol:
                w, updates = w + label * x, updates + 1
            elif x @ x > 0:  # the smallest w with y w.x >= 1
                w, updates = label * x / (x @ x), updates + 1
            continue
        deno = (np.linalg.norm(x) * np.linalg.norm(w)) ** 2 - f**2
        if deno != 0:
            c = ((np.linalg.norm(x) * np.linalg.norm(w)) ** 2 - label * f) / deno
            d = np.linalg.norm(w) ** 2 * (label - f) / deno
            w, updates = c * w + d * x, updates + 1
    return w, mistakes, updates


def ogd(Z, y, p):
    eta, loss = p["lr"], p["ogd-loss"]
    w, mistakes, updates = np.zeros(Z.shape[1]), 0, 0
    for t, (x, label) in enumerate(zip(Z, y), start=1):
        f = score(w, x)
        wrong = sgn(f) != label
        mistakes += wrong
        eta_t = eta / np.sqrt(t)
        if loss == "hinge":
            grad = -label * x if max(0.0, 1 - label * f) > 0 else 0 * x
        elif loss == "logistic":
            grad = -label * x / (1 + np.exp(label * f))
        elif loss == "square":
            grad = (f - label) * x
        else:  # LIBOL's 0-1 loss
            grad = -label * x if wrong else 0 * x
        if np.any(grad != 0):
            w, updates = w - eta_t * grad, updates + 1
    return w, mistakes, updates


def shrink(sigma, s, beta, diagonal):
    """Sigma - beta (Sigma z)(Sigma z)^T, or its diagonal."""
    return sigma - beta * s * s if diagonal else sigma - beta * np.outer(s, s)


def times(sigma, x, diagonal):
    return sigma * x if diagonal else sigma @ x


def start(d, a, diagonal):
    return np.full(d, a) if diagonal else a * np.eye(d)


def sop(Z, y, p, diagonal):
    a, libol = p["a"], p["form"] == "libol"
    d = Z.shape[1]
    mistakes = updates = 0
    if diagonal:  # ours: the mean w = Sigma v and the diagonal of Sigma
        w, sigma = np.zeros(d), start(d, a, True)
        for x, label in zip(Z, y):
            f = score(w, x)
            mistakes += sgn(f) != label
            fires = sgn(f) != label if libol else label * f <= 0
            if not fires and not libol:
                continue
            s = sigma * x
            beta = 1 / (1 + x @ s)
            alpha = beta * (1 - label * f) if fires else -beta * label * f
            w, sigma, updates = w + alpha * label * s, sigma - beta * s * s, updates + 1
        return w, mistakes, updates
    if libol:  # SOP.m, line by line: its w is the sum of y x
        v, sigma = np.zeros(d), a * np.eye(d)
        for x, label in zip(Z, y):
            s = x @ sigma.T
            sigma_t = sigma - 1 / (x @ s + 1) * np.outer(s, s)
            f = score(v, sigma_t @ x)
            mistakes += sgn(f) != label
            if sgn(f) != label:
                v = v + label * x
            sigma, updates = sigma_t, updates + 1
        return sigma @ v, mistakes, updates
    # The paper: v and A = (1/a) I + sum over mistakes of x x^T.
    v, A = np.zeros(d), np.eye(d) / a
    for x, label in zip(Z, y):
        f = score(v, np.linalg.solve(A + np.outer(x, x), x))
        mistakes += sgn(f) != label
        if label * f <= 0:
            v, A, updates = v + label * x, A + np.outer(x, x), updates + 1
    return np.linalg.solve(A, v), mistakes, updates


def cw(Z, y, p, diagonal):
    phi, libol = norm.ppf(p["cw-eta"]), p["form"] == "libol"
    d = Z.shape[1]
    w, mistakes, updates = np.zeros(d), 0, 0
    sigma = start(d, p["a"], diagonal)
    precision = None if diagonal or libol else np.eye(d) / p["a"]
    for x, label in zip(Z, y):
        f = score(w, x)
        mistakes += sgn(f) != label
        m = label * f
        if precision is not None:
            sigma = np.linalg.inv(precision)
        s = times(sigma, x, diagonal)
        v = x @ s
        if libol:  # CW.m
            if not phi * np.sqrt(v) - m > 0:
                continue
            psi, xi = 1 + phi**2 / 2, 1 + phi**2
            alpha = max(0.0, (-m * psi + np.sqrt(m**2 * phi**4 / 4 + v * phi**2 * xi)) / (v * xi))
            u = 0.25 * (-alpha * v * phi + np.sqrt(alpha**2 * v**2 * phi**2 + 4 * v)) ** 2
            beta = alpha * phi / (np.sqrt(u) + alpha * phi * v)
        else:  # the paper's variance form
            if not m < phi * v:
                continue
            b = 1 + 2 * phi * m
            alpha = max(0.0, (-b + np.sqrt(b**2 - 8 * phi * (m - phi * v))) / (4 * phi * v))
            beta = 2 * alpha * phi / (1 + 2 * alpha * phi * v)
        if alpha == 0:
            continue
        w, updates = w + alpha * label * s, updates + 1
        if precision is not None:
            precision = precision + 2 * alpha * phi * np.outer(x, x)
        else:
            sigma = shrink(sigma, s, beta, diagonal)
    return w, mistakes, updates


def iellip(Z, y, p, diagonal):
    b, c_t, libol = p["iellip-b"], p["iellip-c"], p["form"] == "libol"
    d = Z.shape[1]
    w, sigma, mistakes, updates = np.zeros(d), start(d, p["a"], diagonal), 0, 0
    for x, label in zip(Z, y):
        f = score(w, x)
        wrong = sgn(f) != label
        mistakes += wrong
        fires = wrong if libol else label * f <= 0
        s = times(sigma, x, diagonal)
        v = x @ s
        moved = fires and v != 0
        if moved:
            alpha = (1 - label * f) / np.sqrt(v)
            g = label * x / np.sqrt(v)
            sg = times(sigma, g, diagonal)
            w = w + alpha * sg
            sigma = shrink(sigma, sg, c_t, diagonal) / (1 - c_t)
            updates += 1
        if libol or moved:
            c_t = c_t * b
    return w, mistakes, updates


def narow(Z, y, p, diagonal):
    b = p["narow-b"]
    d = Z.shape[1]
    w, sigma, mistakes, updates = np.zeros(d), start(d, p["a"], diagonal), 0, 0
    for x, label in zip(Z, y):
        f = score(w, x)
        mistakes += sgn(f) != label
        m = label * f
        if not 1 - m > 0:
            continue
        s = times(sigma, x, diagonal)
        chi = x @ s
        r = chi / (b * chi - 1) if chi > 1 / b else np.inf
        beta = 1 / (chi + r)
        if beta == 0:
            continue
        alpha = max(0.0, 1 - m) * beta
        w, sigma, updates = w + alpha * label * s, shrink(sigma, s, beta, diagonal), updates + 1
    return w, mistakes, updates


def nherd(Z, y, p, diagonal):
    C = p["c"]
    d = Z.shape[1]
    w, sigma, mistakes, updates = np.zeros(d), start(d, p["a"], diagonal), 0, 0
    for x, label in zip(Z, y):
        f = score(w, x)
        mistakes += sgn(f) != label
        m = label * f
        if not 1 - m > 0:
            continue
        s = times(sigma, x, diagonal)
        v = x @ s
        alpha = max(0.0, 1 - m) / (v + 1 / C)
        factor = (C**2 * v + 2 * C) / (1 + C * v) ** 2  # the paper's full update
        w, sigma, updates = w + alpha * label * s, shrink(sigma, s, factor, diagonal), updates + 1
    return w, mistakes, updates


def run(algo, Z, y, p, diagonal):
    if algo == "alma":
        return alma(Z, y, p)
    if algo in ("romma", "aromma"):
        return romma(Z, y, p, algo == "aromma")
    if algo == "ogd":
        return ogd(Z, y, p)
    return {"sop": sop, "cw": cw, "iellip": iellip, "narow": narow, "nherd": nherd}[algo](Z, y, p, diagonal)


SECOND_ORDER = ("sop", "cw", "iellip", "narow", "nherd")

# (algorithm, settings): "form" is the learner's form setting.
GRID = [
    ("alma", {"form": "paper", "alma-alpha": 0.9, "alma-c": np.sqrt(2)}),
    ("alma", {"form": "libol", "alma-alpha": 0.9, "alma-c": np.sqrt(2)}),
    ("alma", {"form": "paper", "alma-alpha": 1.0, "alma-c": 0.5}),
    ("alma", {"form": "libol", "alma-alpha": 1.0, "alma-c": 0.5}),
    ("romma", {"form": "paper"}),
    ("romma", {"form": "libol"}),
    ("aromma", {"form": "paper"}),
    ("aromma", {"form": "libol"}),
    ("ogd", {"ogd-loss": "hinge", "lr": 1.0}),
    ("ogd", {"ogd-loss": "logistic", "lr": 1.0}),
    ("ogd", {"ogd-loss": "square", "lr": 0.05}),
    ("ogd", {"ogd-loss": "zero-one", "lr": 0.5}),
    ("sop", {"form": "paper", "a": 1.0}),
    ("sop", {"form": "libol", "a": 1.0}),
    ("sop", {"form": "paper", "a": 0.5}),
    ("cw", {"form": "paper", "cw-eta": 0.7, "a": 1.0}),
    ("cw", {"form": "libol", "cw-eta": 0.7, "a": 1.0}),
    ("cw", {"form": "paper", "cw-eta": 0.9, "a": 0.5}),
    ("iellip", {"form": "paper", "iellip-b": 0.3, "iellip-c": 0.1, "a": 1.0}),
    ("iellip", {"form": "libol", "iellip-b": 0.3, "iellip-c": 0.1, "a": 1.0}),
    ("iellip", {"form": "paper", "iellip-b": 0.9, "iellip-c": 0.5, "a": 2.0}),
    ("narow", {"narow-b": 1.0, "a": 1.0}),
    ("narow", {"narow-b": 0.2, "a": 1.0}),
    ("nherd", {"c": 1.0, "a": 1.0}),
    ("nherd", {"c": 0.1, "a": 0.5}),
]


def noisy():
    """400 samples in 5-D: a linear rule, Gaussian noise on the score, and
    15% of the labels flipped."""
    rng = np.random.default_rng(23)
    X = rng.normal(size=(400, 5)) * [1.0, 2.0, 0.5, 1.0, 3.0]
    score = X @ [1.0, -0.5, 2.0, 0.0, 0.3] + 0.4 + rng.normal(scale=0.8, size=400)
    y = np.where(score >= 0, 1.0, -1.0)
    y[rng.random(400) < 0.15] *= -1
    write_csv("libol_noisy.csv", X, np.where(y > 0, 1.0, 0.0))
    return X, y


def main():
    data = {"seed000_classification": read_csv("seed000_classification_train.csv")}
    data["seed000_classification"] = tuple(a[:600] for a in data["seed000_classification"])
    data["libol_noisy"] = noisy()
    a1a = os.path.join(SHARED, "a1a")
    if os.path.exists(a1a):
        data["a1a"] = read_libsvm(a1a, 600)
    cases = []
    for name, (X, y) in data.items():
        for algo, params in GRID:
            for bias in (True, False):
                for diagonal in (False, True) if algo in SECOND_ORDER else (False,):
                    Z = np.hstack([np.ones((len(y), 1)), X]) if bias else X
                    skip, w, mistakes, updates = run_untied(algo, Z, y, params, diagonal)
                    case = {"data": name, "algo": algo, "rows": len(y), "skip": skip,
                            "bias_mode": "augmented" if bias else "none"}
                    if algo in SECOND_ORDER:
                        case["covariance"] = "diagonal" if diagonal else "full"
                    case.update({k: float(v) if isinstance(v, float) else v for k, v in params.items()})
                    case.update({"weights": (w[1:] if bias else w).tolist(),
                                 "bias": float(w[0]) if bias else 0.0,
                                 "mistakes": int(mistakes), "updates": int(updates)})
                    cases.append(case)
    out = os.path.join(FIXTURES, "libol_reference.json")
    with open(out, "w") as f:
        f.write('{"generator": "scripts/reference/libol.py", "cases": [\n')
        f.write(",\n".join(json.dumps(c) for c in cases))
        f.write("\n]}\n")
    tied = [(c["data"], c["algo"], c.get("form", ""), c["bias_mode"], c["skip"]) for c in cases if c["skip"]]
    print(f"wrote {len(cases)} cases to {out}; {len(tied)} without the samples of a tie: {tied}")


if __name__ == "__main__":
    main()
