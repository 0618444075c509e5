//! What a long run says on standard error while it works: a progress bar
//! and progressive-validation lines (see lines.rs) when standard error is a
//! terminal, or wherever it goes with `--progress` (`bar`, `lines`, or
//! both when bare); and notes a researcher needs in a log as much as on a
//! screen (a learner whose support set nothing caps). `--quiet` silences
//! all of them; the report on standard output never changes.

use std::io::IsTerminal;
use std::time::Instant;

use clap::{Args, ValueEnum};
use indicatif::{HumanBytes, HumanCount, ProgressBar, ProgressDrawTarget, ProgressStyle};

/// What `--progress` shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Shown {
    /// The bar and the lines.
    Both,
    /// The bar alone.
    Bar,
    /// The lines alone: plain text for logs, nothing redrawn.
    Lines,
}

/// How much a command says on standard error besides its errors.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct Feedback {
    /// No progress bar, lines, notes or status lines on standard error; the
    /// results, errors and a seed drawn by --seed random still print.
    #[arg(long, conflicts_with = "progress")]
    pub quiet: bool,
    /// Show progress on standard error even when it is not a terminal (a
    /// log file, a test): `bar`, `lines` (progressive validation at 1, 2,
    /// 4, 8... samples), or both when given bare. Without it a terminal
    /// gets both and anything else neither.
    #[arg(long, value_enum, num_args = 0..=1, default_missing_value = "both")]
    pub progress: Option<Shown>,
}

impl Feedback {
    /// One line on standard error, terminal or not, unless `--quiet`.
    pub fn note(&self, text: &str) {
        if !self.quiet {
            crate::std_streams::eprint_line(&format!("note: {text}"));
        }
    }

    /// Whether the command may print status lines (run counts, timings).
    pub fn shows_status(&self) -> bool {
        !self.quiet
    }

    /// Whether progressive-validation lines are printed.
    pub fn shows_lines(&self) -> bool {
        match self.progress {
            Some(shown) => shown != Shown::Bar,
            None => !self.quiet && std::io::stderr().is_terminal(),
        }
    }

    /// A bar drawn with `template` (indicatif's), or a hidden one that
    /// still counts, so callers need not ask whether it shows.
    pub fn bar(&self, len: Option<u64>, template: &str) -> ProgressBar {
        let target = match self.progress {
            _ if self.quiet => ProgressDrawTarget::hidden(),
            Some(Shown::Lines) => ProgressDrawTarget::hidden(),
            // indicatif's own stderr target hides itself off a terminal;
            // a term-like target draws wherever standard error goes.
            Some(_) => ProgressDrawTarget::term_like_with_hz(Box::new(console::Term::stderr()), 20),
            // indicatif still hides it on a dumb terminal (TERM=dumb).
            None if std::io::stderr().is_terminal() => ProgressDrawTarget::stderr(),
            None => ProgressDrawTarget::hidden(),
        };
        ProgressBar::with_draw_target(len, target)
            .with_style(ProgressStyle::with_template(template).expect("a valid template"))
    }

    /// A bar over a run's samples: `total` counts samples when the run
    /// knows how many, else the bytes of a file, else nothing (a stream).
    pub fn stream_bar(&self, total: Total, name: &str) -> StreamBar {
        let template = match total {
            Total::Samples(_) => {
                "{prefix} {wide_bar} {human_pos}/{human_len} samples, {msg}, {eta} left"
            }
            Total::Bytes(_) => "{prefix} {wide_bar} {msg}, {eta} left",
            Total::Unknown => "{prefix} {spinner} {msg}",
        };
        let len = match total {
            Total::Samples(n) | Total::Bytes(n) => Some(n),
            Total::Unknown => None,
        };
        let bar = self.bar(len, template);
        bar.set_prefix(name.to_string());
        StreamBar {
            bar,
            total,
            start: Instant::now(),
        }
    }
}

/// What a bar counts toward.
#[derive(Clone, Copy, Debug)]
pub enum Total {
    Samples(u64),
    /// A file's bytes (as stored: compressed, for `.gz`), times the passes.
    Bytes(u64),
    Unknown,
}

/// A bar over a run, moved once a chunk of samples (see learning.rs).
pub struct StreamBar {
    bar: ProgressBar,
    total: Total,
    start: Instant,
}

impl StreamBar {
    /// Where the run is: `samples` learned, `bytes` read, and a kernel
    /// learner's support set.
    pub fn show(&self, samples: u64, bytes: u64, support: Option<usize>) {
        let rate = samples as f64 / self.start.elapsed().as_secs_f64().max(1e-9);
        let support = support
            .map(|s| format!(", support size {}", HumanCount(s as u64)))
            .unwrap_or_default();
        let (position, message) = match self.total {
            Total::Samples(_) => (samples, format!("{rate:.0}/s{support}")),
            Total::Bytes(len) => (
                bytes,
                format!(
                    "{}/{}, {} samples, {rate:.0}/s{support}",
                    HumanBytes(bytes),
                    HumanBytes(len),
                    HumanCount(samples)
                ),
            ),
            Total::Unknown => (
                samples,
                format!("{} samples, {rate:.0}/s{support}", HumanCount(samples)),
            ),
        };
        self.bar.set_position(position);
        self.bar.set_message(message);
    }

    /// A line above the bar (or on standard error when no bar shows).
    pub fn println(&self, line: &str) {
        if self.bar.is_hidden() {
            crate::std_streams::eprint_line(line);
        } else {
            self.bar.println(line);
        }
    }

    /// Takes the bar off the screen, so the report follows on a clean line.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
