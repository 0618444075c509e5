//! Meng & Song (2023) reproduced: the eight kernel learners on the same
//! orderings of the same data, two protocols.
//!
//! - [`orderings`], the paper's own protocol (its Section 4): every learner
//!   at one set of parameters (the paper's where it gives them, else the
//!   authors' code's, see [`contenders`]), kernel width 1, test error and
//!   dictionary size against training samples seen, mean and standard
//!   error over random orderings; a paired test of ALD projection against
//!   each learner.
//! - [`sweep`], a stricter protocol of ours: every learner gets eight values
//!   of the one setting that sets its size; a value is chosen by the
//!   learner's online mistake rate, never by the test set, overall and
//!   under dictionary caps, and the chosen ones are compared pairwise.
//!
//! [`channel`] makes the paper's simulated data (Section 4.1). Runs go in
//! parallel over learners and orderings; the same seed gives the same
//! numbers on any number of threads.

pub mod channel;
pub mod contenders;
pub mod frontier;
pub mod orderings;
pub mod pool;
pub mod stats;
pub mod sweep;

use crate::data::rng::{derived, permutation};

use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::eval::{checkpoints, Progress};
use crate::learner::{sign, Learner};
use crate::registry::AnyLearner;
use stats::Summary;

/// How the runs go: sizes, how many orderings, the curve's resolution.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    pub n_train: usize,
    pub n_test: usize,
    /// The kernel width of every learner (the paper: 1).
    pub sigma: f64,
    pub repeats: usize,
    pub seed: u64,
    /// Points of each learning curve.
    pub checkpoints: usize,
    /// Test samples scored at each curve point (the final score uses all).
    pub curve_test: usize,
    pub threads: usize,
}

impl Default for Setup {
    /// The paper's a3a setting: 3,000 training and 20,000 test samples,
    /// width 1; 20 orderings.
    fn default() -> Self {
        Self {
            n_train: 3000,
            n_test: 20000,
            sigma: crate::settings::Settings::default().sigma,
            repeats: 20,
            seed: 1,
            checkpoints: 20,
            curve_test: 2000,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}

/// One ordering: the training samples in the order they are learned, and
/// the test samples.
#[derive(Clone, Debug)]
pub struct Split {
    pub train: Dataset,
    pub test: Dataset,
}

/// `setup.repeats` random orderings of a LIBSVM-style train/test pair: each
/// draws `n_train` training samples in a random order and `n_test` test
/// samples. Every learner sees the same ones.
pub fn shuffles(train: &Dataset, test: &Dataset, setup: &Setup) -> Result<Vec<Split>> {
    if setup.n_train == 0 || setup.n_train > train.len() {
        return Err(Error::setting(
            "n-train",
            "between 1 and the training file's size",
            setup.n_train as f64,
        ));
    }
    if setup.n_test == 0 || setup.n_test > test.len() {
        return Err(Error::setting(
            "n-test",
            "between 1 and the test file's size",
            setup.n_test as f64,
        ));
    }
    check_repeats(setup)?;
    Ok((0..setup.repeats)
        .map(|r| {
            let order = permutation(&mut derived(setup.seed, r as u64), train.len());
            let test_order =
                permutation(&mut derived(setup.seed, 1_000_000 + r as u64), test.len());
            Split {
                train: train.select(&order[..setup.n_train]),
                test: test.select(&test_order[..setup.n_test]),
            }
        })
        .collect())
}

fn check_repeats(setup: &Setup) -> Result<()> {
    if setup.repeats < 2 {
        return Err(Error::setting(
            "repeats",
            "at least 2 (standard errors need two orderings)",
            setup.repeats as f64,
        ));
    }
    Ok(())
}

/// One learner's run on one ordering.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// Misclassification rate on the whole test set after the last sample.
    pub test_error: f64,
    pub dictionary: usize,
    /// Progressive mistake rate on the training stream.
    pub online_error: f64,
    /// (samples seen, dictionary size, test error on the curve's subset).
    pub curve: Vec<(usize, usize, f64)>,
}

/// What the tables report of one learner's runs (one per ordering), the
/// same for both protocols.
pub trait RunSummaries {
    fn test_error(&self) -> Summary;
    fn dictionary(&self) -> Summary;
    fn online_error(&self) -> Summary;
}

impl RunSummaries for [Run] {
    fn test_error(&self) -> Summary {
        Summary::of(self.iter().map(|r| r.test_error))
    }

    fn dictionary(&self) -> Summary {
        Summary::of(self.iter().map(|r| r.dictionary as f64))
    }

    fn online_error(&self) -> Summary {
        Summary::of(self.iter().map(|r| r.online_error))
    }
}

/// Learns `split.train` in order, recording the curve.
pub fn run_one(mut learner: AnyLearner, split: &Split, setup: &Setup) -> Run {
    let curve_test = split.test.head(setup.curve_test.min(split.test.len()));
    let mut progress = Progress::default();
    let mut curve = Vec::new();
    for range in checkpoints(split.train.len(), setup.checkpoints) {
        learner.learn_batch(&split.train, range.clone(), &mut progress);
        curve.push((
            range.end,
            learner.support_size(),
            error_rate(&learner, &curve_test),
        ));
    }
    Run {
        test_error: error_rate(&learner, &split.test),
        dictionary: learner.support_size(),
        online_error: progress.mistake_rate(),
        curve,
    }
}

/// Runs every (learner, ordering) pair on `setup.threads` threads. `build`
/// makes learner `i` for ordering `r`; `progress(done, total)` is called as
/// runs finish. The result is indexed `[i][r]`.
pub fn run_all(
    learners: usize,
    splits: &[Split],
    setup: &Setup,
    build: &(dyn Fn(usize, usize) -> Result<AnyLearner> + Sync),
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Vec<Vec<Run>>> {
    let tasks: Vec<(usize, usize)> = (0..learners)
        .flat_map(|i| (0..splits.len()).map(move |r| (i, r)))
        .collect();
    let runs = pool::parallel(
        &tasks,
        setup.threads,
        &|&(i, r)| Ok(run_one(build(i, r)?, &splits[r], setup)),
        progress,
    )?;
    let mut by_learner: Vec<Vec<Run>> = (0..learners).map(|_| Vec::new()).collect();
    for (&(i, _), run) in tasks.iter().zip(runs) {
        by_learner[i].push(run);
    }
    Ok(by_learner)
}

/// Misclassification rate on a data set.
pub fn error_rate(learner: &dyn Learner, data: &Dataset) -> f64 {
    let wrong = (0..data.len())
        .filter(|&i| sign(learner.score(data.row(i))) != data.label(i))
        .count();
    wrong as f64 / data.len().max(1) as f64
}

/// A curve averaged over orderings: (samples, dictionary mean and standard
/// error, test error mean and standard error) per point.
pub fn mean_curve(runs: &[Run]) -> Vec<CurvePoint> {
    let points = runs.first().map_or(0, |r| r.curve.len());
    (0..points)
        .map(|k| CurvePoint {
            samples: runs[0].curve[k].0,
            dictionary: stats::Summary::of(runs.iter().map(|r| r.curve[k].1 as f64)),
            error: stats::Summary::of(runs.iter().map(|r| r.curve[k].2)),
        })
        .collect()
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CurvePoint {
    pub samples: usize,
    pub dictionary: stats::Summary,
    pub error: stats::Summary,
}
