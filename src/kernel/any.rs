//! The kernel learners by name, built from one set of settings, with
//! static dispatch (see `algorithms.rs` for the linear side).

use std::fmt;

use super::{
    AldProjection, Apsm, ApsmConfig, KernelPa, KernelPerceptron, KernelSpec, Olrd, Olru,
    Projectron, Spa, SpaForm, SupportSet,
};
use crate::data::Dataset;
use crate::error::{check, Error, Result};
use crate::eval::Progress;
use crate::features::Features;
use crate::grid::Grid;
use crate::learner::{Learner, LinearModel, Task, Update};
use crate::linear::PaVariant;

/// The kernel learners of seed 004's comparison, plus kernel PA.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KernelAlgorithm {
    Perceptron,
    Pa1,
    Pa2,
    Projectron,
    ProjectronPlus,
    Apsm,
    Spa,
    Olru,
    Olrd,
    AldProjection,
}

impl KernelAlgorithm {
    pub const ALL: [KernelAlgorithm; 10] = [
        KernelAlgorithm::Perceptron,
        KernelAlgorithm::Pa1,
        KernelAlgorithm::Pa2,
        KernelAlgorithm::Projectron,
        KernelAlgorithm::ProjectronPlus,
        KernelAlgorithm::Apsm,
        KernelAlgorithm::Spa,
        KernelAlgorithm::Olru,
        KernelAlgorithm::Olrd,
        KernelAlgorithm::AldProjection,
    ];

    /// The eight learners seed 004 compares.
    pub const PAPER: [KernelAlgorithm; 8] = [
        KernelAlgorithm::Perceptron,
        KernelAlgorithm::Projectron,
        KernelAlgorithm::ProjectronPlus,
        KernelAlgorithm::Apsm,
        KernelAlgorithm::Spa,
        KernelAlgorithm::Olru,
        KernelAlgorithm::Olrd,
        KernelAlgorithm::AldProjection,
    ];

    pub fn name(self) -> &'static str {
        match self {
            KernelAlgorithm::Perceptron => "kernel-perceptron",
            KernelAlgorithm::Pa1 => "kernel-pa1",
            KernelAlgorithm::Pa2 => "kernel-pa2",
            KernelAlgorithm::Projectron => "projectron",
            KernelAlgorithm::ProjectronPlus => "projectron++",
            KernelAlgorithm::Apsm => "apsm",
            KernelAlgorithm::Spa => "spa",
            KernelAlgorithm::Olru => "olru",
            KernelAlgorithm::Olrd => "olrd",
            KernelAlgorithm::AldProjection => "ald-projection",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            KernelAlgorithm::Perceptron => "Kernel perceptron",
            KernelAlgorithm::Pa1 => "Kernel PA-I",
            KernelAlgorithm::Pa2 => "Kernel PA-II",
            KernelAlgorithm::Projectron => "Projectron",
            KernelAlgorithm::ProjectronPlus => "Projectron++",
            KernelAlgorithm::Apsm => "APSM",
            KernelAlgorithm::Spa => "SPA",
            KernelAlgorithm::Olru => "OLRU",
            KernelAlgorithm::Olrd => "OLRD",
            KernelAlgorithm::AldProjection => "ALD projection",
        }
    }
}

impl fmt::Display for KernelAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which SPA form to run (see spa.rs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SpaChoice {
    #[default]
    Paper,
    AuthorsCode,
}

/// Settings of the kernel learners; each reads the ones it uses.
#[derive(Clone, Debug, PartialEq)]
pub struct KernelHyper {
    pub kernel: KernelSpec,
    /// Hard budget (kernel perceptron: random removal; kernel PA, SPA: oldest).
    pub budget: Option<usize>,
    /// Sparsification threshold of Projectron(++) and ALD projection.
    pub eta: f64,
    /// Window q of APSM and ALD projection.
    pub window: usize,
    /// Step factor lambda of APSM and ALD projection, in (0, 2).
    pub lambda: f64,
    /// Margin rho of APSM, ALD projection, SPA, OLRU, OLRD.
    pub rho: f64,
    /// APSM's ball radius Delta.
    pub radius: f64,
    /// APSM's dictionary size L.
    pub dictionary: usize,
    /// APSM adapts its margin.
    pub adaptive_margin: bool,
    /// T, the planned stream length of OLRU and OLRD.
    pub horizon: u64,
    /// OLRU: P = min(1, c T^-a).
    pub olru_c: f64,
    pub olru_a: f64,
    /// OLRD: B = floor(1 + c sqrt(T)).
    pub olrd_c: f64,
    pub spa: SpaChoice,
    /// SPA (paper form): p = min(alpha, l) / beta.
    pub spa_alpha: f64,
    pub spa_beta: f64,
    /// Seed of the randomised learners (budget perceptron, SPA, OLRU, OLRD).
    pub seed: u64,
}

impl Default for KernelHyper {
    /// The 2023 authors' defaults where their code has them (OLRU c = 1.2,
    /// a = 0.2; APSM q = 4, Delta = 5), Orabona's eta = 0.1 for the
    /// projections, and an OLRD c giving B = 55 at T = 3000. APSM's lambda = 0.1
    /// and L = 700 are SKerAPSM_1.m's (see apsm.rs); ALD projection, APSM
    /// without the bias, shares its lambda.
    fn default() -> Self {
        Self {
            kernel: KernelSpec::default(),
            budget: None,
            eta: 0.1,
            window: 4,
            lambda: 0.1,
            rho: 1.0,
            radius: 5.0,
            dictionary: 700,
            adaptive_margin: true,
            horizon: 3000,
            olru_c: 1.2,
            olru_a: 0.2,
            olrd_c: 1.0,
            spa: SpaChoice::Paper,
            spa_alpha: 1.0,
            spa_beta: 1.0,
            seed: 0,
        }
    }
}

/// Any kernel learner.
#[derive(Clone, Debug)]
pub enum AnyKernelLearner {
    Perceptron(KernelPerceptron),
    Pa(KernelPa, PaVariant),
    Projectron(Projectron),
    Apsm(Apsm),
    Spa(Spa),
    Olru(Olru),
    Olrd(Olrd),
    Ald(AldProjection),
}

macro_rules! each_kernel {
    ($self:expr, $l:ident => $body:expr) => {
        match $self {
            AnyKernelLearner::Perceptron($l) => $body,
            AnyKernelLearner::Pa($l, _) => $body,
            AnyKernelLearner::Projectron($l) => $body,
            AnyKernelLearner::Apsm($l) => $body,
            AnyKernelLearner::Spa($l) => $body,
            AnyKernelLearner::Olru($l) => $body,
            AnyKernelLearner::Olrd($l) => $body,
            AnyKernelLearner::Ald($l) => $body,
        }
    };
}

impl AnyKernelLearner {
    /// `c`: the PA and SPA aggressiveness; `step`: OLRU and OLRD's eta.
    pub fn new(algorithm: KernelAlgorithm, h: &KernelHyper, c: f64, step: f64) -> Result<Self> {
        check::positive_finite("C", c)?;
        let kernel = h.kernel;
        Ok(match algorithm {
            KernelAlgorithm::Perceptron => {
                AnyKernelLearner::Perceptron(KernelPerceptron::new(kernel, h.budget, h.seed)?)
            }
            KernelAlgorithm::Pa1 => AnyKernelLearner::Pa(
                KernelPa::new(kernel, PaVariant::Pa1, c, h.budget)?,
                PaVariant::Pa1,
            ),
            KernelAlgorithm::Pa2 => AnyKernelLearner::Pa(
                KernelPa::new(kernel, PaVariant::Pa2, c, h.budget)?,
                PaVariant::Pa2,
            ),
            KernelAlgorithm::Projectron => {
                AnyKernelLearner::Projectron(Projectron::new(kernel, h.eta, false)?)
            }
            KernelAlgorithm::ProjectronPlus => {
                AnyKernelLearner::Projectron(Projectron::new(kernel, h.eta, true)?)
            }
            KernelAlgorithm::Apsm => AnyKernelLearner::Apsm(Apsm::new(
                kernel,
                ApsmConfig {
                    window: h.window,
                    lambda: h.lambda,
                    radius: h.radius,
                    dictionary: h.dictionary,
                    rho: h.rho,
                    adaptive_margin: h.adaptive_margin,
                },
            )?),
            KernelAlgorithm::Spa => {
                let form = match h.spa {
                    SpaChoice::Paper => SpaForm::Paper {
                        alpha: h.spa_alpha,
                        beta: h.spa_beta,
                        c,
                    },
                    SpaChoice::AuthorsCode => SpaForm::AuthorsCode,
                };
                AnyKernelLearner::Spa(Spa::new(kernel, form, h.rho, h.budget, h.seed)?)
            }
            KernelAlgorithm::Olru => AnyKernelLearner::Olru(Olru::new(
                kernel, step, h.rho, h.olru_c, h.olru_a, h.horizon, h.seed,
            )?),
            KernelAlgorithm::Olrd => {
                AnyKernelLearner::Olrd(Olrd::new(kernel, step, h.rho, h.olrd_c, h.horizon, h.seed)?)
            }
            KernelAlgorithm::AldProjection => AnyKernelLearner::Ald(AldProjection::new(
                kernel, h.eta, h.window, h.lambda, h.rho,
            )?),
        })
    }

    pub fn algorithm(&self) -> KernelAlgorithm {
        match self {
            AnyKernelLearner::Perceptron(_) => KernelAlgorithm::Perceptron,
            AnyKernelLearner::Pa(_, PaVariant::Pa2) => KernelAlgorithm::Pa2,
            AnyKernelLearner::Pa(..) => KernelAlgorithm::Pa1,
            AnyKernelLearner::Projectron(p) if p.is_plus() => KernelAlgorithm::ProjectronPlus,
            AnyKernelLearner::Projectron(_) => KernelAlgorithm::Projectron,
            AnyKernelLearner::Apsm(_) => KernelAlgorithm::Apsm,
            AnyKernelLearner::Spa(_) => KernelAlgorithm::Spa,
            AnyKernelLearner::Olru(_) => KernelAlgorithm::Olru,
            AnyKernelLearner::Olrd(_) => KernelAlgorithm::Olrd,
            AnyKernelLearner::Ald(_) => KernelAlgorithm::AldProjection,
        }
    }

    /// Applies the settings the page changes mid-stream (kernel, budget,
    /// eta, C), keeping the model. Others need a reset.
    pub fn retune(&mut self, h: &KernelHyper, c: f64) -> Result<()> {
        each_kernel!(self, l => l.set_kernel(h.kernel))?;
        match self {
            AnyKernelLearner::Perceptron(l) => l.set_budget(h.budget).map(|_| ()),
            AnyKernelLearner::Pa(l, _) => {
                l.set_c(c)?;
                l.set_budget(h.budget).map(|_| ())
            }
            AnyKernelLearner::Spa(l) => l.set_budget(h.budget).map(|_| ()),
            AnyKernelLearner::Projectron(l) => l.set_eta(h.eta),
            AnyKernelLearner::Ald(l) => l.set_eta(h.eta),
            AnyKernelLearner::Apsm(_) | AnyKernelLearner::Olru(_) | AnyKernelLearner::Olrd(_) => {
                Ok(())
            }
        }
    }

    pub fn kernel(&self) -> KernelSpec {
        each_kernel!(self, l => l.kernel())
    }
}

impl Learner for AnyKernelLearner {
    fn task(&self) -> Task {
        Task::Classification
    }

    fn score(&self, x: Features<'_>) -> f64 {
        each_kernel!(self, l => l.score(x))
    }

    fn learn_one(&mut self, x: Features<'_>, y: f64) -> Update {
        each_kernel!(self, l => l.learn_one(x, y))
    }

    fn reset(&mut self) {
        each_kernel!(self, l => l.reset())
    }

    fn linear_model(&self) -> Option<LinearModel> {
        None
    }

    fn support_size(&self) -> usize {
        each_kernel!(self, l => l.support_size())
    }

    fn support_set(&self) -> Option<&SupportSet> {
        each_kernel!(self, l => l.support_set())
    }

    fn kernel_offset(&self) -> f64 {
        each_kernel!(self, l => l.kernel_offset())
    }

    fn score_grid(&self, grid: &Grid, out: &mut [f32]) {
        each_kernel!(self, l => l.score_grid(grid, out))
    }

    fn learn_batch(
        &mut self,
        data: &Dataset,
        rows: std::ops::Range<usize>,
        progress: &mut Progress,
    ) {
        each_kernel!(self, l => l.learn_batch(data, rows, progress))
    }
}

/// The command line's words for the SPA form.
impl std::str::FromStr for SpaChoice {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        match s {
            "paper" => Ok(SpaChoice::Paper),
            "authors" => Ok(SpaChoice::AuthorsCode),
            _ => Err(Error::UnknownName {
                what: "SPA form",
                got: s.into(),
                expected: "paper, authors".into(),
            }),
        }
    }
}
