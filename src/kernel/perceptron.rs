//! The kernel perceptron (Freund & Schapire 1999): if y f(x) <= 0, add x
//! with coefficient y. With a budget B it is the random budget perceptron:
//! when the set exceeds B, a uniformly random support vector is removed.
//!
//! ```
//! use onlinelearn::{Features, Learner};
//! use onlinelearn::kernel::{KernelPerceptron, KernelSpec};
//! let mut p = KernelPerceptron::new(KernelSpec::default(), Some(2), 7).unwrap();
//! for (x, y) in [([0.0, 0.0], 1.0), ([1.0, 1.0], -1.0), ([2.0, 0.0], 1.0), ([0.0, 2.0], -1.0)] {
//!     p.learn_one(Features::Dense(&x), y);
//!     assert!(p.support_size() <= 2);
//! }
//! ```

use super::core::{kernel_learner, Core, KernelHooks};
use super::function::{Kernel, KernelSpec};
use super::kernel_keys;
use super::support_set::Removal;
use crate::error::Result;
use crate::features::Features;
use crate::learner::{Details, Family, Info, Update, BUDGETS};
use crate::settings::Settings;

pub const INFO: Info = Info {
    name: "kernel-perceptron",
    label: "Kernel perceptron",
    family: Family::Kernel,
    rule: super::text_with_code(
        "if m ≤ 0: add x with α = y; past the budget, drop a random support vector",
    ),
    step: "step",
    passive: super::text_with_code("predicted correctly"),
    source: super::text_with_code(
        "Freund & Schapire 1999; the random budget: Cavallanti, Cesa-Bianchi & Gentile 2007",
    ),
    stochastic: true,
    in_paper: true,
    reads: |_| kernel_keys![Budget],
    cap: budget,
    sweep: Some(BUDGETS),
    ..Info::DEFAULT
};

super::kernel_entry!(ENTRY: KernelPerceptron, |s, kernel| {
    KernelPerceptron::new(kernel, budget(s), s.seed)
});

/// The budget setting as a support-set size.
pub(crate) fn budget(s: &Settings) -> Option<usize> {
    s.budget.map(|b| b as usize)
}

#[derive(Clone, Debug)]
pub struct KernelPerceptron {
    core: Core,
}

impl KernelPerceptron {
    /// `budget`: None for the plain kernel perceptron.
    pub fn new(kernel: KernelSpec, budget: Option<usize>, seed: u64) -> Result<Self> {
        Ok(Self {
            core: Core::random_budget(kernel, budget, seed)?,
        })
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let core = &mut self.core;
        let score = core.column(x);
        if y * score > 0.0 {
            return core.passive(y, score);
        }
        let kxx = core.kernel.self_similarity(x);
        core.add(x, y, y, kxx, kxx);
        let removed = core.support.enforce_budget(Removal::Random, &mut core.rng);
        let after = core.support.score(&core.kernel, x);
        // The margin x's own coefficient y gave it, before the budget drew.
        let stepped = Details::new(&["stepped"], [y * score + kxx]);
        core.report(y, score, after, 1.0, true, removed)
            .with(stepped)
    }
}

impl KernelHooks for KernelPerceptron {
    fn tune(&mut self, settings: &Settings) {
        self.core.set_budget(budget(settings));
    }
}

kernel_learner!(KernelPerceptron);
