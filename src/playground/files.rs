//! A session's loaded file: learning from it from now on, and going back
//! to the preset's stream.

use super::ready::Ready;
use super::session::Session;
use super::share::Setup;
use super::source::FileSource;
use crate::data::Preset;
use crate::error::{Code, Error, Message, Result};
use crate::learner::Task;
use crate::msg;
use crate::registry::Algorithm;
use crate::settings::Choice;

impl Session {
    /// Learns from `file` from now on, starting afresh with the current
    /// setup. The preset follows the file's task (the plain preset of that
    /// task when the current one does not fit), and a learner that cannot
    /// learn the task is swapped for PA-I; the message says so.
    pub fn load_file(&mut self, file: FileSource) -> Result<Option<Message>> {
        let mut message = None;
        let mut setup = Setup::clone(&self.current);
        // The file's classes are the session's: a preset of more classes
        // gives way to the plain one of its task.
        if setup.settings.preset.task() != file.task || setup.classes() > 2 {
            setup = setup.with_preset(match file.task {
                Task::Classification => Preset::Overlapping,
                Task::Regression => Preset::Regression1d,
            });
        }
        if file.classes > 2 {
            setup.settings.classes = file.classes as u64;
        }
        if !setup.algorithm.supports(file.task) {
            message = Some(msg!(
                Code::SwitchedTask,
                learner = setup.algorithm.label(),
                task = file.task.name()
            ));
            setup.algorithm = Algorithm::Pa1;
        } else if file.classes > 2 && !setup.algorithm.takes(setup.settings.multiclass) {
            // PA-I, or the perceptron, which every reduction takes.
            let to = match Algorithm::Pa1.takes(setup.settings.multiclass) {
                true => Algorithm::Pa1,
                false => Algorithm::Perceptron,
            };
            message = Some(msg!(
                Code::SwitchedReduction,
                learner = setup.algorithm.label(),
                k = file.classes,
                reduction = setup.settings.multiclass.name(),
                to = to.label()
            ));
            setup.algorithm = to;
        }
        let theory = self.theory.is_some();
        *self = Self::with_file(setup, file)?;
        self.set_theory(theory)?;
        Ok(message)
    }

    /// Back to the preset's stream, starting afresh.
    pub fn unload_file(&mut self) -> Result<()> {
        let mut setup = Setup::clone(&self.current);
        if !setup.algorithm.supports(setup.settings.preset.task()) {
            setup.algorithm = Algorithm::Pa1;
        }
        let theory = self.theory.is_some();
        *self = Self::new(setup)?;
        self.set_theory(theory)
    }

    /// The linear model(s), one row or K, in the units of a file the plane
    /// standardised (None for kernel learners, streams and files kept as
    /// they are).
    pub fn file_models(&self) -> Option<Vec<crate::learner::LinearModel>> {
        let transform = self.file()?.transform.as_ref()?;
        let rows = self.linear_models();
        (!rows.is_empty()).then(|| rows.iter().map(|m| transform.to_file_units(m)).collect())
    }

    /// The loaded file, if the session learns from one.
    pub fn file(&self) -> Option<&FileSource> {
        self.feed.file()
    }
}

impl FileSource {
    /// Refuses a learner this file is too wide for (a full Σ past
    /// [`crate::registry::FULL_COVARIANCE_MAX`] features), naming the
    /// file: its allocation would abort the page's module.
    pub(super) fn fits(&self, setup: &Ready) -> Result<()> {
        let width = self.data.n_features();
        setup
            .algorithm
            .check_width(setup.learner_settings(), width)
            .map_err(|e| Error::Mismatch(format!("{}: {e}", self.name).into()))
    }
}
