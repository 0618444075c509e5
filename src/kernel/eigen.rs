//! The eigen-decomposition of a small symmetric matrix (NOGD's Gram matrix
//! of its B support vectors, once), by cyclic Jacobi rotations: slower than
//! a tridiagonal QR (O(n³) a sweep, some ten sweeps), but short, and
//! accurate to the last digits for a positive semi-definite matrix.

/// The eigenpairs of the symmetric `n × n` matrix `a` (row by row), the
/// largest eigenvalue first: `(values, vectors)`, `vectors[r]` the unit
/// eigenvector of `values[r]`.
pub fn symmetric_eigen(mut a: Vec<f64>, n: usize) -> (Vec<f64>, Vec<Vec<f64>>) {
    assert_eq!(a.len(), n * n, "an n × n matrix");
    // v: the product of the rotations, column r the r-th eigenvector.
    let mut v = vec![0.0; n * n];
    (0..n).for_each(|i| v[i * n + i] = 1.0);
    let total: f64 = a.iter().map(|x| x * x).sum();
    for _sweep in 0..64 {
        let off: f64 = (0..n)
            .flat_map(|p| (p + 1..n).map(move |q| (p, q)))
            .map(|(p, q)| a[p * n + q] * a[p * n + q])
            .sum();
        if off <= 1e-32 * total {
            break;
        }
        for p in 0..n {
            for q in p + 1..n {
                let apq = a[p * n + q];
                if apq == 0.0 {
                    continue;
                }
                // Golub & Van Loan's symmetric Schur rotation: (JᵀAJ)pq = 0.
                let tau = (a[q * n + q] - a[p * n + p]) / (2.0 * apq);
                let t = tau.signum() / (tau.abs() + (1.0 + tau * tau).sqrt());
                let c = 1.0 / (1.0 + t * t).sqrt();
                let s = t * c;
                for k in 0..n {
                    let (kp, kq) = (a[k * n + p], a[k * n + q]);
                    a[k * n + p] = c * kp - s * kq;
                    a[k * n + q] = s * kp + c * kq;
                }
                for k in 0..n {
                    let (pk, qk) = (a[p * n + k], a[q * n + k]);
                    a[p * n + k] = c * pk - s * qk;
                    a[q * n + k] = s * pk + c * qk;
                }
                for k in 0..n {
                    let (kp, kq) = (v[k * n + p], v[k * n + q]);
                    v[k * n + p] = c * kp - s * kq;
                    v[k * n + q] = s * kp + c * kq;
                }
            }
        }
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&i, &j| a[j * n + j].total_cmp(&a[i * n + i]));
    let values = order.iter().map(|&r| a[r * n + r]).collect();
    let vectors = order
        .iter()
        .map(|&r| (0..n).map(|k| v[k * n + r]).collect())
        .collect();
    (values, vectors)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eigenpairs_rebuild_the_matrix_and_come_largest_first() {
        let n = 4;
        let a = vec![
            4.0, 1.0, 0.5, 0.0, //
            1.0, 3.0, 0.2, 0.1, //
            0.5, 0.2, 2.0, 0.3, //
            0.0, 0.1, 0.3, 1.0,
        ];
        let (values, vectors) = symmetric_eigen(a.clone(), n);
        assert!(values.windows(2).all(|w| w[0] >= w[1]));
        for i in 0..n {
            for j in 0..n {
                let rebuilt: f64 = (0..n)
                    .map(|r| values[r] * vectors[r][i] * vectors[r][j])
                    .sum();
                assert!((rebuilt - a[i * n + j]).abs() < 1e-13, "({i}, {j})");
                let dot: f64 = (0..n).map(|k| vectors[i][k] * vectors[j][k]).sum();
                assert!((dot - (i == j) as u8 as f64).abs() < 1e-13);
            }
        }
    }
}
