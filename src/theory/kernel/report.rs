//! What the kernel theory reports (serde: the command line's `"theory"`
//! object for a kernel learner). The comparators are functions of the
//! feature space, u = Σ α_p y_p φ(x_p), given by their values, not their
//! coordinates (φ may have infinitely many).

use serde::Serialize;

use super::hard_margin::KernelSeparation;
use crate::kernel::KernelSpec;
use crate::number::text;
use crate::theory::bound::Bound;
use crate::theory::hull::ORIGIN;
use crate::theory::report::Regret;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KernelReport {
    /// The space the comparators and bounds live in, in words.
    pub space: String,
    /// The kernel, as `--kernel` and its parameters name it.
    pub kernel: String,
    /// The same as data, for a page that words it in its own language:
    /// "gaussian", "polynomial" or "linear", and the parameters that apply.
    pub kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sigma: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub degree: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offset: Option<f64>,
    pub samples: usize,
    pub rounds: u64,
    /// R = max √k(x, x) over the samples seen.
    pub radius: f64,
    pub separable: bool,
    pub separability: String,
    /// "separable", "not-separable", "undecided" or "no-samples".
    pub settled: &'static str,
    /// γ* = 1/‖u*‖ in the feature space (None: not separable).
    pub margin: Option<f64>,
    /// ‖u*‖ and the samples with α ≠ 0 (u*'s support vectors).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hard_margin: Option<KernelBest>,
    /// The minimiser of ½‖u‖² + C Σ max(0, 1 − y u·φ(x)).
    pub hinge_best: KernelBest,
    /// The minimiser of ½‖u‖² + C Σ max(0, 1 − y u·φ(x))² (PA-II's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub squared_hinge_best: Option<KernelBest>,
    pub bounds: Vec<Bound>,
    /// The learner's cumulative hinge loss minus the hinge minimiser's.
    pub regret: Regret,
    /// Support vectors the learner removed to keep its budget.
    pub removals: u64,
}

/// A comparator of the feature space as reported.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KernelBest {
    /// C (infinite for the hard margin).
    pub c: f64,
    /// The objective at u (½‖u‖² for the hard margin).
    pub value: f64,
    pub norm: f64,
    /// Samples with α ≠ 0.
    pub support: usize,
    /// Primal minus dual value (0 for the hard margin).
    pub duality_gap: f64,
    pub converged: bool,
}

/// "the feature space of the Gaussian kernel σ = 1", with k's formula.
pub fn space(kernel: KernelSpec) -> String {
    match kernel {
        KernelSpec::Gaussian { sigma } => format!(
            "the feature space of the Gaussian kernel σ = {} (k(x, z) = exp(−‖x − z‖²/(2σ²)), no bias: f(x) = Σ α_i k(s_i, x))",
            text(sigma)
        ),
        KernelSpec::Polynomial { degree, offset } => format!(
            "the feature space of the polynomial kernel of degree {degree}, offset {} (k(x, z) = ({} + x·z)^{degree}, no bias: f(x) = Σ α_i k(s_i, x))",
            text(offset),
            text(offset)
        ),
        KernelSpec::Linear => "the feature space of the linear kernel (k(x, z) = x·z: lines through the origin, no bias: f(x) = Σ α_i k(s_i, x))".into(),
    }
}

pub fn separability(separation: &KernelSeparation, radius: f64) -> String {
    match separation {
        KernelSeparation::Empty => "no samples yet".into(),
        KernelSeparation::Separable { converged, .. } => format!(
            "separable in the feature space: some u has y u·φ(x) > 0 on every sample{}",
            if *converged {
                ""
            } else {
                " (the hard-margin solve stopped at its epoch limit: γ* is approximate)"
            }
        ),
        KernelSeparation::NotSeparable { distance } => format!(
            "not separable in the feature space: a convex combination of the y φ(x) comes within {distance:.3e} of the origin (at most {} R, R = {radius:.6}), so no u has y u·φ(x) > 0 on every sample beyond rounding",
            text(ORIGIN)
        ),
        KernelSeparation::Undecided { high } => format!(
            "undecided: no separator found in the feature space, and any separator's margin is at most {high:.3e}"
        ),
        // This layer keeps every sample: not reached.
        KernelSeparation::PastKept => "undecided: past the samples kept".into(),
    }
}
