//! CSV reader: one sample a line, numbers only, the label in the last column
//! by default. A header line is detected (or forced either way); the
//! delimiter is a comma, semicolon, tab or plain white space, whichever the
//! first data line uses. Blank lines and lines starting with `#` are skipped.

use std::path::Path;

use std::ops::Range;

use super::{
    display_name, parse_label, parse_value, read_to_string, Dataset, ErrorSink, LineError, Loaded,
    OnError, Tokens,
};
use crate::error::{Code, Message, Result};
use crate::features::Features;
use crate::msg;
use crate::report::Task;

/// Which column holds the label.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum LabelColumn {
    #[default]
    Last,
    First,
    /// 0-based column index.
    Index(usize),
}

#[derive(Clone, Debug, PartialEq)]
pub struct CsvOptions {
    pub label_column: LabelColumn,
    /// `None`: a first line none of whose fields is a number is a header.
    pub header: Option<bool>,
    pub task: Task,
    pub on_error: OnError,
}

impl Default for CsvOptions {
    fn default() -> Self {
        Self {
            label_column: LabelColumn::Last,
            header: None,
            task: Task::Classification,
            on_error: OnError::Fail,
        }
    }
}

pub fn read_csv(path: &Path, options: &CsvOptions) -> Result<Loaded> {
    parse_csv(&display_name(path), &read_to_string(path)?, options)
}

/// Parses CSV text; `name` is the file name used in error messages.
pub fn parse_csv(name: &str, text: &str, options: &CsvOptions) -> Result<Loaded> {
    let mut parser = CsvParser::new(name, options.clone());
    for (index, line) in text.lines().enumerate() {
        parser.line(index + 1, line)?;
    }
    Ok(parser.finish())
}

/// The CSV reader, one line at a time (the page feeds it in chunks).
pub struct CsvParser {
    name: String,
    errors: ErrorSink,
    data: Option<Dataset>,
    grammar: CsvLine,
}

impl CsvParser {
    pub fn new(name: &str, options: CsvOptions) -> Self {
        Self {
            name: name.to_string(),
            errors: ErrorSink::new(options.on_error),
            data: None,
            grammar: CsvLine::new(&options),
        }
    }

    /// Reads line `line_no` (1-based); an error is returned only when the
    /// policy is to stop at the first bad line.
    pub fn line(&mut self, line_no: usize, line: &str) -> Result<()> {
        let line = super::without_bom(line_no, line);
        match self.grammar.read(line) {
            Ok(None) => Ok(()),
            Ok(Some(label)) => {
                let x = self.grammar.features();
                self.data
                    .get_or_insert_with(|| Dataset::dense(x.dim()))
                    .push(x, label)
                    .expect("checked finite above");
                Ok(())
            }
            Err(bad) => self.errors.push(bad.at(&self.name, line_no, line)),
        }
    }

    /// The rows read so far, and the last one's label.
    pub fn progress(&self) -> (usize, Option<f64>) {
        self.data
            .as_ref()
            .map_or((0, None), |d| (d.len(), d.labels().last().copied()))
    }

    pub fn finish(self) -> Loaded {
        self.errors
            .finish(self.data.unwrap_or_else(|| Dataset::dense(0)))
    }
}

/// One CSV line's grammar: the layout the first data line fixed (its
/// delimiter and width), whether the header is behind, and buffers kept
/// from line to line (no allocation per line). The file reader above and
/// the command line's stream both read with it.
pub struct CsvLine {
    label_column: LabelColumn,
    header: Option<bool>,
    task: Task,
    layout: Option<Layout>,
    /// The width a test file's lines must have: its training file's.
    expected: Option<usize>,
    first_line: bool,
    /// The last line's fields, as byte ranges trimmed of spaces.
    fields: Vec<Range<usize>>,
    features: Vec<f64>,
}

impl CsvLine {
    pub fn new(options: &CsvOptions) -> Self {
        Self {
            label_column: options.label_column,
            header: options.header,
            task: options.task,
            layout: None,
            expected: None,
            first_line: true,
            fields: Vec::new(),
            features: Vec::new(),
        }
    }

    /// The same grammar for a test file: its lines must have `width`
    /// fields, as its training file's lines have (a narrower test file
    /// would otherwise be read as features left out, and a wider one
    /// as features the learners never saw).
    pub fn expecting(self, width: usize) -> Self {
        Self {
            expected: Some(width),
            ..self
        }
    }

    /// The fields every line has, once the first data line fixed it.
    pub fn width(&self) -> Option<usize> {
        self.layout.map(|l| l.width)
    }

    /// Reads one line (without its line break): None for a blank line, a
    /// comment or the header, else its label, and its features are
    /// [`Self::features`].
    pub fn read(&mut self, line: &str) -> Result<Option<f64>, LineError> {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            return Ok(None);
        }
        let is_first = std::mem::take(&mut self.first_line);
        let delimiter = self
            .layout
            .map_or_else(|| Delimiter::detect(line), |l| l.delimiter);
        split_fields(line, delimiter, &mut self.fields);
        let field = |range: &Range<usize>| &line[range.clone()];
        if is_first {
            // A header names its columns: a first line with a number in
            // it is data, and a field of it that is not a number is a bad
            // line, not a header that silently drops the row.
            let looks_like_header = self.fields.iter().all(|f| field(f).parse::<f64>().is_err());
            if self.header.unwrap_or(looks_like_header) {
                return Ok(None);
            }
        }
        let layout = match self.layout {
            Some(l) => l,
            None if self.expected.is_some_and(|n| n != self.fields.len()) => {
                return Err(LineError::new(
                    0,
                    msg!(
                        Code::TrainingWidth,
                        n = self.expected.unwrap_or_default(),
                        found = self.fields.len()
                    ),
                ));
            }
            None => match Layout::new(self.fields.len(), self.label_column, delimiter) {
                Ok(l) => *self.layout.insert(l),
                Err(message) => return Err(LineError::new(0, message)),
            },
        };
        if self.fields.len() != layout.width {
            return Err(LineError::new(
                0,
                msg!(
                    Code::FieldCount,
                    n = layout.width,
                    found = self.fields.len()
                ),
            ));
        }
        self.features.clear();
        let mut label = 0.0;
        for (column, range) in self.fields.iter().enumerate() {
            let parsed = if column == layout.label {
                parse_label(field(range), self.task).map(|y| label = y)
            } else {
                parse_value(field(range)).map(|v| self.features.push(v))
            };
            if let Err(message) = parsed {
                return Err(LineError::new(range.start, message));
            }
        }
        Ok(Some(label))
    }

    /// The features of the sample last read.
    pub fn features(&self) -> Features<'_> {
        Features::Dense(&self.features)
    }

    /// Where the label of the line last read starts (a byte offset).
    pub fn label_offset(&self) -> usize {
        self.layout
            .and_then(|l| self.fields.get(l.label))
            .map_or(0, |f| f.start)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Delimiter {
    Char(char),
    Whitespace,
}

impl Delimiter {
    fn detect(line: &str) -> Self {
        [',', ';', '\t']
            .into_iter()
            .find(|&c| line.contains(c))
            .map_or(Delimiter::Whitespace, Delimiter::Char)
    }
}

#[derive(Clone, Copy, Debug)]
struct Layout {
    width: usize,
    label: usize,
    delimiter: Delimiter,
}

impl Layout {
    fn new(width: usize, label_column: LabelColumn, delimiter: Delimiter) -> Result<Self, Message> {
        if width < 2 {
            return Err(msg!(Code::TooFewFields, n = width));
        }
        let label = match label_column {
            LabelColumn::Last => width - 1,
            LabelColumn::First => 0,
            LabelColumn::Index(i) if i < width => i,
            LabelColumn::Index(i) => {
                return Err(msg!(Code::NoLabelColumn, n = i + 1, width = width))
            }
        };
        Ok(Self {
            width,
            label,
            delimiter,
        })
    }
}

/// The line's fields, as byte ranges trimmed of spaces, into `fields`.
fn split_fields(line: &str, delimiter: Delimiter, fields: &mut Vec<Range<usize>>) {
    fields.clear();
    match delimiter {
        Delimiter::Char(c) => {
            let mut start = 0;
            for piece in line.split(c) {
                let lead = piece.len() - piece.trim_start().len();
                let at = start + lead;
                fields.push(at..at + piece.trim().len());
                start += piece.len() + c.len_utf8();
            }
        }
        Delimiter::Whitespace => {
            fields.extend(Tokens::new(line).map(|(at, token)| at..at + token.len()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Loaded> {
        parse_csv("points.csv", text, &CsvOptions::default())
    }

    #[test]
    fn reads_labels_headers_and_delimiters() {
        let loaded = parse("x,y,label\n1,2,1\n3, 4 ,0\n\n# comment\n-1,0.5,-1\n").unwrap();
        let data = loaded.data;
        assert_eq!(data.len(), 3);
        assert_eq!(data.n_features(), 2);
        assert_eq!(data.labels(), &[1.0, -1.0, -1.0]);
        assert_eq!(data.row(1), Features::Dense(&[3.0, 4.0]));

        let data = parse("1 2 1\n3 4 -1\n").unwrap().data;
        assert_eq!(data.len(), 2);
        let data = parse("1;2;1\r\n3;4;-1\r\n").unwrap().data;
        assert_eq!(data.row(1), Features::Dense(&[3.0, 4.0]));
    }

    #[test]
    fn label_column_can_be_first_and_regression_keeps_reals() {
        let options = CsvOptions {
            label_column: LabelColumn::First,
            task: Task::Regression,
            ..CsvOptions::default()
        };
        let data = parse_csv("r.csv", "2.5,1,2\n-0.5,3,4\n", &options)
            .unwrap()
            .data;
        assert_eq!(data.labels(), &[2.5, -0.5]);
        assert_eq!(data.row(0), Features::Dense(&[1.0, 2.0]));
    }

    #[test]
    fn errors_name_file_line_and_column() {
        let err = parse("1,2,1\n3,abc,0\n").unwrap_err().to_string();
        assert_eq!(err, "points.csv:2:3: value 'abc' is not a number");
        let err = parse("1,2,1\n3,4,7\n").unwrap_err().to_string();
        assert!(
            err.starts_with("points.csv:2:5: label '7' is not a class label"),
            "{err}"
        );
        let err = parse("1,2,1\n3,4\n").unwrap_err().to_string();
        assert_eq!(err, "points.csv:2:1: expected 3 fields, found 2");
        let err = parse("1,2,1\n3,NaN,1\n").unwrap_err().to_string();
        assert!(
            err.starts_with("points.csv:2:3: value 'NaN' is not finite"),
            "{err}"
        );
        let err = parse("1,inf,1\n").unwrap_err().to_string();
        assert!(err.starts_with("points.csv:1:3:"), "{err}");
    }

    #[test]
    fn skip_mode_loads_the_good_rows_and_lists_the_bad() {
        let options = CsvOptions {
            on_error: OnError::Skip,
            ..CsvOptions::default()
        };
        let loaded = parse_csv("p.csv", "1,2,1\nx\n3,4,0\n5,,1\n6,7,1\n", &options).unwrap();
        assert_eq!(loaded.data.len(), 3);
        let lines: Vec<usize> = loaded.skipped.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![2, 4]);
    }

    #[test]
    fn seed_003_point_set_loads() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/pocket-pla.csv");
        if let Ok(loaded) = read_csv(&path, &CsvOptions::default()) {
            assert_eq!(loaded.data.len(), 100);
            assert_eq!(loaded.data.n_features(), 2);
        }
    }
}
