//! BSGD, budgeted stochastic gradient descent (Wang, Crammer & Vucetic,
//! "Breaking the curse of kernelization: budgeted stochastic gradient
//! descent for large-scale SVM training", JMLR 13, 2012): kernel SGD on
//! the SVM objective λ/2 ‖f‖² + max(0, 1 − y f(x)) with Pegasos's step
//! ηₜ = 1/(λt) (BPegasos, the paper's best), its support set kept within a
//! budget B by removal, projection or merging (Algorithm 2).
//!
//! Algorithm 1: f ← (1 − ηₜλ) f (that is 1 − 1/t); on a loss (y f(x) < 1)
//! x joins with βₜ = ηₜ y; when the set then holds B + 1 vectors, budget
//! maintenance takes the smallest p = argmin ‖αⱼ‖² k(xⱼ, xⱼ) over all of
//! them, x included (Sections 6.1 and 6.2; merging takes the smallest
//! ‖αₘ‖², the same with the Gaussian kernel), and
//! - removal drops it (Δ = αₚΦ(xₚ));
//! - projection adds Δα = αₚ K⚬⁻¹kₚ to the others (6.3), K⚬ their Gram
//!   matrix and kₚ their kernel column at xₚ, then drops it (‖Δ‖² =
//!   αₚ²(kₚₚ − kₚᵀK⚬⁻¹kₚ), 6.4);
//! - merging (the Gaussian kernel only: the paper derives it for radial
//!   kernels) pairs it with the n whose merge loses least and puts one
//!   vector z = h xₘ + (1 − h) xₙ in their place (kernel/merge.rs).
//!
//! Where the paper leaves a choice open, ours: "the smallest" among
//! values equal to 12 digits is the first (the oldest): with Pegasos's step
//! every coefficient is ±1/(λt) until a projection or a merge changes one,
//! so rounding alone would choose; so is the best partner of a merge
//! (within 10⁻¹²(|‖Δ‖²| + αₘ²): on binary data several partners tie). A sample whose image lies in the span
//! of the set (δ² = k(x, x) − kᵀK⁻¹k ≤ 10⁻¹⁰ k(x, x), a repeated sample)
//! joins, under projection, through its projection (α += ηₜ y K⁻¹k: the
//! same f), which keeps K invertible as (6.3) needs; a pair with
//! αₘ + αₙ = 0 cannot merge, and when none can, the smallest is removed;
//! a budget lowered mid-stream removes the smallest until it holds.
//!
//! The authors' BudgetedSVM (C++, Djuric, Lan, Vucetic & Wang) differs: it
//! runs the multi-class form even on two classes (the binary rule at λ/2),
//! puts the first sample in with α = ±1, removes (or merges into its twin)
//! an x equal to a support vector, searches h on [0, 1], [1, 6] or
//! [−5, 0] to 10⁻⁴, keeps vectors in single precision and has no
//! projection; those numbers are not offered here (see the README).

use super::core::{kernel_learner, Core, KernelHooks};
use super::function::{Kernel, KernelSpec};
use super::inverse_gram::GROWTH_FLOOR;
use super::kernel_keys;
use super::merge::{least_degradation, merge};
use super::perceptron::budget;
use super::support_set::{Removal, SupportSet};
use crate::error::{Code, Error, Result};
use crate::features::Features;
use crate::learner::{Details, Family, Info, Update, BUDGETS};
use crate::settings::{check, BsgdMaintenance, KernelKind, Key, Settings};

pub const INFO: Info = Info {
    name: "bsgd",
    label: "BSGD",
    family: Family::Kernel,
    rule: super::text_with_code("ηₜ = 1/(λt); every α shrinks by 1 − ηₜλ; if m < 1, x joins with α = ηₜ y; past the budget, the vector of least ‖α‖² k(x,x) is removed, projected onto the others or merged with its best partner"),
    filled: super::text_with_code("ηₜ = 1/({bsgd-lambda}·t) = {eta}, 1 − ηₜλ = 1 − 1/t"),
    step: super::text_with_code("ηₜ"),
    passive: super::text_with_code("the margin is at least 1"),
    // In the order of `Clause`.
    branches: super::with_code(&[
        "m < 1: every α shrinks by 1 − 1/t and x joins with α = ηₜ y; the margin went from {margin} to {reached}",
        "m < 1: every α shrinks by 1 − 1/t and x joins with α = ηₜ y; past the budget, removal dropped the vector of least ‖α‖² k(x,x), the one that joined at sample {joined}: ‖Δ‖² = {degradation}",
        "m < 1: every α shrinks by 1 − 1/t and x joins with α = ηₜ y; past the budget, the vector of least ‖α‖² k(x,x), the one that joined at sample {joined}, was projected onto the others (Δα = αₚK⁻¹kₚ) and dropped: ‖Δ‖² = {degradation}",
        "m < 1: every α shrinks by 1 − 1/t and x joins with α = ηₜ y; past the budget, the vector of least ‖α‖², the one that joined at sample {joined}, and its best partner became one vector z = h xₘ + (1 − h) xₙ, h = {h}: ‖Δ‖² = {degradation}",
        "m ≥ 1: nothing joins, but every α shrinks by 1 − 1/t; the margin went from {margin} to {reached}",
        "m < 1: every α shrinks by 1 − 1/t; x lies in the span of the set (δ² = {delta2}), so ηₜ y k(x,·) joins through the others, α += ηₜ y K⁻¹k; the margin went from {margin} to {reached}",
    ]),
    source: super::text_with_code("Wang, Crammer & Vucetic 2012, BPegasos"),
    reads: |_| kernel_keys![BsgdLambda, Budget, BsgdMaintenance],
    cap: budget,
    sweep: Some(BUDGETS),
    ..Info::DEFAULT
};

super::kernel_entry!(ENTRY: Bsgd, merging_needs_gaussian, |s, kernel| {
    Bsgd::new(kernel, s.bsgd_lambda, budget(s), s.bsgd_maintenance)
});

/// Merging is derived for radial kernels (Section 6.3): of ours, the Gaussian.
fn merging_needs_gaussian(s: &Settings) -> Result<()> {
    let merging = s.budget.is_some() && s.bsgd_maintenance == BsgdMaintenance::Merging;
    if !merging || s.kernel == KernelKind::Gaussian {
        return Ok(());
    }
    Err(Error::Mismatch(crate::msg!(
        Code::MergingKernel,
        learner = INFO.label
    )))
}

crate::declare::clauses!(Joined, Removed, Projected, Merged, Shrunk, InSpan);

#[derive(Clone, Debug)]
pub struct Bsgd {
    core: Core,
    lambda: f64,
    maintenance: BsgdMaintenance,
}

impl Bsgd {
    /// `budget`: None for kernel Pegasos (no maintenance).
    pub fn new(
        kernel: KernelSpec,
        lambda: f64,
        budget: Option<usize>,
        maintenance: BsgdMaintenance,
    ) -> Result<Self> {
        let project = budget.is_some() && maintenance == BsgdMaintenance::Projection;
        if budget.is_some() && maintenance == BsgdMaintenance::Merging {
            kernel.gaussian_sigma().ok_or_else(|| {
                Error::Mismatch(crate::msg!(Code::MergingKernel, learner = INFO.label))
            })?;
        }
        Ok(Self {
            core: Core::new(kernel, SupportSet::new(budget, project), Removal::Oldest, 0)?,
            lambda: check(Key::BsgdLambda, lambda)?,
            maintenance,
        })
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let core = &mut self.core;
        let score = core.column(x);
        let eta = 1.0 / (self.lambda * (core.samples + 1) as f64);
        let decay = 1.0 - eta * self.lambda;
        if y * score >= 1.0 {
            if core.support.is_empty() {
                return core.passive(y, score);
            }
            core.support.scale(decay);
            let told = Details::new(&["eta"], [eta]);
            return core
                .report(y, score, score * decay, 0.0, false, 0)
                .with(told.branch(Clause::Shrunk as u8));
        }
        core.support.scale(decay);
        let kxx = core.kernel.self_similarity(x);
        let tracked = core.support.inverse().is_some();
        let delta2 = if tracked && !core.support.is_empty() {
            core.project(kxx)
        } else {
            kxx
        };
        if tracked && delta2 <= GROWTH_FLOOR * kxx {
            for (a, d) in core.support.coefficients_mut().iter_mut().zip(&core.d) {
                *a += eta * y * d;
            }
            let after = core.support.score(&core.kernel, x);
            let told = Details::new(&["eta", "delta2"], [eta, delta2]);
            return core
                .report(y, score, after, eta, false, 0)
                .with(told.branch(Clause::InSpan as u8));
        }
        core.add(x, y, eta * y, kxx, delta2);
        let over = core
            .support
            .budget()
            .is_some_and(|b| core.support.len() > b);
        let told = if over {
            self.maintain()
        } else {
            Details::new(&["eta"], [eta]).branch(Clause::Joined as u8)
        };
        let core = &self.core;
        let after = core.support.score(&core.kernel, x);
        let mut update = core.report(y, score, after, eta, true, over as u32);
        // Every maintenance branch names ηₜ too, for the filled formula.
        update.details = told;
        update.details.values[0] = eta;
        update
    }

    /// Algorithm 2 on a set of B + 1: the details of what it did (their
    /// first number left for ηₜ).
    fn maintain(&mut self) -> Details {
        let support = &mut self.core.support;
        let own: Vec<f64> = (0..support.len())
            .map(|i| self.core.kernel.self_similarity(support.vector(i).0))
            .collect();
        let alpha = support.coefficients();
        let norms: Vec<f64> = alpha.iter().zip(&own).map(|(a, k)| a * a * k).collect();
        let p = least(&norms);
        let joined = support.ids()[p] as f64 + 1.0;
        match self.maintenance {
            BsgdMaintenance::Removal => {
                support.remove(p);
                Details::new(&["eta", "joined", "degradation"], [0.0, joined, norms[p]])
                    .branch(Clause::Removed as u8)
            }
            BsgdMaintenance::Projection => {
                let inverse = support.inverse().expect("projection keeps K⁻¹");
                let g: Vec<f64> = (0..support.len()).map(|i| inverse.inverse(i, p)).collect();
                let ap = alpha[p];
                for (i, a) in support.coefficients_mut().iter_mut().enumerate() {
                    if i != p {
                        *a -= ap * g[i] / g[p];
                    }
                }
                support.remove(p);
                let degradation = ap * ap / g[p];
                Details::new(
                    &["eta", "joined", "degradation"],
                    [0.0, joined, degradation],
                )
                .branch(Clause::Projected as u8)
            }
            BsgdMaintenance::Merging => self.merge(p, joined),
        }
    }

    /// Merging: m = p and its best partner become z.
    fn merge(&mut self, m: usize, joined: f64) -> Details {
        let sigma = self
            .core
            .kernel
            .gaussian_sigma()
            .expect("merging is Gaussian");
        let support = &mut self.core.support;
        let alpha = support.coefficients();
        let xm = support.vector(m).0;
        let scale = alpha[m] * alpha[m];
        // Nearest partners first, so that the best found early spares the
        // line search of the far ones (least_degradation); the winner is
        // then chosen in the set's order, as without the pruning.
        let mut near: Vec<(f64, usize)> = (0..support.len())
            .filter(|&n| n != m)
            .map(|n| {
                let c = xm.squared_distance(&support.vector(n).0) / (2.0 * sigma * sigma);
                (c, n)
            })
            .collect();
        near.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let mut best = f64::INFINITY;
        let mut candidates: Vec<(usize, super::merge::Merge)> = Vec::new();
        for (c, n) in near {
            let bound = least_degradation(alpha[m], alpha[n], c);
            if bound > best + 1e-9 * (best.abs() + scale) {
                continue;
            }
            if let Some(merged) = merge(alpha[m], alpha[n], c) {
                best = best.min(merged.degradation);
                candidates.push((n, merged));
            }
        }
        candidates.sort_by_key(|&(n, _)| n);
        let losses: Vec<f64> = candidates.iter().map(|(_, c)| c.degradation).collect();
        let best = (!candidates.is_empty()).then(|| candidates[least_within(&losses, scale)]);
        let Some((n, merged)) = best else {
            // No partner can merge (every αₘ + αₙ = 0): m is removed.
            let degradation = alpha[m] * alpha[m];
            support.remove(m);
            return Details::new(
                &["eta", "joined", "degradation"],
                [0.0, joined, degradation],
            )
            .branch(Clause::Removed as u8);
        };
        let (xm, xn) = (support.vector(m).0, support.vector(n).0);
        let width = xm.dim().max(xn.dim());
        let (mut a, mut b) = (vec![0.0; width], vec![0.0; width]);
        xm.for_each_nonzero(|i, v| a[i] = v);
        xn.for_each_nonzero(|i, v| b[i] = v);
        let h = merged.h;
        let z: Vec<f64> = a
            .iter()
            .zip(&b)
            .map(|(a, b)| h * a + (1.0 - h) * b)
            .collect();
        let label = if merged.alpha >= 0.0 { 1.0 } else { -1.0 };
        let id = self.core.samples;
        support.remove(m.max(n));
        support.remove(m.min(n));
        support.push(Features::Dense(&z), label, merged.alpha, id);
        Details::new(
            &["eta", "joined", "h", "degradation"],
            [0.0, joined, h, merged.degradation],
        )
        .branch(Clause::Merged as u8)
    }
}

/// The index of the least value, the first of those equal to 12 digits.
fn least(values: &[f64]) -> usize {
    least_within(values, 0.0)
}

/// The first index whose value is within 10⁻¹²(|least| + `scale`) of the
/// least: values equal in exact arithmetic differ by rounding alone, and
/// the first (the oldest) of them is taken.
fn least_within(values: &[f64], scale: f64) -> usize {
    let low = values.iter().copied().fold(f64::INFINITY, f64::min);
    values
        .iter()
        .position(|&v| v <= low + 1e-12 * (low.abs() + scale))
        .unwrap_or(0)
}

impl KernelHooks for Bsgd {
    fn tune(&mut self, settings: &Settings) {
        self.lambda = settings.bsgd_lambda;
        let support = &mut self.core.support;
        support.set_budget(budget(settings));
        let project = self.maintenance == BsgdMaintenance::Projection;
        support.keep_inverse(&self.core.kernel, project && support.budget().is_some());
        while support.budget().is_some_and(|b| support.len() > b) {
            let kernel = self.core.kernel;
            let norms: Vec<f64> = (0..support.len())
                .map(|i| {
                    let a = support.coefficients()[i];
                    a * a * kernel.self_similarity(support.vector(i).0)
                })
                .collect();
            support.remove(least(&norms));
        }
    }
}

kernel_learner!(Bsgd);
