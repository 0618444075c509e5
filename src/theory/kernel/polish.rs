//! An exact step for the coordinate descent of `dual.rs` once it has
//! found which multipliers are free: on an ill-conditioned Gram matrix
//! (a narrow Gaussian, points close together) coordinate steps converge
//! slowly, the hard margin's most (measured: 20,000 epochs short of
//! 1e-10 on 40 points at σ = 0.5, where γ* was off by 0.6%). With the set
//! F of α strictly inside their box and the others at their bounds,
//! the optimum solves the linear system (Q_FF + D_FF) α_F = 1 − Q_FB α_B
//! (the KKT conditions with the gradient 0 on F), which a Cholesky
//! factorisation gives in one go. The answer is taken only when it stays
//! inside the box; the coordinate steps then check every KKT condition
//! again, so a wrong guess of F costs time, never accuracy.

use super::gram::Gram;
use super::points::Points;
use crate::theory::dual::Problem;

/// Free multipliers past which the system is not solved: its cost grows
/// as |F|³/3 (300: 9 million multiply-adds, a few ms, so a page's frame
/// that runs it stays short; the sets the reference test needs it for
/// have tens).
pub const MAX_FREE: usize = 300;

/// α with its free part solved exactly, or None (F too large, the
/// system singular, or its answer outside the box).
pub fn polish(
    problem: Problem,
    points: &Points,
    gram: &mut Gram,
    alpha: &[f64],
) -> Option<Vec<f64>> {
    let bounds: Vec<(f64, f64)> = (0..alpha.len())
        .map(|p| problem.box_and_diagonal(points.weight(p)))
        .collect();
    let free: Vec<usize> = (0..alpha.len())
        .filter(|&p| alpha[p] > 0.0 && alpha[p] < bounds[p].0)
        .collect();
    let n = free.len();
    if n == 0 || n > MAX_FREE {
        return None;
    }
    let mut a = vec![0.0; n * n];
    let mut b = vec![1.0; n];
    for (r, &p) in free.iter().enumerate() {
        let row = gram.row(points, p);
        for (s, &q) in free.iter().enumerate() {
            a[r * n + s] = row[q];
        }
        a[r * n + r] += bounds[p].1;
        for (q, &aq) in alpha.iter().enumerate() {
            if aq > 0.0 && aq >= bounds[q].0 {
                b[r] -= row[q] * aq;
            }
        }
    }
    let solved = cholesky_solve(&mut a, &mut b, n)?;
    let mut next = alpha.to_vec();
    for (&p, &v) in free.iter().zip(solved) {
        if !(v >= 0.0 && v <= bounds[p].0) {
            return None;
        }
        next[p] = v;
    }
    Some(next)
}

/// Solves A x = b for a symmetric positive definite A (row-major, n×n),
/// in place; None when a pivot is not positive.
fn cholesky_solve<'a>(a: &mut [f64], b: &'a mut [f64], n: usize) -> Option<&'a [f64]> {
    for j in 0..n {
        let mut d = a[j * n + j];
        for k in 0..j {
            d -= a[j * n + k] * a[j * n + k];
        }
        if !(d > 0.0) {
            return None;
        }
        let d = d.sqrt();
        a[j * n + j] = d;
        for i in j + 1..n {
            let mut s = a[i * n + j];
            for k in 0..j {
                s -= a[i * n + k] * a[j * n + k];
            }
            a[i * n + j] = s / d;
        }
    }
    for i in 0..n {
        let mut s = b[i];
        for k in 0..i {
            s -= a[i * n + k] * b[k];
        }
        b[i] = s / a[i * n + i];
    }
    for i in (0..n).rev() {
        let mut s = b[i];
        for k in i + 1..n {
            s -= a[k * n + i] * b[k];
        }
        b[i] = s / a[i * n + i];
    }
    Some(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cholesky_solves_a_small_system() {
        let mut a = vec![4.0, 2.0, 2.0, 3.0];
        let mut b = vec![2.0, 1.0];
        let x = cholesky_solve(&mut a, &mut b, 2).unwrap().to_vec();
        assert!((x[0] - 0.5).abs() < 1e-15 && x[1].abs() < 1e-15, "{x:?}");
        assert!(cholesky_solve(&mut [0.0], &mut [1.0], 1).is_none());
    }
}
