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

use super::{kernel_learner, Core, Kernel, KernelHooks, KernelSpec, Removal, SupportSet};
use crate::error::{check, Result};
use crate::features::Features;
use crate::learner::{hinge_loss, Update};
use crate::linear::PaVariant;

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
            c: check::positive_finite("C", c)?,
        })
    }

    pub fn set_c(&mut self, c: f64) -> Result<()> {
        self.c = check::positive_finite("C", c)?;
        Ok(())
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
        core.report(y, score, after, tau, true, removed)
    }
}

impl KernelHooks for KernelPa {}

kernel_learner!(KernelPa);
