//! The Stoptron (Orabona, Keshet & Caputo, "Bounded kernel-based online
//! learning", JMLR 10 (2009) 2643-2666): the kernel perceptron that stops
//! once its budget is full. On y f(x) ≤ 0, while the set holds fewer than
//! B vectors, x joins with coefficient y; once it holds B, nothing changes
//! again. The paper keeps it as the simplest budgeted baseline: its
//! mistake bound is the perceptron's for as long as it learns.
//!
//! Without a budget it is the kernel perceptron. A budget lowered mid-
//! stream drops the newest vectors: what stays is the set the Stoptron
//! would have stopped at with that budget from the start (ours; the paper's
//! budget is fixed).
//!
//! ```
//! use onlinelearn::{Features, Learner};
//! use onlinelearn::kernel::{KernelSpec, Stoptron};
//! let mut s = Stoptron::new(KernelSpec::default(), Some(1)).unwrap();
//! s.learn_one(Features::Dense(&[0.0, 0.0]), 1.0);
//! let full = s.learn_one(Features::Dense(&[3.0, 3.0]), -1.0);
//! assert!(full.mistake && !full.aggressive && s.support_size() == 1);
//! ```

use super::core::{kernel_learner, Core, KernelHooks};
use super::function::{Kernel, KernelSpec};
use super::kernel_keys;
use super::perceptron::budget;
use super::support_set::{Removal, SupportSet};
use crate::error::Result;
use crate::features::Features;
use crate::learner::{Details, Family, Info, Update, BUDGETS};
use crate::settings::Settings;

pub const INFO: Info = Info {
    name: "stoptron",
    label: "Stoptron",
    family: Family::Kernel,
    rule: super::text_with_code("if m ≤ 0 and the set holds fewer than B: add x with α = y; once it holds B, stop"),
    step: "step",
    passive: super::text_with_code("predicted correctly"),
    // In the order of `Clause`.
    branches: super::with_code(&[
        "m ≤ 0 and the set held fewer than B: x joins with α = y; the margin went from {margin} to {reached}",
        "m ≤ 0, but the set holds B = {b} support vectors: the Stoptron has stopped, nothing changes",
    ]),
    source: super::text_with_code("Orabona, Keshet & Caputo 2009"),
    reads: |_| kernel_keys![Budget],
    cap: budget,
    sweep: Some(BUDGETS),
    ..Info::DEFAULT
};

super::kernel_entry!(ENTRY: Stoptron, |s, kernel| Stoptron::new(kernel, budget(s)));

crate::declare::clauses!(Joined, Stopped);

#[derive(Clone, Debug)]
pub struct Stoptron {
    core: Core,
}

impl Stoptron {
    /// `budget`: None for the plain kernel perceptron.
    pub fn new(kernel: KernelSpec, budget: Option<usize>) -> Result<Self> {
        Ok(Self {
            core: Core::new(kernel, SupportSet::new(budget, false), Removal::Newest, 0)?,
        })
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let core = &mut self.core;
        let score = core.column(x);
        if y * score > 0.0 {
            return core.passive(y, score);
        }
        if let Some(b) = core.support.budget().filter(|&b| core.support.len() >= b) {
            let numbers = Details::new(&["b"], [b as f64]);
            return core
                .passive(y, score)
                .with(numbers.branch(Clause::Stopped as u8));
        }
        let kxx = core.kernel.self_similarity(x);
        core.add(x, y, y, kxx, kxx);
        let after = core.support.score(&core.kernel, x);
        core.report(y, score, after, 1.0, true, 0)
            .with(Details::new(&[], []).branch(Clause::Joined as u8))
    }
}

impl KernelHooks for Stoptron {
    fn tune(&mut self, settings: &Settings) {
        self.core.set_budget(budget(settings));
    }
}

kernel_learner!(Stoptron);
