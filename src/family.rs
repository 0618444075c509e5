//! A family of learners, declared once in its folder's `mod.rs` by
//! [`family!`]: its name (Compare's group), the Cargo feature that holds
//! its code (or none: the page's first module holds it), its learners'
//! types and entries. From that the macro writes the module the registry
//! reads (`family`, or another name where a folder holds more than one): the types and entries as they are when the build
//! holds the family's code, or as [`Absent`](super::Absent) ones when it
//! leaves it out, and `GROUP` and `HELD`, from which the registry's
//! `group()` and `holds()` come.

use crate::error::{Error, Result};
use crate::features::Features;
use crate::learner::{Configured, Entry, Learner, LinearModel, Task, Update};
use crate::settings::{Checked, Settings};

/// The type of a learner whose family this build leaves out: no value of
/// it can exist, so nothing that would run the learner is compiled.
#[derive(Clone, Debug)]
pub enum Absent {}

impl Learner for Absent {
    fn task(&self) -> Task {
        match *self {}
    }
    fn score(&self, _: Features<'_>) -> f64 {
        match *self {}
    }
    fn learn_one(&mut self, _: Features<'_>, _: f64) -> Update {
        match *self {}
    }
    fn reset(&mut self) {
        match *self {}
    }
    fn linear_model(&self) -> Option<LinearModel> {
        match *self {}
    }
}

impl Configured for Absent {
    fn retune(&mut self, _: &Settings) {
        match *self {}
    }
}

/// The entry of a learner this build leaves out: its settings are checked
/// as in a full build (a link names any learner), building one is refused.
// Unused in a build that holds every family's code.
#[allow(dead_code)]
pub(crate) const fn absent(check: fn(&Settings) -> Result<()>) -> Entry<Absent> {
    Entry {
        check,
        build: refuse,
    }
}

/// Building a left-out learner. Never inlined: one copy serves every
/// left-out learner's arm of the registry's `build` (0.05 KB gzip, measured).
#[inline(never)]
fn refuse(_: &Checked) -> Result<Absent> {
    Err(Error::Mismatch(MISSING.into()))
}

/// What building a left-out learner says (the page loads the full module
/// before it asks, so a reader should never see this).
pub const MISSING: &str = "this learner's code is in the page's full module, which is not loaded";

/// A text only a family's card shows (its rule, formulas, source...), in
/// the builds that hold the family's code (`held`, its module's `HELD`):
/// the page's first module never explains a learner it cannot run, and
/// reads the full module's catalogue once that is loaded. Each family's
/// `with_code` passes its own `HELD`.
pub(crate) const fn text_if_held(held: bool, text: &'static str) -> &'static str {
    if held {
        text
    } else {
        ""
    }
}

/// [`text_if_held`] for a list of verdict clauses.
pub(crate) const fn clauses_if_held(
    held: bool,
    clauses: &'static [&'static str],
) -> &'static [&'static str] {
    if held {
        clauses
    } else {
        &[]
    }
}

/// Declares a family: `family! { mod family, group: "libol", feature:
/// "libol", types: [Alma, ...], entries: [ALMA = alma::ENTRY, ...] }` in the family's
/// folder, whose `mod.rs` re-exports the types. `feature: none` for the
/// first module's families.
macro_rules! family {
    (
        mod $module:ident,
        group: $group:literal,
        feature: none,
        types: [$($ty:ident),+ $(,)?],
        entries: [$($entry:ident = $($path:ident)::+),+ $(,)?] $(,)?
    ) => {
        /// This family as the registry reads it (src/family.rs).
        pub mod $module {
            /// Compare's group of its learners.
            pub const GROUP: &str = $group;
            /// Whether this build holds its code: every build does.
            pub const HELD: bool = true;
            /// Its entries' names, as declared (the registry's tests
            /// hold them to the registry's rows).
            pub const ENTRIES: &[&str] = &[$(stringify!($entry)),+];
            pub use super::{$($ty),+};
            $(pub use super::$($path)::+ as $entry;)+
        }
    };
    (
        mod $module:ident,
        group: $group:literal,
        feature: $feature:literal,
        types: [$($ty:ident),+ $(,)?],
        entries: [$($entry:ident = $($path:ident)::+),+ $(,)?] $(,)?
    ) => {
        /// This family as the registry reads it (src/family.rs):
        /// its types and entries, or `Absent` ones in a build without its
        /// Cargo feature.
        pub mod $module {
            /// Compare's group of its learners.
            pub const GROUP: &str = $group;
            /// Whether this build holds its code (its Cargo feature).
            pub const HELD: bool = cfg!(feature = $feature);
            /// Its entries' names, as declared (the registry's tests
            /// hold them to the registry's rows).
            pub const ENTRIES: &[&str] = &[$(stringify!($entry)),+];
            #[cfg(feature = $feature)]
            pub use super::{$($ty),+};
            $(
                #[cfg(feature = $feature)]
                pub use super::$($path)::+ as $entry;
            )+
            $(
                #[cfg(not(feature = $feature))]
                pub type $ty = crate::family::Absent;
            )+
            $(
                #[cfg(not(feature = $feature))]
                pub const $entry: crate::learner::Entry<crate::family::Absent> =
                    crate::family::absent(super::$($path)::+.check);
            )+
        }
    };
}
pub(crate) use family;
