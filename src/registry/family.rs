//! A family of learners, declared once in its folder's `mod.rs` by
//! [`family!`]: its name (Compare's group), the Cargo feature that holds
//! its code (or none: the page's first module holds it), its learners'
//! types and entries. From that the macro writes the module the registry
//! reads (`family`, or another name where a folder holds more than one): the types and entries as they are when the build
//! holds the family's code, or as [`Absent`](super::Absent) ones when it
//! leaves it out, and `GROUP` and `HELD`, from which the registry's
//! `group()`, `holds()` and the settings' help gates come.

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
        /// This family as the registry reads it (src/registry/family.rs).
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
        /// This family as the registry reads it (src/registry/family.rs):
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
                pub type $ty = crate::registry::Absent;
            )+
            $(
                #[cfg(not(feature = $feature))]
                pub const $entry: crate::learner::Entry<crate::registry::Absent> =
                    crate::registry::absent(super::$($path)::+.check);
            )+
        }
    };
}
pub(crate) use family;
