//! The Banditron (Kakade, Shalev-Shwartz & Tewari, "Efficient bandit
//! algorithms for online multiclass prediction", ICML 2008, pp. 440-447): a
//! multiclass perceptron that is never told the true class, only whether
//! its guess was right (bandit feedback). The paper's Algorithm 1 (p. 442),
//! transcribed: W¹ = 0 (k rows), and on each sample
//!
//! ŷ = argmax_r W_r·x;  P(r) = (1 − γ)·1[r = ŷ] + γ/k;  draw ỹ ~ P;  predict ỹ
//!
//! and, told only 1[ỹ = y]:
//!
//! Ũ_r = x (1[y = ỹ]·1[ỹ = r]/P(r) − 1[ŷ = r]),  W_r ← W_r + η Ũ_r   for every r
//!
//! whose mean over ỹ is the multiclass perceptron's U of Eq. (3) (p. 442,
//! x added to row y and taken from row ŷ: the paper's Lemma 4), so the row
//! of ŷ loses x on every sample, and a right guess gives its row x/P(ỹ).
//! DOGMA's banditron_multi_train.m (Orabona) runs the same rule; LIBOL has
//! no banditron.
//!
//! - The prediction is the guess ỹ ("Predict ỹ_t", Algorithm 1), and the
//!   mistakes are the paper's M, the number of ỹ ≠ y (Theorem 1, p. 443;
//!   DOGMA's errTot counts the same). The top class's misses, ŷ ≠ y, are
//!   the paper's M̂ (E[M] ≤ E[M̂] + γT, end of the proof of Theorem 1),
//!   counted apart ([`Banditron::top_mistakes`]).
//! - γ (`--banditron-gamma`): in (0, 0.5), Algorithm 1's range. The paper
//!   has no default: its Figure 1 (p. 446) tunes γ per data set (best 0.014
//!   on SynSep, 0.006 on SynNonSep, 0.05 on Reuters4) and its Corollaries 2
//!   and 3 set it from the horizon (√(kD/T), ρ(kD/T)^(1/3)). Ours is 0.01,
//!   DOGMA's default, within the paper's tuned range. (The text of p. 442
//!   says "explore (with probability 1 − γ)"; Algorithm 1's P explores with
//!   probability γ, and that is what runs.)
//! - η, the perceptron's learning rate (the paper's is 1): it scales every
//!   update, so from W = 0 it changes no prediction.
//! - ỹ is drawn from one uniform u per sample of the session's seeded
//!   generator (the seed setting), as DOGMA does: the first r whose
//!   cumulative P(1) + … + P(r) exceeds u (the last class if rounding
//!   leaves u above the sum), so a link replays every guess and the NumPy
//!   transcription (scripts/reference/multiclass.py) takes the same u.
//! - Ties in ŷ go to the lowest class (the paper's argmax leaves them open).

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
    top_mistakes: u64,
}

/// What the explanation panel shows: the guess ỹ and the top class ŷ (their
/// class indices), P(ỹ) and the uniform u that drew ỹ. Whether the guess
/// was right is the step's mistake flag (the prediction is ỹ).
const NAMES: [&str; 4] = ["guess", "top", "chance", "draw"];

impl Banditron {
    /// Never refused: the same signature as the left-out build's (left_out.rs).
    pub fn new(settings: &Checked, classes: usize) -> Result<Self> {
        Ok(Self {
            gamma: settings.banditron_gamma,
            eta: settings.learning_rate,
            rows: vec![Weights::new(settings.bias); classes],
            rng: seeded(settings.seed),
            top_mistakes: 0,
        })
    }

    pub fn rows(&self) -> &[Weights] {
        &self.rows
    }

    pub fn rows_mut(&mut self) -> &mut [Weights] {
        &mut self.rows
    }

    /// The samples whose top class ŷ was not theirs so far (the paper's
    /// M̂; the mistakes, of the guesses ỹ, are its M).
    pub fn top_mistakes(&self) -> u64 {
        self.top_mistakes
    }

    /// Live settings: γ and the learning rate, from the next sample on.
    pub fn retune(&mut self, settings: &Checked) {
        self.gamma = settings.banditron_gamma;
        self.eta = settings.learning_rate;
    }

    /// P(r) = (1 − γ)·1[r = ŷ] + γ/k, given ŷ = `top`.
    fn chance(&self, top: usize, r: usize) -> f64 {
        let explore = self.gamma / self.rows.len() as f64;
        if r == top {
            explore + (1.0 - self.gamma)
        } else {
            explore
        }
    }

    /// The guess ỹ for uniform `u`, and P(ỹ), given ŷ = `top`.
    fn guess(&self, top: usize, u: f64) -> (usize, f64) {
        let k = self.rows.len();
        let mut cumulative = 0.0;
        for r in 0..k {
            cumulative += self.chance(top, r);
            if u < cumulative {
                return (r, self.chance(top, r));
            }
        }
        (k - 1, self.chance(top, k - 1))
    }

    /// Ũ's coefficients of x, row by row (Algorithm 1): 1[y = ỹ]·1[ỹ = r]/P(r)
    /// − 1[ŷ = r]; `right` is 1[y = ỹ], all the rule knows of y.
    fn coefficients(&self, top: usize, guess: usize, chance: f64, right: bool) -> Vec<f64> {
        let mut coefficients = vec![0.0; self.rows.len()];
        coefficients[top] -= 1.0;
        if right {
            coefficients[guess] += 1.0 / chance;
        }
        coefficients
    }

    /// Learns one sample of class `class`, of which it is told only
    /// whether its guess was right.
    pub fn learn_one(&mut self, x: Features<'_>, class: usize) -> ClassStep {
        let scores: Vec<f64> = self.rows.iter().map(|row| row.score(x)).collect();
        let top = best(scores.iter().copied(), None);
        let u: f64 = self.rng.random();
        let (guess, chance) = self.guess(top, u);
        // The only thing the rule learns of the class.
        let right = guess == class;
        self.top_mistakes += u64::from(top != class);
        let coefficients = self.coefficients(top, guess, chance, right);
        for (row, &c) in self.rows.iter_mut().zip(&coefficients) {
            if c != 0.0 {
                row.add(x, self.eta * c);
            }
        }
        // The report, for the page and the curves, reads the class.
        let wrong = best(scores.iter().copied(), Some(class));
        let after = |k: usize| self.rows[k].score(x);
        let margin = scores[class] - scores[wrong];
        // The prediction is the guess.
        let mut step = ClassStep::new(class, guess, wrong, Update::default());
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
            mistake: !right,
            details: Details::new(&NAMES, [guess as f64, top as f64, chance, u]),
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
                let [guess, top, ..] = b.learn_one(x, 0).update.details.values;
                guess != top
            })
            .count();
        assert!((away as f64 / 30_000.0 - 0.2).abs() < 0.01, "{away}");
    }

    #[test]
    fn a_right_guess_adds_x_over_its_chance_and_the_top_row_always_loses_x() {
        let x = Features::Dense(&[1.0, 2.0]);
        for seed in 0..40 {
            let mut b = banditron(0.45, seed, 3);
            // W = 0: ŷ = 0, P = (0.7, 0.15, 0.15) up to rounding.
            let step = b.learn_one(x, 2);
            let [guess, top, chance, _] = step.update.details.values;
            assert_eq!(top, 0.0);
            let rows: Vec<&[f64]> = b.rows().iter().map(|r| r.weights()).collect();
            if guess == 2.0 {
                assert_eq!(rows[2], [1.0 / chance, 2.0 / chance]);
            } else {
                assert!(rows[2].iter().all(|&w| w == 0.0));
            }
            if guess != 0.0 {
                assert_eq!(rows[0], [-1.0, -2.0]);
            }
            // The prediction is the guess ỹ: its mistakes are the paper's M,
            // the top class's (ŷ = 0 is not class 2) its M̂.
            assert_eq!(step.predicted, guess as usize);
            assert_eq!(step.update.mistake, guess != 2.0);
            assert_eq!(b.top_mistakes(), 1);
        }
    }

    #[test]
    fn the_update_is_unbiased_its_mean_is_the_multiclass_perceptrons() {
        // Lemma 4 (p. 443): E[Ũ] = U, U_r = x (1[y = r] − 1[ŷ = r]) (Eq. 3),
        // over ỹ ~ P. A rule that forgot the 1/P(ỹ), or took P(ŷ), fails.
        let b = banditron(0.3, 0, 4);
        for (top, y) in [(0, 0), (0, 2), (3, 1), (2, 2)] {
            let mut mean = [0.0; 4];
            for guess in 0..4 {
                let chance = b.chance(top, guess);
                let u = b.coefficients(top, guess, chance, guess == y);
                for (m, c) in mean.iter_mut().zip(u) {
                    *m += chance * c;
                }
            }
            for (r, m) in mean.iter().enumerate() {
                let want = f64::from(u8::from(r == y)) - f64::from(u8::from(r == top));
                assert!((m - want).abs() < 1e-12, "ŷ {top}, y {y}, row {r}: {m}");
            }
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
