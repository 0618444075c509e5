//! SPA, sparse passive-aggressive learning (Lu, Sahoo, Zhao, Hoi, ACM TIST
//! 9 (2018); first at SDM 2016): a sample with loss l = max(0, rho - y f(x))
//! becomes a support vector only with probability p, so the set stays
//! small in expectation.
//!
//! Two forms, because the sources disagree:
//! - [`SpaForm::Paper`] (the default, and what the page shows):
//!   p = min(alpha, l) / beta with alpha <= beta; on success the PA-I step
//!   with its cap raised to C / p, tau = min(C / p, l / k(x, x)), and x joins
//!   with coefficient tau y. Raising the cap is what keeps the update
//!   unbiased in expectation. This is the form of a public C++
//!   implementation (parameters a, b) and of our reading of the paper; the
//!   paper's text was not available to check it line by line. (Our
//!   ALGORITHMS.md recalled the coefficient as tau y / p with tau the plain
//!   PA-I step; that overshoots the PA projection by 1 / p and we do not use it.)
//! - [`SpaForm::AuthorsCode`]: the 2023 comparison code of seed 004,
//!   p = min(l, 1) and coefficient l y.

use super::{kernel_learner, Core, Kernel, KernelHooks, KernelSpec, Removal, SupportSet};
use crate::error::{check, Error, Result};
use crate::features::Features;
use crate::learner::Update;

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SpaForm {
    /// p = min(alpha, l) / beta, tau = min(C / p, l / k(x, x)).
    Paper { alpha: f64, beta: f64, c: f64 },
    /// p = min(l, 1), coefficient l y (seed 004's comparison code).
    AuthorsCode,
}

#[derive(Clone, Debug)]
pub struct Spa {
    core: Core,
    form: SpaForm,
    rho: f64,
}

impl Spa {
    pub fn new(
        kernel: KernelSpec,
        form: SpaForm,
        rho: f64,
        budget: Option<usize>,
        seed: u64,
    ) -> Result<Self> {
        if let SpaForm::Paper { alpha, beta, c } = form {
            check::positive_finite("SPA alpha", alpha)?;
            check::positive_finite("SPA beta", beta)?;
            check::positive_finite("C", c)?;
            if alpha > beta {
                return Err(Error::HyperParameter {
                    name: "SPA alpha",
                    range: "at most SPA beta (p = min(alpha, l) / beta is a probability)",
                    value: alpha,
                });
            }
        }
        Ok(Self {
            core: Core::new(
                kernel,
                SupportSet::new(budget, false),
                Removal::Oldest,
                seed,
            )?,
            form,
            rho: check::positive_finite("rho", rho)?,
        })
    }

    pub fn form(&self) -> SpaForm {
        self.form
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let core = &mut self.core;
        let score = core.column(x);
        let loss = (self.rho - y * score).max(0.0);
        if loss == 0.0 {
            return core.passive(y, score);
        }
        let kxx = core.kernel.self_similarity(x);
        let (p, coefficient) = match self.form {
            SpaForm::Paper { alpha, beta, c } => {
                let p = alpha.min(loss) / beta;
                (p, (c / p).min(loss / kxx))
            }
            SpaForm::AuthorsCode => (loss.min(1.0), loss),
        };
        // Always draw, so the random sequence does not depend on the branch.
        if !core.rng.bernoulli(p) || coefficient == 0.0 {
            return core.passive(y, score);
        }
        core.add(x, y, coefficient * y, kxx, kxx);
        let removed = core.support.enforce_budget(Removal::Oldest, &mut core.rng);
        let after = core.support.score(&core.kernel, x);
        core.report(y, score, after, coefficient, true, removed)
    }
}

impl KernelHooks for Spa {}

kernel_learner!(Spa);
