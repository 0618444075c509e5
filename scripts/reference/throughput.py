#!/usr/bin/env python3
"""Learn throughput of scikit-learn and River on the data our criterion
benchmark uses, for the README's comparison (run by `cargo xtask bench`).

One pass, samples in order, PA-I with C = 0.1 and a decoupled intercept
(the libraries' convention). scikit-learn runs its Cython loop through
SGDClassifier.partial_fit on a dense float64 array (time includes only that
call); River runs learn_one per sample on dicts prepared in advance.

    python3 scripts/reference/throughput.py path/to/onlinelearn
"""

import subprocess
import sys
import time
import warnings

import os

import numpy as np
from river import linear_model as river_linear
from sklearn.datasets import load_svmlight_file
from sklearn.linear_model import SGDClassifier


def stream(binary, preset, n):
    out = subprocess.run([binary, "stream", "--preset", preset, "--n", str(n), "--seed", "1"],
                         check=True, capture_output=True, text=True).stdout
    data = np.loadtxt(out.splitlines()[1:], delimiter=",")
    return data[:, :-1], data[:, -1]


def best_of(runs, fn):
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def sklearn_rate(X, y):
    def run():
        SGDClassifier(loss="hinge", penalty=None, learning_rate="pa1", eta0=0.1,
                      shuffle=False).partial_fit(X, y, classes=np.array([-1.0, 1.0]))
    return len(y) / best_of(5, run)


def river_rate(X, y, n=20000):
    if hasattr(X, "tocsr"):
        X = X.tocsr()
        rows = [dict(zip(X[i].indices, X[i].data)) for i in range(min(n, X.shape[0]))]
    else:
        rows = [dict(enumerate(x)) for x in X[:n]]
    labels = [bool(v > 0) for v in y[:n]]

    def run():
        model = river_linear.PAClassifier(C=0.1, mode=1)
        for x, label in zip(rows, labels):
            model.learn_one(x, label)
    return len(rows) / best_of(3, run)


def main():
    warnings.simplefilter("ignore")
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/onlinelearn"
    print(f"{'data':<24} {'scikit-learn PA-I':>20} {'River PA-I':>16}")
    for preset in ("separable", "noisy-labels", "overlapping"):
        X, y = stream(binary, preset, 200_000)
        print(f"{'dense-2d/' + preset:<24} {sklearn_rate(X, y) / 1e6:>13.2f} M/s {river_rate(X, y) / 1e6:>11.3f} M/s")
    a9a = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "data", "a9a")
    if os.path.exists(a9a):
        # scikit-learn's sparse path (CSR input), as its users would call it.
        X, y = load_svmlight_file(a9a, n_features=123)
        X.indices, X.indptr = X.indices.astype(np.int32), X.indptr.astype(np.int32)
        print(f"{'a9a (sparse)':<24} {sklearn_rate(X, y) / 1e6:>13.2f} M/s {river_rate(X, y) / 1e6:>11.3f} M/s")


if __name__ == "__main__":
    main()
