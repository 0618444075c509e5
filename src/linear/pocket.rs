//! Gallant's pocket algorithm with ratchet (S. I. Gallant, "Perceptron-based
//! learning algorithms", IEEE Trans. Neural Networks 1(2), 1990).
//!
//! A perceptron runs underneath (if y f(x) <= 0 then w += eta y x). The
//! pocket counts the current run of consecutive samples the perceptron's w
//! got right; when that run is longer than the longest run the pocket
//! weights had, and (the ratchet) w makes no more mistakes than the pocket
//! on the samples seen so far, w is copied into the pocket. Predictions use
//! the pocket, so on non-separable data it keeps the best weights found
//! while the perceptron underneath keeps oscillating.
//!
//! "Samples seen so far" needs the samples: by default the pocket stores
//! every sample it learns from (memory grows with the stream). For a finite
//! point set cycled in epochs, [`Pocket::on_fixed_set`] judges on that set
//! instead and stores nothing. w is re-checked only after it changes, so
//! the cost is one pass over the stored samples per perceptron update that
//! starts a record run.

use super::{BiasMode, Weights};
use crate::data::Dataset;
use crate::error::Result;
use crate::features::Features;
use crate::learner::{
    hinge_loss, is_mistake, no_check, Configured, Details, Entry, Family, Info, Learner,
    LinearModel, Task, Update,
};
use crate::settings::{check, Key, Settings};

pub const INFO: Info = Info {
    name: "pocket",
    label: "Pocket",
    family: Family::Linear,
    rule: "a perceptron underneath; after a record run of correct predictions its w goes into the pocket if it errs no more on the samples seen",
    filled: "η = {lr}",
    step: "η",
    passive: "the perceptron underneath (dotted) predicted this sample correctly; only its own mistakes move it",
    // In the order of `Clause`: what the perceptron did, then the pocket.
    branches: &[
        "the perceptron underneath (dotted) scored f(x) = {perceptron}, a mistake, so it stepped by η = {tau}",
        "the perceptron underneath (dotted) scored f(x) = {perceptron}, right, so it does not move",
        "its run of correct predictions starts again at 0, so the pocket (solid) keeps its weights: the prediction's margin stays {reached}",
        "its run of correct predictions, {run}, is no record (the record is {record}), so the pocket (solid) keeps its weights",
        "its run, {run}, is a record, and the pocket (solid) already holds its weights",
        "after a record run of {run} it errs on {errs} of the samples judged and the pocket on {pocket}, no fewer, so the pocket (solid) takes its weights: the prediction's margin went from {margin} to {reached}",
        "after a record run of {run} it errs on {errs} of the samples judged but the pocket only on {pocket}, so the pocket (solid) keeps its weights",
        "its run, {run}, is a record, but these weights erred more than the pocket's when last compared, so the pocket (solid) keeps its weights",
    ],
    note: "predictions use the pocket (solid); the perceptron underneath (dotted) updates on its own mistakes",
    source: "Gallant 1990",
    reads: |_| &[Key::LearningRate, Key::Bias],
    ..Info::DEFAULT
};

crate::declare::clauses!(
    Stepped,
    Right,
    RunRestarts,
    NoRecord,
    AlreadyPocketed,
    Swapped,
    ErrsMore,
    ErredMoreBefore
);

pub const ENTRY: Entry<Pocket> = Entry {
    check: no_check,
    build: |s| Pocket::new(s.learning_rate, s.bias),
};

#[derive(Clone, Debug)]
pub struct Pocket {
    learning_rate: f64,
    current: Weights,
    pocket: Weights,
    /// Consecutive correct predictions of `current`.
    run: u64,
    /// The run that earned the pocket its weights.
    best_run: u64,
    /// The pocket's mistakes on `judge_set`.
    pocket_mistakes: u64,
    /// Samples the ratchet compares on.
    judge_set: Dataset,
    /// Whether learned samples are appended to `judge_set`.
    fixed: bool,
    /// `current` has not changed since it was last compared.
    current_checked: bool,
}

impl Pocket {
    /// Judges on every sample seen so far (stored as they arrive).
    pub fn new(learning_rate: f64, bias: BiasMode) -> Result<Self> {
        Ok(Self {
            learning_rate: check(Key::LearningRate, learning_rate)?,
            current: Weights::new(bias),
            pocket: Weights::new(bias),
            run: 0,
            best_run: 0,
            pocket_mistakes: 0,
            judge_set: Dataset::sparse(),
            fixed: false,
            current_checked: true,
        })
    }

    /// Judges on a fixed point set (the canvas in epochs mode).
    pub fn on_fixed_set(learning_rate: f64, bias: BiasMode, points: Dataset) -> Result<Self> {
        let mut pocket = Self::new(learning_rate, bias)?;
        pocket.judge_on(points);
        Ok(pocket)
    }

    /// From now on, judges on a fixed point set (and stores no more samples).
    pub fn judge_on(&mut self, points: Dataset) {
        self.pocket_mistakes = self.pocket.count_mistakes(&points);
        self.judge_set = points;
        self.fixed = true;
        self.current_checked = false;
    }

    /// Continues from an existing linear model (as both current and pocket).
    pub fn with_model(mut self, model: &LinearModel) -> Self {
        self.current = Weights::from_model(model, self.current.mode());
        self.pocket = self.current.clone();
        self.pocket_mistakes = self.pocket.count_mistakes(&self.judge_set);
        self
    }

    /// The perceptron's weights, which move on every mistake.
    pub fn current(&self) -> &Weights {
        &self.current
    }

    /// The pocket's weights, which predictions use.
    pub fn pocket(&self) -> &Weights {
        &self.pocket
    }

    /// The pocket's mistakes on the samples it is judged on.
    pub fn pocket_mistakes(&self) -> u64 {
        self.pocket_mistakes
    }

    pub fn best_run(&self) -> u64 {
        self.best_run
    }

    pub fn learning_rate(&self) -> f64 {
        self.learning_rate
    }

    pub fn set_learning_rate(&mut self, learning_rate: f64) -> Result<()> {
        self.learning_rate = check(Key::LearningRate, learning_rate)?;
        Ok(())
    }

    pub fn set_bias_mode(&mut self, mode: BiasMode) {
        self.current.set_mode(mode);
        self.pocket.set_mode(mode);
        self.pocket_mistakes = self.pocket.count_mistakes(&self.judge_set);
        self.current_checked = false;
    }

    /// Gallant's ratchet: pockets `current` after a record run if it makes
    /// no more mistakes than the pocket. Says which way it went, and
    /// current's mistakes when it counted them.
    fn consider_current(&mut self) -> (Clause, Option<u64>) {
        if self.run <= self.best_run {
            return (Clause::NoRecord, None);
        }
        if self.current == self.pocket {
            self.best_run = self.run;
            return (Clause::AlreadyPocketed, None);
        }
        if self.current_checked {
            return (Clause::ErredMoreBefore, None);
        }
        self.current_checked = true;
        let mistakes = self.current.count_mistakes(&self.judge_set);
        if mistakes <= self.pocket_mistakes {
            self.pocket = self.current.clone();
            self.pocket_mistakes = mistakes;
            self.best_run = self.run;
            return (Clause::Swapped, Some(mistakes));
        }
        (Clause::ErrsMore, Some(mistakes))
    }
}

impl Configured for Pocket {
    fn retune(&mut self, settings: &Settings) {
        self.learning_rate = settings.learning_rate;
        self.set_bias_mode(settings.bias);
    }

    fn warm_start(&mut self, model: &LinearModel) {
        self.current = Weights::from_model(model, self.current.mode());
        self.pocket = self.current.clone();
        self.pocket_mistakes = self.pocket.count_mistakes(&self.judge_set);
    }

    fn moving_model(&self) -> Option<LinearModel> {
        Some(self.current.model())
    }

    fn fix_batch(&mut self, points: &Dataset) {
        self.judge_on(points.clone());
    }
}

impl Learner for Pocket {
    fn task(&self) -> Task {
        Task::Classification
    }

    fn score(&self, x: Features<'_>) -> f64 {
        self.pocket.score(x)
    }

    fn learn_one(&mut self, x: Features<'_>, y: f64) -> Update {
        let score = self.pocket.score(x);
        let mistake = is_mistake(Task::Classification, y, score);
        if !self.fixed {
            self.pocket_mistakes += mistake as u64;
            // The stored copy cannot fail: the sample reached us finite.
            let _ = self.judge_set.push(x, y);
        }
        let raw = self.current.score(x);
        let update = y * raw <= 0.0;
        if update {
            self.current.add(x, self.learning_rate * y);
            self.current_checked = false;
            self.run = 0;
        } else {
            self.run += 1;
        }
        // What the verdict tells: the perceptron's score, its run, and the
        // record or the two mistake counts the ratchet compared.
        let (record, judged) = (self.best_run as f64, self.pocket_mistakes as f64);
        let (ratchet, counted) = self.consider_current();
        let run = self.run as f64;
        let details = match counted {
            Some(errs) => Details::new(
                &["perceptron", "run", "errs", "pocket"],
                [raw, run, errs as f64, judged],
            ),
            None => Details::new(&["perceptron", "run", "record"], [raw, run, record]),
        };
        let (perceptron, pocket) = match (update, ratchet) {
            (true, _) => (Clause::Stepped, Clause::RunRestarts),
            (false, ratchet) => (Clause::Right, ratchet),
        };
        Update {
            score,
            margin: y * score,
            loss: hinge_loss(y, score),
            tau: if update { self.learning_rate } else { 0.0 },
            score_after: self.pocket.score(x),
            aggressive: update,
            mistake,
            support: Default::default(),
            confidence: Default::default(),
            details: details.branch(perceptron as u8).branch(pocket as u8),
        }
    }

    fn reset(&mut self) {
        self.current.reset();
        self.pocket.reset();
        self.run = 0;
        self.best_run = 0;
        self.current_checked = true;
        if self.fixed {
            self.pocket_mistakes = self.pocket.count_mistakes(&self.judge_set);
        } else {
            self.judge_set = Dataset::sparse();
            self.pocket_mistakes = 0;
        }
    }

    fn linear_model(&self) -> Option<LinearModel> {
        Some(self.pocket.model())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{Preset, Stream, StreamConfig};
    use crate::learner::sign;

    fn mistakes_of(model: &LinearModel, data: &Dataset) -> usize {
        (0..data.len())
            .filter(|&i| sign(data.row(i).dot(&model.weights) + model.bias) != data.label(i))
            .count()
    }

    #[test]
    fn pocket_never_gets_worse_on_what_it_has_seen() {
        let data = Stream::new(StreamConfig::new(Preset::Overlapping, 2))
            .unwrap()
            .take(600);
        let mut pocket = Pocket::new(1.0, BiasMode::Augmented).unwrap();
        let mut best_so_far = u64::MAX;
        for i in 0..data.len() {
            pocket.learn_one(data.row(i), data.label(i));
            let seen = data.head(i + 1);
            let m = mistakes_of(&pocket.linear_model().unwrap(), &seen) as u64;
            assert_eq!(m, pocket.pocket_mistakes(), "bookkeeping at sample {i}");
            // Mistakes may only grow by the newly seen sample, never by a worse pocket.
            if best_so_far != u64::MAX {
                assert!(m <= best_so_far + 1);
            }
            best_so_far = m;
        }
    }

    #[test]
    fn on_a_fixed_set_the_pocket_beats_the_final_perceptron() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/pocket-pla.csv");
        let Ok(loaded) = crate::data::read_csv(&path, &Default::default()) else {
            return;
        };
        let points = loaded.data;
        let mut pocket = Pocket::on_fixed_set(1.0, BiasMode::Augmented, points.clone()).unwrap();
        for _epoch in 0..50 {
            for i in 0..points.len() {
                pocket.learn_one(points.row(i), points.label(i));
            }
        }
        let pocketed = mistakes_of(&pocket.linear_model().unwrap(), &points);
        let current = mistakes_of(&pocket.current().model(), &points);
        assert_eq!(pocketed as u64, pocket.pocket_mistakes());
        assert!(
            pocketed <= current,
            "pocket {pocketed} vs current {current}"
        );
        assert!(
            pocketed < 30,
            "pocket should separate most of seed 003's points: {pocketed}"
        );
    }
}
