//! The perceptron (Rosenblatt 1958): if y f(x) <= 0 then w += eta y x.
//!
//! The averaged variant (Freund & Schapire 1999) predicts with the mean of
//! the weight vectors after every sample, w_avg = (1/T) sum_t w_t, which is
//! far steadier on noisy data. It is kept in O(1) per update with the usual
//! trick: since w_T = sum_k d_k (d_k the update at step k),
//! w_avg = w_T - (1/T) sum_k (k - 1) d_k, so one extra accumulator suffices.
//! This is the average scikit-learn's `Perceptron(average=True)` computes.
//!
//! ```
//! use onlinelearn::{Features, Learner, Perceptron, BiasMode};
//! let mut p = Perceptron::new(1.0, BiasMode::Augmented).unwrap();
//! let report = p.learn_one(Features::Dense(&[1.0, 2.0]), -1.0);
//! assert!(report.mistake && report.aggressive); // f = 0 predicts +1
//! assert_eq!(p.predict(Features::Dense(&[1.0, 2.0])), -1.0);
//! ```

use super::{BiasMode, Weights};
use crate::error::Result;
use crate::features::Features;
use crate::learner::{
    hinge_loss, is_mistake, no_check, Configured, Entry, Family, Info, Learner, LinearModel, Task,
    Update,
};
use crate::settings::{check, Key, Settings};

const fn info(averaged: bool) -> Info {
    Info {
        name: if averaged {
            "averaged-perceptron"
        } else {
            "perceptron"
        },
        label: if averaged {
            "Averaged perceptron"
        } else {
            "Perceptron"
        },
        family: Family::Linear,
        rule: if averaged {
            "update if y w·x ≤ 0, w the current weights (dotted): w ← w + η y x"
        } else {
            "update if m ≤ 0: w ← w + η y x"
        },
        filled: "η = {lr}",
        step: "η",
        passive: if averaged {
            "the current weights (dotted) predicted this sample correctly; only their own mistakes move them"
        } else {
            "predicted correctly"
        },
        note: if averaged {
            "predictions use the average of all w so far (solid); the rule updates the current w (dotted) on its own mistakes"
        } else {
            ""
        },
        source: if averaged {
            "Freund & Schapire 1999"
        } else {
            "Rosenblatt 1958"
        },
        reads: |_| &[Key::LearningRate, Key::Bias],
        ..Info::DEFAULT
    }
}

pub const PERCEPTRON_INFO: Info = info(false);

pub const PERCEPTRON: Entry<Perceptron> = Entry {
    check: no_check,
    build: |s| Perceptron::new(s.learning_rate, s.bias),
};

pub const AVERAGED_INFO: Info = info(true);

pub const AVERAGED: Entry<Perceptron> = Entry {
    check: no_check,
    build: |s| Perceptron::averaged(s.learning_rate, s.bias),
};

#[derive(Clone, Debug)]
pub struct Perceptron {
    learning_rate: f64,
    weights: Weights,
    average: Option<Average>,
}

/// The running average's state: sum_k (k - 1) d_k and the sample count T.
#[derive(Clone, Debug)]
struct Average {
    weighted_updates: Weights,
    samples: u64,
}

impl Average {
    /// w_avg . x + b_avg, from the current weights' score.
    #[inline]
    fn score(&self, current_score: f64, x: Features<'_>) -> f64 {
        if self.samples == 0 {
            return current_score;
        }
        current_score - self.weighted_updates.score(x) / self.samples as f64
    }
}

impl Perceptron {
    /// The plain perceptron with learning rate `eta` (default 1).
    pub fn new(learning_rate: f64, bias: BiasMode) -> Result<Self> {
        Ok(Self {
            learning_rate: check(Key::LearningRate, learning_rate)?,
            weights: Weights::new(bias),
            average: None,
        })
    }

    /// The averaged perceptron.
    pub fn averaged(learning_rate: f64, bias: BiasMode) -> Result<Self> {
        Ok(Self {
            average: Some(Average {
                weighted_updates: Weights::new(bias),
                samples: 0,
            }),
            ..Self::new(learning_rate, bias)?
        })
    }

    /// Continues from an existing linear model (its average starts afresh).
    pub fn with_model(mut self, model: &LinearModel) -> Self {
        self.weights = Weights::from_model(model, self.weights.mode());
        self
    }

    pub fn is_averaged(&self) -> bool {
        self.average.is_some()
    }

    pub fn learning_rate(&self) -> f64 {
        self.learning_rate
    }

    pub fn set_learning_rate(&mut self, learning_rate: f64) -> Result<()> {
        self.learning_rate = check(Key::LearningRate, learning_rate)?;
        Ok(())
    }

    pub fn set_bias_mode(&mut self, mode: BiasMode) {
        self.weights.set_mode(mode);
        if let Some(avg) = &mut self.average {
            avg.weighted_updates.set_mode(mode);
        }
    }

    /// The current (not averaged) weights, which the update rule moves.
    pub fn current(&self) -> &Weights {
        &self.weights
    }
}

impl Configured for Perceptron {
    fn retune(&mut self, settings: &Settings) {
        self.learning_rate = settings.learning_rate;
        self.set_bias_mode(settings.bias);
    }

    fn warm_start(&mut self, model: &LinearModel) {
        self.weights = Weights::from_model(model, self.weights.mode());
    }

    fn moving_model(&self) -> Option<LinearModel> {
        self.is_averaged().then(|| self.weights.model())
    }
}

impl Learner for Perceptron {
    fn task(&self) -> Task {
        Task::Classification
    }

    #[inline]
    fn score(&self, x: Features<'_>) -> f64 {
        let current = self.weights.score(x);
        match &self.average {
            None => current,
            Some(avg) => avg.score(current, x),
        }
    }

    // Always inlined: it is the body of every batch loop (see learner::learn_rows).
    #[inline(always)]
    fn learn_one(&mut self, x: Features<'_>, y: f64) -> Update {
        let raw = self.weights.score(x);
        let score = match &self.average {
            None => raw,
            Some(avg) => avg.score(raw, x),
        };
        let loss = hinge_loss(y, score);
        let step = self.learning_rate * y;
        let wrong = y * raw <= 0.0;
        if wrong {
            self.weights.add(x, step);
        }
        if let Some(avg) = &mut self.average {
            avg.samples += 1;
            if wrong {
                avg.weighted_updates.add(x, (avg.samples - 1) as f64 * step);
            }
        }
        if !wrong {
            return Update::passive(Task::Classification, y, score, loss);
        }
        Update {
            score,
            margin: y * score,
            loss,
            tau: self.learning_rate,
            score_after: self.score(x),
            aggressive: true,
            mistake: is_mistake(Task::Classification, y, score),
            support: Default::default(),
            confidence: Default::default(),
            details: Default::default(),
        }
    }

    fn reset(&mut self) {
        self.weights.reset();
        if let Some(avg) = &mut self.average {
            avg.weighted_updates.reset();
            avg.samples = 0;
        }
    }

    fn linear_model(&self) -> Option<LinearModel> {
        let mut model = self.weights.model();
        if let Some(avg) = self.average.as_ref().filter(|a| a.samples > 0) {
            let t = avg.samples as f64;
            let u = avg.weighted_updates.weights();
            for (i, w) in model.weights.iter_mut().enumerate() {
                *w -= u.get(i).copied().unwrap_or(0.0) / t;
            }
            model.bias -= avg.weighted_updates.bias() / t;
        }
        Some(model)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn average_equals_the_mean_of_the_weight_history() {
        let samples = [
            ([1.0, 0.5], 1.0),
            ([-0.5, 1.0], -1.0),
            ([0.2, -1.0], 1.0),
            ([1.0, 1.0], -1.0),
            ([-1.0, 0.3], 1.0),
        ];
        let mut plain = Perceptron::new(0.5, BiasMode::Decoupled).unwrap();
        let mut avg = Perceptron::averaged(0.5, BiasMode::Decoupled).unwrap();
        let mut history = vec![0.0; 3];
        for (x, y) in samples {
            plain.learn_one(Features::Dense(&x), y);
            avg.learn_one(Features::Dense(&x), y);
            let m = plain.linear_model().unwrap();
            let w = [m.weights[0], m.weights[1], m.bias];
            for k in 0..3 {
                history[k] += w[k];
            }
        }
        let m = avg.linear_model().unwrap();
        let n = samples.len() as f64;
        for (got, want) in [m.weights[0], m.weights[1], m.bias].iter().zip(&history) {
            assert!((got - want / n).abs() < 1e-12, "{got} vs {}", want / n);
        }
        let probe = Features::Dense(&[0.3, -0.7]);
        let direct = m.weights[0] * 0.3 - m.weights[1] * 0.7 + m.bias;
        assert!((avg.score(probe) - direct).abs() < 1e-12);
    }

    #[test]
    fn learning_rate_must_be_positive() {
        let err = Perceptron::new(0.0, BiasMode::None).unwrap_err();
        assert_eq!(
            err.to_string(),
            "learning rate must be positive and finite, got 0"
        );
    }
}
