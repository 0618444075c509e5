//! What the theory layer reports: plain data (serde), the command line's
//! `"theory"` object and what the page will draw. Every number is finite
//! or absent (None, with a reason where a reader needs one).

use serde::Serialize;

use super::best_line::BestLine;
use super::bound::{Bound, Minimiser};
use super::covered::bias_form;
use super::dual::Problem;
use super::hard_margin::Separation;
use super::hull::ORIGIN;
use super::samples::Samples;
use crate::settings::{BiasMode, Choice};

/// The theory of a learner's rounds so far.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The learner's bias mode, and the form the comparators take.
    pub bias: &'static str,
    pub bias_form: &'static str,
    /// Distinct samples seen, and rounds (a sample seen twice counts twice).
    pub samples: usize,
    pub rounds: u64,
    /// R = max ‖x̃‖ over the samples seen, as the learner sees x.
    pub radius: f64,
    pub separable: bool,
    /// How separability was settled, in words.
    pub separability: String,
    /// The same as an id, for a page that words it in its own language:
    /// "separable", "not-separable", "undecided", "past-kept" (see
    /// `Separation::PastKept`) or "no-samples".
    pub settled: &'static str,
    /// γ* = 1/‖u*‖ of the hard-margin separator (None: not separable).
    pub margin: Option<f64>,
    /// u*, the bias last when there is one.
    pub hard_margin_u: Option<Vec<f64>>,
    /// The minimiser of ½‖u‖² + C Σ max(0, 1 − y u·x̃).
    pub hinge_best: Best,
    /// The minimiser of ½‖u‖² + C Σ max(0, 1 − y u·x̃)² (PA-II's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub squared_hinge_best: Option<Best>,
    /// The fewest mistakes of any line (planar samples only).
    pub zero_one_best: Option<ZeroOneBest>,
    pub bounds: Vec<Bound>,
    pub regret: Regret,
    /// Past the samples the page keeps: the comparators are those of the
    /// rounds kept, and every number is over all the rounds at them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kept: Option<Kept>,
}

/// The page keeps its first samples only (its memory stays bounded): the
/// comparators stay those solved over `solved_rounds` rounds of those
/// `samples`, and the report evaluates them on every round since, exactly.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Kept {
    pub samples: usize,
    pub solved_rounds: u64,
}

/// What a report says of the rounds themselves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Facts {
    pub has_bias: bool,
    /// Distinct samples seen (kept ones, past the samples kept).
    pub samples: usize,
    pub rounds: u64,
    pub radius: f64,
}

impl Facts {
    pub fn of(samples: &Samples) -> Self {
        Self {
            has_bias: samples.has_bias(),
            samples: samples.seen().count(),
            rounds: samples.rounds(),
            radius: samples.radius(),
        }
    }
}

/// A soft-margin minimiser as reported.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Best {
    pub c: f64,
    /// The objective's minimum (the primal value at `u`).
    pub value: f64,
    pub u: Vec<f64>,
    /// Primal minus dual value: `value` is within this of the minimum.
    pub duality_gap: f64,
    pub converged: bool,
}

/// The fewest-mistakes line, and the rounds it was computed at (the page
/// recomputes it at intervals).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ZeroOneBest {
    pub mistakes: u64,
    /// (w₁, w₂, b): +1 where w·x + b > 0; None when a constant is best.
    pub line: Option<[f64; 3]>,
    pub at_rounds: u64,
}

/// The learner against the comparators, over the same rounds.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Regret {
    pub rounds: u64,
    /// Σ_t ℓ_t(learner) − Σ_t ℓ_t(hinge minimiser): hinge losses.
    pub hinge: f64,
    pub hinge_per_round: f64,
    /// The learner's mistakes minus the best line's (planar samples, and
    /// only when the line was computed at these rounds: `ZeroOne::Compute`).
    pub zero_one: Option<i64>,
    pub zero_one_per_round: Option<f64>,
}

impl Regret {
    pub fn new(rounds: u64, hinge: f64, zero_one: Option<i64>) -> Self {
        let per = |v: f64| if rounds == 0 { 0.0 } else { v / rounds as f64 };
        Self {
            rounds,
            hinge,
            hinge_per_round: per(hinge),
            zero_one,
            zero_one_per_round: zero_one.map(|z| per(z as f64)),
        }
    }
}

fn best(m: &Minimiser, has_bias: bool) -> Best {
    let c = match m.problem {
        Problem::Hinge { c } | Problem::SquaredHinge { c } => c,
        Problem::HardMargin => f64::INFINITY,
    };
    Best {
        c,
        value: m.value,
        u: m.u.to_vec(has_bias),
        duality_gap: m.gap,
        converged: m.converged,
    }
}

fn separability(separation: &Separation, radius: f64) -> String {
    let text = crate::number::text;
    match separation {
        Separation::Empty => "no samples yet".into(),
        Separation::Separable { converged, .. } => format!(
            "separable: some u has y u·x̃ > 0 on every sample{}",
            if *converged { "" } else { " (the hard-margin solve stopped at its epoch limit: γ* is approximate)" }
        ),
        Separation::NotSeparable { distance } => format!(
            "not separable: a convex combination of the y x̃ comes within {:.3e} of the origin (at most {} R, R = {:.6}), so no u has y u·x̃ > 0 on every sample beyond rounding",
            distance,
            text(ORIGIN),
            radius
        ),
        Separation::Undecided { high } => format!(
            "undecided: no separator found, and any separator's margin is at most {:.3e}",
            high
        ),
        Separation::PastKept => {
            "undecided: u* of the samples kept misclassifies a later round, and the rounds past them are not stored".into()
        }
    }
}

impl Report {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        bias: BiasMode,
        facts: Facts,
        separation: &Separation,
        hinge: &Minimiser,
        squared: Option<&Minimiser>,
        line: Option<(u64, BestLine)>,
        bounds: Vec<Bound>,
        regret: Regret,
    ) -> Self {
        let has_bias = facts.has_bias;
        Self {
            bias: bias.name(),
            bias_form: bias_form(bias),
            samples: facts.samples,
            rounds: facts.rounds,
            radius: facts.radius,
            separable: separation.is_separable(),
            separability: separability(separation, facts.radius),
            settled: separation.settled(),
            margin: separation.margin(),
            hard_margin_u: separation.u().map(|u| u.to_vec(has_bias)),
            hinge_best: best(hinge, has_bias),
            squared_hinge_best: squared.map(|m| best(m, has_bias)),
            zero_one_best: line.map(|(at, l)| ZeroOneBest {
                mistakes: l.mistakes,
                line: l.line,
                at_rounds: at,
            }),
            bounds,
            regret,
            kept: None,
        }
    }

    /// The fewest-mistakes line found over `at` rounds, on which the
    /// learner made `mistakes`: shown, and its 0-1 regret given when the
    /// report is over those very rounds (against a line of fewer rounds
    /// the difference is no regret).
    pub fn with_line(&mut self, at: u64, line: BestLine, mistakes: u64) {
        self.zero_one_best = Some(ZeroOneBest {
            mistakes: line.mistakes,
            line: line.line,
            at_rounds: at,
        });
        if at == self.rounds {
            let zero_one = mistakes as i64 - line.mistakes as i64;
            self.regret = Regret::new(self.rounds, self.regret.hinge, Some(zero_one));
        }
    }
}
