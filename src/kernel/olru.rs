//! OLRU, online learning with random updating (He & Kwok, "Simple
//! randomized algorithms for online learning with kernels", Neural
//! Networks 60 (2014) 17-24): a sample with loss l = max(0, rho - y f(x))
//! becomes a support vector with probability P = min(1, c T^-a), T the
//! planned stream length, with coefficient eta l y (the step of seed 004's
//! comparison code). The set grows by about P per loss, so it stays small
//! for long streams.

use super::{kernel_learner, Core, Kernel, KernelHooks, KernelSpec, Removal, SupportSet};
use crate::error::{check, Result};
use crate::features::Features;
use crate::learner::Update;

#[derive(Clone, Debug)]
pub struct Olru {
    core: Core,
    step: f64,
    rho: f64,
    probability: f64,
}

impl Olru {
    /// `horizon`: T, the planned number of samples; P = min(1, c T^-a).
    pub fn new(
        kernel: KernelSpec,
        step: f64,
        rho: f64,
        c: f64,
        a: f64,
        horizon: u64,
        seed: u64,
    ) -> Result<Self> {
        check::positive_finite("OLRU c", c)?;
        check::non_negative_finite("OLRU a", a)?;
        check::at_least_one("horizon T", horizon)?;
        Ok(Self {
            core: Core::new(kernel, SupportSet::new(None, false), Removal::Oldest, seed)?,
            step: check::positive_finite("eta (step)", step)?,
            rho: check::positive_finite("rho", rho)?,
            probability: (c * (horizon as f64).powf(-a)).min(1.0),
        })
    }

    /// The update probability P.
    pub fn probability(&self) -> f64 {
        self.probability
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let core = &mut self.core;
        let score = core.column(x);
        let loss = (self.rho - y * score).max(0.0);
        let chosen = core.rng.bernoulli(self.probability);
        if loss == 0.0 || !chosen {
            return core.passive(y, score);
        }
        let kxx = core.kernel.self_similarity(x);
        let coefficient = self.step * loss;
        core.add(x, y, coefficient * y, kxx, kxx);
        core.report(
            y,
            score,
            score + coefficient * y * kxx,
            coefficient,
            true,
            0,
        )
    }
}

impl KernelHooks for Olru {}

kernel_learner!(Olru);
