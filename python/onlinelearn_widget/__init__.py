"""The Online Learning Playground's live figure as a Jupyter widget.

    from onlinelearn_widget import Playground
    Playground(algo="pa1", preset="noisy-labels", c=0.1)

Each keyword is an attribute of the `<online-learner>` element (a dash is
an underscore: `initial_variance`); `data=(X, y)` streams your arrays in
place of the synthetic stream. `.weights`, `.mistakes`, `.samples` and
`.link` are what the figure reports back as it learns (with a live front
end: JupyterLab or Notebook); `.step(n)`, `.play()` and `.pause()` drive it.
"""

import json
import pathlib

import anywidget
import traitlets

from . import data as _data

__all__ = ["Playground"]

_STATIC = pathlib.Path(__file__).parent / "static"
ATTRIBUTES = frozenset(json.loads((_STATIC / "attributes.json").read_text()))
_REGRESSION_PRESETS = ("regression-1d",)


class Playground(anywidget.AnyWidget):
    _esm = _STATIC / "widget.js"

    #: The element's attributes, as strings ('' for a bare one).
    attributes = traitlets.Dict().tag(sync=True)
    #: The rows to learn, in order: [x1, x2, label] (or [x, target, 0]).
    rows = traitlets.List().tag(sync=True)
    #: Every weight, then the bias (K rows with K classes); empty for a kernel learner.
    weights = traitlets.List(traitlets.Float()).tag(sync=True)
    mistakes = traitlets.Int(0).tag(sync=True)
    samples = traitlets.Int(0).tag(sync=True)
    #: The figure's share link (the playground's `#...`), with every point and step.
    link = traitlets.Unicode("").tag(sync=True)

    def __init__(self, data=None, **attributes):
        shown = _attributes(attributes)
        rows = []
        if data is not None:
            regression = shown.get("preset") in _REGRESSION_PRESETS
            rows, classes = _data.rows(data, regression=regression)
            if classes > 2:
                shown.setdefault("classes", str(classes))
        super().__init__(attributes=shown, rows=rows)

    def feed(self, data):
        """Adds (X, y) rows after those given so far."""
        regression = self.attributes.get("preset") in _REGRESSION_PRESETS
        rows, _ = _data.rows(data, regression=regression)
        self.rows = self.rows + rows

    def step(self, n=1):
        """Learns the next `n` samples (your rows first, else the stream)."""
        if int(n) != n or n < 1:
            raise ValueError(f"step takes a whole number of samples of at least 1, got {n!r}")
        self.send({"do": "step", "n": int(n)})

    def play(self):
        self.send({"do": "play"})

    def pause(self):
        self.send({"do": "pause"})

    @property
    def share_link(self):
        """The figure's link, ready for the playground's address: `index.html#...`."""
        return f"#{self.link}" if self.link else ""


def _attributes(given):
    """The element's attributes from keywords: names checked, values as strings."""
    shown = {}
    for key, value in given.items():
        name = key.replace("_", "-")
        if name not in ATTRIBUTES:
            raise ValueError(f"{key!r} is not an attribute of the figure; it takes {', '.join(sorted(ATTRIBUTES))}")
        if value is False or value is None:
            continue
        shown[name] = "" if value is True else str(value)
    return shown
