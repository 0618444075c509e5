//! The paper protocol's learners and their parameters.
//!
//! Meng & Song give their parameters in Tables 1 and 2, which are images
//! missing from our copy of the paper; the text says only that the kernel
//! width is 1 for every learner and that both data sets use the same
//! parameters. So, as the text is silent, each learner runs with the
//! values of the authors' own code (github.com/songaimin/ProjectionTwoStageC,
//! commit d03bb14), cited by file, and the rule that code runs (the
//! "authors" forms of SPA and OLRD). The kernel width is the paper's, not
//! the files' defaults (3.2, 3.0, 4.1, 4.6).
//!
//! ALD projection has no file in that repository. It runs with the APSM
//! values it is built on (q = 4, λ = 0.1, ρ = 1), and its threshold ν is
//! set by dictionary size alone, on each data set ([`calibrate`]): the ν
//! of a fixed grid whose dictionary, after the first ordering's training
//! samples, is the largest not over 200, the budget of the authors' kernel
//! perceptron (RandomPA_New.m). The test set plays no part. The sweep
//! protocol ([`super::sweep`]) runs it at every threshold.

use super::Split;
use crate::error::Result;
use crate::learner::Learner;
use crate::registry::{Algorithm, AnyLearner};
use crate::settings::Settings;

/// The dictionary size ALD projection's threshold is calibrated to.
pub const ALD_DICTIONARY: usize = 200;

/// The thresholds [`calibrate`] tries, sparsest first: ν is a squared
/// distance in the feature space, between 0 and k(x, x) = 1.
pub const ALD_THRESHOLDS: [f64; 16] = [
    0.999999, 0.99999, 0.9999, 0.999, 0.99, 0.95, 0.9, 0.8, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.001,
    0.0001,
];

/// One learner of the paper protocol with its parameters.
#[derive(Clone, Debug)]
pub struct Contender {
    pub algorithm: Algorithm,
    /// Its parameters, as command-line flags ("--budget 200"): what
    /// [`Contender::settings`] applies, and what a reader types to rerun
    /// one learner with `onlinelearn learn`.
    pub parameters: String,
    /// Where they come from.
    pub source: String,
}

impl Contender {
    /// The learner's settings: the defaults, then the kernel width, the
    /// stream length T (OLRU and OLRD plan for it), the seed and its own
    /// parameters.
    pub fn settings(&self, sigma: f64, horizon: u64, seed: u64) -> Settings {
        let mut s = Settings {
            sigma,
            horizon: Some(horizon),
            seed,
            ..Settings::default()
        };
        let words: Vec<&str> = self.parameters.split_whitespace().collect();
        debug_assert!(words.len().is_multiple_of(2), "flag-value pairs");
        for pair in words.chunks(2) {
            let name = pair[0].trim_start_matches("--");
            s.set(name, pair[1])
                .unwrap_or_else(|e| panic!("{}: {e}", self.algorithm));
        }
        s
    }
}

/// The eight learners, in the registry's order.
pub fn contenders() -> Vec<Contender> {
    vec![
        Contender {
            algorithm: Algorithm::KernelPerceptron,
            parameters: "--budget 200".into(),
            source: "RandomPA_New.m: L = 200, past it a random support vector but the newest goes"
                .into(),
        },
        Contender {
            algorithm: Algorithm::Projectron,
            parameters: "--eta 0.001".into(),
            source: "Projectron.m: eta_error = 0.001 (on the distance, as ours)".into(),
        },
        Contender {
            algorithm: Algorithm::ProjectronPlus,
            parameters: "--eta 0.1".into(),
            source: "Projectron_Plus.m: eta_error = 0.1".into(),
        },
        Contender {
            algorithm: Algorithm::Apsm,
            parameters: "--q 4 --lambda 0.1 --radius 5 --dictionary 700".into(),
            source: "SKerAPSM_1.m: q = 4, muAdj = 0.1, delta = 5, L = 700 (our defaults)".into(),
        },
        Contender {
            algorithm: Algorithm::Spa,
            parameters: "--spa-form authors".into(),
            source: "SPA.m: joins with probability min(loss, 1), coefficient loss·y".into(),
        },
        Contender {
            algorithm: Algorithm::Olru,
            parameters: "--olru-c 1.2 --olru-a 0.2 --lr 0.7".into(),
            source: "OLRU.m: c = 1.2, alpha = 0.2, eta = 0.7; T = the training length".into(),
        },
        Contender {
            algorithm: Algorithm::Olrd,
            parameters: "--olrd-form authors --olrd-c 0.05 --lr 1.4".into(),
            source: "OLRD.m: c = 0.05, eta = 1.4, its discard rule; T = the training length".into(),
        },
        Contender {
            algorithm: Algorithm::AldProjection,
            // ν is a placeholder until [`calibrate`] sets it.
            parameters: "--q 4 --lambda 0.1 --nu 0.9999".into(),
            source: String::new(),
        },
    ]
}

/// Sets ALD projection's ν (see the module's documentation): on the first
/// split's training samples, in order, the grid's ν whose dictionary ends
/// largest without passing [`ALD_DICTIONARY`]. A trial stops as soon as it
/// passes, so none holds more than 201 vectors. Returns the contenders with
/// ALD's parameters and source filled in.
pub fn calibrate(
    mut list: Vec<Contender>,
    split: &Split,
    sigma: f64,
    seed: u64,
) -> Result<Vec<Contender>> {
    let Some(ald) = list
        .iter_mut()
        .find(|c| c.algorithm == Algorithm::AldProjection)
    else {
        return Ok(list);
    };
    let train = &split.train;
    let mut chosen = (ALD_THRESHOLDS[0], 0);
    for nu in ALD_THRESHOLDS {
        let mut settings = ald.settings(sigma, train.len() as u64, seed);
        settings.nu = nu;
        let mut learner = AnyLearner::new(Algorithm::AldProjection, &settings)?;
        let over = (0..train.len()).any(|i| {
            learner.learn_one(train.row(i), train.label(i));
            learner.support_size() > ALD_DICTIONARY
        });
        if over {
            break;
        }
        chosen = (nu, learner.support_size());
    }
    let nu = crate::number::text(chosen.0);
    ald.parameters = format!("--q 4 --lambda 0.1 --nu {nu}");
    ald.source = format!(
        "no code published: APSM's q and λ; ν = {nu} set by dictionary size alone ({} on the first ordering, at most {ALD_DICTIONARY})",
        chosen.1
    );
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::paper::{orderings::channel_splits, Setup};

    #[test]
    fn ald_is_calibrated_by_dictionary_size_alone() {
        let setup = Setup {
            n_train: 600,
            n_test: 10,
            repeats: 2,
            ..Setup::default()
        };
        let splits = channel_splits(&setup).unwrap();
        let list = calibrate(contenders(), &splits[0], 1.0, 1).unwrap();
        let ald = list
            .iter()
            .find(|c| c.algorithm == Algorithm::AldProjection)
            .unwrap();
        let settings = ald.settings(1.0, 600, 1);
        let position = ALD_THRESHOLDS
            .iter()
            .position(|&nu| nu == settings.nu)
            .unwrap();
        let size = |nu: f64| {
            let mut s = settings.clone();
            s.nu = nu;
            let mut l = AnyLearner::new(Algorithm::AldProjection, &s).unwrap();
            l.learn_batch(
                &splits[0].train,
                0..600,
                &mut crate::eval::Progress::default(),
            );
            l.support_size()
        };
        assert!(size(settings.nu) <= ALD_DICTIONARY);
        if let Some(&denser) = ALD_THRESHOLDS.get(position + 1) {
            assert!(
                size(denser) > ALD_DICTIONARY,
                "the next threshold passes the cap"
            );
        }
        assert!(
            ald.source.contains(&crate::number::text(settings.nu)),
            "{}",
            ald.source
        );
    }

    #[test]
    fn every_paper_learner_once_and_every_setting_valid() {
        let list = contenders();
        let algorithms: Vec<Algorithm> = list.iter().map(|c| c.algorithm).collect();
        assert_eq!(algorithms, Algorithm::in_paper().collect::<Vec<_>>());
        for c in &list {
            let settings = c.settings(1.0, 3000, 1);
            assert_ne!(settings, c.settings(1.0, 3000, 2), "the seed is set");
            AnyLearner::new(c.algorithm, &settings)
                .unwrap_or_else(|e| panic!("{}: {e}", c.algorithm));
            // Every parameter named is one the learner reads.
            let in_force = c.algorithm.settings_in_force(&settings);
            assert!(c.algorithm == Algorithm::AldProjection || !c.source.is_empty());
            for flag in c
                .parameters
                .split_whitespace()
                .filter(|w| w.starts_with("--"))
            {
                assert!(
                    in_force.iter().any(|k| format!("--{}", k.name()) == flag),
                    "{}: {flag} is not in force",
                    c.algorithm
                );
            }
        }
    }
}
