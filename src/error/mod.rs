//! The crate's error types.
//!
//! Two kinds of mistake reach a user: an invalid hyper-parameter, which is
//! caught once when a learner is built and names the allowed range, and bad
//! input data, which names the file, line and column so the user can go and
//! fix it. Neither ever panics.

mod message;

use crate::msg;
pub use message::{Arg, Code, Message};
use std::fmt;

/// Everything that can go wrong in this crate. Each says what went wrong
/// as a [`Message`] (see [`Error::message`]): English on the command line,
/// a code and its arguments for the page.
#[derive(Clone, PartialEq, thiserror::Error)]
pub enum Error {
    /// A setting outside its allowed range (or not a value of its kind).
    #[error("{name} must be {range}, got {value}")]
    BadSetting {
        name: &'static str,
        range: Message,
        value: Arg,
    },
    /// A word that is not one of the allowed ones (an algorithm name, a bias mode...).
    #[error("unknown {what} '{got}' (expected one of: {expected})")]
    UnknownName {
        what: &'static str,
        got: String,
        expected: String,
    },
    /// A setting the chosen learner does not use: refused, never ignored.
    #[error("{0}")]
    Unused(Message),
    /// A malformed line in a data file.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A sample that cannot be learned from (a non-finite value, a bad label, a wrong shape).
    #[error("{0}")]
    BadSample(Message),
    /// Two things that must agree do not: a learner and a task, a file and a preset.
    #[error("{0}")]
    Mismatch(Message),
    /// A shared link or event log that cannot be opened.
    #[error("{0}")]
    BadLink(Message),
    /// Reading a file failed.
    #[error("{path}: {message}")]
    Io { path: String, message: String },
}

/// As its text. A derived `Debug` would quote the strings inside with
/// core's escaping `Debug` (its `is_printable` tables and char escapes),
/// which every `expect` on a `Result` of it brings into the page's first
/// module: 1.0 KB gzip, measured.
impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl Error {
    /// A setting out of range: `name must be range, got value`.
    pub fn setting(name: &'static str, range: impl Into<Message>, value: f64) -> Self {
        Error::BadSetting {
            name,
            range: range.into(),
            value: Arg::Number(value),
        }
    }

    /// A setting that is not a value of its kind at all ("got 'abc'").
    pub fn setting_text(name: &'static str, range: impl Into<Message>, value: String) -> Self {
        Error::BadSetting {
            name,
            range: range.into(),
            value: Arg::Text(value),
        }
    }

    /// What went wrong, as a code and its arguments.
    pub fn message(&self) -> Message {
        match self {
            Error::BadSetting { name, range, value } => msg!(
                Code::SettingRange,
                name = *name,
                range = range.clone(),
                value = value.clone()
            ),
            Error::UnknownName {
                what,
                got,
                expected,
            } => msg!(
                Code::UnknownName,
                what = *what,
                got = got.as_str(),
                expected = expected.as_str()
            ),
            Error::Unused(m) | Error::BadSample(m) | Error::Mismatch(m) | Error::BadLink(m) => {
                m.clone()
            }
            Error::Parse(e) => e.message_of_line(),
            Error::Io { path, message } => {
                msg!(Code::Io, path = path.as_str(), message = message.as_str())
            }
        }
    }
}

/// Where in which file a data line went wrong, and why.
///
/// Displays as `file:line:column: message`, the form compilers use, so that
/// editors and terminals can jump to the spot.
#[derive(Clone, PartialEq)]
pub struct ParseError {
    pub file: String,
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (character position) where the bad token starts.
    pub column: usize,
    pub message: Message,
}

/// As its text (see `Error`'s `Debug`).
impl fmt::Debug for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl ParseError {
    /// The whole message: where, and why.
    pub fn message_of_line(&self) -> Message {
        msg!(
            Code::Line,
            file = self.file.as_str(),
            line = self.line,
            column = self.column,
            message = self.message.clone()
        )
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.column, self.message
        )
    }
}

impl std::error::Error for ParseError {}

pub type Result<T, E = Error> = std::result::Result<T, E>;

/// The synthetic streams' own check (data sits below the settings table).
pub(crate) mod check {
    use super::{Error, Result};

    /// A probability-like value in the closed interval [0, 1].
    pub fn unit_interval(name: &'static str, value: f64) -> Result<f64> {
        if (0.0..=1.0).contains(&value) {
            Ok(value)
        } else {
            Err(Error::setting(
                name,
                crate::msg!(super::Code::RangeBetween, low = 0.0, high = 1.0),
                value,
            ))
        }
    }
}

/// The one of `all` whose name (`name_of`) is `got`, or
/// [`Error::UnknownName`] that lists every name: how a learner, a preset,
/// a task and a PA variant are read by name.
pub(crate) fn by_name<T: Copy>(
    all: &[T],
    name_of: impl Fn(T) -> &'static str,
    what: &'static str,
    got: &str,
) -> Result<T> {
    all.iter()
        .copied()
        .find(|&t| name_of(t) == got)
        .ok_or_else(|| Error::UnknownName {
            what,
            got: got.to_string(),
            expected: all
                .iter()
                .map(|&t| name_of(t))
                .collect::<Vec<_>>()
                .join(", "),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_setting_error_names_the_range() {
        let err = Error::setting("C", "positive and finite", -1.0);
        assert_eq!(err.to_string(), "C must be positive and finite, got -1");
        assert!(check::unit_interval("noise", 1.5).is_err());
        assert_eq!(check::unit_interval("noise", 1.0), Ok(1.0));
    }

    #[test]
    fn parse_error_reads_like_a_compiler_message() {
        let err = ParseError {
            file: "a3a.t".into(),
            line: 17,
            column: 4,
            message: msg!(Code::IndexZero),
        };
        assert_eq!(
            err.to_string(),
            "a3a.t:17:4: feature index 0 is not allowed (LIBSVM indices start at 1)"
        );
    }
}
