//! A bound as reported: a theorem's own statement next to the number it
//! gives on the samples seen and the count it bounds, or the reason it
//! does not apply; and the evidence bounds are evaluated from. The
//! theorems are in `perceptron_bounds.rs` and `pa_bounds.rs`; `bounds.rs`
//! picks the ones a learner has.

use serde::Serialize;

use super::dual::Problem;
use super::hard_margin::Separation;
use super::samples::{squared_hinge, Samples, Vector};
use crate::settings::BiasMode;

/// One theorem, evaluated.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Bound {
    /// A short stable name: "novikoff", "pa-i-theorem-4".
    pub name: &'static str,
    /// What a reader calls it: "Novikoff (1962)", "Crammer et al. 2006,
    /// Theorem 4" (the page's chart menu and headings; a catalogue key).
    pub title: &'static str,
    /// The theorem as the paper states it, with its conditions and symbols.
    pub statement: &'static str,
    /// Paper and theorem number.
    pub source: &'static str,
    /// The bound's value on the rounds so far; None when it does not apply.
    pub value: Option<f64>,
    /// What the learner actually did, in the bound's units.
    pub actual: f64,
    /// What `actual` counts: "mistakes", "perceptron updates", "Σℓ_t²".
    pub counts: &'static str,
    /// The comparator u the value was evaluated at (every bound holds for
    /// each u it allows: this is the tightest we compute).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<Comparator>,
    /// Freund & Schapire's γ, chosen with u to make the bound smallest.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gamma: Option<f64>,
    /// Why there is no value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<Reason>,
    /// The statement was checked against the paper's text.
    pub checked: bool,
    /// When it was not: what could not be read, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unread: Option<&'static str>,
}

/// Which u a bound was evaluated at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Comparator {
    /// u*, the hard-margin separator.
    HardMargin,
    /// The minimiser of ½‖u‖² + C Σ max(0, 1 − y u·x).
    HingeMinimiser,
    /// The minimiser of ½‖u‖² + C Σ max(0, 1 − y u·x)².
    SquaredHingeMinimiser,
}

/// Why a bound has no value: an id (the enum) and its sentence.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Reason {
    NoSamples,
    /// The theorem needs a separator and there is none.
    NotSeparable,
    /// The hull could not decide in its step budget.
    Undecided,
    /// Theorem 3 needs ‖x_t‖ = 1 for every t.
    NotUnitNorm,
    /// The decoupled PA step is not the paper's algorithm.
    DecoupledStep,
    /// Every comparator we compute is u = 0, which has no direction.
    NoDirection,
    /// No theorem is transcribed for the learner (its statement says why).
    NotTranscribed,
    /// The learner went on from another's weights or settings (the page's
    /// mid-stream switch), where the theorem starts at w = 0 with one.
    WarmStart,
    /// Past the samples the page keeps, u* of those misclassifies a later
    /// round, and no other separator can be looked for.
    PastKept,
    /// A kernel learner removed support vectors to keep its budget, and
    /// the theorem is about the learner that keeps every one it adds.
    BudgetRemovals,
    /// The theorem needs a separator in the kernel's feature space and
    /// there is none.
    NotSeparableInFeatureSpace,
}

impl Reason {
    /// The kernel theory's own reasons (`theory::kernel`).
    pub const KERNEL: [Reason; 2] = [Reason::BudgetRemovals, Reason::NotSeparableInFeatureSpace];

    /// The linear layer's reasons.
    pub const ALL: [Reason; 9] = [
        Reason::NoSamples,
        Reason::NotSeparable,
        Reason::Undecided,
        Reason::NotUnitNorm,
        Reason::DecoupledStep,
        Reason::NoDirection,
        Reason::NotTranscribed,
        Reason::WarmStart,
        Reason::PastKept,
    ];

    pub fn text(self) -> &'static str {
        match self {
            Reason::NoSamples => "no samples yet",
            Reason::NotSeparable => "the samples are not linearly separable, and the theorem assumes some u classifies every one with margin",
            Reason::Undecided => "separability is not decided yet (the hull search ran out of steps), and the theorem assumes a separator",
            Reason::NotUnitNorm => "the theorem assumes ‖x_t‖ = 1 for every t (as the learner sees x), and these samples are not normalised",
            Reason::DecoupledStep => "with --bias decoupled PA steps by ℓ/‖x‖² but moves b too, so (w, b) moves along (x, 1) whose squared norm is ‖x‖² + 1: that is not the paper's algorithm, and its proofs (Lemma 1 with τ_t‖x_t‖² ≤ ℓ_t) do not carry over; --bias augmented or none runs the paper's PA",
            Reason::NoDirection => "the comparators computed are all u = 0, which gives no direction for a unit u",
            Reason::NotTranscribed => "no bound is transcribed for this learner (the statement below says why); its comparators and regret above do not depend on one",
            Reason::WarmStart => "the learner went on from the weights it had when it was switched or its setting changed mid-stream, and the theorem assumes it starts at w = 0 with one setting: Reset starts it afresh",
            Reason::NotSeparableInFeatureSpace => "the samples are not separable in the kernel's feature space (no u has y u·φ(x) > 0 on every one), and the theorem assumes some u classifies every one with margin",
            Reason::BudgetRemovals => "the learner removed support vectors to keep its budget, and the theorem is about the learner that keeps every support vector it adds (no budget): without --budget, or with a budget it never reaches, the bound applies",
            Reason::PastKept => "the hard-margin separator of the samples kept misclassifies a later round, and the rounds past those samples are not stored, so whether another u separates every round is not decided",
        }
    }
}

impl Serialize for Reason {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.text())
    }
}

/// A soft-margin minimiser: its problem, u and objective value.
#[derive(Clone, Debug, PartialEq)]
pub struct Minimiser {
    pub problem: Problem,
    pub u: Vector,
    /// The primal objective at u (an upper bound on the minimum, equal to
    /// it within `gap`).
    pub value: f64,
    /// Primal minus dual objective: how far `value` can be above the minimum.
    pub gap: f64,
    pub converged: bool,
}

/// The rounds a bound is evaluated over, as the theorems read them: every
/// sample stored ([`Samples`]), or, past the samples the page keeps, the
/// kept ones and every later round at comparators fixed then
/// (`frozen::Frozen`). `which` names the comparator `u` is.
pub trait Rounds {
    fn rounds(&self) -> u64;
    /// R = max ‖x̃_t‖ over the rounds.
    fn radius(&self) -> f64;
    /// Every ‖x̃_t‖² is 1 within `tolerance`.
    fn unit_norm(&self, tolerance: f64) -> bool;
    /// Σ_t max(0, 1 − y_t u·x̃_t)².
    fn squared_hinge(&self, which: Comparator, u: &Vector) -> f64;
    /// Freund & Schapire's bound at u's direction and its γ: the γ that
    /// makes it smallest, or the γ fixed with a frozen comparator.
    fn freund_schapire(&self, which: Comparator, u: &Vector) -> Option<(f64, f64)>;
}

impl Rounds for Samples {
    fn rounds(&self) -> u64 {
        Samples::rounds(self)
    }
    fn radius(&self) -> f64 {
        Samples::radius(self)
    }
    fn unit_norm(&self, tolerance: f64) -> bool {
        self.seen()
            .all(|i| (self.squared_norm(i) - 1.0).abs() <= tolerance)
    }
    fn squared_hinge(&self, _: Comparator, u: &Vector) -> f64 {
        self.total_loss(u, squared_hinge)
    }
    fn freund_schapire(&self, _: Comparator, u: &Vector) -> Option<(f64, f64)> {
        super::smallest_deviation::smallest(self, u)
    }
}

/// What a bound is evaluated from.
pub struct Evidence<'a> {
    pub over: &'a dyn Rounds,
    pub separation: &'a Separation,
    pub hinge: &'a Minimiser,
    pub squared: Option<&'a Minimiser>,
    pub bias: BiasMode,
    /// The learner's totals over the rounds.
    pub mistakes: u64,
    pub updates: u64,
    pub squared_loss: f64,
}

impl Evidence<'_> {
    /// R², the samples' largest squared norm as the learner sees them.
    pub fn radius_squared(&self) -> f64 {
        let r = self.over.radius();
        r * r
    }

    /// Why a bound that needs a separator has none (None: it has one).
    pub fn not_separable(&self) -> Option<Reason> {
        match self.separation {
            Separation::Separable { .. } => None,
            Separation::Empty => Some(Reason::NoSamples),
            Separation::NotSeparable { .. } => Some(Reason::NotSeparable),
            Separation::Undecided { .. } => Some(Reason::Undecided),
            Separation::PastKept => Some(Reason::PastKept),
        }
    }

    /// The comparators computed, each with its name.
    pub fn comparators(&self) -> Vec<(Comparator, &Vector)> {
        let mut all = Vec::new();
        if let Some(u) = self.separation.u() {
            all.push((Comparator::HardMargin, u));
        }
        all.push((Comparator::HingeMinimiser, &self.hinge.u));
        if let Some(m) = self.squared {
            all.push((Comparator::SquaredHingeMinimiser, &m.u));
        }
        all
    }
}

impl Bound {
    /// A bound with its statement and the learner's count; no value yet.
    pub fn new(statement: &Statement, actual: f64) -> Self {
        Self {
            name: statement.name,
            title: statement.title,
            statement: statement.text,
            source: statement.source,
            value: None,
            actual,
            counts: statement.counts,
            at: None,
            gamma: None,
            reason: None,
            checked: statement.checked,
            unread: statement.unread,
        }
    }

    pub fn value(mut self, value: f64, at: Comparator) -> Self {
        self.value = Some(value);
        self.at = Some(at);
        self
    }

    pub fn refused(mut self, reason: Reason) -> Self {
        self.reason = Some(reason);
        self
    }
}

/// A theorem's fixed text (or, for a learner without one, why none is
/// given).
pub struct Statement {
    pub name: &'static str,
    pub title: &'static str,
    pub text: &'static str,
    pub source: &'static str,
    pub counts: &'static str,
    pub checked: bool,
    /// What could not be read, when `checked` is false.
    pub unread: Option<&'static str>,
}

/// Refuses each bound of `bounds` with `reason` (a learner that went on
/// from another's weights: `Reason::WarmStart`), but a line without a
/// transcribed bound, which keeps its own reason.
pub fn refuse_all(bounds: &mut [Bound], reason: Reason) {
    for bound in bounds
        .iter_mut()
        .filter(|b| b.reason != Some(Reason::NotTranscribed))
    {
        bound.value = None;
        bound.at = None;
        bound.gamma = None;
        bound.reason = Some(reason);
    }
}
