//! What the theory layer knows of a learner: which theorems it has, the C
//! its comparators use, and how it reads the bias. Every learner on two
//! classes is covered: the comparators in hindsight and the regret do not
//! depend on the learner; the bounds do, and a learner without a
//! transcribed one says why (`untranscribed.rs`). Regression is refused.

use crate::error::{Error, Result};
use crate::learner::Task;
use crate::registry::Algorithm;
use crate::settings::{BiasMode, Key, Settings};

/// A learner as the theory layer sees it: the theorems it has.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Covered {
    Perceptron,
    AveragedPerceptron,
    Pocket,
    /// The selective sampling perceptron: the perceptron on the rounds
    /// whose label it asked for (the perceptron's bounds as our corollary).
    Selective,
    Pa,
    Pa1 {
        c: f64,
    },
    Pa2 {
        c: f64,
    },
    /// The kernel perceptron: Novikoff's and Freund & Schapire's bounds in
    /// the feature space of its kernel (`theory::kernel`); its budget,
    /// when one removed support vectors, takes it out of the theorems.
    KernelPerceptron,
    /// Kernel PA-I and PA-II: Crammer et al. 2006's Theorems 4 and 5 in
    /// the feature space (their proofs use inner products only).
    KernelPa1 {
        c: f64,
    },
    KernelPa2 {
        c: f64,
    },
    /// Any other learner: the comparators (at its C, or 1 without one)
    /// and the regret, and the reason no bound is transcribed.
    Untranscribed {
        algorithm: Algorithm,
        c: f64,
    },
}

impl Covered {
    /// The learner as the theory layer sees it; regression is refused.
    pub fn of(algorithm: Algorithm, settings: &Settings) -> Result<Self> {
        if settings.task != Task::Classification {
            return Err(Error::Mismatch(format!(
                "the theory layer covers two-class classification, not {}: its bounds and comparators are about margins y·f(x)",
                settings.task.name()
            ).into()));
        }
        let c = settings.c;
        Ok(match algorithm {
            Algorithm::Perceptron => Covered::Perceptron,
            Algorithm::AveragedPerceptron => Covered::AveragedPerceptron,
            Algorithm::Pocket => Covered::Pocket,
            Algorithm::SelectivePerceptron => Covered::Selective,
            Algorithm::Pa => Covered::Pa,
            Algorithm::Pa1 => Covered::Pa1 { c },
            Algorithm::Pa2 => Covered::Pa2 { c },
            Algorithm::KernelPerceptron => Covered::KernelPerceptron,
            Algorithm::KernelPa1 => Covered::KernelPa1 { c },
            Algorithm::KernelPa2 => Covered::KernelPa2 { c },
            other => Covered::Untranscribed {
                algorithm: other,
                // The learner's C where it has one (SCW, the kernel PA), else 1.
                c: if other.settings_in_force(settings).contains(&Key::C) {
                    c
                } else {
                    1.0
                },
            },
        })
    }

    /// The C of the soft-margin comparator: the learner's, or 1 for a
    /// learner without one.
    pub fn c(self) -> f64 {
        match self {
            Covered::Pa1 { c }
            | Covered::Pa2 { c }
            | Covered::KernelPa1 { c }
            | Covered::KernelPa2 { c }
            | Covered::Untranscribed { c, .. } => c,
            _ => 1.0,
        }
    }

    /// Whether the squared-hinge minimiser is needed (PA-II's bound).
    pub fn wants_squared_hinge(self) -> bool {
        matches!(self, Covered::Pa2 { .. })
    }

    /// The kernel learner it is, when it is one: the kernel theory
    /// (`theory::kernel`) judges it in its kernel's feature space, the
    /// linear layer only against lines (and with no bound).
    pub fn kernel(self) -> Option<Algorithm> {
        match self {
            Covered::KernelPerceptron => Some(Algorithm::KernelPerceptron),
            Covered::KernelPa1 { .. } => Some(Algorithm::KernelPa1),
            Covered::KernelPa2 { .. } => Some(Algorithm::KernelPa2),
            Covered::Untranscribed { algorithm, .. } if algorithm.is_kernel() => Some(algorithm),
            _ => None,
        }
    }

    /// Whether it is one of PA, PA-I, PA-II.
    pub fn is_pa(self) -> bool {
        matches!(
            self,
            Covered::Pa | Covered::Pa1 { .. } | Covered::Pa2 { .. }
        )
    }
}

/// Whether the comparators carry a bias: a weight on the constant 1.
///
/// `augmented`: yes, as the learner sees x̃ = (x, 1). `decoupled`: also
/// the augmented form. The perceptrons' decoupled update (w += ηyx,
/// b += ηy) is exactly the perceptron on (x, 1), so their theorems live in
/// that space; and a free, unregularised intercept (scikit-learn's SVC)
/// would add the dual constraint Σ α_i y_i = 0, which the single-coordinate
/// steps of LIBLINEAR's solver cannot keep (LIBLINEAR itself regularises
/// its bias as a weight on a constant feature). `none`: no bias, lines
/// through the origin.
pub fn has_bias(bias: BiasMode) -> bool {
    bias.learns_bias()
}

/// How the report words the bias form.
pub fn bias_form(bias: BiasMode) -> &'static str {
    match bias {
        BiasMode::Augmented => "augmented: x̃ = (x, 1), the bias is a weight on the constant 1 and counts in ‖x̃‖ (so in R) and in ‖u‖",
        BiasMode::Decoupled => "decoupled, judged in the augmented form: x̃ = (x, 1), the bias a weight on the constant 1 that counts in ‖x̃‖ and ‖u‖ (the decoupled perceptron is exactly the perceptron on (x, 1); a free intercept is not used)",
        BiasMode::None => "none: no bias, every comparator is a line through the origin",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_learner_on_two_classes_is_covered_and_regression_is_refused() {
        let settings = Settings {
            c: 0.25,
            ..Settings::default()
        };
        for &algorithm in Algorithm::ALL {
            assert!(Covered::of(algorithm, &settings).is_ok(), "{algorithm}");
        }
        // The comparators take the learner's C where it has one, else 1.
        assert_eq!(Covered::of(Algorithm::Pa, &settings).unwrap().c(), 1.0);
        assert_eq!(Covered::of(Algorithm::Scw1, &settings).unwrap().c(), 0.25);
        assert_eq!(Covered::of(Algorithm::Winnow, &settings).unwrap().c(), 1.0);
        let regression = Settings {
            task: Task::Regression,
            ..Settings::default()
        };
        let err = Covered::of(Algorithm::Pa1, &regression).unwrap_err();
        assert!(err.to_string().contains("two-class"), "{err}");
    }
}
