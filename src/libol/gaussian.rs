//! What LIBOL's second-order learners share: the mean weights (w, b) and a
//! covariance Σ = s·Σ̃ over z = (1, x) with the bias, z = x without. Each
//! learner's file says how its rule moves them; all of them move w along
//! Σz and shrink Σ along the same direction:
//!
//! w ← w + (α y) Σz,   Σ ← Σ − β Σz zᵀΣ,
//!
//! and IELLIP also scales Σ by 1/(1 − c). The scale s is kept apart from
//! Σ̃ so that a feature first seen later starts with the variance LIBOL's
//! d × d matrix gives it (a·s: every entry of LIBOL's Σ is scaled, seen
//! or not), while Σ̃ only grows with the features seen
//! ([`Covariance`]: full, or its diagonal for wide data).

use crate::features::Features;
use crate::grid::Grid;
use crate::learner::{is_mistake, LinearModel, Task, Update};
use crate::linear::{Covariance, LinearState};
use crate::settings::{BiasMode, Settings};

#[derive(Clone, Debug)]
pub struct Gaussian {
    bias_mode: BiasMode,
    w: Vec<f64>,
    b: f64,
    /// Σ̃: Σ = scale · Σ̃.
    covariance: Covariance,
    scale: f64,
}

impl Gaussian {
    /// w = 0 and Σ = a I (`--initial-variance`, LIBOL's `options.a`).
    pub fn new(settings: &Settings) -> Self {
        Self {
            bias_mode: settings.bias,
            w: Vec::new(),
            b: 0.0,
            covariance: Covariance::new(settings.covariance, settings.initial_variance),
            scale: 1.0,
        }
    }

    /// The mean's score w·z.
    pub fn score(&self, x: Features<'_>) -> f64 {
        x.dot(&self.w) + self.b
    }

    /// v = zᵀΣz, the variance of the score under N(w, Σ); keeps Σz for
    /// [`Gaussian::step`] and [`Gaussian::shrink`].
    pub fn variance(&mut self, x: Features<'_>) -> f64 {
        self.scale * self.covariance.product(x, self.bias_mode)
    }

    /// w ← w + coefficient · Σz, with Σz of the last [`Gaussian::variance`].
    /// Σz can be non-zero at features x does not have (full Σ): all move.
    pub fn step(&mut self, coefficient: f64) {
        let sigma_z = self.covariance.sigma_z();
        if sigma_z.len() - 1 > self.w.len() {
            self.w.resize(sigma_z.len() - 1, 0.0);
        }
        let step = coefficient * self.scale;
        for (w, s) in self.w.iter_mut().zip(&sigma_z[1..]) {
            *w += step * s;
        }
        if self.bias_mode.learns_bias() {
            self.b += step * sigma_z[0];
        }
    }

    /// Σ ← Σ − β Σz zᵀΣ, with Σz of the last [`Gaussian::variance`]:
    /// s Σ̃ − β s² Σ̃z zᵀΣ̃ = s (Σ̃ − β s Σ̃z zᵀΣ̃).
    pub fn shrink(&mut self, beta: f64) {
        self.covariance.shrink(beta * self.scale);
    }

    /// The step a confidence-weighted rule ends with (CW, NAROW, NHERD,
    /// SOP): w ← w + (α y) Σz and Σ ← Σ − β Σz zᵀΣ; `update` then reports
    /// α, the score after it (score + α y v, with v = zᵀΣz before the
    /// step) and whether the score was a mistake.
    pub fn take_step(
        &mut self,
        update: Update,
        y: f64,
        score: f64,
        v: f64,
        alpha: f64,
        beta: f64,
    ) -> Update {
        self.step(alpha * y);
        self.shrink(beta);
        Update {
            tau: alpha,
            score_after: score + alpha * y * v,
            aggressive: true,
            mistake: is_mistake(Task::Classification, y, score),
            ..update
        }
    }

    /// Σ ← factor · Σ (IELLIP's 1/(1 − c)).
    pub fn scale_by(&mut self, factor: f64) {
        self.scale *= factor;
    }

    pub fn bias_mode(&self) -> BiasMode {
        self.bias_mode
    }
}

impl LinearState for Gaussian {
    fn score(&self, x: Features<'_>) -> f64 {
        Gaussian::score(self, x)
    }

    fn state_finite(&self) -> bool {
        self.scale.is_finite() && self.covariance.is_finite()
    }

    /// A new bias mode: b is dropped when the new one has none.
    fn set_bias_mode(&mut self, mode: BiasMode) {
        self.bias_mode = mode;
        if !mode.learns_bias() {
            self.b = 0.0;
        }
    }

    /// Another learner's weights as the mean; Σ stays as it is.
    fn warm_start(&mut self, model: &LinearModel) {
        self.w = model.weights.clone();
        self.b = self.bias_mode.carried(model.bias);
    }

    fn reset(&mut self) {
        self.w.clear();
        self.b = 0.0;
        self.covariance.reset();
        self.scale = 1.0;
    }

    fn model(&self) -> LinearModel {
        LinearModel {
            weights: self.w.clone(),
            bias: self.b,
        }
    }

    /// The plane's shading: the score in standard deviations, as AROW's.
    fn score_grid(&self, grid: &Grid, out: &mut [f32]) {
        let bias = self.bias_mode.learns_bias();
        self.covariance
            .standardised_grid(&self.w, self.b, bias, self.scale, grid, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::CovarianceForm;

    #[test]
    fn a_scaled_covariance_moves_and_shrinks_as_the_whole_matrix_would() {
        let settings = Settings {
            initial_variance: 2.0,
            covariance: CovarianceForm::Full,
            ..Settings::default()
        };
        let mut g = Gaussian::new(&settings);
        let x = Features::Dense(&[1.0, -1.0]);
        g.scale_by(4.0);
        // Σ = 8 I over z = (1, 1, −1): v = 24, Σz = 8 z.
        assert_eq!(g.variance(x), 24.0);
        g.step(0.5);
        assert_eq!((g.model().weights, g.model().bias), (vec![4.0, -4.0], 4.0));
        g.shrink(1.0 / 48.0);
        // Σ = 8 I − (1/48) 64 z zᵀ: zᵀΣz = 24 − 64·9/48 = 12.
        assert!((g.variance(x) - 12.0).abs() < 1e-12);
        // A feature first seen now starts with LIBOL's scaled variance
        // a·s = 8: v = Σ₀₀ + 8 = (8 − 64/48) + 8 at z = (1, 0, 0, 1).
        let wider = g.variance(Features::Dense(&[0.0, 0.0, 1.0]));
        assert!((wider - (16.0 - 64.0 / 48.0)).abs() < 1e-12, "{wider}");
    }
}
