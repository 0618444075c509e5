//! A data file read in pieces, as the page's Web Worker receives it: whole
//! lines in, a data set and the bad lines out. Labels are read as numbers;
//! classes are whole numbers, as the command line reads them: two classes
//! become −1 and +1 (0/1 and ±1 as they are, else the larger label is +1),
//! three to six the page's labels of classes 1 to K in sorted order (see
//! [`Classes::page_label`]). Detecting the task: whole-number labels with
//! at most six values make a classification, anything else a regression.

use super::classes::Classes;
use super::csv::CsvParser;
use super::libsvm::LibsvmParser;
use super::{CsvOptions, Loaded, OnError, MAX_CLASSES, MAX_LISTED_ERRORS};
use crate::error::{Error, ParseError, Result};
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

impl Parser {
    fn progress(&self) -> (usize, Option<f64>) {
        match self {
            Parser::Csv(p) => p.progress(),
            Parser::Libsvm(p) => p.progress(),
        }
    }
}

/// Reads a file chunk by chunk, skipping (and listing) bad lines.
pub struct Loader {
    name: String,
    format: Format,
    parser: Parser,
    lines: usize,
    /// The task asked for; None to detect it from the labels.
    task: Option<Task>,
    /// Classes asked for: the rows whose label is not a whole number, each
    /// with its line's error (the readers take any number as a label).
    not_classes: Vec<(usize, ParseError)>,
}

/// A file's rows as the page learns them, and how they were read.
#[derive(Debug)]
pub struct LoadedFile {
    pub loaded: Loaded,
    pub task: Task,
    /// The classes (the file's labels in class order), for classification.
    pub classes: Option<Classes>,
}

impl Loader {
    /// `task`: None to detect it from the labels.
    pub fn new(name: &str, format: Format, task: Option<Task>) -> Self {
        // Labels are read as numbers; classes are decided at the end.
        let parser = match format {
            Format::Csv => Parser::Csv(CsvParser::new(
                name,
                CsvOptions {
                    task: Task::Regression,
                    on_error: OnError::Skip,
                    ..CsvOptions::default()
                },
            )),
            Format::Libsvm => {
                Parser::Libsvm(LibsvmParser::new(name, Task::Regression, OnError::Skip))
            }
        };
        Self {
            name: name.to_string(),
            format,
            parser,
            lines: 0,
            task,
            not_classes: Vec::new(),
        }
    }

    /// Feeds whole lines: a chunk that ends at a line break (the caller
    /// keeps a partial last line for the next chunk).
    pub fn feed(&mut self, text: &str) {
        for line in text.lines() {
            self.lines += 1;
            let line = super::without_bom(self.lines, line);
            let (before, _) = self.parser.progress();
            let result = match &mut self.parser {
                Parser::Csv(p) => p.line(self.lines, line),
                Parser::Libsvm(p) => p.line(self.lines, line),
            };
            debug_assert!(result.is_ok(), "skip mode never stops");
            let (after, label) = self.parser.progress();
            match label {
                Some(y)
                    if after > before
                        && self.task == Some(Task::Classification)
                        && !is_whole(y) =>
                {
                    let error = ParseError {
                        file: self.name.clone(),
                        line: self.lines,
                        column: label_column(self.format, line),
                        message: crate::msg!(
                            crate::error::Code::LabelNotWhole,
                            token = crate::number::text(y)
                        ),
                    };
                    self.not_classes.push((before, error));
                }
                _ => {}
            }
        }
    }

    /// Lines read so far.
    pub fn lines(&self) -> usize {
        self.lines
    }

    /// The rows and the task. Classes asked for, or detected, are mapped to
    /// the page's labels; more than [`MAX_CLASSES`] classes are refused.
    pub fn finish(self) -> Result<LoadedFile> {
        let mut loaded = match self.parser {
            Parser::Csv(p) => p.finish(),
            Parser::Libsvm(p) => p.finish(),
        };
        if !self.not_classes.is_empty() {
            // Rows whose label cannot be a class go, listed as bad lines.
            let bad: std::collections::HashSet<usize> =
                self.not_classes.iter().map(|(row, _)| *row).collect();
            let keep: Vec<usize> = (0..loaded.data.len())
                .filter(|i| !bad.contains(i))
                .collect();
            loaded.data = loaded.data.select(&keep);
            loaded.skipped_total += self.not_classes.len();
            loaded
                .skipped
                .extend(self.not_classes.into_iter().map(|(_, e)| e));
            loaded.skipped.sort_by_key(|e| e.line);
            loaded.skipped.truncate(MAX_LISTED_ERRORS);
        }
        let labels = loaded.data.labels();
        let whole = labels.iter().all(|&y| is_whole(y));
        let task = match self.task {
            Some(task) => task,
            None if whole && !loaded.data.is_empty() => Task::Classification,
            None => Task::Regression,
        };
        if task == Task::Regression {
            return Ok(LoadedFile {
                loaded,
                task,
                classes: None,
            });
        }
        let classes = Classes::of(&loaded.data)
            .map_err(|e| Error::BadSample(format!("{}: {e}", self.name).into()))?;
        if classes.len() > MAX_CLASSES {
            if self.task.is_none() {
                // Too many values to be the page's classes: numbers, then.
                return Ok(LoadedFile {
                    loaded,
                    task: Task::Regression,
                    classes: None,
                });
            }
            const _: () = assert!(MAX_CLASSES == 6, "the message below says 6");
            return Err(Error::Mismatch(crate::msg!(
                crate::error::Code::FileClasses,
                file = self.name.as_str(),
                k = classes.len()
            )));
        }
        loaded
            .data
            .relabel(|y| classes.page_label(y).expect("a label of these classes"));
        Ok(LoadedFile {
            loaded,
            task,
            classes: Some(classes),
        })
    }
}

/// Whether a label can be a class: a whole number (as the command line reads classes).
fn is_whole(y: f64) -> bool {
    y.fract() == 0.0 && y.abs() <= 2f64.powi(53)
}

/// The column (from 1) where a line's label starts: a LIBSVM line's first
/// token, a CSV line's last field.
fn label_column(format: Format, line: &str) -> usize {
    let chars: Vec<char> = line.trim_end().chars().collect();
    match format {
        Format::Libsvm => chars.iter().position(|c| !c.is_whitespace()).unwrap_or(0) + 1,
        Format::Csv => {
            chars
                .iter()
                .rposition(|&c| c == ',' || c == ';' || c == '\t' || c == ' ')
                .map_or(0, |at| at + 1)
                + 1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(name: &str, text: &str, task: Option<Task>) -> Result<LoadedFile> {
        let format = Format::detect(name, text);
        let mut loader = Loader::new(name, format, task);
        loader.feed(text);
        loader.finish()
    }

    #[test]
    fn a_byte_order_mark_is_not_data_and_a_first_row_with_a_number_is_not_a_header() {
        for (name, text) in [
            ("b.svm", "\u{feff}+1 1:1\n-1 2:1\n"),
            ("b.csv", "\u{feff}1,2,1\n3,4,-1\n"),
        ] {
            assert_eq!(
                load(name, text, None).unwrap().loaded.data.len(),
                2,
                "{name}"
            );
        }
        let typo = load("t.csv", "1,2x,1\n3,4,-1\n5,6,1\n", None).unwrap();
        assert_eq!(typo.loaded.data.len(), 2);
        let error = typo.loaded.skipped[0].to_string();
        assert!(error.starts_with("t.csv:1:3: "), "{error}");
    }

    #[test]
    fn chunks_give_what_one_piece_gives_and_line_numbers_run_on() {
        let text = "x,y,label\n1,2,1\n3,oops,0\n5,6,0\n7,8,1\n";
        let mut whole = Loader::new("p.csv", Format::Csv, None);
        whole.feed(text);
        let mut pieces = Loader::new("p.csv", Format::Csv, None);
        for chunk in ["x,y,label\n1,2,1\n", "3,oops,0\n5,6,0\n", "7,8,1\n"] {
            pieces.feed(chunk);
        }
        let (a, b) = (whole.finish().unwrap(), pieces.finish().unwrap());
        assert_eq!(a.loaded.data, b.loaded.data);
        assert_eq!(
            (a.task, b.task),
            (Task::Classification, Task::Classification)
        );
        assert_eq!(a.loaded.data.labels(), &[1.0, -1.0, 1.0]);
        assert_eq!(b.loaded.skipped[0].line, 3);
        assert_eq!(b.loaded.skipped[0].column, 3);
    }

    #[test]
    fn real_labels_make_a_regression_and_formats_are_detected() {
        assert_eq!(
            load("r.csv", "0.5,2.25\n1.5,-3\n", None).unwrap().task,
            Task::Regression
        );
        assert_eq!(Format::detect("a3a", "+1 3:1 5:1\n"), Format::Libsvm);
        assert_eq!(Format::detect("data.csv", "1,2,1"), Format::Csv);
        assert_eq!(Format::detect("points", "1 2 1\n"), Format::Csv);
        let file = load("a3a", "+1 3:1\n-1 1:1 2:1\n", None).unwrap();
        assert_eq!(
            (
                file.loaded.data.len(),
                file.loaded.data.n_features(),
                file.task
            ),
            (2, 3, Task::Classification)
        );
    }

    #[test]
    fn whole_number_labels_are_classes_in_sorted_order() {
        // Labels 1, 2, 3: classes 1 to 3, the page's labels +1, -1 and 3.
        let text = "x,y,label\n0,0,2\n1,1,1\n2,2,3\n3,3,2\n";
        for task in [None, Some(Task::Classification)] {
            let file = load("three.csv", text, task).unwrap();
            assert_eq!(file.task, Task::Classification);
            assert_eq!(file.classes.as_ref().unwrap().names(), &[1.0, 2.0, 3.0]);
            assert_eq!(file.loaded.data.labels(), &[-1.0, 1.0, 3.0, -1.0]);
        }
        // Two classes other than 0/1 and ±1: the larger is +1.
        let two = load("two.csv", "0,0,7\n1,1,4\n", None).unwrap();
        assert_eq!(two.loaded.data.labels(), &[1.0, -1.0]);
        // Seven classes are more than the page shows: numbers when
        // detecting, refused when classes are asked for.
        let seven: String = (0..7).map(|k| format!("{k},0,{k}\n")).collect();
        assert_eq!(
            load("seven.csv", &seven, None).unwrap().task,
            Task::Regression
        );
        let err = load("seven.csv", &seven, Some(Task::Classification)).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("seven.csv has 7 classes; the page shows up to 6"),
            "{err}"
        );
    }

    #[test]
    fn asked_for_classes_a_fractional_label_is_a_bad_line_named_where_it_is() {
        let text = "x,y,label\n0,0,1\n1,1,2.5\n2,2,2\n";
        let file = load("f.csv", text, Some(Task::Classification)).unwrap();
        assert_eq!(file.loaded.data.len(), 2);
        assert_eq!(file.loaded.skipped_total, 1);
        assert_eq!(
            file.loaded.skipped[0].to_string(),
            "f.csv:3:5: label '2.5' is not a class label (classes are whole numbers; read the labels as numbers for a regression)"
        );
        let libsvm = load("f.svm", "1 1:0.5\n  2.5 1:1\n", Some(Task::Classification)).unwrap();
        assert_eq!(
            (
                libsvm.loaded.skipped[0].line,
                libsvm.loaded.skipped[0].column
            ),
            (2, 3)
        );
        // Read as numbers, the same file is a regression.
        assert_eq!(load("f.csv", text, None).unwrap().task, Task::Regression);
    }
}
