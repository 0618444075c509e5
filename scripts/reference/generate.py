#!/usr/bin/env python3
"""Regenerates tests/fixtures/reference.json and the data it refers to.

The numbers come from the libraries our learners must agree with:
river.linear_model.PAClassifier / PARegressor, scikit-learn's SGD-based
passive-aggressive and perceptron learners (the replacements for the
deprecated PassiveAggressiveClassifier/Regressor, identical inner loop), and
seed 000's own numpy loop. Every run processes the samples once, in file
order, with no shuffling.

    pip install -r scripts/reference/requirements.txt
    python3 scripts/reference/generate.py

tests/reference.rs replays every case with onlinelearn and compares.
"""

import json
import os
import warnings

import numpy as np
import river
import sklearn
from river import linear_model as river_linear
from sklearn import datasets
from sklearn.linear_model import SGDClassifier, SGDRegressor
from sklearn.model_selection import train_test_split

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "tests", "fixtures")
SHARED = os.path.join(ROOT, "..", "shared", "data")
MODES = {0: "pa", 1: "pa1", 2: "pa2"}


def write_csv(name, X, y):
    """Full-precision CSV (repr round-trips every double), label last."""
    path = os.path.join(FIXTURES, name)
    with open(path, "w") as f:
        for row, label in zip(X, y):
            f.write(",".join(repr(float(v)) for v in row) + "," + repr(float(label)) + "\n")
    return name


def seed000_classification():
    # Seed 000's data, exactly as its code draws it.
    np.random.seed(1000)
    X, Y = datasets.make_classification(
        n_samples=5000, n_features=4, n_informative=2, n_redundant=0,
        n_repeated=0, n_classes=2, n_clusters_per_class=2)
    return train_test_split(X, Y, test_size=0.35, random_state=1000)


def seed000_regression():
    np.random.seed(1000)
    return datasets.make_regression(n_samples=500, n_features=4)


def read_libsvm_dicts(path):
    rows, labels = [], []
    with open(path) as f:
        for line in f:
            parts = line.split()
            if not parts:
                continue
            labels.append(1 if float(parts[0]) > 0 else -1)
            rows.append({int(k) - 1: float(v) for k, v in (p.split(":") for p in parts[1:])})
    return rows, labels


def score_of(model, x):
    return sum(model.weights.get(i, 0.0) * v for i, v in x.items()) + model.intercept


def river_classifier_case(data_name, X, y_pm, mode, C, intercept):
    """Runs River; counts mistakes with our convention (score >= 0 predicts +1)."""
    model = river_linear.PAClassifier(C=C, mode=mode, learn_intercept=intercept)
    mistakes = 0
    n_features = 0
    for x, label in zip(X, y_pm):
        xd = x if isinstance(x, dict) else dict(enumerate(x))
        n_features = max(n_features, max(xd, default=-1) + 1)
        score = score_of(model, xd)
        mistakes += int((1 if score >= 0 else -1) != label)
        model.learn_one(xd, label == 1)
    weights = [float(model.weights.get(i, 0.0)) for i in range(n_features)]
    return {
        "library": f"river {river.__version__}", "data": data_name, "task": "classification",
        "algo": MODES[mode], "c": C, "bias": "decoupled" if intercept else "none",
        "weights": weights, "intercept": float(model.intercept), "mistakes": mistakes,
    }


def river_regressor_case(data_name, X, y, mode, C, eps, intercept):
    model = river_linear.PARegressor(C=C, mode=mode, eps=eps, learn_intercept=intercept)
    abs_sum = sq_sum = 0.0
    for x, target in zip(X, y):
        xd = dict(enumerate(x))
        err = target - model.predict_one(xd)
        abs_sum += abs(err)
        sq_sum += err * err
        model.learn_one(xd, target)
    n = len(y)
    return {
        "library": f"river {river.__version__}", "data": data_name, "task": "regression",
        "algo": MODES[mode], "c": C, "eps": eps, "bias": "decoupled" if intercept else "none",
        "weights": [float(model.weights.get(i, 0.0)) for i in range(X.shape[1])],
        "intercept": float(model.intercept), "mae": float(abs_sum / n), "mse": float(sq_sum / n),
    }


def sklearn_classifier_case(data_name, X, y01, algo, C, intercept, average=False):
    if algo in ("perceptron", "averaged-perceptron"):
        model = SGDClassifier(loss="perceptron", penalty=None, learning_rate="constant",
                              eta0=C, fit_intercept=intercept, shuffle=False, average=average)
    else:
        model = SGDClassifier(loss="hinge", penalty=None, learning_rate=algo, eta0=C,
                              fit_intercept=intercept, shuffle=False)
    model.partial_fit(X, y01, classes=np.array([0, 1]))
    case = {
        "library": f"scikit-learn {sklearn.__version__}", "data": data_name, "task": "classification",
        "algo": algo, "bias": "decoupled" if intercept else "none",
        "weights": model.coef_[0].tolist(), "intercept": float(model.intercept_[0]),
    }
    case["lr" if "perceptron" in algo else "c"] = C
    return case


def sklearn_regressor_case(data_name, X, y, algo, C, eps, intercept):
    model = SGDRegressor(loss="epsilon_insensitive", epsilon=eps, penalty=None,
                         learning_rate=algo, eta0=C, fit_intercept=intercept, shuffle=False)
    model.partial_fit(X, y)
    return {
        "library": f"scikit-learn {sklearn.__version__}", "data": data_name, "task": "regression",
        "algo": algo, "c": C, "eps": eps, "bias": "decoupled" if intercept else "none",
        "weights": model.coef_.tolist(), "intercept": float(model.intercept_[0]),
    }


def seed000_numpy_cases(X_train, Y_train, X_test, Y_test, Xr, Yr):
    """Seed 000's own loops, verbatim but for names."""
    Y_train = np.where(Y_train == 0, -1, 1)
    Y_test = np.where(Y_test == 0, -1, 1)
    C, w = 0.01, np.zeros((X_train.shape[1], 1))
    for i in range(X_train.shape[0]):
        xi = X_train[i].reshape((X_train.shape[1], 1))
        loss = max(0, 1 - (Y_train[i] * np.dot(w.T, xi)))
        tau = loss / (np.power(np.linalg.norm(xi, ord=2), 2) + (1 / (2 * C)))
        w += tau * Y_train[i] * xi
    Y_pred = np.sign(np.dot(w.T, X_test.T))
    accuracy = 1 - float(np.count_nonzero(Y_pred - Y_test)) / X_test.shape[0]
    classification = {
        "library": "seed 000 numpy loop", "data": "seed000_classification", "task": "classification",
        "algo": "pa2", "c": C, "bias": "none", "weights": w[:, 0].tolist(), "intercept": 0.0,
        "test_accuracy": accuracy,
    }
    C, eps, w, errors = 0.01, 0.1, np.zeros((Xr.shape[1], 1)), []
    for i in range(Xr.shape[0]):
        xi = Xr[i].reshape((Xr.shape[1], 1))
        yi = np.dot(w.T, xi)
        loss = max(0, np.abs(yi - Yr[i]) - eps)
        tau = loss / (np.power(np.linalg.norm(xi, ord=2), 2) + (1 / (2 * C)))
        w += tau * np.sign(Yr[i] - yi) * xi
        errors.append(np.abs(Yr[i] - yi)[0, 0])
    regression = {
        "library": "seed 000 numpy loop", "data": "seed000_regression", "task": "regression",
        "algo": "pa2", "c": C, "eps": eps, "bias": "none", "weights": w[:, 0].tolist(),
        "intercept": 0.0, "mae": float(np.mean(errors)),
    }
    return [classification, regression]


def main():
    warnings.simplefilter("ignore", FutureWarning)
    os.makedirs(FIXTURES, exist_ok=True)
    X_train, X_test, Y_train, Y_test = seed000_classification()
    write_csv("seed000_classification_train.csv", X_train, Y_train)
    write_csv("seed000_classification_test.csv", X_test, Y_test)
    Xr, Yr = seed000_regression()
    write_csv("seed000_regression.csv", Xr, Yr)
    y_pm = np.where(Y_train == 1, 1, -1)

    cases = seed000_numpy_cases(X_train, Y_train, X_test, Y_test, Xr, Yr)
    for mode in (0, 1, 2):
        for C in (0.01, 1.0):
            for intercept in (False, True):
                cases.append(river_classifier_case("seed000_classification", X_train, y_pm, mode, C, intercept))
                cases.append(river_regressor_case("seed000_regression", Xr, Yr, mode, C, 0.1, intercept))
    for algo in ("pa1", "pa2"):
        for C in (0.01, 1.0):
            for intercept in (False, True):
                cases.append(sklearn_classifier_case("seed000_classification", X_train, Y_train, algo, C, intercept))
                cases.append(sklearn_regressor_case("seed000_regression", Xr, Yr, algo, C, 0.1, intercept))
    for eta in (1.0, 0.1):
        for average in (False, True):
            algo = "averaged-perceptron" if average else "perceptron"
            cases.append(sklearn_classifier_case("seed000_classification", X_train, Y_train, algo, eta, True, average))

    # Sparse LIBSVM data, in River's sparse dict form.
    rows, labels = read_libsvm_dicts(os.path.join(SHARED, "a1a"))
    for mode in (1, 2):
        cases.append(river_classifier_case("a1a", rows, labels, mode, 0.1, True))

    out = {
        "generated_by": "scripts/reference/generate.py",
        "versions": {"river": river.__version__, "scikit-learn": sklearn.__version__, "numpy": np.__version__},
        "cases": cases,
    }
    with open(os.path.join(FIXTURES, "reference.json"), "w") as f:
        json.dump(out, f, indent=1)
    print(f"wrote {len(cases)} cases to tests/fixtures/reference.json")


if __name__ == "__main__":
    main()
