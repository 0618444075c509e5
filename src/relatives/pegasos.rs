//! Pegasos (Shalev-Shwartz, Singer & Srebro, "Pegasos: Primal Estimated
//! sub-GrAdient SOlver for SVM", ICML 2007, Fig. 1) with one sample per
//! step (k = 1), the samples taken in stream order. On the t-th sample (t
//! from 1), with ηₜ = 1/(λt):
//!
//! w ← (1 − ηₜλ) w + ηₜ y x   if y w·x < 1,   else w ← (1 − ηₜλ) w;
//! then w ← min(1, (1/√λ)/‖w‖) w.
//!
//! The step descends λ/2 ‖w‖² + max(0, 1 − y w·x), the SVM objective on
//! this sample; the projection keeps w in the ball of radius 1/√λ where
//! the optimum lies. The projection is the ICML 2007 paper's (its journal
//! version, Math. Programming 2011, calls it optional); it is always
//! taken here. 1 − ηₜλ = 1 − 1/t: the first step (t = 1) forgets w.
//! The paper draws its samples at random; a stream gives them in order,
//! which is the online reading its regret analysis covers.
//!
//! Its bias: the paper's main form has none (`--bias none`); `--bias
//! augmented` is its first way to add one, a constant feature whose
//! weight is regularised, shrunk and projected with w. Decoupled (an
//! unregularised b) is refused: the paper's analysis does not cover it.
//!
//! ```
//! use onlinelearn::{Algorithm, AnyLearner, BiasMode, Features, Learner, Settings};
//! let s = Settings { pegasos_lambda: 0.25, bias: BiasMode::None, ..Settings::default() };
//! let mut p = AnyLearner::new(Algorithm::Pegasos, &s).unwrap();
//! // t = 1: η₁ = 4, w = 4 x = (4, 0); ‖w‖ = 4 > 1/√λ = 2, so w = (2, 0).
//! p.learn_one(Features::Dense(&[1.0, 0.0]), 1.0);
//! assert_eq!(p.linear_model().unwrap().weights, vec![2.0, 0.0]);
//! ```

use super::{bias_rule_and_entry, clauses_with_code, with_code};
use crate::error::Result;
use crate::features::Features;
use crate::learner::{hinge_loss, Details, Family, Info, Task, Update};
use crate::linear::Weights;
use crate::linear::{linear_learner, LinearHooks};
use crate::settings::{Checked, Key, Settings};

pub const INFO: Info = Info {
    name: "pegasos",
    label: "Pegasos",
    family: Family::Linear,
    rule: with_code("on the t-th sample, ηₜ = 1/(λt): w ← (1 − ηₜλ) w + ηₜ y x if y w·x < 1, else w ← (1 − ηₜλ) w; then w ← min(1, (1/√λ)/‖w‖) w"),
    filled: with_code("ηₜ = 1/(λt) = 1/({pegasos-lambda}·{t}) = {etat};  1/√λ = {bound}"),
    step: "η",
    passive: with_code("the margin is at least 1 and w is 0: there is nothing to shrink"),
    // In the order of `Clause`.
    branches: clauses_with_code(&[
        "y w·x = {margin} < 1: w shrank by 1 − 1/t and moved by ηₜ = {tau} along y x; the margin went from {margin} to {reached}",
        "y w·x = {margin} ≥ 1: no loss, so w only shrank by 1 − 1/t; the margin went from {margin} to {reached}",
        "‖w‖ = {norm} > 1/√λ = {bound}: w was scaled back onto the ball of radius 1/√λ",
    ]),
    note: with_code("one sample per step, in stream order; with --bias augmented, b is a constant feature's weight, regularised and projected with w"),
    update: with_code("w ← (1 − 1/t)·w + ηₜ·y·x (if y w·x < 1),  then w ← w·min(1, (1/√λ)/‖w‖)"),
    source: with_code("Shalev-Shwartz, Singer & Srebro 2007"),
    reads: |_| &[Key::PegasosLambda, Key::Bias],
    ..Info::DEFAULT
};

bias_rule_and_entry!(
    Pegasos,
    "Pegasos",
    ": its bias is a constant feature's weight, regularised and projected with w (--bias augmented), or absent (--bias none)",
);

crate::declare::clauses!(Step, Shrunk, Projected);

/// Pegasos: the weights, λ and the sample count t.
#[derive(Clone, Debug)]
pub struct Pegasos {
    lambda: f64,
    weights: Weights,
    /// Samples seen, this one included once learning starts.
    t: u64,
}

impl Pegasos {
    pub fn from_settings(s: &Checked) -> Result<Self> {
        check_bias(s)?;
        Ok(Self {
            lambda: s.pegasos_lambda,
            weights: Weights::new(s.bias),
            t: 0,
        })
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        self.t += 1;
        let score = self.weights.score(x);
        let passive = Update::passive(Task::Classification, y, score, hinge_loss(y, score));
        let t = self.t as f64;
        let eta = 1.0 / (self.lambda * t);
        let bound = 1.0 / self.lambda.sqrt();
        let was_zero = self.weights.squared_norm() == 0.0;
        let stepped = y * score < 1.0;
        if !stepped && was_zero {
            return passive.with(Details::new(&["t", "etat", "bound"], [t, eta, bound]));
        }
        // 1 − ηₜλ, written as the paper's product.
        self.weights.scale(1.0 - eta * self.lambda);
        if stepped {
            self.weights.add(x, eta * y);
        }
        let norm = self.weights.squared_norm().sqrt();
        let numbers = Details::new(&["t", "etat", "bound", "norm"], [t, eta, bound, norm]);
        let mut details = numbers.branch(if stepped {
            Clause::Step
        } else {
            Clause::Shrunk
        } as u8);
        if norm > bound {
            self.weights.scale(bound / norm);
            details = details.branch(Clause::Projected as u8);
        }
        Update {
            tau: if stepped { eta } else { 0.0 },
            score_after: self.weights.score(x),
            aggressive: true,
            ..passive
        }
        .with(details)
    }
}

linear_learner!(Pegasos, weights);

impl LinearHooks for Pegasos {
    fn tune(&mut self, settings: &Settings) {
        self.lambda = settings.pegasos_lambda;
    }

    fn clear(&mut self) {
        self.t = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learner::Learner;
    use crate::settings::{built, unbiased};

    fn pegasos(lambda: f64) -> Pegasos {
        built(
            Pegasos::from_settings,
            Settings {
                pegasos_lambda: lambda,
                ..unbiased()
            },
        )
    }

    #[test]
    fn every_sample_shrinks_w_and_only_a_margin_below_one_steps() {
        let mut p = pegasos(0.01);
        let x = Features::Dense(&[0.5]);
        p.learn_one(x, 1.0); // η₁ = 100: w = 50 > 1/√λ = 10, projected to 10
        assert_eq!(p.weights.weights(), [10.0]);
        // t = 2: m = 5 ≥ 1, w = (1 − 1/2)·10 = 5, no step.
        let u = p.learn_one(x, 1.0);
        assert!(u.aggressive && u.tau == 0.0);
        assert_eq!(p.weights.weights(), [5.0]);
        // t = 3: y = −1, m = −2.5 < 1: w = (2/3)·5 − (100/3)·0.5 = −40/3,
        // past 1/√λ = 10: projected back to −10.
        let u = p.learn_one(x, -1.0);
        let eta = 1.0 / (0.01 * 3.0);
        assert_eq!(u.tau, eta);
        let w: f64 = (1.0 - eta * 0.01) * 5.0 - eta * 0.5;
        assert_eq!(u.details.values[3], w.abs(), "‖w‖ before the projection");
        assert_eq!(u.details.branches, [1, 3, 0], "a step, then the projection");
        assert!((p.weights.weights()[0] + 10.0).abs() < 1e-14);
    }

    #[test]
    fn w_never_leaves_the_ball_of_radius_one_over_root_lambda() {
        let mut p = pegasos(0.04);
        for i in 0..50 {
            let v = [(i % 7) as f64 - 3.0, (i % 5) as f64];
            p.learn_one(Features::Dense(&v), if i % 3 == 0 { 1.0 } else { -1.0 });
            assert!(p.weights.squared_norm().sqrt() <= 5.0 * (1.0 + 1e-15));
        }
    }
}
