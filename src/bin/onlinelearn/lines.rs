//! Progressive validation while a run learns, as Vowpal Wabbit prints it:
//! a line at 1, 2, 4, 8... samples and one at the end, with the samples
//! seen, the mistakes and the progressive mistake rate (a regression: the
//! mean absolute error), the mean loss, each also since the line before,
//! and the samples a second so far (reading included). `--curves FILE`
//! writes the whole curve as CSV: a row at each of those points and
//! every `--curve-every` samples, one per learner.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::time::Instant;

use onlinelearn::eval::Progress;
use onlinelearn::Task;

use crate::contenders::Contender;
use crate::progress::StreamBar;

/// Where the lines and the curve stand.
pub struct Lines {
    print: bool,
    task: Task,
    /// Name each learner on its line (compare).
    named: bool,
    next_line: u64,
    /// Each learner's totals at the last line.
    last: Vec<Progress>,
    printed_at: u64,
    curves: Option<(BufWriter<File>, String)>,
    curve_every: u64,
    curve_at: u64,
    start: Instant,
}

impl Lines {
    pub fn new(
        print: bool,
        task: Task,
        learners: usize,
        curves: Option<&Path>,
        curve_every: u64,
    ) -> Result<Self, String> {
        let curves = curves
            .map(|path| {
                let name = path.display().to_string();
                let mut file = File::create(path)
                    .map(BufWriter::new)
                    .map_err(|e| format!("{name}: {e}"))?;
                writeln!(
                    file,
                    "learner,samples,mistakes,mistake_rate,mean_loss,mae,mse,seconds"
                )
                .map_err(|e| format!("{name}: {e}"))?;
                Ok::<_, String>((file, name))
            })
            .transpose()?;
        Ok(Self {
            print,
            task,
            named: learners > 1,
            next_line: 1,
            last: vec![Progress::default(); learners],
            printed_at: 0,
            curves,
            curve_every: curve_every.max(1),
            curve_at: 0,
            start: Instant::now(),
        })
    }

    /// The sample count at which the next line or curve row falls.
    pub fn due(&self) -> u64 {
        let line = if self.print { self.next_line } else { u64::MAX };
        let curve = match self.curves {
            Some(_) => self
                .next_line
                .min((self.curve_at / self.curve_every + 1) * self.curve_every),
            None => u64::MAX,
        };
        line.min(curve)
    }

    /// Records the run after `seen` samples, if a line or row falls there.
    pub fn at(
        &mut self,
        seen: u64,
        contenders: &[Contender],
        bar: &StreamBar,
    ) -> Result<(), String> {
        if seen < self.due() {
            return Ok(());
        }
        let line = seen == self.next_line;
        if line {
            self.next_line *= 2;
            if self.print {
                self.print(seen, contenders, bar);
            }
        }
        self.curve(seen, contenders)
    }

    /// The last line and row, unless one fell on the last sample.
    pub fn end(
        &mut self,
        seen: u64,
        contenders: &[Contender],
        bar: &StreamBar,
    ) -> Result<(), String> {
        if self.print && self.printed_at != seen {
            self.print(seen, contenders, bar);
        }
        if self.curve_at != seen {
            self.curve(seen, contenders)?;
        }
        if let Some((file, name)) = &mut self.curves {
            file.flush().map_err(|e| format!("{name}: {e}"))?;
        }
        Ok(())
    }

    fn print(&mut self, seen: u64, contenders: &[Contender], bar: &StreamBar) {
        let name = if self.named {
            format!("{:<22}", "learner")
        } else {
            String::new()
        };
        if self.printed_at == 0 {
            let header = match self.task {
                Task::Classification => format!(
                    "{name}{:>12} {:>12} {:>8} {:>10} {:>9} {:>10} {:>12}",
                    "samples", "mistakes", "rate", "since last", "loss", "since last", "samples/s"
                ),
                Task::Regression => format!(
                    "{name}{:>12} {:>12} {:>10} {:>9} {:>10} {:>12}",
                    "samples", "MAE", "since last", "loss", "since last", "samples/s"
                ),
            };
            bar.println(&header);
        }
        let rate = seen as f64 / self.start.elapsed().as_secs_f64().max(1e-9);
        for (c, last) in contenders.iter().zip(&mut self.last) {
            let p = &c.progress;
            let since = |total: f64, before: f64| {
                let n = p.samples - last.samples;
                if n == 0 {
                    0.0
                } else {
                    (total - before) / n as f64
                }
            };
            let loss = if c.has_loss() {
                format!(
                    "{:>9.4} {:>10.4}",
                    p.mean_loss(),
                    since(p.loss_sum, last.loss_sum)
                )
            } else {
                format!("{:>9} {:>10}", "-", "-")
            };
            let name = if self.named {
                format!("{:<22}", c.algorithm.name())
            } else {
                String::new()
            };
            let line = match self.task {
                Task::Classification => format!(
                    "{name}{:>12} {:>12} {:>7.2}% {:>9.2}% {loss} {rate:>12.0}",
                    p.samples,
                    p.mistakes,
                    100.0 * p.mistake_rate(),
                    100.0 * since(p.mistakes as f64, last.mistakes as f64),
                ),
                Task::Regression => format!(
                    "{name}{:>12} {:>12.6} {:>10.6} {loss} {rate:>12.0}",
                    p.samples,
                    p.mae(),
                    since(p.abs_error_sum, last.abs_error_sum),
                ),
            };
            bar.println(&line);
            *last = *p;
        }
        self.printed_at = seen;
    }

    fn curve(&mut self, seen: u64, contenders: &[Contender]) -> Result<(), String> {
        let Some((file, name)) = &mut self.curves else {
            return Ok(());
        };
        self.curve_at = seen;
        let seconds = self.start.elapsed().as_secs_f64();
        for c in contenders {
            let p = &c.progress;
            let loss = if c.has_loss() {
                p.mean_loss().to_string()
            } else {
                String::new()
            };
            let (mae, mse) = match self.task {
                Task::Regression => (p.mae().to_string(), p.mse().to_string()),
                Task::Classification => (String::new(), String::new()),
            };
            writeln!(
                file,
                "{},{},{},{},{loss},{mae},{mse},{seconds:.6}",
                c.algorithm.name(),
                p.samples,
                p.mistakes,
                p.mistake_rate()
            )
            .map_err(|e| format!("{name}: {e}"))?;
        }
        Ok(())
    }
}
