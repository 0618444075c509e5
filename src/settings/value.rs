//! The kinds of value a setting holds, and the one place each is parsed
//! and range-checked: from text (a link, a command-line flag, a field on
//! the page) or from a number (the event log).

use crate::error::{Code, Error, Message, Result};
use crate::msg;

/// The values a real-valued or whole-number setting may take.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Range {
    /// (0, inf)
    Positive,
    /// [0, inf)
    NonNegative,
    /// [0, 1]
    Unit,
    /// (0, 2): a relaxation factor.
    OpenTwo,
    /// (0.5, 1): a probability of being right, whose normal quantile is
    /// positive and finite.
    Confidence,
    /// (0, 1]: a fraction that may be whole (ALMA's α, IELLIP's b).
    UpToOne,
    /// (0, 1): a fraction strictly inside (IELLIP's c, which divides by 1 − c).
    OpenUnit,
    /// (0, 0.5): the Banditron's exploration γ (its Algorithm 1's range).
    OpenHalf,
    /// (1, inf): a multiplicative factor that must grow (Winnow's α).
    AboveOne,
    /// Any finite number (Winnow's threshold θ).
    Finite,
    /// One of a choice's words (checked by the choice itself).
    Choice,
    /// Whole numbers from `min` to `max`; `none` says what none means in
    /// words (an optional setting's "none" is not itself checked here).
    Whole { min: u64, max: u64, none: NoneMeans },
}

/// What a whole-number setting's "none" means, for its range in words.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum NoneMeans {
    /// The setting has no "none".
    Nothing,
    /// None: no value (no budget).
    NoValue,
    /// None: the data's length (the planned horizon).
    DataLength,
}

impl Range {
    /// The range as a message: its code, and its bounds as numbers for the
    /// page to write in the reader's language.
    pub fn message(self) -> Message {
        let (low, high) = match self {
            Range::Unit | Range::OpenUnit | Range::UpToOne => (0.0, 1.0),
            Range::OpenTwo => (0.0, 2.0),
            Range::OpenHalf => (0.0, 0.5),
            Range::Confidence => (0.5, 1.0),
            _ => (0.0, 0.0),
        };
        match self {
            Range::Positive => msg!(Code::RangePositive),
            Range::NonNegative => msg!(Code::RangeNonNegative),
            Range::Unit => msg!(Code::RangeBetween, low = low, high = high),
            Range::OpenTwo | Range::Confidence | Range::OpenUnit | Range::OpenHalf => {
                msg!(Code::RangeStrictly, low = low, high = high)
            }
            Range::UpToOne => msg!(Code::RangeUpTo, low = low, high = high),
            Range::AboveOne => msg!(Code::RangeAbove, low = 1.0),
            Range::Finite => msg!(Code::RangeFinite),
            Range::Choice => msg!(Code::RangeChoice),
            Range::Whole { min, max, none } => {
                let code = match none {
                    NoneMeans::Nothing => Code::RangeWhole,
                    NoneMeans::NoValue => Code::RangeWholeOrNone,
                    NoneMeans::DataLength => Code::RangeWholeOrLength,
                };
                msg!(code, low = min, high = max)
            }
        }
    }

    /// The range in English words: "positive and finite".
    pub fn words(self) -> String {
        self.message().to_string()
    }

    /// Whether `v` lies in the range.
    pub fn holds(self, v: f64) -> bool {
        match self {
            Range::Positive => v > 0.0 && v.is_finite(),
            Range::NonNegative => v >= 0.0 && v.is_finite(),
            Range::Unit => (0.0..=1.0).contains(&v),
            Range::OpenTwo => v > 0.0 && v < 2.0,
            Range::Confidence => v > 0.5 && v < 1.0,
            Range::UpToOne => v > 0.0 && v <= 1.0,
            Range::OpenUnit => v > 0.0 && v < 1.0,
            Range::OpenHalf => v > 0.0 && v < 0.5,
            Range::AboveOne => v > 1.0 && v.is_finite(),
            Range::Finite => v.is_finite(),
            Range::Choice => true,
            Range::Whole { min, max, .. } => v.fract() == 0.0 && v >= min as f64 && v <= max as f64,
        }
    }

    /// `v`, or the error that names the range.
    pub fn check(self, name: &'static str, v: f64) -> Result<f64> {
        #[cfg(test)]
        CHECKS.with(|n| n.set(n.get() + 1));
        if self.holds(v) {
            Ok(v)
        } else {
            Err(Error::setting(name, self.message(), v))
        }
    }
}

#[cfg(test)]
thread_local! {
    /// Range checks made on this thread: the tests count them, to show an
    /// edit checks its value once (playground/page_tests.rs).
    pub static CHECKS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Seeds travel to JavaScript as numbers: keep them exact there (2^53 - 1).
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// A setting's storage, by kind: what the table's generic code reads and
/// writes (one copy of the parsing and checking, whatever the key).
pub enum Slot<'a> {
    Real(&'a mut f64),
    Whole(&'a mut u64),
    /// A whole number or none ("none" in text, 0 in the log).
    Optional(&'a mut Option<u64>),
    Choice(&'a mut dyn ChoiceSlot),
}

/// A choice setting seen through its index in its list of names.
pub trait ChoiceSlot {
    fn index(&self) -> usize;
    fn set_index(&mut self, i: usize);
}

impl<T: Choice> ChoiceSlot for T {
    fn index(&self) -> usize {
        T::ALL.iter().position(|c| c == self).expect("listed")
    }
    fn set_index(&mut self, i: usize) {
        *self = T::ALL[i];
    }
}

fn parse_number(name: &'static str, range: Range, text: &str) -> Result<f64> {
    let v = crate::number::parse(text.trim())
        .ok_or_else(|| Error::setting_text(name, range.message(), format!("'{text}'")))?;
    range.check(name, v)
}

impl Slot<'_> {
    /// The value as the event log stores it.
    pub fn number(&self) -> f64 {
        match self {
            Slot::Real(v) => **v,
            Slot::Whole(v) => **v as f64,
            Slot::Optional(v) => v.map_or(0.0, |v| v as f64),
            Slot::Choice(c) => c.index() as f64,
        }
    }

    /// The value as text; `words` are a choice's names.
    pub fn text(&self, words: &[&str]) -> String {
        match self {
            Slot::Real(v) => crate::number::text(**v),
            Slot::Whole(v) => v.to_string(),
            Slot::Optional(v) => v.map_or_else(|| "none".to_string(), |v| v.to_string()),
            Slot::Choice(c) => words[c.index()].to_string(),
        }
    }

    /// Sets the value from text, checked; nothing changes on error.
    pub fn set_text(
        &mut self,
        name: &'static str,
        range: Range,
        words: &[&str],
        text: &str,
    ) -> Result<()> {
        match self {
            Slot::Real(v) => **v = parse_number(name, range, text)?,
            Slot::Whole(v) => **v = parse_number(name, range, text)? as u64,
            Slot::Optional(v) => {
                **v = match text.trim() {
                    "" | "none" | "auto" => None,
                    _ => Some(parse_number(name, range, text)? as u64),
                }
            }
            Slot::Choice(c) => {
                let i = words
                    .iter()
                    .position(|&w| w == text.trim())
                    .ok_or_else(|| Error::UnknownName {
                        what: name,
                        got: text.to_string(),
                        expected: words.join(", "),
                    })?;
                c.set_index(i);
            }
        }
        Ok(())
    }

    /// Sets the value from the log's number, checked; nothing changes on error.
    pub fn set_number(
        &mut self,
        name: &'static str,
        range: Range,
        words: &[&str],
        v: f64,
    ) -> Result<()> {
        match self {
            Slot::Real(slot) => **slot = range.check(name, v)?,
            Slot::Whole(slot) => **slot = range.check(name, v)? as u64,
            Slot::Optional(slot) => {
                **slot = if v == 0.0 {
                    None
                } else {
                    Some(range.check(name, v)? as u64)
                }
            }
            Slot::Choice(c) => {
                if !(v.fract() == 0.0 && v >= 0.0 && (v as usize) < words.len()) {
                    return Err(Error::setting(name, "the index of one of its choices", v));
                }
                c.set_index(v as usize);
            }
        }
        Ok(())
    }
}

/// A choice among named values: an enum with a fixed list of names. The
/// log stores the index in that list.
pub trait Choice: Sized + Copy + PartialEq + 'static {
    const ALL: &'static [Self];
    const NAMES: &'static [&'static str];
    /// What the choice is, for messages ("bias mode").
    const WHAT: &'static str;

    fn name(self) -> &'static str {
        let i = Self::ALL.iter().position(|&c| c == self).expect("listed");
        Self::NAMES[i]
    }

    fn from_name(text: &str) -> Result<Self> {
        Self::NAMES
            .iter()
            .position(|&n| n == text.trim())
            .map(|i| Self::ALL[i])
            .ok_or_else(|| Error::UnknownName {
                what: Self::WHAT,
                got: text.to_string(),
                expected: Self::NAMES.join(", "),
            })
    }
}

/// Implements [`Choice`], `Display` and `FromStr` for an enum from its
/// variants and their names.
macro_rules! choice {
    ($ty:ty, $what:literal, [$($variant:path => $name:literal),+ $(,)?]) => {
        impl $crate::settings::Choice for $ty {
            const ALL: &'static [Self] = &[$($variant),+];
            const NAMES: &'static [&'static str] = &[$($name),+];
            const WHAT: &'static str = $what;
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str($crate::settings::Choice::name(*self))
            }
        }

        impl std::str::FromStr for $ty {
            type Err = $crate::error::Error;
            fn from_str(text: &str) -> $crate::error::Result<Self> {
                <Self as $crate::settings::Choice>::from_name(text)
            }
        }
    };
}
pub(crate) use choice;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_checked_against_their_range() {
        let mut c = 1.0;
        let mut slot = Slot::Real(&mut c);
        slot.set_text("C", Range::Positive, &[], "0.5").unwrap();
        assert_eq!(slot.number(), 0.5);
        let err = slot
            .set_text("C", Range::Positive, &[], "-1")
            .unwrap_err()
            .to_string();
        assert_eq!(err, "C must be positive and finite, got -1");
        let err = slot
            .set_text("C", Range::Positive, &[], "abc")
            .unwrap_err()
            .to_string();
        assert_eq!(err, "C must be positive and finite, got 'abc'");
        assert_eq!(slot.number(), 0.5, "a refused value changes nothing");
        let budget = Range::Whole {
            min: 1,
            max: 1_000_000,
            none: NoneMeans::Nothing,
        };
        let mut b = Some(3);
        let mut slot = Slot::Optional(&mut b);
        slot.set_text("budget", budget, &[], "none").unwrap();
        assert_eq!(slot.number(), 0.0);
        slot.set_text("budget", budget, &[], "12").unwrap();
        assert_eq!(slot.text(&[]), "12");
        let err = slot
            .set_text("budget", budget, &[], "0")
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "budget must be a whole number from 1 to 1000000, got 0"
        );
        let window = Range::Whole {
            min: 1,
            max: 64,
            none: NoneMeans::Nothing,
        };
        let mut q = 4;
        assert!(Slot::Whole(&mut q)
            .set_text("q", window, &[], "2.5")
            .is_err());
    }
}
