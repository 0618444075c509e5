//! APSM, the adaptive projected subgradient method for online kernel
//! classification (Slavakis, Theodoridis, Yamada, IEEE TSP 56 (2008)
//! 2781-2796), as seed 004 describes it and its authors' code runs it.
//!
//! f(x) = sum_i gamma_i k(s_i, x) + b; every sample joins the dictionary
//! (with coefficient 0). At time t, over the window J of the q most recent
//! samples with weights w_j = 1/|J|:
//!
//! ```text
//! beta_j = w_j y_j (rho - y_j f(x_j))_+ / (1 + k(x_j, x_j))
//! mu     = lambda * sum_j (1 + k_jj) beta_j^2 / w_j  /  beta^T (1 + G) beta
//! gamma_J += mu beta,   b += mu sum_j beta_j
//! ```
//!
//! then ||f|| <= Delta is kept by scaling (projection onto the closed ball;
//! ||f||^2 is tracked incrementally), and past L samples the oldest is
//! dropped (the "farthest" deletion seed 004 criticises). The margin rho
//! adapts: when at least a fraction R of the window is already feasible
//! (beta_j = 0), theta grows by d_theta, else shrinks, and
//! rho = max(0, rho0 + nu (theta - theta0)).

use super::core::{kernel_learner, Core, KernelHooks};
use super::function::{Kernel, KernelSpec};
use super::kernel_keys;
use super::support_set::{Removal, SupportSet};
use crate::error::{Error, Result};
use crate::features::Features;
use crate::learner::{Details, Family, Info, Sweep, Update};
use crate::settings::{check, Key, Settings};

pub const INFO: Info = Info {
    name: "apsm",
    label: "APSM",
    family: Family::Kernel,
    rule: super::text_with_code("window of q samples: γ += μβ, b += μΣβ; keep ‖f‖ ≤ Δ; keep the last L samples"),
    filled: super::text_with_code("μ = λ·Σⱼ(1 + kⱼⱼ)βⱼ²/wⱼ / βᵀ(1 + G)β = {lambda}·{num}/{den} = {tau}"),
    step: "μ",
    passive: super::text_with_code("the whole window is already on the right side of the margin"),
    // In the order of `Clause`.
    branches: super::with_code(&[
        "samples of the window below the margin ρ = {rho}: {late}; γ += μβ and b += μΣβ with μ = {tau}; the margin went from {margin} to {reached}",
        "every sample of the window lies on or above the margin ρ = {rho}: no step",
        "‖f‖ went past Δ = {radius}, so f was scaled back onto that ball",
        "the dictionary held more than L = {dictionary} samples, so its oldest was dropped",
    ]),
    source: super::text_with_code("Slavakis, Theodoridis & Yamada 2008, as the 2023 authors' SKerAPSM_1.m runs it"),
    in_paper: true,
    reads: |_| kernel_keys![Window, Lambda, Rho, Radius, Dictionary],
    size: super::text_with_code("its dictionary size L (--dictionary): it keeps the L most recent samples"),
    cap: |s| Some(s.dictionary as usize),
    sweep: Some(Sweep {
        key: Key::Dictionary,
        values: &[25.0, 50.0, 100.0, 200.0, 400.0, 800.0, 1600.0, 3200.0],
    }),
    ..Info::DEFAULT
};

super::kernel_entry!(ENTRY: Apsm, |s| ApsmConfig::from_settings(s).check(), |s, kernel| {
    Apsm::new(kernel, ApsmConfig::from_settings(s))
});

/// APSM's own settings. The defaults (the settings table's) are the 2023
/// authors' (github songaimin/ProjectionTwoStageC, SKerAPSM_1.m at
/// d03bb14: q = 4 on line 19, muAdj = lambda = 0.1 on line 21, delta = 5
/// on line 24, L = 700 on line 25; rho0 = 1, nu = 0.1, dtheta = 1e-3,
/// R = 0.5 on lines 12-18).
#[derive(Clone, Debug, PartialEq)]
pub struct ApsmConfig {
    /// Window q of concurrent projections.
    pub window: usize,
    /// Step factor lambda in (0, 2).
    pub lambda: f64,
    /// Radius Delta of the closed ball ||f|| <= Delta.
    pub radius: f64,
    /// Dictionary size L (the sliding window of kept samples).
    pub dictionary: usize,
    /// Initial margin rho0.
    pub rho: f64,
    /// Adapt the margin (nu = 0.1, d_theta = 1e-3, R = 0.5), as the authors' code does.
    pub adaptive_margin: bool,
}

impl Default for ApsmConfig {
    fn default() -> Self {
        Self::from_settings(&Settings::default())
    }
}

impl ApsmConfig {
    pub fn from_settings(s: &Settings) -> Self {
        Self {
            window: s.window as usize,
            lambda: s.lambda,
            radius: s.radius,
            dictionary: s.dictionary as usize,
            rho: s.rho,
            adaptive_margin: true,
        }
    }

    /// Each value against its row of the settings table, and the window
    /// within the dictionary.
    pub fn check(&self) -> Result<()> {
        check(Key::Window, self.window as f64)?;
        check(Key::Lambda, self.lambda)?;
        check(Key::Radius, self.radius)?;
        check(Key::Dictionary, self.dictionary as f64)?;
        check(Key::Rho, self.rho)?;
        if self.window > self.dictionary {
            return Err(Error::setting(
                Key::Window.spec().label,
                "at most the dictionary size L",
                self.window as f64,
            ));
        }
        Ok(())
    }
}

crate::declare::clauses!(Stepped, NoStep, Scaled, Dropped);

const NU: f64 = 0.1;
const D_THETA: f64 = 1e-3;
const FEASIBLE_FRACTION: f64 = 0.5;

#[derive(Clone, Debug)]
pub struct Apsm {
    core: Core,
    config: ApsmConfig,
    bias: f64,
    /// ||f - b||^2 in the feature space.
    norm2: f64,
    rho: f64,
    theta: f64,
}

impl Apsm {
    pub fn new(kernel: KernelSpec, config: ApsmConfig) -> Result<Self> {
        config.check()?;
        Ok(Self {
            core: Core::new(kernel, SupportSet::new(None, false), Removal::Oldest, 0)?,
            rho: config.rho,
            config,
            bias: 0.0,
            norm2: 0.0,
            theta: 1.0,
        })
    }

    /// The current (adapted) margin.
    pub fn margin(&self) -> f64 {
        self.rho
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let score = self.core.column(x) + self.bias;
        let kxx = self.core.kernel.self_similarity(x);
        // The window: the q - 1 most recent dictionary entries, then x.
        let before = self.core.support.len();
        let first = before + 1 - self.config.window.min(before + 1);
        self.core.add(x, y, 0.0, kxx, kxx);
        let window: Vec<usize> = (first..=before).collect();
        let n = window.len();
        let weight = 1.0 / n as f64;
        let kernel = self.core.kernel;
        let support = &self.core.support;
        let gram: Vec<f64> = window
            .iter()
            .flat_map(|&i| {
                window
                    .iter()
                    .map(move |&j| kernel.eval(support.vector(i).0, support.vector(j).0))
            })
            .collect();
        let (mut labels, mut outputs) = (Vec::with_capacity(n), Vec::with_capacity(n));
        for &i in &window {
            let (xi, yi) = support.vector(i);
            labels.push(yi);
            outputs.push(if i == before {
                score
            } else {
                support.score(&kernel, xi) + self.bias
            });
        }
        let beta: Vec<f64> = (0..n)
            .map(|j| {
                weight * labels[j] * (self.rho - labels[j] * outputs[j]).max(0.0)
                    / (1.0 + gram[j * n + j])
            })
            .collect();
        let a: f64 = (0..n)
            .map(|j| (1.0 + gram[j * n + j]) * beta[j] * beta[j] / weight)
            .sum();
        let quadratic = |plus_one: f64| -> f64 {
            (0..n)
                .flat_map(|i| (0..n).map(move |j| (i, j)))
                .map(|(i, j)| beta[i] * beta[j] * (plus_one + gram[i * n + j]))
                .sum()
        };
        let (mu, den) = if a > 0.0 {
            let den = quadratic(1.0);
            (self.config.lambda * a / den, den)
        } else {
            (0.0, 0.0)
        };
        let late = beta.iter().filter(|&&b| b != 0.0).count() as f64;
        let mut details = if a > 0.0 {
            Details::new(&["num", "den", "rho", "late"], [a, den, self.rho, late])
        } else {
            Details::new(&["num", "rho", "late"], [a, self.rho, late])
        };
        if mu > 0.0 && mu.is_finite() {
            details = details.branch(Clause::Stepped as u8);
            let coefficients = self.core.support.coefficients_mut();
            for (j, &i) in window.iter().enumerate() {
                coefficients[i] += mu * beta[j];
            }
            let cross: f64 = (0..n).map(|j| beta[j] * (outputs[j] - self.bias)).sum();
            self.norm2 = (self.norm2 + 2.0 * mu * cross + mu * mu * quadratic(0.0)).max(0.0);
            self.bias += mu * beta.iter().sum::<f64>();
            if self.norm2.sqrt() > self.config.radius {
                self.core
                    .support
                    .scale(self.config.radius / self.norm2.sqrt());
                self.norm2 = self.config.radius * self.config.radius;
                details = details.branch(Clause::Scaled as u8);
            }
        } else if a == 0.0 {
            details = details.branch(Clause::NoStep as u8);
        }
        let removed = self.drop_oldest();
        if removed > 0 {
            details = details.branch(Clause::Dropped as u8);
        }
        if self.config.adaptive_margin {
            let feasible = beta.iter().filter(|&&b| b == 0.0).count() as f64 / n as f64;
            self.theta += if feasible >= FEASIBLE_FRACTION {
                D_THETA
            } else {
                -D_THETA
            };
            self.rho = (self.config.rho + NU * (self.theta - 1.0)).max(0.0);
        }
        let after = crate::learner::Learner::score(self, x);
        let mut update = self.core.report(y, score, after, mu, true, removed);
        update.aggressive = mu > 0.0 || removed > 0;
        update.with(details)
    }

    /// Keeps the dictionary at L, removing the oldest entry and its share
    /// of ||f||^2: ||f - g0 k(s0, .)||^2 = ||f||^2 - 2 g0 f(s0) + g0^2 k(s0, s0).
    fn drop_oldest(&mut self) -> u32 {
        let support = &self.core.support;
        if support.len() <= self.config.dictionary {
            return 0;
        }
        let kernel = self.core.kernel;
        let (s0, _) = support.vector(0);
        let g0 = support.coefficients()[0];
        let f0 = support.score(&kernel, s0);
        self.norm2 = (self.norm2 - 2.0 * g0 * f0 + g0 * g0 * kernel.self_similarity(s0)).max(0.0);
        self.core.support.remove(0);
        1
    }
}

impl KernelHooks for Apsm {
    /// ||f||^2 depends on the kernel: recompute it as gamma^T K gamma.
    fn kernel_changed(&mut self) {
        let support = &self.core.support;
        let kernel = self.core.kernel;
        self.norm2 = (0..support.len())
            .map(|i| support.coefficients()[i] * support.score(&kernel, support.vector(i).0))
            .sum::<f64>()
            .max(0.0);
    }

    fn clear(&mut self) {
        self.bias = 0.0;
        self.norm2 = 0.0;
        self.rho = self.config.rho;
        self.theta = 1.0;
    }

    fn bias(&self) -> f64 {
        self.bias
    }
}

kernel_learner!(Apsm);
