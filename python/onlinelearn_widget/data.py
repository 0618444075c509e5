"""The reader's arrays, checked and turned into the figure's rows.

Everything is checked here, in Python, so that a wrong shape, a NaN or a
label that is not a class raises an exception in the notebook cell that
caused it, naming the row, rather than a message inside the figure.
"""

import numpy as np

#: The plane's extent (the learner core's MAX_COORDINATE).
LIMIT = 10.0
#: Points on the plane are kept to this step, as the figure's link keeps them.
QUANTUM = 1e-3
#: The most classes a figure shows.
MAX_CLASSES = 6


def rows(data, regression=False):
    """(X, y) as [[x1, x2, label], ...] (or [[x, target, 0], ...] for a
    regression) and the number of classes (0 for a regression)."""
    try:
        x, y = data
    except (TypeError, ValueError):
        raise ValueError("data must be a pair (X, y)") from None
    x = _floats(x, "X")
    y = _floats(y, "y")
    width = 1 if regression else 2
    if x.ndim != 2 or x.shape[1] != width:
        kind = "a regression takes X of shape (n, 1)" if regression else "the plane takes X of shape (n, 2)"
        raise ValueError(f"X has shape {x.shape}; {kind}")
    if y.ndim != 1 or len(y) != len(x):
        raise ValueError(f"y has shape {y.shape}; it must be ({len(x)},), one value per row of X")
    _finite(x, "X")
    _finite(y, "y")
    on_plane = np.column_stack([x[:, 0], y]) if regression else x
    outside = np.argwhere(np.abs(on_plane) > LIMIT)
    if len(outside):
        i, j = outside[0]
        where = (f"X[{i}, 0]" if j == 0 else f"y[{i}]") if regression else f"X[{i}, {j}]"
        raise ValueError(f"{where} is {on_plane[i, j]:g}, outside the plane's ±{LIMIT:g}: scale the data first")
    points = np.round(on_plane / QUANTUM) * QUANTUM
    if regression:
        return [[float(a), float(b), 0.0] for a, b in points], 0
    labels, classes = _labels(y)
    return [[float(a), float(b), float(c)] for (a, b), c in zip(points, labels)], classes


def _floats(values, name):
    try:
        return np.asarray(values, dtype=float)
    except (TypeError, ValueError) as error:
        raise ValueError(f"{name} must hold numbers: {error}") from None


def _finite(values, name):
    bad = np.argwhere(~np.isfinite(values))
    if len(bad):
        at = tuple(int(i) for i in bad[0])
        raise ValueError(f"{name}[{', '.join(map(str, at))}] is {values[at]}, not a finite number")


def _labels(y):
    """The figure's labels for the classes in y: two classes are -1 and +1
    (the larger is +1, as the command line maps them); K classes in sorted
    order are the figure's 1, -1, 3, ..., K."""
    whole = y == np.round(y)
    if not whole.all():
        i = int(np.argmin(whole))
        raise ValueError(f"y[{i}] is {y[i]:g}, not a class: labels must be whole numbers")
    classes = np.unique(y)
    if len(classes) > MAX_CLASSES:
        raise ValueError(f"y holds {len(classes)} classes; a figure shows at most {MAX_CLASSES}")
    index = np.searchsorted(classes, y)
    if len(classes) <= 2:
        if len(classes) == 1:
            return np.where(y > 0, 1.0, -1.0), 2
        return np.where(index == 1, 1.0, -1.0), 2
    return np.where(index == 0, 1.0, np.where(index == 1, -1.0, index + 1.0)), len(classes)
