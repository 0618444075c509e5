#!/usr/bin/env python3
"""Writes tests/fixtures/theory_reference.json: the theory layer's
comparators computed by solvers independent of ours.

For each data set (a separable and an overlapping 2-D set, and the first
120 rows of a1a, sparse) and each bias form (augmented: the constant 1 is
a coordinate of x and its weight is regularised; none: through the origin):

- separable: scipy.optimize.linprog (HiGHS) looks for u with y u.x >= 1;
- the hard-margin separator u* (shortest u with y u.x >= 1) and
  gamma* = 1/|u*|: Lawson & Hanson's least-distance programming through
  NNLS (scipy.optimize.nnls, an active-set method that ends exactly),
  checked against SLSQP on the primal;
- the soft-margin minimisers of 1/2|u|^2 + C sum max(0, 1 - y u.x) and of
  its squared form, at C = 1 and C = 0.1: scikit-learn's LinearSVC
  (liblinear; fit_intercept with intercept_scaling 1 is exactly the
  augmented form), checked against L-BFGS-B on the dual.

Each pair of solvers must agree to 1e-7, or the script stops.

    pip install -r scripts/reference/requirements.txt
    python3 scripts/reference/theory.py

tests/theory_reference.rs compares onlinelearn's theory layer to 1e-6.
"""

import json
import os
import warnings

import numpy as np
import scipy
import sklearn
from scipy.optimize import linprog, minimize, nnls
from sklearn.svm import LinearSVC

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "tests", "fixtures")
SHARED = os.path.join(ROOT, "..", "shared", "data")
AGREE = 1e-7


def write_csv(name, X, y):
    with open(os.path.join(FIXTURES, name), "w") as f:
        f.write("x1,x2,y\n")
        for row, label in zip(X, y):
            f.write(",".join(repr(float(v)) for v in row) + "," + repr(int(label)) + "\n")
    return name


def separable_set():
    # A boundary through the origin with a gap of 0.1: separable with and
    # without a bias.
    rng = np.random.default_rng(21)
    w = np.array([0.6, -0.8])
    X = []
    while len(X) < 60:
        x = rng.uniform(-1, 1, 2)
        if abs(x @ w) >= 0.1:
            X.append(x)
    X = np.round(np.array(X), 6)
    y = np.where(X @ w > 0, 1, -1)
    return X, y


def two_clouds(seed, positive, negative, spread, n):
    """n Gaussian points about each centre (labels +1 and -1), rounded to
    six places and shuffled: the overlapping set here, the kernel
    script's noisy one."""
    rng = np.random.default_rng(seed)
    a = rng.normal(positive, spread, (n, 2))
    b = rng.normal(negative, spread, (n, 2))
    X = np.round(np.vstack([a, b]), 6)
    y = np.array([1] * n + [-1] * n)
    order = rng.permutation(2 * n)
    return X[order], y[order]


def overlapping_set():
    return two_clouds(22, [0.6, 0.3], [-0.2, -0.4], 0.5, 40)


def sparse_set(rows=120):
    """The first rows of a1a, written out as a LIBSVM file of its own."""
    path = os.path.join(SHARED, "a1a")
    lines = open(path).read().splitlines()[:rows]
    name = "theory_sparse.svm"
    with open(os.path.join(FIXTURES, name), "w") as f:
        f.write("\n".join(lines) + "\n")
    X = np.zeros((rows, 123))
    y = np.zeros(rows)
    for r, line in enumerate(lines):
        parts = line.split()
        y[r] = 1 if float(parts[0]) > 0 else -1
        for item in parts[1:]:
            i, v = item.split(":")
            X[r, int(i) - 1] = float(v)
    return name, X, y


def augment(X, bias):
    return np.hstack([X, np.ones((len(X), 1))]) if bias else X


def is_separable(Z):
    n, d = Z.shape
    res = linprog(np.zeros(d), A_ub=-Z, b_ub=-np.ones(n), bounds=[(None, None)] * d, method="highs")
    assert res.status in (0, 2), res.message
    return res.status == 0


def hard_margin(Z):
    """LDP: min |u| s.t. Z u >= 1, by NNLS on E = [Z^T; 1^T], f = e_{d+1}."""
    n, d = Z.shape
    E = np.vstack([Z.T, np.ones((1, n))])
    f = np.zeros(d + 1)
    f[-1] = 1.0
    alpha, _ = nnls(E, f, maxiter=100 * n)
    r = E @ alpha - f
    u = -r[:d] / r[d]
    # SLSQP on the primal, from the NNLS answer nudged away.
    res = minimize(lambda v: 0.5 * v @ v, u * 1.01, jac=lambda v: v,
                   constraints=[{"type": "ineq", "fun": lambda v: Z @ v - 1, "jac": lambda v: Z}],
                   method="SLSQP", options={"ftol": 1e-16, "maxiter": 1000})
    assert np.max(np.abs(res.x - u)) < AGREE * max(1, np.max(np.abs(u))), (res.x, u)
    assert np.min(Z @ u) > 1 - 1e-9
    return u


def polish(alpha, H, upper):
    """Exact KKT on L-BFGS-B's active set: the free multipliers solve
    H_FF a_F = 1 - H_FB a_B; repeated while the set changes."""
    upper = np.inf if upper is None else upper
    for _ in range(20):
        scale = 1e-9 * max(1.0, alpha.max())
        free = (alpha > scale) & (alpha < upper - scale)
        fixed = ~free
        a = alpha.copy()
        a[fixed] = np.where(alpha[fixed] >= upper - scale, upper, 0.0)
        if free.any():
            rhs = 1 - H[np.ix_(free, fixed)] @ a[fixed]
            a[free] = np.linalg.lstsq(H[np.ix_(free, free)], rhs, rcond=None)[0]
        a = np.clip(a, 0, upper)
        if np.array_equal(a > scale, alpha > scale) and np.allclose(a, alpha, atol=1e-15):
            return a
        alpha = a
    return alpha


def soft(Z_X, y, bias, C, loss):
    """LinearSVC, and L-BFGS-B on the dual as a check; returns (value, u)."""
    warnings.simplefilter("ignore")
    model = LinearSVC(loss=loss, dual=True, C=C, fit_intercept=bias, intercept_scaling=1.0,
                      tol=1e-10, max_iter=10**6, random_state=0).fit(Z_X, y)
    u = np.append(model.coef_.ravel(), model.intercept_) if bias else model.coef_.ravel()
    Z = augment(Z_X, bias) * y[:, None]
    Q = Z @ Z.T
    if loss == "hinge":
        bounds, D = [(0, C)] * len(y), 0.0
    else:
        bounds, D = [(0, None)] * len(y), 0.5 / C
    H = Q + D * np.eye(len(y))
    res = minimize(lambda a: 0.5 * a @ H @ a - a.sum(), np.zeros(len(y)), jac=lambda a: H @ a - 1,
                   bounds=bounds, method="L-BFGS-B",
                   options={"ftol": 1e-20, "gtol": 1e-13, "maxiter": 100000, "maxfun": 10**6})
    u_dual = Z.T @ polish(res.x, H, bounds[0][1])

    def primal(v):
        h = np.maximum(0, 1 - Z @ v)
        return 0.5 * v @ v + C * np.sum(h if loss == "hinge" else h * h)

    p, p_dual = primal(u), primal(u_dual)
    assert abs(p - p_dual) < AGREE * max(1, p), (p, p_dual)
    assert np.max(np.abs(u - u_dual)) < 1e-6 * max(1, np.max(np.abs(u))), (u, u_dual)
    return (p, u) if p <= p_dual else (p_dual, u_dual)


def cases():
    X, y = separable_set()
    yield write_csv("theory_separable.csv", X, y), X, y
    X, y = overlapping_set()
    yield write_csv("theory_overlapping.csv", X, y), X, y
    yield sparse_set()


def solve_case(name, key, form, Z, X, y, bias, keep_u):
    """The case of data set `name` in `form` (its bias form or kernel,
    under `key`): separability, gamma* (and u* when `keep_u`) and the
    soft-margin minima at C = 1 and 0.1 of the samples Z = y x (X and y
    as `soft` takes them), with a line printed. The kernel script solves
    its cases with it too."""
    case = {"data": name, key: form, "separable": is_separable(Z)}
    if case["separable"]:
        u = hard_margin(Z)
        case["margin"] = 1.0 / np.linalg.norm(u)
        if keep_u:
            case["hard_margin_u"] = u.tolist()
    for loss in ["hinge", "squared_hinge"]:
        case[loss] = []
        for C in [1.0, 0.1]:
            value, u = soft(X, y, bias, C, loss)
            minimum = {"c": C, "value": value}
            if keep_u:
                minimum["u"] = u.tolist()
            case[loss].append(minimum)
    print(name, form, "separable" if case["separable"] else "not separable",
          "margin %.6g" % case.get("margin", float("nan")))
    return case


def write_reference(generator, fixture, cases):
    """tests/fixtures/`fixture`: the cases, with the script and the
    library versions that computed them."""
    doc = {
        "generator": generator,
        "libraries": {"scikit-learn": sklearn.__version__, "scipy": scipy.__version__,
                      "numpy": np.__version__},
        "cases": cases,
    }
    with open(os.path.join(FIXTURES, fixture), "w") as f:
        json.dump(doc, f, indent=1)


def main():
    out = []
    for name, X, y in cases():
        for bias in ["augmented", "none"]:
            has_bias = bias == "augmented"
            Z = augment(X, has_bias) * y[:, None]
            out.append(solve_case(name, "bias", bias, Z, X, y, has_bias, keep_u=True))
    write_reference("scripts/reference/theory.py", "theory_reference.json", out)


if __name__ == "__main__":
    main()
