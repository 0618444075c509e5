//! Every learner, one row each. A row names the learner's variant, its
//! type and the entry its own file declares (names, rule, the settings it
//! reads, how to build it); the macro below turns the rows into
//! [`Algorithm`] (the list everything else reads: the command line, the
//! page's menus, the paper's comparison, the tests) and [`AnyLearner`]
//! (static dispatch, so batch learning has no virtual call per sample).
//!
//! Adding a learner: its file, its entry in its family's declaration
//! (`family!` in its folder's `mod.rs`, which says the family's Compare
//! group and Cargo feature), one row here naming that family.
//! The rows' order is the event log's learner code: append, never reorder.

mod algorithm;
mod catalogue;
mod families;
mod holds;
mod rules;
mod unused;

pub use crate::family::{Absent, MISSING};
pub use algorithm::FULL_COVARIANCE_MAX;
pub use catalogue::{group, Catalogue, LearnerCard, PresetCard, SettingCard, Slider, GROUPS};
pub use holds::holds;
use kernel::family as kf;
use libol::family as lf;
use linear::family as lin;
use linear::pocket_family as pf;
use linear::second_order_family as so;
use relatives::family as rf;
pub use rules::{check, check_rules};
pub use unused::refuse_unused;

use crate::data::Dataset;
use crate::error::{Code, Error, Result};
use crate::eval::Progress;
use crate::features::Features;
use crate::grid::Grid;
use crate::kernel::{self, support_set::SupportSet};
use crate::learner::{Configured, Info, Learner, LinearModel, Task, Update};
use crate::libol;
use crate::linear;
use crate::relatives;
use crate::settings::{Checked, Settings};

/// A row's Compare group: its family's unless the row names another.
macro_rules! group_of {
    ($family:ident) => {
        $family::GROUP
    };
    ($family:ident, $group:ident) => {
        $group::GROUP
    };
}

macro_rules! registry {
    ($($variant:ident in $family:ident: $ty:ident = $info:path, $entry:ident $(, group $group:ident)?;)+) => {
        /// The learners, by their command-line names.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Algorithm {
            $($variant,)+
        }

        impl Algorithm {
            /// Every learner, in the registry's order.
            pub const ALL: &'static [Algorithm] = &[$(Algorithm::$variant,)+];

            /// What the learner's file declares about it.
            pub fn info(self) -> &'static Info {
                match self {
                    $(Algorithm::$variant => &$info,)+
                }
            }

            /// Compare's group: its family's, or the one its row names
            /// (seed 003's batch pocket: a pocket, its code the relatives').
            pub fn group(self) -> &'static str {
                match self {
                    $(Algorithm::$variant => group_of!($family $(, $group)?),)+
                }
            }

            /// The family its code belongs to, by its group, and its
            /// entry's name there (for the tests against `family!`).
            #[cfg(test)]
            fn declared_in(self) -> (&'static str, &'static str) {
                match self {
                    $(Algorithm::$variant => ($family::GROUP, stringify!($entry)),)+
                }
            }

            /// Whether this build holds its code (its family's feature).
            pub fn held(self) -> bool {
                match self {
                    $(Algorithm::$variant => $family::HELD,)+
                }
            }

            fn check(self, settings: &Settings) -> Result<()> {
                match self {
                    $(Algorithm::$variant => ($family::$entry.check)(settings),)+
                }
            }
        }

        /// Any learner of [`Algorithm`], with static dispatch.
        #[derive(Clone, Debug)]
        pub enum AnyLearner {
            $($variant($family::$ty),)+
        }

        impl AnyLearner {
            fn build(algorithm: Algorithm, settings: &Checked) -> Result<Self> {
                Ok(match algorithm {
                    $(Algorithm::$variant => AnyLearner::$variant(($family::$entry.build)(settings)?),)+
                })
            }

            pub fn algorithm(&self) -> Algorithm {
                match self {
                    $(AnyLearner::$variant(_) => Algorithm::$variant,)+
                }
            }

            // One match per method rather than a `&dyn Configured`: a trait
            // object keeps every learner's whole vtable (learn_batch and all)
            // in the page's module, 18 KB gzip it never calls.
            fn warm_start(&mut self, model: &LinearModel) {
                match self { $(AnyLearner::$variant(l) => l.warm_start(model),)+ }
            }

            fn apply_live(&mut self, settings: &Checked) {
                match self { $(AnyLearner::$variant(l) => l.retune(settings),)+ }
            }

            fn rule_model(&self) -> Option<LinearModel> {
                match self { $(AnyLearner::$variant(l) => l.moving_model(),)+ }
            }

            /// See [`Configured::fix_batch`]. (This and `pick` were kept out
            /// of line for the full module's split per family, gone since
            /// (docs/build.md); letting them inline again was not measured,
            /// so they stay as the module sizes in the docs were taken.)
            #[inline(never)]
            pub fn fix_batch(&mut self, points: &Dataset) {
                match self { $(AnyLearner::$variant(l) => l.fix_batch(points),)+ }
            }

            /// See [`Configured::pick`].
            #[inline(never)]
            pub fn pick(&mut self) -> Option<usize> {
                match self { $(AnyLearner::$variant(l) => l.pick(),)+ }
            }
        }

        impl Learner for AnyLearner {
            fn task(&self) -> Task {
                match self { $(AnyLearner::$variant(l) => l.task(),)+ }
            }
            fn score(&self, x: Features<'_>) -> f64 {
                match self { $(AnyLearner::$variant(l) => l.score(x),)+ }
            }
            fn learn_one(&mut self, x: Features<'_>, y: f64) -> Update {
                match self { $(AnyLearner::$variant(l) => l.learn_one(x, y),)+ }
            }
            fn reset(&mut self) {
                match self { $(AnyLearner::$variant(l) => l.reset(),)+ }
            }
            fn linear_model(&self) -> Option<LinearModel> {
                match self { $(AnyLearner::$variant(l) => l.linear_model(),)+ }
            }
            fn state_finite(&self) -> bool {
                match self { $(AnyLearner::$variant(l) => l.state_finite(),)+ }
            }
            fn support_size(&self) -> usize {
                match self { $(AnyLearner::$variant(l) => l.support_size(),)+ }
            }
            fn support_set(&self) -> Option<&SupportSet> {
                match self { $(AnyLearner::$variant(l) => l.support_set(),)+ }
            }
            fn kernel(&self) -> Option<kernel::KernelSpec> {
                match self { $(AnyLearner::$variant(l) => l.kernel(),)+ }
            }
            fn kernel_offset(&self) -> f64 {
                match self { $(AnyLearner::$variant(l) => l.kernel_offset(),)+ }
            }
            fn score_grid(&self, grid: &Grid, out: &mut [f32]) {
                match self { $(AnyLearner::$variant(l) => l.score_grid(grid, out),)+ }
            }
            fn learn_batch(&mut self, data: &Dataset, rows: std::ops::Range<usize>, progress: &mut Progress) {
                match self { $(AnyLearner::$variant(l) => l.learn_batch(data, rows, progress),)+ }
            }
        }
    };
}

registry! {
    Perceptron in lin: Perceptron = linear::perceptron::PERCEPTRON_INFO, PERCEPTRON;
    AveragedPerceptron in lin: Perceptron = linear::perceptron::AVERAGED_INFO, AVERAGED;
    Pocket in pf: Pocket = linear::pocket::INFO, POCKET;
    Pa in lin: PassiveAggressive = linear::passive_aggressive::PA_INFO, PA;
    Pa1 in lin: PassiveAggressive = linear::passive_aggressive::PA1_INFO, PA1;
    Pa2 in lin: PassiveAggressive = linear::passive_aggressive::PA2_INFO, PA2;
    KernelPerceptron in kf: KernelPerceptron = kernel::perceptron::INFO, PERCEPTRON;
    KernelPa1 in kf: KernelPa = kernel::passive_aggressive::PA1_INFO, PA1;
    KernelPa2 in kf: KernelPa = kernel::passive_aggressive::PA2_INFO, PA2;
    Projectron in kf: Projectron = kernel::projectron::PROJECTRON_INFO, PROJECTRON;
    ProjectronPlus in kf: Projectron = kernel::projectron::PLUS_INFO, PLUS;
    Apsm in kf: Apsm = kernel::apsm::INFO, APSM;
    Spa in kf: Spa = kernel::spa::INFO, SPA;
    Olru in kf: Olru = kernel::olru::INFO, OLRU;
    Olrd in kf: Olrd = kernel::olrd::INFO, OLRD;
    AldProjection in kf: AldProjection = kernel::ald_projection::INFO, ALD_PROJECTION;
    Arow in so: SecondOrder = linear::second_order::AROW_INFO, AROW;
    Scw1 in so: SecondOrder = linear::second_order::SCW1_INFO, SCW1;
    Scw2 in so: SecondOrder = linear::second_order::SCW2_INFO, SCW2;
    Alma in lf: Alma = libol::alma::INFO, ALMA;
    Romma in lf: Romma = libol::romma::ROMMA_INFO, ROMMA;
    Aromma in lf: Romma = libol::romma::AROMMA_INFO, AROMMA;
    Ogd in lf: Ogd = libol::ogd::INFO, OGD;
    Sop in lf: Sop = libol::sop::INFO, SOP;
    Cw in lf: Cw = libol::cw::INFO, CW;
    Iellip in lf: Iellip = libol::iellip::INFO, IELLIP;
    Narow in lf: Narow = libol::narow::INFO, NAROW;
    Nherd in lf: Nherd = libol::nherd::INFO, NHERD;
    Ballseptron in rf: Ballseptron = relatives::ballseptron::INFO, BALLSEPTRON;
    Paum in rf: Paum = relatives::paum::INFO, PAUM;
    ShiftingPerceptron in rf: Shifting = relatives::shifting::INFO, SHIFTING;
    Pegasos in rf: Pegasos = relatives::pegasos::INFO, PEGASOS;
    Winnow in rf: Winnow = relatives::winnow::INFO, WINNOW;
    SelectivePerceptron in rf: SelectivePerceptron = relatives::selective::INFO, SELECTIVE;
    Forgetron in kf: Forgetron = kernel::forgetron::INFO, FORGETRON;
    Stoptron in kf: Stoptron = kernel::stoptron::INFO, STOPTRON;
    Bogd in kf: Bogd = kernel::bogd::INFO, BOGD;
    Fogd in kf: Fogd = kernel::fogd::INFO, FOGD;
    Nogd in kf: Nogd = kernel::nogd::INFO, NOGD;
    BpaS in kf: BpaS = kernel::bpa::INFO, BPA_S;
    Silk in kf: Silk = kernel::silk::INFO, SILK;
    Bsgd in kf: Bsgd = kernel::bsgd::INFO, BSGD;
    BatchPocket in rf: BatchPocketLearner = relatives::batch_pocket::INFO, BATCH_POCKET, group pf;
}

impl AnyLearner {
    /// The learner `algorithm` with `settings`: every value in its range
    /// (the table), the task one it can learn, its own rules checked.
    pub fn new(algorithm: Algorithm, settings: &Settings) -> Result<Self> {
        Self::from_checked(algorithm, &settings.clone().checked()?)
    }

    /// The learner `algorithm` with settings already in range: only the
    /// rules between them are checked (the task, the learner's own).
    pub fn from_checked(algorithm: Algorithm, settings: &Checked) -> Result<Self> {
        check_rules(algorithm, settings)?;
        Self::build(algorithm, settings)
    }

    /// A new learner that starts from another's linear model, so switching
    /// learner mid-stream does not throw the picture away.
    pub fn warm_started(
        algorithm: Algorithm,
        settings: &Settings,
        from: &LinearModel,
    ) -> Result<Self> {
        Self::warm_started_checked(algorithm, &settings.clone().checked()?, from)
    }

    /// [`AnyLearner::warm_started`] with settings already in range.
    pub fn warm_started_checked(
        algorithm: Algorithm,
        settings: &Checked,
        from: &LinearModel,
    ) -> Result<Self> {
        let mut learner = Self::from_checked(algorithm, settings)?;
        learner.warm_start(from);
        Ok(learner)
    }

    /// What the learner's file declares about it.
    pub fn info(&self) -> &'static Info {
        self.algorithm().info()
    }

    /// Applies changed settings, keeping the model. Every check runs first,
    /// so a refused value changes nothing.
    pub fn retune(&mut self, settings: &Settings) -> Result<()> {
        self.retune_checked(&settings.clone().checked()?)
    }

    /// [`AnyLearner::retune`] with settings already in range: only the
    /// rules between them are checked.
    pub fn retune_checked(&mut self, settings: &Checked) -> Result<()> {
        check_rules(self.algorithm(), settings)?;
        if settings.task != self.task() {
            return Err(Error::Mismatch(crate::msg!(Code::TaskFixed)));
        }
        self.apply_live(settings);
        Ok(())
    }

    /// The weights the update rule moves, when predictions use others.
    pub fn moving_model(&self) -> Option<LinearModel> {
        self.rule_model()
    }
}

#[cfg(test)]
mod tests;
