//! Kernel Passive-Aggressive (Crammer et al. 2006) with a budget: on a
//! loss l = max(0, 1 - y f(x)) > 0, add x with coefficient tau y, where tau
//! is the PA, PA-I or PA-II step computed with ||x||^2 = k(x, x). Past the
//! budget the oldest support vector is removed.
//!
//! ```
//! use onlinelearn::{Features, Learner, PaVariant};
//! use onlinelearn::kernel::{KernelPa, KernelSpec};
//! let mut pa = KernelPa::new(KernelSpec::default(), PaVariant::Pa1, 0.5, Some(100)).unwrap();
//! let report = pa.learn_one(Features::Dense(&[1.0, 2.0]), 1.0);
//! assert_eq!(report.tau, 0.5); // min(C, l / k(x, x)) = min(0.5, 1 / 1)
//! ```

use super::core::{kernel_learner, Core, KernelHooks};
use super::function::{Kernel, KernelSpec};
use super::kernel_keys;
use super::perceptron::budget;
use super::support_set::{Removal, SupportSet};
use crate::error::Result;
use crate::features::Features;
use crate::learner::{hinge_loss, no_check, Details, Entry, Family, Info, Update, BUDGETS};
use crate::linear::PaVariant;
use crate::settings::{check, Key, Settings};

const fn info(variant: PaVariant) -> Info {
    let (name, label, rule, filled) = match variant {
        PaVariant::Pa1 => (
            "kernel-pa1",
            "Kernel PA-I",
            "τ = min(C, ℓ / k(x,x)); add x with α = τ y; past the budget, drop the oldest",
            "τ = min({c}, {loss} / {sq}) = {tau}",
        ),
        _ => (
            "kernel-pa2",
            "Kernel PA-II",
            "τ = ℓ / (k(x,x) + 1/(2C)); add x with α = τ y; past the budget, drop the oldest",
            "τ = {loss} / ({sq} + 1/(2·{c})) = {tau}",
        ),
    };
    Info {
        name,
        label,
        family: Family::Kernel,
        rule: super::text_with_code(rule),
        filled: super::text_with_code(filled),
        step: "τ",
        passive: super::text_with_code("the margin is at least 1"),
        source: super::text_with_code(
            "Crammer et al. 2006 (dropping the oldest past the budget is ours)",
        ),
        reads: |_| kernel_keys![C, Budget],
        cap: budget,
        sweep: Some(BUDGETS),
        ..Info::DEFAULT
    }
}

pub const PA1_INFO: Info = info(PaVariant::Pa1);

pub const PA1: Entry<KernelPa> = Entry {
    check: no_check,
    build: |s| KernelPa::from_settings(PaVariant::Pa1, s),
};

pub const PA2_INFO: Info = info(PaVariant::Pa2);

pub const PA2: Entry<KernelPa> = Entry {
    check: no_check,
    build: |s| KernelPa::from_settings(PaVariant::Pa2, s),
};

#[derive(Clone, Debug)]
pub struct KernelPa {
    core: Core,
    variant: PaVariant,
    c: f64,
}

impl KernelPa {
    pub fn new(
        kernel: KernelSpec,
        variant: PaVariant,
        c: f64,
        budget: Option<usize>,
    ) -> Result<Self> {
        Ok(Self {
            core: Core::new(kernel, SupportSet::new(budget, false), Removal::Oldest, 0)?,
            variant,
            c: check(Key::C, c)?,
        })
    }

    fn from_settings(variant: PaVariant, s: &Settings) -> Result<Self> {
        Self::new(KernelSpec::from_settings(s), variant, s.c, budget(s))
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let core = &mut self.core;
        let score = core.column(x);
        let loss = hinge_loss(y, score);
        let kxx = core.kernel.self_similarity(x);
        let tau = if loss > 0.0 {
            self.variant.tau(self.c, loss, kxx)
        } else {
            0.0
        };
        if tau == 0.0 {
            return core.passive(y, score);
        }
        core.add(x, y, tau * y, kxx, kxx);
        let removed = core.support.enforce_budget(Removal::Oldest, &mut core.rng);
        let after = core.support.score(&core.kernel, x);
        // The margin the step gave x (1 for an uncapped step), before the
        // budget dropped the oldest vector and moved it again.
        let stepped = Details::new(&["stepped"], [y * score + tau * kxx]);
        core.report(y, score, after, tau, true, removed)
            .with(stepped)
    }
}

impl KernelHooks for KernelPa {
    fn tune(&mut self, settings: &Settings) {
        self.c = settings.c;
        self.core.set_budget(budget(settings));
    }
}

kernel_learner!(KernelPa);
