//! The hard-margin function u* of the feature space: the shortest u with
//! y_p u·φ(x_p) ≥ 1 on every sample seen, and γ* = 1/‖u*‖. As in
//! `theory::hard_margin`: the hull (`hull.rs`) decides separability with
//! its evidence; when separable the hard-margin dual is solved by the
//! coordinate steps of `dual.rs` (α ≥ 0, unbounded), started from the
//! hull's weights over ‖p‖² (α* = λ*/‖p*‖² at the optimum).

use super::dual::KernelDual;
use super::gram::Gram;
use super::points::Points;
use crate::theory::dual::{Problem, MAX_EPOCHS, TOLERANCE};
use crate::theory::hard_margin::{scaled, Separation};

/// u* = Σ α_p y_p φ(x_p) of the feature space, by its multipliers.
#[derive(Clone, Debug, PartialEq)]
pub struct KernelSeparator {
    /// α by position.
    pub alpha: Vec<f64>,
    /// y_p u*·φ(x_p) for every position (each ≥ 1 at the optimum).
    pub margins: Vec<f64>,
}

/// What is known of the hard-margin problem in the feature space: the
/// linear layer's `Separation`, never `PastKept` (this layer keeps every
/// sample).
pub type KernelSeparation = Separation<KernelSeparator>;

#[derive(Clone, Debug, Default)]
pub struct KernelHardMargin {
    hull: super::hull::KernelHull,
    dual: Option<KernelDual>,
}

impl KernelHardMargin {
    /// Brings u* up to date within a budget; None when it ran out.
    pub fn run(
        &mut self,
        points: &Points,
        gram: &mut Gram,
        steps: &mut u64,
    ) -> Option<KernelSeparation> {
        let verdict = self.hull.run(points, gram, steps)?;
        let hull = &self.hull;
        Separation::after_hull(verdict, &mut self.dual, |dual| {
            let dual = dual.get_or_insert_with(|| {
                let alpha = scaled(hull.weights(), hull.squared_norm());
                KernelDual::from_alpha(Problem::HardMargin, points, gram, alpha)
            });
            let solved = dual.run(points, gram, TOLERANCE, MAX_EPOCHS, steps)?;
            let u = KernelSeparator {
                alpha: dual.alpha().to_vec(),
                margins: dual.margins().to_vec(),
            };
            Some(Separation::Separable {
                u,
                margin: 1.0 / dual.squared_norm().sqrt(),
                converged: solved.converged,
            })
        })
    }
}
