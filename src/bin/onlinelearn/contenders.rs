//! The learners of a run, each with its progressive tallies, its clock and
//! its held-out results: a binary learner (±1, or a regression) or a
//! multiclass one. Every learner learns the same blocks in the same order.

use std::ops::Range;
use std::time::Instant;

use onlinelearn::eval::{HeldOut, Progress};
use onlinelearn::{Algorithm, Dataset, Features, Learner, Model, Settings, Task};

use crate::divergence::Part;

/// What a learner did on the test file.
pub enum Held {
    Binary(HeldOut),
    /// confusion[true class][predicted class].
    Many(Vec<Vec<u64>>),
}

/// One learner of the run.
pub struct Contender {
    pub algorithm: Algorithm,
    pub model: Model,
    /// Progressive validation: each sample judged before it is learned. A
    /// multiclass learner counts samples and mistakes only.
    pub progress: Progress,
    /// Seconds spent learning (reading and parsing excluded).
    pub seconds: f64,
    pub held: Option<Held>,
    /// `--theory`, while it learns: every sample, each round recorded.
    pub tracker: Option<crate::theory::Tracker>,
    /// `--theory`, once learning is done: its report.
    pub theory: Option<crate::theory::Outcome>,
    /// The sample (1 is the first, every pass counted) after which its
    /// weights or Σ stopped being finite, or at which its score did
    /// (divergence.rs), and which.
    pub diverged: Option<(u64, Part)>,
}

impl Contender {
    /// `classes`: Some(K) for a multiclass run.
    pub fn new(
        algorithm: Algorithm,
        settings: &Settings,
        classes: Option<usize>,
    ) -> Result<Self, String> {
        // A multiclass run's blocks hold class indices (0 to K − 1).
        let model =
            Model::new(algorithm, settings, classes.unwrap_or(2)).map_err(|e| e.to_string())?;
        Ok(Self {
            algorithm,
            model,
            progress: Progress::default(),
            seconds: 0.0,
            held: None,
            tracker: None,
            theory: None,
            diverged: None,
        })
    }

    /// Learns `rows` of `block`, in order, and times it; `seen`: the
    /// samples learned before them, to name the one the weights stop
    /// being finite after.
    pub fn learn(&mut self, block: &Dataset, rows: Range<usize>, seen: u64) {
        // Untimed: the watch is the command line's, not the learner's.
        let watched = (self.diverged.is_none() && !self.algorithm.is_kernel())
            .then(|| (self.model.clone(), rows.clone()));
        let scored_before = self.progress.samples;
        let clock = Instant::now();
        match &mut self.model {
            Model::Binary(learner) => match &mut self.tracker {
                Some(tracker) => tracker.learn_rows(learner, block, rows, &mut self.progress),
                None => learner.learn_batch(block, rows, &mut self.progress),
            },
            Model::Classes(learner) => {
                for i in rows {
                    let class = block.label(i) as usize;
                    let step = learner.learn_one(block.row(i), class);
                    self.progress.samples += 1;
                    self.progress.mistakes += (step.predicted != class) as u64;
                }
            }
        }
        self.seconds += clock.elapsed().as_secs_f64();
        if let Some((before, rows)) = watched {
            if crate::divergence::not_finite(&self.model).is_some() {
                let start = rows.start;
                let (row, part) = crate::divergence::first_row(before, block, rows);
                self.diverged = Some((seen + (row - start) as u64 + 1, part));
            }
        }
        self.watch_scores(seen, scored_before);
    }

    /// A kernel learner's first score that was not finite, in the chunk
    /// that started at sample `seen` + 1 (its progress then counted
    /// `scored_before`): the learner keeps no weights to look at.
    fn watch_scores(&mut self, seen: u64, scored_before: u64) {
        let unscored = self.progress.unscored_at.filter(|&at| at > scored_before);
        if let (None, Some(at)) = (self.diverged, unscored) {
            self.diverged = Some((seen + at - scored_before, Part::Scores));
        }
    }

    /// The sample its numbers stopped being finite at (see
    /// [`Contender::diverged`]).
    pub fn diverged_at(&self) -> Option<u64> {
        self.diverged.map(|(sample, _)| sample)
    }

    /// Whether its progressive loss means something (a binary learner's).
    pub fn has_loss(&self) -> bool {
        matches!(self.model, Model::Binary(_))
    }

    /// Its support set's size, for a kernel learner.
    pub fn support_size(&self) -> Option<usize> {
        match &self.model {
            Model::Binary(learner) if self.algorithm.is_kernel() => Some(learner.support_size()),
            _ => None,
        }
    }

    /// The labels it asked for, for a learner that asks for only some (the
    /// selective sampling perceptron).
    pub fn labels_asked(&self) -> Option<u64> {
        match &self.model {
            Model::Binary(learner) => learner.labels_asked(),
            Model::Classes(multiclass) => multiclass.labels_asked(),
        }
    }

    /// Judges its prediction on a test sample (`target` as the blocks
    /// hold it: ±1, a number, or a class index).
    pub fn judge(&mut self, x: Features<'_>, target: f64) {
        match &self.model {
            Model::Binary(learner) => {
                let held = self.held.get_or_insert(Held::Binary(HeldOut::default()));
                if let Held::Binary(held) = held {
                    match learner.task() {
                        Task::Classification => held.add_class(target, learner.predict(x)),
                        Task::Regression => held.add_value(target, learner.score(x)),
                    }
                }
            }
            Model::Classes(learner) => {
                let k = learner.classes();
                let held = self
                    .held
                    .get_or_insert_with(|| Held::Many(vec![vec![0; k]; k]));
                if let Held::Many(confusion) = held {
                    confusion[target as usize][learner.predict(x)] += 1;
                }
            }
        }
    }
}
