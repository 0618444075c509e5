//! NAROW, narrow adaptive regularization of weights (Orabona & Crammer,
//! "New Adaptive Algorithms for Online Classification", NIPS 2010): AROW
//! whose regularizer r adapts to the sample. With m = y w·x and
//! χ = xᵀΣx, on a sample with hinge loss ℓ = max(0, 1 − m) > 0:
//!
//! r = χ/(bχ − 1) if χ > 1/b, else r = ∞;
//! β = 1/(χ + r),  α = ℓβ;  w ← w + α y Σx,  Σ ← Σ − β ΣxxᵀΣ.
//!
//! So Σ shrinks only along directions still uncertain enough (χ > 1/b),
//! and with r = ∞ nothing changes at all (β = α = 0). LIBOL's NAROW.m runs
//! the same rule (its `b` comes from `options.C`, 1 by default; the unused
//! `options.NAROW_b` is 1 too): no form setting. Σ₀ = a I with a = 1.

use super::{bias_rule_and_entry, clauses_with_code, with_code, Gaussian};
use crate::error::Result;
use crate::features::Features;
use crate::learner::{hinge_loss, Confidence, Family, Info, Task, Update};
use crate::linear::{linear_learner, LinearHooks};
use crate::report::Details;
use crate::settings::{Checked, Key, Settings};

pub const INFO: Info = Info {
    name: "narow",
    label: "NAROW",
    family: Family::SecondOrder,
    rule: with_code("if ℓ = max(0, 1 − m) > 0: r = χ/(bχ − 1) when χ = xᵀΣx > 1/b, else ∞; β = 1/(χ + r), α = ℓβ; w ← w + α y Σx, Σ ← Σ − β ΣxxᵀΣ"),
    filled: with_code("χ = xᵀΣx = {v};  1/b = {inverse}"),
    step: "α",
    passive: with_code("the margin is at least 1"),
    // In the order of `Clause`.
    branches: clauses_with_code(&[
        "ℓ = {loss} > 0 and χ = {v} > 1/b: r = χ/(bχ − 1) = {r}, β = 1/(χ + r) = {beta}, α = ℓβ = {tau}; the margin went from {margin} to {reached}",
        "ℓ = {loss} > 0, but χ = {v} ≤ 1/b = {inverse}: r = ∞, so β = α = 0 and nothing changes",
    ]),
    source: with_code("Orabona & Crammer 2010; LIBOL's NAROW.m"),
    reads: |_| &[Key::NarowB, Key::Bias, Key::InitialVariance, Key::Covariance],
    ..Info::DEFAULT
};

bias_rule_and_entry!(Narow, "NAROW");

crate::declare::clauses!(Updated, Certain);

#[derive(Clone, Debug)]
pub struct Narow {
    b: f64,
    gaussian: Gaussian,
}

impl Narow {
    pub fn from_settings(s: &Checked) -> Result<Self> {
        check_bias(s)?;
        Ok(Self {
            b: s.narow_b,
            gaussian: Gaussian::new(s),
        })
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let score = self.gaussian.score(x);
        let loss = hinge_loss(y, score);
        let mut update = Update::passive(Task::Classification, y, score, loss);
        if loss == 0.0 {
            return update;
        }
        let chi = self.gaussian.variance(x);
        update.confidence = Confidence {
            variance: chi,
            beta: 0.0,
            loss,
        };
        if !(chi > 1.0 / self.b) {
            let numbers = Details::new(&["inverse"], [1.0 / self.b]);
            return update.with(numbers.branch(Clause::Certain as u8));
        }
        let r = chi / (self.b * chi - 1.0);
        let beta = 1.0 / (chi + r);
        let alpha = loss * beta;
        update.confidence.beta = beta;
        self.gaussian
            .take_step(update, y, score, chi, alpha, beta)
            .with(Details::new(&["r", "inverse"], [r, 1.0 / self.b]).branch(Clause::Updated as u8))
    }
}

linear_learner!(Narow, gaussian);

impl LinearHooks for Narow {
    fn tune(&mut self, settings: &Settings) {
        self.b = settings.narow_b;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learner::Learner;
    use crate::settings::{built, unbiased};

    #[test]
    fn sigma_stops_shrinking_along_x_once_x_is_certain_enough() {
        let mut narow = built(
            Narow::from_settings,
            Settings {
                narow_b: 2.0,
                ..unbiased()
            },
        );
        let x = Features::Dense(&[1.0, 0.0]);
        // χ = 1 > 1/b = 0.5: r = 1/(2 − 1) = 1, β = 1/2, α = 1/2.
        let first = narow.learn_one(x, 1.0);
        assert_eq!((first.tau, first.confidence.beta), (0.5, 0.5));
        // Now χ = 1/2 = 1/b: r = ∞, the loss 1/2 changes nothing.
        let second = narow.learn_one(x, 1.0);
        assert!(second.loss > 0.0 && !second.aggressive);
        assert_eq!(second.confidence.variance, 0.5);
    }
}
