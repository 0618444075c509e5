//! The inverse of a support set's Gram matrix, grown one vector at a time.
//!
//! Adding x to a set whose inverse Gram matrix is A, with k = [k(s_i, x)],
//! d = A k and delta^2 = k(x, x) - k . d > 0, gives
//!
//! ```text
//! A' = [[A, 0], [0, 0]] + (1 / delta^2) [d; -1] [d; -1]^T
//! ```
//!
//! and removing vector r gives A' = A_{-r,-r} - A_{-r,r} A_{r,-r} / A_{rr}.
//! Both are O(n^2). Rounding accumulates over long streams, so the Gram
//! matrix itself is kept too: every [`CHECK_EVERY`] changes one column of
//! K A - I is measured, and if it is off by more than [`DRIFT_TOLERANCE`]
//! the inverse is recomputed from K by Cholesky. Both matrices are written
//! symmetrically, so they stay exactly symmetric. They are stored with a
//! row stride larger than n, so growing does not copy them.

/// Changes between drift checks.
pub const CHECK_EVERY: usize = 64;
/// Largest tolerated entry of K A - I before re-inverting.
pub const DRIFT_TOLERANCE: f64 = 1e-7;
/// A vector whose squared distance from the span is below this fraction of
/// k(x, x) is treated as inside the span: growing on it would divide by
/// (almost) zero.
pub const GROWTH_FLOOR: f64 = 1e-10;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct InverseGram {
    n: usize,
    /// Row stride of both matrices (capacity).
    stride: usize,
    /// K, row-major n x n inside a stride x stride buffer.
    gram: Vec<f64>,
    /// K^-1, same layout.
    inverse: Vec<f64>,
    changes: usize,
    /// Which column the next drift check looks at.
    next_check: usize,
    /// How many times the inverse was recomputed from K.
    reinversions: usize,
}

impl InverseGram {
    /// Builds K and K^-1 from scratch for the vectors `kernel_at(i, j)` describes.
    pub fn from_kernel(n: usize, kernel_at: impl Fn(usize, usize) -> f64) -> Self {
        let mut g = Self::default();
        g.reserve(n);
        g.n = n;
        for i in 0..n {
            for j in i..n {
                let v = kernel_at(i, j);
                g.gram[i * g.stride + j] = v;
                g.gram[j * g.stride + i] = v;
            }
        }
        g.reinvert();
        g
    }

    pub fn len(&self) -> usize {
        self.n
    }

    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    pub fn clear(&mut self) {
        *self = Self::default();
    }

    /// Entry (i, j) of K^-1.
    pub fn inverse(&self, i: usize, j: usize) -> f64 {
        self.inverse[i * self.stride + j]
    }

    /// Entry (i, j) of K.
    pub fn gram(&self, i: usize, j: usize) -> f64 {
        self.gram[i * self.stride + j]
    }

    pub fn reinversions(&self) -> usize {
        self.reinversions
    }

    fn inverse_row(&self, i: usize) -> &[f64] {
        &self.inverse[i * self.stride..i * self.stride + self.n]
    }

    fn gram_row(&self, i: usize) -> &[f64] {
        &self.gram[i * self.stride..i * self.stride + self.n]
    }

    /// d = K^-1 k.
    pub fn solve(&self, k: &[f64], d: &mut Vec<f64>) {
        d.clear();
        d.extend((0..self.n).map(|i| dot(self.inverse_row(i), k)));
    }

    /// v^T K v.
    pub fn quadratic_form(&self, v: &[f64]) -> f64 {
        (0..self.n).map(|i| v[i] * dot(self.gram_row(i), v)).sum()
    }

    /// Makes room for `n` vectors without moving entries again until then.
    fn reserve(&mut self, n: usize) {
        if n <= self.stride {
            return;
        }
        let stride = n.max(2 * self.stride).max(8);
        let mut gram = vec![0.0; stride * stride];
        let mut inverse = vec![0.0; stride * stride];
        for i in 0..self.n {
            gram[i * stride..i * stride + self.n].copy_from_slice(self.gram_row(i));
            inverse[i * stride..i * stride + self.n].copy_from_slice(self.inverse_row(i));
        }
        self.stride = stride;
        self.gram = gram;
        self.inverse = inverse;
    }

    /// Appends a vector with kernel column `k` (against the current set),
    /// k(x, x) = `kxx`, projection `d` = K^-1 k and residual `delta2` > 0.
    pub fn grow(&mut self, k: &[f64], kxx: f64, d: &[f64], delta2: f64) {
        let n = self.n;
        self.reserve(n + 1);
        let s = self.stride;
        for (i, &ki) in k.iter().enumerate().take(n) {
            self.gram[i * s + n] = ki;
            self.gram[n * s + i] = ki;
        }
        self.gram[n * s + n] = kxx;
        let scale = 1.0 / delta2;
        // Whole rows, in memory order: (d_i d_j) scale is bit-for-bit
        // symmetric because d_i d_j = d_j d_i, so rows need no mirroring.
        for i in 0..n {
            let di = d[i];
            let row = &mut self.inverse[i * s..i * s + n];
            for (a, dj) in row.iter_mut().zip(&d[..n]) {
                *a += (di * dj) * scale;
            }
            self.inverse[i * s + n] = -(di * scale);
            self.inverse[n * s + i] = -(di * scale);
        }
        self.inverse[n * s + n] = scale;
        self.n = n + 1;
        self.changed();
    }

    /// Removes vector `r` from both matrices.
    pub fn remove(&mut self, r: usize) {
        let (n, s) = (self.n, self.stride);
        let arr = self.inverse[r * s + r];
        let column: Vec<f64> = (0..n).map(|i| self.inverse[i * s + r]).collect();
        // Update in place (symmetric as in `grow`), then close the gap of
        // row and column r.
        for i in 0..n {
            let ci = column[i];
            let row = &mut self.inverse[i * s..i * s + n];
            for (a, cj) in row.iter_mut().zip(&column) {
                *a -= (ci * cj) / arr;
            }
        }
        for matrix in [&mut self.gram, &mut self.inverse] {
            for i in 0..n {
                let row = &mut matrix[i * s..i * s + n];
                row.copy_within(r + 1.., r);
            }
            for i in r..n - 1 {
                matrix.copy_within((i + 1) * s..(i + 1) * s + n, i * s);
            }
        }
        self.n = n - 1;
        if !arr.is_finite() || arr <= 0.0 {
            self.reinvert();
        }
        self.changed();
    }

    fn changed(&mut self) {
        self.changes += 1;
        let broken = (0..self.n).any(|i| !self.inverse[i * self.stride + i].is_finite());
        if self.n > 0 && (self.changes.is_multiple_of(CHECK_EVERY) || broken) {
            let column = self.next_check % self.n;
            self.next_check += 1;
            if broken || self.residual(column) > DRIFT_TOLERANCE {
                self.reinvert();
            }
        }
    }

    /// max_i |(K K^-1 - I)_{i, column}|.
    pub fn residual(&self, column: usize) -> f64 {
        let (n, s) = (self.n, self.stride);
        (0..n)
            .map(|i| {
                let kai: f64 = (0..n)
                    .map(|j| self.gram[i * s + j] * self.inverse[j * s + column])
                    .sum();
                (kai - if i == column { 1.0 } else { 0.0 }).abs()
            })
            .fold(
                0.0,
                |a, b| if b.is_nan() { f64::INFINITY } else { a.max(b) },
            )
    }

    /// Recomputes K^-1 from K by Cholesky (adding a tiny ridge if K is
    /// numerically singular).
    pub fn reinvert(&mut self) {
        let n = self.n;
        let dense: Vec<f64> = (0..n).flat_map(|i| self.gram_row(i).to_vec()).collect();
        let trace = (0..n).map(|i| dense[i * n + i]).sum::<f64>().max(1e-300);
        let mut ridge = 0.0;
        let inverse = loop {
            if let Some(inverse) = cholesky_inverse(&dense, n, ridge) {
                break inverse;
            }
            ridge = if ridge == 0.0 {
                1e-12 * trace / n as f64
            } else {
                ridge * 10.0
            };
        };
        let s = self.stride;
        for i in 0..n {
            self.inverse[i * s..i * s + n].copy_from_slice(&inverse[i * n..(i + 1) * n]);
        }
        self.reinversions += 1;
    }
}

/// a . b with eight independent partial sums: the compiler vectorises it,
/// and the summation order is fixed, so results are the same natively and
/// in wasm.
pub(crate) fn dot(a: &[f64], b: &[f64]) -> f64 {
    let n = a.len().min(b.len());
    let (a, b) = (&a[..n], &b[..n]);
    let mut partial = [0.0f64; 8];
    let (chunks_a, rest_a) = a.as_chunks::<8>();
    let (chunks_b, rest_b) = b.as_chunks::<8>();
    for (ca, cb) in chunks_a.iter().zip(chunks_b) {
        for k in 0..8 {
            partial[k] += ca[k] * cb[k];
        }
    }
    let mut sum = ((partial[0] + partial[4]) + (partial[1] + partial[5]))
        + ((partial[2] + partial[6]) + (partial[3] + partial[7]));
    for (x, y) in rest_a.iter().zip(rest_b) {
        sum += x * y;
    }
    sum
}

/// (K + ridge I)^-1 for symmetric positive definite K, or None if not PD.
fn cholesky_inverse(gram: &[f64], n: usize, ridge: f64) -> Option<Vec<f64>> {
    let mut l = vec![0.0; n * n];
    for i in 0..n {
        for j in 0..=i {
            let mut sum = gram[i * n + j] + if i == j { ridge } else { 0.0 };
            for k in 0..j {
                sum -= l[i * n + k] * l[j * n + k];
            }
            if i == j {
                if !(sum > 0.0) {
                    return None;
                }
                l[i * n + i] = sum.sqrt();
            } else {
                l[i * n + j] = sum / l[j * n + j];
            }
        }
    }
    // Invert L (lower triangular), then K^-1 = L^-T L^-1.
    let mut li = vec![0.0; n * n];
    for i in 0..n {
        li[i * n + i] = 1.0 / l[i * n + i];
        for j in 0..i {
            let sum: f64 = (j..i).map(|k| l[i * n + k] * li[k * n + j]).sum();
            li[i * n + j] = -sum / l[i * n + i];
        }
    }
    let mut inverse = vec![0.0; n * n];
    for i in 0..n {
        for j in i..n {
            let v: f64 = (j..n).map(|k| li[k * n + i] * li[k * n + j]).sum();
            inverse[i * n + j] = v;
            inverse[j * n + i] = v;
        }
    }
    inverse.iter().all(|v| v.is_finite()).then_some(inverse)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gaussian(a: &[f64], b: &[f64]) -> f64 {
        (-a.iter().zip(b).map(|(x, y)| (x - y) * (x - y)).sum::<f64>() / 2.0).exp()
    }

    fn grown(points: &[[f64; 2]]) -> InverseGram {
        let mut g = InverseGram::default();
        let mut d = Vec::new();
        for (i, p) in points.iter().enumerate() {
            let k: Vec<f64> = points[..i].iter().map(|q| gaussian(p, q)).collect();
            g.solve(&k, &mut d);
            let delta2 = 1.0 - dot(&k, &d);
            g.grow(&k, 1.0, &d, delta2);
        }
        g
    }

    #[test]
    fn growth_and_removal_match_a_direct_inverse() {
        let points: Vec<[f64; 2]> = (0..30)
            .map(|i| [(i as f64 * 0.37).sin() * 2.0, (i as f64 * 0.71).cos() * 2.0])
            .collect();
        let mut g = grown(&points);
        let mut direct = g.clone();
        direct.reinvert();
        // Relative to the inverse's scale: 30 Gaussian points this close
        // make K ill-conditioned (entries of K^-1 reach 1e4).
        let scale = (0..30)
            .flat_map(|i| (0..30).map(move |j| (i, j)))
            .map(|(i, j)| direct.inverse(i, j).abs())
            .fold(0.0, f64::max);
        for i in 0..30 {
            for j in 0..30 {
                assert!(
                    (g.inverse(i, j) - direct.inverse(i, j)).abs() < 1e-8 * scale,
                    "({i}, {j})"
                );
                assert_eq!(g.inverse(i, j), g.inverse(j, i), "exactly symmetric");
            }
        }
        assert!((0..30).all(|c| g.residual(c) < DRIFT_TOLERANCE));
        g.remove(7);
        g.remove(0);
        g.remove(27);
        let mut rest = points.clone();
        rest.remove(7);
        rest.remove(0);
        rest.remove(27);
        let fresh = grown(&rest);
        for i in 0..27 {
            for j in 0..27 {
                assert!((g.inverse(i, j) - fresh.inverse(i, j)).abs() < 1e-8 * scale);
                assert_eq!(g.gram(i, j), fresh.gram(i, j));
            }
        }
        assert!((0..27).all(|c| g.residual(c) < DRIFT_TOLERANCE));
        let built = InverseGram::from_kernel(27, |i, j| gaussian(&rest[i], &rest[j]));
        assert!((built.inverse(4, 9) - fresh.inverse(4, 9)).abs() < 1e-8 * scale);
    }

    #[test]
    fn a_broken_inverse_is_detected_and_recomputed() {
        let points: Vec<[f64; 2]> = (0..10).map(|i| [i as f64 * 0.5, 0.0]).collect();
        let mut g = grown(&points);
        g.inverse[0] += 1.0; // simulate drift
        assert!(g.residual(0) > DRIFT_TOLERANCE);
        for _ in 0..CHECK_EVERY {
            let n = g.len();
            g.grow(&vec![0.0; n], 1.0, &vec![0.0; n], 1.0);
            g.remove(n);
        }
        assert!(g.reinversions() >= 1);
        assert!((0..g.len()).all(|c| g.residual(c) < 1e-8));
    }
}
