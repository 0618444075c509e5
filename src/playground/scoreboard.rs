//! What a session measures of its learner: progressive validation (each
//! sample judged before it is learned), the moving-average loss, each
//! class's own mistakes with more than two, the curves, recorded on
//! their sample-count schedule (curves.rs), and the recovery after each
//! move of the concept by the teacher's hand.

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
    /// What a recovery is judged on: the moving mistake rate
    /// (classification) or absolute error (regression) of the last
    /// `LOSS_WINDOW` samples, restarted at a concept move so that it
    /// holds only samples of the moved concept.
    recent: MovingAverage,
    /// A concept moved: the window restarts at the next sample (the curve
    /// point at the move still shows the rate it had then).
    restart: bool,
    recoveries: Vec<Recovery>,
    /// How many times the learner started afresh (Reset) before this
    /// scoreboard: with the sample count, it names a curve point in the
    /// session's history (the timeline borrows held-out scores by it).
    generation: u32,
}

/// A learner's recovery after a concept move. The rule: recovered at the
/// first curve point at least `RECOVERY_FLOOR` samples after the move
/// whose moving rate, over the samples since the move (the last
/// `LOSS_WINDOW` of them once there are that many), is back within its
/// level at the move: 5 points of mistake rate, or 20% of the moving
/// absolute error for regression. A learner that errs less after the
/// move recovers sooner, down to the floor; before, the window was not
/// restarted and the rule waited `LOSS_WINDOW` samples for it to hold
/// only the moved concept's, so that after a small move every learner
/// read exactly 100. A move within `LOSS_WINDOW` samples of the last one
/// is judged against that one's level (the window then holds too few
/// samples of the concept before).
#[derive(Clone, Debug, PartialEq)]
pub struct Recovery {
    /// The samples learned when the concept moved.
    pub at: u64,
    /// The moving rate (or absolute error) then.
    pub level: f64,
    /// The highest moving rate to count as recovered.
    pub threshold: f64,
    /// Samples from the move until recovered (None: not yet).
    pub after: Option<u64>,
    /// Whether another move came before this one recovered.
    pub interrupted: bool,
}

/// How far above its level a moving mistake rate may be and count as recovered.
pub const RECOVERY_POINTS: f64 = 0.05;
/// The same for a regression's moving absolute error, as a share of it.
pub const RECOVERY_SHARE: f64 = 0.2;
/// The fewest samples after a move at which a recovery is judged: over
/// fewer, one mistake is more than `RECOVERY_POINTS` of the rate
/// (1/20 = 5 points), and one lucky sample would decide.
pub const RECOVERY_FLOOR: u64 = 20;

impl Scoreboard {
    /// For `classes` classes (0 for regression).
    pub fn new(classes: usize) -> Self {
        Self {
            progress: Progress::default(),
            recent_loss: MovingAverage::new(LOSS_WINDOW),
            curves: Curves::default(),
            by_class: vec![[0, 0]; if classes > 2 { classes } else { 0 }],
            recent: MovingAverage::new(LOSS_WINDOW),
            restart: false,
            recoveries: Vec::new(),
            generation: 0,
        }
    }

    /// A new scoreboard after a Reset of the learner this one measured.
    pub fn next(&self, classes: usize) -> Self {
        Self {
            generation: self.generation + 1,
            ..Self::new(classes)
        }
    }

    pub fn generation(&self) -> u32 {
        self.generation
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
        let error = (target - update.score).abs();
        self.recent_loss.push(match task {
            Task::Classification => update.loss,
            Task::Regression => error,
        });
        if std::mem::take(&mut self.restart) {
            self.recent = MovingAverage::new(LOSS_WINDOW);
        }
        self.recent.push(match task {
            Task::Classification => f64::from(u8::from(update.mistake)),
            Task::Regression => error,
        });
    }

    /// The concept moved now: a recovery starts (two moves with no sample
    /// between are one), and the curves draw the time after it finely.
    pub fn concept_moved(&mut self, task: Task) {
        let at = self.progress.samples;
        let level = match self.recoveries.last_mut() {
            Some(last) if last.at == at => return,
            Some(last) => {
                if last.after.is_none() {
                    last.interrupted = true;
                }
                if at - last.at < LOSS_WINDOW as u64 {
                    last.level
                } else {
                    self.recent.mean()
                }
            }
            None => self.recent.mean(),
        };
        self.restart = true;
        self.recoveries.push(Recovery {
            at,
            level,
            threshold: match task {
                Task::Classification => level + RECOVERY_POINTS,
                Task::Regression => level * (1.0 + RECOVERY_SHARE),
            },
            after: None,
            interrupted: false,
        });
        self.curves.refine_from(at);
    }

    /// The recoveries after each move, in order.
    pub fn recoveries(&self) -> &[Recovery] {
        &self.recoveries
    }

    /// Whether the curves want a point now.
    pub fn curve_due(&self) -> bool {
        self.curves.due(self.progress.samples)
    }

    /// A curve point: the progressive rate (or MAE), the moving loss, the
    /// held-out score, the support size and the labels asked (None: every
    /// label, the samples seen), with each class's rate.
    pub fn record_curves(&mut self, task: Task, held_out: f64, support: usize, asked: Option<u64>) {
        let recent = self.recent.mean();
        let p = &self.progress;
        if let Some(last) = self.recoveries.last_mut() {
            let since = p.samples - last.at;
            if last.after.is_none() && since >= RECOVERY_FLOOR && recent <= last.threshold {
                last.after = Some(since);
            }
        }
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
                recent,
                asked.unwrap_or(p.samples) as f64,
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
