//! Learning one sample: the report the page explains, the ghost of the
//! last turn, the scoreboard, the Theory layer, and the shading.

use super::last_sample::{plane, turn_degrees, LastSample};
use super::plane_points::split;
use super::session::Session;
use super::MAX_SHOWN_POINTS;
use crate::features::Features;
use crate::grid::Grid;
use crate::kernel::Kernel;
use crate::learner::{Learner, Task};

impl Session {
    /// `n` samples: first the points a Reset queued to be learned again
    /// (in the order they were added), then the stream's or the file's
    /// next ones. A file's rows are shown on its first pass only (its
    /// later passes learn them again; the points shown stay the file's),
    /// unless the file is longer than the plane keeps.
    pub(super) fn stream_samples(&mut self, n: u64) {
        let on_plane = self.on_plane();
        let mut buffer = self.feed.take_buffer();
        for _ in 0..n {
            if let Some((i, point, label)) = self.points.next_to_relearn() {
                self.learn_shown(i, point, label);
                continue;
            }
            let y = self.feed.next(&mut buffer);
            if on_plane {
                let x = buffer.plane_point();
                let (point, label) = match self.task() {
                    Task::Classification => ([x[0], x[1]], y),
                    Task::Regression => ([x[0], y], 0.0),
                };
                if self.feed.source().repeats_shown_rows(MAX_SHOWN_POINTS) {
                    self.learn(point, label);
                } else {
                    self.show_and_learn(point, label);
                }
            } else {
                self.learn_features(buffer.features(), y, None);
            }
        }
        self.feed.return_buffer(buffer);
    }

    pub(super) fn learn(&mut self, point: [f64; 2], label: f64) {
        let (features, target) = split(self.task(), &point, label);
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
        self.scoreboard
            .record(self.task(), target, &update, step.as_ref());
        if let Some(theory) = &mut self.theory {
            theory.learned(features, target, &update);
        }
        #[cfg(feature = "timeline")]
        if let Some(tape) = &mut self.tape {
            tape.record(features, target);
        }
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
        if self.scoreboard.curve_due() {
            self.record_curves();
        }
    }

    /// A curve point: the held-out score (on the points in epochs mode or
    /// before the stream is used, else on the held-out set), the support
    /// size, the labels asked, and the Theory layer's point.
    pub(super) fn record_curves(&mut self) {
        let task = self.task();
        let held_out = if self.scores_on_points() {
            let points = self.points.dataset(task);
            self.model.test_score(points, None)
        } else {
            let point = (
                self.scoreboard.generation(),
                self.scoreboard.curves().len(),
                self.scoreboard.progress().samples as f64,
            );
            self.feed
                .held_out_score(&self.model, self.current.settings.preset, point)
        };
        let asked = self.model.labels_asked();
        self.scoreboard
            .record_curves(task, held_out, self.model.support_size(), asked);
        if let Some(theory) = &mut self.theory {
            theory.record(self.scoreboard.progress().samples);
        }
    }

    /// Scores a grid of the plane in one call (the page's shading): a score
    /// per cell, or K per cell with K classes.
    pub fn score_grid(&self, grid: &Grid, out: &mut Vec<f32>) {
        self.model.score_grid(grid, out);
    }
}
