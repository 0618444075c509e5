"""The widget's Python side: what it sends the figure, and what it refuses.

Run by `cargo xtask test` (python -m unittest discover python/tests) in the
venv it makes under target/py; the figure's side is tests/e2e/notebook.test.mjs.
"""

import unittest

import numpy as np

from onlinelearn_widget import Playground


class Attributes(unittest.TestCase):
    def test_keywords_become_the_elements_attributes(self):
        w = Playground(algo="pa1", preset="noisy-labels", c=0.1, explain=True, curves=False, initial_variance=2)
        self.assertEqual(w.attributes, {"algo": "pa1", "preset": "noisy-labels", "c": "0.1", "explain": "", "initial-variance": "2"})

    def test_an_unknown_attribute_is_named(self):
        with self.assertRaisesRegex(ValueError, "'algorithm' is not an attribute of the figure; it takes .*algo"):
            Playground(algorithm="pa")


class Data(unittest.TestCase):
    X = np.array([[0.12345, 0.2], [1.0, -1.0], [0.5, 0.5]])

    def test_two_classes_are_minus_and_plus_one_the_larger_plus(self):
        w = Playground(data=(self.X, np.array([3, 7, 7])))
        self.assertEqual([r[2] for r in w.rows], [-1.0, 1.0, 1.0])
        self.assertEqual(w.rows[0][:2], [0.123, 0.2], "kept to 0.001, as the figure's link")

    def test_more_classes_set_the_figures_count(self):
        w = Playground(data=(self.X, np.array([0, 1, 2])))
        self.assertEqual([r[2] for r in w.rows], [1.0, -1.0, 3.0])
        self.assertEqual(w.attributes["classes"], "3")

    def test_a_regression_takes_one_column_and_targets(self):
        w = Playground(data=(np.array([[0.5], [1.5]]), np.array([2.0, -3.25])), preset="regression-1d")
        self.assertEqual(w.rows, [[0.5, 2.0, 0.0], [1.5, -3.25, 0.0]])

    def test_bad_input_is_refused_naming_the_problem(self):
        y = np.array([0, 1, 1])
        cases = [
            ((np.zeros((3, 3)), y), r"X has shape \(3, 3\); the plane takes X of shape \(n, 2\)"),
            ((np.zeros(3), y), r"X has shape \(3,\)"),
            ((self.X, np.array([0, 1])), r"y has shape \(2,\); it must be \(3,\)"),
            ((np.array([[0, 1], [np.nan, 0], [1, 1]]), y), r"X\[1, 0\] is nan, not a finite number"),
            ((self.X, np.array([0, np.inf, 1])), r"y\[1\] is inf, not a finite number"),
            ((self.X, np.array([0, 0.5, 1])), r"y\[1\] is 0.5, not a class"),
            ((np.arange(14).reshape(7, 2) / 10, np.arange(7)), r"7 classes; a figure shows at most 6"),
            ((self.X * 30, y), r"X\[1, 0\] is 30, outside the plane's ±10"),
            ((self.X, ["a", "b", "c"]), r"y must hold numbers"),
            ((self.X,), r"data must be a pair \(X, y\)"),
        ]
        for data, message in cases:
            with self.subTest(message), self.assertRaisesRegex(ValueError, message):
                Playground(data=data)

    def test_a_refused_feed_sends_nothing(self):
        w = Playground(data=(self.X, np.array([0, 1, 1])))
        with self.assertRaises(ValueError):
            w.feed((np.array([[0, 0], [np.nan, 1]]), np.array([0, 1])))
        self.assertEqual(len(w.rows), 3)
        w.feed((np.array([[0, 0]]), np.array([1])))
        self.assertEqual(len(w.rows), 4)


class Commands(unittest.TestCase):
    def test_step_play_pause_are_messages_to_the_figure(self):
        w = Playground()
        sent = []
        w.send = sent.append
        w.step(5)
        w.play()
        w.pause()
        self.assertEqual(sent, [{"do": "step", "n": 5}, {"do": "play"}, {"do": "pause"}])
        with self.assertRaisesRegex(ValueError, "whole number of samples of at least 1, got 0"):
            w.step(0)

    def test_what_the_figure_reports_is_read_from_python(self):
        w = Playground()
        # What the front end's save_changes() delivers (ipywidgets' own path).
        w.set_state({"weights": [0.5, -1.0, 0.25], "mistakes": 3, "samples": 10, "link": "v=1&algo=pa1"})
        self.assertEqual((w.weights, w.mistakes, w.samples, w.share_link), ([0.5, -1.0, 0.25], 3, 10, "#v=1&algo=pa1"))


if __name__ == "__main__":
    unittest.main()
