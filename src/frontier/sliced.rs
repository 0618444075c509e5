//! The budget frontier of one learner, computed a slice at a time: what
//! `onlinelearn frontier` computes for one ordering (`--orderings 1 --seed
//! S`), but resumable between two looks at a clock, so that the page
//! sweeps a few sizes between its frames (Compare's frontier chart) and
//! never blocks one.
//!
//! The pieces are the command line's own: the size setting ([`sizing`]),
//! the knob's scale ([`super::Knob::value`]), its search ([`Search`]), the
//! trial that stops once its set passes the search's limit ([`TrialRun`],
//! which `paper::frontier` runs too), the shuffle of `learn --seed S`
//! ([`order`]). A native test checks that every point equals
//! `paper::frontier::run`'s on the same data (src/frontier/sliced_tests.rs).

use super::search::{Search, Trial};
use super::{largest_self_kernel, sized, sizing, Knob, Sizing, Unsized};
use crate::data::rng::{derived, permutation};
use crate::data::Dataset;
use crate::error::Result;
use crate::eval::{HeldOut, Progress};
use crate::kernel::KernelSpec;
use crate::learner::Learner;
use crate::registry::{Algorithm, AnyLearner};
use crate::settings::{Key, Settings};

/// A trial learns this many samples between two looks at the set's size.
pub const TRIAL_CHUNK: usize = 64;

/// The samples (or test rows) a step learns (or tests) between two looks
/// at the clock: one. A chunk of 64 of APSM's samples took 19 ms, past a
/// frame's share; the chunks' looks at the size are where they were, so
/// the points are the same.
const STEP: usize = 1;

/// The shuffle `learn --seed {seed}` makes of `n` samples (its first pass).
pub fn order(n: usize, seed: u64) -> Vec<usize> {
    permutation(&mut derived(seed, 0), n)
}

/// One trial of a knob's search, learned a chunk at a time: it stops at
/// the end of the data or once its set holds more than the search's limit.
pub struct TrialRun {
    s: f64,
    value: f64,
    limit: usize,
    learner: AnyLearner,
    progress: Progress,
    at: usize,
    /// Where the chunk being learned ends.
    chunk_end: usize,
}

impl TrialRun {
    /// The trial at position `s` of `knob`, at `base` (its seed set).
    pub fn start(
        algorithm: Algorithm,
        base: &Settings,
        knob: Knob,
        search: &Search,
        s: f64,
        top: f64,
    ) -> Result<Self> {
        let value = knob.value(s, base, top);
        Ok(Self {
            s,
            value,
            limit: search.limit(),
            learner: AnyLearner::new(algorithm, &sized(base, knob.key, value)?)?,
            progress: Progress::default(),
            at: 0,
            chunk_end: 0,
        })
    }

    /// Learns a step of `data` (a chunk starts with a look at the set's
    /// size); the trial once it is over.
    pub fn step(&mut self, data: &Dataset) -> Option<Trial> {
        if self.at == self.chunk_end
            && self.at < data.len()
            && self.learner.support_size() <= self.limit
        {
            self.chunk_end = data.len().min(self.at + TRIAL_CHUNK);
        }
        if self.at < self.chunk_end {
            let end = self.chunk_end.min(self.at + STEP);
            self.learner
                .learn_batch(data, self.at..end, &mut self.progress);
            self.at = end;
            return None;
        }
        let size = self.learner.support_size();
        Some(Trial {
            s: self.s,
            value: self.value,
            size,
            finished: size <= self.limit,
        })
    }
}

/// One size's point: the learner run at the size setting's value on the
/// ordering, then tested on the whole test set.
#[derive(Clone, Debug, PartialEq)]
pub struct SlicedPoint {
    /// The size asked for.
    pub target: usize,
    /// The setting that set the size, and its value (a knob's searched).
    pub key: Key,
    pub value: f64,
    pub support_size: usize,
    pub test_accuracy: f64,
    /// Progressive mistakes on the ordering.
    pub mistakes: u64,
}

/// What is learning (or being tested) now.
enum Work {
    Idle,
    Trial(Box<TrialRun>),
    Run {
        learner: Box<AnyLearner>,
        progress: Progress,
        at: usize,
        value: f64,
    },
    /// The run's learner on the test set, [`STEP`] rows at a time: with a
    /// set of thousands, the whole test set is longer than a frame.
    Test {
        learner: Box<AnyLearner>,
        mistakes: u64,
        at: usize,
        correct: usize,
        value: f64,
    },
}

/// One learner's frontier at a few sizes, on one ordering, a slice at a time.
pub struct SlicedFrontier {
    algorithm: Algorithm,
    sizing: Sizing,
    /// Every learner's settings with the ordering's seed.
    base: Settings,
    top: f64,
    /// The training set in the ordering's order, and the test set.
    train: Dataset,
    test: Dataset,
    sizes: Vec<usize>,
    /// The current size's search (a knob's), and the points done.
    search: Option<Search>,
    points: Vec<SlicedPoint>,
    work: Work,
}

impl SlicedFrontier {
    /// `algorithm`'s frontier at `sizes` (ascending) on `train` shuffled as
    /// `learn --seed {seed}` shuffles it, tested on `test`.
    pub fn new(
        algorithm: Algorithm,
        settings: &Settings,
        seed: u64,
        sizes: Vec<usize>,
        train: &Dataset,
        test: Dataset,
    ) -> std::result::Result<Self, Unsized> {
        let sizing = sizing(algorithm, settings)?;
        let kernel = KernelSpec::from_settings(settings);
        let top = largest_self_kernel(kernel, (0..train.len()).map(|i| train.row(i)));
        Ok(Self {
            algorithm,
            sizing,
            base: Settings {
                seed,
                ..settings.clone()
            },
            top,
            train: train.select(&order(train.len(), seed)),
            test,
            sizes,
            search: None,
            points: Vec::new(),
            work: Work::Idle,
        })
    }

    /// The points done so far, one per size, in the order of the sizes.
    pub fn points(&self) -> &[SlicedPoint] {
        &self.points
    }

    /// Whether every size has its point.
    pub fn is_done(&self) -> bool {
        self.points.len() == self.sizes.len()
    }

    /// The share done, from 0 to 1: the sizes done, and the one under way
    /// by its run's place in the data (a knob's search counts as the first
    /// half of its size, by its trials of the most it may run).
    pub fn fraction(&self) -> f64 {
        let sizes = self.sizes.len().max(1) as f64;
        let knob = matches!(self.sizing, Sizing::Knob(_));
        let within = match (&self.work, &self.search) {
            (Work::Run { at, .. }, _) => {
                let run = *at as f64 / self.train.len().max(1) as f64;
                if knob {
                    0.5 + 0.5 * run
                } else {
                    run
                }
            }
            // Learned: the test is the size's last step.
            (Work::Test { .. }, _) => 1.0,
            (_, Some(search)) => {
                let trials = search.trials.len() as f64 / super::search::MAX_TRIALS as f64;
                0.5 * trials.min(1.0)
            }
            _ => 0.0,
        };
        ((self.points.len() as f64 + within) / sizes).min(1.0)
    }

    /// Learns a step at a time while `more()` says there is time left;
    /// returns whether work is left.
    pub fn work(&mut self, mut more: impl FnMut() -> bool) -> Result<bool> {
        while !self.is_done() && more() {
            self.step()?;
        }
        Ok(!self.is_done())
    }

    /// One step of learning or testing (or the start or end of a trial or run).
    fn step(&mut self) -> Result<()> {
        let target = self.sizes[self.points.len()];
        match &mut self.work {
            Work::Idle => self.start(target)?,
            Work::Trial(trial) => {
                if let Some(done) = trial.step(&self.train) {
                    self.search
                        .as_mut()
                        .expect("a trial belongs to a search")
                        .tried(done);
                    self.work = Work::Idle;
                }
            }
            Work::Run {
                learner,
                progress,
                at,
                value,
            } => {
                if *at < self.train.len() {
                    let end = self.train.len().min(*at + STEP);
                    learner.learn_batch(&self.train, *at..end, progress);
                    *at = end;
                } else {
                    let (mistakes, value) = (progress.mistakes, *value);
                    let Work::Run { learner, .. } = std::mem::replace(&mut self.work, Work::Idle)
                    else {
                        unreachable!("matched as a run")
                    };
                    self.work = Work::Test {
                        learner,
                        mistakes,
                        at: 0,
                        correct: 0,
                        value,
                    };
                }
            }
            Work::Test {
                learner,
                mistakes,
                at,
                correct,
                value,
            } => {
                if *at < self.test.len() {
                    let end = self.test.len().min(*at + STEP);
                    *correct += (*at..end)
                        .filter(|&i| learner.predict(self.test.row(i)) == self.test.label(i))
                        .count();
                    *at = end;
                } else {
                    self.points.push(SlicedPoint {
                        target,
                        key: self.sizing.key(),
                        value: *value,
                        support_size: learner.support_size(),
                        test_accuracy: accuracy(*correct, self.test.len()),
                        mistakes: *mistakes,
                    });
                    self.search = None;
                    self.work = Work::Idle;
                }
            }
        }
        Ok(())
    }

    /// Starts the next trial of the size's search, or its run.
    fn start(&mut self, target: usize) -> Result<()> {
        let value = match self.sizing {
            Sizing::Cap(_) => target as f64,
            Sizing::Knob(knob) => {
                let search = self.search.get_or_insert_with(|| Search::new(target));
                if let Some(s) = search.next() {
                    let trial =
                        TrialRun::start(self.algorithm, &self.base, knob, search, s, self.top)?;
                    self.work = Work::Trial(Box::new(trial));
                    return Ok(());
                }
                search.best().expect("a search tries at least once").value
            }
        };
        let at = sized(&self.base, self.sizing.key(), value)?;
        self.work = Work::Run {
            learner: Box::new(AnyLearner::new(self.algorithm, &at)?),
            progress: Progress::default(),
            at: 0,
            value,
        };
        Ok(())
    }
}

/// `correct` of `samples` as `eval::test_accuracy` gives it (the same
/// arithmetic, so a point equals the command line's to the bit).
fn accuracy(correct: usize, samples: usize) -> f64 {
    HeldOut::classified(samples, correct).accuracy()
}

#[cfg(test)]
#[path = "sliced_tests.rs"]
mod tests;
