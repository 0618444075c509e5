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
use crate::theory::hull::Verdict;

/// What is known of the hard-margin problem in the feature space.
#[derive(Clone, Debug, PartialEq)]
pub enum KernelSeparation {
    Empty,
    /// u* = Σ α_p y_p φ(x_p) (α by position) and γ* = 1/‖u*‖.
    Separable {
        alpha: Vec<f64>,
        /// y_p u*·φ(x_p) for every position (each ≥ 1 at the optimum).
        margins: Vec<f64>,
        margin: f64,
        converged: bool,
    },
    /// The hull comes within `distance` of the origin.
    NotSeparable {
        distance: f64,
    },
    /// Undecided in the step limit: γ* ≤ high.
    Undecided {
        high: f64,
    },
}

impl KernelSeparation {
    pub fn margin(&self) -> Option<f64> {
        match self {
            KernelSeparation::Separable { margin, .. } => Some(*margin),
            _ => None,
        }
    }
}

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
        Some(match self.hull.run(points, gram, steps)? {
            Verdict::Empty => KernelSeparation::Empty,
            Verdict::NotSeparable { distance } => {
                self.dual = None;
                KernelSeparation::NotSeparable { distance }
            }
            Verdict::Undecided { high } => KernelSeparation::Undecided { high },
            Verdict::Separable { .. } => {
                if self.dual.is_none() {
                    let p2 = self.hull.squared_norm();
                    let alpha = self.hull.weights().iter().map(|l| l / p2).collect();
                    self.dual = Some(KernelDual::from_alpha(
                        Problem::HardMargin,
                        points,
                        gram,
                        alpha,
                    ));
                }
                let dual = self.dual.as_mut().expect("made above");
                let solved = dual.run(points, gram, TOLERANCE, MAX_EPOCHS, steps)?;
                KernelSeparation::Separable {
                    alpha: dual.alpha().to_vec(),
                    margins: dual.margins().to_vec(),
                    margin: 1.0 / dual.squared_norm().sqrt(),
                    converged: solved.converged,
                }
            }
        })
    }
}
