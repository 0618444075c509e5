//! The ALD-projection learner of seed 004 (Meng & Song, "Improved Online
//! Nonlinear Classification Algorithm Based on Projection Strategy", AAM
//! 12(9) (2023)): APSM's concurrent projections without a bias, sparsified
//! by approximate linear dependence instead of by dropping old samples.
//!
//! A dictionary D with its inverse Gram matrix K^-1 is kept. For each x_t:
//! a_t = K^-1 k_D(x_t) and delta_t = k(x_t, x_t) - k_D(x_t) . a_t. If
//! delta_t > eta, x_t joins D and is represented exactly, a_t = e_new;
//! otherwise D is unchanged and x_t is represented by its projection a_t.
//! The rows a_j of the q most recent samples form A_t. With w_j = 1/|J| and
//! l_j = (rho - y_j f(x_j))_+,
//!
//! ```text
//! beta_j  = w_j y_j l_j / k(x_j, x_j)
//! mu      = lambda * sum_j w_j l_j^2 / k(x_j, x_j)  /  (beta^T A) K_D (A^T beta)
//! Upsilon += mu (beta^T A)
//! ```
//!
//! and f(x) = sum_m Upsilon_m k(d_m, x). The dictionary size |D| is
//! reported at every step: it grows only with samples the dictionary cannot
//! represent within eta.

use std::collections::VecDeque;

use super::{kernel_learner, Core, Kernel, KernelHooks, KernelSpec, Removal, SupportSet};
use crate::error::{check, Error, Result};
use crate::features::{Features, OwnedFeatures};
use crate::kernel::inverse_gram::{dot, GROWTH_FLOOR};
use crate::learner::Update;

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
    /// K_D a: with it, ||sum_j beta_j a_j||_K^2 = (sum beta_j a_j) . (sum beta_j u_j).
    u: Vec<f64>,
    /// [k(d_m, x)]_m: f(x) = Upsilon . kernel_column.
    kernel_column: Vec<f64>,
}

#[derive(Clone, Debug)]
pub struct AldProjection {
    core: Core,
    eta: f64,
    window: usize,
    lambda: f64,
    rho: f64,
    recent: VecDeque<WindowSample>,
}

impl AldProjection {
    pub fn new(kernel: KernelSpec, eta: f64, window: usize, lambda: f64, rho: f64) -> Result<Self> {
        if window == 0 {
            return Err(Error::HyperParameter {
                name: "window q",
                range: "at least 1",
                value: 0.0,
            });
        }
        if !(lambda > 0.0 && lambda < 2.0) {
            return Err(Error::HyperParameter {
                name: "lambda",
                range: "strictly between 0 and 2",
                value: lambda,
            });
        }
        Ok(Self {
            core: Core::new(kernel, SupportSet::new(None, true), Removal::Oldest, 0)?,
            eta: check::non_negative_finite("eta", eta)?,
            window,
            lambda,
            rho: check::positive_finite("rho", rho)?,
            recent: VecDeque::with_capacity(window + 1),
        })
    }

    pub fn set_eta(&mut self, eta: f64) -> Result<()> {
        self.eta = check::non_negative_finite("eta", eta)?;
        Ok(())
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let score = self.core.column(x);
        let kxx = self.core.kernel.self_similarity(x);
        // The first sample always starts the dictionary (with eta >= k(x, x)
        // nothing else could).
        let first = self.core.support.is_empty();
        let delta = if first { kxx } else { self.core.project(kxx) };
        let joins = (first && kxx > 0.0) || (delta > self.eta && delta > GROWTH_FLOOR * kxx);
        let column = self.core.k.clone();
        let sample = if joins {
            // x joins D: every kept sample learns its kernel value against x,
            // and u_j gains K[new, :] a_j = k_D(x) . a_j (a_j is 0 at the new index).
            for s in &mut self.recent {
                s.kernel_column.push(self.core.kernel.eval(x, s.x.borrow()));
                s.u.push(dot(&column, &s.a));
                s.a.push(0.0);
            }
            self.core.add(x, y, 0.0, kxx, delta);
            let m = self.core.support.len();
            let mut a = vec![0.0; m];
            a[m - 1] = 1.0;
            let mut own = column;
            own.push(kxx);
            WindowSample {
                x: x.into(),
                y,
                kxx,
                a,
                u: own.clone(),
                kernel_column: own,
            }
        } else {
            // Represented by its projection a = K^-1 k, so K a = k.
            let a = self.core.d.clone();
            WindowSample {
                x: x.into(),
                y,
                kxx,
                a,
                u: column.clone(),
                kernel_column: column,
            }
        };
        self.recent.push_back(sample);
        if self.recent.len() > self.window {
            self.recent.pop_front();
        }

        let weight = 1.0 / self.recent.len() as f64;
        let m = self.core.support.len();
        let (mut v, mut w) = (vec![0.0; m], vec![0.0; m]);
        let mut numerator = 0.0;
        let coefficients = self.core.support.coefficients();
        for sample in &self.recent {
            let f = dot(coefficients, &sample.kernel_column);
            let loss = (self.rho - sample.y * f).max(0.0);
            if loss == 0.0 {
                continue;
            }
            numerator += weight * loss * loss / sample.kxx;
            let beta = weight * sample.y * loss / sample.kxx;
            for ((vm, am), (wm, um)) in v.iter_mut().zip(&sample.a).zip(w.iter_mut().zip(&sample.u))
            {
                *vm += beta * am;
                *wm += beta * um;
            }
        }
        let norm2 = dot(&v, &w);
        let mu = if numerator > 0.0 && norm2 > 0.0 {
            self.lambda * numerator / norm2
        } else {
            0.0
        };
        if mu > 0.0 && mu.is_finite() {
            for (u, vm) in self.core.support.coefficients_mut().iter_mut().zip(&v) {
                *u += mu * vm;
            }
        }
        let after = dot(
            self.core.support.coefficients(),
            &self.recent.back().expect("just pushed").kernel_column,
        );
        let mut update = self.core.report(y, score, after, mu, joins, 0);
        update.aggressive = mu > 0.0;
        update
    }

    /// Checks the caches against direct computation (tests).
    #[cfg(test)]
    fn caches_agree(&self) -> bool {
        let inverse = self.core.support.inverse().unwrap();
        self.recent.iter().all(|s| {
            let m = inverse.len();
            let direct_u: Vec<f64> = (0..m)
                .map(|i| (0..m).map(|j| inverse.gram(i, j) * s.a[j]).sum())
                .collect();
            let direct_f = self.core.support.score(&self.core.kernel, s.x.borrow());
            let cached_f = dot(self.core.support.coefficients(), &s.kernel_column);
            let scale = 1.0 + direct_u.iter().map(|v| v.abs()).sum::<f64>();
            s.a.len() == m
                && direct_u
                    .iter()
                    .zip(&s.u)
                    .all(|(a, b)| (a - b).abs() < 1e-8 * scale)
                && (direct_f - cached_f).abs() < 1e-8 * (1.0 + direct_f.abs())
        })
    }
}

impl KernelHooks for AldProjection {
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
