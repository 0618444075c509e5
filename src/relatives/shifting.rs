//! The shifting Perceptron (Cavallanti, Cesa-Bianchi & Gentile, "Tracking
//! the best hyperplane with a simple budget Perceptron", Machine Learning
//! 69 (2007) 143-167, Fig. 2), with λ > 0. On a mistake, with k the
//! mistakes before this one (k = 0 at the first):
//!
//! λₖ = λ/(λ + k),  w ← (1 − λₖ) w + y x,  k ← k + 1.
//!
//! The shrink forgets old mistakes, less and less as k grows, so that w
//! can follow a target that drifts; λ → 0 is the perceptron. At the first
//! mistake λ₀ = 1, so w = y x whatever it was (a warm start included).
//! The paper predicts SGN(w·x) and updates on ŷ ≠ y; a mistake here is
//! y w·x ≤ 0, as for our perceptron.
//!
//! The paper has no intercept: `--bias augmented` makes b a weight on a
//! constant 1, shrunk with w; decoupled is refused.
//!
//! ```
//! use onlinelearn::{Algorithm, AnyLearner, BiasMode, Features, Learner, Settings};
//! let s = Settings { shifting_lambda: 1.0, bias: BiasMode::None, ..Settings::default() };
//! let mut p = AnyLearner::new(Algorithm::ShiftingPerceptron, &s).unwrap();
//! p.learn_one(Features::Dense(&[2.0]), 1.0); // λ₀ = 1: w = 2
//! p.learn_one(Features::Dense(&[1.0]), -1.0); // λ₁ = 1/2: w = 2/2 − 1
//! assert_eq!(p.linear_model().unwrap().weights, vec![0.0]);
//! ```

use super::{bias_rule_and_entry, clauses_with_code, with_code};
use crate::error::Result;
use crate::features::Features;
use crate::learner::{hinge_loss, Details, Family, Info, Task, Update};
use crate::linear::Weights;
use crate::linear::{linear_learner, LinearHooks};
use crate::settings::{Checked, Key, Settings};

pub const INFO: Info = Info {
    name: "shifting-perceptron",
    label: "Shifting perceptron",
    family: Family::Linear,
    rule: with_code("if y w·x ≤ 0: w ← (1 − λₖ) w + y x with λₖ = λ/(λ + k), k the mistakes before this one; then k ← k + 1"),
    filled: with_code("λₖ = λ/(λ + k) = {shifting-lambda}/({shifting-lambda} + {k}) = {lamk}"),
    step: "coefficient",
    passive: with_code("predicted correctly"),
    branches: clauses_with_code(&[
        "y w·x = {margin} ≤ 0, mistake number k + 1 = {next}: w shrank by 1 − λₖ = {keep} and moved by y x; the margin went from {margin} to {reached}",
    ]),
    note: with_code("the shrink forgets old mistakes, so that w can follow a drifting target; λ → 0 is the perceptron"),
    update: with_code("w ← (1 − λₖ)·w + y·x,  k ← k + 1"),
    source: with_code("Cavallanti, Cesa-Bianchi & Gentile 2007"),
    reads: |_| &[Key::ShiftingLambda, Key::Bias],
    ..Info::DEFAULT
};

bias_rule_and_entry!(
    Shifting,
    "the shifting perceptron",
    ": its bias is a weight on a constant 1, shrunk with w (--bias augmented), or absent (--bias none)",
);

/// The shifting perceptron: the weights, λ and the mistake count k.
#[derive(Clone, Debug)]
pub struct Shifting {
    lambda: f64,
    weights: Weights,
    /// Mistakes so far (the next one's λₖ uses this k).
    k: u64,
}

impl Shifting {
    pub fn from_settings(s: &Checked) -> Result<Self> {
        check_bias(s)?;
        Ok(Self {
            lambda: s.shifting_lambda,
            weights: Weights::new(s.bias),
            k: 0,
        })
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let score = self.weights.score(x);
        let passive = Update::passive(Task::Classification, y, score, hinge_loss(y, score));
        let k = self.k as f64;
        let lamk = self.lambda / (self.lambda + k);
        let numbers = Details::new(
            &["k", "lamk", "keep", "next"],
            [k, lamk, 1.0 - lamk, k + 1.0],
        );
        if y * score > 0.0 {
            return passive.with(numbers);
        }
        self.weights.scale(1.0 - lamk);
        self.weights.add(x, y);
        self.k += 1;
        Update {
            tau: 1.0,
            score_after: self.weights.score(x),
            aggressive: true,
            ..passive
        }
        .with(numbers.branch(1))
    }
}

linear_learner!(Shifting, weights);

impl LinearHooks for Shifting {
    fn tune(&mut self, settings: &Settings) {
        self.lambda = settings.shifting_lambda;
    }

    fn clear(&mut self) {
        self.k = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learner::Learner;
    use crate::settings::{built, unbiased};

    #[test]
    fn each_mistake_shrinks_w_by_one_minus_lambda_over_lambda_plus_k() {
        let mut s = built(
            Shifting::from_settings,
            Settings {
                shifting_lambda: 2.0,
                ..unbiased()
            },
        );
        let x = Features::Dense(&[1.0]);
        let mut w = 0.0;
        // Alternate labels: every sample has y w·x ≤ 0 (the first at w = 0,
        // which predicts +1 and so is not counted a mistake, but updates).
        for (k, y) in [1.0, -1.0, 1.0, -1.0, 1.0].into_iter().enumerate() {
            let u = s.learn_one(x, y);
            assert!(u.aggressive && (u.mistake || k == 0), "sample {k}");
            w = (1.0 - 2.0 / (2.0 + k as f64)) * w + y;
            assert_eq!(s.weights.weights(), [w], "mistake {k}");
        }
        assert_eq!(s.k, 5);
        // A correct prediction leaves w and k.
        assert!(!s.learn_one(x, 1.0).aggressive);
        assert_eq!(s.k, 5);
    }
}
