//! The paper protocol: every learner at its one set of parameters
//! ([`super::contenders`]) on the same orderings; test error and
//! dictionary size against samples seen, mean and standard error over the
//! orderings; ALD projection against each learner, paired by ordering.

use super::contenders::Contender;
use super::stats::{Paired, Summary};
use super::{
    channel, check_repeats, mean_curve, run_all, CurvePoint, Run, RunSummaries, Setup, Split,
};
use crate::data::rng::derived;
use crate::error::Result;
use crate::registry::{Algorithm, AnyLearner};

/// One learner's runs, one per ordering.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub contender: Contender,
    pub runs: Vec<Run>,
}

impl Outcome {
    pub fn test_error(&self) -> Summary {
        self.runs.test_error()
    }

    pub fn dictionary(&self) -> Summary {
        self.runs.dictionary()
    }

    pub fn online_error(&self) -> Summary {
        self.runs.online_error()
    }

    pub fn curve(&self) -> Vec<CurvePoint> {
        mean_curve(&self.runs)
    }

    fn test_errors(&self) -> Vec<f64> {
        self.runs.iter().map(|r| r.test_error).collect()
    }
}

/// Runs every contender on every split. Learner seeds follow the ordering
/// (seed + r), so randomised learners differ between orderings and repeat
/// exactly between runs.
pub fn run(
    splits: &[Split],
    setup: &Setup,
    contenders: &[Contender],
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Vec<Outcome>> {
    let build = |i: usize, r: usize| {
        let c = &contenders[i];
        let settings = c.settings(
            setup.sigma,
            splits[r].train.len() as u64,
            setup.seed.wrapping_add(r as u64),
        );
        AnyLearner::new(c.algorithm, &settings)
    };
    let runs = run_all(contenders.len(), splits, setup, &build, progress)?;
    Ok(contenders
        .iter()
        .cloned()
        .zip(runs)
        .map(|(contender, runs)| Outcome { contender, runs })
        .collect())
}

/// `setup.repeats` independent realisations of the simulated channel
/// ([`channel`]): `n_train` training and `n_test` test samples each.
pub fn channel_splits(setup: &Setup) -> Result<Vec<Split>> {
    check_repeats(setup)?;
    Ok((0..setup.repeats)
        .map(|r| {
            let mut rng = derived(setup.seed, 2_000_000 + r as u64);
            Split {
                train: channel::samples(setup.n_train, &mut rng),
                test: channel::samples(setup.n_test, &mut rng),
            }
        })
        .collect())
}

/// `reference`'s final test error against every other learner's, paired by
/// ordering (the difference is reference − other: negative favours it).
pub fn paired_against(outcomes: &[Outcome], reference: Algorithm) -> Vec<(Algorithm, Paired)> {
    let Some(ours) = outcomes.iter().find(|o| o.contender.algorithm == reference) else {
        return Vec::new();
    };
    outcomes
        .iter()
        .filter(|o| o.contender.algorithm != reference)
        .map(|o| {
            (
                o.contender.algorithm,
                Paired::test(&ours.test_errors(), &o.test_errors()),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::paper::contenders::contenders;

    #[test]
    fn the_paper_protocol_runs_reproducibly_on_the_channel() {
        let setup = Setup {
            n_train: 300,
            n_test: 400,
            repeats: 3,
            checkpoints: 4,
            curve_test: 100,
            threads: 3,
            ..Setup::default()
        };
        let splits = channel_splits(&setup).unwrap();
        let all = contenders();
        let first = run(&splits, &setup, &all, &|_, _| {}).unwrap();
        let again = run(
            &splits,
            &Setup {
                threads: 1,
                ..setup.clone()
            },
            &all,
            &|_, _| {},
        )
        .unwrap();
        for (a, b) in first.iter().zip(&again) {
            assert_eq!(
                a.runs, b.runs,
                "{}: any thread count, same numbers",
                a.contender.algorithm
            );
        }
        for o in &first {
            assert_eq!(o.runs.len(), 3);
            let curve = o.curve();
            assert_eq!(curve.len(), 4);
            assert_eq!(curve.last().unwrap().samples, 300);
            // The equaliser is learnable: every learner beats a coin, but
            // the authors' OLRD, whose budget 1 + 0.05 √300 is one vector.
            if o.contender.algorithm != Algorithm::Olrd {
                assert!(
                    o.test_error().mean < 0.4,
                    "{}: {:?}",
                    o.contender.algorithm,
                    o.test_error()
                );
            }
            assert!(o.dictionary().mean >= 1.0);
        }
        let budgeted = &first[0];
        assert!(budgeted.runs.iter().all(|r| r.dictionary <= 200));
        let paired = paired_against(&first, Algorithm::AldProjection);
        assert_eq!(paired.len(), 7);
        assert!(paired.iter().all(|(_, p)| p.difference.n == 3));
        assert!(
            channel_splits(&Setup {
                repeats: 1,
                ..setup
            })
            .is_err(),
            "one ordering has no standard error"
        );
    }
}
