//! Which learners the theory layer covers, the C its comparators use, and
//! how it reads the bias. Everything else refuses with the list.

use crate::error::{Error, Result};
use crate::learner::Task;
use crate::registry::Algorithm;
use crate::settings::{BiasMode, Settings};

/// A learner the theory layer has comparators (and perhaps bounds) for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Covered {
    Perceptron,
    AveragedPerceptron,
    Pocket,
    Pa,
    Pa1 {
        c: f64,
    },
    Pa2 {
        c: f64,
    },
    /// AROW (no C) or SCW-I / SCW-II (with C).
    SecondOrder {
        c: Option<f64>,
    },
}

/// The learners covered, as the refusal names them.
pub const COVERED_NAMES: &str =
    "perceptron, averaged-perceptron, pocket, pa, pa1, pa2, arow, scw1, scw2";

impl Covered {
    /// The learner as the theory layer sees it, or why it is not covered.
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
            Algorithm::Pa => Covered::Pa,
            Algorithm::Pa1 => Covered::Pa1 { c },
            Algorithm::Pa2 => Covered::Pa2 { c },
            Algorithm::Arow => Covered::SecondOrder { c: None },
            Algorithm::Scw1 | Algorithm::Scw2 => Covered::SecondOrder { c: Some(c) },
            other => {
                let why = if other.is_kernel() {
                    "is a kernel learner, whose comparators would live in its kernel's space"
                } else {
                    "is not covered: its bounds are not transcribed"
                };
                return Err(Error::Mismatch(
                    format!(
                        "the theory layer covers the linear learners ({COVERED_NAMES}); {} {why}",
                        other.label()
                    )
                    .into(),
                ));
            }
        })
    }

    /// The C of the soft-margin comparator: the learner's, or 1 for a
    /// learner without one.
    pub fn c(self) -> f64 {
        match self {
            Covered::Pa1 { c } | Covered::Pa2 { c } | Covered::SecondOrder { c: Some(c) } => c,
            _ => 1.0,
        }
    }

    /// Whether the squared-hinge minimiser is needed (PA-II's bound).
    pub fn wants_squared_hinge(self) -> bool {
        matches!(self, Covered::Pa2 { .. })
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
    fn kernel_learners_and_regression_are_refused_with_what_is_covered() {
        let settings = Settings::default();
        let err = Covered::of(Algorithm::Projectron, &settings).unwrap_err();
        assert!(err.to_string().contains(COVERED_NAMES), "{err}");
        let regression = Settings {
            task: Task::Regression,
            ..Settings::default()
        };
        let err = Covered::of(Algorithm::Pa1, &regression).unwrap_err();
        assert!(err.to_string().contains("two-class"), "{err}");
        assert_eq!(Covered::of(Algorithm::Pa, &settings).unwrap().c(), 1.0);
    }
}
