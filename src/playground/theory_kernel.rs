//! The Theory layer's kernel side: for a kernel learner, its theory in
//! the feature space of its kernel (`theory::kernel`) beside the linear
//! one (which judges it against lines), kept up to date as the session
//! learns and solved in slices between frames with the linear solve.
//!
//! Bounded: it keeps at most `KERNEL_KEPT` distinct points (the Gram rows
//! of a few thousand points, cached up to `GRAM_CAP` entries); past them
//! it stops, and its report stays over the rounds up to there (the panel
//! says so). After a warm start (a learner switched or retuned
//! mid-stream) its bounds are refused as the linear ones are.

use std::collections::HashMap;

use crate::error::Result;
use crate::features::Features;
use crate::learner::Update;
use crate::registry::Algorithm;
use crate::settings::Settings;
use crate::theory::bound::refuse_all;
use crate::theory::kernel::{KernelReport, KernelTheory};
use crate::theory::Reason;

/// Distinct points the kernel side keeps.
pub const KERNEL_KEPT: usize = 2_000;

/// Gram entries cached (16 MiB): past it, rows are computed again when read.
const GRAM_CAP: usize = 1 << 21;

#[derive(Clone, Debug)]
pub struct KernelSide {
    theory: Box<KernelTheory>,
    /// The sample index of each point with its label (a point seen again
    /// counts twice).
    index: HashMap<[u64; 3], usize>,
    report: Option<KernelReport>,
    /// Rounds recorded; past `KERNEL_KEPT` points, rounds are not.
    recorded: u64,
    pub(super) stopped: bool,
    pub(super) warm: bool,
}

impl KernelSide {
    /// For a kernel learner at `settings`; None for any other.
    pub fn new(algorithm: Algorithm, settings: &Settings) -> Option<Self> {
        if !algorithm.is_kernel() {
            return None;
        }
        let theory = KernelTheory::new(algorithm, settings).ok()?;
        Some(Self {
            theory: Box::new(theory.with_gram_cap(GRAM_CAP)),
            index: HashMap::new(),
            report: None,
            recorded: 0,
            stopped: false,
            warm: false,
        })
    }

    /// The learner's round on a point of the plane.
    pub fn learned(&mut self, x: Features<'_>, y: f64, update: &Update) -> Result<()> {
        if self.stopped {
            return Ok(());
        }
        let Features::Dense(&[a, b]) = x else {
            return Ok(());
        };
        let key = [a.to_bits(), b.to_bits(), y.to_bits()];
        let i = match self.index.get(&key) {
            Some(&i) => i,
            None if self.index.len() >= KERNEL_KEPT => {
                self.stopped = true;
                return Ok(());
            }
            None => {
                let i = self.theory.add(x, y)?;
                self.index.insert(key, i);
                i
            }
        };
        self.recorded += 1;
        self.theory.record(i, update)
    }

    /// Solves for `steps`; returns whether a solve is under way or due.
    pub fn work(&mut self, mut steps: u64) -> bool {
        if let Some(report) = self.theory.solve_some(&mut steps) {
            self.report = Some(report);
        }
        self.busy()
    }

    pub fn busy(&self) -> bool {
        self.theory.solving() || self.report.as_ref().map_or(0, |r| r.rounds) != self.recorded
    }

    /// Rounds recorded (the report's, or more while a solve runs).
    pub fn recorded(&self) -> u64 {
        self.recorded
    }

    /// The last finished solve's report (bounds refused after a warm start).
    pub fn report(&self) -> Option<KernelReport> {
        let mut report = self.report.clone()?;
        if self.warm {
            refuse_all(&mut report.bounds, Reason::WarmStart);
        }
        Some(report)
    }
}
