//! Learning one sample: the report the page explains, the ghost of the
//! last turn, the scoreboard, the Theory layer, and the shading.

use super::last_sample::{plane, turn_degrees, LastSample};
use super::log::Event;
use super::plane_points::split;
use super::session::{check_step, next_stamp, Session};
use super::MAX_SHOWN_POINTS;
use crate::error::Result;
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
    /// Returns the samples learned: `n`, or fewer when a paced stream
    /// (`stream_until_curve`) reached a curve point.
    pub(super) fn stream_samples(&mut self, n: u64) -> u64 {
        let on_plane = self.on_plane();
        let mut buffer = self.feed.take_buffer();
        let mut learned = 0;
        while learned < n && !self.curve_reached {
            learned += 1;
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
        self.curve_reached = false;
        learned
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
            if self.until_curve {
                self.curve_reached = true;
                match self.start_curve() {
                    Some(score) => self.finish_curve(score),
                    None => self.curve_pending = true,
                }
            } else {
                self.record_curves();
            }
        }
    }

    /// A curve point: the held-out score (on the points in epochs mode or
    /// before the stream is used, else on the held-out set), the support
    /// size, the labels asked, and the Theory layer's point.
    pub(super) fn record_curves(&mut self) {
        let held_out = match self.start_curve() {
            Some(score) => score,
            None => self
                .feed
                .held_out_work(&self.model, usize::MAX)
                .expect("every vector is summed"),
        };
        self.finish_curve(held_out);
    }

    /// Starts a curve point's held-out score: None when a kernel
    /// learner's is to be summed (`curve_work`).
    fn start_curve(&mut self) -> Option<f64> {
        if self.scores_on_points() {
            let points = self.points.dataset(self.task());
            return Some(self.model.test_score(points, None));
        }
        let point = (
            self.scoreboard.generation(),
            self.scoreboard.curves().len(),
            self.scoreboard.progress().samples as f64,
        );
        self.feed
            .start_held_out(&self.model, self.current.settings.preset, point)
    }

    fn finish_curve(&mut self, held_out: f64) {
        let asked = self.model.labels_asked();
        self.scoreboard
            .record_curves(self.task(), held_out, self.model.support_size(), asked);
        if let Some(theory) = &mut self.theory {
            theory.record(self.scoreboard.progress().samples);
        }
    }

    /// Learns up to `n` samples of the stream as `Event::Stream(n)` does,
    /// but stops at the next curve point: a kernel learner's held-out
    /// score is then left for `curve_work` to sum over the next frames,
    /// and learning waits for it. Every session of Compare stops at the
    /// same sample, the curve points being at the same counts. Returns
    /// the samples learned, recorded as a Stream event.
    pub fn stream_until_curve(&mut self, n: u64) -> Result<u64> {
        self.finish_curve_now();
        let n = check_step(n)?;
        self.until_curve = true;
        let learned = self.stream_samples(n);
        self.until_curve = false;
        if learned > 0 {
            self.recording.push(Event::Stream(learned));
            self.stamp = next_stamp();
        }
        Ok(learned)
    }

    /// Whether a curve point's held-out score is being summed.
    pub fn curve_pending(&self) -> bool {
        self.curve_pending
    }

    /// Sums up to `vectors` more of the pending curve point's score;
    /// returns whether some is still left.
    pub fn curve_work(&mut self, vectors: usize) -> bool {
        if self.curve_pending {
            if let Some(score) = self.feed.held_out_work(&self.model, vectors) {
                self.curve_pending = false;
                self.finish_curve(score);
                self.stamp = next_stamp();
            }
        }
        self.curve_pending
    }

    /// Sums what is left of a pending curve point at once: before
    /// anything else changes the learner.
    pub(super) fn finish_curve_now(&mut self) {
        self.curve_work(usize::MAX);
    }

    /// Scores a grid of the plane in one call (the page's shading): a score
    /// per cell, or K per cell with K classes.
    pub fn score_grid(&self, grid: &Grid, out: &mut Vec<f32>) {
        self.model.score_grid(grid, out);
    }
}

#[cfg(test)]
mod tests {
    use crate::data::Preset;
    use crate::features::Features;
    use crate::learner::Learner;
    use crate::playground::{Event, Session, Setup};
    use crate::registry::Algorithm;

    fn session(algorithm: Algorithm) -> Session {
        let mut setup = Setup {
            algorithm,
            ..Setup::default()
        };
        setup.settings.preset = Preset::Xor;
        Session::new(setup).unwrap()
    }

    /// The frame loop's way: up to `k` samples a call, each pending curve
    /// point summed `vectors` at a time before learning goes on.
    fn paced(session: &mut Session, total: u64, k: u64, vectors: usize) {
        let mut learned = 0;
        while learned < total {
            while session.curve_work(vectors) {}
            learned += session.stream_until_curve(k.min(total - learned)).unwrap();
        }
    }

    #[test]
    fn a_paced_stream_learns_and_draws_the_curves_a_whole_stream_does() {
        for algorithm in [Algorithm::KernelPerceptron, Algorithm::Apsm, Algorithm::Pa1] {
            let mut whole = session(algorithm);
            whole.apply(Event::Stream(1500)).unwrap();
            let mut sliced = session(algorithm);
            paced(&mut sliced, 1500, 100, 3);
            assert!(!sliced.curve_pending(), "{algorithm}");
            assert_eq!(sliced.curves(), whole.curves(), "{algorithm}");
            let score = |s: &Session| s.learner().unwrap().score(Features::Dense(&[0.3, -0.7]));
            assert_eq!(score(&sliced), score(&whole), "{algorithm}");
            // The link holds the same samples: it replays the same session.
            assert_eq!(
                sliced.shared().to_hash(),
                whole.shared().to_hash(),
                "{algorithm}"
            );
        }
    }

    #[test]
    fn a_paced_stream_stops_at_each_curve_point_and_any_event_finishes_it() {
        let mut s = session(Algorithm::KernelPerceptron);
        s.apply(Event::Stream(4096)).unwrap();
        // Past 4,096 samples the points are 64 to 128 apart: the stream stops at the next.
        let learned = s.stream_until_curve(1000).unwrap();
        assert!(learned < 1000, "stopped after {learned}");
        assert!(
            s.curve_pending(),
            "a kernel learner's score waits to be summed"
        );
        let points = s.curves().clone();
        // A click (any event) sums it first: the point lands before the click's sample.
        let mut clicked = s.clone();
        clicked
            .apply(Event::Point {
                x: 100,
                y: 200,
                label: 1,
            })
            .unwrap();
        assert!(!clicked.curve_pending());
        assert_ne!(clicked.curves(), &points);
        let mut whole = session(Algorithm::KernelPerceptron);
        whole.apply(Event::Stream(4096 + learned)).unwrap();
        whole
            .apply(Event::Point {
                x: 100,
                y: 200,
                label: 1,
            })
            .unwrap();
        assert_eq!(clicked.curves(), whole.curves());
    }
}
