//! SILK, sparse implicit online learning with kernels (Cheng,
//! Vishwanathan, Schuurmans, Wang & Caelli, "Implicit online learning with
//! kernels", NIPS 19, 2006): ILK's implicit step on the hinge loss, with
//! the support set kept in a buffer of B vectors.
//!
//! ILK takes f_{t+1} = argmin_f ½‖f − f_t‖² + η(λ/2 ‖f‖²) + C max(0,
//! ρ − y f(x)), the risk at the new f (implicit), not its gradient at f_t.
//! With τ = ηλ/(1 + ηλ) and ρ = 1 the minimiser is
//!
//! f_{t+1} = (1 − τ) f_t + α k(x, ·),
//! α = y max(0, min((1 − τ) C, (1 − (1 − τ) y f_t(x)) / k(x, x))):
//!
//! every coefficient shrinks by 1 − τ, and x joins when α ≠ 0, that is when
//! (1 − τ) y f_t(x) < 1. SILK: when the set then holds more than B, the
//! support vector of smallest |α| goes (x included; the first of equals).
//! Without a budget it is ILK; with λ = 0 (τ = 0) it is kernel PA-I.
//!
//! What this was transcribed from: the paper's own text past its first
//! page (its closed forms, its SILK section) was not at hand. The step
//! above is the minimiser of the problem written above, which is what both
//! implementations we could read compute: Orabona's `silk_train.m` (his
//! Kernel Machines toolbox for MATLAB, 2007, DOGMA's forerunner) and AI on
//! Browser's `silk.js`: τ = ηλ/(1 + ηλ), the new coefficient
//! y·min((1 − τ)C, (ρ − (1 − τ) y f)/k(x, x)), and past the buffer the
//! smallest |α| removed, which is also what Wang, Crammer & Vucetic (JMLR
//! 2012, Section 2.4) report of SILK: "once the buffer limit is exceeded,
//! the example with the lowest absolute coefficient value is discarded".
//! silk_train.m also floors the new coefficient at a `minC` (0 by default,
//! as here; its way to emulate the perceptron). Ours:
//! - η = 1 (both codes' default): η and λ enter only as ηλ (with C not
//!   multiplied by η, as both codes have it), so λ
//!   (`--silk-lambda`) is the one knob; ρ = 1 (both codes' default); C is
//!   `--c`.
//! - x joins whenever the minimiser's α ≠ 0, as silk.js; silk_train.m adds
//!   x only when y f_t(x) ≤ ρ, so for ρ < y f_t(x) < ρ/(1 − τ) it shrinks f
//!   and adds nothing (not the minimiser: its margin ends below ρ).
//! - A budget lowered mid-stream drops the smallest |α| until it holds.

use super::core::{kernel_learner, Core, KernelHooks};
use super::function::{Kernel, KernelSpec};
use super::kernel_keys;
use super::perceptron::budget;
use super::support_set::{Removal, SupportSet};
use crate::error::Result;
use crate::features::Features;
use crate::learner::{Details, Family, Info, Update, BUDGETS};
use crate::settings::{check, Key, Settings};

pub const INFO: Info = Info {
    name: "silk",
    label: "SILK",
    family: Family::Kernel,
    rule: super::text_with_code("τ = λ/(1 + λ); every α shrinks by 1 − τ; if (1 − τ) m < 1, x joins with α = y min((1 − τ) C, (1 − (1 − τ) m)/k(x,x)); past the budget, the smallest |α| goes"),
    filled: super::text_with_code("1 − τ = 1/(1 + {silk-lambda}) = {decay}\n|α| = max(0, min({decay}·{c}, (1 − {decay}·{margin}) / {sq})) = {tau}"),
    step: super::text_with_code("|α|"),
    passive: super::text_with_code("the margin is at least 1, and λ = 0 shrinks nothing"),
    // In the order of `Clause`.
    branches: super::with_code(&[
        "(1 − τ) m = {shrunk} < 1: every α shrinks by 1 − τ = {decay} and x joins with |α| = {tau}; the margin went from {margin} to {reached}",
        "(1 − τ) m < 1: every α shrinks by 1 − τ = {decay} and x joins with |α| = {tau}; the set went past B, so the support vector of smallest |α| = {smallest}, the one that joined at sample {joined}, went",
        "(1 − τ) m = {shrunk} ≥ 1: nothing joins, but every α shrinks by 1 − τ = {decay}; the margin went from {margin} to {reached}",
    ]),
    source: super::text_with_code("Cheng, Vishwanathan, Schuurmans, Wang & Caelli 2006"),
    reads: |_| kernel_keys![C, SilkLambda, Budget],
    cap: budget,
    sweep: Some(BUDGETS),
    ..Info::DEFAULT
};

super::kernel_entry!(ENTRY: Silk, |s, kernel| Silk::new(kernel, s.c, s.silk_lambda, budget(s)));

crate::declare::clauses!(Joined, Truncated, Shrunk);

#[derive(Clone, Debug)]
pub struct Silk {
    core: Core,
    c: f64,
    lambda: f64,
}

impl Silk {
    /// `budget`: None for ILK (no buffer).
    pub fn new(kernel: KernelSpec, c: f64, lambda: f64, budget: Option<usize>) -> Result<Self> {
        Ok(Self {
            // Removal::Oldest is never used: SILK removes the smallest |α|
            // itself (`smallest`), never through the core's budget rule.
            core: Core::new(kernel, SupportSet::new(budget, false), Removal::Oldest, 0)?,
            c: check(Key::C, c)?,
            lambda: check(Key::SilkLambda, lambda)?,
        })
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let core = &mut self.core;
        let score = core.column(x);
        // 1 − τ = 1 − λ/(1 + λ), written as the codes compute it.
        let tau = self.lambda / (1.0 + self.lambda);
        let decay = 1.0 - tau;
        let shrunk = decay * y * score;
        let kxx = core.kernel.self_similarity(x);
        let step = (decay * self.c).min((1.0 - shrunk) / kxx).max(0.0);
        if step == 0.0 {
            if decay == 1.0 || core.support.is_empty() {
                return core.passive(y, score);
            }
            core.support.scale(decay);
            let told = Details::new(&["decay", "shrunk"], [decay, shrunk]);
            return core
                .report(y, score, score * decay, 0.0, false, 0)
                .with(told.branch(Clause::Shrunk as u8));
        }
        core.support.scale(decay);
        core.add(x, y, y * step, kxx, kxx);
        let stepped = shrunk + step * kxx;
        let full = core
            .support
            .budget()
            .is_some_and(|b| core.support.len() > b);
        if !full {
            let after = core.support.score(&core.kernel, x);
            let told = Details::new(&["decay", "shrunk"], [decay, shrunk]);
            return core
                .report(y, score, after, step, true, 0)
                .with(told.branch(Clause::Joined as u8));
        }
        let gone = smallest(core.support.coefficients());
        let smallest = core.support.coefficients()[gone].abs();
        // The sample it joined at, counted from 1 as the page counts.
        let joined = core.support.ids()[gone] as f64 + 1.0;
        core.support.remove(gone);
        let after = core.support.score(&core.kernel, x);
        let told = Details::new(
            &["decay", "smallest", "joined", "stepped"],
            [decay, smallest, joined, stepped],
        );
        core.report(y, score, after, step, true, 1)
            .with(told.branch(Clause::Truncated as u8))
    }
}

/// The index of the smallest |α| (the first of equals).
fn smallest(alpha: &[f64]) -> usize {
    let mut best = 0;
    for (i, a) in alpha.iter().enumerate() {
        if a.abs() < alpha[best].abs() {
            best = i;
        }
    }
    best
}

impl KernelHooks for Silk {
    fn tune(&mut self, settings: &Settings) {
        self.c = settings.c;
        self.lambda = settings.silk_lambda;
        let support = &mut self.core.support;
        support.set_budget(budget(settings));
        while support.budget().is_some_and(|b| support.len() > b) {
            support.remove(smallest(support.coefficients()));
        }
    }
}

kernel_learner!(Silk);
