#!/usr/bin/env python3
"""Regenerates tests/fixtures/multiclass_reference.json and its data.

- one-vs-rest: scikit-learn's SGDClassifier(loss="hinge",
  learning_rate="pa1" or "pa2", eta0=C, penalty=None, shuffle=False,
  max_iter=1, tol=None), which trains one binary PA per class; with
  fit_intercept=False it is our --bias none, with True our --bias decoupled.
- crammer-singer: a NumPy transcription of the multiclass PA of Crammer et
  al. 2006, section 7, as LIBOL's M_PA.m, M_PA1.m and M_PA2.m state it (no
  bias; ties to the lowest class index, as MATLAB's max).

The data: four classes in six features (make_classification, seed 7),
labelled 1, 11, 21, 31 so that the class index comes from sorting, written
as CSV and as LIBSVM (the same numbers).

    pip install -r scripts/reference/requirements.txt
    python3 scripts/reference/multiclass.py
"""

import json
import os
import warnings

import numpy as np
from sklearn.datasets import make_classification
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import SGDClassifier

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "tests", "fixtures")
LABELS = np.array([1, 11, 21, 31])


def write(name, X, y):
    with open(os.path.join(FIXTURES, name + ".csv"), "w") as f:
        for row, label in zip(X, y):
            f.write(",".join(repr(float(v)) for v in row) + f",{label}\n")
    with open(os.path.join(FIXTURES, name + ".svm"), "w") as f:
        for row, label in zip(X, y):
            f.write(f"{label} " + " ".join(f"{i + 1}:{float(v)!r}" for i, v in enumerate(row) if v != 0) + "\n")


def ovr_case(X, y, Xt, yt, rate, C, intercept):
    model = SGDClassifier(loss="hinge", learning_rate=rate, eta0=C, penalty=None,
                          fit_intercept=intercept, shuffle=False, max_iter=1, tol=None)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model.fit(X, y)
    return {
        "algo": {"pa1": "pa1", "pa2": "pa2"}[rate], "multiclass": "one-vs-rest", "c": C,
        "bias": "decoupled" if intercept else "none",
        "classes": model.classes_.tolist(),
        "weights": model.coef_.tolist(), "intercepts": model.intercept_.tolist(),
        "test_accuracy": float((model.predict(Xt) == yt).mean()),
        "source": f"scikit-learn SGDClassifier(learning_rate={rate!r}, fit_intercept={intercept})",
    }


def crammer_singer_case(X, y, Xt, yt, algo, C):
    classes = np.unique(y)
    index = {c: k for k, c in enumerate(classes)}
    W = np.zeros((len(classes), X.shape[1]))
    mistakes = 0
    for x, label in zip(X, y):
        F = W @ x
        t = index[label]
        if int(np.argmax(F)) != t:
            mistakes += 1
        Fs = F.copy()
        Fs[t] = -np.inf
        s = int(np.argmax(Fs))
        loss = max(0.0, 1.0 - (F[t] - F[s]))
        if loss > 0:
            sq = 2.0 * (x @ x)
            tau = {"pa": loss / sq, "pa1": min(C, loss / sq), "pa2": loss / (sq + 1.0 / (2.0 * C))}[algo]
            W[t] += tau * x
            W[s] -= tau * x
    predicted = classes[np.argmax(Xt @ W.T, axis=1)]
    return {
        "algo": algo, "multiclass": "crammer-singer", "c": C, "bias": "none",
        "classes": classes.tolist(), "weights": W.tolist(), "intercepts": [0.0] * len(classes),
        "mistakes": mistakes, "test_accuracy": float((predicted == yt).mean()),
        "source": "NumPy transcription of LIBOL's M_PA*.m",
    }


def main():
    X, y = make_classification(n_samples=1200, n_features=6, n_informative=4, n_redundant=0,
                               n_classes=4, n_clusters_per_class=1, random_state=7)
    y = LABELS[y]
    X_train, y_train, X_test, y_test = X[:900], y[:900], X[900:], y[900:]
    write("multiclass_train", X_train, y_train)
    write("multiclass_test", X_test, y_test)
    cases = []
    for rate in ("pa1", "pa2"):
        for C in (0.1, 1.0):
            for intercept in (False, True):
                cases.append(ovr_case(X_train, y_train, X_test, y_test, rate, C, intercept))
    for algo in ("pa", "pa1", "pa2"):
        for C in (0.05, 1.0):
            cases.append(crammer_singer_case(X_train, y_train, X_test, y_test, algo, C))
    out = os.path.join(FIXTURES, "multiclass_reference.json")
    with open(out, "w") as f:
        json.dump({"generator": "scripts/reference/multiclass.py", "cases": cases}, f, indent=1)
    print(f"wrote {len(cases)} cases to {out}")


if __name__ == "__main__":
    main()
