//! Learning one sample: the report the page explains, the ghost of the
//! last turn, the curves on their sample-count schedule, and the shading.

use super::last_sample::{plane, turn_degrees, LastSample};
use super::session::Session;
use super::source::Source;
use super::TEST_SET_SIZE;
use crate::data::Preset;
use crate::eval::test_score;
use crate::features::Features;
use crate::grid::Grid;
use crate::kernel::Kernel;
use crate::learner::{Learner, Task};

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
