//! The bounds of the kernel learners in the feature space of their
//! kernel, each theorem's own statement reused with feature-space
//! quantities: R = max √k(x, x), γ* = 1/‖u*‖ of the hard-margin u* of
//! that space, and the soft-margin minimisers' objectives there.
//!
//! - The kernel perceptron: Novikoff's theorem and Freund & Schapire's
//!   Theorem 2 (`perceptron_bounds`). Both are about vectors and inner
//!   products only, so they hold in any inner-product space, H_k
//!   included; Freund & Schapire's paper is itself the kernel
//!   perceptron's. They bound the updates, which are its mistakes
//!   (y f(x) ≤ 0).
//! - Kernel PA-I and PA-II: Crammer et al. 2006, Theorems 4 and 5
//!   (`pa_bounds`): their statements and proofs read x only through
//!   inner products (τ through ‖x‖², here k(x, x)), so they hold with
//!   φ(x) for x and k for the dot product.
//!
//! Each theorem is about the learner that keeps every support vector it
//! adds: when a budget removed one (`--budget`, past its size) the
//! learner is another algorithm, and the bound says so
//! (`Reason::BudgetRemovals`) rather than give a number.

use super::untranscribed;
use crate::registry::Algorithm;
use crate::theory::bound::{Bound, Comparator, Reason, Statement};
use crate::theory::covered::Covered;
use crate::theory::pa_bounds::{self, PA1_THEOREM_4, PA2_THEOREM_5, PA2_THEOREM_5_MISTAKES};
use crate::theory::perceptron_bounds::{novikoff_value, FREUND_SCHAPIRE, NOVIKOFF};
use crate::theory::smallest_deviation::smallest_of;

/// What the kernel bounds are evaluated from.
pub struct KernelEvidence {
    pub rounds: u64,
    /// R = max √k(x, x).
    pub radius: f64,
    /// γ* when separable in the feature space; else why not.
    pub margin: Result<f64, Reason>,
    /// The hinge minimiser's objective value at the learner's C.
    pub hinge_value: f64,
    /// Its margins y u·φ(x) and counts, and ‖u‖ (Freund & Schapire's u).
    /// (None when the minimiser is u = 0, which has no direction.)
    pub hinge_margins: Option<Vec<(f64, f64)>>,
    /// u*'s margins and counts, when separable.
    pub hard_margins: Option<Vec<(f64, f64)>>,
    /// The squared-hinge minimiser's objective (PA-II's).
    pub squared_value: Option<f64>,
    pub mistakes: u64,
    pub updates: u64,
    pub squared_loss: f64,
    /// Support vectors the learner removed to keep a budget.
    pub removals: u64,
}

/// The statements a kernel learner has in its feature space.
pub fn statements(covered: Covered) -> Vec<&'static Statement> {
    match covered {
        Covered::KernelPerceptron => vec![&NOVIKOFF, &FREUND_SCHAPIRE],
        Covered::KernelPa1 { .. } => vec![&PA1_THEOREM_4],
        Covered::KernelPa2 { .. } => vec![&PA2_THEOREM_5, &PA2_THEOREM_5_MISTAKES],
        other => vec![untranscribed::statement(
            other.kernel().unwrap_or(Algorithm::KernelPerceptron),
        )],
    }
}

/// The bounds, evaluated (or refused with the reason).
pub fn evaluate(covered: Covered, e: &KernelEvidence) -> Vec<Bound> {
    let actual = |s: &Statement| match s.counts {
        "mistakes" => e.mistakes as f64,
        "perceptron updates" => e.updates as f64,
        _ => e.squared_loss,
    };
    let refuse = |reason: Reason| {
        statements(covered)
            .into_iter()
            .map(|s| Bound::new(s, actual(s)).refused(reason))
            .collect()
    };
    let transcribed = matches!(
        covered,
        Covered::KernelPerceptron | Covered::KernelPa1 { .. } | Covered::KernelPa2 { .. }
    );
    if !transcribed {
        return refuse(Reason::NotTranscribed);
    }
    if e.rounds == 0 {
        return refuse(Reason::NoSamples);
    }
    if e.removals > 0 {
        return refuse(Reason::BudgetRemovals);
    }
    let r2 = e.radius * e.radius;
    match covered {
        Covered::KernelPerceptron => {
            let novikoff = Bound::new(&NOVIKOFF, e.updates as f64);
            let novikoff = match e.margin {
                Ok(margin) => {
                    novikoff.value(novikoff_value(e.radius, margin), Comparator::HardMargin)
                }
                Err(reason) => novikoff.refused(reason),
            };
            vec![novikoff, freund_schapire(e)]
        }
        Covered::KernelPa1 { c } => vec![Bound::new(&PA1_THEOREM_4, e.mistakes as f64).value(
            pa_bounds::theorem_4(r2, c, e.hinge_value),
            Comparator::HingeMinimiser,
        )],
        Covered::KernelPa2 { c } => {
            let value = pa_bounds::theorem_5(r2, c, e.squared_value.unwrap_or(f64::INFINITY));
            vec![
                Bound::new(&PA2_THEOREM_5, e.squared_loss)
                    .value(value, Comparator::SquaredHingeMinimiser),
                Bound::new(&PA2_THEOREM_5_MISTAKES, e.mistakes as f64)
                    .value(value, Comparator::SquaredHingeMinimiser),
            ]
        }
        _ => Vec::new(),
    }
}

/// Freund & Schapire's Theorem 2 at the direction of each comparator (the
/// margins are of u/‖u‖ already), the γ making it smallest.
fn freund_schapire(e: &KernelEvidence) -> Bound {
    let mut best: Option<(f64, f64, Comparator)> = None;
    let candidates = [
        (Comparator::HardMargin, e.hard_margins.as_ref()),
        (Comparator::HingeMinimiser, e.hinge_margins.as_ref()),
    ];
    for (name, margins) in candidates {
        let Some(margins) = margins else { continue };
        if let Some((value, gamma)) = smallest_of(margins, e.radius, e.rounds) {
            if best.is_none_or(|b| value < b.0) {
                best = Some((value, gamma, name));
            }
        }
    }
    let bound = Bound::new(&FREUND_SCHAPIRE, e.updates as f64);
    match best {
        Some((value, gamma, name)) => {
            let mut bound = bound.value(value, name);
            bound.gamma = gamma.is_finite().then_some(gamma);
            bound
        }
        None => bound.refused(Reason::NoDirection),
    }
}
