//! CW, confidence-weighted learning (Dredze, Crammer & Pereira,
//! "Confidence-Weighted Linear Classification", ICML 2008): the weights are
//! a Gaussian N(w, Σ), and each sample asks that it be classified right
//! with probability η, Pr[y w'·x ≥ 0] ≥ η for w' ~ N(w, Σ). With
//! φ = Φ⁻¹(η), m = y w·x and v = xᵀΣx, the paper's update solves the
//! constraint in its variance form, m ≥ φ v (its section 3), in closed form:
//!
//! α = max(0, (−(1 + 2φm) + √((1 + 2φm)² − 8φ(m − φv))) / (4φv)),
//! w ← w + α y Σx,  Σ⁻¹ ← Σ⁻¹ + 2αφ x xᵀ, i.e. Σ ← Σ − β Σx xᵀΣ with
//! β = 2αφ/(1 + 2αφv) (Sherman-Morrison). It updates when m < φ v.
//!
//! LIBOL's CW.m (`--cw-form libol`) runs the exact convex form of the
//! standard-deviation constraint m ≥ φ√v instead (Crammer, Dredze &
//! Pereira, "Exact Convex Confidence-Weighted Learning", NIPS 2008): with
//! ψ = 1 + φ²/2 and ξ = 1 + φ², when φ√v − m > 0,
//! α = max(0, (−mψ + √(m²φ⁴/4 + vφ²ξ))/(vξ)),
//! u = (−αvφ + √(α²v²φ² + 4v))²/4,  β = αφ/(√u + vαφ),
//! the same form as SCW-I without its cap C. Both use Σ₀ = a I and η = 0.7
//! (LIBOL's defaults); the paper's experiments kept Σ's diagonal, which
//! `--covariance diagonal` does with the diagonal of the same step.

use super::{bias_rule_and_entry, clauses_with_code, with_code, Gaussian};
use crate::error::Result;
use crate::features::Features;
use crate::learner::{hinge_loss, Confidence, Family, Info, Task, Update};
use crate::linear::normal_quantile;
use crate::linear::{linear_learner, LinearHooks};
use crate::report::Details;
use crate::settings::{Checked, Key, LibolForm, Settings};

pub const INFO: Info = Info {
    name: "cw",
    label: "CW",
    family: Family::SecondOrder,
    rule: with_code("if m < φv: α = max(0, (−(1 + 2φm) + √((1 + 2φm)² − 8φ(m − φv)))/(4φv)), β = 2αφ/(1 + 2αφv); w ← w + α y Σx, Σ ← Σ − β ΣxxᵀΣ (LIBOL's form: the exact convex update for m ≥ φ√v)"),
    filled: with_code("v = xᵀΣx = {v};  φ = Φ⁻¹(η) = {phi}"),
    step: "α",
    passive: with_code("the sample is classified right with probability η"),
    // In the order of `Clause`.
    branches: clauses_with_code(&[
        "m = {margin} < φv = {bound}: α = {tau} and β = 2αφ/(1 + 2αφv) = {beta} put the sample at m = φ·(its new variance); the margin went from {margin} to {reached}",
        "m = {margin} ≥ φv = {bound}: the sample is classified right with probability η, so nothing changes",
        "φ√v − m = {own} > 0 (LIBOL's exact convex form): α = {tau}, β = αφ/(√u + vαφ) = {beta}; the margin went from {margin} to {reached}",
        "m = {margin} ≥ φ√v = {bound} (LIBOL's exact convex form), so nothing changes",
    ]),
    source: with_code("Dredze, Crammer & Pereira 2008; LIBOL's CW.m: Crammer, Dredze & Pereira 2008"),
    reads: |_| &[Key::CwForm, Key::CwEta, Key::Bias, Key::InitialVariance, Key::Covariance],
    ..Info::DEFAULT
};

bias_rule_and_entry!(Cw, "CW");

crate::declare::clauses!(Updated, Kept, LibolUpdated, LibolKept);

#[derive(Clone, Debug)]
pub struct Cw {
    form: LibolForm,
    phi: f64,
    gaussian: Gaussian,
}

impl Cw {
    pub fn from_settings(s: &Checked) -> Result<Self> {
        check_bias(s)?;
        Ok(Self {
            form: s.cw_form,
            phi: normal_quantile(s.cw_eta),
            gaussian: Gaussian::new(s),
        })
    }

    /// (the loss that decides, the bound m is held to, α, β).
    fn step(&self, m: f64, v: f64) -> (f64, f64, f64, f64) {
        let phi = self.phi;
        match self.form {
            LibolForm::Paper => {
                let bound = phi * v;
                if m >= bound {
                    return (0.0, bound, 0.0, 0.0);
                }
                let b = 1.0 + 2.0 * phi * m;
                let alpha =
                    ((-b + (b * b - 8.0 * phi * (m - phi * v)).sqrt()) / (4.0 * phi * v)).max(0.0);
                let beta = 2.0 * alpha * phi / (1.0 + 2.0 * alpha * phi * v);
                (bound - m, bound, alpha, beta)
            }
            LibolForm::Libol => {
                let bound = phi * v.sqrt();
                let loss = bound - m;
                if !(loss > 0.0) {
                    return (0.0, bound, 0.0, 0.0);
                }
                let (psi, xi) = (1.0 + phi * phi / 2.0, 1.0 + phi * phi);
                let phi4 = phi * phi * phi * phi;
                let alpha = ((-m * psi + (m * m * phi4 / 4.0 + v * phi * phi * xi).sqrt())
                    / (v * xi))
                    .max(0.0);
                let root = (alpha * alpha * v * v * phi * phi + 4.0 * v).sqrt();
                let u = 0.25 * (-alpha * v * phi + root) * (-alpha * v * phi + root);
                let beta = alpha * phi / (u.sqrt() + alpha * phi * v);
                (loss, bound, alpha, beta)
            }
        }
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let score = self.gaussian.score(x);
        let m = y * score;
        let v = self.gaussian.variance(x);
        let (own, bound, alpha, beta) = self.step(m, v);
        let mut update = Update::passive(Task::Classification, y, score, hinge_loss(y, score));
        update.confidence = Confidence {
            variance: v,
            beta: 0.0,
            loss: own,
        };
        let (updated, kept) = match self.form {
            LibolForm::Paper => (Clause::Updated, Clause::Kept),
            LibolForm::Libol => (Clause::LibolUpdated, Clause::LibolKept),
        };
        let numbers = Details::new(&["phi", "bound"], [self.phi, bound]);
        if alpha == 0.0 {
            return update.with(numbers.branch(kept as u8));
        }
        update.confidence.beta = beta;
        self.gaussian
            .take_step(update, y, score, v, alpha, beta)
            .with(numbers.branch(updated as u8))
    }
}

linear_learner!(Cw, gaussian);

impl LinearHooks for Cw {
    fn tune(&mut self, settings: &Settings) {
        self.phi = normal_quantile(settings.cw_eta);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learner::Learner;
    use crate::settings::{built, unbiased};

    fn cw(form: LibolForm) -> Cw {
        built(
            Cw::from_settings,
            Settings {
                cw_form: form,
                ..unbiased()
            },
        )
    }

    #[test]
    fn each_form_meets_its_own_constraint_with_equality() {
        let x = Features::Dense(&[1.0, -2.0]);
        for form in [LibolForm::Paper, LibolForm::Libol] {
            let mut learner = cw(form);
            learner.learn_one(Features::Dense(&[0.5, 0.5]), 1.0);
            let u = learner.learn_one(x, -1.0);
            assert!(u.aggressive);
            let v_after = learner.gaussian.clone().variance(x);
            let m_after = -learner.score(x);
            let bound = match form {
                LibolForm::Paper => learner.phi * v_after,
                LibolForm::Libol => learner.phi * v_after.sqrt(),
            };
            assert!(
                (m_after - bound).abs() < 1e-12,
                "{form}: {m_after} vs {bound}"
            );
        }
    }
}
