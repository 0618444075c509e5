//! Is there a separator at all? The nearest point to the origin of the
//! convex hull of the z_i = y_i x̃_i decides it (Gordan's alternative):
//! some u has u·z_i > 0 for every i exactly when that point p* is not the
//! origin, and then ‖p*‖ is the largest margin any unit u attains,
//! γ* = max_{‖u‖=1} min_i u·z_i, reached at u = p*/‖p*‖.
//!
//! p* is found by pairwise Frank-Wolfe over the simplex of weights λ
//! (p = Σ λ_i z_i): move weight from the hull vertex most aligned with p
//! (the "away" vertex, among those with weight) to the least aligned one,
//! with the exact line search. This is the maximal-violating-pair step of
//! SMO; Lacoste-Julien & Jaggi ("On the Global Linear Convergence of
//! Frank-Wolfe Optimization Variants", NIPS 2015) prove it converges
//! linearly on this problem. Each step costs one pass over the non-zeros.
//!
//! The steps stop as soon as either is proven (γ* itself is then found
//! by the hard-margin dual, `hard_margin.rs`). Every iterate carries a
//! certificate, so the answer never rests on a guess: min_i z_i·p / ‖p‖ is a margin p itself attains (a lower bound
//! on γ*, and a proof of separability once positive), and ‖p‖ is an
//! upper bound (γ* ≤ ‖q‖ for every q in the hull). Data is called not
//! separable when the hull comes within `ORIGIN * R` of the origin: a
//! convex combination of the samples that cancels to that accuracy is
//! Gordan's certificate up to the rounding of the data themselves.
//!
//! Warm start: a new sample enters with weight 0, which keeps p. Once the
//! origin is in the hull it stays there as samples are added, so a set
//! found not separable is not searched again.

use super::dual::unlimited;
use super::samples::{Samples, Vector};

/// The hull within this distance of the origin, times R: not separable.
pub const ORIGIN: f64 = 1e-9;

/// Steps one call may take: enough for the presets and a9a (measured in
/// `benches/theory.rs`); past it the answer says it is undecided.
const MAX_STEPS: usize = 200_000;

/// Re-add p from the weights every so many steps, so rounding cannot pile up.
const REFRESH: usize = 256;

/// What the hull says about separability.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// No sample yet.
    Empty,
    /// Some u separates every sample; γ* lies in [low, high].
    Separable { low: f64, high: f64 },
    /// The hull comes within `distance` (≤ ORIGIN·R) of the origin.
    NotSeparable { distance: f64 },
    /// Neither shown within the step limit: γ* ≤ high.
    Undecided { high: f64 },
}

/// The hull's weights and nearest point so far.
#[derive(Clone, Debug, Default)]
pub struct Hull {
    lambda: Vec<f64>,
    p: Vector,
    verdict: Remembered,
    /// Steps taken and the least ‖p‖ seen, by a search whose budget ran
    /// out (the next call resumes it).
    resume: Option<(usize, f64)>,
}

impl Hull {
    pub fn verdict(&self) -> Verdict {
        self.verdict.verdict.unwrap_or(Verdict::Empty)
    }

    /// The weights λ of the nearest point found (they sum to 1).
    pub fn weights(&self) -> &[f64] {
        &self.lambda
    }

    /// The nearest point found, p = Σ λ_i z_i.
    pub fn point(&self) -> &Vector {
        &self.p
    }

    /// Brings the nearest point up to date with the samples.
    pub fn solve(&mut self, samples: &Samples) -> Verdict {
        self.resume = None;
        self.run(samples, &mut unlimited())
            .expect("an unlimited budget finishes")
    }

    /// [`Hull::solve`] within a budget (`steps`: a step costs one unit per
    /// sample seen, the pass it makes): None when the budget ran out
    /// first; the next call, on the same samples, resumes.
    pub fn run(&mut self, samples: &Samples, steps: &mut u64) -> Option<Verdict> {
        if let Some(verdict) = self.verdict.still(samples.rounds()) {
            return Some(verdict);
        }
        if samples.has_opposed_pair() {
            // z_i + z_j = 0: the origin is the midpoint of two samples.
            let opposed = Verdict::NotSeparable { distance: 0.0 };
            return Some(self.verdict.set(opposed, samples.rounds()));
        }
        self.lambda.resize(samples.len(), 0.0);
        let radius = samples.radius();
        let Some(first) = samples.seen().next() else {
            return Some(Verdict::Empty);
        };
        if self.lambda.iter().all(|&l| l == 0.0) {
            // Start at the sample nearest the origin.
            let nearest = samples
                .seen()
                .min_by(|&a, &b| samples.squared_norm(a).total_cmp(&samples.squared_norm(b)))
                .unwrap_or(first);
            self.lambda[nearest] = 1.0;
            self.refresh(samples);
        }
        let verdict = self.iterate(samples, radius, steps)?;
        Some(self.verdict.set(verdict, samples.rounds()))
    }

    fn refresh(&mut self, samples: &Samples) {
        self.p = samples.zero();
        for (i, &l) in self.lambda.iter().enumerate() {
            if l > 0.0 {
                samples.add_to(i, &mut self.p, l);
            }
        }
    }

    fn iterate(&mut self, samples: &Samples, radius: f64, steps: &mut u64) -> Option<Verdict> {
        let (first, mut high) = self.resume.take().unwrap_or((0, f64::INFINITY));
        let cost = samples.len() as u64;
        for step in first..MAX_STEPS {
            // A step goes ahead on any budget left (so that a budget
            // smaller than a pass still moves on) and takes it all.
            if *steps == 0 {
                self.resume = Some((step, high));
                return None;
            }
            *steps = steps.saturating_sub(cost);
            if step % REFRESH == REFRESH - 1 {
                self.refresh(samples);
            }
            let norm2 = self.p.squared_norm();
            high = high.min(norm2.sqrt());
            if high <= ORIGIN * radius {
                return Some(Verdict::NotSeparable { distance: high });
            }
            let ((toward, low_g), (away, high_g)) = toward_and_away(
                samples
                    .seen()
                    .map(|i| (i, samples.margin(i, &self.p), self.lambda[i] > 0.0)),
            );
            // p gives every sample a positive margin: separable, proven.
            // γ* itself is left to the hard-margin dual, which gets there
            // faster than these steps would.
            if low_g > 0.0 {
                return Some(Verdict::Separable {
                    low: low_g / norm2.sqrt(),
                    high,
                });
            }
            let distance2 = samples.squared_norm(toward) + samples.squared_norm(away)
                - 2.0 * samples.cross(toward, away);
            let pair = (toward, away);
            let Some(t) = shift(&mut self.lambda, pair, high_g - low_g, distance2) else {
                // No pair improves p: it is the nearest point up to rounding.
                return Some(settle(low_g, norm2, high, radius));
            };
            samples.add_to(toward, &mut self.p, t);
            samples.add_to(away, &mut self.p, -t);
        }
        let norm2 = self.p.squared_norm();
        let low_g = samples
            .seen()
            .map(|i| samples.margin(i, &self.p))
            .fold(f64::INFINITY, f64::min);
        Some(settle(low_g, norm2, high, radius))
    }
}

/// A verdict and the rounds it is for: kept until rounds are added, and
/// for good once not separable (the origin stays in a growing hull). The
/// kernel feature space's hull keeps its own the same way.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Remembered {
    verdict: Option<Verdict>,
    rounds: u64,
}

impl Remembered {
    /// The verdict, if it still holds over `rounds` rounds.
    pub(crate) fn still(&self, rounds: u64) -> Option<Verdict> {
        match self.verdict {
            Some(Verdict::NotSeparable { .. }) => self.verdict,
            Some(_) if self.rounds == rounds => self.verdict,
            _ => None,
        }
    }

    /// Keeps `verdict` over `rounds` rounds, and returns it.
    pub(crate) fn set(&mut self, verdict: Verdict, rounds: u64) -> Verdict {
        (self.verdict, self.rounds) = (Some(verdict), rounds);
        verdict
    }
}

/// The pairwise step's exact line search: moves t = min(gain/distance²,
/// λ_away) of weight from the away vertex to the toward one, and returns
/// t; None when no pair improves p (`gain` or `distance2` not positive).
/// The kernel feature space's hull steps the same way.
pub(crate) fn shift(
    lambda: &mut [f64],
    (toward, away): (usize, usize),
    gain: f64,
    distance2: f64,
) -> Option<f64> {
    if !(gain > 0.0) || !(distance2 > 0.0) {
        return None;
    }
    let t = (gain / distance2).min(lambda[away]);
    lambda[toward] += t;
    lambda[away] -= t;
    if lambda[away] < 1e-300 {
        lambda[away] = 0.0;
    }
    Some(t)
}

/// The verdict when the steps stop short of the gap test (the kernel
/// feature space's hull, `kernel/hull.rs`, settles the same way).
pub(crate) fn settle(low_g: f64, norm2: f64, high: f64, radius: f64) -> Verdict {
    if low_g > 0.0 {
        Verdict::Separable {
            low: low_g / norm2.sqrt(),
            high,
        }
    } else if high <= ORIGIN * radius {
        Verdict::NotSeparable { distance: high }
    } else {
        Verdict::Undecided { high }
    }
}

/// A Frank-Wolfe step's two vertices, from each vertex's (index, z·p,
/// whether it has weight): the toward one (least z·p) and the away one
/// (most z·p among those with weight), each with its z·p. The kernel
/// feature space's hull (`kernel/hull.rs`) steps the same way.
pub(crate) fn toward_and_away(
    vertices: impl Iterator<Item = (usize, f64, bool)>,
) -> ((usize, f64), (usize, f64)) {
    let (mut toward, mut away) = ((usize::MAX, f64::INFINITY), (usize::MAX, f64::NEG_INFINITY));
    for (i, g, weighted) in vertices {
        if g < toward.1 {
            toward = (i, g);
        }
        if weighted && g > away.1 {
            away = (i, g);
        }
    }
    (toward, away)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::theory::samples::{planar, XOR};

    fn hull_of(points: &[([f64; 2], f64)], bias: bool) -> Verdict {
        Hull::default().solve(&planar(points, bias))
    }

    #[test]
    fn a_symmetric_pair_has_margin_its_half_distance() {
        match hull_of(&[([2.0, 0.0], 1.0), ([-2.0, 0.0], -1.0)], false) {
            Verdict::Separable { low, high } => {
                assert!((low - 2.0).abs() < 1e-12 && (high - 2.0).abs() < 1e-12)
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn xor_and_conflicting_duplicates_are_not_separable() {
        assert!(matches!(hull_of(&XOR, true), Verdict::NotSeparable { .. }));
        let twins = [([0.3, 0.4], 1.0), ([0.3, 0.4], -1.0)];
        assert!(matches!(
            hull_of(&twins, true),
            Verdict::NotSeparable { .. }
        ));
    }
}
