//! The macro that turns the table's rows (table.rs) into the [`Settings`]
//! struct, the [`Key`] enum and [`TABLE`], and what it needs of a field's
//! type.

use super::value::{ChoiceSlot, Slot};
use super::{Choice, Kind};

/// What the macro needs of a field's type: its kind, its words (a
/// choice's names), and its storage as a [`Slot`].
pub(super) trait Field {
    const KIND: Kind;
    const WORDS: &'static [&'static str] = &[];
    fn slot(&mut self) -> Slot<'_>;
}

impl Field for f64 {
    const KIND: Kind = Kind::Real;
    fn slot(&mut self) -> Slot<'_> {
        Slot::Real(self)
    }
}

impl Field for u64 {
    const KIND: Kind = Kind::Whole;
    fn slot(&mut self) -> Slot<'_> {
        Slot::Whole(self)
    }
}

impl Field for Option<u64> {
    const KIND: Kind = Kind::Optional;
    fn slot(&mut self) -> Slot<'_> {
        Slot::Optional(self)
    }
}

impl<T: Choice> Field for T {
    const KIND: Kind = Kind::Choice;
    const WORDS: &'static [&'static str] = T::NAMES;
    fn slot(&mut self) -> Slot<'_> {
        Slot::Choice(self as &mut dyn ChoiceSlot)
    }
}

macro_rules! settings_table {
    ($(
        $(#[doc = $doc:literal])*
        $key:ident $field:ident: $ty:ty = $default:expr $(, page $page:expr)?;
            $name:literal, code $code:literal, $range:expr, $scope:ident, live $live:literal $(, when $when_words:literal $when:expr)?;
            $label:literal: $help:expr;
    )+) => {
        /// A setting's name in code.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Key {
            $($key),+
        }

        impl Key {
            pub const ALL: &'static [Key] = &[$(Key::$key),+];
        }

        /// Every setting's value. Learners read what they use (their
        /// registry entry lists it); each value has passed its range check.
        #[derive(Debug, PartialEq)]
        pub struct Settings {
            $($(#[doc = $doc])* pub $field: $ty,)+
        }

        /// A copy of every value, as one block of memory: each field is
        /// `Copy` (the compiler checks it here). The derived clone copied
        /// field by field at each of the page's dozens of copies: 3.6 KB
        /// gzip more in its first module (measured, README).
        impl Clone for Settings {
            fn clone(&self) -> Self {
                fn copy<T: Copy>(value: &T) -> T {
                    *value
                }
                Self { $($field: copy(&self.$field),)+ }
            }
        }

        impl Default for Settings {
            /// The command line's defaults.
            fn default() -> Self {
                Self { $($field: $default,)+ }
            }
        }

        impl Settings {
            /// The playground page's defaults.
            pub fn page() -> Self {
                Self { $($field: settings_table!(@page $default $(, $page)?),)+ }
            }

            /// A setting's storage (everything else goes through it).
            fn slot(&mut self, key: Key) -> Slot<'_> {
                match key {
                    $(Key::$key => Field::slot(&mut self.$field),)+
                }
            }
        }

        /// The rows, in [`Key`] order.
        pub static TABLE: &[Spec] = &[$(
            Spec {
                key: Key::$key,
                name: $name,
                code: $code,
                label: $label,
                help: $help,
                range: $range,
                kind: <$ty as Field>::KIND,
                words: <$ty as Field>::WORDS,
                scope: Scope::$scope,
                live: $live,
                when: settings_table!(@when $($when_words, $when)?),
            },
        )+];
    };
    (@page $default:expr) => { $default };
    (@page $default:expr, $page:expr) => { $page };
    (@when) => { None };
    (@when $words:literal, $holds:expr) => { Some(Condition { words: $words, holds: $holds }) };
}

pub(super) use settings_table;
