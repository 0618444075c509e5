//! The Ballseptron (Shalev-Shwartz & Singer, "A New Perspective on an Old
//! Perceptron Algorithm", COLT 2005, Fig. 1), with radius r > 0:
//!
//! if y w·x ≤ 0:              w ← w + y x                  (a mistake)
//! else if y w·x/‖w‖ ≤ r:     w ← w + y x̂,  x̂ = x − y r w/‖w‖
//!
//! y w·x/‖w‖ is the distance of x from the boundary on its own side, so
//! the second case fires when the ball of radius r around x reaches the
//! boundary, and x̂ is the point of that ball deepest on the wrong side.
//! As y² = 1, w + y x̂ = (1 − r/‖w‖) w + y x, which is how it is computed
//! (one scaling and the perceptron's step, sparse-friendly). The paper's
//! test is ≤ r (as Cognitive Foundry's implementation; AI on Browser's
//! uses <); ≤ is kept. w ≠ 0 in the second case: there y w·x > 0.
//!
//! The paper has no intercept. `--bias augmented` makes b a weight on a
//! constant 1: it counts in ‖w‖ and is scaled with w. Decoupled is refused.
//!
//! ```
//! use onlinelearn::{Algorithm, AnyLearner, BiasMode, Features, Learner, Settings};
//! let s = Settings { ballseptron_r: 0.5, bias: BiasMode::None, ..Settings::default() };
//! let mut ball = AnyLearner::new(Algorithm::Ballseptron, &s).unwrap();
//! ball.learn_one(Features::Dense(&[1.0, 0.0]), 1.0); // a mistake: w = (1, 0)
//! // (0.3, 1) is 0.3 from the boundary, within r: w ← (1 − 0.5/1) w + x.
//! let u = ball.learn_one(Features::Dense(&[0.3, 1.0]), 1.0);
//! assert!(u.aggressive && !u.mistake);
//! assert_eq!(ball.linear_model().unwrap().weights, vec![0.8, 1.0]);
//! ```

use super::{bias_rule_and_entry, clauses_with_code, with_code};
use crate::error::Result;
use crate::features::Features;
use crate::learner::{hinge_loss, Details, Family, Info, Task, Update};
use crate::linear::Weights;
use crate::linear::{linear_learner, LinearHooks};
use crate::settings::{Checked, Key, Settings};

pub const INFO: Info = Info {
    name: "ballseptron",
    label: "Ballseptron",
    family: Family::Linear,
    rule: with_code("if y w·x ≤ 0: w ← w + y x; else if y w·x/‖w‖ ≤ r (the ball of radius r around x meets the boundary): w ← w + y x̂ with x̂ = x − y r w/‖w‖"),
    filled: with_code("y w·x/‖w‖ = {dist};  r = {ballseptron-r}"),
    step: "coefficient",
    passive: with_code("the ball of radius r around x lies wholly on its side of the boundary"),
    // In the order of `Clause`.
    branches: clauses_with_code(&[
        "y w·x = {margin} ≤ 0, a mistake: w ← w + y x; the margin went from {margin} to {reached}",
        "y w·x/‖w‖ = {dist} ≤ r = {ballseptron-r}: the ball around x reaches the boundary, so w ← w + y x̂ = (1 − r/‖w‖) w + y x with ‖w‖ = {norm}; the margin went from {margin} to {reached}",
        "y w·x/‖w‖ = {dist} > r = {ballseptron-r}: the ball around x stays on its side, so nothing changes",
    ]),
    note: with_code("with --bias augmented, b is a weight on a constant 1 and counts in ‖w‖"),
    update: with_code("w ← w + y·x on a mistake;  w ← (1 − r/‖w‖)·w + y·x inside the ball"),
    source: with_code("Shalev-Shwartz & Singer 2005"),
    reads: |_| &[Key::BallseptronR, Key::Bias],
    ..Info::DEFAULT
};

bias_rule_and_entry!(
    Ballseptron,
    "the Ballseptron",
    ": its bias is a weight on a constant 1 that counts in ‖w‖ (--bias augmented), or absent (--bias none)",
);

crate::declare::clauses!(Mistake, Ball, Kept);

/// The Ballseptron: the weights and the radius.
#[derive(Clone, Debug)]
pub struct Ballseptron {
    r: f64,
    weights: Weights,
}

impl Ballseptron {
    pub fn from_settings(s: &Checked) -> Result<Self> {
        check_bias(s)?;
        Ok(Self {
            r: s.ballseptron_r,
            weights: Weights::new(s.bias),
        })
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let score = self.weights.score(x);
        let passive = Update::passive(Task::Classification, y, score, hinge_loss(y, score));
        let m = y * score;
        let clause = if m <= 0.0 {
            self.weights.add(x, y);
            Clause::Mistake
        } else {
            // m > 0, so w ≠ 0.
            let norm = self.weights.squared_norm().sqrt();
            let dist = m / norm;
            let numbers = Details::new(&["dist", "norm"], [dist, norm]);
            if dist > self.r {
                return passive.with(numbers.branch(Clause::Kept as u8));
            }
            self.weights.scale(1.0 - self.r / norm);
            self.weights.add(x, y);
            return Update {
                tau: 1.0,
                score_after: self.weights.score(x),
                aggressive: true,
                ..passive
            }
            .with(numbers.branch(Clause::Ball as u8));
        };
        Update {
            tau: 1.0,
            score_after: self.weights.score(x),
            aggressive: true,
            ..passive
        }
        .with(Details::default().branch(clause as u8))
    }
}

linear_learner!(Ballseptron, weights);

impl LinearHooks for Ballseptron {
    fn tune(&mut self, settings: &Settings) {
        self.r = settings.ballseptron_r;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learner::Learner;
    use crate::settings::{built, unbiased};

    fn ball(r: f64) -> Ballseptron {
        built(
            Ballseptron::from_settings,
            Settings {
                ballseptron_r: r,
                ..unbiased()
            },
        )
    }

    #[test]
    fn a_correct_sample_within_r_of_the_boundary_moves_w_by_y_x_hat() {
        let mut b = ball(0.5);
        b.learn_one(Features::Dense(&[2.0, 0.0]), 1.0);
        // w = (2, 0), ‖w‖ = 2; x = (0.4, 1): distance 0.4 ≤ 0.5.
        let u = b.learn_one(Features::Dense(&[0.4, 1.0]), 1.0);
        assert!(u.aggressive && !u.mistake);
        // x̂ = x − r w/‖w‖ = (−0.1, 1), w + x̂ = (1.9, 1).
        assert_eq!(b.weights.weights(), [1.9, 1.0]);
        // x = (1, 0) is 1.9/‖w‖ ≈ 0.88 > r from the boundary: nothing moves.
        let w = b.weights.clone();
        let far = b.learn_one(Features::Dense(&[1.0, 0.0]), 1.0);
        assert_eq!(far.details.values[0], 1.9 / (1.9f64 * 1.9 + 1.0).sqrt());
        assert!(!far.aggressive);
        assert_eq!(b.weights, w);
    }

    #[test]
    fn the_ball_test_is_at_most_r_and_a_mistake_is_the_perceptrons_step() {
        let mut b = ball(1.0);
        b.learn_one(Features::Dense(&[1.0]), 1.0);
        // Exactly r from the boundary: the paper's ≤ fires.
        assert!(b.learn_one(Features::Dense(&[1.0]), 1.0).aggressive);
        // (1 − 1/1)·1 + 1 = 1: the ball step at ‖w‖ = r lands on y x.
        assert_eq!(b.weights.weights(), [1.0]);
        let u = b.learn_one(Features::Dense(&[3.0]), -1.0);
        assert!(u.mistake && u.aggressive);
        assert_eq!(b.weights.weights(), [-2.0]);
    }
}
