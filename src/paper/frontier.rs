//! The budget frontier on data files ([`crate::frontier`] says what a size
//! is): every learner at every size, on `orderings` shuffles of the
//! training data, each run exactly the run `onlinelearn learn --seed S`
//! makes: ordering i is the whole training set shuffled as `--seed S + i`
//! shuffles it (its first pass), and the randomised learners draw from
//! that seed. The held-out error is then measured on the whole test set.
//!
//! A knob-sized learner's value for each size is searched for first
//! ([`crate::frontier::search`]) on the first ordering alone, and that one
//! value runs on every ordering (a setting, as a reader would pick it,
//! not a value tuned per shuffle). Runs go in parallel; the numbers do not
//! depend on the number of threads.

use std::time::Instant;

use super::pool::parallel;
use super::stats::Summary;
use crate::data::Dataset;
use crate::error::Result;
use crate::eval::{test_accuracy, Progress};
use crate::frontier::search::Search;
pub use crate::frontier::sliced::order;
use crate::frontier::sliced::TrialRun;
use crate::frontier::{largest_self_kernel, sized, sizing, Sizing};
use crate::kernel::KernelSpec;
use crate::learner::Learner;
use crate::registry::{Algorithm, AnyLearner};
use crate::settings::{Key, Settings};

/// What to run: the sizes, the orderings, the threads.
#[derive(Clone, Debug)]
pub struct Setup {
    /// Support-set sizes, ascending.
    pub sizes: Vec<usize>,
    /// The first ordering's seed S: ordering i is `--seed S + i`.
    pub first_seed: u64,
    pub orderings: usize,
    pub threads: usize,
}

impl Setup {
    /// The seed of ordering `i`.
    pub fn seed(&self, i: usize) -> u64 {
        self.first_seed.wrapping_add(i as u64)
    }
}

/// One learner at one size, over every ordering.
#[derive(Clone, Debug)]
pub struct Point {
    pub algorithm: Algorithm,
    /// The size asked for.
    pub target: usize,
    /// The setting that set the size, and its value.
    pub key: Key,
    pub value: f64,
    /// The knob's search (its trials, on the first ordering), for a
    /// knob-sized learner.
    pub search: Option<Search>,
    /// One run per ordering, in order.
    pub runs: Vec<OrderingRun>,
}

/// One run: exactly `onlinelearn learn ... --seed {seed}`'s.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OrderingRun {
    pub seed: u64,
    pub support_size: usize,
    /// On the whole test set, as `learn` reports it.
    pub test_accuracy: f64,
    /// Progressive mistakes on the training stream.
    pub mistakes: u64,
    /// Seconds spent learning (the test excluded).
    pub learn_seconds: f64,
}

impl OrderingRun {
    /// The held-out misclassification rate, 1 − accuracy.
    pub fn test_error(&self) -> f64 {
        1.0 - self.test_accuracy
    }
}

impl Point {
    pub fn support(&self) -> Summary {
        Summary::of(self.runs.iter().map(|r| r.support_size as f64))
    }

    pub fn error(&self) -> Summary {
        Summary::of(self.runs.iter().map(OrderingRun::test_error))
    }

    pub fn seconds(&self) -> Summary {
        Summary::of(self.runs.iter().map(|r| r.learn_seconds))
    }

    /// The size the search reached on the first ordering, and whether its
    /// trial ran to the end (else it stopped past the search's limit).
    pub fn reached(&self) -> Option<(usize, bool)> {
        let best = self.search.as_ref()?.best()?;
        Some((best.size, best.finished))
    }
}

/// Which phase a progress report is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The knob searches, one task per (learner, size).
    Search,
    /// The runs, one per (learner, size, ordering).
    Runs,
}

/// Runs the frontier. `train` and `test` hold ±1 labels, `train` in file
/// order; `settings` are every learner's (the seed and the size setting
/// are set per run). `progress(phase, done, total)` is called as tasks end.
pub fn run(
    train: &Dataset,
    test: &Dataset,
    algorithms: &[Algorithm],
    settings: &Settings,
    setup: &Setup,
    progress: &(dyn Fn(Phase, usize, usize) + Sync),
) -> Result<Vec<Point>> {
    let mut points = Vec::new();
    for &algorithm in algorithms {
        let sizing = sizing(algorithm, settings).map_err(|_| {
            let text = format!("{algorithm} has no support-set size to set at these settings");
            crate::error::Error::Mismatch(text.into())
        })?;
        for &target in &setup.sizes {
            points.push(Point {
                algorithm,
                target,
                key: sizing.key(),
                value: target as f64,
                search: matches!(sizing, Sizing::Knob(_)).then(|| Search::new(target)),
                runs: Vec::new(),
            });
        }
    }
    let kernel = KernelSpec::from_settings(settings);
    let top = largest_self_kernel(kernel, (0..train.len()).map(|i| train.row(i)));
    let first = train.select(&order(train.len(), setup.seed(0)));
    let searching: Vec<usize> = (0..points.len())
        .filter(|&i| points[i].search.is_some())
        .collect();
    let searched = parallel(
        &searching,
        setup.threads,
        &|&i| {
            let p = &points[i];
            search(p.algorithm, p.target, settings, setup.seed(0), &first, top)
        },
        &|done, total| progress(Phase::Search, done, total),
    )?;
    for (&i, (value, search)) in searching.iter().zip(searched) {
        points[i].value = value;
        points[i].search = Some(search);
    }
    let tasks: Vec<(usize, usize)> = (0..points.len())
        .flat_map(|p| (0..setup.orderings).map(move |o| (p, o)))
        .collect();
    let runs = parallel(
        &tasks,
        setup.threads,
        &|&(p, o)| {
            let point = &points[p];
            let seed = setup.seed(o);
            let at = sized(settings, point.key, point.value)?;
            one_run(point.algorithm, &Settings { seed, ..at }, train, test)
        },
        &|done, total| progress(Phase::Runs, done, total),
    )?;
    for (&(p, _), run) in tasks.iter().zip(runs) {
        points[p].runs.push(run);
    }
    Ok(points)
}

/// One ordering's run: the training set shuffled by the settings' seed,
/// learned in order, then the whole test set.
pub fn one_run(
    algorithm: Algorithm,
    settings: &Settings,
    train: &Dataset,
    test: &Dataset,
) -> Result<OrderingRun> {
    let ordered = train.select(&order(train.len(), settings.seed));
    let mut learner = AnyLearner::new(algorithm, settings)?;
    let mut progress = Progress::default();
    let clock = Instant::now();
    learner.learn_batch(&ordered, 0..ordered.len(), &mut progress);
    let learn_seconds = clock.elapsed().as_secs_f64();
    Ok(OrderingRun {
        seed: settings.seed,
        support_size: learner.support_size(),
        test_accuracy: test_accuracy(&learner, test),
        mistakes: progress.mistakes,
        learn_seconds,
    })
}

/// The knob value that brings `algorithm`'s set nearest `target` on the
/// first ordering (`first`, shuffled by `seed`), and the search's trials.
fn search(
    algorithm: Algorithm,
    target: usize,
    settings: &Settings,
    seed: u64,
    first: &Dataset,
    top: f64,
) -> Result<(f64, Search)> {
    let Ok(Sizing::Knob(knob)) = sizing(algorithm, settings) else {
        unreachable!("only knob-sized learners are searched")
    };
    let base = Settings {
        seed,
        ..settings.clone()
    };
    let mut search = Search::new(target);
    while let Some(s) = search.next() {
        // The trial the page's sliced frontier runs too, here in one go.
        let mut trial = TrialRun::start(algorithm, &base, knob, &search, s, top)?;
        let done = loop {
            if let Some(done) = trial.step(first) {
                break done;
            }
        };
        search.tried(done);
    }
    let best = search.best().expect("a search tries at least once");
    Ok((best.value, search))
}

#[cfg(test)]
#[path = "frontier_tests.rs"]
mod tests;
