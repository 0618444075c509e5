//! Learning one sample: the report the page explains, the ghost of the
//! last turn, the curves on their sample-count schedule, and the shading.

use super::session::Session;
use super::source::Source;
use super::TEST_SET_SIZE;
use crate::data::Preset;
use crate::eval::test_score;
use crate::features::Features;
use crate::grid::Grid;
use crate::kernel::Kernel;
use crate::learner::{Learner, LinearModel, Task, Update};

/// The sample the learner saw last, and what it did with it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LastSample {
    /// Plane coordinates (regression: x and the target y).
    pub point: [f64; 2],
    /// +1 / -1 (classification) or the target (regression).
    pub label: f64,
    pub update: Update,
    /// ||x||^2 as the update saw it (with the constant 1 in augmented mode;
    /// k(x, x) for a kernel learner).
    pub squared_norm: f64,
}

/// What the explanation panel reads, by name.
impl serde::Serialize for LastSample {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let u = &self.update;
        let mut s = serializer.serialize_struct("LastSample", 14)?;
        s.serialize_field("x", &self.point[0])?;
        s.serialize_field("y", &self.point[1])?;
        s.serialize_field("label", &self.label)?;
        s.serialize_field("score", &u.score)?;
        s.serialize_field("margin", &u.margin)?;
        s.serialize_field("loss", &u.loss)?;
        s.serialize_field("tau", &u.tau)?;
        s.serialize_field("after", &u.score_after)?;
        s.serialize_field("aggressive", &u.aggressive)?;
        s.serialize_field("mistake", &u.mistake)?;
        s.serialize_field("sq", &self.squared_norm)?;
        s.serialize_field("size", &u.support.size)?;
        s.serialize_field("added", &u.support.added)?;
        s.serialize_field("removed", &u.support.removed)?;
        s.end()
    }
}

/// (w1, w2, b): a linear model as the plane draws it.
pub type Plane = [f64; 3];

pub(super) fn plane(model: &LinearModel) -> Plane {
    let w = |i: usize| model.weights.get(i).copied().unwrap_or(0.0);
    [w(0), w(1), model.bias]
}

impl Session {
    pub(super) fn stream_samples(&mut self, n: u64) {
        let on_plane = self.on_plane();
        let mut buffer = std::mem::take(&mut self.buffer);
        for _ in 0..n {
            let y = self.source.next(&mut buffer);
            if on_plane {
                let x = buffer.plane_point();
                let (point, label) = match self.task() {
                    Task::Classification => ([x[0], x[1]], y),
                    Task::Regression => ([x[0], y], 0.0),
                };
                self.show(point, label);
                self.learn(point, label);
            } else {
                self.learn_features(buffer.features(), y, None);
            }
        }
        self.buffer = buffer;
    }

    /// Features and target of a plane point.
    pub(super) fn split<'a>(&self, point: &'a [f64; 2], label: f64) -> (&'a [f64], f64) {
        match self.task() {
            Task::Classification => (&point[..], label),
            Task::Regression => (&point[..1], point[1]),
        }
    }

    pub(super) fn learn(&mut self, point: [f64; 2], label: f64) {
        let (features, target) = self.split(&point, label);
        self.learn_features(Features::Dense(features), target, Some(point));
    }

    /// Learns one sample; `point` is where the plane shows it (None for
    /// data wider than the plane).
    pub(super) fn learn_features(
        &mut self,
        features: Features<'_>,
        target: f64,
        point: Option<[f64; 2]>,
    ) {
        // The ghost (the model before an aggressive step) is drawn on the
        // plane only: off it, copying a wide weight vector per sample is waste.
        let before = point.and_then(|_| self.learner.linear_model());
        let update = self.learner.learn_one(features, target);
        self.progress.record(target, &update);
        let recent = match self.task() {
            Task::Classification => update.loss,
            Task::Regression => (target - update.score).abs(),
        };
        self.recent_loss.push(recent);
        if update.aggressive {
            if let (Some(before), Some(after)) = (before, self.learner.linear_model()) {
                let (before, after) = (plane(&before), plane(&after));
                self.ghost = Some((before, turn_degrees(before, after)));
            }
        }
        // ||x||^2 as the step saw it: k(x, x) for a kernel learner, with
        // the augmented bias's constant 1 for a linear one.
        let squared_norm = match self.learner.kernel() {
            Some(kernel) => kernel.self_similarity(features),
            None => features.squared_norm() + self.current.settings.bias.norm_extra(),
        };
        let label = match self.task() {
            Task::Classification => target,
            Task::Regression => point.map_or(target, |p| p[1]),
        };
        self.last = Some(LastSample {
            point: point.unwrap_or([0.0, 0.0]),
            label,
            update,
            squared_norm,
        });
        if self.curves.due(self.progress.samples) {
            self.record_curves();
        }
    }

    fn record_curves(&mut self) {
        if let (Source::Stream(stream), Preset::Drift) =
            (&self.source, self.current.settings.preset)
        {
            // The held-out set follows the concept as it turns.
            self.test = stream.test_set(TEST_SET_SIZE);
            self.held_out.clear();
        }
        let held_out = if self.scores_on_points() {
            let points = self.points_dataset().clone();
            test_score(&self.learner, &points)
        } else {
            self.held_out.score(&self.learner, &self.test)
        };
        let p = &self.progress;
        let online = match self.task() {
            Task::Classification => p.mistake_rate(),
            Task::Regression => p.mae(),
        };
        self.curves.record([
            p.samples as f64,
            online,
            self.recent_loss.mean(),
            held_out,
            self.learner.support_size() as f64,
        ]);
    }

    /// Scores a grid of the plane in one call (the page's shading).
    pub fn score_grid(&mut self, grid: &Grid) -> &[f32] {
        self.grid.resize(grid.len(), 0.0);
        self.learner.score_grid(grid, &mut self.grid);
        &self.grid
    }
}

/// Angle between the (w1, w2) parts of two models, in degrees.
fn turn_degrees(a: Plane, b: Plane) -> f64 {
    let (na, nb) = (a[0].hypot(a[1]), b[0].hypot(b[1]));
    if na == 0.0 || nb == 0.0 {
        return 0.0;
    }
    let cos = ((a[0] * b[0] + a[1] * b[1]) / (na * nb)).clamp(-1.0, 1.0);
    cos.acos().to_degrees()
}
