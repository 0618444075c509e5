//! "Be the adversary": the perceptron convergence theorem as a game.
//!
//! The student places points on the plane to force the perceptron into
//! mistakes. The rules are the conditions of Block's and Novikoff's
//! theorem (1962), as `theory::perceptron_bounds::NOVIKOFF` states it:
//!
//! > if ‖x_t‖ ≤ R for all t and some unit u has y_t u·x_t ≥ γ > 0 for all
//! > t, the perceptron (w₁ = 0) makes at most (R/γ)² updates
//!
//! The game fixes u and γ before the first point: u = (cos θ, sin θ, 0) in
//! the space the learner sees (x̃ = (x, 1) with a bias, x without), so the
//! concept is the line through the origin with normal (cos θ, sin θ) and
//! y u·x̃ is a point's signed distance from it. A point is accepted only
//! inside the disc ‖x‖ ≤ r on the plane, which keeps ‖x̃‖ ≤ R with
//! R = √(r² + 1) with a bias (augmented or decoupled: the decoupled
//! perceptron is the perceptron on (x, 1)) and R = r without; and only at
//! least γ from the line, where its label is the concept's, y = sign(u·x̃).
//! Every accepted sequence meets the theorem's conditions, so no strategy
//! forces more than (R/γ)² updates (`tests/exercise_adversary.rs` plays
//! greedy and random adversaries against the session's perceptron).
//!
//! A point is judged where the session will learn it: snapped to the
//! log's 1e-3 grid first (`playground::quantize`), as a click is.

use crate::error::{Error, Result};
use crate::playground::quantize;
use crate::settings::BiasMode;
use crate::theory::perceptron_bounds::NOVIKOFF;

/// The game's fixed concept, margin and disc.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Arena {
    /// The unit normal (cos θ, sin θ) of the concept line through the origin.
    normal: [f64; 2],
    /// γ: every point lies at least this far from the line.
    margin: f64,
    /// r: every point lies within this distance of the origin on the plane.
    reach: f64,
    bias: BiasMode,
}

/// What the arena says of a point the student placed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Judged {
    /// The point as the session will learn it (snapped to the log's grid).
    pub point: [f64; 2],
    /// The concept's label for it, y = sign(u·x̃) (+1 on the line itself).
    pub label: f64,
    /// ‖x̃‖, the norm the theorem's R bounds.
    pub norm: f64,
    /// y u·x̃, the margin the theorem's γ bounds from below.
    pub margin: f64,
    pub verdict: Verdict,
}

/// Whether a point keeps the theorem's conditions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    /// ‖x̃‖ > R: the point lies outside the disc.
    OutsideDisc,
    /// y u·x̃ < γ: the point lies within the margin of the concept.
    WithinMargin,
}

impl Verdict {
    /// The verdict as the page reads it: 0 accepted, 1 outside, 2 within the margin.
    pub fn code(self) -> u8 {
        match self {
            Verdict::Accepted => 0,
            Verdict::OutsideDisc => 1,
            Verdict::WithinMargin => 2,
        }
    }
}

/// The margins and disc radii a game may use: the plane shows ±1.5.
pub const MARGINS: (f64, f64) = (0.05, 0.6);
pub const REACHES: (f64, f64) = (0.3, 1.4);

impl Arena {
    /// The concept at angle θ (radians), margin γ, disc radius r; the
    /// learner's bias mode decides what x̃ is.
    pub fn new(angle: f64, margin: f64, reach: f64, bias: BiasMode) -> Result<Self> {
        if !angle.is_finite() {
            return Err(Error::Mismatch(
                format!("the concept's angle must be finite, got {angle}").into(),
            ));
        }
        for (name, v, (lo, hi)) in [
            ("margin γ", margin, MARGINS),
            ("disc radius r", reach, REACHES),
        ] {
            if !(v >= lo && v <= hi) {
                return Err(Error::Mismatch(
                    format!("the {name} must be between {lo} and {hi}, got {v}").into(),
                ));
            }
        }
        if margin >= reach {
            return Err(Error::Mismatch(
                format!("the margin γ = {margin} leaves no room in a disc of radius {reach}")
                    .into(),
            ));
        }
        Ok(Arena {
            normal: [libm::cos(angle), libm::sin(angle)],
            margin,
            reach,
            bias,
        })
    }

    /// R: the largest ‖x̃‖ a point in the disc can have.
    pub fn radius(&self) -> f64 {
        match self.bias {
            BiasMode::Augmented | BiasMode::Decoupled => (self.reach * self.reach + 1.0).sqrt(),
            BiasMode::None => self.reach,
        }
    }

    pub fn margin(&self) -> f64 {
        self.margin
    }

    /// The theorem's conclusion: at most (R/γ)² perceptron updates.
    pub fn bound(&self) -> f64 {
        let ratio = self.radius() / self.margin;
        ratio * ratio
    }

    /// The theorem the game is played under: its statement, source and what it counts.
    pub fn theorem() -> [&'static str; 3] {
        [NOVIKOFF.text, NOVIKOFF.source, NOVIKOFF.counts]
    }

    /// Judges the point (x, y) the student placed, snapped as a click is.
    pub fn judge(&self, x: f64, y: f64) -> Judged {
        let point = [quantize(x), quantize(y)];
        let along = self.normal[0] * point[0] + self.normal[1] * point[1];
        let label = if along >= 0.0 { 1.0 } else { -1.0 };
        let plane = point[0].hypot(point[1]);
        let norm = match self.bias {
            BiasMode::Augmented | BiasMode::Decoupled => (plane * plane + 1.0).sqrt(),
            BiasMode::None => plane,
        };
        let margin = label * along;
        let verdict = if !(plane <= self.reach) {
            Verdict::OutsideDisc
        } else if !(margin >= self.margin) {
            Verdict::WithinMargin
        } else {
            Verdict::Accepted
        };
        Judged {
            point,
            label,
            norm,
            margin,
            verdict,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_radius_counts_the_constant_one_of_a_bias() {
        let with = Arena::new(0.0, 0.25, 1.0, BiasMode::Augmented).unwrap();
        assert!((with.radius() - 2f64.sqrt()).abs() < 1e-15);
        assert!((with.bound() - 32.0).abs() < 1e-12);
        let decoupled = Arena::new(0.0, 0.25, 1.0, BiasMode::Decoupled).unwrap();
        assert_eq!(decoupled.radius(), with.radius());
        let without = Arena::new(0.0, 0.25, 1.0, BiasMode::None).unwrap();
        assert_eq!(without.radius(), 1.0);
        assert!((without.bound() - 16.0).abs() < 1e-12);
    }

    #[test]
    fn a_point_is_labelled_by_the_concept_and_refused_outside_the_rules() {
        // The concept x = 0 (normal (1, 0)), γ = 0.2, r = 1.
        let arena = Arena::new(0.0, 0.2, 1.0, BiasMode::None).unwrap();
        let right = arena.judge(0.5, 0.1);
        assert_eq!((right.label, right.verdict), (1.0, Verdict::Accepted));
        let left = arena.judge(-0.3, -0.5);
        assert_eq!((left.label, left.verdict), (-1.0, Verdict::Accepted));
        assert!((left.margin - 0.3).abs() < 1e-12);
        assert_eq!(arena.judge(0.1, 0.0).verdict, Verdict::WithinMargin);
        assert_eq!(arena.judge(0.9, 0.9).verdict, Verdict::OutsideDisc);
        // Exactly on the margin's edge and the disc's rim: accepted.
        assert_eq!(arena.judge(0.2, 0.0).verdict, Verdict::Accepted);
        assert_eq!(arena.judge(-1.0, 0.0).verdict, Verdict::Accepted);
    }

    #[test]
    fn a_point_is_judged_where_the_session_learns_it() {
        let arena = Arena::new(0.0, 0.2, 1.0, BiasMode::None).unwrap();
        // 0.19996 snaps to 0.2, on the margin's edge: the learned point keeps the rule.
        let judged = arena.judge(0.19996, 0.00004);
        assert_eq!(judged.point, [0.2, 0.0]);
        assert_eq!(judged.verdict, Verdict::Accepted);
        // 0.1994 snaps to 0.199, within the margin: refused.
        assert_eq!(arena.judge(0.1994, 0.0).verdict, Verdict::WithinMargin);
    }

    #[test]
    fn settings_out_of_range_are_refused_with_the_range() {
        let error = Arena::new(0.0, 0.01, 1.0, BiasMode::None)
            .unwrap_err()
            .to_string();
        assert!(error.contains("between 0.05 and 0.6"), "{error}");
        assert!(Arena::new(0.0, 0.3, 2.0, BiasMode::None).is_err());
        assert!(Arena::new(f64::NAN, 0.3, 1.0, BiasMode::None).is_err());
        assert!(Arena::new(0.0, 0.5, 0.4, BiasMode::None).is_err());
    }

    #[test]
    fn the_theorem_is_the_theory_layers_statement() {
        let [text, source, counts] = Arena::theorem();
        assert!(text.contains("(R/γ)²") && text.contains("‖x_t‖ ≤ R") && text.contains("≥ γ"));
        assert_eq!(source, "Block 1962; Novikoff 1962");
        assert_eq!(counts, "perceptron updates");
    }
}
