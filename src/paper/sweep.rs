//! The sweep protocol, stricter than the paper's: test error against
//! dictionary size with equal effort for every learner. Each gets eight
//! values of the one setting that sets its size (its entry's sweep), from
//! a small to a full dictionary; everything else keeps its default, and
//! the kernel width is the same for all. A learner's setting is *selected*
//! by its progressive (online) mistake rate on the training stream, never
//! by the test set; the test set only reports.

use super::stats::{Paired, Summary};
use super::{mean_curve, run_all, CurvePoint, Run, RunSummaries, Setup, Split};
use crate::error::Result;
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

/// A setting's runs over every ordering.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub setting: Setting,
    pub runs: Vec<Run>,
}

impl Outcome {
    pub fn test_error(&self) -> Summary {
        self.runs.test_error()
    }

    pub fn dictionary(&self) -> Summary {
        self.runs.dictionary()
    }

    pub fn online_error(&self) -> f64 {
        self.runs.online_error().mean
    }

    /// The learning curve averaged over orderings.
    pub fn curve(&self) -> Vec<CurvePoint> {
        mean_curve(&self.runs)
    }
}

/// The outcome of `algorithm` with the lowest online error among its
/// settings whose mean dictionary is at most `cap` (None: any size).
pub fn select(outcomes: &[Outcome], algorithm: Algorithm, cap: Option<f64>) -> Option<&Outcome> {
    outcomes
        .iter()
        .filter(|o| o.setting.algorithm == algorithm)
        .filter(|o| cap.is_none_or(|c| o.dictionary().mean <= c))
        .min_by(|a, b| a.online_error().total_cmp(&b.online_error()))
}

/// Runs every setting on every split.
pub fn run(
    splits: &[Split],
    setup: &Setup,
    settings: &[Setting],
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Vec<Outcome>> {
    let build = |i: usize, r: usize| {
        let s = settings[i].settings(
            setup.sigma,
            splits[r].train.len() as u64,
            setup.seed.wrapping_add(r as u64),
        );
        AnyLearner::new(settings[i].algorithm, &s)
    };
    let runs = run_all(settings.len(), splits, setup, &build, progress)?;
    Ok(settings
        .iter()
        .zip(runs)
        .map(|(&setting, runs)| Outcome { setting, runs })
        .collect())
}

/// At a dictionary cap, `reference`'s chosen setting against every other
/// learner's chosen setting, paired by ordering (reference − other).
pub fn paired_at(
    outcomes: &[Outcome],
    learners: &[Algorithm],
    reference: Algorithm,
    cap: Option<f64>,
) -> Vec<(Algorithm, Paired)> {
    let errors = |o: &Outcome| o.runs.iter().map(|r| r.test_error).collect::<Vec<_>>();
    let Some(ours) = select(outcomes, reference, cap) else {
        return Vec::new();
    };
    learners
        .iter()
        .filter(|&&a| a != reference)
        .filter_map(|&a| {
            select(outcomes, a, cap).map(|o| (a, Paired::test(&errors(ours), &errors(o))))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{Preset, Stream, StreamConfig};
    use crate::paper::shuffles;

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
        let splits = shuffles(&train, &test, &setup).unwrap();
        let settings: Vec<Setting> = Algorithm::in_paper().map(|a| grid(a)[6]).collect();
        let first = run(&splits, &setup, &settings, &|_, _| {}).unwrap();
        let one_thread = Setup {
            threads: 1,
            ..setup.clone()
        };
        let again = run(&splits, &one_thread, &settings, &|_, _| {}).unwrap();
        assert_eq!(
            first, again,
            "the same shuffles and seeds give the same numbers on any thread count"
        );
        for o in &first {
            assert_eq!(o.runs.len(), 2);
            assert!(
                o.test_error().mean < 0.4,
                "{}: {:?}",
                o.setting.describe(),
                o.test_error()
            );
            assert_eq!(o.runs[0].curve.len(), 3);
            assert!(o.dictionary().mean >= 1.0);
        }
        assert!(select(&first, Algorithm::AldProjection, None).is_some());
        assert!(select(&first, Algorithm::AldProjection, Some(0.5)).is_none());
        let learners: Vec<Algorithm> = Algorithm::in_paper().collect();
        let paired = paired_at(&first, &learners, Algorithm::AldProjection, None);
        assert_eq!(paired.len(), 7);
        let err = shuffles(
            &train,
            &test,
            &Setup {
                n_train: 1000,
                ..setup
            },
        )
        .unwrap_err();
        assert!(err.to_string().contains("n-train"), "{err}");
    }
}
