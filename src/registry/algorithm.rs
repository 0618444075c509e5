//! What the registry tells of a learner beyond its rows: its names, the
//! tasks and reductions it takes, the settings it reads, its cap.

use super::Algorithm;
use crate::error::{Error, Result};
use crate::learner::{Family, Task};
use crate::settings::{Choice, CovarianceForm, Key, Reduction, Settings};

/// The widest data a full Σ is kept for at all: 4097² numbers, 134 MB, and
/// as much again while it grows. Past it the allocation alone could fail,
/// which aborts (the command line, the page's module) rather than errs, so
/// such data is refused before a sample of it is learned.
pub const FULL_COVARIANCE_MAX: usize = 4096;

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

    /// The widest data it can learn at these settings (None: any): a full
    /// Σ holds [`FULL_COVARIANCE_MAX`] features at most.
    pub fn widest(self, settings: &Settings) -> Option<usize> {
        let full = settings.covariance == CovarianceForm::Full
            && self.settings_in_force(settings).contains(&Key::Covariance);
        full.then_some(FULL_COVARIANCE_MAX)
    }

    /// Refuses data `width` features wide past [`Algorithm::widest`]:
    /// every caller that learns from data whose width it does not choose
    /// (a file, a stream) asks this first.
    pub fn check_width(self, settings: &Settings, width: usize) -> Result<()> {
        match self.widest(settings) {
            Some(widest) if width > widest => Err(Error::Mismatch(
                format!(
                    "{width} features: {} keeps a full covariance Σ for at most {widest} features ((d + 1)² numbers); its diagonal form (covariance diagonal) takes any width",
                    self.label()
                )
                .into(),
            )),
            _ => Ok(()),
        }
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
        crate::error::by_name(Algorithm::ALL, Algorithm::name, "algorithm", name)
    }
}
