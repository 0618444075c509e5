//! What the file readers share: label and value parsing, the bad-line
//! policy and its error list, and file access with the name in the error.

use crate::error::{Code, Error, Message, ParseError, Result};
use crate::msg;
use crate::report::Task;

use super::Dataset;

/// Maps a label read from a file: for classification 1 is +1 and 0 or -1
/// is -1; for regression any finite number.
pub(crate) fn parse_label(token: &str, task: Task) -> std::result::Result<f64, Message> {
    let value: f64 = token
        .trim_start_matches('+')
        .parse()
        .map_err(|_| msg!(Code::LabelNotNumber, token = token))?;
    if !value.is_finite() {
        return Err(msg!(Code::LabelNotFinite, token = token));
    }
    match task {
        Task::Regression => Ok(value),
        Task::Classification if value == 1.0 => Ok(1.0),
        Task::Classification if value == 0.0 || value == -1.0 => Ok(-1.0),
        Task::Classification => Err(msg!(Code::LabelNotSign, token = token)),
    }
}

/// Parses a feature value, refusing NaN and infinities.
///
/// `str::parse` rather than a crate: core's parser is a port of
/// fast_float's Eisel-Lemire algorithm, and measured against the
/// `fast-float2` crate it is as fast (4.2 ns a value on a9a's values, 20
/// ns against 22 on random reals, 2 cores at 2.6 GHz). One digit alone,
/// the value of every binary feature in LIBSVM sets such as a9a, is read
/// directly: the same f64, without the call.
#[inline]
pub(crate) fn parse_value(token: &str) -> std::result::Result<f64, Message> {
    if let &[digit @ b'0'..=b'9'] = token.as_bytes() {
        return Ok((digit - b'0') as f64);
    }
    match token.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(v),
        Ok(_) => Err(msg!(Code::ValueNotFinite, token = token)),
        Err(_) => Err(msg!(Code::ValueNotNumber, token = token)),
    }
}

/// What is wrong with a line, and where: the byte offset of the bad
/// token. The readers' grammars return it; whoever knows the file and the
/// line number makes it a [`ParseError`].
#[derive(Debug, Clone, PartialEq)]
pub struct LineError {
    pub offset: usize,
    pub message: Message,
}

impl LineError {
    pub fn new(offset: usize, message: Message) -> Self {
        Self { offset, message }
    }

    /// The error at line `line_no` of `file`, whose text is `line`; the
    /// column counts characters, as editors do.
    pub fn at(self, file: &str, line_no: usize, line: &str) -> ParseError {
        ParseError {
            file: file.to_string(),
            line: line_no,
            column: line[..self.offset].chars().count() + 1,
            message: self.message,
        }
    }
}

/// How a reader treats a bad line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum OnError {
    /// Stop at the first bad line and return its error (the command line).
    #[default]
    Fail,
    /// Skip bad lines, load the rest and list every error (the page).
    Skip,
}

/// What a reader loaded: the valid rows, and the bad lines it skipped.
#[derive(Debug)]
pub struct Loaded {
    pub data: Dataset,
    /// The first [`MAX_LISTED_ERRORS`] bad lines.
    pub skipped: Vec<ParseError>,
    /// How many lines were skipped in all.
    pub skipped_total: usize,
}

/// Bad lines listed in full; more are only counted (a 50 MB file of
/// garbage must not fill memory with messages).
pub const MAX_LISTED_ERRORS: usize = 1000;

/// The UTF-8 byte-order mark that some editors write at the start of a
/// file (Excel's "CSV UTF-8", Notepad): not data, and invisible in an
/// error, so every reader skips it at the start of the first line.
pub const BOM: &str = "\u{feff}";

/// Line `line_no` (1-based) without the byte-order mark the first line
/// may start with.
pub fn without_bom(line_no: usize, line: &str) -> &str {
    match line_no {
        1 => line.strip_prefix(BOM).unwrap_or(line),
        _ => line,
    }
}

/// Collects line errors according to an [`OnError`] policy.
pub(crate) struct ErrorSink {
    policy: OnError,
    errors: Vec<ParseError>,
    total: usize,
}

impl ErrorSink {
    pub fn new(policy: OnError) -> Self {
        Self {
            policy,
            errors: Vec::new(),
            total: 0,
        }
    }

    /// Records an error; returns it when the policy is to stop.
    pub fn push(&mut self, error: ParseError) -> Result<()> {
        match self.policy {
            OnError::Fail => Err(error.into()),
            OnError::Skip => {
                self.total += 1;
                if self.errors.len() < MAX_LISTED_ERRORS {
                    self.errors.push(error);
                }
                Ok(())
            }
        }
    }

    pub fn finish(self, data: Dataset) -> Loaded {
        Loaded {
            data,
            skipped: self.errors,
            skipped_total: self.total,
        }
    }
}

/// White-space separated tokens with their byte offsets. ASCII white space
/// is found byte by byte, not char by char: no byte of a multi-byte
/// character is ASCII, so every cut falls on a character boundary.
pub(crate) struct Tokens<'a> {
    line: &'a str,
    offset: usize,
}

impl<'a> Tokens<'a> {
    pub fn new(line: &'a str) -> Self {
        Self { line, offset: 0 }
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = (usize, &'a str);
    fn next(&mut self) -> Option<Self::Item> {
        let bytes = self.line.as_bytes();
        let start = self.offset
            + bytes[self.offset..]
                .iter()
                .position(|b| !b.is_ascii_whitespace())?;
        let len = bytes[start..]
            .iter()
            .position(|b| b.is_ascii_whitespace())
            .unwrap_or(bytes.len() - start);
        self.offset = start + len;
        Some((start, &self.line[start..start + len]))
    }
}

/// Reads a whole file, naming it in the error.
pub(crate) fn read_to_string(path: &std::path::Path) -> Result<String> {
    std::fs::read_to_string(path).map_err(|e| Error::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    })
}

/// The name used for a path in error messages: the file name as given.
pub(crate) fn display_name(path: &std::path::Path) -> String {
    path.display().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_map_to_plus_minus_one() {
        assert_eq!(parse_label("0", Task::Classification), Ok(-1.0));
        assert_eq!(parse_label("+1", Task::Classification), Ok(1.0));
        assert_eq!(parse_label("-1", Task::Classification), Ok(-1.0));
        assert!(parse_label("2", Task::Classification).is_err());
        assert_eq!(parse_label("2.5", Task::Regression), Ok(2.5));
        assert!(parse_label("nan", Task::Regression).is_err());
    }
}
