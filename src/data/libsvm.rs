//! LIBSVM sparse format reader: `label index:value index:value ... [# comment]`
//! with 1-based, strictly ascending indices. The data set stays sparse
//! (0-based indices inside), and explicit zeros are dropped.
//!
//! [`LibsvmLine`] is the grammar of one line, over buffers kept from line
//! to line (no allocation per line); the file reader below and the command
//! line's stream both read with it, so they take and refuse the same lines.

use std::path::Path;

use super::{
    display_name, parse_label, parse_value, read_to_string, Dataset, ErrorSink, LineError, Loaded,
    OnError, Tokens,
};
use crate::error::{Code, Message, Result};
use crate::features::{Features, SparseFeatures};
use crate::msg;
use crate::report::Task;

/// The largest feature index read. Linear learners keep a dense weight
/// vector as wide as the largest index, so an unbounded index would let one
/// line of a file ask for gigabytes (and abort the wasm module). 2^24 covers
/// the widest common LIBSVM sets (news20 1.4 M, url 3.2 M, webspam 16.6 M).
pub const MAX_FEATURE_INDEX: u64 = 1 << 24;

pub fn read_libsvm(path: &Path, task: Task, on_error: OnError) -> Result<Loaded> {
    parse_libsvm(&display_name(path), &read_to_string(path)?, task, on_error)
}

/// Parses LIBSVM text; `name` is the file name used in error messages.
pub fn parse_libsvm(name: &str, text: &str, task: Task, on_error: OnError) -> Result<Loaded> {
    let mut parser = LibsvmParser::new(name, task, on_error);
    for (index, line) in text.lines().enumerate() {
        parser.line(index + 1, line)?;
    }
    Ok(parser.finish())
}

/// The LIBSVM reader, one line at a time (the page feeds it in chunks).
pub struct LibsvmParser {
    name: String,
    errors: ErrorSink,
    data: Dataset,
    grammar: LibsvmLine,
}

impl LibsvmParser {
    pub fn new(name: &str, task: Task, on_error: OnError) -> Self {
        Self {
            name: name.to_string(),
            errors: ErrorSink::new(on_error),
            data: Dataset::sparse(),
            grammar: LibsvmLine::new(task),
        }
    }

    /// Reads line `line_no` (1-based); an error is returned only when the
    /// policy is to stop at the first bad line.
    pub fn line(&mut self, line_no: usize, line: &str) -> Result<()> {
        let line = super::without_bom(line_no, line);
        match self.grammar.read(line) {
            Ok(None) => Ok(()),
            Ok(Some(label)) => {
                self.data
                    .push(self.grammar.features(), label)
                    .expect("checked finite and ascending while parsing");
                Ok(())
            }
            Err(bad) => self.errors.push(bad.at(&self.name, line_no, line)),
        }
    }

    /// The rows read so far, and the last one's label.
    pub fn progress(&self) -> (usize, Option<f64>) {
        (self.data.len(), self.data.labels().last().copied())
    }

    pub fn finish(self) -> Loaded {
        self.errors.finish(self.data)
    }
}

/// One LIBSVM line's grammar, and the buffers its last sample is in.
pub struct LibsvmLine {
    task: Task,
    indices: Vec<u32>,
    values: Vec<f64>,
}

impl LibsvmLine {
    /// Labels are read for `task` (see `parse_label`).
    pub fn new(task: Task) -> Self {
        Self {
            task,
            indices: Vec::new(),
            values: Vec::new(),
        }
    }

    /// Reads one line (without its line break): None for a blank or
    /// comment line, else its label, and its features are [`Self::features`].
    pub fn read(&mut self, line: &str) -> Result<Option<f64>, LineError> {
        // Bytes, not `split('#')`: str's char searcher ends each match in a
        // call to memcmp, which profiled at a third of reading a9a.
        let content = match line.bytes().position(|b| b == b'#') {
            Some(at) => &line[..at],
            None => line,
        };
        if content.trim().is_empty() {
            return Ok(None);
        }
        self.indices.clear();
        self.values.clear();
        let label = parse_line(content, self.task, &mut self.indices, &mut self.values)?;
        Ok(Some(label))
    }

    /// The features of the sample last read.
    pub fn features(&self) -> Features<'_> {
        Features::Sparse(SparseFeatures::new_unchecked(&self.indices, &self.values))
    }

    /// Where a line's label starts (a byte offset): its first token.
    pub fn label_offset(line: &str) -> usize {
        Tokens::new(line).next().map_or(0, |(at, _)| at)
    }
}

/// Parses one line's tokens; on error names the byte offset of the bad token.
fn parse_line(
    line: &str,
    task: Task,
    indices: &mut Vec<u32>,
    values: &mut Vec<f64>,
) -> Result<f64, LineError> {
    let mut tokens = Tokens::new(line);
    let (at, label_token) = tokens.next().expect("line is not blank");
    let label = parse_label(label_token, task).map_err(|m| LineError::new(at, m))?;
    let mut previous: Option<u64> = None;
    for (at, token) in tokens {
        let bad = |message: Message| LineError::new(at, message);
        let Some(colon) = token.bytes().position(|b| b == b':') else {
            return Err(bad(msg!(Code::ExpectedPair, token = token)));
        };
        let (index_text, value_text) = (&token[..colon], &token[colon + 1..]);
        if index_text.is_empty() {
            return Err(bad(msg!(Code::IndexMissing, value = value_text)));
        }
        let index: u64 = index_text.parse().map_err(|_| {
            // Digits alone fail only past u64: a whole number, too large.
            match index_text.bytes().all(|b| b.is_ascii_digit()) {
                true => bad(msg!(
                    Code::IndexTooLarge,
                    index = index_text,
                    most = MAX_FEATURE_INDEX
                )),
                false => bad(msg!(Code::IndexNotWhole, token = index_text)),
            }
        })?;
        if index == 0 {
            return Err(bad(msg!(Code::IndexZero)));
        }
        if index > MAX_FEATURE_INDEX {
            return Err(bad(msg!(
                Code::IndexTooLarge,
                index = index,
                most = MAX_FEATURE_INDEX
            )));
        }
        if let Some(p) = previous.filter(|&p| index <= p) {
            return Err(bad(msg!(Code::IndexOrder, index = index, previous = p)));
        }
        previous = Some(index);
        let value_at = at + index_text.len() + 1;
        let value = parse_value(value_text).map_err(|m| LineError::new(value_at, m))?;
        if value != 0.0 {
            indices.push((index - 1) as u32);
            values.push(value);
        }
    }
    Ok(label)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Loaded> {
        parse_libsvm("a3a.t", text, Task::Classification, OnError::Fail)
    }

    #[test]
    fn reads_sparse_rows() {
        let data = parse("+1 3:1 11:0.5 # a comment\n-1 1:2\n\n0 2:1 3:0\n")
            .unwrap()
            .data;
        assert_eq!(data.len(), 3);
        assert!(data.is_sparse());
        assert_eq!(data.n_features(), 11);
        assert_eq!(data.labels(), &[1.0, -1.0, -1.0]);
        let Features::Sparse(row) = data.row(0) else {
            panic!()
        };
        assert_eq!(row.indices(), &[2, 10]);
        assert_eq!(row.values(), &[1.0, 0.5]);
        let Features::Sparse(row) = data.row(2) else {
            panic!()
        };
        assert_eq!(row.indices(), &[1], "explicit zeros are dropped");
    }

    #[test]
    fn errors_name_file_line_and_column() {
        let cases = [
            (
                "-1 3:1\n+1 0:1\n",
                "a3a.t:2:4: feature index 0 is not allowed (LIBSVM indices start at 1)",
            ),
            (
                "+1 3:1 2:1\n",
                "a3a.t:1:8: feature index 2 follows 3 (LIBSVM indices must be strictly ascending)",
            ),
            (
                "+1 3:1 3:1\n",
                "a3a.t:1:8: feature index 3 follows 3 (LIBSVM indices must be strictly ascending)",
            ),
            ("+1 3\n", "a3a.t:1:4: expected index:value, found '3'"),
            (
                "+1 x:1\n",
                "a3a.t:1:4: feature index 'x' is not a whole number",
            ),
            (
                "+1 12:nan\n",
                "a3a.t:1:7: value 'nan' is not finite (NaN and infinities cannot be learned from)",
            ),
            ("+1 12:\n", "a3a.t:1:7: value '' is not a number"),
            ("yes 1:1\n", "a3a.t:1:1: label 'yes' is not a number"),
        ];
        for (text, expected) in cases {
            assert_eq!(parse(text).unwrap_err().to_string(), expected, "{text:?}");
        }
    }

    #[test]
    fn skip_mode_keeps_good_rows() {
        let loaded = parse_libsvm(
            "f",
            "1 1:1\n1 0:1\n-1 2:1\n",
            Task::Classification,
            OnError::Skip,
        )
        .unwrap();
        assert_eq!(loaded.data.len(), 2);
        assert_eq!(loaded.skipped.len(), 1);
        assert_eq!(loaded.skipped[0].line, 2);
    }

    #[test]
    fn regression_labels_are_real() {
        let data = parse_libsvm("r", "2.5 1:1\n-7 2:3\n", Task::Regression, OnError::Fail)
            .unwrap()
            .data;
        assert_eq!(data.labels(), &[2.5, -7.0]);
    }
}
