//! Settings that have passed the table's range checks, as a type (linfa's
//! `Params → check() → ValidParams`): a learner is built only from a
//! [`Checked`], so it trusts its values instead of checking them again,
//! and an edit checks the one value it changes, not every row again.
//!
//! A `Checked` is made only here: from [`Settings::checked`] (every row
//! checked once) or from another `Checked` with one value changed (that
//! value checked). Reading goes through `Deref` to [`Settings`].

use super::{Key, Settings};
use crate::error::Result;
use crate::report::Task;

/// Settings whose every value lies in its row's range.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked(Settings);

impl Settings {
    /// These settings, every value checked against its row once.
    pub fn checked(self) -> Result<Checked> {
        self.validate()?;
        Ok(Checked(self))
    }
}

impl Checked {
    /// The command line's defaults (the table's rows hold them in range:
    /// `every_value_round_trips_through_text_and_number` checks it).
    pub fn defaults() -> Self {
        Checked(Settings::default())
    }

    /// The playground's defaults.
    pub fn page() -> Self {
        Checked(Settings::page())
    }

    /// These settings with `key` set to the event log's number `value`,
    /// that one value checked.
    pub fn with_number(&self, key: Key, value: f64) -> Result<Self> {
        let mut next = self.0.clone();
        next.set_number(key, value)?;
        Ok(Checked(next))
    }

    /// These settings with `key` set from text, that one value checked.
    pub fn with_text(&self, key: Key, text: &str) -> Result<Self> {
        let mut next = self.0.clone();
        next.set_text(key, text)?;
        Ok(Checked(next))
    }

    /// These settings for `task` (a choice, always in range).
    pub fn with_task(&self, task: Task) -> Self {
        let mut next = self.0.clone();
        next.task = task;
        Checked(next)
    }

    /// The plain settings, to edit freely (and check again).
    pub fn into_settings(self) -> Settings {
        self.0
    }
}

impl std::ops::Deref for Checked {
    type Target = Settings;
    fn deref(&self) -> &Settings {
        &self.0
    }
}

impl serde::Serialize for Checked {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

/// For unit tests: what `build` (a learner's `from_settings`) makes from
/// `settings`, both the range check and the build unwrapped, so that a
/// test's helper says only which settings it changes.
#[cfg(test)]
pub(crate) fn built<T>(build: fn(&Checked) -> crate::error::Result<T>, settings: Settings) -> T {
    build(&settings.checked().unwrap()).unwrap()
}

/// For unit tests: the defaults without a bias, the form in which the
/// linear rules' papers (and LIBOL) state them.
#[cfg(test)]
pub(crate) fn unbiased() -> Settings {
    Settings {
        bias: super::BiasMode::None,
        ..Settings::default()
    }
}
