#!/usr/bin/env python3
"""Regenerates tests/fixtures/multiclass_reference.json and its data.

- one-vs-rest: scikit-learn's SGDClassifier(loss="hinge",
  learning_rate="pa1" or "pa2", eta0=C, penalty=None, shuffle=False,
  max_iter=1, tol=None), which trains one binary PA per class; with
  fit_intercept=False it is our --bias none, with True our --bias decoupled.
- crammer-singer: a NumPy transcription of the multiclass PA of Crammer et
  al. 2006, section 7, as LIBOL's M_PA.m, M_PA1.m and M_PA2.m state it (no
  bias; ties to the lowest class index, as MATLAB's max).
- the multiclass perceptron (crammer-singer, crammer-singer-uniform,
  crammer-singer-proportional with the perceptron): Crammer & Singer 2003's
  max, uniform and proportional updates in two forms. "libol": LIBOL's
  M_PerceptronM.m, M_PerceptronU.m and M_PerceptronS.m line by line (rows
  move only when argmax != y; E = {i : F_i > F_y}, strict; S's divisor
  sum(F(E)) - |E| F_y). "paper": E = {r != y : F_r >= F_y} as LIBOL's manual
  (section 3.1.1, Algorithm 14, p. 23) writes the paper's, the rows moving
  whenever E is not empty (our reading of the paper's family, whose text
  could not be opened: see src/multiclass/ultraconservative.rs; the manual
  moves them when argmax != y), tau_y = 1 and the max, uniform or
  proportional tau_r; where every r of E ties with y the proportional tau is
  0/0, and ours takes the uniform -1/|E| (see src/multiclass/ultraconservative.rs).
  Without a bias, and with one (a constant 1 feature, our --bias augmented).
- banditron: Kakade, Shalev-Shwartz & Tewari, ICML 2008, Algorithm 1
  (p. 442), line by line: W = 0, y_hat = argmax_r (W x)_r, P(r) =
  (1 - gamma) 1[r = y_hat] + gamma/k, the guess y_tilde ~ P is predicted,
  and W_r += x (1[y = y_tilde] 1[y_tilde = r] / P(r) - 1[y_hat = r]).
  "mistakes" is the paper's M, the guesses with y_tilde != y (Theorem 1;
  DOGMA's banditron_multi_train.m counts the same), "top_mistakes" its M-hat,
  y_hat != y. The paper samples y_tilde "according to P"; the draw is
  DOGMA's: the first r with u < P(1) + ... + P(r). It takes the
  Rust's uniform draws u: relatives.py's port of xoshiro256** seeded by
  SplitMix64 and rand's f64, so the guesses match draw for draw; the
  fixture keeps the draws, and tests/multiclass_reference.rs checks that
  the Rust's generator gives them.

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

from relatives import uniforms

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


def zero_rows(X, y, bias):
    """The classes (sorted: a label's row is its place), each label's row,
    X with the bias column when `bias`, and W = 0, a row per class."""
    classes = np.unique(y)
    index = {c: k for k, c in enumerate(classes)}
    Z = augment(X, bias)
    return classes, index, Z, np.zeros((len(classes), Z.shape[1]))


def crammer_singer_case(X, y, Xt, yt, algo, C):
    classes, index, X, W = zero_rows(X, y, False)
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


def augment(X, bias):
    return np.hstack([X, np.ones((len(X), 1))]) if bias else X


def rows_case(W, classes, Xt, yt, bias):
    """The weights, intercepts and test accuracy of K rows over x (and a 1)."""
    predicted = classes[np.argmax(augment(Xt, bias) @ W.T, axis=1)]
    weights, intercepts = (W[:, :-1], W[:, -1]) if bias else (W, np.zeros(len(W)))
    return {"weights": weights.tolist(), "intercepts": intercepts.tolist(),
            "test_accuracy": float((predicted == yt).mean())}


MULTICLASS = {"max": "crammer-singer", "uniform": "crammer-singer-uniform",
              "proportional": "crammer-singer-proportional"}


def perceptron_case(X, y, Xt, yt, update, form, bias):
    classes, index, Z, W = zero_rows(X, y, bias)
    k = len(classes)
    mistakes = updates = 0
    for x, label in zip(Z, y):
        F = W @ x
        t = index[label]
        hat = int(np.argmax(F))
        mistakes += hat != t
        if form == "libol":
            # M_PerceptronM.m, M_PerceptronU.m, M_PerceptronS.m
            if hat != t:
                updates += 1
                new = W.copy()
                new[t] = W[t] + x
                if update == "max":
                    Fs = F.copy()
                    Fs[t] = -np.inf
                    s = int(np.argmax(Fs))
                    new[s] = W[s] - x
                else:
                    E = [i for i in range(k) if F[i] > F[t]]
                    if update == "uniform":
                        for s in E:
                            new[s] = W[s] - (1 / len(E)) * x
                    elif E:
                        denominator = sum(F[i] for i in E) - len(E) * F[t]
                        for s in E:
                            new[s] = W[s] - ((F[s] - F[t]) / denominator) * x
                W = new
        else:
            E = [r for r in range(k) if r != t and F[r] >= F[t]]
            if E:
                updates += 1
                tau = np.zeros(k)
                tau[t] = 1.0
                if update == "max":
                    Fs = F.copy()
                    Fs[t] = -np.inf
                    tau[int(np.argmax(Fs))] = -1.0
                else:
                    total = sum(max(F[r] - F[t], 0.0) for r in E)
                    for r in E:
                        if update == "proportional" and total > 0:
                            tau[r] = -((F[r] - F[t]) / total)
                        else:
                            tau[r] = -(1.0 / len(E))
                W = W + tau[:, None] * x
    case = {"algo": "perceptron", "multiclass": MULTICLASS[update], "crammer-singer-form": form,
            "bias": "augmented" if bias else "none", "classes": classes.tolist(),
            "mistakes": int(mistakes), "updates": int(updates),
            "source": f"NumPy transcription of the {update} update ({'LIBOL code' if form == 'libol' else 'paper'})"}
    case.update(rows_case(W, classes, Xt, yt, bias))
    return case


def banditron_case(X, y, Xt, yt, gamma, draws, seed, bias):
    classes, index, Z, W = zero_rows(X, y, bias)
    k = len(classes)
    mistakes = top_mistakes = 0
    for t, (x, label) in enumerate(zip(Z, y)):
        F = W @ x
        hat = int(np.argmax(F))
        top_mistakes += hat != index[label]
        P = [gamma / k] * k
        P[hat] = P[hat] + (1 - gamma)
        u, cumulative, guess = draws[t], 0.0, k - 1
        for r in range(k):
            cumulative += P[r]
            if u < cumulative:
                guess = r
                break
        # Predict the guess; the feedback is 1[guess = y], all U reads of y.
        right = guess == index[label]
        mistakes += not right
        U = np.zeros(k)
        U[hat] -= 1.0
        if right:
            U[guess] += 1.0 / P[guess]
        W = W + U[:, None] * x
    case = {"algo": "perceptron", "multiclass": "banditron", "banditron-gamma": gamma, "seed": seed,
            "bias": "augmented" if bias else "none", "classes": classes.tolist(),
            "mistakes": int(mistakes), "top_mistakes": int(top_mistakes),
            "source": "NumPy transcription of the Banditron's Algorithm 1 (Kakade et al. 2008, p. 442)"}
    case.update(rows_case(W, classes, Xt, yt, bias))
    return case


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
    for update in ("max", "uniform", "proportional"):
        for form in ("paper", "libol"):
            for bias in (False, True):
                cases.append(perceptron_case(X_train, y_train, X_test, y_test, update, form, bias))
    seeds = (0, 7)
    draws = {seed: uniforms(seed, len(y_train)) for seed in seeds}
    for gamma in (0.01, 0.2):
        for seed in seeds:
            for bias in (False, True):
                cases.append(banditron_case(X_train, y_train, X_test, y_test, gamma, draws[seed], seed, bias))
    out = os.path.join(FIXTURES, "multiclass_reference.json")
    with open(out, "w") as f:
        json.dump({"generator": "scripts/reference/multiclass.py", "cases": cases,
                   # The Banditron's uniform draws, by seed: the u of sample t is draws[t].
                   "draws": {str(seed): d for seed, d in draws.items()}}, f, indent=1)
    print(f"wrote {len(cases)} cases to {out}")


if __name__ == "__main__":
    main()
