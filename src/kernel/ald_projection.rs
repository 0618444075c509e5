//! The ALD-projection learner of seed 004 (Meng & Song, "Improved Online
//! Nonlinear Classification Algorithm Based on Projection Strategy", AAM
//! 12(9) (2023)): APSM's concurrent projections without a bias, sparsified
//! by approximate linear dependence instead of by dropping old samples.
//!
//! A dictionary D with its inverse Gram matrix K^-1 is kept. For each x_t:
//! a_t = K^-1 k_D(x_t) and delta_t = k(x_t, x_t) - k_D(x_t) . a_t. If
//! delta_t > nu, x_t joins D and is represented exactly, a_t = e_new;
//! otherwise D is unchanged and x_t is represented by its projection a_t.
//! The rows a_j of the q most recent samples form A_t. With w_j = 1/|J| and
//! l_j = (rho - y_j f(x_j))_+,
//!
//! ```text
//! beta_j  = w_j y_j l_j / k(x_j, x_j)
//! mu      = lambda * sum_j w_j l_j^2 / k(x_j, x_j)  /  beta^T G_J beta      (Eq. 2)
//! Upsilon += mu (beta^T A)                                                (Eq. 3)
//! ```
//!
//! and f(x) = sum_m Upsilon_m k(d_m, x). G_J is the Gram matrix of the q
//! window samples themselves: Eq. (2) divides by the squared norm of
//! sum_j w_j (u_t - P_j(u_t)) = -sum_j beta_j k(x_j, .), which is
//! beta^T G_J beta. Only the update direction (Eq. 3) goes through the
//! dictionary, as the projections a_j. (Dividing by the norm of the
//! projected direction, (beta^T A) K_D (A^T beta), as an earlier version of
//! this file did, is not the paper's rule: when the window samples are
//! nearly orthogonal to D that norm is tiny and mu reached 1e7 on a3a.)
//! For the Gaussian kernel k(x, x) = 1 and beta_j is the paper's
//! w_j y_j l_j; dividing by k(x_j, x_j) keeps P_j a projection for the
//! other kernels. The dictionary size |D| is reported at every step: it
//! grows only with samples the dictionary cannot represent within nu.
//! (The paper calls the threshold eta; it is `nu` here, as in Engel's ALD,
//! because Projectron's eta is a threshold on the distance, not its square.)

use std::collections::VecDeque;

use super::core::{kernel_learner, Core, KernelHooks};
use super::function::{Kernel, KernelSpec};
use super::inverse_gram::{dot, GROWTH_FLOOR};
use super::kernel_keys;
use super::support_set::{Removal, SupportSet};
use crate::error::Result;
use crate::features::{Features, OwnedFeatures};
use crate::learner::{Details, Family, Info, Sweep, Update};
use crate::settings::{check, Key, Settings};

pub const INFO: Info = Info {
    name: "ald-projection",
    label: "ALD projection",
    family: Family::Kernel,
    rule: super::text_with_code("δ = k(x,x) − k·K⁻¹k: if δ > ν, x joins D, else it is its projection; Υ += μ βᵀA"),
    filled: super::text_with_code("δ = k(x,x) − k·K⁻¹k = {sq} − {px} = {delta}\nμ = λ·Σⱼ wⱼℓⱼ²/k(xⱼ,xⱼ) / βᵀG_Jβ = {lambda}·{num}/{den} = {tau}"),
    step: "μ",
    passive: super::text_with_code("the whole window is already on the right side of the margin"),
    // In the order of `Clause`: what became of x, then the step.
    branches: super::with_code(&[
        "the first sample starts the dictionary (δ = k(x,x) = {delta})",
        "δ = {delta} > ν = {nu}: x joins the dictionary",
        "δ = {delta} ≤ ν = {nu}: x is represented by its projection K⁻¹k (the dictionary does not grow)",
        "x lies in the span of the dictionary (δ = {delta} is zero up to rounding): it is represented by its projection K⁻¹k",
        "the window's samples below the margin ρ = {rho} move Υ by μ βᵀA with μ = {tau}; the margin went from {margin} to {reached}",
        "the whole window is on the right side of the margin ρ = {rho}: no step",
    ]),
    source: super::text_with_code("Meng & Song 2023, Eq. (2)-(4)"),
    in_paper: true,
    reads: |_| kernel_keys![Nu, Window, Lambda, Rho],
    size: super::text_with_code("its ALD threshold ν (--nu): only samples farther than ν from the dictionary's span join"),
    cap: |_| None,
    sweep: Some(Sweep {
        key: Key::Nu,
        values: &super::projectron::THRESHOLDS,
    }),
    ..Info::DEFAULT
};

super::kernel_entry!(ENTRY: AldProjection, |s, kernel| {
    AldProjection::new(kernel, s.nu, s.window as usize, s.lambda, s.rho)
});

/// A recent sample and what the update needs of it, kept up to date as
/// the dictionary grows so that no step costs more than O(q |D|) beyond
/// the projection itself.
#[derive(Clone, Debug)]
struct WindowSample {
    x: OwnedFeatures,
    y: f64,
    kxx: f64,
    /// Coefficients of the sample's representation over the dictionary.
    a: Vec<f64>,
    /// [k(d_m, x)]_m: f(x) = Upsilon . kernel_column.
    kernel_column: Vec<f64>,
    /// k(x, x_j) for the older samples of the window, oldest first: a row
    /// of G_J, for the step size.
    older: VecDeque<f64>,
}

crate::declare::clauses!(First, Joins, Projected, InSpan, Stepped, NoStep);

/// Losses below this fraction of rho are rounding, not a violated margin.
pub const FEASIBLE_TOLERANCE: f64 = 1e-12;

#[derive(Clone, Debug)]
pub struct AldProjection {
    core: Core,
    /// nu: a sample joins when its squared distance from the span exceeds it.
    threshold: f64,
    window: usize,
    lambda: f64,
    rho: f64,
    recent: VecDeque<WindowSample>,
}

impl AldProjection {
    /// `threshold`: nu, on the squared distance from the span.
    pub fn new(
        kernel: KernelSpec,
        threshold: f64,
        window: usize,
        lambda: f64,
        rho: f64,
    ) -> Result<Self> {
        Ok(Self {
            core: Core::new(kernel, SupportSet::new(None, true), Removal::Oldest, 0)?,
            threshold: check(Key::Nu, threshold)?,
            window: check(Key::Window, window as f64)? as usize,
            lambda: check(Key::Lambda, lambda)?,
            rho: check(Key::Rho, rho)?,
            recent: VecDeque::with_capacity(window + 1),
        })
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let score = self.core.column(x);
        let kxx = self.core.kernel.self_similarity(x);
        // The first sample always starts the dictionary (with nu >= k(x, x)
        // nothing else could).
        let first = self.core.support.is_empty();
        let delta = if first { kxx } else { self.core.project(kxx) };
        let joins = (first && kxx > 0.0) || (delta > self.threshold && delta > GROWTH_FLOOR * kxx);
        let fate = match (first, joins) {
            (true, true) => Clause::First,
            (false, true) => Clause::Joins,
            _ if !first && delta <= self.threshold => Clause::Projected,
            _ => Clause::InSpan,
        };
        // k . K^-1 k, the squared norm of x's projection (0 on an empty D).
        let inside = if first {
            0.0
        } else {
            dot(&self.core.k, &self.core.d)
        };
        let column = self.core.k.clone();
        // k(x, x_j) for every sample now in the window.
        let against_window: Vec<f64> = self
            .recent
            .iter()
            .map(|s| self.core.kernel.eval(x, s.x.borrow()))
            .collect();
        let full = self.recent.len() == self.window;
        let older: VecDeque<f64> = against_window[usize::from(full)..]
            .iter()
            .copied()
            .collect();
        let a = if joins {
            // x joins D: every kept sample learns its kernel value against x
            // (a_j is 0 at the new index).
            for (s, &k) in self.recent.iter_mut().zip(&against_window) {
                s.kernel_column.push(k);
                s.a.push(0.0);
            }
            self.core.add(x, y, 0.0, kxx, delta);
            let mut a = vec![0.0; self.core.support.len()];
            *a.last_mut().expect("x just joined") = 1.0;
            a
        } else {
            // Represented by its projection a = K^-1 k.
            self.core.d.clone()
        };
        let mut kernel_column = column;
        if joins {
            kernel_column.push(kxx);
        }
        if full {
            self.recent.pop_front();
            for s in &mut self.recent {
                s.older.pop_front();
            }
        }
        self.recent.push_back(WindowSample {
            x: x.into(),
            y,
            kxx,
            a,
            kernel_column,
            older,
        });

        let (mu, direction, numerator, norm2) = self.step();
        if mu > 0.0 {
            for (u, v) in self
                .core
                .support
                .coefficients_mut()
                .iter_mut()
                .zip(&direction)
            {
                *u += mu * v;
            }
        }
        let after = dot(
            self.core.support.coefficients(),
            &self.recent.back().expect("just pushed").kernel_column,
        );
        let details = if numerator > 0.0 && norm2 > 0.0 {
            Details::new(
                &["delta", "px", "num", "den"],
                [delta, inside, numerator, norm2],
            )
        } else {
            Details::new(&["delta", "px", "num"], [delta, inside, numerator])
        };
        // No clause for a degenerate window (a loss, but no finite step).
        let step = match (mu > 0.0, numerator == 0.0) {
            (true, _) => Clause::Stepped as u8,
            (false, true) => Clause::NoStep as u8,
            (false, false) => 0,
        };
        let mut update = self.core.report(y, score, after, mu, joins, 0);
        update.aggressive = mu > 0.0;
        update.with(details.branch(fate as u8).branch(step))
    }

    /// Eq. (2) and (3): the step size mu, the update direction beta^T A
    /// over the dictionary (mu = 0 when the whole window is feasible), and
    /// mu's numerator (without lambda) and denominator beta^T G_J beta.
    fn step(&self) -> (f64, Vec<f64>, f64, f64) {
        let weight = 1.0 / self.recent.len() as f64;
        let coefficients = self.core.support.coefficients();
        let mut direction = vec![0.0; coefficients.len()];
        let mut numerator = 0.0;
        let mut beta = Vec::with_capacity(self.recent.len());
        for sample in &self.recent {
            let f = dot(coefficients, &sample.kernel_column);
            let loss = (self.rho - sample.y * f).max(0.0);
            // A sample the last step projected onto its margin exactly keeps
            // a loss of a few 1e-16 from rounding: that is no loss.
            let loss = if loss > FEASIBLE_TOLERANCE * self.rho {
                loss
            } else {
                0.0
            };
            // k(x, x) = 0 (the zero vector under a linear or polynomial
            // kernel) is a zero function: no half-space to project onto.
            let b = if sample.kxx > 0.0 && loss > 0.0 {
                numerator += weight * loss * loss / sample.kxx;
                weight * sample.y * loss / sample.kxx
            } else {
                0.0
            };
            if b != 0.0 {
                for (d, a) in direction.iter_mut().zip(&sample.a) {
                    *d += b * a;
                }
            }
            beta.push(b);
        }
        // beta^T G_J beta, from the window's own kernel values.
        let norm2: f64 = self
            .recent
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let cross: f64 = s.older.iter().zip(&beta).map(|(k, b)| k * b).sum();
                beta[i] * (beta[i] * s.kxx + 2.0 * cross)
            })
            .sum();
        let mu = if numerator > 0.0 && norm2 > 0.0 {
            self.lambda * numerator / norm2
        } else {
            0.0
        };
        let mu = if mu.is_finite() { mu } else { 0.0 };
        (mu, direction, numerator, norm2)
    }

    /// Checks the caches against direct computation (tests).
    #[cfg(test)]
    fn caches_agree(&self) -> bool {
        let m = self.core.support.len();
        let n = self.recent.len();
        self.recent.iter().enumerate().all(|(i, s)| {
            let direct_f = self.core.support.score(&self.core.kernel, s.x.borrow());
            let cached_f = dot(self.core.support.coefficients(), &s.kernel_column);
            let older_agree = s.older.len() == i
                && self
                    .recent
                    .iter()
                    .zip(&s.older)
                    .all(|(o, &k)| k == self.core.kernel.eval(s.x.borrow(), o.x.borrow()));
            s.a.len() == m
                && s.kernel_column.len() == m
                && older_agree
                && n <= self.window
                && (direct_f - cached_f).abs() < 1e-8 * (1.0 + direct_f.abs())
        })
    }
}

impl KernelHooks for AldProjection {
    fn tune(&mut self, settings: &Settings) {
        self.threshold = settings.nu;
    }

    /// The window's representations were made with the old kernel.
    fn kernel_changed(&mut self) {
        self.recent.clear();
    }

    fn clear(&mut self) {
        self.recent.clear();
    }
}

kernel_learner!(AldProjection);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{Preset, Stream, StreamConfig};
    use crate::learner::Learner;

    #[test]
    fn cached_window_quantities_match_direct_computation() {
        let data = Stream::new(StreamConfig::new(Preset::Moons, 3))
            .unwrap()
            .take(400);
        let mut ald =
            AldProjection::new(KernelSpec::Gaussian { sigma: 0.3 }, 0.05, 4, 1.0, 1.0).unwrap();
        let mut grew = false;
        for i in 0..data.len() {
            let before = ald.support_size();
            ald.learn_one(data.row(i), data.label(i));
            grew |= ald.support_size() > before && i > 10;
            assert!(ald.caches_agree(), "sample {i}");
        }
        assert!(grew, "the dictionary grew while the window was full");
        assert!(
            ald.support_size() < 400,
            "ALD keeps only novel samples: {}",
            ald.support_size()
        );
    }
}
