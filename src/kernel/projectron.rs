//! The Projectron and Projectron++ (Orabona, Keshet, Caputo, "Bounded
//! Kernel-Based Online Learning", JMLR 10 (2009) 2643-2666).
//!
//! On a mistake (y f(x) <= 0): with k = [k(s_i, x)], d = K^-1 k and
//! delta^2 = k(x, x) - k . d, if delta = sqrt(delta^2) <= eta the sample is
//! projected onto the span of the set, alpha += y d (the set does not
//! grow); otherwise x joins with alpha = y and K^-1 grows by the rank-one
//! rule. The distance is compared, as in the 2023 authors' code (Orabona's
//! own DOGMA code compares delta^2).
//!
//! Projectron++ also learns from margin errors (0 < y f(x) < 1, loss l)
//! without adding vectors: with ||Px||^2 = k . d, if l - delta / eta > 0,
//! tau = min(l / ||Px||^2, 2 (l - delta / eta) / ||Px||^2, 1) and
//! alpha += tau y d.
//!
//! With eta = 0 the Projectron is the kernel perceptron (a sample exactly in
//! the span is projected, which gives the same function).

use super::core::{kernel_learner, Core, KernelHooks};
use super::function::{Kernel, KernelSpec};
use super::inverse_gram::GROWTH_FLOOR;
use super::kernel_keys;
use super::support_set::{Removal, SupportSet};
use crate::error::{Error, Result};
use crate::features::Features;
use crate::learner::{hinge_loss, Details, Family, Info, Sweep, Update};
use crate::settings::{check, KernelKind, Key, Settings};

/// The thresholds the comparison sweeps: 1 - eta from 1e-6 to 0.5. At
/// sigma = 1 two a3a rows differ in 12 to 20 features, so k is about e^-6
/// to e^-10 and nearly every sample lies at distance close to 1 from the
/// span: only a threshold just below 1 keeps the set small.
pub const THRESHOLDS: [f64; 8] = [
    1.0 - 1e-6,
    1.0 - 1e-5,
    1.0 - 1e-4,
    1.0 - 1e-3,
    1.0 - 1e-2,
    0.95,
    0.8,
    0.5,
];

const fn info(plus: bool) -> Info {
    Info {
        name: if plus { "projectron++" } else { "projectron" },
        label: if plus { "Projectron++" } else { "Projectron" },
        family: Family::Kernel,
        rule: super::text_with_code(if plus {
            "as Projectron, and on a margin error α += τ y K⁻¹k, τ = min(ℓ/‖Px‖², 2(ℓ − δ/η)/‖Px‖², 1)"
        } else {
            "on a mistake: δ = distance of k(x,·) from the span of S; if δ ≤ η, α += y K⁻¹k (project), else add x"
        }),
        filled: super::text_with_code(if plus {
            "‖Px‖² = k·K⁻¹k = {px};  δ = √(k(x,x) − ‖Px‖²) = √({sq} − {px}) = {delta}\nτ = min(ℓ/‖Px‖², 2(ℓ − δ/η)/‖Px‖², 1) = min({loss}/{px}, 2({loss} − {penalty})/{px}, 1) = {tau}"
        } else {
            "‖Px‖² = k·K⁻¹k = {px};  δ = √(k(x,x) − ‖Px‖²) = √({sq} − {px}) = {delta}"
        }),
        step: if plus { "τ" } else { "step" },
        passive: if plus { "the margin is at least 1" } else { "predicted correctly" },
        // In the order of `Clause` (the Projectron takes the first four).
        branches: super::with_code(&[
            "S was empty: x joins it with α = y; the margin went from {margin} to {reached}",
            "m ≤ 0 and δ = {delta} ≤ η = {eta}: x is projected onto the span of S, α += y K⁻¹k (S does not grow); the margin went from {margin} to {reached}",
            "m ≤ 0 and δ = {delta} > η = {eta}: x joins S with α = y; the margin went from {margin} to {reached}",
            "m ≤ 0 and x lies in the span of S (δ = {delta} is zero up to rounding): it is projected, α += y K⁻¹k (S does not grow); the margin went from {margin} to {reached}",
            "0 < m < 1 and ℓ − δ/η = {loss} − {penalty} > 0: α += τ y K⁻¹k with τ = {tau} (S does not grow); the margin went from {margin} to {reached}",
            "0 < m < 1, but ℓ − δ/η = {loss} − {penalty} ≤ 0: a projection this far from the span would not pay, so nothing changes",
            "0 < m < 1, but ‖Px‖² = 0: x has no part in the span of S, so nothing changes",
        ]),
        source: super::text_with_code("Orabona, Keshet & Caputo 2009"),
        in_paper: true,
        reads: |_| kernel_keys![Eta],
        size: super::text_with_code("its projection threshold η (--eta): a larger η projects more mistakes and adds fewer vectors"),
        cap: |_| None,
        sweep: Some(Sweep { key: Key::Eta, values: &THRESHOLDS }),
        ..Info::DEFAULT
    }
}

pub const PROJECTRON_INFO: Info = info(false);

super::kernel_entry!(PROJECTRON: Projectron, check_eta, |s, kernel| {
    Projectron::new(kernel, s.eta, false)
});

pub const PLUS_INFO: Info = info(true);

super::kernel_entry!(PLUS: Projectron, check_eta, |s, kernel| Projectron::new(kernel, s.eta, true));

/// With the Gaussian kernel every distance from the span is below 1
/// (k(x, x) = 1), so eta >= 1 would project every mistake and never grow.
fn check_eta(s: &Settings) -> Result<()> {
    if s.kernel == KernelKind::Gaussian && s.eta >= 1.0 {
        return Err(Error::setting(
            Key::Eta.spec().label,
            "at least 0 and below 1 with the Gaussian kernel (every distance from the span is below 1, so η ≥ 1 would never add a support vector)",
            s.eta,
        ));
    }
    Ok(())
}

crate::declare::clauses!(
    EmptySet,
    Projected,
    Added,
    InSpan,
    MarginStep,
    NotWorth,
    NoProjection
);

#[derive(Clone, Debug)]
pub struct Projectron {
    core: Core,
    eta: f64,
    /// Projectron++: also learn from margin errors.
    plus: bool,
}

impl Projectron {
    pub fn new(kernel: KernelSpec, eta: f64, plus: bool) -> Result<Self> {
        Ok(Self {
            core: Core::new(kernel, SupportSet::new(None, true), Removal::Oldest, 0)?,
            eta: check(Key::Eta, eta)?,
            plus,
        })
    }

    pub fn is_plus(&self) -> bool {
        self.plus
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let core = &mut self.core;
        let score = core.column(x);
        let margin = y * score;
        let loss = hinge_loss(y, score);
        let kxx = core.kernel.self_similarity(x);
        if margin <= 0.0 {
            if core.support.is_empty() {
                core.add(x, y, y, kxx, kxx);
                let told = Details::default().branch(Clause::EmptySet as u8);
                return core.report(y, score, y * kxx, 1.0, true, 0).with(told);
            }
            let delta2 = core.project(kxx);
            let inside: f64 = core.k.iter().zip(&core.d).map(|(k, d)| k * d).sum();
            let numbers = Details::new(&["delta", "px"], [delta2.sqrt(), inside]);
            if delta2.sqrt() <= self.eta || delta2 <= GROWTH_FLOOR * kxx {
                let clause = if delta2.sqrt() <= self.eta {
                    Clause::Projected
                } else {
                    Clause::InSpan
                };
                add_scaled(core.support.coefficients_mut(), y, &core.d);
                return core
                    .report(y, score, score + y * inside, 1.0, false, 0)
                    .with(numbers.branch(clause as u8));
            }
            core.add(x, y, y, kxx, delta2);
            return core
                .report(y, score, score + y * kxx, 1.0, true, 0)
                .with(numbers.branch(Clause::Added as u8));
        }
        if self.plus && loss > 0.0 {
            let delta2 = core.project(kxx);
            let projected_norm = (kxx - delta2).max(0.0);
            let penalty = match (delta2.sqrt(), self.eta) {
                (0.0, _) => 0.0,
                (_, 0.0) => f64::INFINITY,
                (delta, eta) => delta / eta,
            };
            let numbers = Details::new(
                &["delta", "px", "penalty"],
                [delta2.sqrt(), projected_norm, penalty],
            );
            if loss - penalty > 0.0 && projected_norm > 0.0 {
                let tau = (loss / projected_norm)
                    .min(2.0 * (loss - penalty) / projected_norm)
                    .min(1.0);
                add_scaled(core.support.coefficients_mut(), tau * y, &core.d);
                return core
                    .report(y, score, score + tau * y * projected_norm, tau, false, 0)
                    .with(numbers.branch(Clause::MarginStep as u8));
            }
            let why = if loss - penalty > 0.0 {
                Clause::NoProjection
            } else {
                Clause::NotWorth
            };
            return core.passive(y, score).with(numbers.branch(why as u8));
        }
        core.passive(y, score)
    }
}

fn add_scaled(alpha: &mut [f64], scale: f64, d: &[f64]) {
    for (a, di) in alpha.iter_mut().zip(d) {
        *a += scale * di;
    }
}

impl KernelHooks for Projectron {
    fn tune(&mut self, settings: &Settings) {
        self.eta = settings.eta;
    }
}

kernel_learner!(Projectron);
