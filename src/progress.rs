//! Progressive validation's running totals: every sample is judged by the
//! prediction made before the learner saw it.

use crate::report::Update;

/// Running totals of progressive validation: every sample is judged by the
/// prediction made *before* the learner saw it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Progress {
    pub samples: u64,
    /// Wrong predictions (classification).
    pub mistakes: u64,
    /// Samples the learner changed its model on.
    pub updates: u64,
    /// Sum of the losses reported (hinge or epsilon-insensitive).
    pub loss_sum: f64,
    /// Sum of |y - f(x)| (regression).
    pub abs_error_sum: f64,
    /// Sum of (y - f(x))^2 (regression).
    pub squared_error_sum: f64,
    /// The first sample (1 the first) whose score was not a finite number:
    /// a kernel that overflows leaves a kernel learner's coefficients
    /// finite and its scores NaN, a model no figure describes.
    pub unscored_at: Option<u64>,
}

impl Progress {
    #[inline]
    pub fn record(&mut self, y: f64, update: &Update) {
        let error = y - update.score;
        self.samples += 1;
        self.mistakes += update.mistake as u64;
        self.updates += update.aggressive as u64;
        self.loss_sum += update.loss;
        self.abs_error_sum += error.abs();
        self.squared_error_sum += error * error;
        if !update.score.is_finite() && self.unscored_at.is_none() {
            self.unscored_at = Some(self.samples);
        }
    }

    fn mean(&self, total: f64) -> f64 {
        if self.samples == 0 {
            0.0
        } else {
            total / self.samples as f64
        }
    }

    /// Cumulative online mistake rate.
    pub fn mistake_rate(&self) -> f64 {
        self.mean(self.mistakes as f64)
    }

    pub fn mean_loss(&self) -> f64 {
        self.mean(self.loss_sum)
    }

    /// Progressive mean absolute error (regression).
    pub fn mae(&self) -> f64 {
        self.mean(self.abs_error_sum)
    }

    /// Progressive mean squared error (regression).
    pub fn mse(&self) -> f64 {
        self.mean(self.squared_error_sum)
    }
}
