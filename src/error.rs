//! The crate's error types.
//!
//! Two kinds of mistake reach a user: an invalid hyper-parameter, which is
//! caught once when a learner is built and names the allowed range, and bad
//! input data, which names the file, line and column so the user can go and
//! fix it. Neither ever panics.

use std::fmt;

/// Everything that can go wrong in this crate.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Error {
    /// A hyper-parameter outside its allowed range.
    #[error("{name} must be {range}, got {value}")]
    HyperParameter {
        name: &'static str,
        range: &'static str,
        value: f64,
    },
    /// A setting that is not one of the allowed words (an algorithm name, a bias mode...).
    #[error("unknown {what} '{got}' (expected one of: {expected})")]
    UnknownName {
        what: &'static str,
        got: String,
        expected: String,
    },
    /// A malformed line in a data file.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A sample that cannot be learned from (non-finite value, wrong label...).
    #[error("{0}")]
    InvalidSample(String),
    /// Reading a file failed.
    #[error("{path}: {message}")]
    Io { path: String, message: String },
}

/// Where in which file a data line went wrong, and why.
///
/// Displays as `file:line:column: message`, the form compilers use, so that
/// editors and terminals can jump to the spot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub file: String,
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (character position) where the bad token starts.
    pub column: usize,
    pub message: String,
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

/// Hyper-parameter checks shared by every learner's constructor.
pub(crate) mod check {
    use super::{Error, Result};

    pub fn positive_finite(name: &'static str, value: f64) -> Result<f64> {
        if value > 0.0 && value.is_finite() {
            Ok(value)
        } else {
            Err(Error::HyperParameter {
                name,
                range: "positive and finite",
                value,
            })
        }
    }

    pub fn non_negative_finite(name: &'static str, value: f64) -> Result<f64> {
        if value >= 0.0 && value.is_finite() {
            Ok(value)
        } else {
            Err(Error::HyperParameter {
                name,
                range: "non-negative and finite",
                value,
            })
        }
    }

    /// A probability-like value in the closed interval [0, 1].
    pub fn at_least_one(name: &'static str, value: u64) -> Result<u64> {
        if value >= 1 {
            Ok(value)
        } else {
            Err(Error::HyperParameter {
                name,
                range: "at least 1",
                value: value as f64,
            })
        }
    }

    pub fn unit_interval(name: &'static str, value: f64) -> Result<f64> {
        if (0.0..=1.0).contains(&value) {
            Ok(value)
        } else {
            Err(Error::HyperParameter {
                name,
                range: "between 0 and 1",
                value,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hyper_parameter_error_names_the_range() {
        let err = check::positive_finite("C", -1.0).unwrap_err();
        assert_eq!(err.to_string(), "C must be positive and finite, got -1");
        assert!(check::positive_finite("C", f64::NAN).is_err());
        assert!(check::positive_finite("C", f64::INFINITY).is_err());
        assert!(check::positive_finite("C", 0.0).is_err());
        assert_eq!(check::non_negative_finite("eps", 0.0), Ok(0.0));
        assert!(check::unit_interval("noise", 1.5).is_err());
    }

    #[test]
    fn parse_error_reads_like_a_compiler_message() {
        let err = ParseError {
            file: "a3a.t".into(),
            line: 17,
            column: 4,
            message: "feature index 0 is not allowed (LIBSVM indices start at 1)".into(),
        };
        assert_eq!(
            err.to_string(),
            "a3a.t:17:4: feature index 0 is not allowed (LIBSVM indices start at 1)"
        );
    }
}
