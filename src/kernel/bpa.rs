//! BPA-S, the budgeted passive-aggressive algorithm, simple variant (Wang
//! & Vucetic, "Online passive-aggressive algorithms on a budget", AISTATS
//! 2010): kernel PA-I that, once its set holds B vectors, makes room for x
//! by removing the support vector whose removal the PA objective minds
//! least, and lets x's own coefficient absorb what it can of the removed
//! one.
//!
//! On a loss ℓ = max(0, 1 − y f(x)) > 0, τ = min(C, ℓ/k(x, x)). Below the
//! budget x joins with τ y, as kernel PA-I. At the budget, for every
//! support vector r, f′ = f − αᵣ k(sᵣ, ·) + β k(x, ·) with
//! β = αᵣ k(sᵣ, x)/k(x, x) + τ y (the removed vector projected on x, plus
//! the PA-I step), and r is the one with the least
//!
//! ½‖f′ − f‖² + C ℓ(f′),  ‖f′ − f‖² = αᵣ² k(sᵣ, sᵣ) + β² k(x, x) − 2 αᵣ β k(sᵣ, x),
//!
//! the first of equals; sᵣ goes and x joins with β. Lu & Hoi's BPAs.m
//! writes the same with k(x, x) = k(sᵣ, sᵣ) = 1 (the Gaussian kernel's
//! values) and puts x in sᵣ's place; ours keeps k(x, x) and k(sᵣ, sᵣ),
//! so the rule holds for the other kernels too, and appends x (the
//! function is the same).

use super::core::{kernel_learner, Core, KernelHooks};
use super::function::{Kernel, KernelSpec};
use super::kernel_keys;
use super::perceptron::budget;
use super::support_set::{Removal, SupportSet};
use crate::error::Result;
use crate::features::Features;
use crate::learner::{hinge_loss, Details, Family, Info, Update, BUDGETS};
use crate::settings::{check, Key, Settings};

pub const INFO: Info = Info {
    name: "bpa-s",
    label: "BPA-S",
    family: Family::Kernel,
    rule: super::text_with_code("τ = min(C, ℓ / k(x,x)); below the budget add x with α = τ y; at it, replace the sᵣ whose removal least raises ½‖f′ − f‖² + C ℓ(f′), x joining with β = αᵣ k(sᵣ,x)/k(x,x) + τ y"),
    filled: super::text_with_code("τ = min({c}, {loss} / {sq}) = {tau}"),
    step: "τ",
    passive: super::text_with_code("the margin is at least 1"),
    // In the order of `Clause`.
    branches: super::with_code(&[
        "ℓ = {loss} > 0 and the set holds fewer than B: x joins with α = τ y; the margin went from {margin} to {reached}",
        "ℓ = {loss} > 0 and the set was full: of the B support vectors, removing the one that joined at sample {joined} costs least, ½‖f′ − f‖² + C ℓ(f′) = {objective}, and x joins with β = αᵣ k(sᵣ,x)/k(x,x) + τ y = {entering}",
    ]),
    source: super::text_with_code("Wang & Vucetic 2010, the simple BPA"),
    reads: |_| kernel_keys![C, Budget],
    cap: budget,
    sweep: Some(BUDGETS),
    ..Info::DEFAULT
};

super::kernel_entry!(ENTRY: BpaS, |s, kernel| BpaS::new(kernel, s.c, budget(s)));

crate::declare::clauses!(Joined, Replaced);

#[derive(Clone, Debug)]
pub struct BpaS {
    core: Core,
    c: f64,
    /// Scratch: k(sᵣ, sᵣ) of the set.
    own: Vec<f64>,
}

impl BpaS {
    /// `budget`: None for kernel PA-I.
    pub fn new(kernel: KernelSpec, c: f64, budget: Option<usize>) -> Result<Self> {
        Ok(Self {
            core: Core::new(kernel, SupportSet::new(budget, false), Removal::Oldest, 0)?,
            c: check(Key::C, c)?,
            own: Vec::new(),
        })
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let core = &mut self.core;
        let score = core.column(x);
        let loss = hinge_loss(y, score);
        if loss == 0.0 {
            return core.passive(y, score);
        }
        let kxx = core.kernel.self_similarity(x);
        let tau = self.c.min(loss / kxx);
        let full = core
            .support
            .budget()
            .is_some_and(|b| core.support.len() >= b);
        if !full {
            core.add(x, y, tau * y, kxx, kxx);
            let after = core.support.score(&core.kernel, x);
            let told = Details::new(&[], []).branch(Clause::Joined as u8);
            return core.report(y, score, after, tau, true, 0).with(told);
        }
        self.own.clear();
        self.own.extend(
            (0..core.support.len()).map(|r| core.kernel.self_similarity(core.support.vector(r).0)),
        );
        // The cheapest r (the first of equals) and its β and objective.
        let (mut best, mut least, mut beta) = (0, f64::INFINITY, 0.0);
        for (r, ((&a, &k), &krr)) in core
            .support
            .coefficients()
            .iter()
            .zip(&core.k)
            .zip(&self.own)
            .enumerate()
        {
            let b = a * k / kxx + tau * y;
            let distance = a * a * krr + b * b * kxx - 2.0 * a * b * k;
            let f = score - a * k + b * kxx;
            let objective = 0.5 * distance + self.c * hinge_loss(y, f);
            if objective < least {
                (best, least, beta) = (r, objective, b);
            }
        }
        // The sample it joined at, counted from 1 as the page counts.
        let joined = core.support.ids()[best] as f64 + 1.0;
        core.support.remove(best);
        core.add(x, y, beta, kxx, kxx);
        let after = core.support.score(&core.kernel, x);
        let told = Details::new(
            &["joined", "objective", "entering", "stepped"],
            [joined, least, beta, y * score + tau * kxx],
        );
        core.report(y, score, after, tau, true, 1)
            .with(told.branch(Clause::Replaced as u8))
    }
}

impl KernelHooks for BpaS {
    fn tune(&mut self, settings: &Settings) {
        self.c = settings.c;
        self.core.set_budget(budget(settings));
    }
}

kernel_learner!(BpaS);
