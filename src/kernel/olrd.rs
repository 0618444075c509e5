//! OLRD, online learning with random discarding (He & Kwok 2014, see
//! olru.rs): every sample with loss l = max(0, rho - y f(x)) > 0 joins with
//! coefficient eta l y; once the set is larger than B = floor(1 + c sqrt(T)),
//! with probability 1 / B one of the first B support vectors, chosen
//! uniformly, is discarded. (B is a soft budget: the set may exceed it.)

use super::{kernel_learner, Core, Kernel, KernelHooks, KernelSpec, Removal, SupportSet};
use crate::error::{check, Result};
use crate::features::Features;
use crate::learner::Update;

#[derive(Clone, Debug)]
pub struct Olrd {
    core: Core,
    step: f64,
    rho: f64,
    soft_budget: usize,
}

impl Olrd {
    pub fn new(
        kernel: KernelSpec,
        step: f64,
        rho: f64,
        c: f64,
        horizon: u64,
        seed: u64,
    ) -> Result<Self> {
        check::positive_finite("OLRD c", c)?;
        check::at_least_one("horizon T", horizon)?;
        Ok(Self {
            core: Core::new(kernel, SupportSet::new(None, false), Removal::Random, seed)?,
            step: check::positive_finite("eta (step)", step)?,
            rho: check::positive_finite("rho", rho)?,
            soft_budget: (1.0 + c * (horizon as f64).sqrt()).floor() as usize,
        })
    }

    /// B = floor(1 + c sqrt(T)).
    pub fn soft_budget(&self) -> usize {
        self.soft_budget
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let core = &mut self.core;
        let score = core.column(x);
        let loss = (self.rho - y * score).max(0.0);
        if loss == 0.0 {
            return core.passive(y, score);
        }
        let kxx = core.kernel.self_similarity(x);
        let coefficient = self.step * loss;
        core.add(x, y, coefficient * y, kxx, kxx);
        let b = self.soft_budget;
        let mut removed = 0;
        if core.support.len() > b && core.rng.bernoulli(1.0 / b as f64) {
            let victim = core.rng.below(b);
            core.support.remove(victim);
            removed = 1;
        }
        let after = core.support.score(&core.kernel, x);
        core.report(y, score, after, coefficient, true, removed)
    }
}

impl KernelHooks for Olrd {}

kernel_learner!(Olrd);
