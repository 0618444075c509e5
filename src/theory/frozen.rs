//! The theory layer past the samples the page keeps. Exact comparators
//! over every round need every sample: a session of millions would hold
//! them all (the page measured 1.7 GB). So the page keeps its first
//! samples (`theory_part::KEPT`), and from then on the comparators stay
//! the last ones solved over those; each later round is evaluated at
//! them as it comes, and then forgotten.
//!
//! Why every number stays exact: each bound holds for every comparator u
//! it allows (Crammer et al. 2006, Theorems 2 to 5: "for any vector u";
//! Freund & Schapire 1999, Theorem 2: any unit u and γ > 0; Novikoff: any
//! unit u with margin γ on every round), so a bound evaluated at a fixed u
//! over all the rounds is still the theorem's bound, only perhaps looser
//! than at the best u of all the rounds. What a fixed u needs over the
//! rounds is a few running sums: Σℓ*_t and Σ(ℓ*_t)² at each comparator,
//! the least margin of u*, Freund & Schapire's Σ d_t² at the γ chosen when
//! the samples stopped being kept, R and the learner's totals. Those are
//! kept here, in O(1) memory, exactly. What is lost is the minimum: the
//! comparators are the minimisers of the rounds kept, not of all of them
//! (the report says so, `Report::kept`), so the regret is against them,
//! a lower bound on the regret against the best u in hindsight.

use super::best_line::BestLine;
use super::bound::{Comparator, Evidence, Minimiser, Rounds};
use super::bounds::bounds;
use super::covered::Covered;
use super::dual::Problem;
use super::hard_margin::Separation;
use super::report::{Facts, Kept, Regret, Report};
use super::samples::{check_sample, hinge, squared_hinge, Samples, Vector};
use super::smallest_deviation::smallest;
use super::totals::{Solved, Totals};
use crate::error::Result;
use crate::features::Features;
use crate::learner::Update;
use crate::settings::BiasMode;

/// The layer past the samples kept: comparators fixed, sums running.
#[derive(Clone, Debug)]
pub struct Frozen {
    covered: Covered,
    bias: BiasMode,
    has_bias: bool,
    kept: usize,
    solved: Solved,
    rounds: u64,
    radius_squared: f64,
    /// The largest |‖x̃_t‖² − 1| (Theorem 3 asks ‖x_t‖ = 1).
    unit_deviation: f64,
    totals: Totals,
    /// u*, the hinge minimiser and the squared-hinge one, where solved.
    at: Vec<At>,
    line: Option<(u64, BestLine)>,
}

/// One comparator's running sums over every round.
#[derive(Clone, Debug)]
struct At {
    which: Comparator,
    u: Vector,
    norm: f64,
    hinge: f64,
    squared_hinge: f64,
    /// min_t y_t u·x̃_t.
    least_margin: f64,
    /// Freund & Schapire at u's direction: s = 1/γ, fixed when the samples
    /// stopped being kept (the s that made the bound smallest then), and
    /// Σ_t max(0, 1 − s y_t u·x̃_t/‖u‖)².
    deviation: Option<(f64, f64)>,
}

impl At {
    fn new(which: Comparator, u: &Vector, samples: &Samples) -> Self {
        let norm = u.squared_norm().sqrt();
        let margins = || {
            samples
                .seen()
                .map(|i| (samples.margin(i, u), samples.weight(i) as f64))
        };
        let deviation = smallest(samples, u).map(|(_, gamma)| {
            let s = if gamma.is_finite() { 1.0 / gamma } else { 0.0 };
            let sum = margins().map(|(m, c)| c * deviation(s, m / norm)).sum();
            (s, sum)
        });
        Self {
            which,
            u: u.clone(),
            norm,
            hinge: samples.total_loss(u, hinge),
            squared_hinge: samples.total_loss(u, squared_hinge),
            least_margin: margins().map(|(m, _)| m).fold(f64::INFINITY, f64::min),
            deviation,
        }
    }

    fn observe(&mut self, margin: f64) {
        self.hinge += hinge(margin);
        self.squared_hinge += squared_hinge(margin);
        self.least_margin = self.least_margin.min(margin);
        if let Some((s, sum)) = &mut self.deviation {
            *sum += deviation(*s, margin / self.norm);
        }
    }
}

/// d_t² / γ² of Freund & Schapire with s = 1/γ and a unit u's margin m.
fn deviation(s: f64, m: f64) -> f64 {
    let d = (1.0 - s * m).max(0.0);
    d * d
}

impl Frozen {
    /// From the samples kept (every round so far counted on them) and the
    /// comparators last solved.
    pub(super) fn new(
        covered: Covered,
        bias: BiasMode,
        samples: &Samples,
        totals: Totals,
        solved: Solved,
        line: Option<(u64, BestLine)>,
    ) -> Self {
        let mut at = Vec::new();
        if let Some(u) = solved.separation.u() {
            at.push(At::new(Comparator::HardMargin, u, samples));
        }
        at.push(At::new(
            Comparator::HingeMinimiser,
            &solved.hinge.u,
            samples,
        ));
        if let Some(m) = &solved.squared {
            at.push(At::new(Comparator::SquaredHingeMinimiser, &m.u, samples));
        }
        let unit_deviation = samples
            .seen()
            .map(|i| (samples.squared_norm(i) - 1.0).abs())
            .fold(0.0, f64::max);
        Self {
            covered,
            bias,
            has_bias: samples.has_bias(),
            kept: samples.seen().count(),
            solved,
            rounds: samples.rounds(),
            radius_squared: samples.radius().powi(2),
            unit_deviation,
            totals,
            at,
            line: line.filter(|_| samples.is_plane()),
        }
    }

    /// The learner's round on a sample not kept: O(non-zeros of x) for
    /// each comparator. Refuses what `Samples::push` refuses.
    pub fn learned(&mut self, x: Features<'_>, y: f64, update: &Update) -> Result<()> {
        check_sample(x, y)?;
        let extra = if self.has_bias { 1.0 } else { 0.0 };
        let squared_norm = x.squared_norm() + extra;
        self.radius_squared = self.radius_squared.max(squared_norm);
        self.unit_deviation = self.unit_deviation.max((squared_norm - 1.0).abs());
        self.rounds += 1;
        self.totals.add(update);
        for at in &mut self.at {
            let mut dot = if self.has_bias { at.u.b } else { 0.0 };
            x.for_each_nonzero(|j, v| dot += at.u.w.get(j).copied().unwrap_or(0.0) * v);
            at.observe(y * dot);
        }
        Ok(())
    }

    /// The fewest-mistakes line of the first `rounds` rounds, found by a
    /// search over the samples kept (the report shows it, with its rounds).
    pub fn found_line(&mut self, rounds: u64, line: BestLine) {
        self.line = Some((rounds, line));
    }

    /// Rounds so far, and the learner's mistakes on them.
    pub fn rounds(&self) -> (u64, u64) {
        (self.rounds, self.totals.mistakes)
    }

    fn at(&self, which: Comparator) -> &At {
        self.at
            .iter()
            .find(|a| a.which == which)
            .expect("every comparator named is kept")
    }

    /// u* still separates every round (its least margin is positive): the
    /// margin its direction has on them all, a γ for Novikoff's theorem.
    fn separation(&self) -> Separation {
        match &self.solved.separation {
            Separation::Separable { u, converged, .. } => {
                let at = self.at(Comparator::HardMargin);
                if at.least_margin > 0.0 {
                    Separation::Separable {
                        u: u.clone(),
                        margin: at.least_margin / at.norm,
                        converged: *converged,
                    }
                } else {
                    Separation::PastKept
                }
            }
            other => other.clone(),
        }
    }

    /// A minimiser of the rounds kept, its objective over every round.
    fn objective(&self, which: Comparator, m: &Minimiser) -> Minimiser {
        let at = self.at(which);
        let value = 0.5 * at.u.squared_norm()
            + match m.problem {
                Problem::Hinge { c } => c * at.hinge,
                Problem::SquaredHinge { c } => c * at.squared_hinge,
                Problem::HardMargin => 0.0,
            };
        Minimiser { value, ..m.clone() }
    }

    /// Everything the layer says about every round, at the comparators
    /// fixed when the samples stopped being kept.
    pub fn report(&self) -> Report {
        let separation = self.separation();
        let hinge = self.objective(Comparator::HingeMinimiser, &self.solved.hinge);
        let squared = self
            .solved
            .squared
            .as_ref()
            .map(|m| self.objective(Comparator::SquaredHingeMinimiser, m));
        let t = self.totals;
        let evidence = Evidence {
            over: self,
            separation: &separation,
            hinge: &hinge,
            squared: squared.as_ref(),
            bias: self.bias,
            mistakes: t.mistakes,
            updates: t.updates,
            squared_loss: t.squared_hinge,
        };
        let regret = Regret::new(
            self.rounds,
            t.hinge - self.at(Comparator::HingeMinimiser).hinge,
            None,
        );
        let facts = Facts {
            has_bias: self.has_bias,
            samples: self.kept,
            rounds: self.rounds,
            radius: self.radius_squared.sqrt(),
        };
        let mut report = Report::new(
            self.bias,
            facts,
            &separation,
            &hinge,
            squared.as_ref(),
            self.line,
            bounds(self.covered, &evidence),
            regret,
        );
        report.kept = Some(Kept {
            samples: self.kept,
            solved_rounds: self.solved.rounds,
        });
        report
    }
}

impl Rounds for Frozen {
    fn rounds(&self) -> u64 {
        self.rounds
    }
    fn radius(&self) -> f64 {
        self.radius_squared.sqrt()
    }
    fn unit_norm(&self, tolerance: f64) -> bool {
        self.unit_deviation <= tolerance
    }
    fn squared_hinge(&self, which: Comparator, _: &Vector) -> f64 {
        self.at(which).squared_hinge
    }
    fn freund_schapire(&self, which: Comparator, _: &Vector) -> Option<(f64, f64)> {
        let (s, sum) = self.at(which).deviation?;
        let root = self.radius() * s + sum.sqrt();
        Some((root * root, 1.0 / s))
    }
}

#[cfg(test)]
#[path = "frozen_tests.rs"]
mod tests;
