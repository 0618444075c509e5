//! OGD, online gradient descent (Zinkevich, "Online Convex Programming and
//! Generalized Infinitesimal Gradient Ascent", ICML 2003): on the t-th
//! sample (t from 1), a step down the gradient of its loss at w,
//!
//! w ← P(w − ηₜ ∇ℓ(w)),  ηₜ = η/√t,
//!
//! with the losses LIBOL's OGD.m offers, each as w ← w + τ y x:
//!
//! | loss     | ℓ               | τ                      |
//! |----------|-----------------|------------------------|
//! | hinge    | max(0, 1 − m)   | ηₜ when ℓ > 0          |
//! | logistic | log(1 + e^(−m)) | ηₜ/(1 + e^m)           |
//! | square   | (y − f)²/2      | ηₜ (1 − m)             |
//! | zero-one | [wrong sign]    | ηₜ on a wrong sign     |
//!
//! The paper and LIBOL agree: P, the projection onto the feasible set,
//! is the identity here (w ranges over all of R^d, as in LIBOL's OGD.m;
//! the paper's regret bound assumes a bounded set, which is not imposed),
//! t counts every sample, and η is LIBOL's C (1), our learning rate. The
//! zero-one "loss" is LIBOL's own option (a perceptron step, not convex).
//! The logistic step is taken whenever it is not 0; LIBOL's `if l_t > 0`
//! skips it once log(1 + e^(−m)) rounds to 0 (m > 37), a step under 1e-16
//! of ηₜ. The bias moves with w (every bias mode: no norm enters the step).

use crate::error::Result;
use crate::features::Features;
use crate::learner::{hinge_loss, is_mistake, no_check, Details, Family, Info, Task, Update};
use crate::linear::Weights;
use crate::linear::{linear_learner, LinearHooks};
use crate::settings::{Checked, Key, OgdLoss, Settings};

use super::{clauses_with_code, with_code};

pub const INFO: Info = Info {
    name: "ogd",
    label: "OGD",
    family: Family::Linear,
    rule: with_code("w ← w − ηₜ ∇ℓ(w) with ηₜ = η/√t on the t-th sample: w ← w + τ y x, τ = ηₜ (hinge, ℓ > 0), ηₜ/(1 + e^m) (logistic), ηₜ(1 − m) (square), ηₜ on a wrong sign (zero-one)"),
    filled: with_code("ηₜ = η/√t = {lr}/√{t} = {etat}"),
    step: "τ",
    passive: with_code("the loss's gradient is 0 here"),
    // In the order of `OgdLoss` (aggressive), then the passive clauses.
    branches: clauses_with_code(&[
        "the hinge loss max(0, 1 − m) = {ell} > 0: w moved by τ = ηₜ = {tau} along y x; the margin went from {margin} to {reached}",
        "the logistic loss log(1 + e^(−m)) = {ell}: w moved by τ = ηₜ/(1 + e^m) = {tau} along y x; the margin went from {margin} to {reached}",
        "the square loss (y − f)²/2 = {ell}: w moved by τ = ηₜ(1 − m) = {tau} along y x; the margin went from {margin} to {reached}",
        "the sign was wrong (LIBOL's 0-1 loss): w moved by τ = ηₜ = {tau} along y x; the margin went from {margin} to {reached}",
        "the margin is at least 1, where the hinge loss and its gradient are 0",
        "the step ηₜ/(1 + e^m) rounds to 0 at this margin",
        "f = y, where the square loss and its gradient are 0",
        "the sign was right (LIBOL's 0-1 loss)",
    ]),
    source: with_code("Zinkevich 2003; LIBOL's OGD.m"),
    reads: |_| &[Key::LearningRate, Key::OgdLoss, Key::Bias],
    ..Info::DEFAULT
};

crate::declare::entry!(Ogd, no_check);

/// Online gradient descent on a linear model.
#[derive(Clone, Debug)]
pub struct Ogd {
    eta: f64,
    loss: OgdLoss,
    weights: Weights,
    /// Samples seen, this one included once learning starts.
    t: u64,
}

impl Ogd {
    pub fn from_settings(s: &Checked) -> Result<Self> {
        Ok(Self {
            eta: s.learning_rate,
            loss: s.ogd_loss,
            weights: Weights::new(s.bias),
            t: 0,
        })
    }

    /// (ℓ, τ) for margin m: the loss and the step along y x.
    fn step(&self, m: f64, eta_t: f64, wrong: bool) -> (f64, f64) {
        match self.loss {
            OgdLoss::Hinge => {
                let loss = (1.0 - m).max(0.0);
                (loss, if loss > 0.0 { eta_t } else { 0.0 })
            }
            OgdLoss::Logistic => {
                // log(1 + e^(−m)) without overflow for a large −m.
                let loss = if m > 0.0 {
                    (-m).exp().ln_1p()
                } else {
                    -m + m.exp().ln_1p()
                };
                (loss, eta_t / (1.0 + m.exp()))
            }
            // ℓ = (y − f)²/2 = (1 − m)²/2 with y² = 1.
            OgdLoss::Square => (0.5 * (1.0 - m) * (1.0 - m), eta_t * (1.0 - m)),
            OgdLoss::ZeroOne => {
                let loss = if wrong { 1.0 } else { 0.0 };
                (loss, eta_t * loss)
            }
        }
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        self.t += 1;
        let score = self.weights.score(x);
        let passive = Update::passive(Task::Classification, y, score, hinge_loss(y, score));
        let eta_t = self.eta / (self.t as f64).sqrt();
        let wrong = is_mistake(Task::Classification, y, score);
        let (loss, tau) = self.step(y * score, eta_t, wrong);
        let numbers = Details::new(&["t", "etat", "ell"], [self.t as f64, eta_t, loss]);
        let clause = self.loss as u8 + 1;
        if tau == 0.0 {
            return passive.with(numbers.branch(clause + 4));
        }
        self.weights.add(x, tau * y);
        Update {
            tau,
            score_after: self.weights.score(x),
            aggressive: true,
            ..passive
        }
        .with(numbers.branch(clause))
    }
}

linear_learner!(Ogd, weights);

impl LinearHooks for Ogd {
    fn tune(&mut self, settings: &Settings) {
        self.eta = settings.learning_rate;
        self.loss = settings.ogd_loss;
    }

    fn clear(&mut self) {
        self.t = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learner::{Configured, Learner, LinearModel};
    use crate::settings::BiasMode;
    use crate::settings::{built, unbiased};

    fn ogd(loss: OgdLoss) -> Ogd {
        built(
            Ogd::from_settings,
            Settings {
                ogd_loss: loss,
                ..unbiased()
            },
        )
    }

    #[test]
    fn each_loss_steps_down_its_own_gradient_with_eta_over_root_t() {
        let x = Features::Dense(&[0.5]);
        for (loss, first) in [
            (OgdLoss::Hinge, 1.0),
            (OgdLoss::Logistic, 0.5),
            (OgdLoss::Square, 1.0),
            (OgdLoss::ZeroOne, 0.0),
        ] {
            let mut l = ogd(loss);
            // t = 1, w = 0, m = 0: the first step, then t = 4 at m = 0 again.
            assert_eq!(l.learn_one(x, 1.0).tau, first, "{loss}");
            l.weights = Weights::new(BiasMode::None);
            l.t = 3;
            assert_eq!(
                l.learn_one(x, -1.0).tau,
                if loss == OgdLoss::ZeroOne {
                    0.5
                } else {
                    first / 2.0
                },
                "{loss}"
            );
        }
    }

    #[test]
    fn the_square_loss_pulls_back_a_margin_above_one_and_the_hinge_does_not() {
        let x = Features::Dense(&[4.0]);
        let (mut square, mut hinge) = (ogd(OgdLoss::Square), ogd(OgdLoss::Hinge));
        square.warm_start(&LinearModel {
            weights: vec![1.0],
            bias: 0.0,
        });
        hinge.warm_start(&LinearModel {
            weights: vec![1.0],
            bias: 0.0,
        });
        assert_eq!(square.learn_one(x, 1.0).tau, -3.0, "ηₜ(1 − m) with m = 4");
        assert!(!hinge.learn_one(x, 1.0).aggressive);
    }
}
