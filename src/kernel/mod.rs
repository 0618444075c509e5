//! Kernel online classifiers, f(x) = sum_i alpha_i k(s_i, x), with budgets.
//!
//! Every learner keeps its support vectors in one [`SupportSet`] (vectors,
//! coefficients, an optional incremental inverse Gram matrix, a hard
//! budget) and reports the set's size on every update. The kernels are a
//! small trait over dense and sparse feature vectors.

mod ald_projection;
mod any;
mod apsm;
mod grid;
mod inverse_gram;
mod olrd;
mod olru;
mod passive_aggressive;
mod perceptron;
mod projectron;
mod spa;
mod support_set;

pub use ald_projection::AldProjection;
pub use any::{AnyKernelLearner, KernelAlgorithm, KernelHyper, SpaChoice};
pub use apsm::{Apsm, ApsmConfig};
pub use inverse_gram::InverseGram;
pub use olrd::Olrd;
pub use olru::Olru;
pub use passive_aggressive::KernelPa;
pub use perceptron::KernelPerceptron;
pub use projectron::Projectron;
pub use spa::{Spa, SpaForm};
pub use support_set::{Removal, SupportSet};

use std::fmt;

use crate::data::Rng;
use crate::error::{check, Error, Result};
use crate::features::Features;
use crate::grid::Grid;
use crate::learner::{hinge_loss, is_mistake, SupportChange, Task, Update};

/// A positive semi-definite kernel k(x, z).
pub trait Kernel {
    fn eval(&self, x: Features<'_>, z: Features<'_>) -> f64;

    /// k(x, x), which some kernels know without looking at x.
    fn self_similarity(&self, x: Features<'_>) -> f64 {
        self.eval(x, x)
    }
}

/// The kernels, chosen at run time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum KernelSpec {
    /// exp(-||x - z||^2 / (2 sigma^2)); sigma is the kernel width.
    Gaussian { sigma: f64 },
    /// (offset + x . z)^degree.
    Polynomial { degree: u32, offset: f64 },
    /// x . z.
    Linear,
}

impl Default for KernelSpec {
    /// The Gaussian kernel of width 1, seed 004's setting.
    fn default() -> Self {
        KernelSpec::Gaussian { sigma: 1.0 }
    }
}

impl KernelSpec {
    /// Checks the parameters once, naming the allowed range.
    pub fn validate(&self) -> Result<()> {
        match *self {
            KernelSpec::Gaussian { sigma } => check::positive_finite("sigma", sigma).map(|_| ()),
            KernelSpec::Polynomial { degree, offset } => {
                if !(1..=10).contains(&degree) {
                    return Err(Error::HyperParameter {
                        name: "degree",
                        range: "a whole number from 1 to 10",
                        value: degree as f64,
                    });
                }
                check::non_negative_finite("offset", offset).map(|_| ())
            }
            KernelSpec::Linear => Ok(()),
        }
    }

    /// The Gaussian's width, for the fast grid.
    pub fn gaussian_sigma(&self) -> Option<f64> {
        match *self {
            KernelSpec::Gaussian { sigma } => Some(sigma),
            _ => None,
        }
    }

    /// k(x, s) from x . s, ||x||^2 and ||s||^2 (the fast path for a support
    /// set: ||x - s||^2 = ||x||^2 + ||s||^2 - 2 x . s, clamped at 0).
    #[inline]
    pub fn from_dot(&self, dot: f64, xx: f64, ss: f64) -> f64 {
        match *self {
            KernelSpec::Gaussian { sigma } => {
                Self::gaussian_of_squared_distance(sigma, (xx + ss - 2.0 * dot).max(0.0))
            }
            KernelSpec::Polynomial { degree, offset } => (offset + dot).powi(degree as i32),
            KernelSpec::Linear => dot,
        }
    }

    /// The kernel as a function of the squared distance, for the Gaussian.
    #[inline]
    pub fn gaussian_of_squared_distance(sigma: f64, squared_distance: f64) -> f64 {
        (-squared_distance / (2.0 * sigma * sigma)).exp()
    }
}

impl Kernel for KernelSpec {
    #[inline]
    fn eval(&self, x: Features<'_>, z: Features<'_>) -> f64 {
        match *self {
            KernelSpec::Gaussian { sigma } => {
                Self::gaussian_of_squared_distance(sigma, x.squared_distance(&z))
            }
            KernelSpec::Polynomial { degree, offset } => {
                (offset + x.dot_features(&z)).powi(degree as i32)
            }
            KernelSpec::Linear => x.dot_features(&z),
        }
    }

    #[inline]
    fn self_similarity(&self, x: Features<'_>) -> f64 {
        match self {
            KernelSpec::Gaussian { .. } => 1.0,
            _ => self.eval(x, x),
        }
    }
}

impl fmt::Display for KernelSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KernelSpec::Gaussian { sigma } => write!(f, "gaussian(sigma = {sigma})"),
            KernelSpec::Polynomial { degree, offset } => {
                write!(f, "polynomial(degree = {degree}, offset = {offset})")
            }
            KernelSpec::Linear => f.write_str("linear"),
        }
    }
}

/// What every kernel learner holds besides its own rule's state.
#[derive(Clone, Debug)]
pub(crate) struct Core {
    pub kernel: KernelSpec,
    pub support: SupportSet,
    /// What goes when the budget is exceeded.
    removal: Removal,
    pub rng: Rng,
    seed: u64,
    /// Samples learned so far (the id of the next support vector).
    pub samples: u64,
    /// Scratch: the kernel column [k(s_i, x)] of the current sample.
    pub k: Vec<f64>,
    /// Scratch: its projection K^-1 k.
    pub d: Vec<f64>,
    /// Scratch: a sparse sample spread out densely.
    scratch: Vec<f64>,
}

impl Core {
    pub fn new(
        kernel: KernelSpec,
        support: SupportSet,
        removal: Removal,
        seed: u64,
    ) -> Result<Self> {
        kernel.validate()?;
        check_budget(support.budget())?;
        Ok(Self {
            kernel,
            support,
            removal,
            rng: Rng::new(seed),
            seed,
            samples: 0,
            k: Vec::new(),
            d: Vec::new(),
            scratch: Vec::new(),
        })
    }

    /// Fills `self.k` for x and returns sum_i alpha_i k(s_i, x).
    pub fn column(&mut self, x: Features<'_>) -> f64 {
        self.support
            .kernel_vector(&self.kernel, x, &mut self.k, &mut self.scratch);
        self.support.score_from(&self.k)
    }

    /// Fills `self.d` = K^-1 k and returns delta^2 = k(x, x) - k . d >= 0,
    /// the squared distance of k(x, .) from the span of the set.
    pub fn project(&mut self, kxx: f64) -> f64 {
        let inverse = self.support.inverse().expect("this learner keeps K^-1");
        inverse.solve(&self.k, &mut self.d);
        let inside: f64 = self.k.iter().zip(&self.d).map(|(a, b)| a * b).sum();
        (kxx - inside).max(0.0)
    }

    /// Adds x with coefficient `alpha`, growing K^-1 when it is kept.
    pub fn add(&mut self, x: Features<'_>, y: f64, alpha: f64, kxx: f64, delta2: f64) {
        let id = self.samples;
        if self.support.inverse().is_some() {
            if self.support.is_empty() {
                self.support
                    .push_spanning(x, y, alpha, id, &[], kxx, &[], kxx);
            } else {
                let (k, d) = (std::mem::take(&mut self.k), std::mem::take(&mut self.d));
                self.support
                    .push_spanning(x, y, alpha, id, &k, kxx, &d, delta2);
                (self.k, self.d) = (k, d);
            }
        } else {
            self.support.push(x, y, alpha, id);
        }
    }

    /// Keeps the model, now read through another kernel (K^-1 is rebuilt).
    pub fn set_kernel(&mut self, kernel: KernelSpec) -> Result<()> {
        kernel.validate()?;
        if kernel != self.kernel {
            self.kernel = kernel;
            self.support.rebuild_inverse(&kernel);
        }
        Ok(())
    }

    /// Changes the budget, dropping support vectors at once if it shrank.
    pub fn set_budget(&mut self, budget: Option<usize>) -> Result<u32> {
        check_budget(budget)?;
        self.support.set_budget(budget);
        Ok(self.support.enforce_budget(self.removal, &mut self.rng))
    }

    pub fn reset(&mut self) {
        self.support.clear();
        self.rng = Rng::new(self.seed);
        self.samples = 0;
    }

    /// The report of one classification update.
    /// The report of a passive step: nothing changed.
    pub fn passive(&self, y: f64, score: f64) -> Update {
        self.report(y, score, score, 0.0, false, 0)
    }

    pub fn report(
        &self,
        y: f64,
        score: f64,
        score_after: f64,
        tau: f64,
        added: bool,
        removed: u32,
    ) -> Update {
        Update {
            score,
            margin: y * score,
            loss: hinge_loss(y, score),
            tau,
            score_after,
            aggressive: score_after != score || added || removed > 0,
            mistake: is_mistake(Task::Classification, y, score),
            support: SupportChange {
                size: self.support.len() as u32,
                added,
                removed,
            },
        }
    }

    /// The decision surface: factor tables for a Gaussian kernel on 2-D
    /// points, one score per cell otherwise.
    pub fn score_grid(
        &self,
        bias: f64,
        grid: &Grid,
        out: &mut [f32],
        score: impl Fn(Features<'_>) -> f64,
    ) {
        if let Some(sigma) = self.kernel.gaussian_sigma() {
            if grid::gaussian_grid(&self.support, sigma, bias, grid, out) {
                return;
            }
        }
        for j in 0..grid.ny {
            for i in 0..grid.nx {
                out[j * grid.nx + i] = score(Features::Dense(&[grid.x(i), grid.y(j)])) as f32;
            }
        }
    }
}

fn check_budget(budget: Option<usize>) -> Result<()> {
    match budget {
        Some(b) if !(1..=1_000_000).contains(&b) => Err(Error::HyperParameter {
            name: "budget",
            range: "a whole number from 1 to 1000000",
            value: b as f64,
        }),
        _ => Ok(()),
    }
}

/// What a kernel learner may add to the shared [`Core`]: most keep no state
/// beside it and no offset, so every method has that default.
pub(crate) trait KernelHooks {
    /// Forgets the learner's own state (the core is reset separately).
    fn clear(&mut self) {}
    /// The kernel changed under the support set: refresh what depends on it.
    fn kernel_changed(&mut self) {}
    /// The constant added to the kernel expansion.
    fn bias(&self) -> f64 {
        0.0
    }
}

/// The `Learner` methods every kernel learner shares. The type needs a
/// `core: Core` field, a method `learn(x, y) -> Update`, and an
/// implementation of [`KernelHooks`] (empty when the defaults fit).
macro_rules! kernel_learner {
    ($type:ty) => {
        impl $type {
            /// Keeps the model, read through another kernel from now on.
            pub fn set_kernel(
                &mut self,
                kernel: crate::kernel::KernelSpec,
            ) -> crate::error::Result<()> {
                self.core.set_kernel(kernel)?;
                crate::kernel::KernelHooks::kernel_changed(self);
                Ok(())
            }

            /// Changes the budget; returns how many support vectors it dropped.
            pub fn set_budget(&mut self, budget: Option<usize>) -> crate::error::Result<u32> {
                self.core.set_budget(budget)
            }

            pub fn kernel(&self) -> crate::kernel::KernelSpec {
                self.core.kernel
            }
        }

        impl crate::learner::Learner for $type {
            fn task(&self) -> crate::learner::Task {
                crate::learner::Task::Classification
            }

            fn score(&self, x: crate::features::Features<'_>) -> f64 {
                self.core.support.score(&self.core.kernel, x)
                    + crate::kernel::KernelHooks::bias(self)
            }

            fn learn_one(
                &mut self,
                x: crate::features::Features<'_>,
                y: f64,
            ) -> crate::learner::Update {
                let update = self.learn(x, y);
                self.core.samples += 1;
                update
            }

            fn reset(&mut self) {
                self.core.reset();
                crate::kernel::KernelHooks::clear(self);
            }

            fn linear_model(&self) -> Option<crate::learner::LinearModel> {
                None
            }

            fn support_size(&self) -> usize {
                self.core.support.len()
            }

            fn score_grid(&self, grid: &crate::grid::Grid, out: &mut [f32]) {
                let bias = crate::kernel::KernelHooks::bias(self);
                self.core
                    .score_grid(bias, grid, out, |x| crate::learner::Learner::score(self, x));
            }

            fn support_set(&self) -> Option<&crate::kernel::SupportSet> {
                Some(&self.core.support)
            }

            fn kernel_offset(&self) -> f64 {
                crate::kernel::KernelHooks::bias(self)
            }
        }
    };
}
pub(crate) use kernel_learner;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::features::SparseFeatures;

    #[test]
    fn kernels_agree_on_dense_and_sparse_input() {
        let a = [1.0, 0.0, 2.0];
        let b = [0.0, 1.0, 1.0];
        let sa = SparseFeatures::new(&[0, 2], &[1.0, 2.0]).unwrap();
        let sb = SparseFeatures::new(&[1, 2], &[1.0, 1.0]).unwrap();
        for k in [
            KernelSpec::Gaussian { sigma: 0.7 },
            KernelSpec::Polynomial {
                degree: 3,
                offset: 1.0,
            },
            KernelSpec::Linear,
        ] {
            let dense = k.eval(Features::Dense(&a), Features::Dense(&b));
            let sparse = k.eval(Features::Sparse(sa), Features::Sparse(sb));
            let mixed = k.eval(Features::Dense(&a), Features::Sparse(sb));
            assert!(
                (dense - sparse).abs() < 1e-15 && (dense - mixed).abs() < 1e-15,
                "{k}"
            );
            assert_eq!(
                k.self_similarity(Features::Dense(&a)),
                k.eval(Features::Dense(&a), Features::Dense(&a))
            );
        }
        let g = KernelSpec::Gaussian { sigma: 1.0 }
            .eval(Features::Dense(&[0.0, 0.0]), Features::Dense(&[1.0, 1.0]));
        assert!(
            (g - (-1.0f64).exp()).abs() < 1e-15,
            "exp(-||x - z||^2 / (2 sigma^2))"
        );
    }

    #[test]
    fn bad_kernel_parameters_name_their_range() {
        assert_eq!(
            KernelSpec::Gaussian { sigma: 0.0 }
                .validate()
                .unwrap_err()
                .to_string(),
            "sigma must be positive and finite, got 0"
        );
        assert!(KernelSpec::Polynomial {
            degree: 0,
            offset: 1.0
        }
        .validate()
        .is_err());
    }
}
