//! Linear online learners, f(x) = w . x + b, and the weight vector they share.
//!
//! All of them keep their model in [`Weights`], which applies the bias mode
//! in one place: the learners only say "move by `step` along x".

mod batch_pocket;
mod covariance;
mod normal_quantile;
pub mod passive_aggressive;
pub mod perceptron;
pub mod pocket;
pub mod second_order;
mod state;

pub use batch_pocket::{start_value, BatchPocket, BatchPocketStep};
pub use covariance::Covariance;
pub use normal_quantile::normal_quantile;
pub use passive_aggressive::{PaVariant, PassiveAggressive};
pub use perceptron::Perceptron;
pub use pocket::Pocket;
pub use second_order::SecondOrder;
pub(crate) use state::{linear_learner, LinearHooks, LinearState};

pub use crate::settings::BiasMode;

// The three families whose code is here: the perceptron and PA, the
// pocket (the first module's), AROW and SCW (the full module's).
crate::family::family! {
    mod family,
    group: "linear",
    feature: none,
    types: [Perceptron, PassiveAggressive],
    entries: [
        PERCEPTRON = perceptron::PERCEPTRON, AVERAGED = perceptron::AVERAGED,
        PA = passive_aggressive::PA, PA1 = passive_aggressive::PA1, PA2 = passive_aggressive::PA2,
    ],
}
crate::family::family! {
    mod pocket_family,
    group: "pocket",
    feature: none,
    types: [Pocket],
    entries: [POCKET = pocket::ENTRY],
}
crate::family::family! {
    mod second_order_family,
    group: "second-order",
    feature: "second-order",
    types: [SecondOrder],
    entries: [AROW = second_order::AROW, SCW1 = second_order::SCW1, SCW2 = second_order::SCW2],
}

use crate::data::Dataset;
use crate::features::Features;
use crate::learner::{sign, LinearModel};

/// A weight vector and intercept that grow to fit the features they see.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Weights {
    w: Vec<f64>,
    b: f64,
    mode: BiasMode,
}

impl Weights {
    pub fn new(mode: BiasMode) -> Self {
        Self {
            w: Vec::new(),
            b: 0.0,
            mode,
        }
    }

    /// Starts from a given model (a warm start when the page switches learner).
    pub fn from_model(model: &LinearModel, mode: BiasMode) -> Self {
        let mut weights = Self {
            w: model.weights.clone(),
            b: model.bias,
            mode,
        };
        weights.set_mode(mode);
        weights
    }

    pub fn mode(&self) -> BiasMode {
        self.mode
    }

    /// Changes the bias mode, keeping w (and b, unless the new mode has none).
    pub fn set_mode(&mut self, mode: BiasMode) {
        self.mode = mode;
        if !mode.learns_bias() {
            self.b = 0.0;
        }
    }

    /// f(x) = w . x + b.
    #[inline]
    pub fn score(&self, x: Features<'_>) -> f64 {
        x.dot(&self.w) + self.b
    }

    /// ||x||^2 as the update sees it: with the constant feature in augmented mode.
    #[inline]
    pub fn step_norm(&self, squared_norm: f64) -> f64 {
        squared_norm + self.mode.norm_extra()
    }

    /// How much f(x) changes per unit of step: ||x||^2, plus 1 if b moves.
    #[inline]
    pub fn score_gain(&self, squared_norm: f64) -> f64 {
        squared_norm + if self.mode.learns_bias() { 1.0 } else { 0.0 }
    }

    /// w += step x, and b += step unless the mode has no bias.
    #[inline]
    pub fn add(&mut self, x: Features<'_>, step: f64) {
        let dim = x.dim();
        if dim > self.w.len() {
            self.w.resize(dim, 0.0);
        }
        x.add_scaled_to(&mut self.w, step);
        if self.mode.learns_bias() {
            self.b += step;
        }
    }

    /// Sets weight `j` (w grows to hold it).
    pub fn set(&mut self, j: usize, value: f64) {
        if j >= self.w.len() {
            self.w.resize(j + 1, 0.0);
        }
        self.w[j] = value;
    }

    /// Sets the intercept (kept at 0 in a mode without one).
    pub fn set_bias(&mut self, b: f64) {
        if self.mode.learns_bias() {
            self.b = b;
        }
    }

    /// ‖w‖² + b²: the squared norm of the whole vector, the intercept
    /// included (it is a weight on a constant 1).
    pub fn squared_norm(&self) -> f64 {
        self.w.iter().map(|w| w * w).sum::<f64>() + self.b * self.b
    }

    /// w ← s w and b ← s b.
    pub fn scale(&mut self, s: f64) {
        for w in &mut self.w {
            *w *= s;
        }
        self.b *= s;
    }

    /// Mistakes of sign(f(x)) on a whole data set.
    pub fn count_mistakes(&self, data: &Dataset) -> u64 {
        (0..data.len())
            .filter(|&i| sign(self.score(data.row(i))) != data.label(i))
            .count() as u64
    }

    pub fn reset(&mut self) {
        self.w.clear();
        self.b = 0.0;
    }

    pub fn weights(&self) -> &[f64] {
        &self.w
    }

    pub fn bias(&self) -> f64 {
        self.b
    }

    pub fn model(&self) -> LinearModel {
        LinearModel {
            weights: self.w.clone(),
            bias: self.b,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bias_modes_differ_only_in_the_norm_and_the_intercept() {
        let x = Features::Dense(&[3.0, 4.0]);
        for (mode, norm, b) in [
            (BiasMode::Augmented, 26.0, 0.5),
            (BiasMode::Decoupled, 25.0, 0.5),
            (BiasMode::None, 25.0, 0.0),
        ] {
            let mut w = Weights::new(mode);
            assert_eq!(w.step_norm(x.squared_norm()), norm);
            w.add(x, 0.5);
            assert_eq!(w.weights(), &[1.5, 2.0]);
            assert_eq!(w.bias(), b);
            assert_eq!(w.score(x), 12.5 + b);
        }
    }

    #[test]
    fn switching_to_no_bias_drops_the_intercept() {
        let mut w = Weights::new(BiasMode::Augmented);
        w.add(Features::Dense(&[1.0]), 2.0);
        w.set_mode(BiasMode::None);
        assert_eq!((w.weights(), w.bias()), (&[2.0][..], 0.0));
    }
}
