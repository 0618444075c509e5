//! A setup that has passed every check, as a type: its values in range
//! (the settings table, through [`Checked`]) and the rules between them
//! (the learner can learn the preset and its classes, the learner's own
//! rules). A session holds only a [`Ready`], so it builds its learners
//! without checking again, and an edit checks the one value it changes
//! and the rules, not every row of the table.

use super::share::Setup;
use crate::data::Preset;
use crate::error::{Code, Error, Result};
use crate::learner::Task;
use crate::msg;
use crate::multiclass::Multiclass;
use crate::registry::{check_rules, Algorithm};
use crate::settings::{Checked, Key};

/// A [`Setup`] that passed every check, and its settings as the learner
/// reads them (the task follows the preset).
#[derive(Clone, Debug, PartialEq)]
pub struct Ready {
    setup: Setup,
    learner: Checked,
}

impl Setup {
    /// This setup, every value and rule checked once.
    pub fn ready(self) -> Result<Ready> {
        let learner = self.learner_settings().checked()?;
        let ready = Ready {
            setup: self,
            learner,
        };
        ready.check_rules()?;
        Ok(ready)
    }

    /// Checks every value and that the learner can learn the preset.
    pub fn validate(&self) -> Result<()> {
        self.clone().ready().map(drop)
    }
}

impl Ready {
    /// The settings as the learner reads them, checked.
    pub fn learner_settings(&self) -> &Checked {
        &self.learner
    }

    /// This setup with `key` set from text: that value checked, then the
    /// rules. A new preset brings its classes (as [`Setup::with_preset`]).
    pub fn with_text(&self, key: Key, text: &str) -> Result<Ready> {
        self.with_learner(self.learner.with_text(key, text)?)
    }

    /// This setup with `key` set to the event log's number `value`.
    pub fn with_number(&self, key: Key, value: f64) -> Result<Ready> {
        self.with_learner(self.learner.with_number(key, value)?)
    }

    /// This setup with another learner: only the rules are checked.
    pub fn with_algorithm(&self, algorithm: Algorithm) -> Result<Ready> {
        let ready = Ready {
            setup: Setup {
                algorithm,
                settings: self.setup.settings.clone(),
            },
            learner: self.learner.clone(),
        };
        ready.check_rules()?;
        Ok(ready)
    }

    pub fn into_setup(self) -> Setup {
        self.setup
    }

    /// The setup with the learner's settings `learner` (already in range):
    /// the rules checked.
    pub(super) fn with_learner(&self, learner: Checked) -> Result<Ready> {
        let preset = learner.preset;
        let mut learner = learner.with_task(preset.task());
        if preset != self.learner.preset {
            learner = learner.with_number(Key::Classes, preset.classes().max(2) as f64)?;
        }
        let mut settings = learner.clone().into_settings();
        // The setup keeps the task it was given (the learner's follows the preset).
        settings.task = self.setup.settings.task;
        let ready = Ready {
            setup: Setup {
                algorithm: self.setup.algorithm,
                settings,
            },
            learner,
        };
        ready.check_rules()?;
        Ok(ready)
    }

    /// What the ranges cannot check: the preset on the plane, the learner
    /// able to learn it and its classes, the learner's own rules (checked
    /// as building it, or K of them, would, without building it: a module
    /// that leaves the learner's family out reads the link too, see
    /// registry/families.rs).
    fn check_rules(&self) -> Result<()> {
        let (algorithm, preset) = (self.setup.algorithm, self.learner.preset);
        if preset == Preset::RegressionNd {
            return Err(Error::Mismatch(msg!(Code::PlaneRegression)));
        }
        if !algorithm.supports(preset.task()) {
            return Err(Error::Mismatch(msg!(
                Code::PresetRefused,
                learner = algorithm.label(),
                preset = preset.name(),
                task = preset.task().name()
            )));
        }
        let classes = self.learner.classes as usize;
        if classes < preset.classes() || (preset.task() == Task::Regression && classes != 2) {
            return Err(Error::Mismatch(msg!(
                Code::PresetClasses,
                preset = preset.name(),
                k = preset.classes(),
                least = preset.classes().max(2)
            )));
        }
        if let k @ 3.. = self.setup.classes() {
            Multiclass::check(algorithm, self.learner.multiclass, k)?;
        }
        check_rules(algorithm, &self.learner)
    }
}

impl std::ops::Deref for Ready {
    type Target = Setup;
    fn deref(&self) -> &Setup {
        &self.setup
    }
}
