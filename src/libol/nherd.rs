//! NHERD, normal herding (Crammer & Lee, "Learning via Gaussian Herding",
//! NIPS 2010): a Gaussian N(w, Σ) over the weights, every draw of which is
//! moved as a PA-II step would move it, and the Gaussian refitted to where
//! the draws land. With m = y w·x, v = xᵀΣx and γ = 1/C, on a sample with
//! hinge loss ℓ = max(0, 1 − m) > 0, the full-Σ update is
//!
//! α = ℓ/(v + γ);  w ← w + α y Σx;
//! Σ ← Σ − ΣxxᵀΣ (C²v + 2C)/(1 + Cv)²  =  Σ − β ΣxxᵀΣ, β = (v + 2γ)/(v + γ)².
//!
//! LIBOL's NHERD.m runs the same full-Σ rule (γ = 1/C with C = 1), so there
//! is no form setting. The paper's diagonal variants (exact, drop,
//! project) are not here; `--covariance diagonal` keeps the diagonal of
//! the full step, as it does for AROW. Σ₀ = a I with a = 1.

use super::{bias_rule_and_entry, with_code, Gaussian};
use crate::error::Result;
use crate::features::Features;
use crate::learner::{hinge_loss, Confidence, Details, Family, Info, Task, Update};
use crate::linear::{linear_learner, LinearHooks};
use crate::settings::{Checked, Key, Settings};

pub const INFO: Info = Info {
    name: "nherd",
    label: "NHERD",
    family: Family::SecondOrder,
    rule: with_code("if ℓ = max(0, 1 − m) > 0: α = ℓ/(v + 1/C), β = (v + 2/C)/(v + 1/C)²; w ← w + α y Σx, Σ ← Σ − β ΣxxᵀΣ"),
    filled: with_code("v = xᵀΣx = {v};  α = ℓ/(v + 1/C) = {loss}/({v} + 1/{c}) = {tau}\nβ = (v + 2/C)/(v + 1/C)² = {shrink}"),
    step: "α",
    passive: with_code("the margin is at least 1"),
    note: with_code("every draw of N(w, Σ) takes a PA-II step; w and Σ are the mean and covariance of where the draws land"),
    source: with_code("Crammer & Lee 2010; LIBOL's NHERD.m"),
    reads: |_| &[Key::C, Key::Bias, Key::InitialVariance, Key::Covariance],
    ..Info::DEFAULT
};

bias_rule_and_entry!(Nherd, "NHERD");

#[derive(Clone, Debug)]
pub struct Nherd {
    /// γ = 1/C.
    gamma: f64,
    gaussian: Gaussian,
}

impl Nherd {
    pub fn from_settings(s: &Checked) -> Result<Self> {
        check_bias(s)?;
        Ok(Self {
            gamma: 1.0 / s.c,
            gaussian: Gaussian::new(s),
        })
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let score = self.gaussian.score(x);
        let loss = hinge_loss(y, score);
        let mut update = Update::passive(Task::Classification, y, score, loss);
        // v on every sample, as AROW reports it (α = 0 when ℓ = 0).
        let v = self.gaussian.variance(x);
        update.confidence.variance = v;
        if loss == 0.0 {
            return update;
        }
        // As LIBOL's NHERD.m: beta_t = 1/(v + γ), then β_t²(v + 2γ).
        let inverse = 1.0 / (v + self.gamma);
        let alpha = loss * inverse;
        let beta = inverse * inverse * (v + 2.0 * self.gamma);
        update.confidence = Confidence {
            variance: v,
            beta,
            loss,
        };
        self.gaussian
            .take_step(update, y, score, v, alpha, beta)
            .with(Details::new(&["shrink"], [beta]))
    }
}

linear_learner!(Nherd, gaussian);

impl LinearHooks for Nherd {
    fn tune(&mut self, settings: &Settings) {
        self.gamma = 1.0 / settings.c;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learner::Learner;
    use crate::settings::{built, unbiased};

    #[test]
    fn the_covariance_step_is_the_spread_of_pa2_steps_of_the_draws() {
        // One dimension, Σ = s: a draw u ~ N(w, s) in the loss region moves
        // to u + ℓ(u)/(v + γ)·y s x with v = x²s; its loss is linear in u,
        // so its spread scales by 1 − x²s/(v + γ) = γ/(v + γ):
        // s' = s (γ/(v + γ))², which is s − β s² x² with β = (v + 2γ)/(v + γ)².
        let (s, x, c) = (2.0, 1.5, 0.5);
        let mut nherd = built(
            Nherd::from_settings,
            Settings {
                initial_variance: s,
                c,
                ..unbiased()
            },
        );
        nherd.learn_one(Features::Dense(&[x]), 1.0);
        let gamma = 1.0 / c;
        let v = x * x * s;
        let want = s * (gamma / (v + gamma)).powi(2);
        let got = nherd.gaussian.clone().variance(Features::Dense(&[1.0]));
        assert!((got - want).abs() < 1e-12, "{got} vs {want}");
    }
}
