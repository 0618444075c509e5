//! The Banditron (Kakade, Shalev-Shwartz & Tewari, "Efficient bandit
//! algorithms for online multiclass prediction", ICML 2008): a multiclass
//! perceptron that is never told the true class, only whether its guess
//! was right (bandit feedback). One weight row per class; on each sample
//!
//! ŷ = argmax_r W_r·x;  P(r) = (1 − γ)·1[r = ŷ] + γ/K;  draw ỹ ~ P;  guess ỹ
//!
//! and, told only 1[ỹ = y]:
//!
//! W_r ← W_r + η x (1[ỹ = y]·1[r = ỹ]/P(r) − 1[r = ŷ])   for every r
//!
//! an unbiased estimate of the multiclass perceptron's update (its mean
//! over ỹ is the max update: W_y gains x, W_ŷ loses it), so the row of ŷ
//! loses x on every sample, and a right guess gives its row x/P(ỹ).
//!
//! The update is transcribed from DOGMA's banditron_multi_train.m
//! (Orabona), which cites the paper; the paper's algorithm box could not be
//! opened while this was written, so no number of it is cited. LIBOL has no
//! banditron. Ours, where a choice was needed:
//!
//! - γ (`--banditron-gamma`, in (0, 1)): 0.01, DOGMA's default; the paper
//!   tunes γ per data set and has no default, LIBOL none.
//! - η, the perceptron's learning rate (the paper's is 1): it scales every
//!   update, so from W = 0 it changes no prediction.
//! - ỹ is drawn from one uniform u per sample of the session's seeded
//!   generator (the seed setting), as DOGMA does: the first r whose
//!   cumulative P(1) + … + P(r) exceeds u (the last class if rounding
//!   leaves u above the sum), so a link replays every guess and the NumPy
//!   transcription (scripts/reference/multiclass.py) takes the same u.
//! - Ties in ŷ go to the lowest class. Mistakes count ŷ ≠ y, the
//!   prediction's (the curves compare it with the other learners); the
//!   guesses that were wrong are counted apart ([`Banditron::wrong_guesses`]).

use rand::Rng as _;

use super::{best, ClassLearner, ClassStep};
use crate::data::rng::{seeded, Rng};
use crate::error::Result;
use crate::features::Features;
use crate::learner::{Details, Update};
use crate::linear::Weights;
use crate::settings::Checked;

/// The Banditron: its rows, γ, η and the generator of its guesses.
#[derive(Clone, Debug)]
pub struct Banditron {
    gamma: f64,
    eta: f64,
    rows: Vec<Weights>,
    rng: Rng,
    wrong_guesses: u64,
}

/// What the explanation panel shows: the guess ỹ (its class index), whether
/// it was right (1) or wrong (0), P(ỹ) and the uniform u that drew it.
const NAMES: [&str; 4] = ["guess", "told", "chance", "draw"];

impl Banditron {
    /// Never refused: the same signature as the left-out build's (left_out.rs).
    pub fn new(settings: &Checked, classes: usize) -> Result<Self> {
        Ok(Self {
            gamma: settings.banditron_gamma,
            eta: settings.learning_rate,
            rows: vec![Weights::new(settings.bias); classes],
            rng: seeded(settings.seed),
            wrong_guesses: 0,
        })
    }

    pub fn rows(&self) -> &[Weights] {
        &self.rows
    }

    pub fn rows_mut(&mut self) -> &mut [Weights] {
        &mut self.rows
    }

    /// The guesses that were wrong so far.
    pub fn wrong_guesses(&self) -> u64 {
        self.wrong_guesses
    }

    /// Live settings: γ and the learning rate, from the next sample on.
    pub fn retune(&mut self, settings: &Checked) {
        self.gamma = settings.banditron_gamma;
        self.eta = settings.learning_rate;
    }

    /// The guess ỹ for uniform `u`, and P(ỹ), given ŷ.
    fn guess(&self, predicted: usize, u: f64) -> (usize, f64) {
        let k = self.rows.len();
        let chance = |r: usize| {
            let explore = self.gamma / k as f64;
            if r == predicted {
                explore + (1.0 - self.gamma)
            } else {
                explore
            }
        };
        let mut cumulative = 0.0;
        for r in 0..k {
            cumulative += chance(r);
            if u < cumulative {
                return (r, chance(r));
            }
        }
        (k - 1, chance(k - 1))
    }

    /// Learns one sample of class `class`, of which it is told only
    /// whether its guess was right.
    pub fn learn_one(&mut self, x: Features<'_>, class: usize) -> ClassStep {
        let scores: Vec<f64> = self.rows.iter().map(|row| row.score(x)).collect();
        let predicted = best(scores.iter().copied(), None);
        let u: f64 = self.rng.random();
        let (guess, chance) = self.guess(predicted, u);
        // The only thing the rule learns of the class.
        let right = guess == class;
        self.wrong_guesses += u64::from(!right);
        let mut coefficients = vec![0.0; self.rows.len()];
        coefficients[predicted] -= 1.0;
        if right {
            coefficients[guess] += 1.0 / chance;
        }
        for (row, &c) in self.rows.iter_mut().zip(&coefficients) {
            if c != 0.0 {
                row.add(x, self.eta * c);
            }
        }
        // The report, for the page and the curves, reads the class.
        let wrong = best(scores.iter().copied(), Some(class));
        let after = |k: usize| self.rows[k].score(x);
        let margin = scores[class] - scores[wrong];
        let mut step = ClassStep::new(class, predicted, wrong, Update::default());
        for (r, &c) in coefficients.iter().enumerate().filter(|(_, &c)| c != 0.0) {
            step.keep(ClassLearner {
                class: r,
                score: scores[r],
                margin: 0.0,
                loss: 0.0,
                tau: self.eta * c,
                after: after(r),
                reached: 0.0,
                aggressive: true,
            });
        }
        step.update = Update {
            score: scores[class],
            margin,
            loss: (1.0 - margin).max(0.0),
            tau: self.eta,
            score_after: after(class) - after(wrong),
            aggressive: true,
            mistake: predicted != class,
            details: Details::new(
                &NAMES,
                [guess as f64, f64::from(u8::from(right)), chance, u],
            ),
            ..Update::default()
        };
        step
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::{BiasMode, Settings};

    fn banditron(gamma: f64, seed: u64, k: usize) -> Banditron {
        let settings = Settings {
            bias: BiasMode::None,
            banditron_gamma: gamma,
            seed,
            ..Settings::default()
        };
        Banditron::new(&settings.checked().unwrap(), k).unwrap()
    }

    #[test]
    fn it_guesses_the_top_class_with_probability_one_minus_gamma_plus_gamma_over_k() {
        let b = banditron(0.3, 0, 3);
        // ŷ = 1: P = (0.1, 0.8, 0.1) up to rounding; u picks by the cumulative sums.
        assert_eq!(b.guess(1, 0.05).0, 0);
        assert_eq!(b.guess(1, 0.5).0, 1);
        assert_eq!(b.guess(1, 0.95), (2, 0.3 / 3.0));
        assert_eq!(b.guess(1, 0.5).1, 0.3 / 3.0 + (1.0 - 0.3));
        // Over many samples the share of guesses away from ŷ is about γ(K − 1)/K.
        let mut b = banditron(0.3, 5, 3);
        let x = Features::Dense(&[0.0]);
        let away = (0..30_000)
            .filter(|_| {
                let step = b.learn_one(x, 0);
                step.update.details.values[0] as usize != step.predicted
            })
            .count();
        assert!((away as f64 / 30_000.0 - 0.2).abs() < 0.01, "{away}");
    }

    #[test]
    fn a_right_guess_adds_x_over_its_chance_and_the_prediction_always_loses_x() {
        let x = Features::Dense(&[1.0, 2.0]);
        for seed in 0..40 {
            let mut b = banditron(0.5, seed, 3);
            // W = 0: ŷ = 0, P = (2/3, 1/6, 1/6) up to rounding.
            let step = b.learn_one(x, 2);
            let [guess, told, chance, _] = step.update.details.values;
            let rows: Vec<&[f64]> = b.rows().iter().map(|r| r.weights()).collect();
            if guess == 2.0 {
                assert_eq!(told, 1.0);
                assert_eq!(rows[2], [1.0 / chance, 2.0 / chance]);
            } else {
                assert_eq!(told, 0.0);
                assert!(rows[2].iter().all(|&w| w == 0.0));
            }
            if guess != 0.0 {
                assert_eq!(rows[0], [-1.0, -2.0]);
            }
            assert!(step.update.mistake, "ŷ = 0 is not class 2");
            assert_eq!(b.wrong_guesses(), u64::from(told == 0.0));
        }
    }

    #[test]
    fn the_guesses_come_from_the_seed() {
        let run = |seed| {
            let mut b = banditron(0.2, seed, 4);
            (0..50)
                .map(|i| {
                    let x = [f64::from(i % 7) - 3.0, 1.0];
                    b.learn_one(Features::Dense(&x), (i % 4) as usize)
                        .update
                        .details
                        .values
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(run(3), run(3));
        assert_ne!(run(3), run(4));
        let mut rng = seeded(3);
        for values in run(3) {
            assert_eq!(values[3], rng.random::<f64>());
        }
    }
}
