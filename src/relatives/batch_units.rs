//! The batch pocket's units on a fixed set. Lao Ma's post standardises its
//! points before the search (each coordinate to mean 0 and standard
//! deviation 1 over the points, `crate::data::Standardiser`), and the
//! command line's `batch-pocket` does by default; so the page's batch
//! pocket, given the plane's points in Epochs, searches over them
//! standardised: the random start is N(0, 1) in those units and each try
//! adds y x′ of the standardised point. Its model is drawn back in the
//! plane's units: f(x) = Σ wₖ (xₖ − mₖ)/sₖ + b. The search is therefore the
//! command line's on the same points whatever units the plane holds them
//! in (standardising undoes any shift and scale of a coordinate, up to
//! rounding).

use crate::data::{Dataset, Standardiser};
use crate::features::Features;
use crate::learner::LinearModel;
use crate::linear::Weights;

/// A sample this narrow is standardised on the stack when scored (the
/// plane's: every cell of the shading asks for a score).
const ON_STACK: usize = 4;

/// How the plane's points map to the units the search runs in.
#[derive(Clone, Debug, PartialEq)]
pub struct BatchUnits {
    standardiser: Standardiser,
}

impl BatchUnits {
    pub fn of(points: &Dataset) -> Self {
        Self {
            standardiser: Standardiser::of(points),
        }
    }

    pub fn standardiser(&self) -> &Standardiser {
        &self.standardiser
    }

    /// The points standardised: the batch the search counts mistakes on.
    pub fn batch(&self, points: &Dataset) -> Dataset {
        self.standardiser.dataset(points)
    }

    /// `x` (plane units) standardised into `out`.
    pub fn apply(&self, x: Features<'_>, out: &mut Vec<f64>) {
        self.standardiser.apply(x, out);
    }

    /// f(x) for `x` in plane units, `weights` in standardised units: the
    /// same number the search computes for the standardised point.
    pub fn score(&self, weights: &Weights, x: Features<'_>) -> f64 {
        let (mean, divisor) = (self.standardiser.mean(), self.standardiser.divisor());
        match x {
            Features::Dense(values) if values.len() <= ON_STACK && mean.len() <= ON_STACK => {
                let width = values.len().max(mean.len());
                let mut z = [0.0; ON_STACK];
                z[..values.len()].copy_from_slice(values);
                for ((v, m), d) in z.iter_mut().zip(mean).zip(divisor) {
                    *v = (*v - m) / d;
                }
                weights.score(Features::Dense(&z[..width]))
            }
            _ => {
                let mut z = Vec::new();
                self.apply(x, &mut z);
                weights.score(Features::Dense(&z))
            }
        }
    }

    /// A model in standardised units as the same function of plane units:
    /// wₖ/sₖ, and b − Σ wₖ mₖ/sₖ.
    pub fn to_plane(&self, model: &LinearModel) -> LinearModel {
        let (mean, divisor) = (self.standardiser.mean(), self.standardiser.divisor());
        let weights: Vec<f64> = model
            .weights
            .iter()
            .enumerate()
            .map(|(k, w)| w / divisor.get(k).copied().unwrap_or(1.0))
            .collect();
        let shift: f64 = weights.iter().zip(mean).map(|(w, m)| w * m).sum();
        LinearModel {
            weights,
            bias: model.bias - shift,
        }
    }

    /// A model in plane units as the same function of standardised units:
    /// wₖ sₖ, and b + Σ wₖ mₖ.
    pub fn from_plane(&self, model: &LinearModel) -> LinearModel {
        let (mean, divisor) = (self.standardiser.mean(), self.standardiser.divisor());
        let shift: f64 = model.weights.iter().zip(mean).map(|(w, m)| w * m).sum();
        LinearModel {
            weights: model
                .weights
                .iter()
                .enumerate()
                .map(|(k, w)| w * divisor.get(k).copied().unwrap_or(1.0))
                .collect(),
            bias: model.bias + shift,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::BiasMode;

    #[test]
    fn a_model_scores_the_same_in_either_units() {
        let points =
            Dataset::from_dense(vec![6.3, 6.0, 5.8, 5.1, 4.9, 3.0], 2, vec![1.0, 1.0, -1.0])
                .unwrap();
        let units = BatchUnits::of(&points);
        let standard = LinearModel {
            weights: vec![-0.5, 2.25],
            bias: 0.5,
        };
        let plane = units.to_plane(&standard);
        let weights = Weights::from_model(&standard, BiasMode::Augmented);
        for i in 0..points.len() {
            let Features::Dense(x) = points.row(i) else {
                unreachable!()
            };
            let direct = plane.weights[0] * x[0] + plane.weights[1] * x[1] + plane.bias;
            assert!((units.score(&weights, points.row(i)) - direct).abs() < 1e-12);
        }
        let back = units.from_plane(&plane);
        for (a, b) in back.weights.iter().zip(&standard.weights) {
            assert!((a - b).abs() < 1e-12);
        }
        assert!((back.bias - standard.bias).abs() < 1e-12);
    }
}
