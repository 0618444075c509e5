//! What a long run says on standard error while it works: a progress bar
//! when standard error is a terminal (or `--progress` asks for one), and
//! notes a researcher needs in a log as much as on a screen (a learner
//! whose support set nothing caps). `--quiet` silences both; the report on
//! standard output never changes.

use std::io::IsTerminal;
use std::ops::Range;
use std::time::{Duration, Instant};

use clap::Args;
use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressStyle};
use onlinelearn::Algorithm;

/// How much a command says on standard error besides its errors.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct Feedback {
    /// No progress bar, notes or status lines on standard error; the
    /// results, errors and a seed drawn by --seed random still print.
    #[arg(long, conflicts_with = "progress")]
    pub quiet: bool,
    /// Show the progress bar on standard error even when it is not a
    /// terminal (a log file, a test); without it the bar shows on a
    /// terminal only.
    #[arg(long)]
    pub progress: bool,
}

/// A chunk of samples takes about this long: the bar moves a few times a
/// second, and a fast learner pays for a handful of updates a run rather
/// than one a sample.
const CHUNK_TIME: Duration = Duration::from_millis(100);

/// The first chunk, small so that a slow kernel learner's bar moves at once.
const FIRST_CHUNK: usize = 256;

impl Feedback {
    /// One line on standard error, terminal or not, unless `--quiet`.
    pub fn note(&self, text: &str) {
        if !self.quiet {
            eprintln!("note: {text}");
        }
    }

    /// Whether the command may print status lines (run counts, timings).
    pub fn shows_status(&self) -> bool {
        !self.quiet
    }

    /// A bar drawn with `template` (indicatif's), or a hidden one that
    /// still counts, so callers need not ask whether it shows.
    pub fn bar(&self, len: u64, template: &str) -> ProgressBar {
        let target = if self.quiet {
            ProgressDrawTarget::hidden()
        } else if self.progress {
            // indicatif's own stderr target hides itself off a terminal;
            // a term-like target draws wherever standard error goes.
            ProgressDrawTarget::term_like_with_hz(Box::new(console::Term::stderr()), 20)
        } else if std::io::stderr().is_terminal() {
            // indicatif still hides it on a dumb terminal (TERM=dumb).
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        };
        ProgressBar::with_draw_target(Some(len), target)
            .with_style(ProgressStyle::with_template(template).expect("a valid template"))
    }

    /// A bar over `len` samples, named `name`.
    pub fn samples(&self, len: usize, name: &str) -> SampleBar {
        let bar = self.bar(
            len as u64,
            "{prefix} {wide_bar} {human_pos}/{human_len} samples, {per_sec:0}{msg}, {eta} left",
        );
        bar.set_prefix(name.to_string());
        SampleBar { bar }
    }
}

/// A learner's bar label: its name, and its place when several run in turn.
pub fn bar_name(algorithms: &[Algorithm], index: usize) -> String {
    match algorithms.len() {
        1 => algorithms[index].name().to_string(),
        n => format!("{} ({}/{n})", algorithms[index].name(), index + 1),
    }
}

/// A bar that counts samples as a learner works through them in chunks.
pub struct SampleBar {
    bar: ProgressBar,
}

impl SampleBar {
    /// Learns rows `0..n` in chunks: `learn` takes one chunk, in order, and
    /// returns the support set's size after it (None for a learner without
    /// one). The chunks grow or shrink to take about `CHUNK_TIME`; where
    /// they fall changes nothing, since each row is learned once, in order.
    /// Returns the seconds spent in `learn` (the bar's drawing excluded).
    pub fn learn(&self, n: usize, mut learn: impl FnMut(Range<usize>) -> Option<usize>) -> f64 {
        let (mut start, mut size, mut seconds) = (0, FIRST_CHUNK, 0.0);
        let mut shown = None;
        while start < n {
            let end = n.min(start + size);
            let clock = Instant::now();
            let support = learn(start..end);
            let took = clock.elapsed();
            seconds += took.as_secs_f64();
            if took < CHUNK_TIME / 2 {
                size = size.saturating_mul(2);
            } else if took > CHUNK_TIME * 2 {
                size = (size / 2).max(1);
            }
            // Every message set is a redraw: only a new size is worth one.
            if let Some(now) = support.filter(|&s| Some(s) != shown) {
                let now = HumanCount(now as u64);
                self.bar.set_message(format!(", support size {now}"));
                shown = support;
            }
            self.bar.inc((end - start) as u64);
            start = end;
        }
        seconds
    }

    /// Takes the bar off the screen, so the report follows on a clean line.
    pub fn finish(self) {
        self.bar.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_is_learned_once_in_order_whatever_the_chunks() {
        let quiet = Feedback {
            quiet: true,
            progress: false,
        };
        for n in [0, 1, FIRST_CHUNK - 1, FIRST_CHUNK, FIRST_CHUNK + 1, 10_000] {
            let mut seen = Vec::new();
            quiet.samples(n, "fast").learn(n, |rows| {
                seen.extend(rows);
                None
            });
            assert_eq!(seen, (0..n).collect::<Vec<_>>());
        }
        // A slow chunk halves the next one.
        let n = 2 * FIRST_CHUNK;
        let mut chunks = Vec::new();
        quiet.samples(n, "slow").learn(n, |rows| {
            if chunks.is_empty() {
                std::thread::sleep(CHUNK_TIME * 3);
            }
            chunks.push(rows);
            Some(1)
        });
        assert_eq!(chunks[0], 0..FIRST_CHUNK);
        assert_eq!(chunks[1], FIRST_CHUNK..FIRST_CHUNK + FIRST_CHUNK / 2);
        let rows: Vec<usize> = chunks.into_iter().flatten().collect();
        assert_eq!(rows, (0..n).collect::<Vec<_>>());
    }
}
