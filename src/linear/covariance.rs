//! The second-order learners' state: the mean weights (w, b) and their
//! covariance Σ, over z = (1, x) with the augmented bias or z = x without
//! one. Σ starts as a·I and only ever shrinks along Σz:
//! Σ ← Σ − β (Σz)(Σz)ᵀ (AROW and SCW share this step; they differ in α
//! and β).
//!
//! Two forms. `Full` keeps all of Σ: (d + 1)² numbers and O(d²) per update,
//! fine up to about a thousand features. `Diagonal` keeps only its
//! diagonal and applies the same step to it, Σᵢᵢ ← Σᵢᵢ − β (Σᵢᵢ zᵢ)², the
//! diagonal approximation of Crammer, Kulesza & Dredze (2009, section 4):
//! O(non-zeros) per update, for wide sparse data.
//!
//! Slot 0 is the bias; feature i is slot i + 1. Σ grows with the features
//! seen: a new feature starts with variance a, uncorrelated.

use crate::features::Features;
use crate::settings::{BiasMode, CovarianceForm};

#[derive(Clone, Debug, PartialEq)]
pub struct Covariance {
    form: CovarianceForm,
    /// Σ₀ = a I.
    initial: f64,
    /// Slots (bias + features).
    n: usize,
    /// Full: row-major n x n. Diagonal: n values.
    values: Vec<f64>,
    /// Σz of the last `product` call (n values).
    product: Vec<f64>,
}

impl Covariance {
    pub fn new(form: CovarianceForm, initial: f64) -> Self {
        let mut covariance = Self {
            form,
            initial,
            n: 0,
            values: Vec::new(),
            product: Vec::new(),
        };
        covariance.grow(1);
        covariance
    }

    /// Σ back to a I (slots kept).
    pub fn reset(&mut self) {
        let n = self.n;
        self.n = 0;
        self.values.clear();
        self.grow(n);
    }

    /// Makes room for `n` slots; new ones get variance a.
    fn grow(&mut self, n: usize) {
        if n <= self.n {
            return;
        }
        match self.form {
            CovarianceForm::Diagonal => self.values.resize(n, self.initial),
            CovarianceForm::Full => {
                let mut values = vec![0.0; n * n];
                for i in 0..self.n {
                    values[i * n..i * n + self.n]
                        .copy_from_slice(&self.values[i * self.n..(i + 1) * self.n]);
                }
                for i in self.n..n {
                    values[i * n + i] = self.initial;
                }
                self.values = values;
            }
        }
        self.n = n;
        self.product.resize(n, 0.0);
    }

    /// Computes Σz into the product (read it with [`Covariance::sigma_z`])
    /// and returns v = zᵀΣz, the variance of the score at x.
    pub fn product(&mut self, x: Features<'_>, bias: BiasMode) -> f64 {
        self.grow(x.dim() + 1);
        let n = self.n;
        let with_bias = bias.learns_bias();
        self.product.fill(0.0);
        let mut v = 0.0;
        match self.form {
            CovarianceForm::Diagonal => {
                if with_bias {
                    self.product[0] = self.values[0];
                    v += self.values[0];
                }
                x.for_each_nonzero(|i, xi| {
                    let s = self.values[i + 1] * xi;
                    self.product[i + 1] = s;
                    v += s * xi;
                });
            }
            CovarianceForm::Full => {
                // Σ is symmetric, so column j is row j: contiguous.
                let (values, product) = (&self.values, &mut self.product);
                let mut add_row = |j: usize, zj: f64| {
                    for (p, s) in product.iter_mut().zip(&values[j * n..(j + 1) * n]) {
                        *p += s * zj;
                    }
                };
                if with_bias {
                    add_row(0, 1.0);
                }
                x.for_each_nonzero(|i, xi| add_row(i + 1, xi));
                if with_bias {
                    v += self.product[0];
                }
                x.for_each_nonzero(|i, xi| v += xi * self.product[i + 1]);
            }
        }
        v
    }

    /// Whether every number of Σ is finite: a large initial variance can
    /// overflow in its first shrink, and a Σ of infinities or NaN freezes
    /// the mean it steers (the command line fails such a run).
    pub fn is_finite(&self) -> bool {
        self.values.iter().all(|v| v.is_finite())
    }

    /// Σz from the last [`Covariance::product`]: slot 0 the bias, then the
    /// features.
    pub fn sigma_z(&self) -> &[f64] {
        &self.product
    }

    /// Σ ← Σ − β (Σz)(Σz)ᵀ with the last product (its diagonal only, in the
    /// diagonal form).
    pub fn shrink(&mut self, beta: f64) {
        let n = self.n;
        match self.form {
            CovarianceForm::Diagonal => {
                for (value, s) in self.values.iter_mut().zip(&self.product) {
                    *value -= beta * (s * s);
                }
            }
            CovarianceForm::Full => {
                // s_i s_j is computed in the same order on both sides of
                // the diagonal, so Σ stays exactly symmetric.
                for i in 0..n {
                    let si = self.product[i];
                    if si == 0.0 {
                        continue;
                    }
                    for (value, sj) in self.values[i * n..(i + 1) * n]
                        .iter_mut()
                        .zip(&self.product)
                    {
                        *value -= beta * (si * sj);
                    }
                }
            }
        }
    }

    /// The plane's shading of a learner whose weights are N(w, scale·Σ):
    /// the score in standard deviations, f(x)/√(zᵀΣz) with z = (1, x) or
    /// x, into `out` row by row from the top. Its sign is the prediction,
    /// and |value| < 1 marks where the boundaries within one standard
    /// deviation of w disagree (the band the page draws).
    pub fn standardised_grid(
        &self,
        w: &[f64],
        b: f64,
        bias: bool,
        scale: f64,
        grid: &crate::grid::Grid,
        out: &mut [f32],
    ) {
        let sigma = self.plane_block();
        let one = if bias { 1.0 } else { 0.0 };
        let w = |i: usize| w.get(i).copied().unwrap_or(0.0);
        for j in 0..grid.ny {
            let y = grid.y(j);
            for i in 0..grid.nx {
                let z = [one, grid.x(i), y];
                let mut v = 0.0;
                for a in 0..3 {
                    for b in 0..3 {
                        v += z[a] * sigma[a * 3 + b] * z[b];
                    }
                }
                let f = w(0) * z[1] + w(1) * z[2] + b;
                out[j * grid.nx + i] = (f / (scale * v).max(f64::MIN_POSITIVE).sqrt()) as f32;
            }
        }
    }

    /// Σ as the page draws it for a 2-D plane: the 3 x 3 block over
    /// (bias, x₁, x₂), row-major (zeros off the diagonal in the diagonal
    /// form).
    pub fn plane_block(&self) -> [f64; 9] {
        let mut block = [0.0; 9];
        for i in 0..3 {
            for j in 0..3 {
                block[i * 3 + j] = self.entry(i, j);
            }
        }
        block
    }

    /// Σᵢⱼ over slots (a for a slot not seen yet).
    pub fn entry(&self, i: usize, j: usize) -> f64 {
        if i >= self.n || j >= self.n {
            return if i == j { self.initial } else { 0.0 };
        }
        match self.form {
            CovarianceForm::Full => self.values[i * self.n + j],
            CovarianceForm::Diagonal if i == j => self.values[i],
            CovarianceForm::Diagonal => 0.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_and_diagonal_agree_while_sigma_is_diagonal() {
        let mut full = Covariance::new(CovarianceForm::Full, 2.0);
        let mut diagonal = Covariance::new(CovarianceForm::Diagonal, 2.0);
        let x = Features::Dense(&[1.0, -3.0]);
        let v = full.product(x, BiasMode::Augmented);
        assert_eq!(v, 2.0 * (1.0 + 1.0 + 9.0));
        assert_eq!(diagonal.product(x, BiasMode::Augmented), v);
        assert_eq!(full.sigma_z(), diagonal.sigma_z());
        assert_eq!(full.sigma_z(), &[2.0, 2.0, -6.0]);
        assert_eq!(full.product(x, BiasMode::None), 20.0);
    }

    #[test]
    fn shrinking_along_sigma_z_matches_the_rank_one_formula() {
        let mut full = Covariance::new(CovarianceForm::Full, 1.0);
        let x = Features::Dense(&[1.0, 2.0]);
        full.product(x, BiasMode::Augmented);
        full.shrink(0.25);
        // Σ = I − 0.25 z zᵀ with z = (1, 1, 2).
        let z = [1.0, 1.0, 2.0];
        for i in 0..3 {
            for j in 0..3 {
                let want = if i == j { 1.0 } else { 0.0 } - 0.25 * z[i] * z[j];
                assert_eq!(full.entry(i, j), want);
                assert_eq!(full.entry(i, j), full.entry(j, i));
            }
        }
        // A wider sample grows Σ with fresh, uncorrelated slots.
        full.product(Features::Dense(&[0.0, 0.0, 1.0]), BiasMode::None);
        assert_eq!((full.entry(3, 3), full.entry(3, 1)), (1.0, 0.0));
        let mut diagonal = Covariance::new(CovarianceForm::Diagonal, 1.0);
        diagonal.product(x, BiasMode::Augmented);
        diagonal.shrink(0.25);
        assert_eq!(diagonal.entry(2, 2), 1.0 - 0.25 * 4.0);
        assert_eq!(diagonal.entry(1, 2), 0.0);
    }
}
