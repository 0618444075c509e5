//! What the settings table's ranges cannot check: that a learner learns
//! the task, and its own rules between settings.

use super::Algorithm;
use crate::error::{Code, Error, Result};
use crate::learner::Task;
use crate::settings::{Checked, Settings};

/// Checks `settings` for `algorithm` as building it would, without
/// building it (a build that leaves the learner's family out checks too).
pub fn check(algorithm: Algorithm, settings: &Settings) -> Result<()> {
    check_rules(algorithm, &settings.clone().checked()?)
}

/// What the table's ranges cannot check: that `algorithm` learns the
/// task, and its own rules between settings (APSM's window within its
/// dictionary).
pub fn check_rules(algorithm: Algorithm, settings: &Checked) -> Result<()> {
    if !algorithm.supports(settings.task) {
        let able: Vec<&str> = Algorithm::ALL
            .iter()
            .filter(|a| a.supports(Task::Regression))
            .map(|a| a.name())
            .collect();
        return Err(Error::Mismatch(crate::msg!(
            Code::TaskRefused,
            learner = algorithm.name(),
            task = settings.task.name(),
            list = able
        )));
    }
    algorithm.check(settings)
}
