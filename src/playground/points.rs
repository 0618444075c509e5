//! The points on the plane: clicks, erasures, epochs over them, and what
//! the page draws of the model (weights, ghost, support vectors).

use super::last_sample::{plane, Plane};
use super::log::{units, Event, QUANTUM};
use super::session::Session;
use super::MAX_COORDINATE;
use crate::data::class_index;
use crate::error::{Code, Error, Result};
use crate::learner::{Learner, Task, Update};
use crate::number::text;

impl Session {
    /// A click: snaps (x, y) to the log's grid, stores and learns the point.
    /// `label` is +1 or -1 for classification and ignored for regression.
    pub fn click(&mut self, x: f64, y: f64, label: f64) -> Result<Update> {
        for (name, v) in [("x", x), ("y", y)] {
            if !(v.abs() <= MAX_COORDINATE) {
                return Err(Error::BadSample(
                    format!(
                        "{name} must be between -{limit} and {limit}, got {}",
                        text(v),
                        limit = text(MAX_COORDINATE),
                    )
                    .into(),
                ));
            }
        }
        let label = match self.task() {
            Task::Regression => 0,
            Task::Classification => match class_index(label) {
                Some(k) if k < self.classes() => label as i8,
                _ => {
                    let allowed = match self.classes() {
                        2 => "+1 or -1".to_string(),
                        k => format!("+1, -1 or 3 to {k}"),
                    };
                    return Err(Error::BadSample(
                        format!("a point's class must be {allowed}, got {}", text(label)).into(),
                    ));
                }
            },
        };
        self.apply(Event::Point {
            x: units(x),
            y: units(y),
            label,
        })?;
        Ok(self.last.expect("a point was just learned").update)
    }

    /// Erases the shown point nearest to (x, y) within `radius`, if any.
    /// The learner keeps what it learned from it (online learning cannot
    /// unlearn); Reset and Epochs learn the points left without it.
    pub fn erase_nearest(&mut self, x: f64, y: f64, radius: f64) -> Result<bool> {
        match self.points.nearest(x, y, radius) {
            Some(i) => self.apply(Event::Erase(i as u64)).map(|_| true),
            None => Ok(false),
        }
    }

    /// Refuses a `classes` value below a class whose points were learned
    /// since the plane was last cleared. A new value of `classes` replays the log, and
    /// a point of a class beyond it could not be learned again, even one
    /// erased since (the learner learned it, and the log keeps it). Any
    /// other setting passes.
    /// Refuses fewer `classes` than the points learned since the plane
    /// was last emptied hold, saying what to do.
    pub(super) fn check_points_fit(&self, classes: usize) -> Result<()> {
        match self.recording.highest_class() {
            Some(k) if k >= classes => Err(Error::Mismatch(crate::msg!(
                Code::PointsFit,
                k = k + 1,
                n = classes
            ))),
            _ => Ok(()),
        }
    }

    pub(super) fn add_point(&mut self, x: i64, y: i64, label: i8) -> Result<()> {
        if let Some(file) = self.file().filter(|f| !f.on_plane()) {
            return Err(Error::BadSample(crate::msg!(
                Code::FileOffPlane,
                file = file.name.as_str(),
                n = file.data.n_features()
            )));
        }
        let point = [x as f64 * QUANTUM, y as f64 * QUANTUM];
        let label = label as f64;
        let expected = match self.task() {
            Task::Classification => class_index(label).is_some_and(|k| k < self.classes()),
            Task::Regression => label == 0.0,
        };
        if !expected || point.iter().any(|v| !(v.abs() <= MAX_COORDINATE)) {
            return Err(Error::BadSample(
                format!(
                    "point ({}, {}) with label {} does not fit this {} view",
                    text(point[0]),
                    text(point[1]),
                    text(label),
                    self.task().name()
                )
                .into(),
            ));
        }
        self.show_and_learn(point, label);
        Ok(())
    }

    pub(super) fn erase(&mut self, i: u64) -> Result<()> {
        self.points.erase(i)
    }

    /// Epochs mode: learns from the shown points again, in order, cycling
    /// (or in the order the learner picks them).
    pub(super) fn cycle_points(&mut self, n: u64) {
        if self.points.is_empty() {
            return;
        }
        if self.judged_version != Some(self.points.version()) {
            let task = self.task();
            self.model.judge_on(self.points.dataset(task));
            self.judged_version = Some(self.points.version());
        }
        for _ in 0..n {
            // A learner that chooses its point (the batch pocket draws a
            // misclassified one) learns that one; the others the next in
            // order. Only the relatives family's code picks: the page's
            // first module, which cannot run it, leaves the look out.
            let picked = if cfg!(feature = "relatives") {
                self.model.pick()
            } else {
                None
            };
            let next = match picked {
                Some(i) => self.points.get(i),
                None => self.points.next_in_cycle(),
            };
            let (point, label) = next.expect("points shown");
            self.learn(point, label);
        }
    }

    /// Whether the test curve scores the shown points rather than the
    /// stream's held-out set: in epochs mode, and while no sample has come
    /// from the stream (the points are then all the data there is).
    pub fn scores_on_points(&self) -> bool {
        self.on_plane() && (self.points.cycled() || self.samples_streamed() == 0)
    }

    pub(super) fn show(&mut self, point: [f64; 2], label: f64) {
        self.points.show(point, label);
    }

    /// The points shown that a Reset queued and the next steps (Step,
    /// Play) learn again before the stream goes on.
    pub fn left_to_relearn(&self) -> usize {
        self.points.left_to_relearn()
    }

    /// The shown points as (x, y, label) triples.
    pub fn points(&self) -> &[f64] {
        self.points.as_slice()
    }

    /// A flag per shown point, 1 where a selective learner did not ask
    /// for its label; empty if none was left unasked.
    pub fn unseen(&self) -> &[u8] {
        self.points.unseen()
    }

    /// Shows a new point, then learns it (shown first, so that a curve
    /// point recorded now counts it); a label the learner did not ask for
    /// marks the point.
    pub(super) fn show_and_learn(&mut self, point: [f64; 2], label: f64) {
        self.show(point, label);
        self.learn_shown(self.points.len() - 1, point, label);
    }

    /// Learns shown point `i` (just shown, or learned again after a
    /// Reset), marking it when a selective learner did not ask its label.
    pub(super) fn learn_shown(&mut self, i: usize, point: [f64; 2], label: f64) {
        let asked = |s: &Self| s.model.labels_asked();
        let before = asked(self);
        self.learn(point, label);
        if before.is_some() {
            self.points.mark_unseen(i, asked(self) == before);
        }
    }

    /// The support vectors of a kernel learner on the plane, as
    /// (x, y, alpha, id, label) per vector, into `out`; empty for linear
    /// learners.
    pub fn support_vectors(&self, out: &mut Vec<f64>) {
        self.model.support_vectors(out);
    }

    /// The model predictions use, as (w1, w2, b).
    pub fn model(&self) -> Option<Plane> {
        let learner = self.model.binary()?;
        learner.linear_model().as_ref().map(plane)
    }

    /// With more than two classes, each class's (w1, w2, b) in class order
    /// (empty with two).
    pub fn class_models(&self) -> Vec<Plane> {
        self.model.class_models().iter().map(plane).collect()
    }

    /// The weights the update rule moves, when predictions use others (the
    /// pocket's perceptron, the averaged perceptron's current vector).
    pub fn moving_model(&self) -> Option<Plane> {
        let learner = self.model.binary()?;
        learner.moving_model().as_ref().map(plane)
    }

    /// The model before the last aggressive update, and the angle in degrees
    /// the weight vector turned.
    pub fn ghost(&self) -> Option<(Plane, f64)> {
        self.ghost
    }
}
