//! What a session measures of its learner: progressive validation (each
//! sample judged before it is learned), the moving-average loss, each
//! class's own mistakes with more than two, and the curves, recorded on
//! their sample-count schedule (curves.rs).

use super::curves::Curves;
use super::LOSS_WINDOW;
use crate::eval::{MovingAverage, Progress};
use crate::learner::{Task, Update};
use crate::multiclass::ClassStep;

#[derive(Clone, Debug)]
pub struct Scoreboard {
    progress: Progress,
    recent_loss: MovingAverage,
    curves: Curves,
    /// With more than two classes: (samples, mistakes) of each class.
    by_class: Vec<[u64; 2]>,
}

impl Scoreboard {
    /// For `classes` classes (0 for regression).
    pub fn new(classes: usize) -> Self {
        Self {
            progress: Progress::default(),
            recent_loss: MovingAverage::new(LOSS_WINDOW),
            curves: Curves::default(),
            by_class: vec![[0, 0]; if classes > 2 { classes } else { 0 }],
        }
    }

    /// One sample learned: `update` is the learner's report, `step` the
    /// classes it involved (more than two).
    pub fn record(&mut self, task: Task, target: f64, update: &Update, step: Option<&ClassStep>) {
        self.progress.record(target, update);
        if let Some(step) = step {
            let tally = &mut self.by_class[step.class];
            tally[0] += 1;
            tally[1] += update.mistake as u64;
        }
        self.recent_loss.push(match task {
            Task::Classification => update.loss,
            Task::Regression => (target - update.score).abs(),
        });
    }

    /// Whether the curves want a point now.
    pub fn curve_due(&self) -> bool {
        self.curves.due(self.progress.samples)
    }

    /// A curve point: the progressive rate (or MAE), the moving loss, the
    /// held-out score and the support size, with each class's rate.
    pub fn record_curves(&mut self, task: Task, held_out: f64, support: usize) {
        let p = &self.progress;
        let online = match task {
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
                support as f64,
            ],
            &by_class,
        );
    }

    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    pub fn curves(&self) -> &Curves {
        &self.curves
    }
}
