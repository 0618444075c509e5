//! A data file's lines as samples, one at a time, in memory that does not
//! grow: the line and the sample live in buffers kept from line to line,
//! and the line's grammar is the library's own (`LibsvmLine`, `CsvLine`),
//! so a stream takes and refuses exactly what a file read whole does.
//! A bad line is a `file:line:column` error: with `--skip-bad` it is
//! counted (and the first ones listed on standard error), else it ends
//! the rows.

use std::io::BufRead;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use onlinelearn::data::{CsvLine, CsvOptions, LibsvmLine, LineError, Standardiser, BOM};
use onlinelearn::{Features, ParseError, Task};

use crate::source::{Format, Source};

/// Bad lines listed on standard error under `--skip-bad`; the rest are
/// counted, and the count is reported at the end.
pub const LISTED: usize = 20;

enum Grammar {
    Libsvm(LibsvmLine),
    Csv(CsvLine),
}

/// Why the rows ended before the input did.
#[derive(Debug)]
pub enum Stop {
    /// A bad line (without `--skip-bad`).
    Bad(ParseError),
    /// Reading failed (a broken pipe, a corrupt gzip stream).
    Io(String),
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stop::Bad(e) => write!(f, "{e}"),
            Stop::Io(e) => write!(f, "{e}"),
        }
    }
}

impl Stop {
    /// The stop, what it did (`happened`), and what to do: for a bad line,
    /// fix it or pass --skip-bad to `verb` past bad lines; a read that
    /// failed (a broken gzip stream) is no line to skip, --skip-bad cannot
    /// help.
    pub fn explained(&self, happened: &str, verb: &str) -> String {
        match self {
            Stop::Bad(_) => format!(
                "{self}\n{happened}; fix the line, or pass --skip-bad to {verb} past bad lines"
            ),
            Stop::Io(_) => format!(
                "{self}\n{happened}; the input cannot be read past this point (--skip-bad skips bad lines, not a broken file)"
            ),
        }
    }
}

/// The fields of a CSV training file's lines, from its first data line (a
/// test file's lines must have as many); None for LIBSVM, whose lines
/// list the features they have, and for standard input, which cannot be
/// read twice.
pub fn csv_width(source: &Source) -> Result<Option<usize>, String> {
    if source.format != Format::Csv || !source.rereadable() {
        return Ok(None);
    }
    let reader = source.open(Arc::new(AtomicU64::new(0)))?;
    // Bad lines skipped: the width is the first good line's, as learning reads it.
    let mut rows = Rows::new(source, reader, true).unlisted();
    rows.next().map_err(|stop| stop.to_string())?;
    Ok(match &rows.grammar {
        Grammar::Csv(g) => g.width(),
        Grammar::Libsvm(_) => None,
    })
}

/// The samples of one reading of a source.
pub struct Rows {
    name: String,
    reader: Box<dyn BufRead + Send>,
    grammar: Grammar,
    line: Vec<u8>,
    line_no: usize,
    skip_bad: bool,
    /// Skipped lines after this one are listed on standard error: those
    /// before were listed by an earlier reading (all: a survey of a file
    /// that is read again, or a second pass).
    listed_through: usize,
    /// Bad lines skipped so far (`--skip-bad`).
    pub skipped: usize,
    /// Bytes of text read so far (decompressed, for `.gz`).
    pub consumed: u64,
    /// `--scale standard`: each sample standardised (dense) before it is
    /// handed on, into `scaled`.
    scaler: Option<Arc<Standardiser>>,
    scaled: Vec<f64>,
}

impl Rows {
    /// Labels are read as numbers: classes are the caller's to decide.
    pub fn new(source: &Source, reader: Box<dyn BufRead + Send>, skip_bad: bool) -> Self {
        let grammar = match source.format {
            Format::Libsvm => Grammar::Libsvm(LibsvmLine::new(Task::Regression)),
            Format::Csv => Grammar::Csv(CsvLine::new(&CsvOptions {
                task: Task::Regression,
                ..CsvOptions::default()
            })),
        };
        Self {
            name: source.name.clone(),
            reader,
            grammar,
            line: Vec::with_capacity(4096),
            line_no: 0,
            skip_bad,
            listed_through: 0,
            skipped: 0,
            consumed: 0,
            scaler: None,
            scaled: Vec::new(),
        }
    }

    /// The same rows, each sample standardised by `scaler` (if any).
    pub fn scaled(self, scaler: Option<Arc<Standardiser>>) -> Self {
        Self { scaler, ..self }
    }

    /// The same rows, each CSV line `width` fields wide (a test file's, as
    /// its training file's lines are; `None`, or LIBSVM: any width).
    pub fn expecting(self, width: Option<usize>) -> Self {
        let grammar = match (self.grammar, width) {
            (Grammar::Csv(g), Some(width)) => Grammar::Csv(g.expecting(width)),
            (grammar, _) => grammar,
        };
        Self { grammar, ..self }
    }

    /// The same rows, listing only the skipped lines after `line` (an
    /// attempt that started over listed those before).
    pub fn listed_through(self, line: usize) -> Self {
        Self {
            listed_through: line,
            ..self
        }
    }

    /// The same rows, without listing the lines they skip.
    pub fn unlisted(self) -> Self {
        self.listed_through(usize::MAX)
    }

    /// The next sample, None at the end of the input.
    pub fn next(&mut self) -> Result<Option<(Features<'_>, f64)>, Stop> {
        loop {
            self.line.clear();
            let n = self
                .reader
                .read_until(b'\n', &mut self.line)
                .map_err(|e| Stop::Io(format!("{}: {e}", self.name)))?;
            if n == 0 {
                return Ok(None);
            }
            self.consumed += n as u64;
            self.line_no += 1;
            if self.line_no == 1 && self.line.starts_with(BOM.as_bytes()) {
                self.line.drain(..BOM.len());
            }
            // As `str::lines` cuts a text read whole: "\n" or "\r\n".
            if self.line.last() == Some(&b'\n') {
                self.line.pop();
                if self.line.last() == Some(&b'\r') {
                    self.line.pop();
                }
            }
            let text = match std::str::from_utf8(&self.line) {
                Ok(text) => text,
                Err(e) => {
                    let bad = LineError::new(e.valid_up_to(), "not UTF-8 text".into());
                    let text = std::str::from_utf8(&self.line[..e.valid_up_to()]).unwrap();
                    let error = bad.at(&self.name, self.line_no, text);
                    self.bad(error)?;
                    continue;
                }
            };
            let read = match &mut self.grammar {
                Grammar::Libsvm(g) => g.read(text),
                Grammar::Csv(g) => g.read(text),
            };
            match read {
                Ok(None) => continue,
                Ok(Some(label)) => {
                    let x = match &self.grammar {
                        Grammar::Libsvm(g) => g.features(),
                        Grammar::Csv(g) => g.features(),
                    };
                    if let Some(scaler) = &self.scaler {
                        scaler.apply(x, &mut self.scaled);
                        return Ok(Some((Features::Dense(&self.scaled), label)));
                    }
                    return Ok(Some((x, label)));
                }
                Err(bad) => {
                    let error = bad.at(&self.name, self.line_no, text);
                    self.bad(error)?;
                }
            }
        }
    }

    /// Skips a bad line under `--skip-bad` (listing the first ones), else
    /// stops.
    pub fn bad(&mut self, error: ParseError) -> Result<(), Stop> {
        if !self.skip_bad {
            return Err(Stop::Bad(error));
        }
        self.skipped += 1;
        if self.skipped <= LISTED && self.line_no > self.listed_through {
            crate::std_streams::eprint_line(&format!("{error} (skipped: --skip-bad)"));
        }
        Ok(())
    }

    /// An error at the label of the line last read: for a label the run
    /// cannot take.
    pub fn at_label(&self, message: String) -> ParseError {
        let text = String::from_utf8_lossy(&self.line);
        let offset = match &self.grammar {
            Grammar::Libsvm(_) => LibsvmLine::label_offset(&text),
            Grammar::Csv(g) => g.label_offset(),
        };
        LineError::new(offset, message.into()).at(&self.name, self.line_no, &text)
    }
}
