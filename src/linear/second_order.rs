//! Second-order learners: the weights are a Gaussian N(w, Σ), and an update
//! moves w along Σx (far in directions the learner is unsure of) and
//! shrinks Σ along the same direction. With m = y f(x) and v = xᵀΣx (the
//! score's variance), on a sample whose loss is positive:
//!
//! w ← w + α y Σx,   Σ ← Σ − β Σx xᵀΣ.
//!
//! - **AROW** (Crammer, Kulesza & Dredze, "Adaptive Regularization of
//!   Weight Vectors", NIPS 2009): loss max(0, 1 − m), β = 1/(v + r),
//!   α = ℓβ.
//! - **SCW-I and SCW-II** (Wang, Zhao & Hoi, "Exact Soft
//!   Confidence-Weighted Learning", ICML 2012): loss max(0, φ√v − m) with
//!   φ = Φ⁻¹(η), ψ = 1 + φ²/2, ζ = 1 + φ²;
//!   SCW-I: α = min(C, max(0, (−mψ + √(m²φ⁴/4 + vφ²ζ)) / (vζ)));
//!   SCW-II: with n = v + 1/(2C) and γ = φ√(φ²m²v² + 4nv(n + vφ²)),
//!   α = max(0, (−(2mn + φ²mv) + γ) / (2(n² + nvφ²)));
//!   both: u = (−αvφ + √(α²v²φ² + 4v))²/4, β = αφ / (√u + vαφ).
//!
//! As LIBOL's AROW.m, SCW.m and SCW2.m run them: Σ₀ = a I, and nothing
//! changes unless the loss is positive. LIBOL's SCW2.m writes the square
//! root of γ as √(φ⁴m²v·2 + 4nvφ²(n + vφ·2)), two squares typed as
//! doublings; the paper's γ is used here. The bias is a weight on a
//! constant 1 with its own row of Σ (`--bias augmented`), or absent.

use super::covariance::Covariance;
use super::normal_quantile::normal_quantile;
use crate::error::{Error, Result};
use crate::features::Features;
use crate::learner::{
    hinge_loss, is_mistake, Confidence, Configured, Entry, Family, Info, Learner, LinearModel,
    Task, Update,
};
use crate::settings::{check, BiasMode, Key, Settings};

/// Which rule sets α and β.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rule {
    Arow { r: f64 },
    Scw1 { c: f64, phi: f64 },
    Scw2 { c: f64, phi: f64 },
}

/// A text of AROW's or SCW's card, in the builds that hold their code:
/// the page's first module never explains them (choosing one loads the
/// full module, whose catalogue has the texts), so it leaves them out.
const fn with_code(text: &'static str) -> &'static str {
    if super::second_order_family::HELD {
        text
    } else {
        ""
    }
}

const fn info(name: &'static str) -> Info {
    let (label, rule, filled, source, passive) = match name.as_bytes() {
        b"arow" => (
            "AROW",
            "if ℓ = max(0, 1 − m) > 0: β = 1/(v + r), α = ℓβ; w ← w + α y Σx, Σ ← Σ − β ΣxxᵀΣ",
            "v = xᵀΣx = {v};  β = 1/({v} + {r}) = {beta};  α = {loss}·β = {tau}",
            "Crammer, Kulesza & Dredze 2009",
            "the margin is at least 1",
        ),
        b"scw1" => (
            "SCW-I",
            "if ℓ = max(0, φ√v − m) > 0: α = min(C, the exact soft step), β from α; w ← w + α y Σx, Σ ← Σ − β ΣxxᵀΣ",
            "v = xᵀΣx = {v};  ℓφ = max(0, φ√v − m) = {own};  α = {tau} (≤ C = {c});  β = {beta}",
            "Wang, Zhao & Hoi 2012",
            "the sample is classified right with confidence η (φ√v ≤ m)",
        ),
        _ => (
            "SCW-II",
            "if ℓ = max(0, φ√v − m) > 0: α the exact step with the 1/(2C) slack, β from α; w ← w + α y Σx, Σ ← Σ − β ΣxxᵀΣ",
            "v = xᵀΣx = {v};  ℓφ = max(0, φ√v − m) = {own};  α = {tau};  β = {beta}",
            "Wang, Zhao & Hoi 2012",
            "the sample is classified right with confidence η (φ√v ≤ m)",
        ),
    };
    Info {
        name,
        label,
        family: Family::SecondOrder,
        rule: with_code(rule),
        filled: with_code(filled),
        step: "α",
        passive: with_code(passive),
        source: with_code(source),
        reads: match name.as_bytes() {
            b"arow" => |_| &[Key::R, Key::Bias, Key::InitialVariance, Key::Covariance],
            _ => |_| {
                &[
                    Key::C,
                    Key::Confidence,
                    Key::Bias,
                    Key::InitialVariance,
                    Key::Covariance,
                ]
            },
        },
        ..Info::DEFAULT
    }
}

/// The bias has a row of Σ or is absent; a step that leaves it out of
/// the norm (scikit-learn's convention) has no meaning here.
fn no_decoupled_bias(settings: &Settings) -> Result<()> {
    if settings.bias == BiasMode::Decoupled {
        return Err(Error::Mismatch(
            "--bias decoupled is not defined for AROW and SCW: their bias is a weight on a constant 1 with its own row of Σ (--bias augmented) or absent (--bias none)".into(),
        ));
    }
    Ok(())
}

pub const AROW_INFO: Info = info("arow");
pub const SCW1_INFO: Info = info("scw1");
pub const SCW2_INFO: Info = info("scw2");
pub const AROW: Entry<SecondOrder> = Entry {
    check: no_decoupled_bias,
    build: |s| Ok(SecondOrder::from_checked(Rule::Arow { r: s.r }, s)),
};
pub const SCW1: Entry<SecondOrder> = Entry {
    check: no_decoupled_bias,
    build: |s| {
        let phi = normal_quantile(s.confidence);
        Ok(SecondOrder::from_checked(Rule::Scw1 { c: s.c, phi }, s))
    },
};
pub const SCW2: Entry<SecondOrder> = Entry {
    check: no_decoupled_bias,
    build: |s| {
        let phi = normal_quantile(s.confidence);
        Ok(SecondOrder::from_checked(Rule::Scw2 { c: s.c, phi }, s))
    },
};

/// AROW, SCW-I or SCW-II: the mean weights, their covariance and the rule.
#[derive(Clone, Debug)]
pub struct SecondOrder {
    rule: Rule,
    bias_mode: BiasMode,
    w: Vec<f64>,
    b: f64,
    covariance: Covariance,
}

impl SecondOrder {
    /// The learner by hand: the rule's values and the settings it reads
    /// are checked against the settings table's rows.
    pub fn new(rule: Rule, settings: &Settings) -> Result<Self> {
        match rule {
            Rule::Arow { r } => drop(check(Key::R, r)?),
            Rule::Scw1 { c, phi } | Rule::Scw2 { c, phi } => {
                check(Key::C, c)?;
                if !(phi > 0.0 && phi.is_finite()) {
                    return Err(Error::setting("φ = Φ⁻¹(η)", "positive and finite", phi));
                }
            }
        }
        check(Key::InitialVariance, settings.initial_variance)?;
        no_decoupled_bias(settings)?;
        Ok(Self::from_checked(rule, settings))
    }

    /// The learner from the registry: its settings passed the table's
    /// checks (a [`crate::settings::Checked`]) and its entry's `check`.
    fn from_checked(rule: Rule, settings: &Settings) -> Self {
        Self {
            rule,
            bias_mode: settings.bias,
            w: Vec::new(),
            b: 0.0,
            covariance: Covariance::new(settings.covariance, settings.initial_variance),
        }
    }

    /// (the rule's own loss, α, β) for margin m and variance v; nothing
    /// changes when the loss is zero.
    fn step(&self, m: f64, v: f64) -> (f64, f64, f64) {
        match self.rule {
            Rule::Arow { r } => {
                let loss = (1.0 - m).max(0.0);
                let beta = 1.0 / (v + r);
                (loss, loss * beta, beta)
            }
            Rule::Scw1 { c, phi } | Rule::Scw2 { c, phi } => {
                let loss = (phi * v.sqrt() - m).max(0.0);
                if loss == 0.0 {
                    return (0.0, 0.0, 0.0);
                }
                let (phi2, phi4) = (phi * phi, phi * phi * phi * phi);
                let alpha = if matches!(self.rule, Rule::Scw1 { .. }) {
                    let (psi, zeta) = (1.0 + phi2 / 2.0, 1.0 + phi2);
                    let a = (-m * psi + (m * m * phi4 / 4.0 + v * phi2 * zeta).sqrt()) / (v * zeta);
                    a.max(0.0).min(c)
                } else {
                    let n = v + 1.0 / (2.0 * c);
                    let gamma = phi * (phi2 * m * m * v * v + 4.0 * n * v * (n + v * phi2)).sqrt();
                    ((-(2.0 * m * n + phi2 * m * v) + gamma) / (2.0 * (n * n + n * v * phi2)))
                        .max(0.0)
                };
                let root = (alpha * alpha * v * v * phi2 + 4.0 * v).sqrt();
                let u = 0.25 * (-alpha * v * phi + root) * (-alpha * v * phi + root);
                let beta = alpha * phi / (u.sqrt() + v * alpha * phi);
                (loss, alpha, beta)
            }
        }
    }
}

impl Configured for SecondOrder {
    fn retune(&mut self, settings: &Settings) {
        self.rule = match self.rule {
            Rule::Arow { .. } => Rule::Arow { r: settings.r },
            Rule::Scw1 { .. } => Rule::Scw1 {
                c: settings.c,
                phi: normal_quantile(settings.confidence),
            },
            Rule::Scw2 { .. } => Rule::Scw2 {
                c: settings.c,
                phi: normal_quantile(settings.confidence),
            },
        };
        self.bias_mode = settings.bias;
        if !self.bias_mode.learns_bias() {
            self.b = 0.0;
        }
    }

    /// Keeps the other learner's weights as the mean; Σ starts afresh.
    fn warm_start(&mut self, model: &LinearModel) {
        self.w = model.weights.clone();
        self.b = self.bias_mode.carried(model.bias);
    }
}

impl Learner for SecondOrder {
    fn task(&self) -> Task {
        Task::Classification
    }

    fn score(&self, x: Features<'_>) -> f64 {
        x.dot(&self.w) + self.b
    }

    fn learn_one(&mut self, x: Features<'_>, y: f64) -> Update {
        let score = self.score(x);
        let m = y * score;
        let v = self.covariance.product(x, self.bias_mode);
        let (own_loss, alpha, beta) = self.step(m, v);
        let confidence = Confidence {
            variance: v,
            beta,
            loss: own_loss,
        };
        let mut update = Update::passive(Task::Classification, y, score, hinge_loss(y, score));
        update.confidence = confidence;
        if own_loss == 0.0 || alpha == 0.0 {
            update.confidence.beta = 0.0;
            return update;
        }
        let step = alpha * y;
        let sigma_z = self.covariance.sigma_z();
        if sigma_z.len() - 1 > self.w.len() {
            self.w.resize(sigma_z.len() - 1, 0.0);
        }
        // Σx can be non-zero at features x does not have (full Σ): all move.
        for (w, s) in self.w.iter_mut().zip(&sigma_z[1..]) {
            *w += step * s;
        }
        if self.bias_mode.learns_bias() {
            self.b += step * sigma_z[0];
        }
        self.covariance.shrink(beta);
        Update {
            tau: alpha,
            score_after: score + step * v,
            aggressive: true,
            mistake: is_mistake(Task::Classification, y, score),
            ..update
        }
    }

    /// The plane's shading for a second-order learner is the score in
    /// standard deviations, f(x)/√(zᵀΣz): its sign is the prediction, and
    /// |value| < 1 marks where the boundaries within one standard deviation
    /// of w disagree (the band the page draws), wide where the learner has
    /// seen nothing and narrow where its samples pinned it down.
    fn score_grid(&self, grid: &crate::grid::Grid, out: &mut [f32]) {
        let bias = self.bias_mode.learns_bias();
        self.covariance
            .standardised_grid(&self.w, self.b, bias, 1.0, grid, out);
    }

    fn reset(&mut self) {
        self.w.clear();
        self.b = 0.0;
        self.covariance.reset();
    }

    fn state_finite(&self) -> bool {
        self.covariance.is_finite()
    }

    fn linear_model(&self) -> Option<LinearModel> {
        Some(LinearModel {
            weights: self.w.clone(),
            bias: self.b,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    fn arow(bias: BiasMode) -> SecondOrder {
        let settings = Settings {
            bias,
            ..Settings::default()
        };
        SecondOrder::new(Rule::Arow { r: 1.0 }, &settings).unwrap()
    }

    #[test]
    fn the_shading_is_the_score_in_standard_deviations_and_a_sample_narrows_it() {
        for bias in [BiasMode::Augmented, BiasMode::None] {
            let mut learner = arow(bias);
            let grid = Grid::new(1, 1, (0.4, 0.6), (-0.3, -0.1)).unwrap();
            let at = Features::Dense(&[0.5, -0.2]);
            let mut before = [0.0f32];
            learner.score_grid(&grid, &mut before);
            let v_before = learner.covariance.clone().product(at, bias);
            learner.learn_one(at, 1.0);
            learner.learn_one(Features::Dense(&[-0.5, 0.4]), -1.0);
            let mut after = [0.0f32];
            learner.score_grid(&grid, &mut after);
            let v = learner.covariance.clone().product(at, bias);
            let want = learner.score(at) / v.sqrt();
            assert!(
                (after[0] as f64 - want).abs() < 1e-6 * want.abs().max(1.0),
                "{bias}"
            );
            assert!(v < v_before, "learning at x shrinks its variance ({bias})");
        }
    }

    #[test]
    fn a_decoupled_bias_is_refused_with_the_reason() {
        let settings = Settings {
            bias: BiasMode::Decoupled,
            ..Settings::default()
        };
        let err = SecondOrder::new(Rule::Arow { r: 1.0 }, &settings).unwrap_err();
        assert!(err.to_string().contains("its own row of Σ"));
    }

    #[test]
    fn a_rule_made_by_hand_is_checked_as_the_settings_are() {
        let s = Settings::default();
        let refused = SecondOrder::new(Rule::Arow { r: -1.0 }, &s).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "AROW r must be positive and finite, got -1"
        );
        assert!(SecondOrder::new(Rule::Scw1 { c: 0.0, phi: 1.0 }, &s).is_err());
        assert!(SecondOrder::new(
            Rule::Scw2 {
                c: 1.0,
                phi: f64::NAN
            },
            &s
        )
        .is_err());
        let wide = Settings {
            initial_variance: -2.0,
            ..Settings::default()
        };
        assert!(SecondOrder::new(Rule::Arow { r: 1.0 }, &wide).is_err());
        assert!(SecondOrder::new(Rule::Arow { r: 1.0 }, &s).is_ok());
    }
}
