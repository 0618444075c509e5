//! What every kernel learner shares: the [`Core`] (kernel, support set,
//! random generator, scratch space), the hooks a learner may fill in, and
//! the macro that implements `Learner` and `Configured` once for them all.

use super::function::KernelSpec;
use super::grid;
use super::support_set::{Removal, SupportSet};
use crate::data::rng::seeded;
use crate::data::Rng;
use crate::error::Result;
use crate::features::Features;
use crate::grid::Grid;
use crate::report::{hinge_loss, is_mistake, SupportChange, Task, Update};
use crate::settings::Key;

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
    /// A core whose support set keeps at most `budget` vectors (no K^-1)
    /// and, when full, drops one drawn at random from `seed`: the budgeted
    /// kernel perceptron's and BOGD's.
    pub fn random_budget(kernel: KernelSpec, budget: Option<usize>, seed: u64) -> Result<Self> {
        Self::new(
            kernel,
            SupportSet::new(budget, false),
            Removal::Random,
            seed,
        )
    }

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
            rng: seeded(seed),
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

    /// The score of `x` (as [`Core::column`]) and its hinge loss at margin
    /// `rho`, max(0, rho - y f(x)): the loss OLRD, OLRU and SPA step on.
    pub fn column_and_loss(&mut self, x: Features<'_>, y: f64, rho: f64) -> (f64, f64) {
        let score = self.column(x);
        (score, (rho - y * score).max(0.0))
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

    /// Keeps the model, now read through another kernel (K^-1 is
    /// rebuilt); whether the kernel changed.
    pub fn set_kernel(&mut self, kernel: KernelSpec) -> bool {
        if kernel == self.kernel {
            return false;
        }
        self.kernel = kernel;
        self.support.rebuild_inverse(&kernel);
        true
    }

    /// Changes the budget, dropping support vectors at once if it shrank;
    /// returns how many it dropped.
    pub fn set_budget(&mut self, budget: Option<usize>) -> u32 {
        self.support.set_budget(budget);
        self.support.enforce_budget(self.removal, &mut self.rng)
    }

    pub fn reset(&mut self) {
        self.support.clear();
        self.rng = seeded(self.seed);
        self.samples = 0;
    }

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
            confidence: Default::default(),
            details: Default::default(),
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

/// The budget against the settings table's range (for a learner made
/// without settings).
pub(crate) fn check_budget(budget: Option<usize>) -> Result<()> {
    match budget {
        Some(b) => {
            let spec = Key::Budget.spec();
            spec.range.check(spec.label, b as f64).map(|_| ())
        }
        None => Ok(()),
    }
}

/// What a kernel learner may add to the shared [`Core`]: most keep no state
/// beside it and no offset, so every method has that default.
pub(crate) trait KernelHooks {
    /// Applies its own live settings (its budget, threshold, C...); the
    /// kernel is applied by the shared code.
    fn tune(&mut self, _settings: &crate::settings::Settings) {}
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
        impl crate::learner::Configured for $type {
            fn retune(&mut self, settings: &crate::settings::Settings) {
                let kernel = crate::kernel::KernelSpec::from_settings(settings);
                if self.core.set_kernel(kernel) {
                    crate::kernel::core::KernelHooks::kernel_changed(self);
                }
                crate::kernel::core::KernelHooks::tune(self, settings);
            }
        }

        impl crate::learner::Learner for $type {
            fn task(&self) -> crate::learner::Task {
                crate::learner::Task::Classification
            }

            fn score(&self, x: crate::features::Features<'_>) -> f64 {
                self.core.support.score(&self.core.kernel, x)
                    + crate::kernel::core::KernelHooks::bias(self)
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

            /// One plain loop: a kernel step costs kernel evaluations, so
            /// the linear learners' unrolled row loops (one copy of the
            /// step per row width) would only add code, not speed.
            fn learn_batch(
                &mut self,
                data: &crate::data::Dataset,
                rows: std::ops::Range<usize>,
                progress: &mut crate::progress::Progress,
            ) {
                for i in rows {
                    let y = data.label(i);
                    let update = crate::learner::Learner::learn_one(self, data.row(i), y);
                    progress.record(y, &update);
                }
            }

            fn reset(&mut self) {
                self.core.reset();
                crate::kernel::core::KernelHooks::clear(self);
            }

            fn linear_model(&self) -> Option<crate::learner::LinearModel> {
                None
            }

            fn support_size(&self) -> usize {
                self.core.support.len()
            }

            fn score_grid(&self, grid: &crate::grid::Grid, out: &mut [f32]) {
                let bias = crate::kernel::core::KernelHooks::bias(self);
                self.core
                    .score_grid(bias, grid, out, |x| crate::learner::Learner::score(self, x));
            }

            fn support_set(&self) -> Option<&crate::kernel::SupportSet> {
                Some(&self.core.support)
            }

            fn kernel(&self) -> Option<crate::kernel::function::KernelSpec> {
                Some(self.core.kernel)
            }

            fn kernel_offset(&self) -> f64 {
                crate::kernel::core::KernelHooks::bias(self)
            }
        }
    };
}
pub(crate) use kernel_learner;
