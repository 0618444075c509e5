//! OLRD, online learning with random discarding (He & Kwok, "Simple
//! randomized algorithms for online learning with kernels", Neural
//! Networks 60 (2014) 17-24): every sample with loss
//! l = max(0, rho - y f(x)) > 0 joins with coefficient eta l y, and a
//! budget B is kept by discarding support vectors at random.
//!
//! Two forms, because our sources differ and the paper's text was not
//! available to check:
//! - [`OlrdForm::Budget`] (the default): B is a hard budget. Once the set
//!   holds more than B vectors, a uniformly random one is discarded (as the
//!   random budget perceptron does). B is `--budget`, or, without one,
//!   floor(1 + c sqrt(T)), the schedule of the 2023 authors' code.
//! - [`OlrdForm::Authors`]: the 2023 comparison code (OLRD.m): past
//!   B = floor(1 + c sqrt(T)), with probability 1 / B one of the first B is
//!   discarded. Since a vector joins on every loss and leaves at most one
//!   time in B, this set is not capped: it reached 13,751 on a9a.

use super::core::{kernel_learner, Core, KernelHooks};
use super::function::{Kernel, KernelSpec};
use super::kernel_keys;
use super::olru::horizon;
use super::support_set::{Removal, SupportSet};
use crate::data::rng::chance;
use crate::error::Result;
use crate::features::Features;
use crate::learner::{Details, Family, Info, Sweep, Update};
use crate::settings::{check, Key, OlrdForm, Settings};
use rand::Rng as _;

pub const INFO: Info = Info {
    name: "olrd",
    label: "OLRD",
    family: Family::Kernel,
    rule: super::text_with_code("on a loss add x with coefficient η ℓ y; past the budget B, discard a random support vector"),
    filled: super::text_with_code("coefficient = η ℓ = {lr}·{ell} = {tau}"),
    step: "coefficient",
    passive: super::text_with_code("the margin is at least ρ = {rho}"),
    // In the order of `Clause`.
    branches: super::with_code(&[
        "ℓ = max(0, ρ − m) = {ell} > 0: x joins with coefficient η ℓ; the set holds {size}, within B = {b}; the margin went from {margin} to {reached}",
        "ℓ = max(0, ρ − m) = {ell} > 0: x joins with coefficient η ℓ; the set went past B = {b}, so a random support vector was discarded",
        "ℓ = max(0, ρ − m) = {ell} > 0: x joins with coefficient η ℓ; past B = {b} a vector is discarded with probability 1/B, and none was this time; the margin went from {margin} to {reached}",
        "ℓ = max(0, ρ − m) = {ell} > 0: x joins with coefficient η ℓ; past B = {b}, with probability 1/B, one of the first B support vectors was discarded",
    ]),
    source: super::text_with_code("He & Kwok 2014 (B = ⌊1 + c √T⌋ as the 2023 authors' OLRD.m sets it)"),
    stochastic: true,
    in_paper: true,
    reads: |s| match (s.olrd_form, s.budget) {
        (OlrdForm::Budget, Some(_)) => kernel_keys![LearningRate, Rho, OlrdForm, Budget],
        (OlrdForm::Budget, None) => {
            kernel_keys![LearningRate, Rho, OlrdForm, Budget, OlrdC, Horizon]
        }
        (OlrdForm::Authors, _) => kernel_keys![LearningRate, Rho, OlrdForm, OlrdC, Horizon],
    },
    size: super::text_with_code("the 2023 authors' rule (--olrd-form authors), which does not cap the set; use --olrd-form budget"),
    cap: |s| (s.olrd_form == OlrdForm::Budget).then(|| budget_of(s)),
    sweep: Some(Sweep { key: Key::Budget, values: &[25.0, 50.0, 100.0, 200.0, 400.0, 800.0, 1600.0, 3200.0] }),
    ..Info::DEFAULT
};

super::kernel_entry!(ENTRY: Olrd, |s, kernel| {
    Olrd::new(kernel, s.learning_rate, s.rho, s.olrd_form, budget_of(s), s.seed)
});

/// B: the budget setting, or floor(1 + c sqrt(T)).
fn budget_of(s: &Settings) -> usize {
    match (s.olrd_form, s.budget) {
        (OlrdForm::Budget, Some(b)) => b as usize,
        _ => (1.0 + s.olrd_c * (horizon(s) as f64).sqrt()).floor() as usize,
    }
}

crate::declare::clauses!(Within, Discarded, Spared, DiscardedByChance);

#[derive(Clone, Debug)]
pub struct Olrd {
    core: Core,
    step: f64,
    rho: f64,
    form: OlrdForm,
    budget: usize,
}

impl Olrd {
    /// `budget`: B (at least 1).
    pub fn new(
        kernel: KernelSpec,
        step: f64,
        rho: f64,
        form: OlrdForm,
        budget: usize,
        seed: u64,
    ) -> Result<Self> {
        check(Key::Budget, budget as f64)?;
        Ok(Self {
            core: Core::new(kernel, SupportSet::new(None, false), Removal::Random, seed)?,
            step: check(Key::LearningRate, step)?,
            rho: check(Key::Rho, rho)?,
            form,
            budget,
        })
    }

    /// B.
    pub fn budget(&self) -> usize {
        self.budget
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let core = &mut self.core;
        let (score, loss) = core.column_and_loss(x, y, self.rho);
        if loss == 0.0 {
            return core.passive(y, score);
        }
        let kxx = core.kernel.self_similarity(x);
        let coefficient = self.step * loss;
        core.add(x, y, coefficient * y, kxx, kxx);
        let b = self.budget;
        let mut removed = 0;
        let mut clause = Clause::Within;
        match self.form {
            OlrdForm::Budget => {
                if core.support.len() > b {
                    let victim = core.rng.random_range(0..core.support.len());
                    core.support.remove(victim);
                    removed = 1;
                    clause = Clause::Discarded;
                }
            }
            OlrdForm::Authors => {
                if core.support.len() > b {
                    clause = Clause::Spared;
                    if chance(&mut core.rng, 1.0 / b as f64) {
                        let victim = core.rng.random_range(0..b);
                        core.support.remove(victim);
                        removed = 1;
                        clause = Clause::DiscardedByChance;
                    }
                }
            }
        }
        let after = core.support.score(&core.kernel, x);
        // The margin x's coefficient gave it, before a discard moved it.
        let numbers = Details::new(
            &["ell", "stepped", "b"],
            [loss, y * score + coefficient * kxx, b as f64],
        );
        core.report(y, score, after, coefficient, true, removed)
            .with(numbers.branch(clause as u8))
    }
}

impl KernelHooks for Olrd {
    fn tune(&mut self, settings: &Settings) {
        self.step = settings.learning_rate;
        if self.form == OlrdForm::Budget {
            self.budget = budget_of(settings);
            while self.core.support.len() > self.budget {
                let victim = self.core.rng.random_range(0..self.core.support.len());
                self.core.support.remove(victim);
            }
        }
    }
}

kernel_learner!(Olrd);
