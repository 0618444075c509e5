//! Evaluation: progressive validation (predict, score, then learn),
//! held-out test metrics, and the curves the page and the command line plot.

use crate::data::Dataset;
use crate::learner::{Learner, Task};
pub use crate::progress::Progress;

/// Held-out metrics summed one sample at a time, so that a test file read
/// as a stream gives the numbers [`test_accuracy`] and [`test_errors`]
/// give on it in memory, to the bit (they sum through it too).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct HeldOut {
    pub samples: usize,
    /// Right predictions (classification).
    pub correct: usize,
    abs: f64,
    squared: f64,
}

impl HeldOut {
    /// `correct` right predictions of `samples` (classification).
    pub fn classified(samples: usize, correct: usize) -> Self {
        Self {
            samples,
            correct,
            ..Self::default()
        }
    }

    /// Judges a classifier's prediction on a sample labelled `y`.
    #[inline]
    pub fn add_class(&mut self, y: f64, predicted: f64) {
        self.samples += 1;
        self.correct += (predicted == y) as usize;
    }

    /// Judges a regressor's score on a sample labelled `y`.
    #[inline]
    pub fn add_value(&mut self, y: f64, score: f64) {
        self.samples += 1;
        let e = y - score;
        self.abs += e.abs();
        self.squared += e * e;
    }

    /// The fraction classified right (0 on no samples).
    pub fn accuracy(&self) -> f64 {
        if self.samples == 0 {
            return 0.0;
        }
        self.correct as f64 / self.samples as f64
    }

    /// (MAE, MSE) of a regressor (zeros on no samples).
    pub fn errors(&self) -> (f64, f64) {
        if self.samples == 0 {
            return (0.0, 0.0);
        }
        let n = self.samples as f64;
        (self.abs / n, self.squared / n)
    }
}

/// Fraction of a held-out set the learner classifies correctly.
pub fn test_accuracy<L: Learner + ?Sized>(learner: &L, data: &Dataset) -> f64 {
    let correct = (0..data.len())
        .filter(|&i| learner.predict(data.row(i)) == data.label(i))
        .count();
    HeldOut::classified(data.len(), correct).accuracy()
}

/// (MAE, MSE) of a regressor on a held-out set.
pub fn test_errors<L: Learner + ?Sized>(learner: &L, data: &Dataset) -> (f64, f64) {
    let mut held = HeldOut::default();
    for i in 0..data.len() {
        held.add_value(data.label(i), learner.score(data.row(i)));
    }
    held.errors()
}

/// The held-out score that matters for the task: accuracy, or MAE.
pub fn test_score<L: Learner + ?Sized>(learner: &L, data: &Dataset) -> f64 {
    match learner.task() {
        Task::Classification => test_accuracy(learner, data),
        Task::Regression => test_errors(learner, data).0,
    }
}

/// Mean of the last `window` values, updated in O(1).
#[derive(Clone, Debug)]
pub struct MovingAverage {
    values: Vec<f64>,
    next: usize,
    sum: f64,
    window: usize,
}

impl MovingAverage {
    pub fn new(window: usize) -> Self {
        let window = window.max(1);
        Self {
            values: Vec::with_capacity(window),
            next: 0,
            sum: 0.0,
            window,
        }
    }

    pub fn push(&mut self, value: f64) -> f64 {
        if self.values.len() < self.window {
            self.values.push(value);
            self.sum += value;
        } else {
            self.sum += value - self.values[self.next];
            self.values[self.next] = value;
            self.next = (self.next + 1) % self.window;
            if self.next == 0 {
                // Re-add from scratch once a window so rounding cannot pile up.
                self.sum = self.values.iter().sum();
            }
        }
        self.mean()
    }

    pub fn mean(&self) -> f64 {
        if self.values.is_empty() {
            0.0
        } else {
            self.sum / self.values.len() as f64
        }
    }

    pub fn clear(&mut self) {
        self.values.clear();
        self.next = 0;
        self.sum = 0.0;
    }
}

/// One point of a learning curve.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CurvePoint {
    pub samples: u64,
    pub mistake_rate: f64,
    pub mean_loss: f64,
    pub mae: f64,
    pub mse: f64,
    /// Held-out accuracy (classification) or MAE (regression), when a test set is given.
    pub test_score: Option<f64>,
    /// Support-set size (kernel learners).
    pub support_size: usize,
}

impl CurvePoint {
    pub fn new(progress: &Progress, test_score: Option<f64>, support_size: usize) -> Self {
        Self {
            samples: progress.samples,
            mistake_rate: progress.mistake_rate(),
            mean_loss: progress.mean_loss(),
            mae: progress.mae(),
            mse: progress.mse(),
            test_score,
            support_size,
        }
    }
}

/// Splits 0..n into `parts` nearly equal consecutive ranges (checkpoints).
pub fn checkpoints(n: usize, parts: usize) -> impl Iterator<Item = std::ops::Range<usize>> {
    let parts = parts.clamp(1, n.max(1));
    (0..parts).map(move |k| (k * n / parts)..((k + 1) * n / parts))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Update;

    #[test]
    fn progress_counts_and_averages() {
        let mut p = Progress::default();
        assert_eq!(p.mistake_rate(), 0.0);
        p.record(
            1.0,
            &Update {
                score: -0.5,
                mistake: true,
                loss: 1.5,
                aggressive: true,
                ..Default::default()
            },
        );
        p.record(
            -1.0,
            &Update {
                score: -2.0,
                ..Default::default()
            },
        );
        assert_eq!((p.samples, p.mistakes, p.updates), (2, 1, 1));
        assert_eq!(p.mistake_rate(), 0.5);
        assert_eq!(p.mean_loss(), 0.75);
        assert_eq!(p.mae(), (1.5 + 1.0) / 2.0);
        assert_eq!(p.mse(), (2.25 + 1.0) / 2.0);
    }

    #[test]
    fn moving_average_forgets_old_values() {
        let mut m = MovingAverage::new(3);
        for v in [1.0, 2.0, 3.0, 10.0] {
            m.push(v);
        }
        assert_eq!(m.mean(), 5.0);
        for _ in 0..10 {
            m.push(1.0);
        }
        assert_eq!(m.mean(), 1.0);
    }

    #[test]
    fn checkpoints_cover_everything_once() {
        let ranges: Vec<_> = checkpoints(10, 3).collect();
        assert_eq!(ranges, vec![0..3, 3..6, 6..10]);
        assert_eq!(checkpoints(2, 5).count(), 2);
        assert_eq!(checkpoints(0, 5).map(|r| r.len()).sum::<usize>(), 0);
    }
}
