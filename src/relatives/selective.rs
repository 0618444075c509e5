//! The selective sampling perceptron (Cesa-Bianchi, Gentile & Zaniboni,
//! "Worst-case analysis of selective sampling for linear classification",
//! JMLR 7 (2006) 1205-1230: its selective sampling Perceptron, with a
//! fixed b > 0). On each sample it predicts SGN(w·x), then draws
//! Z ~ Bernoulli(p):
//!
//! p = b/(b + |w·x|);  if Z = 1 (the label is asked) and y w·x ≤ 0:  w ← w + y x
//!
//! It asks for the label surely where it is unsure (|w·x| = 0) and ever
//! less often as the sample lies further from its boundary; b sets how
//! fast. A label it did not ask for is never seen, so it cannot learn
//! from it. The paper's bound holds in expectation over the draws.
//!
//! Z is drawn as u < p with u uniform in [0, 1), one u per sample from the
//! session's seeded generator (the seed setting), asked or not and also
//! at p = 1, so that a link replays which labels were asked, and the
//! NumPy transcription (scripts/reference/relatives.py) takes the same u.
//! `reset` starts the draws again from the seed.
//!
//! Where the paper is silent, ours: b = 1 by default (its theorem tunes b
//! to the data's radius and margin, which an online learner does not know;
//! its adaptive variant, which grows b with the mistakes, is not this
//! one); a mistake is y w·x ≤ 0, as for our perceptron (the paper updates
//! on SGN(w·x) ≠ y); the paper has no intercept: `--bias augmented` makes
//! b a weight on a constant 1, decoupled is refused. Mistakes are counted
//! on every sample, asked or not (the paper's count), and the labels asked
//! are counted apart ([`SelectivePerceptron::labels_asked`]).
//!
//! ```
//! use onlinelearn::{Algorithm, AnyLearner, Features, Learner, Settings};
//! let s = Settings { selective_b: 1.0, ..Settings::default() };
//! let mut p = AnyLearner::new(Algorithm::SelectivePerceptron, &s).unwrap();
//! // w = 0: p = 1, so the first label is always asked, and y w·x = 0 updates.
//! let u = p.learn_one(Features::Dense(&[1.0, 2.0]), -1.0);
//! assert!(u.aggressive);
//! assert_eq!(p.labels_asked(), Some(1));
//! ```

use crate::linear::{linear_learner, LinearHooks};
use rand::Rng as _;

use super::{bias_rule_and_entry, clauses_with_code, with_code};
use crate::data::rng::{seeded, Rng};
use crate::error::Result;
use crate::features::Features;
use crate::learner::{hinge_loss, Details, Family, Info, Task, Update};
use crate::linear::Weights;
use crate::settings::{Checked, Key, Settings};

pub const INFO: Info = Info {
    name: "selective-perceptron",
    label: "Selective sampling perceptron",
    family: Family::Linear,
    rule: with_code("ask for the label with probability p = b/(b + |w·x|); if it was asked and y w·x ≤ 0: w ← w + y x"),
    filled: with_code("p = b/(b + |w·x|) = {selective-b}/({selective-b} + {absf}) = {ask};  u = {draw}"),
    step: "coefficient",
    passive: with_code("the label was not asked for, or the prediction was right"),
    // In the order of `Clause`.
    branches: clauses_with_code(&[
        "the label was asked (u = {draw} < p = {ask}; {asked} labels asked so far) and y w·x = {margin} ≤ 0, a mistake: w ← w + y x; the margin went from {margin} to {reached}",
        "the label was asked (u = {draw} < p = {ask}; {asked} labels asked so far) and y w·x = {margin} > 0: right, so nothing changes",
        "the label was not asked (u = {draw} ≥ p = {ask}; {asked} labels asked so far): the learner never sees y, so nothing changes",
    ]),
    note: with_code("u is drawn from the session's seeded generator, one per sample, so a link replays which labels were asked; mistakes count every sample, asked or not"),
    update: with_code("w ← w + y·x, on a mistake whose label was asked"),
    source: with_code("Cesa-Bianchi, Gentile & Zaniboni 2006"),
    stochastic: true,
    reads: |_| &[Key::SelectiveB, Key::Bias],
    ..Info::DEFAULT
};

bias_rule_and_entry!(
    SelectivePerceptron,
    "the selective sampling perceptron",
    ": its bias is a weight on a constant 1 (--bias augmented), or absent (--bias none)"
);

crate::declare::clauses!(Mistake, Right, NotAsked);

/// The selective sampling perceptron: the weights, b, the generator of
/// its draws and the labels asked so far.
#[derive(Clone, Debug)]
pub struct SelectivePerceptron {
    b: f64,
    weights: Weights,
    seed: u64,
    rng: Rng,
    asked: u64,
}

impl SelectivePerceptron {
    pub fn from_settings(s: &Checked) -> Result<Self> {
        check_bias(s)?;
        Ok(Self {
            b: s.selective_b,
            weights: Weights::new(s.bias),
            seed: s.seed,
            rng: seeded(s.seed),
            asked: 0,
        })
    }

    /// The labels it has asked for since it was built or reset.
    pub fn labels_asked(&self) -> u64 {
        self.asked
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let score = self.weights.score(x);
        let passive = Update::passive(Task::Classification, y, score, hinge_loss(y, score));
        let p = self.b / (self.b + score.abs());
        let u: f64 = self.rng.random();
        let asked = u < p;
        self.asked += asked as u64;
        let numbers = Details::new(
            &["ask", "draw", "asked", "absf"],
            [p, u, self.asked as f64, score.abs()],
        );
        if !asked {
            return passive.with(numbers.branch(Clause::NotAsked as u8));
        }
        if y * score > 0.0 {
            return passive.with(numbers.branch(Clause::Right as u8));
        }
        self.weights.add(x, y);
        Update {
            tau: 1.0,
            score_after: self.weights.score(x),
            aggressive: true,
            ..passive
        }
        .with(numbers.branch(Clause::Mistake as u8))
    }
}

linear_learner!(SelectivePerceptron, weights);

impl LinearHooks for SelectivePerceptron {
    fn tune(&mut self, settings: &Settings) {
        self.b = settings.selective_b;
    }

    fn clear(&mut self) {
        self.rng = seeded(self.seed);
        self.asked = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learner::Learner;
    use crate::settings::{built, unbiased};

    fn selective(b: f64, seed: u64) -> SelectivePerceptron {
        built(
            SelectivePerceptron::from_settings,
            Settings {
                selective_b: b,
                seed,
                ..unbiased()
            },
        )
    }

    #[test]
    fn it_asks_with_probability_b_over_b_plus_the_score_and_learns_only_then() {
        let mut s = selective(0.5, 9);
        s.learn_one(Features::Dense(&[2.0]), 1.0); // w = 0: p = 1, asked
        assert_eq!((s.weights.weights(), s.asked), (&[2.0][..], 1));
        // |w·x| = 2·3 = 6: p = 0.5/6.5. Over many draws about that share is asked.
        let mut asked = 0;
        for _ in 0..20_000 {
            let u = s.learn_one(Features::Dense(&[3.0]), 1.0);
            assert_eq!(u.details.values[0], 0.5 / 6.5);
            let clause = u.details.branches[0];
            assert!(!u.aggressive && (clause == 2 || clause == 3));
            asked += (clause == 2) as u64;
        }
        assert_eq!(s.asked, asked + 1);
        let share = asked as f64 / 20_000.0;
        assert!((share - 0.5 / 6.5).abs() < 0.01, "{share}");
    }

    #[test]
    fn the_draws_come_from_the_seed_and_reset_starts_them_again() {
        let xs = [[1.0], [-0.5], [2.0], [0.25], [-3.0], [1.5]];
        let run = |s: &mut SelectivePerceptron| -> Vec<Update> {
            xs.iter()
                .enumerate()
                .map(|(i, x)| s.learn_one(Features::Dense(x), if i % 2 == 0 { 1.0 } else { -1.0 }))
                .collect()
        };
        let mut a = selective(0.1, 4);
        let first = run(&mut a);
        a.reset();
        assert_eq!(run(&mut a), first);
        // The draw is the seed's: u is the generator's first uniform, and so on.
        let mut rng = seeded(4);
        for update in &first {
            assert_eq!(update.details.values[1], rng.random::<f64>());
        }
        assert_ne!(run(&mut selective(0.1, 5)), first);
    }
}
