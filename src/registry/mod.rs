//! Every learner, one row each. A row names the learner's variant, its
//! type and the entry its own file declares (names, rule, the settings it
//! reads, how to build it); the macro below turns the rows into
//! [`Algorithm`] (the list everything else reads: the command line, the
//! page's menus, the paper's comparison, the tests) and [`AnyLearner`]
//! (static dispatch, so batch learning has no virtual call per sample).
//!
//! Adding a learner: its file, one `mod` line, one row here.
//! The rows' order is the event log's learner code: append, never reorder.

mod catalogue;
mod families;
mod holds;
mod rules;
mod unused;

pub use catalogue::{group, Catalogue, LearnerCard, PresetCard, SettingCard, Slider, GROUPS};
use families::kernel as kf;
use families::libol as lf;
use families::relatives as rf;
use families::second_order as so;
pub use families::{Absent, MISSING};
pub use holds::holds;
pub use rules::{check, check_rules};
pub use unused::refuse_unused;

use crate::data::Dataset;
use crate::error::{Code, Error, Result};
use crate::eval::Progress;
use crate::features::Features;
use crate::grid::Grid;
use crate::kernel::{self, support_set::SupportSet};
use crate::learner::{Configured, Family, Info, Learner, LinearModel, Task, Update};
use crate::libol;
use crate::linear;
use crate::relatives;
use crate::settings::{Checked, Choice, Key, Reduction, Settings};

macro_rules! registry {
    ($($variant:ident($ty:ty) = $info:path, $entry:path;)+) => {
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

            fn check(self, settings: &Settings) -> Result<()> {
                match self {
                    $(Algorithm::$variant => ($entry.check)(settings),)+
                }
            }
        }

        /// Any learner of [`Algorithm`], with static dispatch.
        #[derive(Clone, Debug)]
        pub enum AnyLearner {
            $($variant($ty),)+
        }

        impl AnyLearner {
            fn build(algorithm: Algorithm, settings: &Checked) -> Result<Self> {
                Ok(match algorithm {
                    $(Algorithm::$variant => AnyLearner::$variant(($entry.build)(settings)?),)+
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
    Perceptron(linear::Perceptron) = linear::perceptron::PERCEPTRON_INFO, linear::perceptron::PERCEPTRON;
    AveragedPerceptron(linear::Perceptron) = linear::perceptron::AVERAGED_INFO, linear::perceptron::AVERAGED;
    Pocket(linear::Pocket) = linear::pocket::INFO, linear::pocket::ENTRY;
    Pa(linear::PassiveAggressive) = linear::passive_aggressive::PA_INFO, linear::passive_aggressive::PA;
    Pa1(linear::PassiveAggressive) = linear::passive_aggressive::PA1_INFO, linear::passive_aggressive::PA1;
    Pa2(linear::PassiveAggressive) = linear::passive_aggressive::PA2_INFO, linear::passive_aggressive::PA2;
    KernelPerceptron(kf::KernelPerceptron) = kernel::perceptron::INFO, kf::PERCEPTRON;
    KernelPa1(kf::KernelPa) = kernel::passive_aggressive::PA1_INFO, kf::PA1;
    KernelPa2(kf::KernelPa) = kernel::passive_aggressive::PA2_INFO, kf::PA2;
    Projectron(kf::Projectron) = kernel::projectron::PROJECTRON_INFO, kf::PROJECTRON;
    ProjectronPlus(kf::Projectron) = kernel::projectron::PLUS_INFO, kf::PLUS;
    Apsm(kf::Apsm) = kernel::apsm::INFO, kf::APSM;
    Spa(kf::Spa) = kernel::spa::INFO, kf::SPA;
    Olru(kf::Olru) = kernel::olru::INFO, kf::OLRU;
    Olrd(kf::Olrd) = kernel::olrd::INFO, kf::OLRD;
    AldProjection(kf::AldProjection) = kernel::ald_projection::INFO, kf::ALD_PROJECTION;
    Arow(so::SecondOrder) = linear::second_order::AROW_INFO, so::AROW;
    Scw1(so::SecondOrder) = linear::second_order::SCW1_INFO, so::SCW1;
    Scw2(so::SecondOrder) = linear::second_order::SCW2_INFO, so::SCW2;
    Alma(lf::Alma) = libol::alma::INFO, lf::ALMA;
    Romma(lf::Romma) = libol::romma::ROMMA_INFO, lf::ROMMA;
    Aromma(lf::Romma) = libol::romma::AROMMA_INFO, lf::AROMMA;
    Ogd(lf::Ogd) = libol::ogd::INFO, lf::OGD;
    Sop(lf::Sop) = libol::sop::INFO, lf::SOP;
    Cw(lf::Cw) = libol::cw::INFO, lf::CW;
    Iellip(lf::Iellip) = libol::iellip::INFO, lf::IELLIP;
    Narow(lf::Narow) = libol::narow::INFO, lf::NAROW;
    Nherd(lf::Nherd) = libol::nherd::INFO, lf::NHERD;
    Ballseptron(rf::Ballseptron) = relatives::ballseptron::INFO, rf::BALLSEPTRON;
    Paum(rf::Paum) = relatives::paum::INFO, rf::PAUM;
    ShiftingPerceptron(rf::Shifting) = relatives::shifting::INFO, rf::SHIFTING;
    Pegasos(rf::Pegasos) = relatives::pegasos::INFO, rf::PEGASOS;
    Winnow(rf::Winnow) = relatives::winnow::INFO, rf::WINNOW;
    SelectivePerceptron(rf::SelectivePerceptron) = relatives::selective::INFO, rf::SELECTIVE;
    Forgetron(kf::Forgetron) = kernel::forgetron::INFO, kf::FORGETRON;
    Stoptron(kf::Stoptron) = kernel::stoptron::INFO, kf::STOPTRON;
    Bogd(kf::Bogd) = kernel::bogd::INFO, kf::BOGD;
    Fogd(kf::Fogd) = kernel::fogd::INFO, kf::FOGD;
    Nogd(kf::Nogd) = kernel::nogd::INFO, kf::NOGD;
    BpaS(kf::BpaS) = kernel::bpa::INFO, kf::BPA_S;
    Silk(kf::Silk) = kernel::silk::INFO, kf::SILK;
    Bsgd(kf::Bsgd) = kernel::bsgd::INFO, kf::BSGD;
    BatchPocket(rf::BatchPocket) = relatives::batch_pocket::INFO, rf::BATCH_POCKET;
}

impl Algorithm {
    pub fn name(self) -> &'static str {
        self.info().name
    }

    pub fn label(self) -> &'static str {
        self.info().label
    }

    pub fn is_kernel(self) -> bool {
        self.info().family == Family::Kernel
    }

    /// Whether the learner can learn a task (every one classifies).
    pub fn supports(self, task: Task) -> bool {
        task == Task::Classification || self.info().regression
    }

    /// The eight learners Meng & Song (2023) compare.
    pub fn in_paper() -> impl Iterator<Item = Algorithm> {
        Algorithm::ALL.iter().copied().filter(|a| a.info().in_paper)
    }

    /// The learner settings it reads that apply, given the others.
    pub fn settings_in_force(self, settings: &Settings) -> Vec<Key> {
        (self.info().reads)(settings)
            .iter()
            .copied()
            .filter(|key| key.applies(settings))
            .collect()
    }

    /// Whether `reduction` learns more than two classes with this learner:
    /// one-vs-rest takes every linear and second-order learner (one per
    /// class), Crammer & Singer's the PA family and the perceptron, the
    /// other three the perceptron only (see src/multiclass/).
    pub fn takes(self, reduction: Reduction) -> bool {
        match reduction {
            Reduction::OneVsRest => {
                matches!(self.info().family, Family::Linear | Family::SecondOrder)
            }
            Reduction::CrammerSinger => matches!(
                self,
                Algorithm::Perceptron | Algorithm::Pa | Algorithm::Pa1 | Algorithm::Pa2
            ),
            Reduction::CrammerSingerUniform
            | Reduction::CrammerSingerProportional
            | Reduction::Banditron => self == Algorithm::Perceptron,
        }
    }

    /// The settings `reduction` itself reads when it learns more than two
    /// classes with this learner (the Banditron's γ; the multiclass
    /// perceptron's form, paper or LIBOL's). Each applies exactly under the
    /// reductions that read it (its row's `when`), so these are in force.
    pub fn reduction_reads(self, reduction: Reduction) -> &'static [Key] {
        match reduction {
            _ if self != Algorithm::Perceptron => &[],
            Reduction::OneVsRest => &[],
            Reduction::Banditron => &[Key::BanditronGamma],
            _ => &[Key::CrammerSingerForm],
        }
    }

    /// Whether some reduction reads `key` with this learner.
    pub fn reduction_uses(self, key: Key) -> bool {
        Reduction::ALL
            .iter()
            .any(|&r| self.reduction_reads(r).contains(&key))
    }

    /// The most support vectors it keeps at these settings (None: no cap).
    pub fn cap(self, settings: &Settings) -> Option<usize> {
        (self.info().cap)(settings)
    }

    /// When nothing caps its support set at these settings, a sentence
    /// that says so and names what bounds it: `--budget` when it reads
    /// one, else its `size`. Worded from the registry, so a new learner
    /// gets it from its own `Info`.
    pub fn uncapped(self, settings: &Settings) -> Option<String> {
        if self.cap(settings).is_some() {
            return None;
        }
        let label = self.label();
        let size = self.info().size;
        Some(if self.settings_in_force(settings).contains(&Key::Budget) {
            format!(
                "{label} has no budget, so its support set can grow with every sample: --{} N caps it",
                Key::Budget.name()
            )
        } else if size.is_empty() {
            format!("{label}'s support set is not capped at these settings")
        } else {
            format!(
                "{label}'s support set is not capped at these settings; its size is set by {size}"
            )
        })
    }

    /// The learners that read `key` (with the default settings), or whose
    /// reductions do.
    pub fn users_of(key: Key) -> Vec<Algorithm> {
        let defaults = Settings::default();
        Algorithm::ALL
            .iter()
            .copied()
            .filter(|a| (a.info().reads)(&defaults).contains(&key) || a.reduction_uses(key))
            .collect()
    }
}

impl std::fmt::Display for Algorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Algorithm {
    type Err = Error;
    fn from_str(name: &str) -> Result<Self> {
        Algorithm::ALL
            .iter()
            .copied()
            .find(|a| a.name() == name)
            .ok_or_else(|| Error::UnknownName {
                what: "algorithm",
                got: name.to_string(),
                expected: Algorithm::ALL
                    .iter()
                    .map(|a| a.name())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }
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
