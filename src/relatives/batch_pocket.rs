//! Seed 003's batch pocket (Lao Ma's Pocket PLA post, 2019, "老马学机器学习-08")
//! as a learner of the page and the registry: the same search as
//! [`crate::linear::BatchPocket`] (the command line's `batch-pocket`),
//! one try per step.
//!
//! w starts at random (N(0, 1) weights and bias from the seed, as the
//! post's `np.random.randn(3, 1)`); a try takes a sample w misclassifies
//! (sign(w·x) ≠ y) and keeps w + y x only if it makes fewer mistakes over
//! the whole batch:
//!
//! if sign(w·x) ≠ y and mistakes(w + y x) < mistakes(w):  w ← w + y x
//!
//! The batch, and which sample is tried, depend on where the samples come
//! from (ours; the post has only its fixed 100 points):
//! - **a fixed set** (the page's Epochs, [`Configured::fix_batch`]): the
//!   points on the plane, standardised as the post does
//!   ([`super::batch_units`]): w lives in those units and is drawn back in
//!   the plane's. Each step draws a misclassified point at random from the
//!   session's seeded generator ([`Configured::pick`]) and tries it: the
//!   post's loop, draw for draw the command line's `batch-pocket` on the
//!   same points and seed (tests_batch_pocket.rs).
//! - **a stream** (Compare, the command line's `learn`): every sample seen
//!   so far, as the Pocket's ratchet judges (`Pocket::new`). Each sample
//!   joins the batch and is tried if w misclassifies it: the stream's own
//!   order stands for the post's random draw. Refusing streams would leave
//!   the learner out of Compare, which only streams, and of the command
//!   line's `learn`; the cost of a try grows with the samples, but the tries
//!   are capped by `--iterations`.
//!
//! After `--iterations` tries (the post's 100) the search stops and w
//! stays: a run of the post's loop. Reset starts it again from the same
//! random w. The weights of features first seen after the start begin at
//! 0. A step that tries nothing (w right, or the tries done) changes
//! nothing. Its progressive mistakes count as every learner's do: in
//! Epochs every try is on a point w misclassifies, so counts as a mistake,
//! until the tries are done; the accuracy on the points is the curve to watch.
//!
//! ```
//! use onlinelearn::{Algorithm, AnyLearner, Features, Learner, Settings};
//! let mut l = AnyLearner::new(Algorithm::BatchPocket, &Settings::default()).unwrap();
//! l.learn_one(Features::Dense(&[1.0, 2.0]), 1.0);
//! l.learn_one(Features::Dense(&[-1.0, -2.0]), -1.0);
//! // The batch is the two samples: w never errs on more of them than it started with.
//! assert!(l.linear_model().is_some());
//! ```

use rand::Rng as _;

use super::batch_units::BatchUnits;
use super::{bias_rule_and_entry, clauses_with_code, with_code};
use crate::data::rng::{seeded, Rng};
use crate::data::Dataset;
use crate::error::Result;
use crate::features::Features;
use crate::learner::{
    hinge_loss, sign, Configured, Details, Family, Info, Learner, LinearModel, Task, Update,
};
use crate::linear::{start_value, Weights};
use crate::settings::{Checked, Key, Settings};

pub const INFO: Info = Info {
    name: "batch-pocket",
    label: "Batch pocket",
    family: Family::Linear,
    rule: with_code("w starts at random; if sign(w·x) ≠ y, try w + y x and keep it only if it makes fewer mistakes M over the n samples of the batch; at most T tries (iterations)"),
    filled: with_code("t = {tries},  T = {iterations},  n = {batch}\nM(w) = {kept},  M(w + y x) = {proposed}"),
    step: "coefficient",
    passive: with_code("w classifies this sample right, or the proposal made no fewer mistakes"),
    // In the order of `Clause`.
    branches: clauses_with_code(&[
        "sign(w·x) ≠ y, so it tried w + y x (dotted): {proposed} mistakes over the {batch} samples, fewer than w's {kept}, so w + y x is kept; the margin went from {margin} to {reached}",
        "sign(w·x) ≠ y, so it tried w + y x (dotted): {proposed} mistakes over the {batch} samples, no fewer than w's {kept}, so it is refused and w stays",
        "w classifies this sample right, so there is nothing to try ({kept} of the {batch} samples misclassified)",
        "its {iterations} tries are done (the post's loop ends there), so w stays with {kept} of the {batch} samples misclassified; Reset starts the run again",
    ]),
    note: with_code("Lao Ma's Pocket PLA post (2019). In Epochs the batch is the points on the plane, standardised as the post does, and each step tries a misclassified point drawn from the seed, so every try counts as a mistake until the T tries are done: watch the accuracy on the points. In a stream the batch is every sample so far, as they come, and each sample w misclassifies is tried: its mistakes are the stream's own."),
    update: with_code("w ← w + y·x, only if that makes fewer mistakes over the batch"),
    source: with_code("Lao Ma 2019 (the Pocket PLA post)"),
    stochastic: true,
    reads: |_| &[Key::Iterations, Key::Bias],
    ..Info::DEFAULT
};

bias_rule_and_entry!(
    BatchPocketLearner,
    "the batch pocket",
    ": its bias is a weight on a constant 1, the post's x₀ = 1 (--bias augmented), or absent (--bias none)",
);

crate::declare::clauses!(Kept, Refused, Right, Done);

/// The batch pocket: w, its batch and its mistakes there, the tries.
#[derive(Clone, Debug)]
pub struct BatchPocketLearner {
    weights: Weights,
    /// Whether the bias has had its random start, and which weights have:
    /// a weight is drawn when its feature first shows a value other than 0
    /// (a sparse row starts where its dense twin does).
    started: bool,
    drawn: Vec<bool>,
    seed: u64,
    rng: Rng,
    iterations: u64,
    tries: u64,
    batch: Dataset,
    /// Whether the batch is a fixed set (else every sample joins it).
    fixed: bool,
    /// A fixed set's standardisation: then the batch, w and the proposal
    /// are in its units.
    units: Option<BatchUnits>,
    /// A sample standardised, kept from one to the next.
    scratch: Vec<f64>,
    /// w's mistakes over the batch.
    mistakes: u64,
    /// The last step's proposal w + y x (None when it tried nothing).
    proposal: Option<LinearModel>,
}

impl BatchPocketLearner {
    pub fn from_settings(s: &Checked) -> Result<Self> {
        check_bias(s)?;
        Ok(Self {
            weights: Weights::new(s.bias),
            started: false,
            drawn: Vec::new(),
            seed: s.seed,
            rng: seeded(s.seed),
            iterations: s.iterations,
            tries: 0,
            batch: Dataset::sparse(),
            fixed: false,
            units: None,
            scratch: Vec::new(),
            mistakes: 0,
            proposal: None,
        })
    }

    /// On a fixed set: its standardisation and w in its units (the post's),
    /// for the page to show beside the plane's.
    pub fn standard_units(&self) -> Option<(&BatchUnits, LinearModel)> {
        self.units.as_ref().map(|u| (u, self.weights.model()))
    }

    /// A model in w's units as the plane holds its points.
    fn on_plane(&self, model: LinearModel) -> LinearModel {
        match &self.units {
            Some(units) => units.to_plane(&model),
            None => model,
        }
    }

    /// The tries made since the start.
    pub fn tries(&self) -> u64 {
        self.tries
    }

    /// w's mistakes over the batch.
    pub fn mistakes(&self) -> u64 {
        self.mistakes
    }

    /// The random start of the bias (once) and of the weights `x` shows
    /// for the first time ([`start_value`], as the command line's
    /// `BatchPocket::new` draws them).
    fn start(&mut self, x: Features<'_>) {
        if !self.started {
            self.started = true;
            self.weights.set_bias(start_value(self.seed, None));
        }
        let mut fresh = false;
        nonzero(x, |j, _| {
            if !self.drawn.get(j).copied().unwrap_or(false) {
                if j >= self.drawn.len() {
                    self.drawn.resize(j + 1, false);
                }
                self.drawn[j] = true;
                self.weights.set(j, start_value(self.seed, Some(j)));
                fresh = true;
            }
        });
        if fresh {
            self.mistakes = self.weights.count_mistakes(&self.batch);
        }
    }

    /// The start over every feature of a fixed set, used or not.
    fn start_all(&mut self, width: usize) {
        let ones = vec![1.0; width];
        self.start(Features::Dense(&ones));
        self.mistakes = self.weights.count_mistakes(&self.batch);
    }

    fn wrong(weights: &Weights, x: Features<'_>, y: f64) -> bool {
        sign(weights.score(x)) != y
    }

    fn details(&self, names: Option<u64>) -> Details {
        let (kept, tries, batch) = (
            self.mistakes as f64,
            self.tries as f64,
            self.batch.len() as f64,
        );
        match names {
            Some(proposed) => Details::new(
                &["kept", "proposed", "tries", "batch"],
                [kept, proposed as f64, tries, batch],
            ),
            None => Details::new(&["kept", "tries", "batch"], [kept, tries, batch]),
        }
    }

    /// One sample, in w's units: a try if w misclassifies it.
    fn try_one(&mut self, x: Features<'_>, y: f64) -> Update {
        self.start(x);
        let score = self.weights.score(x);
        let passive = Update::passive(Task::Classification, y, score, hinge_loss(y, score));
        let wrong = Self::wrong(&self.weights, x, y);
        if !self.fixed {
            // The stored copy cannot fail: the sample reached us finite.
            if self.batch.push(x, y).is_ok() {
                self.mistakes += wrong as u64;
            }
        }
        self.proposal = None;
        if self.tries >= self.iterations {
            return passive.with(self.details(None).branch(Clause::Done as u8));
        }
        if !wrong {
            return passive.with(self.details(None).branch(Clause::Right as u8));
        }
        self.tries += 1;
        let mut proposal = self.weights.clone();
        proposal.add(x, y);
        let proposed = proposal.count_mistakes(&self.batch);
        let details = self.details(Some(proposed));
        self.proposal = Some(proposal.model());
        if proposed >= self.mistakes {
            return passive.with(details.branch(Clause::Refused as u8));
        }
        self.weights = proposal;
        self.mistakes = proposed;
        Update {
            tau: 1.0,
            score_after: self.weights.score(x),
            aggressive: true,
            ..passive
        }
        .with(details.branch(Clause::Kept as u8))
    }
}

impl Configured for BatchPocketLearner {
    fn retune(&mut self, settings: &Settings) {
        self.iterations = settings.iterations;
        self.weights.set_mode(settings.bias);
        self.mistakes = self.weights.count_mistakes(&self.batch);
    }

    fn warm_start(&mut self, model: &LinearModel) {
        let model = match &self.units {
            Some(units) => units.from_plane(model),
            None => model.clone(),
        };
        self.weights = Weights::from_model(&model, self.weights.mode());
        self.started = true;
        self.drawn = vec![true; model.weights.len()];
        self.mistakes = self.weights.count_mistakes(&self.batch);
    }

    fn moving_model(&self) -> Option<LinearModel> {
        self.proposal.clone().map(|p| self.on_plane(p))
    }

    /// The plane's points standardised become the batch; a model already
    /// drawn stays where it is on the plane, in the new units.
    fn fix_batch(&mut self, points: &Dataset) {
        let drawn = self.started.then(|| self.on_plane(self.weights.model()));
        let units = BatchUnits::of(points);
        self.batch = units.batch(points);
        if let Some(model) = drawn {
            self.weights = Weights::from_model(&units.from_plane(&model), self.weights.mode());
        }
        self.units = Some(units);
        self.proposal = None;
        self.fixed = true;
        self.start_all(points.n_features());
    }

    /// A misclassified point of the fixed batch, drawn as the post's
    /// `np.random.choice` (and `BatchPocket::step`) does; None once the
    /// tries are done or none is misclassified, without a draw.
    fn pick(&mut self) -> Option<usize> {
        if !self.fixed || self.tries >= self.iterations {
            return None;
        }
        let wrong: Vec<usize> = (0..self.batch.len())
            .filter(|&i| Self::wrong(&self.weights, self.batch.row(i), self.batch.label(i)))
            .collect();
        if wrong.is_empty() {
            return None;
        }
        Some(wrong[self.rng.random_range(0..wrong.len())])
    }
}

impl Learner for BatchPocketLearner {
    fn task(&self) -> Task {
        Task::Classification
    }

    /// w·x + b, with the random start of a weight (or the bias) not drawn
    /// yet: what it would be once `x` is learned. On a fixed set, of `x`
    /// standardised (every weight is drawn there).
    fn score(&self, x: Features<'_>) -> f64 {
        if let Some(units) = &self.units {
            return units.score(&self.weights, x);
        }
        let bias = match (self.started, self.weights.mode()) {
            (false, mode) if mode.learns_bias() => start_value(self.seed, None),
            _ => 0.0,
        };
        let mut unseen = 0.0;
        nonzero(x, |j, v| {
            if !self.drawn.get(j).copied().unwrap_or(false) {
                unseen += v * start_value(self.seed, Some(j));
            }
        });
        self.weights.score(x) + bias + unseen
    }

    fn learn_one(&mut self, x: Features<'_>, y: f64) -> Update {
        if let Some(units) = &self.units {
            let mut z = std::mem::take(&mut self.scratch);
            units.apply(x, &mut z);
            let update = self.try_one(Features::Dense(&z), y);
            self.scratch = z;
            return update;
        }
        self.try_one(x, y)
    }

    fn reset(&mut self) {
        let mode = self.weights.mode();
        self.weights = Weights::new(mode);
        self.rng = seeded(self.seed);
        self.started = false;
        self.drawn.clear();
        self.tries = 0;
        self.proposal = None;
        if self.fixed {
            self.start_all(self.batch.n_features());
        } else {
            self.batch = Dataset::sparse();
            self.mistakes = 0;
        }
    }

    fn linear_model(&self) -> Option<LinearModel> {
        Some(self.on_plane(self.weights.model()))
    }
}

/// Calls `f(j, x_j)` for each feature of `x` other than 0.
fn nonzero(x: Features<'_>, mut f: impl FnMut(usize, f64)) {
    match x {
        Features::Dense(values) => {
            for (j, &v) in values.iter().enumerate().filter(|(_, &v)| v != 0.0) {
                f(j, v);
            }
        }
        Features::Sparse(s) => {
            for (&j, &v) in s.indices().iter().zip(s.values()) {
                if v != 0.0 {
                    f(j as usize, v);
                }
            }
        }
    }
}

#[cfg(test)]
#[path = "batch_pocket_tests.rs"]
mod tests;
