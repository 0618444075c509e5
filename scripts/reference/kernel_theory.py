#!/usr/bin/env python3
"""Writes tests/fixtures/kernel_theory_reference.json: the kernel theory
layer's comparators (src/theory/kernel/) computed by solvers independent
of ours, in the feature space of a Gaussian or a polynomial kernel.

The feature space is made explicit: the Gram matrix K = V diag(l) V^T
gives the features Phi = V sqrt(l) (eigenvalues below 1e-10 of the
largest dropped as rounding, so a rank-deficient polynomial kernel keeps
its true rank), with Phi Phi^T = K. Then, as scripts/reference/theory.py
does for the linear layer (its solvers are imported):

- separable: scipy.optimize.linprog (HiGHS) looks for u with y u.phi >= 1;
- the hard-margin function u* and gamma* = 1/|u*|: NNLS (least-distance
  programming) checked against SLSQP on the primal;
- the soft-margin minimisers of 1/2|u|^2 + C sum max(0, 1 - y u.phi) and
  of its squared form at C = 1 and 0.1: scikit-learn's LinearSVC on the
  features (no intercept: the kernel learners have no bias), checked
  against L-BFGS-B on the dual.

Each pair of solvers must agree to 1e-7, or the script stops.

    pip install -r scripts/reference/requirements.txt
    python3 scripts/reference/kernel_theory.py

tests/kernel_theory_reference.rs compares onlinelearn to 1e-6.
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from theory import solve_case, two_clouds, write_csv, write_reference  # noqa: E402


def xor_set():
    rng = np.random.default_rng(38)
    centres = np.array([[1, 1], [-1, -1], [1, -1], [-1, 1]], dtype=float)
    X = np.vstack([c + rng.normal(0, 0.3, (10, 2)) for c in centres])
    X = np.round(X, 6)
    y = np.where(X[:, 0] * X[:, 1] > 0, 1, -1)
    order = rng.permutation(len(X))
    return X[order], y[order]


def ring_set():
    rng = np.random.default_rng(39)
    X, y = [], []
    while len(X) < 40:
        x = rng.uniform(-1.2, 1.2, 2)
        r = np.linalg.norm(x)
        if r < 0.5 or r > 0.8:
            X.append(x)
            y.append(1 if r < 0.5 else -1)
    return np.round(np.array(X), 6), np.array(y)


def noisy_set():
    return two_clouds(40, [0.5, 0.3], [-0.3, -0.4], 0.6, 20)


def twins_set():
    """The noisy set with two of its points repeated under the other
    label: no function of any kernel separates it."""
    X, y = noisy_set()
    return np.vstack([X, X[:2]]), np.append(y, -y[:2])


def gram(X, kernel):
    if kernel["kind"] == "gaussian":
        d2 = ((X[:, None, :] - X[None, :, :]) ** 2).sum(-1)
        return np.exp(-d2 / (2 * kernel["sigma"] ** 2))
    return (kernel["offset"] + X @ X.T) ** kernel["degree"]


def features(K):
    values, vectors = np.linalg.eigh(K)
    keep = values > 1e-10 * values.max()
    Phi = vectors[:, keep] * np.sqrt(values[keep])
    assert np.max(np.abs(Phi @ Phi.T - K)) < 1e-9 * max(1, np.abs(K).max())
    return Phi


GAUSSIAN = {"kind": "gaussian", "sigma": 1.0}
NARROW = {"kind": "gaussian", "sigma": 0.5}
POLY = {"kind": "polynomial", "degree": 2, "offset": 1.0}


def cases():
    X, y = xor_set()
    xor = write_csv("kernel_theory_xor.csv", X, y), X, y
    X, y = ring_set()
    ring = write_csv("kernel_theory_ring.csv", X, y), X, y
    X, y = noisy_set()
    noisy = write_csv("kernel_theory_noisy.csv", X, y), X, y
    X, y = twins_set()
    twins = write_csv("kernel_theory_twins.csv", X, y), X, y
    yield xor, GAUSSIAN
    yield xor, POLY
    yield ring, POLY
    yield noisy, POLY
    yield noisy, NARROW
    yield twins, GAUSSIAN


def main():
    out = []
    for (name, X, y), kernel in cases():
        Phi = features(gram(X, kernel))
        Z = Phi * y[:, None]
        out.append(solve_case(name, "kernel", kernel, Z, Phi, y.astype(float), False,
                              keep_u=False))
    write_reference("scripts/reference/kernel_theory.py", "kernel_theory_reference.json", out)


if __name__ == "__main__":
    main()
