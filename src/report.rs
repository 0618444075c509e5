//! What one update reports, and the task it serves: the ground floor every
//! learner, data set and evaluation builds on.

use crate::error::{Error, Result};

/// What a learner predicts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Task {
    /// Labels in {-1, +1}; the prediction is the sign of the score.
    Classification,
    /// Real-valued labels; the prediction is the score itself.
    Regression,
}

impl Task {
    /// The prediction for a score: +1 when f(x) >= 0, else -1 (classification).
    #[inline]
    pub fn predict(self, score: f64) -> f64 {
        match self {
            Task::Classification => sign(score),
            Task::Regression => score,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Task::Classification => "classification",
            Task::Regression => "regression",
        }
    }
}

impl Task {
    pub const ALL: [Task; 2] = [Task::Classification, Task::Regression];
}

impl std::str::FromStr for Task {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        crate::error::by_name(&Task::ALL, Task::name, "task", s)
    }
}

/// +1 for f >= 0, else -1: the convention of the PA paper and of our sources.
#[inline]
pub fn sign(score: f64) -> f64 {
    if score >= 0.0 {
        1.0
    } else {
        -1.0
    }
}

/// What one call of [`Learner::learn_one`] did. Cheap to make (`Copy`, no
/// allocation), so the page can draw from every sample's report.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Update {
    /// f(x) before the update: the prediction this sample was judged by.
    pub score: f64,
    /// Before the update: y f(x) for classification; the signed residual
    /// y - f(x) for regression.
    pub margin: f64,
    /// Before the update: the hinge loss max(0, 1 - y f(x)) for every
    /// classifier (so that learners compare on one scale), or the
    /// epsilon-insensitive loss max(0, |y - f(x)| - eps) for regression.
    pub loss: f64,
    /// The step the sample entered the model with: tau for the PA family,
    /// the learning rate for the perceptron, 0 when the learner was passive.
    pub tau: f64,
    /// f(x) after the update.
    pub score_after: f64,
    /// The model changed.
    pub aggressive: bool,
    /// The prediction made before learning was wrong (classification only).
    pub mistake: bool,
    /// How the support set changed (kernel learners; zero for linear ones).
    pub support: SupportChange,
    /// What a second-order learner's step used (zero for the others).
    pub confidence: Confidence,
    /// The numbers the learner's own rule computed, and the branch it took.
    pub details: Details,
}

/// The most named numbers one update carries in its [`Details`].
pub const DETAILS: usize = 4;

/// The most branches one update tells (APSM: its step, the ball, the
/// dictionary).
pub const BRANCHES: usize = 3;

/// What a learner's rule computed beyond the fields every learner shares,
/// for the explanation panel: a few named numbers (the names its
/// `Info::filled` and `Info::branches` texts use: `{delta}`, `{p}`) and the
/// branches it took, as clauses of the verdict. A fixed size and names
/// that are constants, so filling it costs no allocation per sample.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Details {
    /// The names of the first `names.len()` values.
    pub names: &'static [&'static str],
    pub values: [f64; DETAILS],
    /// The clauses of the verdict, in order: indices into the learner's
    /// `Info::branches`, plus one (0: none).
    pub branches: [u8; BRANCHES],
}

impl Details {
    /// The numbers `values`, called `names` (the compiler checks that
    /// both have the same length, and that it is at most [`DETAILS`]).
    #[inline]
    pub fn new<const N: usize>(names: &'static [&'static str; N], values: [f64; N]) -> Self {
        const { assert!(N <= DETAILS) };
        let mut all = [0.0; DETAILS];
        all[..N].copy_from_slice(&values);
        Self {
            names,
            values: all,
            branches: [0; BRANCHES],
        }
    }

    /// The same numbers, and one more branch taken: `clause` is its index
    /// into `Info::branches` plus one (0 adds nothing).
    #[inline]
    pub fn branch(mut self, clause: u8) -> Self {
        if let Some(free) = self.branches.iter_mut().find(|b| **b == 0) {
            *free = clause;
        } else {
            debug_assert!(false, "more than {BRANCHES} clauses");
        }
        self
    }

    /// The named numbers, in order.
    pub fn named(&self) -> impl Iterator<Item = (&'static str, f64)> + '_ {
        self.names.iter().copied().zip(self.values)
    }
}

/// A second-order learner's view of one sample: how unsure the score is,
/// and how much the covariance shrank.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Confidence {
    /// v = xᵀΣx: the variance of the score f(x) under the weight
    /// distribution N(w, Σ), before the update.
    pub variance: f64,
    /// The covariance step: Σ ← Σ − β Σx xᵀΣ.
    pub beta: f64,
    /// The learner's own loss (AROW: the hinge loss; SCW: max(0, φ√v − m)),
    /// which decides whether it updates.
    pub loss: f64,
}

impl Update {
    /// A passive report: nothing learned from a sample that scored `score`.
    pub fn passive(task: Task, y: f64, score: f64, loss: f64) -> Self {
        Self {
            score,
            margin: margin(task, y, score),
            loss,
            tau: 0.0,
            score_after: score,
            aggressive: false,
            mistake: is_mistake(task, y, score),
            support: SupportChange::default(),
            confidence: Confidence::default(),
            details: Details::default(),
        }
    }

    /// The same report, with the rule's own numbers and branch.
    #[inline]
    pub fn with(self, details: Details) -> Self {
        Self { details, ..self }
    }
}

/// y f(x) for classification, y - f(x) for regression.
#[inline]
pub fn margin(task: Task, y: f64, score: f64) -> f64 {
    match task {
        Task::Classification => y * score,
        Task::Regression => y - score,
    }
}

/// Whether predicting from `score` gets label `y` wrong (never, for regression).
#[inline]
pub fn is_mistake(task: Task, y: f64, score: f64) -> bool {
    task == Task::Classification && sign(score) != y
}

/// The hinge loss max(0, 1 - y f(x)).
#[inline]
pub fn hinge_loss(y: f64, score: f64) -> f64 {
    (1.0 - y * score).max(0.0)
}

/// A kernel learner's support-set change in one update.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SupportChange {
    /// Support-set size after the update.
    pub size: u32,
    /// The sample joined the support set.
    pub added: bool,
    /// How many support vectors were removed (budget maintenance).
    pub removed: u32,
}

/// A linear model's weights: f(x) = w . x + b.
#[derive(Clone, Debug, PartialEq)]
pub struct LinearModel {
    pub weights: Vec<f64>,
    /// 0 when the learner has no intercept.
    pub bias: f64,
}
