//! SOP, the second-order perceptron (Cesa-Bianchi, Conconi & Gentile, "A
//! Second-Order Perceptron Algorithm", SIAM J. Comput. 34(3) (2005)
//! 640-668). It keeps s = Σ y x over its mistakes and the correlation
//! matrix A = I/a + Σ x xᵀ of the same samples, and predicts
//!
//! ŷ = SGN(sᵀ (A + x xᵀ)⁻¹ x);  on a mistake:  s ← s + y x,  A ← A + x xᵀ.
//!
//! With Σ = A⁻¹ and v = xᵀΣx, (A + x xᵀ)⁻¹x = Σx/(1 + v), so the sign is
//! that of w·x with w = Σs: the mean of a Gaussian N(w, Σ), as for AROW.
//! This file keeps w and Σ and reports w·x as the score (the paper uses
//! only its sign). Adding x to A is Σ ← Σ − β Σx xᵀΣ with β = 1/(1 + v)
//! (Sherman-Morrison), and then w moves as
//!
//! w ← w + α y Σx,  α = β (1 − m) on a mistake,  α = −β m otherwise,
//!
//! with m = y w·x: the second only in LIBOL's form, below. Σ₀ = a I with
//! a = `--initial-variance` (LIBOL's `options.a`, `Sigma = a*eye(d)`; the
//! paper writes A₀ = a I, the reciprocal: the defaults, 1, agree).
//!
//! LIBOL's SOP.m (`--sop-form libol`) adds x to A on every sample, not only
//! on mistakes, so w = Σs moves on a right prediction too (α = −β m), and
//! it counts a mistake by the sign (+1 at a score of 0). The paper's form
//! updates at y w·x ≤ 0. With the bias, x is z = (1, x) with b's own row.

use super::{bias_rule_and_entry, clauses_with_code, fires_on_mistake, with_code, Gaussian};
use crate::error::Result;
use crate::features::Features;
use crate::learner::{hinge_loss, Confidence, Family, Info, Task, Update};
use crate::linear::{linear_learner, LinearHooks};
use crate::report::Details;
use crate::settings::{Checked, Key, LibolForm};

pub const INFO: Info = Info {
    name: "sop",
    label: "SOP",
    family: Family::SecondOrder,
    rule: with_code("on a mistake (m ≤ 0), x joins s = Σ y x and A = I/a + Σ x xᵀ; the prediction's sign is that of w·x with w = A⁻¹s: β = 1/(1 + v), α = β(1 − m), w ← w + α y Σx, Σ ← Σ − β ΣxxᵀΣ (LIBOL's form: every x joins A, α = −βm when right)"),
    filled: with_code("v = xᵀΣx = {v}"),
    step: "α",
    passive: with_code("predicted correctly"),
    // In the order of `Clause`.
    branches: clauses_with_code(&[
        "the prediction was wrong (m = {margin} ≤ 0): x joins the correlation matrix and the sum of y x, so β = 1/(1 + v) = {beta} and α = β(1 − m) = {tau}; the margin went from {margin} to {reached}",
        "the sign was wrong (LIBOL's test): x joins the correlation matrix and the sum of y x, so β = 1/(1 + v) = {beta} and α = β(1 − m) = {tau}; the margin went from {margin} to {reached}",
        "the sign was right, but in LIBOL's form x joins the correlation matrix all the same: β = 1/(1 + v) = {beta} and α = −βm = {tau}; the margin went from {margin} to {reached}",
    ]),
    note: with_code("w = A⁻¹s = Σs is the mean of N(w, Σ), the weights SOP predicts with: the sign of sᵀ(A + x xᵀ)⁻¹x is that of w·x"),
    source: with_code("Cesa-Bianchi, Conconi & Gentile 2005; LIBOL's SOP.m"),
    reads: |_| &[Key::SopForm, Key::Bias, Key::InitialVariance, Key::Covariance],
    ..Info::DEFAULT
};

bias_rule_and_entry!(Sop, "SOP");

crate::declare::clauses!(Mistake, LibolMistake, LibolRight);

#[derive(Clone, Debug)]
pub struct Sop {
    form: LibolForm,
    gaussian: Gaussian,
}

impl Sop {
    pub fn from_settings(s: &Checked) -> Result<Self> {
        check_bias(s)?;
        Ok(Self {
            form: s.sop_form,
            gaussian: Gaussian::new(s),
        })
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let score = self.gaussian.score(x);
        let m = y * score;
        let mut update = Update::passive(Task::Classification, y, score, hinge_loss(y, score));
        // v for the explanation too, as AROW reports it on every sample.
        let v = self.gaussian.variance(x);
        let wrong = fires_on_mistake(self.form, y, score);
        update.confidence.variance = v;
        if !wrong && self.form == LibolForm::Paper {
            return update;
        }
        let beta = 1.0 / (1.0 + v);
        let (alpha, clause) = match (wrong, self.form) {
            (true, LibolForm::Paper) => (beta * (1.0 - m), Clause::Mistake),
            (true, LibolForm::Libol) => (beta * (1.0 - m), Clause::LibolMistake),
            (false, _) => (-beta * m, Clause::LibolRight),
        };
        update.confidence = Confidence {
            variance: v,
            beta,
            loss: if wrong { 1.0 } else { 0.0 },
        };
        self.gaussian
            .take_step(update, y, score, v, alpha, beta)
            .with(Details::default().branch(clause as u8))
    }
}

linear_learner!(Sop, gaussian);

impl LinearHooks for Sop {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learner::Learner;
    use crate::settings::Settings;
    use crate::settings::{built, unbiased};

    fn sop(form: LibolForm) -> Sop {
        built(
            Sop::from_settings,
            Settings {
                sop_form: form,
                ..unbiased()
            },
        )
    }

    /// The paper's prediction, from v and A directly (2-D, no bias).
    fn paper_score(v: [f64; 2], a: [[f64; 2]; 2], x: [f64; 2]) -> f64 {
        let m = [
            [a[0][0] + x[0] * x[0], a[0][1] + x[0] * x[1]],
            [a[1][0] + x[1] * x[0], a[1][1] + x[1] * x[1]],
        ];
        let det = m[0][0] * m[1][1] - m[0][1] * m[1][0];
        let inv_x = [
            (m[1][1] * x[0] - m[0][1] * x[1]) / det,
            (-m[1][0] * x[0] + m[0][0] * x[1]) / det,
        ];
        v[0] * inv_x[0] + v[1] * inv_x[1]
    }

    #[test]
    fn the_mean_predicts_with_the_sign_of_the_papers_score() {
        let samples = [
            ([1.0, 0.5], 1.0),
            ([-0.5, 1.0], 1.0),
            ([0.3, -2.0], -1.0),
            ([2.0, 1.0], -1.0),
        ];
        let mut learner = sop(LibolForm::Paper);
        let (mut v, mut a) = ([0.0; 2], [[1.0, 0.0], [0.0, 1.0]]);
        for (x, y) in samples {
            let ours = learner.score(Features::Dense(&x));
            let theirs = paper_score(v, a, x);
            // (A + x xᵀ)⁻¹x = Σx/(1 + xᵀΣx): the same sign, scaled by 1 + v.
            let sigma_x_scale = 1.0 + learner.gaussian.clone().variance(Features::Dense(&x));
            assert!(
                (ours / sigma_x_scale - theirs).abs() < 1e-12,
                "{ours} {theirs}"
            );
            if y * theirs <= 0.0 {
                v = [v[0] + y * x[0], v[1] + y * x[1]];
                for (i, j) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                    a[i][j] += x[i] * x[j];
                }
            }
            learner.learn_one(Features::Dense(&x), y);
        }
    }

    #[test]
    fn libol_moves_sigma_on_a_right_prediction_and_the_paper_does_not() {
        let x = Features::Dense(&[1.0, 1.0]);
        for form in [LibolForm::Paper, LibolForm::Libol] {
            let mut s = sop(form);
            s.learn_one(Features::Dense(&[1.0, 0.0]), 1.0);
            let before = s.gaussian.clone().variance(x);
            let right = s.learn_one(x, 1.0);
            let after = s.gaussian.clone().variance(x);
            assert_eq!(right.aggressive, form == LibolForm::Libol);
            assert_eq!(after < before, form == LibolForm::Libol, "{form}");
        }
    }
}
