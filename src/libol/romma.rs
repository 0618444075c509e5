//! ROMMA and aggressive ROMMA, the relaxed online maximum margin algorithm
//! (Li & Long, "The Relaxed Online Maximum Margin Algorithm", Machine
//! Learning 46 (2002) 361-387). Each update moves w to the smallest vector
//! of the half-space {u : u·w ≥ ‖w‖²} (which relaxes every past
//! constraint into one) that also puts x at margin 1, y u·x ≥ 1:
//!
//! w ← c w + d x,  c = (‖x‖²‖w‖² − y f)/(‖x‖²‖w‖² − f²),
//!                 d = ‖w‖² (y − f)/(‖x‖²‖w‖² − f²),   f = w·x.
//!
//! While w = 0 the half-space is everything, and the smallest w with
//! y w·x ≥ 1 is y x/‖x‖². ROMMA updates on a mistake (y f ≤ 0), aggressive
//! ROMMA whenever y f < 1. When x is parallel to w the denominator is 0
//! (after a mistake, the two constraints then leave nowhere to go):
//! nothing changes, in both forms, as in LIBOL.
//!
//! LIBOL's ROMMA.m and aROMMA.m (`--romma-form libol`) take w = y x as the
//! first step, not y x/‖x‖² (and c, d are not scale-free in w, so the runs
//! that follow differ too), and ROMMA.m counts a mistake by the sign, +1
//! at f = 0, so a zero score with y = +1 is no update there. With the bias,
//! x is z = (1, x) and ‖w‖² counts b².

use super::{augmented_or_none, clauses_with_code, fires_on_mistake, with_code};
use crate::error::Result;
use crate::features::Features;
use crate::learner::{hinge_loss, is_mistake, Details, Entry, Family, Info, Task, Update};
use crate::linear::Weights;
use crate::linear::{linear_learner, LinearHooks};
use crate::settings::{Checked, Key, LibolForm};

const fn info(aggressive: bool) -> Info {
    Info {
        name: if aggressive { "aromma" } else { "romma" },
        label: if aggressive { "aROMMA" } else { "ROMMA" },
        family: Family::Linear,
        rule: if aggressive {
            with_code("if m < 1: w ← c w + d x, the smallest w with y w·x ≥ 1 in the half-space w·w_old ≥ ‖w_old‖²; the first step w ← y x/‖x‖² (LIBOL's form: y x)")
        } else {
            with_code("if m ≤ 0: w ← c w + d x, the smallest w with y w·x ≥ 1 in the half-space w·w_old ≥ ‖w_old‖²; the first step w ← y x/‖x‖² (LIBOL's form: y x, and a mistake is a wrong sign)")
        },
        step: "d",
        passive: if aggressive {
            with_code("the margin is at least 1")
        } else {
            with_code("predicted correctly")
        },
        // In the order of `Clause`.
        branches: clauses_with_code(&[
            "w was 0: w ← y x/‖x‖², the smallest w with y w·x ≥ 1; the margin went from {margin} to {reached}",
            "w was 0: w ← y x (LIBOL's first step); the margin went from {margin} to {reached}",
            "w ← c w + d x with c = (‖x‖²‖w‖² − y f)/(‖x‖²‖w‖² − f²) = {cw} and d = ‖w‖²(y − f)/(‖x‖²‖w‖² − f²) = {dx}; the margin went from {margin} to {reached}",
            "x is parallel to w (‖x‖²‖w‖² = f²): the closed form divides by 0, so nothing changes (as in LIBOL)",
        ]),
        update: with_code("w ← c·w + d·x"),
        source: if aggressive {
            with_code("Li & Long 2002 (aggressive ROMMA); LIBOL's aROMMA.m")
        } else {
            with_code("Li & Long 2002; LIBOL's ROMMA.m")
        },
        reads: |_| &[Key::RommaForm, Key::Bias],
        ..Info::DEFAULT
    }
}

pub const ROMMA_INFO: Info = info(false);
pub const AROMMA_INFO: Info = info(true);
pub const ROMMA: Entry<Romma> = Entry {
    check: |s| augmented_or_none("ROMMA", s),
    build: |s| Romma::from_settings(false, s),
};
pub const AROMMA: Entry<Romma> = Entry {
    check: |s| augmented_or_none("aROMMA", s),
    build: |s| Romma::from_settings(true, s),
};

// As the two entries' (ROMMA's and aggressive ROMMA's) branches list them.
crate::declare::clauses!(First, LibolFirst, Relaxed, Parallel);

/// ROMMA (on mistakes) or aggressive ROMMA (on margin errors).
#[derive(Clone, Debug)]
pub struct Romma {
    aggressive: bool,
    form: LibolForm,
    weights: Weights,
}

impl Romma {
    pub fn from_settings(aggressive: bool, s: &Checked) -> Result<Self> {
        augmented_or_none(if aggressive { "aROMMA" } else { "ROMMA" }, s)?;
        Ok(Self {
            aggressive,
            form: s.romma_form,
            weights: Weights::new(s.bias),
        })
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let f = self.weights.score(x);
        let passive = Update::passive(Task::Classification, y, f, hinge_loss(y, f));
        let fires = if self.aggressive {
            1.0 - y * f > 0.0
        } else {
            fires_on_mistake(self.form, y, f)
        };
        if !fires {
            return passive;
        }
        let sq = self.weights.step_norm(x.squared_norm());
        let sq_w = self.weights.squared_norm();
        let (clause, c, d) = if sq_w == 0.0 {
            match self.form {
                // x = 0 (no bias) has no smallest w at margin 1: nothing.
                LibolForm::Paper if sq == 0.0 => return passive,
                LibolForm::Paper => (Clause::First, 1.0, y / sq),
                LibolForm::Libol => (Clause::LibolFirst, 1.0, y),
            }
        } else {
            // (‖x‖ ‖w‖)², as LIBOL writes it.
            let product = (sq.sqrt() * sq_w.sqrt()).powi(2);
            let denominator = product - f * f;
            if denominator == 0.0 {
                return passive.with(Details::default().branch(Clause::Parallel as u8));
            }
            let c = (product - y * f) / denominator;
            let d = sq_w * (y - f) / denominator;
            (Clause::Relaxed, c, d)
        };
        if c != 1.0 {
            self.weights.scale(c);
        }
        self.weights.add(x, d);
        Update {
            tau: d,
            score_after: self.weights.score(x),
            aggressive: true,
            mistake: is_mistake(Task::Classification, y, f),
            ..passive
        }
        .with(Details::new(&["cw", "dx"], [c, d]).branch(clause as u8))
    }
}

linear_learner!(Romma, weights);

impl LinearHooks for Romma {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learner::Learner;
    use crate::settings::BiasMode;
    use crate::settings::Settings;

    fn romma(aggressive: bool, form: LibolForm) -> Romma {
        let s = Settings {
            romma_form: form,
            bias: BiasMode::None,
            ..Settings::default()
        };
        Romma::from_settings(aggressive, &s.checked().unwrap()).unwrap()
    }

    #[test]
    fn each_update_lands_on_margin_one_in_the_relaxed_half_space() {
        let mut r = romma(false, LibolForm::Paper);
        let first = r.learn_one(Features::Dense(&[2.0, 0.0]), 1.0);
        assert_eq!(r.weights.weights(), &[0.5, 0.0], "y x/‖x‖²");
        assert_eq!(first.score_after, 1.0);
        let old = r.weights.model().weights;
        let x = Features::Dense(&[-1.0, 3.0]);
        let u = r.learn_one(x, 1.0);
        assert!(u.aggressive && (u.score_after - 1.0).abs() < 1e-12);
        let w = r.weights.weights();
        let half_space = w[0] * old[0] + w[1] * old[1];
        assert!((half_space - 0.25).abs() < 1e-12, "w·w_old = ‖w_old‖²");
    }

    #[test]
    fn libol_starts_from_y_x_and_does_not_update_at_a_zero_score_with_y_plus_one() {
        let mut libol = romma(false, LibolForm::Libol);
        assert!(
            !libol
                .learn_one(Features::Dense(&[2.0, 0.0]), 1.0)
                .aggressive
        );
        libol.learn_one(Features::Dense(&[2.0, 0.0]), -1.0);
        assert_eq!(libol.weights.weights(), &[-2.0, 0.0]);
        let mut paper = romma(false, LibolForm::Paper);
        assert!(
            paper
                .learn_one(Features::Dense(&[2.0, 0.0]), 1.0)
                .aggressive
        );
    }

    #[test]
    fn aggressive_romma_updates_inside_the_margin_and_a_parallel_x_changes_nothing() {
        let mut r = romma(true, LibolForm::Paper);
        r.learn_one(Features::Dense(&[1.0, 1.0]), 1.0);
        let inside = r.learn_one(Features::Dense(&[1.0, -0.5]), 1.0);
        assert!(inside.margin > 0.0 && inside.margin < 1.0 && inside.aggressive);
        let mut r = romma(true, LibolForm::Paper);
        r.learn_one(Features::Dense(&[2.0, 0.0]), 1.0);
        let before = r.weights.model();
        // w = (0.5, 0): x = (−1, 0) makes ‖x‖²‖w‖² − f² exactly 0.
        let parallel = r.learn_one(Features::Dense(&[-1.0, 0.0]), 1.0);
        assert!(!parallel.aggressive);
        assert_eq!(r.weights.model(), before);
    }
}
