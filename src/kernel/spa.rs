//! SPA, sparse passive-aggressive learning (Lu, Sahoo, Zhao, Hoi, ACM TIST
//! 9 (2018); first at SDM 2016): a sample with loss l = max(0, rho - y f(x))
//! becomes a support vector only with probability p, so the set stays
//! small in expectation.
//!
//! Two forms, because the sources disagree:
//! - [`SpaRule::Paper`] (the default, and what the page shows):
//!   p = min(alpha, l) / beta with alpha <= beta; on success the PA-I step
//!   with its cap raised to C / p, tau = min(C / p, l / k(x, x)), and x joins
//!   with coefficient tau y. Raising the cap is what keeps the update
//!   unbiased in expectation. This is the form of a public C++
//!   implementation (parameters a, b) and of our reading of the paper; the
//!   paper's text was not available to check it line by line. (Our
//!   ALGORITHMS.md recalled the coefficient as tau y / p with tau the plain
//!   PA-I step; that overshoots the PA projection by 1 / p and we do not use it.)
//! - [`SpaRule::Authors`]: the 2023 comparison code of Meng & Song
//!   (their SPA.m), p = min(l, 1) and coefficient l y.
//!
//! The paper keeps the set small by sampling alone ("no SV's are removed
//! during the learning"), so SPA takes no budget: its size follows beta.

use super::core::{kernel_learner, Core, KernelHooks};
use super::function::{Kernel, KernelSpec};
use super::kernel_keys;
use super::support_set::{Removal, SupportSet};
use crate::data::rng::chance;
use crate::error::{Error, Result};
use crate::features::Features;
use crate::learner::{Details, Family, Info, Sweep, Update};
use crate::settings::{check, Key, Settings, SpaForm};

pub const INFO: Info = Info {
    name: "spa",
    label: "SPA",
    family: Family::Kernel,
    rule: super::text_with_code("add x with probability p = min(α, ℓ)/β and coefficient min(C/p, ℓ/k(x,x)) y (the 2023 authors' form: p = min(ℓ, 1), coefficient ℓ y)"),
    step: "coefficient",
    passive: super::text_with_code("the margin is at least ρ = {rho}"),
    // In the order of `Clause`.
    branches: super::with_code(&[
        "ℓ = max(0, ρ − m) = {ell} > 0 and x was drawn to join, with probability p = min(α, ℓ)/β = min({spa-alpha}, {ell})/{spa-beta} = {p}; its coefficient is min(C/p, ℓ/k(x,x)) = min({c}/{p}, {ell}/{sq}) = {tau}; the margin went from {margin} to {reached}",
        "ℓ = max(0, ρ − m) = {ell} > 0, but x was not drawn to join: its probability was p = min(α, ℓ)/β = min({spa-alpha}, {ell})/{spa-beta} = {p}",
        "ℓ = max(0, ρ − m) = {ell} > 0 and x was drawn to join, with probability p = min(ℓ, 1) = {p}; its coefficient is ℓ = {tau}; the margin went from {margin} to {reached}",
        "ℓ = max(0, ρ − m) = {ell} > 0, but x was not drawn to join: its probability was p = min(ℓ, 1) = {p}",
    ]),
    source: super::text_with_code("Lu, Sahoo, Zhao & Hoi 2018"),
    stochastic: true,
    in_paper: true,
    reads: |s| match s.spa_form {
        SpaForm::Paper => kernel_keys![SpaForm, SpaAlpha, SpaBeta, C, Rho],
        SpaForm::Authors => kernel_keys![SpaForm, Rho],
    },
    size: super::text_with_code("its sampling probability p = min(α, ℓ)/β: a larger β (--spa-beta) keeps fewer support vectors"),
    cap: |_| None,
    sweep: Some(Sweep { key: Key::SpaBeta, values: &[128.0, 64.0, 32.0, 16.0, 8.0, 4.0, 2.0, 1.0] }),
    ..Info::DEFAULT
};

super::kernel_entry!(ENTRY: Spa, |s| SpaRule::from_settings(s).check(), |s, kernel| {
    Spa::new(kernel, SpaRule::from_settings(s), s.rho, s.seed)
});

// The paper form's clauses, then the authors'.
crate::declare::clauses!(Joined, NotDrawn, AuthorsJoined, AuthorsNotDrawn);

/// SPA's sampling rule and its numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SpaRule {
    /// p = min(alpha, l) / beta, tau = min(C / p, l / k(x, x)).
    Paper { alpha: f64, beta: f64, c: f64 },
    /// p = min(l, 1), coefficient l y (the 2023 comparison code).
    Authors,
}

impl SpaRule {
    pub fn from_settings(s: &Settings) -> Self {
        match s.spa_form {
            SpaForm::Paper => SpaRule::Paper {
                alpha: s.spa_alpha,
                beta: s.spa_beta,
                c: s.c,
            },
            SpaForm::Authors => SpaRule::Authors,
        }
    }

    /// p = min(alpha, l) / beta is a probability only when alpha <= beta.
    pub fn check(&self) -> Result<()> {
        if let SpaRule::Paper { alpha, beta, c } = *self {
            check(Key::SpaAlpha, alpha)?;
            check(Key::SpaBeta, beta)?;
            check(Key::C, c)?;
            if alpha > beta {
                return Err(Error::setting(
                    Key::SpaAlpha.spec().label,
                    "at most SPA β (p = min(α, ℓ)/β is a probability)",
                    alpha,
                ));
            }
        }
        Ok(())
    }
}

#[derive(Clone, Debug)]
pub struct Spa {
    core: Core,
    form: SpaRule,
    rho: f64,
}

impl Spa {
    pub fn new(kernel: KernelSpec, form: SpaRule, rho: f64, seed: u64) -> Result<Self> {
        form.check()?;
        Ok(Self {
            core: Core::new(kernel, SupportSet::new(None, false), Removal::Oldest, seed)?,
            form,
            rho: check(Key::Rho, rho)?,
        })
    }

    pub fn form(&self) -> SpaRule {
        self.form
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let core = &mut self.core;
        let (score, loss) = core.column_and_loss(x, y, self.rho);
        if loss == 0.0 {
            return core.passive(y, score);
        }
        let kxx = core.kernel.self_similarity(x);
        let (p, coefficient, joined, not_drawn) = match self.form {
            SpaRule::Paper { alpha, beta, c } => {
                let p = alpha.min(loss) / beta;
                let coefficient = (c / p).min(loss / kxx);
                (p, coefficient, Clause::Joined, Clause::NotDrawn)
            }
            SpaRule::Authors => (
                loss.min(1.0),
                loss,
                Clause::AuthorsJoined,
                Clause::AuthorsNotDrawn,
            ),
        };
        let numbers = Details::new(&["p", "ell"], [p, loss]);
        // Always draw, so the random sequence does not depend on the branch.
        // p <= α/β <= 1: the entry's check refuses α > β (and random_bool
        // would panic on a probability over 1).
        if !chance(&mut core.rng, p) {
            return core.passive(y, score).with(numbers.branch(not_drawn as u8));
        }
        if coefficient == 0.0 {
            return core.passive(y, score);
        }
        core.add(x, y, coefficient * y, kxx, kxx);
        let after = core.support.score(&core.kernel, x);
        core.report(y, score, after, coefficient, true, 0)
            .with(numbers.branch(joined as u8))
    }
}

impl KernelHooks for Spa {
    fn tune(&mut self, settings: &Settings) {
        // C is live (it is PA-I's too); it only enters the paper form.
        if let SpaRule::Paper { c, .. } = &mut self.form {
            *c = settings.c;
        }
    }
}

kernel_learner!(Spa);
