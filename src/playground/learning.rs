//! Learning one sample: the report the page explains, the ghost of the
//! last turn, the curves on their sample-count schedule, and the shading.

use super::last_sample::{plane, turn_degrees, LastSample};
use super::model::Model;
use super::session::Session;
use super::source::Source;
use super::TEST_SET_SIZE;
use crate::data::class_index;
use crate::data::Preset;
use crate::eval::test_score;
use crate::features::Features;
use crate::grid::Grid;
use crate::kernel::Kernel;
use crate::learner::{Learner, Task};
use crate::multiclass::Multiclass;

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
        let binary = self.model.binary();
        let before = point.and(binary).and_then(|l| l.linear_model());
        let (update, step) = self.model.learn(features, target);
        self.progress.record(target, &update);
        if let Some(theory) = &mut self.theory {
            theory.learned(features, target, &update);
        }
        if let Some(step) = step {
            let tally = &mut self.by_class[step.class];
            tally[0] += 1;
            tally[1] += update.mistake as u64;
        }
        let recent = match self.task() {
            Task::Classification => update.loss,
            Task::Regression => (target - update.score).abs(),
        };
        self.recent_loss.push(recent);
        if update.aggressive {
            let after = self.model.binary().and_then(|l| l.linear_model());
            if let (Some(before), Some(after)) = (before, after) {
                let (before, after) = (plane(&before), plane(&after));
                self.ghost = Some((before, turn_degrees(before, after)));
            }
        }
        // ||x||^2 as the step saw it: k(x, x) for a kernel learner, with
        // the augmented bias's constant 1 for a linear one.
        let squared_norm = match self.model.binary().and_then(|l| l.kernel()) {
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
            task: self.task(),
            update,
            squared_norm,
            classes: step,
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
        let points = self
            .scores_on_points()
            .then(|| self.points_dataset().clone());
        let test = points.as_ref().unwrap_or(&self.test);
        let held_out = match &self.model {
            Model::Binary(learner) if points.is_some() => test_score(learner, test),
            Model::Binary(learner) => self.held_out.score(learner, test),
            Model::Classes(multiclass) => class_accuracy(multiclass, test),
        };
        let p = &self.progress;
        let online = match self.task() {
            Task::Classification => p.mistake_rate(),
            Task::Regression => p.mae(),
        };
        let by_class: Vec<f64> = self
            .by_class
            .iter()
            .map(|&[seen, wrong]| {
                if seen == 0 {
                    0.0
                } else {
                    wrong as f64 / seen as f64
                }
            })
            .collect();
        self.curves.record(
            [
                p.samples as f64,
                online,
                self.recent_loss.mean(),
                held_out,
                self.model.binary().map_or(0, |l| l.support_size()) as f64,
            ],
            &by_class,
        );
        if let Some(theory) = &mut self.theory {
            theory.record(p.samples);
        }
    }

    /// Scores a grid of the plane in one call (the page's shading): a score
    /// per cell, or K per cell with K classes.
    pub fn score_grid(&mut self, grid: &Grid) -> &[f32] {
        self.model.score_grid(grid, &mut self.grid);
        &self.grid
    }
}

/// The share of `data` (page class labels) the K classes' model gets right.
fn class_accuracy(multiclass: &Multiclass, data: &crate::data::Dataset) -> f64 {
    let right = (0..data.len())
        .filter(|&i| Some(multiclass.predict(data.row(i))) == class_index(data.label(i)))
        .count();
    right as f64 / data.len().max(1) as f64
}
