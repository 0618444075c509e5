//! A data file read in pieces, as the page's Web Worker receives it: whole
//! lines in, a data set and the bad lines out. The task can be detected:
//! labels that are all -1, 0 or +1 make a classification, anything else a
//! regression.

use super::csv::CsvParser;
use super::libsvm::LibsvmParser;
use super::{CsvOptions, Loaded, OnError};
use crate::report::Task;

/// The file formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Csv,
    Libsvm,
}

impl Format {
    /// From the file name, or failing that from the first line: LIBSVM
    /// lines have `index:value` tokens.
    pub fn detect(name: &str, first_text: &str) -> Self {
        let lower = name.to_ascii_lowercase();
        if lower.ends_with(".csv")
            || lower.ends_with(".tsv")
            // A .txt file may hold LIBSVM lines: then its colons decide.
            || (lower.ends_with(".txt") && !first_text.contains(':'))
        {
            return Format::Csv;
        }
        let first = first_text
            .lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("");
        if first.split_whitespace().skip(1).any(|t| t.contains(':')) {
            Format::Libsvm
        } else {
            Format::Csv
        }
    }
}

enum Parser {
    Csv(CsvParser),
    Libsvm(LibsvmParser),
}

/// Reads a file chunk by chunk, skipping (and listing) bad lines.
pub struct Loader {
    parser: Parser,
    lines: usize,
    detect_task: bool,
}

impl Loader {
    /// `task`: None to detect it from the labels.
    pub fn new(name: &str, format: Format, task: Option<Task>) -> Self {
        // Detecting means reading any finite label, then deciding.
        let read_as = task.unwrap_or(Task::Regression);
        let parser = match format {
            Format::Csv => Parser::Csv(CsvParser::new(
                name,
                CsvOptions {
                    task: read_as,
                    on_error: OnError::Skip,
                    ..CsvOptions::default()
                },
            )),
            Format::Libsvm => Parser::Libsvm(LibsvmParser::new(name, read_as, OnError::Skip)),
        };
        Self {
            parser,
            lines: 0,
            detect_task: task.is_none(),
        }
    }

    /// Feeds whole lines: a chunk that ends at a line break (the caller
    /// keeps a partial last line for the next chunk).
    pub fn feed(&mut self, text: &str) {
        for line in text.lines() {
            self.lines += 1;
            let result = match &mut self.parser {
                Parser::Csv(p) => p.line(self.lines, line),
                Parser::Libsvm(p) => p.line(self.lines, line),
            };
            debug_assert!(result.is_ok(), "skip mode never stops");
        }
    }

    /// Lines read so far.
    pub fn lines(&self) -> usize {
        self.lines
    }

    pub fn finish(self) -> (Loaded, Task) {
        let mut loaded = match self.parser {
            Parser::Csv(p) => p.finish(),
            Parser::Libsvm(p) => p.finish(),
        };
        let classes = loaded
            .data
            .labels()
            .iter()
            .all(|&y| y == -1.0 || y == 0.0 || y == 1.0);
        let task = if self.detect_task && classes && !loaded.data.is_empty() {
            loaded.data.relabel(|y| if y == 1.0 { 1.0 } else { -1.0 });
            Task::Classification
        } else if self.detect_task {
            Task::Regression
        } else if classes {
            Task::Classification
        } else {
            Task::Regression
        };
        (loaded, task)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_give_what_one_piece_gives_and_line_numbers_run_on() {
        let text = "x,y,label\n1,2,1\n3,oops,0\n5,6,0\n7,8,1\n";
        let mut whole = Loader::new("p.csv", Format::Csv, None);
        whole.feed(text);
        let mut pieces = Loader::new("p.csv", Format::Csv, None);
        for chunk in ["x,y,label\n1,2,1\n", "3,oops,0\n5,6,0\n", "7,8,1\n"] {
            pieces.feed(chunk);
        }
        let ((a, task_a), (b, task_b)) = (whole.finish(), pieces.finish());
        assert_eq!(a.data, b.data);
        assert_eq!(
            (task_a, task_b),
            (Task::Classification, Task::Classification)
        );
        assert_eq!(a.data.labels(), &[1.0, -1.0, 1.0]);
        assert_eq!(b.skipped[0].line, 3);
        assert_eq!(b.skipped[0].column, 3);
    }

    #[test]
    fn real_labels_make_a_regression_and_formats_are_detected() {
        let mut loader = Loader::new("r.csv", Format::Csv, None);
        loader.feed("0.5,2.25\n1.5,-3\n");
        assert_eq!(loader.finish().1, Task::Regression);
        assert_eq!(Format::detect("a3a", "+1 3:1 5:1\n"), Format::Libsvm);
        assert_eq!(Format::detect("data.csv", "1,2,1"), Format::Csv);
        assert_eq!(Format::detect("points", "1 2 1\n"), Format::Csv);
        let mut loader = Loader::new("a3a", Format::Libsvm, None);
        loader.feed("+1 3:1\n-1 1:1 2:1\n");
        let (loaded, task) = loader.finish();
        assert_eq!(
            (loaded.data.len(), loaded.data.n_features(), task),
            (2, 3, Task::Classification)
        );
    }
}
