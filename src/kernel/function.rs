//! The kernels k(x, z): a small trait over dense and sparse feature
//! vectors, and the three kernels the learners choose from.

use std::fmt;

use crate::error::Result;
use crate::features::Features;
use crate::number::text;
use crate::settings::{KernelKind, Key, Settings};

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
    /// The kernel the settings choose.
    pub fn from_settings(s: &Settings) -> Self {
        match s.kernel {
            KernelKind::Gaussian => KernelSpec::Gaussian { sigma: s.sigma },
            KernelKind::Polynomial => KernelSpec::Polynomial {
                degree: s.degree as u32,
                offset: s.offset,
            },
            KernelKind::Linear => KernelSpec::Linear,
        }
    }

    /// Checks the parameters against the settings table's ranges (for a
    /// kernel made without settings), naming the allowed range.
    pub fn validate(&self) -> Result<()> {
        let check = |key: Key, v: f64| {
            let spec = key.spec();
            spec.range.check(spec.label, v).map(|_| ())
        };
        match *self {
            KernelSpec::Gaussian { sigma } => check(Key::Sigma, sigma),
            KernelSpec::Polynomial { degree, offset } => {
                check(Key::Degree, degree as f64)?;
                check(Key::Offset, offset)
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
            KernelSpec::Polynomial { degree, offset } => power(offset + dot, degree),
            KernelSpec::Linear => dot,
        }
    }

    /// The kernel as a function of the squared distance, for the Gaussian.
    /// Through `libm`, not `f64::exp`: natively that is the C library's
    /// exp, whose last bit can differ from wasm's, and a kernel learner on
    /// the command line would no longer match the same learner on the page
    /// (tests/wasm.rs compares them bit for bit).
    #[inline]
    pub fn gaussian_of_squared_distance(sigma: f64, squared_distance: f64) -> f64 {
        libm::exp(-squared_distance / (2.0 * sigma * sigma))
    }
}

impl Kernel for KernelSpec {
    #[inline]
    fn eval(&self, x: Features<'_>, z: Features<'_>) -> f64 {
        match *self {
            KernelSpec::Gaussian { sigma } => {
                Self::gaussian_of_squared_distance(sigma, x.squared_distance(&z))
            }
            KernelSpec::Polynomial { degree, offset } => power(offset + x.dot_features(&z), degree),
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

/// x^n by repeated squaring, the same on every target (`powi` is left to
/// the platform's runtime).
fn power(x: f64, n: u32) -> f64 {
    let (mut result, mut base, mut n) = (1.0, x, n);
    while n > 0 {
        if n & 1 == 1 {
            result *= base;
        }
        base *= base;
        n >>= 1;
    }
    result
}

impl fmt::Display for KernelSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KernelSpec::Gaussian { sigma } => write!(f, "gaussian(sigma = {})", text(*sigma)),
            KernelSpec::Polynomial { degree, offset } => {
                write!(
                    f,
                    "polynomial(degree = {degree}, offset = {})",
                    text(*offset)
                )
            }
            KernelSpec::Linear => f.write_str("linear"),
        }
    }
}

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
            "kernel width σ must be positive and finite, got 0"
        );
        assert!(KernelSpec::Polynomial {
            degree: 0,
            offset: 1.0
        }
        .validate()
        .is_err());
    }
}
