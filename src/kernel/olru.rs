//! OLRU, online learning with random updating (He & Kwok, "Simple
//! randomized algorithms for online learning with kernels", Neural
//! Networks 60 (2014) 17-24): a sample with loss l = max(0, rho - y f(x))
//! becomes a support vector with probability P = min(1, c T^-a), T the
//! planned stream length, with coefficient eta l y (the step of seed 004's
//! comparison code). The set grows by about P per loss, so it stays small
//! for long streams.

use super::core::{kernel_learner, Core, KernelHooks};
use super::function::{Kernel, KernelSpec};
use super::kernel_keys;
use super::support_set::{Removal, SupportSet};
use crate::data::rng::chance;
use crate::error::Result;
use crate::features::Features;
use crate::learner::{Details, Family, Info, Sweep, Update};
use crate::settings::{check, Key, Settings};

pub const INFO: Info = Info {
    name: "olru",
    label: "OLRU",
    family: Family::Kernel,
    rule: super::text_with_code("on a loss, with probability P = min(1, c T^−a), add x with coefficient η ℓ y"),
    filled: super::text_with_code("P = min(1, c·T^−a) = min(1, {olru-c}·{horizon}^−{olru-a}) = {p}"),
    step: "coefficient",
    passive: super::text_with_code("the margin is at least ρ = {rho}"),
    // In the order of `Clause`.
    branches: super::with_code(&[
        "ℓ = max(0, ρ − m) = {ell} > 0 and x was drawn (probability P = {p}): it joins with coefficient η ℓ = {lr}·{ell} = {tau}; the margin went from {margin} to {reached}",
        "ℓ = max(0, ρ − m) = {ell} > 0, but x was not drawn to join (probability P = {p})",
    ]),
    source: super::text_with_code("He & Kwok 2014, as the 2023 authors' OLRU.m runs it"),
    stochastic: true,
    in_paper: true,
    reads: |_| kernel_keys![LearningRate, Rho, OlruC, OlruA, Horizon],
    size: super::text_with_code("its update probability P = min(1, c T^−a) (--olru-c, --olru-a, --horizon)"),
    cap: |_| None,
    sweep: Some(Sweep {
        key: Key::OlruC,
        values: &[0.01, 0.02, 0.05, 0.1, 0.2, 0.4, 0.7, 1.0],
    }),
    ..Info::DEFAULT
};

super::kernel_entry!(ENTRY: Olru, |s, kernel| {
    Olru::new(kernel, s.learning_rate, s.rho, s.olru_c, s.olru_a, horizon(s), s.seed)
});

/// T: the planned stream length (the page and the command line fill in
/// the data's own length before building; 3000 when nothing does).
pub(crate) fn horizon(s: &Settings) -> u64 {
    s.horizon.unwrap_or(3000)
}

crate::declare::clauses!(Joined, NotDrawn);

#[derive(Clone, Debug)]
pub struct Olru {
    core: Core,
    step: f64,
    rho: f64,
    probability: f64,
    /// T, which set the probability (for the explanation).
    horizon: u64,
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
        check(Key::OlruC, c)?;
        check(Key::OlruA, a)?;
        check(Key::Horizon, horizon as f64)?;
        Ok(Self {
            core: Core::new(kernel, SupportSet::new(None, false), Removal::Oldest, seed)?,
            step: check(Key::LearningRate, step)?,
            rho: check(Key::Rho, rho)?,
            probability: (c * libm::pow(horizon as f64, -a)).min(1.0),
            horizon,
        })
    }

    /// The update probability P.
    pub fn probability(&self) -> f64 {
        self.probability
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let core = &mut self.core;
        let (score, loss) = core.column_and_loss(x, y, self.rho);
        let chosen = chance(&mut core.rng, self.probability);
        let numbers = Details::new(
            &["p", "horizon", "ell"],
            [self.probability, self.horizon as f64, loss],
        );
        if loss == 0.0 {
            return core.passive(y, score).with(numbers);
        }
        if !chosen {
            let told = numbers.branch(Clause::NotDrawn as u8);
            return core.passive(y, score).with(told);
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
        .with(numbers.branch(Clause::Joined as u8))
    }
}

impl KernelHooks for Olru {
    fn tune(&mut self, settings: &Settings) {
        self.step = settings.learning_rate;
    }
}

kernel_learner!(Olru);
