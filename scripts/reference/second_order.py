#!/usr/bin/env python3
"""Regenerates tests/fixtures/second_order_reference.json: AROW, SCW-I and
SCW-II transcribed from their papers' equations in NumPy, one pass in file
order, so tests/second_order_reference.rs can hold onlinelearn to them.

- AROW: Crammer, Kulesza & Dredze, "Adaptive Regularization of Weight
  Vectors", NIPS 2009, Fig. 1 (and its diagonal form, section 4).
- SCW-I / SCW-II: Wang, Zhao & Hoi, "Exact Soft Confidence-Weighted
  Learning", ICML 2012, Eqs. (9)-(10) and the SCW-II closed form; phi is
  scipy's norm.ppf(eta), independent of our own quantile.

Like LIBOL (AROW.m, SCW.m, SCW2.m): Sigma0 = a I, update only when the loss
is positive, predict +1 when the score is >= 0. The bias is a weight on a
constant 1 (first column of z) or absent.

    pip install -r scripts/reference/requirements.txt
    python3 scripts/reference/second_order.py
"""

import json
import os

import numpy as np
from scipy.stats import norm

from generate import read_libsvm_dicts

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "tests", "fixtures")
SHARED = os.path.join(ROOT, "..", "shared", "data")


def alpha_beta(rule, m, v, params):
    """(loss, alpha, beta) of one update, straight from the papers."""
    if rule == "arow":
        loss = max(0.0, 1.0 - m)
        beta = 1.0 / (v + params["r"])
        return loss, loss * beta, beta
    phi = norm.ppf(params["confidence"])
    C = params["c"]
    loss = max(0.0, phi * np.sqrt(v) - m)
    if loss == 0.0:
        return 0.0, 0.0, 0.0
    psi, zeta = 1.0 + phi**2 / 2.0, 1.0 + phi**2
    if rule == "scw1":
        alpha = (-m * psi + np.sqrt(m**2 * phi**4 / 4.0 + v * phi**2 * zeta)) / (v * zeta)
        alpha = min(C, max(0.0, alpha))
    else:
        n = v + 1.0 / (2.0 * C)
        gamma = phi * np.sqrt(phi**2 * m**2 * v**2 + 4.0 * n * v * (n + v * phi**2))
        alpha = max(0.0, (-(2.0 * m * n + phi**2 * m * v) + gamma) / (2.0 * (n**2 + n * v * phi**2)))
    u = 0.25 * (-alpha * v * phi + np.sqrt(alpha**2 * v**2 * phi**2 + 4.0 * v)) ** 2
    beta = alpha * phi / (np.sqrt(u) + v * alpha * phi)
    return loss, alpha, beta


def run(rule, X, y, params, bias, diagonal):
    n, d = X.shape
    Z = np.hstack([np.ones((n, 1)), X]) if bias else X
    mu = np.zeros(Z.shape[1])
    a = params["a"]
    sigma = np.full(Z.shape[1], a) if diagonal else a * np.eye(Z.shape[1])
    mistakes = 0
    for z, label in zip(Z, y):
        f = mu @ z
        if (1.0 if f >= 0 else -1.0) != label:
            mistakes += 1
        m = label * f
        sz = sigma * z if diagonal else sigma @ z
        v = z @ sz
        loss, alpha, beta = alpha_beta(rule, m, v, params)
        if loss > 0.0 and alpha != 0.0:
            mu = mu + alpha * label * sz
            sigma = sigma - beta * sz * sz if diagonal else sigma - beta * np.outer(sz, sz)
    weights = mu[1:] if bias else mu
    return {
        "weights": weights.tolist(),
        "bias": float(mu[0]) if bias else 0.0,
        "mistakes": mistakes,
    }


def read_csv(name):
    data = np.loadtxt(os.path.join(FIXTURES, name), delimiter=",")
    return data[:, :-1], np.where(data[:, -1] > 0, 1.0, -1.0)


def read_libsvm(path, limit):
    """The first `limit` rows of a LIBSVM file as a dense array (generate.py
    reads the file; its dicts are written out densely here)."""
    rows, labels = read_libsvm_dicts(path)
    rows, labels = rows[:limit], labels[:limit]
    X = np.zeros((len(rows), max(max(r) for r in rows) + 1))
    for i, r in enumerate(rows):
        for k, v in r.items():
            X[i, k] = v
    return X, np.array(labels, dtype=float)


def main():
    cases = []
    data = {"seed000_classification": read_csv("seed000_classification_train.csv")}
    a1a = os.path.join(SHARED, "a1a")
    if os.path.exists(a1a):
        data["a1a"] = read_libsvm(a1a, 600)
    grid = [
        ("arow", {"r": 1.0, "a": 1.0}),
        ("arow", {"r": 0.1, "a": 0.5}),
        ("scw1", {"c": 1.0, "confidence": 0.75, "a": 1.0}),
        ("scw1", {"c": 0.05, "confidence": 0.9, "a": 1.0}),
        ("scw2", {"c": 1.0, "confidence": 0.9, "a": 1.0}),
        ("scw2", {"c": 0.1, "confidence": 0.75, "a": 2.0}),
    ]
    for name, (X, y) in data.items():
        for rule, params in grid:
            for bias in (True, False):
                for diagonal in (False, True):
                    case = {"data": name, "algo": rule, "bias_mode": "augmented" if bias else "none",
                            "covariance": "diagonal" if diagonal else "full", "rows": len(y), **params}
                    case.update(run(rule, X, y, params, bias, diagonal))
                    cases.append(case)
    out = os.path.join(FIXTURES, "second_order_reference.json")
    with open(out, "w") as f:
        json.dump({"generator": "scripts/reference/second_order.py", "cases": cases}, f, indent=1)
    print(f"wrote {len(cases)} cases to {out}")


if __name__ == "__main__":
    main()
