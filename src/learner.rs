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
use crate::error::Result;
use crate::features::Features;
use crate::grid::Grid;
use crate::kernel::function::KernelSpec;
use crate::kernel::support_set::SupportSet;
use crate::progress::Progress;
pub use crate::report::{
    hinge_loss, is_mistake, margin, sign, Confidence, Details, LinearModel, SupportChange, Task,
    Update,
};
use crate::settings::{Checked, Key, Settings};

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

    /// Whether its state beyond the linear model holds finite numbers only
    /// (a second-order learner's Σ): one that overflowed describes no
    /// model, though its weights may stay finite (and frozen).
    fn state_finite(&self) -> bool {
        true
    }

    /// The label predicted for `x`.
    fn predict(&self, x: Features<'_>) -> f64 {
        self.task().predict(self.score(x))
    }

    /// Number of support vectors (0 for linear learners).
    fn support_size(&self) -> usize {
        0
    }

    /// The support set of a kernel learner (None for linear learners).
    fn support_set(&self) -> Option<&SupportSet> {
        None
    }

    /// The kernel of a kernel learner (None for linear learners).
    fn kernel(&self) -> Option<KernelSpec> {
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
        score_cells(grid, out, |x| self.score(x));
    }

    /// Learns from `rows` of `data` in order, recording progressive
    /// validation (each sample is judged before it is learned).
    fn learn_batch(&mut self, data: &Dataset, rows: Range<usize>, progress: &mut Progress) {
        learn_rows(self, data, rows, progress);
    }
}

/// What the registry needs of a learner beyond learning: its settings.
pub trait Configured: Learner {
    /// Applies the live settings it reads (see the settings table), keeping
    /// the model. The values have passed the table's checks and its
    /// entry's `check`, so nothing here can fail.
    fn retune(&mut self, settings: &Settings);

    /// Continues from another learner's linear model (the page's learner
    /// switch keeps the picture). Kernel learners start afresh.
    fn warm_start(&mut self, _model: &LinearModel) {}

    /// The weights the update rule moves, when predictions use others (the
    /// pocket's perceptron, the averaged perceptron's current vector).
    fn moving_model(&self) -> Option<LinearModel> {
        None
    }

    /// From now on, judges on a fixed point set (the plane's points in
    /// Epochs) rather than on the samples it learns: the pocket's ratchet,
    /// the batch pocket's batch. Most learners judge on nothing.
    fn fix_batch(&mut self, _points: &Dataset) {}

    /// The point of the fixed set it learns next, when it chooses (the
    /// batch pocket draws a misclassified one); None: the points in order.
    fn pick(&mut self) -> Option<usize> {
        None
    }
}

/// The families of learners, as the page's menu groups them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    Linear,
    /// Linear, with a covariance over the weights (AROW, SCW; LIBOL's SOP,
    /// CW, IELLIP, NAROW, NHERD).
    SecondOrder,
    Kernel,
}

/// What a learner is: declared in the learner's own file, read by the
/// registry, the command line, the page's menus and explanation panel,
/// the paper's comparison and the conformance tests.
#[derive(Clone, Copy)]
pub struct Info {
    /// The command-line and link name: "pa1".
    pub name: &'static str,
    /// The name people read: "PA-I".
    pub label: &'static str,
    pub family: Family,
    /// Whether it learns regression (all learn classification).
    pub regression: bool,
    /// Its update rule in one line (the explanation panel's "rule").
    pub rule: &'static str,
    /// The rule with the last update's numbers, as a template the page
    /// fills: `{loss}`, `{sq}` (‖x‖²), `{tau}`, the update's own
    /// [`Details`] by name (`{delta}`) and setting names (`{c}`). One
    /// formula a line; the page shows a line when the update reported
    /// every number it names. Empty when the step number alone says it.
    pub filled: &'static str,
    /// What the report's step (`Update::tau`) is: "τ", "μ", "η", "coefficient".
    pub step: &'static str,
    /// Why an update that changed nothing was passive.
    pub passive: &'static str,
    /// The branches its rule can take, each a clause of the verdict with
    /// the update's numbers in braces, as `filled`; an update names the
    /// ones it took in `Details::branches` (index plus one). Empty when the
    /// passive and aggressive verdicts say it all.
    pub branches: &'static [&'static str],
    /// One more line for the explanation panel, or empty.
    pub note: &'static str,
    /// The explanation panel's update line, when its family's does not
    /// say it (w ← w + τ y x; w ← w + α y Σx, Σ ← Σ − β ΣxxᵀΣ): ALMA's
    /// normalisation, ROMMA's two coefficients. Empty otherwise.
    pub update: &'static str,
    /// Where the rule comes from: "Crammer et al. 2006".
    pub source: &'static str,
    /// It draws random numbers (so its seed matters).
    pub stochastic: bool,
    /// One of the eight learners Meng & Song (2023) compare.
    pub in_paper: bool,
    /// The settings it reads, given the others (SPA reads C only in its
    /// paper form).
    pub reads: fn(&Settings) -> &'static [Key],
    /// A kernel learner without a hard budget: what sets its size instead,
    /// for the message that refuses `--budget` and the note that says its
    /// set is not capped. Empty otherwise.
    pub size: &'static str,
    /// The most support vectors it keeps at these settings, or None when
    /// nothing caps the set (the command line then says what bounds it:
    /// `--budget`, or `size`). Linear learners keep none: [`keeps_none`].
    pub cap: fn(&Settings) -> Option<usize>,
    /// The setting that sets its size and the values the paper's
    /// comparison sweeps, from a small dictionary to a full one.
    pub sweep: Option<Sweep>,
}

impl Info {
    /// What a learner's `Info` says unless it says otherwise: a learner
    /// writes its own names, family, rule, step, passive verdict, source
    /// and settings, then `..Info::DEFAULT`, so a new field is added here
    /// alone (its default) and in the learners it differs for. The names
    /// and texts are empty here; the registry's tests hold every learner's
    /// own to be set.
    pub const DEFAULT: Info = Info {
        name: "",
        label: "",
        family: Family::Linear,
        regression: false,
        rule: "",
        filled: "",
        step: "",
        passive: "",
        branches: &[],
        note: "",
        update: "",
        source: "",
        stochastic: false,
        in_paper: false,
        reads: |_| &[],
        size: "",
        cap: keeps_none,
        sweep: None,
    };
}

/// One setting and the values a comparison tries (as the event log's
/// numbers: 0 is "none" for a budget).
#[derive(Clone, Copy, Debug)]
pub struct Sweep {
    pub key: Key,
    pub values: &'static [f64],
}

/// Budgets from 25 to 1600, then none: the kernel perceptron's and kernel
/// PA's sweep.
pub const BUDGETS: Sweep = Sweep {
    key: Key::Budget,
    values: &[25.0, 50.0, 100.0, 200.0, 400.0, 800.0, 1600.0, 0.0],
};

/// A learner's registry entry: how to make one (its [`Info`] is a const
/// of its own, so a build can name a learner without holding its code).
pub struct Entry<T> {
    /// Checks what the table cannot: rules between settings (APSM's window
    /// within its dictionary). Runs before `build` and before a retune.
    pub check: fn(&Settings) -> Result<()>,
    /// Makes the learner from settings in range (a [`Checked`]): it reads
    /// them as they are. A constructor called by hand still checks its
    /// values.
    pub build: fn(&Checked) -> Result<T>,
}

/// For entries whose settings need no check beyond the table's.
pub fn no_check(_: &Settings) -> Result<()> {
    Ok(())
}

/// The cap of a learner without a support set (a linear one).
pub fn keeps_none(_: &Settings) -> Option<usize> {
    Some(0)
}

/// `score` at every cell centre of `grid` into `out`, row by row from the
/// top: the shading of a learner that knows nothing faster.
pub fn score_cells(grid: &Grid, out: &mut [f32], score: impl Fn(Features<'_>) -> f64) {
    for j in 0..grid.ny {
        let y = grid.y(j);
        for i in 0..grid.nx {
            out[j * grid.nx + i] = score(Features::Dense(&[grid.x(i), y])) as f32;
        }
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
