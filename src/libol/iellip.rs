//! IELLIP, the improved ellipsoid method for online learning (Yang, Jin &
//! Ye, "Online Learning by Ellipsoid Method", ICML 2009). The learner keeps
//! an ellipsoid of weight vectors {u : (u − w)ᵀΣ⁻¹(u − w) ≤ 1} that holds
//! the ones consistent with the samples so far; on a mistake, with
//! m = y w·x, v = xᵀΣx and g = y x/√v, it moves the centre and reshapes
//! the ellipsoid along x:
//!
//! w ← w + α Σg with α = (1 − m)/√v,   Σ ← (Σ − c Σg gᵀΣ)/(1 − c),
//!
//! and c, which starts at c₀ and sets how far an update reshapes, decays
//! by the factor b. In the paper's form c decays after each update (the
//! ellipsoid only changes on a mistake) and the rule fires at m ≤ 0;
//! this reading of the paper could not be checked here against its
//! text line by line, and the two forms differ only in the clock c is
//! kept by. LIBOL's IELLIP.m (`--iellip-form libol`) multiplies c by b
//! after every sample, mistakes or not, and counts a mistake by the sign
//! (+1 at a score of 0). Defaults are LIBOL's: b = 0.3, c₀ = 0.1, Σ₀ = a I
//! with a = 1. A zero x (v = 0, possible without a bias) is skipped, as in
//! LIBOL (`if v_t ~= 0`).

use super::{bias_rule_and_entry, clauses_with_code, fires_on_mistake, with_code, Gaussian};
use crate::error::Result;
use crate::features::Features;
use crate::learner::{hinge_loss, is_mistake, Confidence, Family, Info, Task, Update};
use crate::linear::{linear_learner, LinearHooks};
use crate::report::Details;
use crate::settings::{Checked, Key, LibolForm, Settings};

pub const INFO: Info = Info {
    name: "iellip",
    label: "IELLIP",
    family: Family::SecondOrder,
    rule: with_code("if m ≤ 0: α = (1 − m)/√v, g = y x/√v; w ← w + α Σg, Σ ← (Σ − c ΣggᵀΣ)/(1 − c), then c ← b c (LIBOL's form: c ← b c after every sample, and a mistake is a wrong sign)"),
    filled: with_code("v = xᵀΣx = {v};  c = {cnow}"),
    step: "α",
    passive: with_code("predicted correctly"),
    // In the order of `Clause`.
    branches: clauses_with_code(&[
        "the prediction was wrong (m = {margin} ≤ 0): the centre moved by α = (1 − m)/√v = {tau} along Σg and the ellipsoid shrank along x by c = {cnow}; the margin went from {margin} to {reached}",
        "the sign was wrong (LIBOL's test): the centre moved by α = (1 − m)/√v = {tau} along Σg and the ellipsoid shrank along x by c = {cnow}; the margin went from {margin} to {reached}",
        "predicted correctly; in LIBOL's form c still decays, to {cnext}",
    ]),
    update: with_code("w ← w + α·Σg,  Σ ← (Σ − c·Σg gᵀΣ)/(1 − c),  g = y·x/√v"),
    source: with_code("Yang, Jin & Ye 2009; LIBOL's IELLIP.m"),
    reads: |_| {
        &[
            Key::IellipForm,
            Key::IellipB,
            Key::IellipC,
            Key::Bias,
            Key::InitialVariance,
            Key::Covariance,
        ]
    },
    ..Info::DEFAULT
};

bias_rule_and_entry!(Iellip, "IELLIP");

crate::declare::clauses!(Mistake, LibolMistake, LibolDecay);

#[derive(Clone, Debug)]
pub struct Iellip {
    form: LibolForm,
    b: f64,
    c0: f64,
    /// The c the next update uses.
    c: f64,
    gaussian: Gaussian,
}

impl Iellip {
    pub fn from_settings(s: &Checked) -> Result<Self> {
        check_bias(s)?;
        let c0 = s.iellip_c;
        Ok(Self {
            form: s.iellip_form,
            b: s.iellip_b,
            c0,
            c: c0,
            gaussian: Gaussian::new(s),
        })
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let score = self.gaussian.score(x);
        let m = y * score;
        let mut update = Update::passive(Task::Classification, y, score, hinge_loss(y, score));
        // v on every sample, as IELLIP.m computes it (and the panel shows it).
        let v = self.gaussian.variance(x);
        update.confidence.variance = v;
        let wrong = fires_on_mistake(self.form, y, score);
        let c = self.c;
        let moved = wrong && v != 0.0;
        if moved {
            let alpha = (1.0 - m) / v.sqrt();
            // Σg = y Σx/√v, so w moves by (α y/√v) Σx and Σg gᵀΣ = ΣxxᵀΣ/v.
            self.gaussian.step(alpha * y / v.sqrt());
            self.gaussian.shrink(c / v);
            self.gaussian.scale_by(1.0 / (1.0 - c));
            update.confidence = Confidence {
                variance: v,
                beta: c / v,
                loss: 1.0,
            };
            update = Update {
                tau: alpha,
                score_after: score + alpha * y * v.sqrt(),
                aggressive: true,
                mistake: is_mistake(Task::Classification, y, score),
                ..update
            };
        }
        if moved || self.form == LibolForm::Libol {
            self.c *= self.b;
        }
        let numbers = Details::new(&["cnow", "cnext"], [c, self.c]);
        let clause = match (moved, self.form) {
            (true, LibolForm::Paper) => Clause::Mistake,
            (true, LibolForm::Libol) => Clause::LibolMistake,
            (false, LibolForm::Libol) => Clause::LibolDecay,
            (false, LibolForm::Paper) => return update.with(numbers),
        };
        update.with(numbers.branch(clause as u8))
    }
}

linear_learner!(Iellip, gaussian);

impl LinearHooks for Iellip {
    fn tune(&mut self, settings: &Settings) {
        self.b = settings.iellip_b;
    }

    fn clear(&mut self) {
        self.c = self.c0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learner::Learner;
    use crate::settings::{built, unbiased};

    fn iellip(form: LibolForm) -> Iellip {
        built(
            Iellip::from_settings,
            Settings {
                iellip_form: form,
                ..unbiased()
            },
        )
    }

    #[test]
    fn an_update_puts_the_sample_at_margin_one_and_c_decays_on_each_forms_clock() {
        let x = Features::Dense(&[2.0, -1.0]);
        let mut paper = iellip(LibolForm::Paper);
        let u = paper.learn_one(x, 1.0);
        // w moves by α Σg = (1 − m) Σx/v: the margin becomes exactly 1.
        assert!(u.aggressive && (u.score_after - 1.0).abs() < 1e-12);
        assert!((paper.c - 0.03).abs() < 1e-15);
        paper.learn_one(x, 1.0);
        assert!((paper.c - 0.03).abs() < 1e-15, "a right prediction keeps c");
        let mut libol = iellip(LibolForm::Libol);
        libol.learn_one(x, 1.0); // a zero score with y = +1: right for LIBOL
        libol.learn_one(x, 1.0);
        assert!((libol.c - 0.009).abs() < 1e-15, "c decays on every sample");
        assert_eq!(libol.linear_model().unwrap().weights, Vec::<f64>::new());
    }
}
