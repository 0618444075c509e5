//! PAUM, the perceptron algorithm with uneven margins (Li, Zaragoza,
//! Herbrich, Shawe-Taylor & Kandola, "The Perceptron Algorithm with Uneven
//! Margins", ICML 2002, Table 1), with margins τ₊₁, τ₋₁ ≥ 0 and rate η:
//!
//! if y (w·x + b) ≤ τ_y:  w ← w + η y x,  b ← b + η y R²,
//!
//! R = max ‖xᵢ‖. The paper loops over a training set it knows, so its R
//! is the largest norm in that set; online, R is the largest ‖x‖ seen so
//! far, this sample included (R grows as larger samples arrive; on a fixed
//! set R reaches the paper's once every sample has been seen, and from the
//! first sample on when the largest comes first).
//!
//! The bias rule b += η y R² (b a weight on a constant R) is the one we read
//! in the paper's Table 1, which could not be read again here to check it:
//! it is marked unchecked. Its first author's own implementation (GATE's
//! `Paum.java`, Y. Li) and AI on Browser's `paum.js` move b by η y, with no
//! R²: `--paum-form authors` runs that (GATE's fixed η = 1 and its
//! per-sample λ, a soft margin over a training set it loops on, are not
//! part of it). The two differ wherever R ≠ 1; `--paum-form paper` (the
//! default) is the R² rule. `scripts/reference/relatives.py` transcribes
//! both. `--bias none` drops b (PAUM through the origin); decoupled is
//! refused.
//! With τ₊₁ = τ₋₁ = 0 PAUM is the perceptron, with τ₊₁ = τ₋₁ the paper's
//! perceptron with margins (PAM). The paper asks τ₋₁, τ₊₁ ∈ R⁺: both are
//! checked non-negative.
//!
//! ```
//! use onlinelearn::{Algorithm, AnyLearner, Features, Learner, Settings};
//! let s = Settings { paum_tau_plus: 2.0, paum_tau_minus: 0.0, ..Settings::default() };
//! let mut paum = AnyLearner::new(Algorithm::Paum, &s).unwrap();
//! paum.learn_one(Features::Dense(&[3.0, 4.0]), 1.0); // ‖x‖ = 5: b = 25
//! // A positive needs y f > 2; a negative only y f > 0.
//! assert!(paum.learn_one(Features::Dense(&[0.0, -6.0]), 1.0).aggressive);
//! ```

use super::{bias_rule_and_entry, clauses_with_code, with_code};
use crate::error::Result;
use crate::features::Features;
use crate::learner::{
    hinge_loss, Configured, Details, Family, Info, Learner, LinearModel, Task, Update,
};
use crate::linear::Weights;
use crate::settings::{BiasMode, Checked, KernelForm, Key, Settings};

pub const INFO: Info = Info {
    name: "paum",
    label: "PAUM",
    family: Family::Linear,
    rule: with_code("if y (w·x + b) ≤ τ_y (τ₊₁ for y = +1, τ₋₁ for y = −1): w ← w + η y x and b ← b + η y R², R the largest ‖x‖ so far (the authors' form: b ← b + η y)"),
    filled: with_code("τ_y = {tauy};  R² = {rsq}"),
    step: "η",
    passive: with_code("the margin is above this class's τ"),
    // In the order of `Clause`.
    branches: clauses_with_code(&[
        "y f = {margin} ≤ τ_y = {tauy}: w moved by η = {tau} along y x and b by η y R² (R² = {rsq}); the margin went from {margin} to {reached}",
        "y w·x = {margin} ≤ τ_y = {tauy}: w moved by η = {tau} along y x (no bias); the margin went from {margin} to {reached}",
        "y f = {margin} > τ_y = {tauy}, so nothing changes",
        "y f = {margin} ≤ τ_y = {tauy}: w moved by η = {tau} along y x and b by η y, the authors' form (no R²); the margin went from {margin} to {reached}",
    ]),
    note: with_code("the paper's R = max ‖xᵢ‖ is over its whole training set; online it is the largest ‖x‖ so far, this sample included"),
    update: with_code("w ← w + η·y·x,  b ← b + η·y·R² (the authors' form: η·y)"),
    source: with_code("Li, Zaragoza, Herbrich, Shawe-Taylor & Kandola 2002"),
    reads: |_| {
        &[
            Key::PaumTauPlus,
            Key::PaumTauMinus,
            Key::LearningRate,
            Key::Bias,
            Key::PaumForm,
        ]
    },
    ..Info::DEFAULT
};

bias_rule_and_entry!(
    Paum,
    "PAUM",
    ": its bias moves by η y R², a weight on a constant R (--bias augmented), or absent (--bias none)",
);

crate::declare::clauses!(Updated, UpdatedNoBias, Kept, UpdatedAuthors);

/// PAUM: w (kept without a bias), its own b, and R² so far.
#[derive(Clone, Debug)]
pub struct Paum {
    tau_plus: f64,
    tau_minus: f64,
    eta: f64,
    bias: BiasMode,
    /// How b moves: η y R² (paper) or η y (authors).
    form: KernelForm,
    /// w alone: b has its own rule, so it is kept apart.
    weights: Weights,
    b: f64,
    /// The largest ‖x‖² seen so far.
    r_squared: f64,
}

impl Paum {
    pub fn from_settings(s: &Checked) -> Result<Self> {
        check_bias(s)?;
        Ok(Self {
            tau_plus: s.paum_tau_plus,
            tau_minus: s.paum_tau_minus,
            eta: s.learning_rate,
            bias: s.bias,
            form: s.paum_form,
            weights: Weights::new(BiasMode::None),
            b: 0.0,
            r_squared: 0.0,
        })
    }

    fn score_of(&self, x: Features<'_>) -> f64 {
        self.weights.score(x) + self.b
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        self.r_squared = self.r_squared.max(x.squared_norm());
        let score = self.score_of(x);
        let passive = Update::passive(Task::Classification, y, score, hinge_loss(y, score));
        let tau_y = if y > 0.0 {
            self.tau_plus
        } else {
            self.tau_minus
        };
        let numbers = Details::new(&["tauy", "rsq"], [tau_y, self.r_squared]);
        if y * score > tau_y {
            return passive.with(numbers.branch(Clause::Kept as u8));
        }
        self.weights.add(x, self.eta * y);
        let clause = match (self.bias, self.form) {
            (BiasMode::None, _) => Clause::UpdatedNoBias,
            (_, KernelForm::Paper) => {
                self.b += self.eta * y * self.r_squared;
                Clause::Updated
            }
            (_, KernelForm::Authors) => {
                self.b += self.eta * y;
                Clause::UpdatedAuthors
            }
        };
        Update {
            tau: self.eta,
            score_after: self.score_of(x),
            aggressive: true,
            ..passive
        }
        .with(numbers.branch(clause as u8))
    }
}

impl Configured for Paum {
    fn retune(&mut self, settings: &Settings) {
        self.tau_plus = settings.paum_tau_plus;
        self.tau_minus = settings.paum_tau_minus;
        self.eta = settings.learning_rate;
        self.bias = settings.bias;
        self.form = settings.paum_form;
        if self.bias == BiasMode::None {
            self.b = 0.0;
        }
    }

    fn warm_start(&mut self, model: &LinearModel) {
        let w = LinearModel {
            weights: model.weights.clone(),
            bias: 0.0,
        };
        self.weights = Weights::from_model(&w, BiasMode::None);
        self.b = self.bias.carried(model.bias);
    }
}

impl Learner for Paum {
    fn task(&self) -> Task {
        Task::Classification
    }

    fn score(&self, x: Features<'_>) -> f64 {
        self.score_of(x)
    }

    fn learn_one(&mut self, x: Features<'_>, y: f64) -> Update {
        self.learn(x, y)
    }

    fn reset(&mut self) {
        self.weights.reset();
        self.b = 0.0;
        self.r_squared = 0.0;
    }

    fn linear_model(&self) -> Option<LinearModel> {
        Some(LinearModel {
            bias: self.b,
            ..self.weights.model()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::built;

    fn paum(plus: f64, minus: f64, bias: BiasMode) -> Paum {
        paum_in(plus, minus, bias, KernelForm::Paper)
    }

    fn paum_in(plus: f64, minus: f64, bias: BiasMode, form: KernelForm) -> Paum {
        built(
            Paum::from_settings,
            Settings {
                paum_tau_plus: plus,
                paum_tau_minus: minus,
                learning_rate: 0.5,
                bias,
                paum_form: form,
                ..Settings::default()
            },
        )
    }

    #[test]
    fn each_class_has_its_own_margin() {
        let mut p = paum(3.0, 0.0, BiasMode::None);
        p.learn_one(Features::Dense(&[2.0]), 1.0); // w = 1
                                                   // y f = 2 for both: a positive is within τ₊₁ = 3, a negative past τ₋₁ = 0.
        assert!(!p.learn_one(Features::Dense(&[-2.0]), -1.0).aggressive);
        assert!(p.learn_one(Features::Dense(&[2.0]), 1.0).aggressive);
        assert_eq!(p.weights.weights(), [2.0]);
        // At exactly τ_y the paper's ≤ updates.
        let mut q = paum(0.0, 2.0, BiasMode::None);
        q.learn_one(Features::Dense(&[2.0]), 1.0);
        assert!(q.learn_one(Features::Dense(&[-2.0]), -1.0).aggressive);
    }

    #[test]
    fn the_bias_moves_by_eta_y_r_squared_with_the_largest_norm_so_far() {
        let mut p = paum(0.0, 0.0, BiasMode::Augmented);
        p.learn_one(Features::Dense(&[3.0, 4.0]), -1.0);
        assert_eq!(p.b, -0.5 * 25.0);
        // A smaller x later: R² stays 25.
        let u = p.learn_one(Features::Dense(&[0.0, 1.0]), 1.0);
        assert!(u.aggressive);
        assert_eq!((p.b, u.details.values[1]), (0.0, 25.0));
    }

    #[test]
    fn the_authors_form_moves_the_bias_by_eta_y_without_r_squared() {
        let mut p = paum_in(0.0, 0.0, BiasMode::Augmented, KernelForm::Authors);
        let u = p.learn_one(Features::Dense(&[3.0, 4.0]), -1.0);
        assert_eq!(
            (p.b, u.details.branches[0]),
            (-0.5, Clause::UpdatedAuthors as u8)
        );
        // Where R = 1 the two forms agree.
        let (mut a, mut b) = (
            paum_in(0.0, 0.0, BiasMode::Augmented, KernelForm::Authors),
            paum(0.0, 0.0, BiasMode::Augmented),
        );
        for (x, y) in [([1.0, 0.0], 1.0), ([-1.0, 0.0], 1.0), ([0.0, 1.0], -1.0)] {
            a.learn_one(Features::Dense(&x), y);
            b.learn_one(Features::Dense(&x), y);
        }
        assert_eq!(a.linear_model(), b.linear_model());
    }
}
