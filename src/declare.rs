//! What a learner's file declares besides its rule, written the same way
//! in every file: its verdict's clauses ([`clauses!`]) and, for a learner
//! built by its `from_settings`, its registry entry ([`entry!`]).

/// The verdict's clauses, as the learner's `INFO.branches` lists them
/// (from 1, since 0 is "no clause"): `clauses!(Updated, Kept)` declares
/// `enum Clause { Updated = 1, Kept }`, whose `as u8` is the number that
/// `Details::branch` takes.
macro_rules! clauses {
    ($first:ident $(, $rest:ident)* $(,)?) => {
        #[derive(Clone, Copy)]
        enum Clause {
            $first = 1,
            $($rest,)*
        }
    };
}
pub(crate) use clauses;

/// The registry's entry of a learner built by its `from_settings`:
/// `entry!(Alma, check)` declares `pub const ENTRY: Entry<Alma>` with that
/// check (what the settings table cannot check) and that constructor.
macro_rules! entry {
    ($type:ident, $check:expr) => {
        pub const ENTRY: crate::learner::Entry<$type> = crate::learner::Entry {
            check: $check,
            build: $type::from_settings,
        };
    };
}
pub(crate) use entry;
