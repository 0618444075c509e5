//! Is there a separator in the feature space? `theory::hull`'s test, in
//! kernel form: the nearest point p* to the origin of the hull of the
//! z_p = y_p φ(x_p) is the origin exactly when no u has u·z_p > 0 for
//! every p (Gordan's alternative), and otherwise γ* = ‖p*‖. Pairwise
//! Frank-Wolfe over the simplex of weights λ, as there, but p = Σ λ_p z_p
//! is known only through g = Qλ (g_p = z_p·p, ‖p‖² = λ·g), and a step
//! that moves t from the away vertex a to the toward vertex b moves g by
//! t (Q_b − Q_a): two rows of Q.
//!
//! Every answer carries its evidence: separable once min_p g_p > 0 (p
//! itself separates, with margin min g_p/‖p‖ ≤ γ*); not separable when
//! ‖p‖ ≤ `hull::ORIGIN` R (a convex combination of the samples that
//! cancels to the data's rounding), or at once when two samples share x
//! with opposite labels; undecided past the step limit, with γ* ≤ ‖p‖.

use super::gram::Gram;
use super::points::Points;
use crate::theory::hull::{settle, shift, toward_and_away, Remembered, Verdict, ORIGIN};

/// Steps one solve may take before it says it is undecided.
const MAX_STEPS: usize = 200_000;

/// Recompute g = Qλ from λ every so many steps.
const REFRESH: usize = 256;

#[derive(Clone, Debug, Default)]
pub struct KernelHull {
    lambda: Vec<f64>,
    g: Vec<f64>,
    verdict: Remembered,
    /// Steps taken and the least ‖p‖ seen by a search that ran out of budget.
    resume: Option<(usize, f64)>,
}

impl KernelHull {
    /// The weights λ of the nearest point found.
    pub fn weights(&self) -> &[f64] {
        &self.lambda
    }

    /// ‖p‖² = λᵀQλ.
    pub fn squared_norm(&self) -> f64 {
        self.lambda.iter().zip(&self.g).map(|(l, g)| l * g).sum()
    }

    /// The verdict over the samples seen, within a budget (a step costs
    /// the positions' count): None when it ran out; the next call resumes.
    pub fn run(&mut self, points: &Points, gram: &mut Gram, steps: &mut u64) -> Option<Verdict> {
        if let Some(verdict) = self.verdict.still(points.rounds()) {
            return Some(verdict);
        }
        let m = points.seen();
        if m == 0 {
            return Some(Verdict::Empty);
        }
        if points.has_opposed_pair() {
            let opposed = Verdict::NotSeparable { distance: 0.0 };
            return Some(self.verdict.set(opposed, points.rounds()));
        }
        self.lambda.resize(m, 0.0);
        if self.lambda.iter().all(|&l| l == 0.0) {
            let nearest = (0..m)
                .min_by(|&a, &b| points.diagonal(a).total_cmp(&points.diagonal(b)))
                .expect("m > 0");
            self.lambda[nearest] = 1.0;
            gram.product(points, &self.lambda, &mut self.g);
        } else {
            gram.extend_product(points, &self.lambda, &mut self.g);
        }
        let verdict = self.iterate(points, gram, steps)?;
        Some(self.verdict.set(verdict, points.rounds()))
    }

    fn iterate(&mut self, points: &Points, gram: &mut Gram, steps: &mut u64) -> Option<Verdict> {
        let radius = points.radius();
        let m = points.seen();
        let (first, mut high) = self.resume.take().unwrap_or((0, f64::INFINITY));
        for step in first..MAX_STEPS {
            if *steps == 0 {
                self.resume = Some((step, high));
                return None;
            }
            *steps = steps.saturating_sub(m as u64);
            if step % REFRESH == REFRESH - 1 {
                gram.product(points, &self.lambda, &mut self.g);
            }
            let norm2 = self.squared_norm().max(0.0);
            high = high.min(norm2.sqrt());
            if high <= ORIGIN * radius {
                return Some(Verdict::NotSeparable { distance: high });
            }
            let ((toward, low_g), (away, high_g)) = toward_and_away(
                self.g
                    .iter()
                    .enumerate()
                    .map(|(p, &g)| (p, g, self.lambda[p] > 0.0)),
            );
            if low_g > 0.0 {
                return Some(Verdict::Separable {
                    low: low_g / norm2.sqrt(),
                    high,
                });
            }
            let cross = gram.entry(points, toward, away);
            let distance2 = points.diagonal(toward) + points.diagonal(away) - 2.0 * cross;
            let pair = (toward, away);
            let Some(t) = shift(&mut self.lambda, pair, high_g - low_g, distance2) else {
                return Some(settle(low_g, norm2, high, radius));
            };
            for (p, s) in [(toward, t), (away, -t)] {
                let row = gram.row(points, p);
                for (g, &v) in self.g.iter_mut().zip(row) {
                    *g += s * v;
                }
            }
        }
        let norm2 = self.squared_norm().max(0.0);
        let low_g = self.g.iter().copied().fold(f64::INFINITY, f64::min);
        Some(settle(low_g, norm2, high, radius))
    }
}
