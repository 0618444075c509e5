//! The page's decision surface for a Gaussian kernel, fast.
//!
//! On a grid the Gaussian factorises per axis:
//! exp(-||p - s||^2 / 2 sigma^2) = exp(-(x - s1)^2 / 2 sigma^2) exp(-(y - s2)^2 / 2 sigma^2).
//! With X[s][i] the x-factor of column i and Y[j][s] = alpha_s times the
//! y-factor of row j, the whole grid is the matrix product Y X: nx + ny
//! exponentials per support vector instead of nx * ny, and an inner loop
//! (`row += a * X[s]`) that the compiler vectorises (simd128 in wasm).

use super::support_set::SupportSet;
use crate::features::Features;
use crate::grid::Grid;

/// Scores every cell of `grid`, f(p) = bias + sum_s alpha_s k(s, p), into
/// `out`. Returns false (leaving `out` alone) unless every support vector is
/// a dense 2-D point.
pub fn gaussian_grid(
    set: &SupportSet,
    sigma: f64,
    bias: f64,
    grid: &Grid,
    out: &mut [f32],
) -> bool {
    let Some(vectors) = set.vectors() else {
        out.iter_mut().for_each(|v| *v = bias as f32);
        return true;
    };
    if vectors.is_sparse() || vectors.n_features() != 2 {
        return false;
    }
    let m = set.len();
    let (nx, ny) = (grid.nx, grid.ny);
    let gamma = 1.0 / (2.0 * sigma * sigma);
    // x-factors, one row of nx per support vector.
    let mut x_factors = vec![0.0f32; m * nx];
    // y-factors times the coefficient, one row of m per grid row.
    let mut y_factors = vec![0.0f32; ny * m];
    for (s, &alpha) in set.coefficients().iter().enumerate() {
        let Features::Dense(p) = vectors.row(s) else {
            unreachable!("dense storage")
        };
        for i in 0..nx {
            let d = grid.x(i) - p[0];
            x_factors[s * nx + i] = libm::exp(-gamma * d * d) as f32;
        }
        for j in 0..ny {
            let d = grid.y(j) - p[1];
            y_factors[j * m + s] = (alpha * libm::exp(-gamma * d * d)) as f32;
        }
    }
    for (j, row) in out.chunks_exact_mut(nx).enumerate().take(ny) {
        row.iter_mut().for_each(|v| *v = bias as f32);
        for (s, &a) in y_factors[j * m..(j + 1) * m].iter().enumerate() {
            // A narrow kernel leaves most factors at zero: skip them.
            if a == 0.0 {
                continue;
            }
            let factors = &x_factors[s * nx..(s + 1) * nx];
            for (v, f) in row.iter_mut().zip(factors) {
                *v += a * f;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::features::Features;
    use crate::kernel::{Kernel, KernelSpec};

    #[test]
    fn factor_tables_equal_direct_kernel_sums() {
        let mut set = SupportSet::new(None, false);
        let points = [[0.3, -0.2], [-1.0, 0.8], [0.9, 0.9], [0.0, -1.2]];
        for (k, p) in points.iter().enumerate() {
            set.push(Features::Dense(p), 1.0, [1.5, -0.7, 0.4, -2.0][k], k as u64);
        }
        let kernel = KernelSpec::Gaussian { sigma: 0.6 };
        let grid = Grid::new(17, 11, (-1.5, 1.5), (-1.5, 1.5)).unwrap();
        let mut fast = vec![0.0f32; grid.len()];
        assert!(gaussian_grid(&set, 0.6, 0.25, &grid, &mut fast));
        for j in 0..grid.ny {
            for i in 0..grid.nx {
                let p = [grid.x(i), grid.y(j)];
                let direct = 0.25 + set.score(&kernel, Features::Dense(&p));
                assert!(
                    (fast[j * grid.nx + i] as f64 - direct).abs() < 1e-5,
                    "cell ({i}, {j})"
                );
            }
        }
        assert_eq!(kernel.self_similarity(Features::Dense(&[1.0, 2.0])), 1.0);
    }

    #[test]
    fn sparse_or_wide_vectors_are_left_to_the_general_path() {
        let mut set = SupportSet::new(None, false);
        set.push(Features::Dense(&[1.0, 2.0, 3.0]), 1.0, 1.0, 0);
        let grid = Grid::new(2, 2, (0.0, 1.0), (0.0, 1.0)).unwrap();
        assert!(!gaussian_grid(&set, 1.0, 0.0, &grid, &mut [0.0; 4]));
    }
}
