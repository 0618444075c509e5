//! The settings that choose among named values.

use super::value::{choice, Choice};
use crate::data::Preset;
use crate::report::Task;

/// How a linear learner learns its intercept b.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BiasMode {
    /// x is extended with a constant 1 and w with b, so ||x||^2 includes the
    /// 1: the exact PA projection (after hard PA, y f(x) = 1 exactly).
    #[default]
    Augmented,
    /// b takes the same step as w but ||x||^2 leaves it out: the convention
    /// of scikit-learn and River, whose numbers we match in this mode.
    Decoupled,
    /// No intercept: the boundary passes through the origin.
    None,
}

choice!(BiasMode, "bias mode", [
    BiasMode::Augmented => "augmented",
    BiasMode::Decoupled => "decoupled",
    BiasMode::None => "none",
]);

impl BiasMode {
    /// What the constant feature adds to ||x||^2 in the step size.
    #[inline]
    pub fn norm_extra(self) -> f64 {
        match self {
            BiasMode::Augmented => 1.0,
            BiasMode::Decoupled | BiasMode::None => 0.0,
        }
    }

    /// Whether b moves with w.
    #[inline]
    pub fn learns_bias(self) -> bool {
        self != BiasMode::None
    }

    /// The bias a warm start carries into this mode: the model's own, or 0
    /// in a mode without one.
    pub fn carried(self, bias: f64) -> f64 {
        if self.learns_bias() {
            bias
        } else {
            0.0
        }
    }
}

/// Which kernel k(x, z) a kernel learner uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum KernelKind {
    /// exp(-||x - z||^2 / (2 sigma^2)).
    #[default]
    Gaussian,
    /// (offset + x . z)^degree.
    Polynomial,
    /// x . z.
    Linear,
}

choice!(KernelKind, "kernel", [
    KernelKind::Gaussian => "gaussian",
    KernelKind::Polynomial => "polynomial",
    KernelKind::Linear => "linear",
]);

/// Which of SPA's two published forms runs (see kernel/spa.rs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SpaForm {
    /// Lu et al. 2018: p = min(alpha, l) / beta, step min(C / p, l / k(x, x)).
    #[default]
    Paper,
    /// The 2023 comparison code: p = min(l, 1), coefficient l.
    Authors,
}

choice!(SpaForm, "SPA form", [SpaForm::Paper => "paper", SpaForm::Authors => "authors"]);

/// Which form of OLRD runs (see kernel/olrd.rs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OlrdForm {
    /// A hard budget B: past it, a uniformly random support vector goes.
    #[default]
    Budget,
    /// The 2023 comparison code: past B, one of the first B goes with
    /// probability 1 / B per update (the set is not capped).
    Authors,
}

choice!(OlrdForm, "OLRD form", [OlrdForm::Budget => "budget", OlrdForm::Authors => "authors"]);

/// Which of two published forms of a budgeted kernel learner runs: its
/// paper's, or its authors' MATLAB code's (Lu & Hoi's Online-Kernel-Learning;
/// the Forgetron, BOGD: see each one's file under src/kernel/).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum KernelForm {
    /// The paper's algorithm.
    #[default]
    Paper,
    /// The authors' code, conventions included.
    Authors,
}

choice!(KernelForm, "form", [KernelForm::Paper => "paper", KernelForm::Authors => "authors"]);

/// How BSGD keeps its budget (Wang, Crammer & Vucetic 2012, Algorithm 2;
/// see kernel/bsgd.rs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BsgdMaintenance {
    /// The support vector of least ‖αⱼ‖² k(xⱼ, xⱼ) goes.
    Removal,
    /// That one is projected onto the others, then goes.
    Projection,
    /// That one and its best partner become one vector z (the Gaussian
    /// kernel only): the paper's best, and BudgetedSVM's default.
    #[default]
    Merging,
}

choice!(BsgdMaintenance, "BSGD maintenance", [
    BsgdMaintenance::Removal => "removal",
    BsgdMaintenance::Projection => "projection",
    BsgdMaintenance::Merging => "merging",
]);

/// Which of two published forms of a LIBOL learner runs (ALMA, ROMMA,
/// SOP, CW, IELLIP: see each one's file under src/libol/).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LibolForm {
    /// The paper's equations.
    #[default]
    Paper,
    /// LIBOL's MATLAB file, to the last convention (its numbers exactly).
    Libol,
}

choice!(LibolForm, "form", [LibolForm::Paper => "paper", LibolForm::Libol => "libol"]);

/// The loss online gradient descent steps down (LIBOL's OGD.m `loss_type`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OgdLoss {
    /// max(0, 1 − m): LIBOL's default.
    #[default]
    Hinge,
    /// log(1 + e^(−m)).
    Logistic,
    /// (y − f)²/2.
    Square,
    /// LIBOL's 0-1 loss: a perceptron step on a wrong prediction.
    ZeroOne,
}

choice!(OgdLoss, "OGD loss", [
    OgdLoss::Hinge => "hinge",
    OgdLoss::Logistic => "logistic",
    OgdLoss::Square => "square",
    OgdLoss::ZeroOne => "zero-one",
]);

/// How much of Σ the second-order learners (AROW, SCW) keep.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CovarianceForm {
    /// All of Σ: (d + 1)² numbers, O(d²) per update.
    #[default]
    Full,
    /// Its diagonal only: O(non-zeros) per update, for wide data.
    Diagonal,
}

choice!(CovarianceForm, "covariance form", [CovarianceForm::Full => "full", CovarianceForm::Diagonal => "diagonal"]);

/// How the command line's `learn` and `compare` scale the features before
/// learning (`src/data/standardise.rs`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Scale {
    /// The values as read.
    #[default]
    None,
    /// Each feature to mean 0 and standard deviation 1 over the training
    /// file (the same transform for the test file), as the Pocket PLA post
    /// and scikit-learn's StandardScaler do.
    Standard,
}

choice!(Scale, "scale", [Scale::None => "none", Scale::Standard => "standard"]);

/// How a binary learner learns more than two classes. Append, never
/// reorder: the event log stores a choice by its index.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Reduction {
    /// One binary learner per class, that class against the rest; the
    /// highest score wins.
    #[default]
    OneVsRest,
    /// One weight row per class, moved against the best-scoring wrong one:
    /// with PA, Crammer et al. 2006's multiclass PA (section 7); with the
    /// perceptron, Crammer & Singer 2003's max update.
    CrammerSinger,
    /// The perceptron's uniform update (Crammer & Singer 2003): every wrong
    /// class that scores at least the true one loses x/|E|.
    CrammerSingerUniform,
    /// The perceptron's proportional update (Crammer & Singer 2003): the
    /// wrong classes lose x in proportion to how far they outscore the true one.
    CrammerSingerProportional,
    /// Kakade, Shalev-Shwartz & Tewari 2008: told only whether its guess
    /// was right (bandit feedback).
    Banditron,
}

choice!(Reduction, "multiclass reduction", [
    Reduction::OneVsRest => "one-vs-rest",
    Reduction::CrammerSinger => "crammer-singer",
    Reduction::CrammerSingerUniform => "crammer-singer-uniform",
    Reduction::CrammerSingerProportional => "crammer-singer-proportional",
    Reduction::Banditron => "banditron",
]);

impl Choice for Preset {
    const ALL: &'static [Self] = &Preset::ALL;
    const NAMES: &'static [&'static str] = &[
        "separable",
        "overlapping",
        "noisy-labels",
        "xor",
        "circles",
        "moons",
        "spiral",
        "drift",
        "regression-1d",
        "regression-nd",
        "three-classes",
        "four-classes",
    ];
    const WHAT: &'static str = "preset";
}

impl Choice for Task {
    const ALL: &'static [Self] = &Task::ALL;
    const NAMES: &'static [&'static str] = &["classification", "regression"];
    const WHAT: &'static str = "task";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choice_names_match_the_types_own() {
        for preset in Preset::ALL {
            assert_eq!(Choice::name(preset), preset.name());
        }
        for task in Task::ALL {
            assert_eq!(Choice::name(task), task.name());
        }
        assert_eq!("decoupled".parse::<BiasMode>(), Ok(BiasMode::Decoupled));
        assert_eq!(
            "both".parse::<BiasMode>().unwrap_err().to_string(),
            "unknown bias mode 'both' (expected one of: augmented, decoupled, none)"
        );
    }
}
