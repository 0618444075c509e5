//! Every learner by name, built from one set of hyper-parameters: what the
//! command line and the browser session choose from.
//!
//! [`AnyLearner`] is an enum rather than a `Box<dyn Learner>` so that batch
//! learning stays monomorphic (no virtual call per sample) and so that
//! hyper-parameters can be changed mid-stream without losing the model.

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use crate::data::Dataset;
use crate::error::{check, Error, Result};
use crate::eval::Progress;
use crate::features::Features;
use crate::grid::Grid;
use crate::kernel::{AnyKernelLearner, KernelAlgorithm, KernelHyper, SupportSet};
use crate::learner::{Learner, LinearModel, Task, Update};
use crate::linear::{BiasMode, PaVariant, PassiveAggressive, Perceptron, Pocket};

/// The learners, by their command-line names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    Perceptron,
    AveragedPerceptron,
    Pocket,
    Pa,
    Pa1,
    Pa2,
    Kernel(KernelAlgorithm),
}

impl Algorithm {
    /// The linear learners.
    pub const LINEAR: [Algorithm; 6] = [
        Algorithm::Perceptron,
        Algorithm::AveragedPerceptron,
        Algorithm::Pocket,
        Algorithm::Pa,
        Algorithm::Pa1,
        Algorithm::Pa2,
    ];

    /// Every learner, linear then kernel.
    pub fn all() -> impl Iterator<Item = Algorithm> {
        Self::LINEAR
            .into_iter()
            .chain(KernelAlgorithm::ALL.map(Algorithm::Kernel))
    }

    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Perceptron => "perceptron",
            Algorithm::AveragedPerceptron => "averaged-perceptron",
            Algorithm::Pocket => "pocket",
            Algorithm::Pa => "pa",
            Algorithm::Pa1 => "pa1",
            Algorithm::Pa2 => "pa2",
            Algorithm::Kernel(k) => k.name(),
        }
    }

    /// A human-readable name for tables and the page.
    pub fn label(self) -> &'static str {
        match self {
            Algorithm::Perceptron => "Perceptron",
            Algorithm::AveragedPerceptron => "Averaged perceptron",
            Algorithm::Pocket => "Pocket",
            Algorithm::Pa => "PA",
            Algorithm::Pa1 => "PA-I",
            Algorithm::Pa2 => "PA-II",
            Algorithm::Kernel(k) => k.label(),
        }
    }

    pub fn is_kernel(self) -> bool {
        matches!(self, Algorithm::Kernel(_))
    }

    fn pa_variant(self) -> Option<PaVariant> {
        match self {
            Algorithm::Pa => Some(PaVariant::Pa),
            Algorithm::Pa1 => Some(PaVariant::Pa1),
            Algorithm::Pa2 => Some(PaVariant::Pa2),
            _ => None,
        }
    }

    /// Whether the algorithm can learn a regression task.
    pub fn supports(self, task: Task) -> bool {
        task == Task::Classification || self.pa_variant().is_some()
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = Error;
    fn from_str(name: &str) -> Result<Self> {
        Algorithm::all()
            .find(|a| a.name() == name)
            .ok_or_else(|| Error::UnknownName {
                what: "algorithm",
                got: name.to_string(),
                expected: Algorithm::all()
                    .map(Algorithm::name)
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }
}

/// Hyper-parameters for every learner; each learner reads the ones it uses.
#[derive(Clone, Debug, PartialEq)]
pub struct Hyper {
    /// PA-I / PA-II aggressiveness (also kernel PA and SPA).
    pub c: f64,
    /// Regression tube half-width.
    pub epsilon: f64,
    /// Perceptron and pocket step (also OLRU and OLRD's eta).
    pub learning_rate: f64,
    pub bias: BiasMode,
    pub task: Task,
    /// The kernel learners' settings.
    pub kernel: KernelHyper,
}

impl Default for Hyper {
    /// The defaults of River and scikit-learn: C = 1, eps = 0.1, eta = 1.
    fn default() -> Self {
        Self {
            c: 1.0,
            epsilon: 0.1,
            learning_rate: 1.0,
            bias: BiasMode::Augmented,
            task: Task::Classification,
            kernel: KernelHyper::default(),
        }
    }
}

impl Hyper {
    /// Checks the shared values once, naming the allowed range of a bad
    /// one (each kernel learner checks its own when built).
    pub fn validate(&self) -> Result<()> {
        check::positive_finite("C", self.c)?;
        check::non_negative_finite("epsilon", self.epsilon)?;
        check::positive_finite("learning rate", self.learning_rate)?;
        self.kernel.kernel.validate()?;
        Ok(())
    }
}

/// Any learner of [`Algorithm`], with static dispatch. The kernel variant is
/// much larger than the linear ones; a session holds one learner, so boxing
/// it would add an indirection to every sample for no memory worth saving.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
pub enum AnyLearner {
    Perceptron(Perceptron),
    Pocket(Pocket),
    PassiveAggressive(PassiveAggressive),
    Kernel(AnyKernelLearner),
}

macro_rules! each {
    ($self:expr, $learner:ident => $body:expr) => {
        match $self {
            AnyLearner::Perceptron($learner) => $body,
            AnyLearner::Pocket($learner) => $body,
            AnyLearner::PassiveAggressive($learner) => $body,
            AnyLearner::Kernel($learner) => $body,
        }
    };
}

impl AnyLearner {
    pub fn new(algorithm: Algorithm, hyper: &Hyper) -> Result<Self> {
        hyper.validate()?;
        if !algorithm.supports(hyper.task) {
            return Err(Error::InvalidSample(format!(
                "{} does not do {}; use pa, pa1 or pa2",
                algorithm.name(),
                hyper.task.name()
            )));
        }
        let (eta, bias) = (hyper.learning_rate, hyper.bias);
        Ok(match algorithm {
            Algorithm::Perceptron => AnyLearner::Perceptron(Perceptron::new(eta, bias)?),
            Algorithm::AveragedPerceptron => {
                AnyLearner::Perceptron(Perceptron::averaged(eta, bias)?)
            }
            Algorithm::Pocket => AnyLearner::Pocket(Pocket::new(eta, bias)?),
            Algorithm::Pa | Algorithm::Pa1 | Algorithm::Pa2 => {
                let variant = algorithm.pa_variant().expect("a PA algorithm");
                AnyLearner::PassiveAggressive(match hyper.task {
                    Task::Classification => PassiveAggressive::classifier(variant, hyper.c, bias)?,
                    Task::Regression => {
                        PassiveAggressive::regressor(variant, hyper.c, hyper.epsilon, bias)?
                    }
                })
            }
            Algorithm::Kernel(k) => {
                AnyLearner::Kernel(AnyKernelLearner::new(k, &hyper.kernel, hyper.c, eta)?)
            }
        })
    }

    /// A new learner that starts from another's linear model, so switching
    /// algorithm mid-stream does not throw the picture away.
    pub fn warm_started(algorithm: Algorithm, hyper: &Hyper, from: &LinearModel) -> Result<Self> {
        Ok(match Self::new(algorithm, hyper)? {
            AnyLearner::Perceptron(p) => AnyLearner::Perceptron(p.with_model(from)),
            AnyLearner::Pocket(p) => AnyLearner::Pocket(p.with_model(from)),
            AnyLearner::PassiveAggressive(p) => AnyLearner::PassiveAggressive(p.with_model(from)),
            kernel @ AnyLearner::Kernel(_) => kernel,
        })
    }

    pub fn algorithm(&self) -> Algorithm {
        match self {
            AnyLearner::Perceptron(p) if p.is_averaged() => Algorithm::AveragedPerceptron,
            AnyLearner::Perceptron(_) => Algorithm::Perceptron,
            AnyLearner::Pocket(_) => Algorithm::Pocket,
            AnyLearner::PassiveAggressive(p) => match p.variant() {
                PaVariant::Pa => Algorithm::Pa,
                PaVariant::Pa1 => Algorithm::Pa1,
                PaVariant::Pa2 => Algorithm::Pa2,
            },
            AnyLearner::Kernel(k) => Algorithm::Kernel(k.algorithm()),
        }
    }

    /// The weights the update rule moves when predictions use other weights:
    /// the pocket's perceptron, the averaged perceptron's current vector.
    pub fn moving_model(&self) -> Option<LinearModel> {
        match self {
            AnyLearner::Pocket(p) => Some(p.current().model()),
            AnyLearner::Perceptron(p) if p.is_averaged() => Some(p.current().model()),
            _ => None,
        }
    }

    /// Applies new hyper-parameters, keeping the model. Nothing changes if
    /// any value is invalid.
    pub fn retune(&mut self, hyper: &Hyper) -> Result<()> {
        hyper.validate()?;
        if hyper.task != self.task() {
            return Err(Error::InvalidSample(
                "the task cannot change mid-stream; reset the learner".into(),
            ));
        }
        match self {
            AnyLearner::Perceptron(p) => {
                p.set_learning_rate(hyper.learning_rate)?;
                p.set_bias_mode(hyper.bias);
            }
            AnyLearner::Pocket(p) => {
                p.set_learning_rate(hyper.learning_rate)?;
                p.set_bias_mode(hyper.bias);
            }
            AnyLearner::PassiveAggressive(p) => {
                p.set_c(hyper.c)?;
                p.set_epsilon(hyper.epsilon)?;
                p.set_bias_mode(hyper.bias);
            }
            AnyLearner::Kernel(k) => {
                // Validate on a copy first, so a refused value changes nothing.
                let mut trial = k.clone();
                trial.retune(&hyper.kernel, hyper.c)?;
                *k = trial;
            }
        }
        Ok(())
    }
}

impl Learner for AnyLearner {
    fn task(&self) -> Task {
        each!(self, l => l.task())
    }

    #[inline]
    fn score(&self, x: Features<'_>) -> f64 {
        each!(self, l => l.score(x))
    }

    #[inline]
    fn learn_one(&mut self, x: Features<'_>, y: f64) -> Update {
        each!(self, l => l.learn_one(x, y))
    }

    fn reset(&mut self) {
        each!(self, l => l.reset())
    }

    fn linear_model(&self) -> Option<LinearModel> {
        each!(self, l => l.linear_model())
    }

    fn support_size(&self) -> usize {
        each!(self, l => l.support_size())
    }

    fn support_set(&self) -> Option<&SupportSet> {
        each!(self, l => l.support_set())
    }

    fn kernel_offset(&self) -> f64 {
        each!(self, l => l.kernel_offset())
    }

    fn learn_batch(&mut self, data: &Dataset, rows: Range<usize>, progress: &mut Progress) {
        each!(self, l => l.learn_batch(data, rows, progress))
    }

    fn score_grid(&self, grid: &Grid, out: &mut [f32]) {
        each!(self, l => l.score_grid(grid, out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_algorithm_builds_and_names_round_trip() {
        for a in Algorithm::all() {
            assert_eq!(a.name().parse::<Algorithm>().unwrap(), a);
            let learner = AnyLearner::new(a, &Hyper::default()).unwrap();
            assert_eq!(learner.algorithm(), a);
        }
        let err = "svm".parse::<Algorithm>().unwrap_err().to_string();
        assert!(err.starts_with("unknown algorithm 'svm'"), "{err}");
    }

    #[test]
    fn regression_only_for_the_pa_family() {
        let hyper = Hyper {
            task: Task::Regression,
            ..Hyper::default()
        };
        assert!(AnyLearner::new(Algorithm::Perceptron, &hyper).is_err());
        assert_eq!(
            AnyLearner::new(Algorithm::Pa2, &hyper).unwrap().task(),
            Task::Regression
        );
    }

    #[test]
    fn retune_keeps_the_model_and_refuses_bad_values_atomically() {
        let mut learner = AnyLearner::new(Algorithm::Pa1, &Hyper::default()).unwrap();
        learner.learn_one(Features::Dense(&[1.0, -2.0]), 1.0);
        let model = learner.linear_model();
        learner
            .retune(&Hyper {
                c: 0.01,
                ..Hyper::default()
            })
            .unwrap();
        assert_eq!(learner.linear_model(), model);
        let bad = Hyper {
            c: 0.5,
            learning_rate: -1.0,
            ..Hyper::default()
        };
        assert!(learner.retune(&bad).is_err());
        let AnyLearner::PassiveAggressive(pa) = &learner else {
            panic!()
        };
        assert_eq!(pa.c(), 0.01, "a refused retune changes nothing");
    }

    #[test]
    fn warm_start_carries_the_weights() {
        let model = LinearModel {
            weights: vec![0.5, -1.0],
            bias: 0.25,
        };
        for a in Algorithm::LINEAR {
            let learner = AnyLearner::warm_started(a, &Hyper::default(), &model).unwrap();
            assert_eq!(learner.linear_model().unwrap(), model, "{a}");
        }
    }
}
