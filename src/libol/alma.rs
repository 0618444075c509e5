//! ALMA, the approximate large margin algorithm (Gentile, "A New
//! Approximate Maximal Margin Classification Algorithm", JMLR 2 (2001)
//! 213-242), in its p = 2 form ALMA₂(α; B, C) with the paper's B = 1/α and
//! C = √2. On its k-th update (k from 1), with x̂ = x/‖x‖:
//!
//! γₖ = B/√k;  if y w·x̂ ≤ (1 − α)γₖ:  w ← w + ηₖ y x̂ with ηₖ = C/√k,
//! then w ← w / max(1, ‖w‖), and k ← k + 1.
//!
//! α ∈ (0, 1] sets how much of the margin it gives up: α = 1 updates on
//! mistakes only. Only p = 2 is here: LIBOL's ALMA.m takes p but always
//! normalises w by its Euclidean norm, so its p ≠ 2 is neither the paper's
//! ALMA_p (which maps w through the p-norm link function) nor this.
//!
//! LIBOL's ALMA.m (`--alma-form libol`) differs from the paper in two
//! places, both kept in that form: it uses the raw x where the paper
//! normalises it (x̂ = x, so the step and the margin scale with ‖x‖), and
//! it updates when (1 − α)γₖ − y w·x > 0, strictly, where the paper's
//! test is ≤. A zero x (possible without a bias) has no direction to
//! normalise; x̂ = 0 then, and the update moves nothing but still counts.
//!
//! ```
//! use onlinelearn::{Algorithm, AnyLearner, Features, Learner, Settings};
//! let mut alma = AnyLearner::new(Algorithm::Alma, &Settings::default()).unwrap();
//! let report = alma.learn_one(Features::Dense(&[3.0, 4.0]), 1.0);
//! // The first step, √2 along x̂ = (1, 3, 4)/√26, leaves ‖w‖ = √2 > 1:
//! // w is scaled back onto the unit ball, so y w·x̂ = 1.
//! assert!((report.score_after / 26f64.sqrt() - 1.0).abs() < 1e-12);
//! ```

use super::{bias_rule_and_entry, clauses_with_code, with_code};
use crate::error::Result;
use crate::features::Features;
use crate::learner::{hinge_loss, is_mistake, Details, Family, Info, Task, Update};
use crate::linear::Weights;
use crate::linear::{linear_learner, LinearHooks};
use crate::settings::{Checked, Key, LibolForm, Settings};

pub const INFO: Info = Info {
    name: "alma",
    label: "ALMA",
    family: Family::Linear,
    rule: with_code("if y w·x̂ ≤ (1 − α)γₖ with x̂ = x/‖x‖ and γₖ = (1/α)/√k: w ← w + ηₖ y x̂ with ηₖ = C/√k, then w ← w/max(1, ‖w‖) and k ← k + 1 (LIBOL's form: the raw x for x̂, and < for ≤)"),
    filled: with_code("γₖ = (1/α)/√k = {gamma};  (1 − α)γₖ = {bar}"),
    step: "η",
    passive: with_code("the normalised margin is above (1 − α)γₖ"),
    // In the order of `Clause`.
    branches: clauses_with_code(&[
        "y w·x̂ = {mhat} ≤ (1 − α)γₖ = {bar}: w moved by ηₖ = C/√k = {tau} along y x̂ (x̂ = x/‖x‖) and was divided by max(1, ‖w‖) = {norm}; the margin went from {margin} to {reached}",
        "y w·x̂ = {mhat} > (1 − α)γₖ = {bar}, so nothing changes",
        "y w·x = {mhat} < (1 − α)γₖ = {bar} (LIBOL's form: the raw x, and <): w moved by ηₖ = C/√k = {tau} along y x and was divided by max(1, ‖w‖) = {norm}; the margin went from {margin} to {reached}",
        "y w·x = {mhat} ≥ (1 − α)γₖ = {bar} (LIBOL's form: the raw x), so nothing changes",
    ]),
    note: with_code("only p = 2 (Euclidean norms); B = 1/α as in the paper and LIBOL"),
    update: with_code("w ← (w + ηₖ·y·x̂)/max(1, ‖w + ηₖ·y·x̂‖),  k ← k + 1"),
    source: with_code("Gentile 2001; LIBOL's ALMA.m"),
    reads: |_| &[Key::AlmaForm, Key::AlmaAlpha, Key::AlmaC, Key::Bias],
    ..Info::DEFAULT
};

bias_rule_and_entry!(Alma, "ALMA");

crate::declare::clauses!(Updated, Kept, LibolUpdated, LibolKept);

/// ALMA₂: the weights (on the unit ball after each update), the update
/// count k and the parameters.
#[derive(Clone, Debug)]
pub struct Alma {
    form: LibolForm,
    alpha: f64,
    c: f64,
    weights: Weights,
    /// The next update's index, from 1.
    k: u64,
}

impl Alma {
    pub fn from_settings(s: &Checked) -> Result<Self> {
        check_bias(s)?;
        Ok(Self {
            form: s.alma_form,
            alpha: s.alma_alpha,
            c: s.alma_c,
            weights: Weights::new(s.bias),
            k: 1,
        })
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let score = self.weights.score(x);
        let passive = Update::passive(Task::Classification, y, score, hinge_loss(y, score));
        let root_k = (self.k as f64).sqrt();
        let gamma = (1.0 / self.alpha) / root_k;
        let bar = (1.0 - self.alpha) * gamma;
        // The length x is divided by: ‖z‖ in the paper's form (z = (1, x)
        // with the bias), 1 in LIBOL's; x̂ = 0 for a zero x.
        let length = match self.form {
            LibolForm::Paper => self.weights.step_norm(x.squared_norm()).sqrt(),
            LibolForm::Libol => 1.0,
        };
        let unit = if length > 0.0 { 1.0 / length } else { 0.0 };
        let mhat = y * score * unit;
        let (fires, updated, kept) = match self.form {
            LibolForm::Paper => (mhat <= bar, Clause::Updated, Clause::Kept),
            LibolForm::Libol => (bar - mhat > 0.0, Clause::LibolUpdated, Clause::LibolKept),
        };
        let numbers =
            |norm| Details::new(&["gamma", "bar", "mhat", "norm"], [gamma, bar, mhat, norm]);
        if !fires {
            return passive.with(numbers(1.0).branch(kept as u8));
        }
        let eta = self.c / root_k;
        self.weights.add(x, eta * y * unit);
        let norm = self.weights.squared_norm().sqrt().max(1.0);
        if norm > 1.0 {
            self.weights.scale(1.0 / norm);
        }
        self.k += 1;
        let after = self.weights.score(x);
        Update {
            tau: eta,
            score_after: after,
            aggressive: true,
            mistake: is_mistake(Task::Classification, y, score),
            ..passive
        }
        .with(numbers(norm).branch(updated as u8))
    }
}

linear_learner!(Alma, weights);

impl LinearHooks for Alma {
    fn tune(&mut self, settings: &Settings) {
        self.alpha = settings.alma_alpha;
        self.c = settings.alma_c;
    }

    fn clear(&mut self) {
        self.k = 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learner::Learner;
    use crate::settings::{built, unbiased};

    fn alma(form: LibolForm, alpha: f64) -> Alma {
        built(
            Alma::from_settings,
            Settings {
                alma_form: form,
                alma_alpha: alpha,
                ..unbiased()
            },
        )
    }

    #[test]
    fn the_paper_normalises_x_and_libol_does_not() {
        let x = Features::Dense(&[0.0, 10.0]);
        let mut paper = alma(LibolForm::Paper, 0.9);
        let mut libol = alma(LibolForm::Libol, 0.9);
        paper.learn_one(x, 1.0);
        libol.learn_one(x, 1.0);
        // Paper: √2 along x̂ = (0, 1), then onto the unit ball. LIBOL: √2 x
        // has norm 10√2, scaled back to 1 too: the same direction here...
        for a in [&paper, &libol] {
            let w = a.weights.weights();
            assert!(w[0] == 0.0 && (w[1] - 1.0).abs() < 1e-15, "{w:?}");
        }
        // ...but its margin test sees y w·x = 10 ≥ (1 − α)γ₂, the paper's 1.
        let paper_second = paper.learn_one(x, 1.0);
        let libol_second = libol.learn_one(x, 1.0);
        assert!(!paper_second.aggressive && !libol_second.aggressive);
        assert!(
            (paper_second.details.values[2] - 1.0).abs() < 1e-14,
            "y w·x̂"
        );
        assert!(
            (libol_second.details.values[2] - 10.0).abs() < 1e-13,
            "y w·x"
        );
    }

    #[test]
    fn at_alpha_one_a_zero_margin_updates_in_the_paper_only() {
        // (1 − α)γ = 0: the paper's ≤ fires at a zero score, LIBOL's > 0 does not.
        let (mut paper, mut libol) = (alma(LibolForm::Paper, 1.0), alma(LibolForm::Libol, 1.0));
        assert!(paper.learn_one(Features::Dense(&[1.0]), 1.0).aggressive);
        assert!(!libol.learn_one(Features::Dense(&[1.0]), 1.0).aggressive);
        assert_eq!((paper.k, libol.k), (2, 1), "k counts the updates from 1");
    }

    #[test]
    fn the_step_shrinks_as_one_over_root_k_and_w_stays_in_the_unit_ball() {
        let mut a = alma(LibolForm::Paper, 0.5);
        let mut taus = Vec::new();
        for (i, label) in [1.0, -1.0, 1.0, -1.0].into_iter().enumerate() {
            let u = a.learn_one(Features::Dense(&[1.0, i as f64]), label);
            if u.aggressive {
                taus.push(u.tau);
            }
            assert!(a.weights.squared_norm() <= 1.0 + 1e-12);
        }
        for (k, tau) in taus.iter().enumerate() {
            assert!((tau - 2f64.sqrt() / ((k + 1) as f64).sqrt()).abs() < 1e-15);
        }
        assert!(taus.len() >= 3);
    }
}
