//! Seed 004's comparison, reproduced: the eight kernel learners on the same
//! shuffled orders of a LIBSVM data set, test misclassification rate
//! against dictionary size (the paper's Figures 2 and 3).
//!
//! Equal effort for every learner: eight values of the one setting that
//! sets its size (its entry's sweep), from a small to a full dictionary;
//! everything
//! else keeps its default, and the kernel width is the same for all. A
//! learner's setting is *selected* by its progressive (online) mistake rate
//! on the training stream, never by the test set; the test set only
//! reports. Runs go in parallel over settings and shuffles.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::data::{Dataset, Rng};
use crate::error::{Error, Result};
use crate::eval::Progress;
use crate::learner::{sign, Learner};
use crate::registry::{Algorithm, AnyLearner};
use crate::settings::{Key, Settings};

/// One learner with one value of its sweep (see [`crate::learner::Sweep`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Setting {
    pub algorithm: Algorithm,
    pub key: Key,
    /// The event log's number for the value (0: no budget).
    pub value: f64,
}

impl Setting {
    /// The learner's settings for a run of `horizon` samples: the defaults,
    /// the kernel width, and the swept value. OLRU's a is 0, so that its
    /// swept c is the update probability P itself.
    pub fn settings(&self, sigma: f64, horizon: u64, seed: u64) -> Settings {
        let mut s = Settings {
            sigma,
            horizon: Some(horizon),
            seed,
            olru_a: 0.0,
            ..Settings::default()
        };
        s.set_number(self.key, self.value)
            .expect("a learner's sweep holds values its setting accepts");
        s
    }

    /// The value as the settings write it ("none" for no budget).
    pub fn value_text(&self) -> String {
        let mut s = Settings::default();
        s.set_number(self.key, self.value)
            .expect("a valid sweep value");
        s.text(self.key)
    }

    pub fn describe(&self) -> String {
        format!("{} = {}", self.key.name(), self.value_text())
    }
}

/// The settings a learner's sweep tries (none for a learner without one).
pub fn grid(algorithm: Algorithm) -> Vec<Setting> {
    algorithm
        .info()
        .sweep
        .map(|sweep| {
            sweep
                .values
                .iter()
                .map(|&value| Setting {
                    algorithm,
                    key: sweep.key,
                    value,
                })
                .collect()
        })
        .unwrap_or_default()
}

/// How the experiment runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    pub n_train: usize,
    pub n_test: usize,
    pub sigma: f64,
    pub repeats: usize,
    pub seed: u64,
    /// Points of each learning curve.
    pub checkpoints: usize,
    /// Test samples scored at each checkpoint (the final score uses all).
    pub curve_test: usize,
    pub threads: usize,
}

impl Default for Setup {
    /// Seed 004's a3a setting: 3,000 training and 20,000 test samples, width 1.
    fn default() -> Self {
        Self {
            n_train: 3000,
            n_test: 20000,
            sigma: 1.0,
            repeats: 10,
            seed: 1,
            checkpoints: 10,
            curve_test: 1000,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}

/// One run of one setting on one shuffle.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    pub test_error: f64,
    pub dictionary: usize,
    /// Progressive mistake rate on the training stream (selects settings).
    pub online_error: f64,
    /// (samples, dictionary size, test error on the curve subset).
    pub curve: Vec<(usize, usize, f64)>,
}

/// A setting's runs over every shuffle.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub setting: Setting,
    pub runs: Vec<Run>,
}

/// Mean and sample standard deviation.
pub fn mean_sd(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let values: Vec<f64> = values.collect();
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let var = if values.len() > 1 {
        values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    (mean, var.sqrt())
}

impl Outcome {
    pub fn test_error(&self) -> (f64, f64) {
        mean_sd(self.runs.iter().map(|r| r.test_error))
    }

    pub fn dictionary(&self) -> (f64, f64) {
        mean_sd(self.runs.iter().map(|r| r.dictionary as f64))
    }

    pub fn online_error(&self) -> f64 {
        mean_sd(self.runs.iter().map(|r| r.online_error)).0
    }

    /// The learning curve averaged over shuffles.
    pub fn mean_curve(&self) -> Vec<(usize, f64, f64)> {
        let points = self.runs[0].curve.len();
        (0..points)
            .map(|k| {
                let samples = self.runs[0].curve[k].0;
                let dictionary = mean_sd(self.runs.iter().map(|r| r.curve[k].1 as f64)).0;
                let error = mean_sd(self.runs.iter().map(|r| r.curve[k].2)).0;
                (samples, dictionary, error)
            })
            .collect()
    }
}

/// The outcome of `algorithm` with the lowest online error among its
/// settings whose mean dictionary is at most `cap` (None: any size).
pub fn select(outcomes: &[Outcome], algorithm: Algorithm, cap: Option<f64>) -> Option<&Outcome> {
    outcomes
        .iter()
        .filter(|o| o.setting.algorithm == algorithm)
        .filter(|o| cap.is_none_or(|c| o.dictionary().0 <= c))
        .min_by(|a, b| a.online_error().total_cmp(&b.online_error()))
}

/// Runs every setting on every shuffle. `progress(done, total)` is called
/// as runs finish.
pub fn run(
    train: &Dataset,
    test: &Dataset,
    setup: &Setup,
    settings: &[Setting],
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Vec<Outcome>> {
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
    if setup.repeats == 0 {
        return Err(Error::setting("repeats", "at least 1", 0.0));
    }
    // Every learner sees the same shuffles: they depend on the seed and the repeat only.
    let shuffles: Vec<(Dataset, Dataset)> = (0..setup.repeats)
        .map(|r| {
            let order = Rng::derive(setup.seed, r as u64).permutation(train.len());
            let test_order = Rng::derive(setup.seed, 1_000_000 + r as u64).permutation(test.len());
            (
                train.select(&order[..setup.n_train]),
                test.select(&test_order[..setup.n_test]),
            )
        })
        .collect();
    let tasks: Vec<(usize, usize)> = (0..settings.len())
        .flat_map(|s| (0..setup.repeats).map(move |r| (s, r)))
        .collect();
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(tasks.len()));
    let failure = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..setup.threads.max(1) {
            scope.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(s, r)) = tasks.get(k) else { break };
                let (train, test) = &shuffles[r];
                match one_run(&settings[s], train, test, setup, r as u64) {
                    Ok(run) => {
                        let mut done = results.lock().unwrap();
                        done.push((s, r, run));
                        progress(done.len(), tasks.len());
                    }
                    Err(e) => *failure.lock().unwrap() = Some(e),
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().unwrap() {
        return Err(e);
    }
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|&(s, r, _)| (s, r));
    let mut outcomes: Vec<Outcome> = settings
        .iter()
        .map(|&setting| Outcome {
            setting,
            runs: Vec::new(),
        })
        .collect();
    for (s, _, run) in results {
        outcomes[s].runs.push(run);
    }
    Ok(outcomes)
}

fn one_run(
    setting: &Setting,
    train: &Dataset,
    test: &Dataset,
    setup: &Setup,
    repeat: u64,
) -> Result<Run> {
    let settings = setting.settings(
        setup.sigma,
        setup.n_train as u64,
        setup.seed.wrapping_add(repeat),
    );
    let mut learner = AnyLearner::new(setting.algorithm, &settings)?;
    let curve_test = test.head(setup.curve_test.min(test.len()));
    let mut progress = Progress::default();
    let mut curve = Vec::new();
    for range in crate::eval::checkpoints(train.len(), setup.checkpoints) {
        learner.learn_batch(train, range.clone(), &mut progress);
        curve.push((
            range.end,
            learner.support_size(),
            error_rate(&learner, &curve_test),
        ));
    }
    Ok(Run {
        test_error: error_rate(&learner, test),
        dictionary: learner.support_size(),
        online_error: progress.mistake_rate(),
        curve,
    })
}

/// Misclassification rate on a data set.
pub fn error_rate(learner: &dyn Learner, data: &Dataset) -> f64 {
    let wrong = (0..data.len())
        .filter(|&i| sign(learner.score(data.row(i))) != data.label(i))
        .count();
    wrong as f64 / data.len().max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{Preset, Stream, StreamConfig};

    #[test]
    fn every_learner_gets_eight_settings_and_runs_reproducibly() {
        for a in Algorithm::in_paper() {
            assert_eq!(grid(a).len(), 8, "{a}");
        }
        let train = Stream::new(StreamConfig::new(Preset::Moons, 1))
            .unwrap()
            .take(200);
        let test = Stream::new(StreamConfig::new(Preset::Moons, 1))
            .unwrap()
            .test_set(300);
        let setup = Setup {
            n_train: 150,
            n_test: 300,
            sigma: 0.4,
            repeats: 2,
            checkpoints: 3,
            curve_test: 100,
            threads: 2,
            ..Setup::default()
        };
        let settings: Vec<Setting> = Algorithm::in_paper().map(|a| grid(a)[6]).collect();
        let first = run(&train, &test, &setup, &settings, &|_, _| {}).unwrap();
        let again = run(
            &train,
            &test,
            &Setup {
                threads: 1,
                ..setup.clone()
            },
            &settings,
            &|_, _| {},
        )
        .unwrap();
        assert_eq!(
            first, again,
            "the same shuffles and seeds give the same numbers on any thread count"
        );
        for o in &first {
            assert_eq!(o.runs.len(), 2);
            assert!(
                o.test_error().0 < 0.4,
                "{}: {:?}",
                o.setting.describe(),
                o.test_error()
            );
            assert_eq!(o.runs[0].curve.len(), 3);
            assert!(o.dictionary().0 >= 1.0);
        }
        assert!(select(&first, Algorithm::AldProjection, None).is_some());
        assert!(select(&first, Algorithm::AldProjection, Some(0.5)).is_none());
        let err = run(
            &train,
            &test,
            &Setup {
                n_train: 1000,
                ..setup
            },
            &settings,
            &|_, _| {},
        )
        .unwrap_err();
        assert!(err.to_string().contains("n-train"), "{err}");
    }
}
