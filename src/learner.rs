//! The learner trait every online learner implements, and the report each
//! update returns.
//!
//! The shape follows River's `learn_one` / `predict_one`: a learner mutates
//! itself one sample at a time, on plain `f64` values. Labels are `-1.0` or
//! `+1.0` for classification and any finite number for regression; features
//! must be finite (the data readers and the browser session check this, so a
//! NaN never reaches a learner).

use std::ops::Range;

use crate::data::Dataset;
use crate::eval::Progress;
use crate::features::Features;
use crate::grid::Grid;

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

impl std::str::FromStr for Task {
    type Err = crate::error::Error;

    fn from_str(s: &str) -> crate::error::Result<Self> {
        match s {
            "classification" => Ok(Task::Classification),
            "regression" => Ok(Task::Regression),
            other => Err(crate::error::Error::InvalidSample(format!(
                "task must be classification or regression, got '{other}'"
            ))),
        }
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
        }
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

/// An online learner: learns from one sample at a time.
pub trait Learner {
    /// Classification or regression.
    fn task(&self) -> Task;

    /// The raw score f(x) of the model as it is now.
    fn score(&self, x: Features<'_>) -> f64;

    /// Scores the sample, then learns from it, and reports what happened.
    fn learn_one(&mut self, x: Features<'_>, y: f64) -> Update;

    /// Forgets everything learned; hyper-parameters stay.
    fn reset(&mut self);

    /// The linear model predictions are made with (for the averaged
    /// perceptron the average, for the pocket the pocket), or `None` for a
    /// kernel learner.
    fn linear_model(&self) -> Option<LinearModel>;

    /// The label predicted for `x`.
    fn predict(&self, x: Features<'_>) -> f64 {
        self.task().predict(self.score(x))
    }

    /// Number of support vectors (0 for linear learners).
    fn support_size(&self) -> usize {
        0
    }

    /// The support set of a kernel learner (None for linear learners).
    fn support_set(&self) -> Option<&crate::kernel::SupportSet> {
        None
    }

    /// The constant a kernel learner adds to its kernel expansion (APSM's
    /// offset b): f(x) = sum_i alpha_i k(s_i, x) + offset. Zero for the rest.
    fn kernel_offset(&self) -> f64 {
        0.0
    }

    /// Scores every cell centre of a 2-D grid into `out` (`grid.len()`
    /// values, row by row from the top). Kernel learners override this with
    /// something faster than one score per cell.
    fn score_grid(&self, grid: &Grid, out: &mut [f32]) {
        for j in 0..grid.ny {
            let y = grid.y(j);
            for i in 0..grid.nx {
                out[j * grid.nx + i] = self.score(Features::Dense(&[grid.x(i), y])) as f32;
            }
        }
    }

    /// Learns from `rows` of `data` in order, recording progressive
    /// validation (each sample is judged before it is learned).
    fn learn_batch(&mut self, data: &Dataset, rows: Range<usize>, progress: &mut Progress) {
        learn_rows(self, data, rows, progress);
    }
}

/// Batch learning's hot loop, shared by every learner.
///
/// Each row layout gets its own loop function with a single `learn_one`
/// call site, which the compiler inlines; narrow dense rows come as
/// fixed-size chunks so the dot product unrolls, and the running sums stay
/// in registers. Measured on 2-D data this is several times faster than
/// calling `learn_one(data.row(i), ..)` row by row.
pub fn learn_rows<L: Learner + ?Sized>(
    learner: &mut L,
    data: &Dataset,
    rows: Range<usize>,
    progress: &mut Progress,
) {
    let labels = &data.labels()[rows.clone()];
    *progress = match data.dense_values(rows.clone()) {
        Some(values) => match data.n_features() {
            1 => dense_rows::<L, 1>(learner, values, labels, *progress),
            2 => dense_rows::<L, 2>(learner, values, labels, *progress),
            3 => dense_rows::<L, 3>(learner, values, labels, *progress),
            4 => dense_rows::<L, 4>(learner, values, labels, *progress),
            d => {
                let mut local = *progress;
                for (x, &y) in values.chunks_exact(d.max(1)).zip(labels) {
                    local.record(y, &learner.learn_one(Features::Dense(x), y));
                }
                local
            }
        },
        None => {
            let mut local = *progress;
            for (i, &y) in rows.zip(labels) {
                local.record(y, &learner.learn_one(data.row(i), y));
            }
            local
        }
    };
}

fn dense_rows<L: Learner + ?Sized, const N: usize>(
    learner: &mut L,
    values: &[f64],
    labels: &[f64],
    mut progress: Progress,
) -> Progress {
    let (rows, _) = values.as_chunks::<N>();
    for (x, &y) in rows.iter().zip(labels) {
        progress.record(y, &learner.learn_one(Features::Dense(x), y));
    }
    progress
}
