//! The Theory layer of a covered session, as it goes: the samples it
//! keeps and their comparators, solved a budget of steps at a time (a
//! curve point gives the solve `CURVE_STEPS`, and the frames' spare time
//! the rest: [`Live::work`]); the fewest-mistakes line, searched a sweep
//! at a time; past `KEPT` samples, the comparators frozen
//! (`theory::Frozen`); and the curves.
//!
//! What the panel shows is always a finished solve's report, over the
//! rounds that solve covered: while the learner runs ahead, the report is
//! of fewer rounds than it has seen, and says so (`TheoryView::rounds`).

use std::collections::HashMap;

use super::theory_curves::{TheoryCurves, KEPT, SEARCH_LIMIT};
use super::theory_kernel::KernelSide;
use crate::error::Result;
use crate::features::Features;
use crate::learner::Update;
use crate::theory::best_line::LineSearch;
use crate::theory::bound::refuse_all;
use crate::theory::{BestLine, Frozen, Reason, Report, Theory, ZeroOne};

/// Up to this many places the line is searched at every curve point, in
/// the call: measured under 0.5 ms (the search is O(n² log n)).
const SEARCH_NOW: usize = 128;

/// The steps a curve point gives the comparators' solve in its call (a
/// coordinate step, or one sample of the hull's pass, each a few ns):
/// enough that a solve over a few hundred samples ends at its curve
/// point, so short sessions draw a point at each, and little enough that
/// a frame's curve points stay a few ms.
const CURVE_STEPS: u64 = 100_000;

/// The steps between two looks at the clock while [`Live::work`] solves.
const SLICE_STEPS: u64 = 5_000;

#[derive(Clone, Debug)]
pub struct Live {
    watch: Watch,
    /// The session's sample count when the learner was switched or retuned
    /// mid-stream (its rounds since then did not start at w = 0).
    pub(super) warm_from: Option<u64>,
    pub(super) curves: TheoryCurves,
    /// The last finished solve's report (past the samples kept, the
    /// frozen comparators' at the last look).
    report: Report,
    /// The curves' x of the solve under way, when a curve point began it.
    solving_for: Option<u64>,
    search: Option<Search>,
    /// A digest of the rounds so far (each round's point and label, in
    /// order): Compare's panels learn the same samples, and a panel takes
    /// another's fewest-mistakes line only for the same rounds.
    digest: u32,
    /// The last line found: its rounds, their digest and the line.
    found: Option<(u64, u32, BestLine)>,
    /// A kernel learner's theory in its feature space (`theory_kernel.rs`).
    pub(super) kernel: Option<Box<KernelSide>>,
}

/// The samples kept, or past them, the frozen comparators.
#[derive(Clone, Debug)]
enum Watch {
    Keeping {
        theory: Box<Theory>,
        /// The sample index of each point of the plane with its label:
        /// epochs and repeated clicks see a sample again, and count it twice.
        index: HashMap<[u64; 3], usize>,
    },
    Frozen(Box<Frozen>),
}

/// A search for the fewest-mistakes line under way.
#[derive(Clone, Debug)]
struct Search {
    line: LineSearch,
    /// The rounds it covers, the learner's mistakes on them, and the
    /// session's sample count then (the curves' x).
    rounds: u64,
    mistakes: u64,
    at: u64,
    digest: u32,
}

impl Live {
    /// The layer over `theory`, its rounds' digest starting at `digest`.
    pub fn new(mut theory: Theory, digest: u32, kernel: Option<KernelSide>) -> Self {
        Self {
            report: theory.report(ZeroOne::Last),
            watch: Watch::Keeping {
                theory: Box::new(theory),
                index: HashMap::new(),
            },
            warm_from: None,
            curves: TheoryCurves::default(),
            solving_for: None,
            search: None,
            digest,
            found: None,
            kernel: kernel.map(Box::new),
        }
    }

    /// The learner's round on a sample: kept while fewer than `KEPT` are,
    /// else evaluated at the frozen comparators.
    pub fn learned(&mut self, x: Features<'_>, y: f64, update: &Update) -> Result<()> {
        if let Some(kernel) = &mut self.kernel {
            kernel.learned(x, y, update)?;
        }
        let key = match x {
            Features::Dense(&[a, b]) => Some([a.to_bits(), b.to_bits(), y.to_bits()]),
            _ => None,
        };
        if let Some(k) = key {
            self.digest = k.iter().fold(self.digest, |d, &bits| mix(d, bits));
        }
        if let Watch::Keeping { theory, index } = &mut self.watch {
            let known = key.and_then(|k| index.get(&k).copied());
            if known.is_some() || theory.samples().len() < KEPT {
                let i = match known {
                    Some(i) => i,
                    None => theory.add(x, y)?,
                };
                theory.record(i, update)?;
                if let (Some(key), None) = (key, known) {
                    index.insert(key, i);
                }
                return Ok(());
            }
            // The line over all the samples kept is searched on past them
            // (a search holds its own copy of the points); one over fewer
            // rounds gives way to it.
            self.search = None;
            self.search_again();
            let Watch::Keeping { theory, .. } = &mut self.watch else {
                unreachable!("keeping above")
            };
            self.watch = Watch::Frozen(Box::new(theory.freeze()));
            self.solving_for = None;
        }
        match &mut self.watch {
            Watch::Frozen(frozen) => frozen.learned(x, y, update),
            Watch::Keeping { .. } => unreachable!("frozen above"),
        }
    }

    /// A curve point after `samples` of the session: past the samples
    /// kept, the frozen report; else the solve goes on (or begins) for
    /// `CURVE_STEPS`, and a solve that ends draws its point, and the line
    /// is searched now if the samples are few.
    pub fn curve_point(&mut self, samples: u64) {
        if let Watch::Frozen(frozen) = &self.watch {
            let report = frozen.report();
            self.publish(report, Some(samples));
            return;
        }
        self.solve(CURVE_STEPS, Some(samples));
        if let Some(kernel) = &mut self.kernel {
            kernel.work(CURVE_STEPS);
        }
        if let Watch::Keeping { theory, .. } = &self.watch {
            if theory.samples().len() <= SEARCH_NOW && !theory.solving() {
                self.start_search();
                while self.search_step() {}
            }
        }
        self.search_again();
    }

    /// Solves and searches while `more()` says so, a slice of each in
    /// turn; returns whether either has work left.
    pub fn work(&mut self, mut more: impl FnMut() -> bool) -> bool {
        while more() {
            let solving = self.solve(SLICE_STEPS, None);
            let searching = self.search_step();
            let kernel = self.kernel.as_mut().is_some_and(|k| k.work(SLICE_STEPS));
            if !solving && !searching && !kernel {
                break;
            }
        }
        self.busy()
    }

    /// Solves the comparators while `more()` says so and leaves the search
    /// alone (a Compare panel waiting for another panel's line); returns
    /// whether either has work left.
    pub fn solve_only(&mut self, mut more: impl FnMut() -> bool) -> bool {
        while more() {
            let kernel = self.kernel.as_mut().is_some_and(|k| k.work(SLICE_STEPS));
            if !self.solve(SLICE_STEPS, None) && !kernel {
                break;
            }
        }
        self.busy()
    }

    /// A solve under way or due, or a search under way.
    fn busy(&self) -> bool {
        let behind = match &self.watch {
            Watch::Keeping { theory, .. } => {
                theory.solving() || theory.recorded() != self.report.rounds
            }
            Watch::Frozen(_) => false,
        };
        behind || self.search.is_some() || self.kernel.as_ref().is_some_and(|k| k.busy())
    }

    /// The report the panel shows (past the samples kept, brought up to
    /// the rounds now: it costs a few sums).
    pub fn report(&mut self) -> &Report {
        if let Watch::Frozen(frozen) = &self.watch {
            if frozen.rounds().0 != self.report.rounds {
                let report = frozen.report();
                self.publish(report, None);
            }
        }
        &self.report
    }

    /// Rounds seen, the report's or more; a solve under way.
    pub fn rounds(&self) -> (u64, bool) {
        match &self.watch {
            Watch::Keeping { theory, .. } => (theory.recorded(), theory.solving()),
            Watch::Frozen(frozen) => (frozen.rounds().0, false),
        }
    }

    /// Samples kept (none past them: only sums are).
    pub fn kept(&self) -> usize {
        match &self.watch {
            Watch::Keeping { theory, .. } => theory.samples().len(),
            Watch::Frozen(_) => 0,
        }
    }

    /// [sweeps done, sweeps in all, rounds] of the search under way.
    pub fn search_progress(&self) -> Option<[u64; 3]> {
        let s = self.search.as_ref()?;
        Some([s.line.done() as u64, s.line.pivots() as u64, s.rounds])
    }

    /// Runs the solve for `steps` (beginning one if the comparators are
    /// behind, for the curve's x `at` when a curve point asks); returns
    /// whether one is under way or just ended.
    fn solve(&mut self, mut steps: u64, at: Option<u64>) -> bool {
        let Watch::Keeping { theory, .. } = &mut self.watch else {
            return false;
        };
        if !theory.solving() {
            self.solving_for = at;
        }
        match theory.solve_some(&mut steps) {
            Some(report) => {
                let x = self.solving_for.take();
                self.publish(report, x);
                self.search_again();
                true
            }
            None => theory.solving(),
        }
    }

    /// Shows `report` (its bounds refused after a warm start), and draws
    /// its point at the curves' `x`.
    fn publish(&mut self, mut report: Report, x: Option<u64>) {
        if self.warm_from.is_some() {
            refuse_all(&mut report.bounds, Reason::WarmStart);
        }
        if let Some(x) = x {
            self.curves.push(x, &report);
        }
        self.report = report;
    }

    fn start_search(&mut self) {
        let Watch::Keeping { theory, .. } = &self.watch else {
            return;
        };
        let (rounds, mistakes) = theory.rounds();
        let at = self.warm_from.unwrap_or(0) + rounds;
        let digest = self.digest;
        self.search = theory.line_search().map(|line| Search {
            line,
            rounds,
            mistakes,
            at,
            digest,
        });
    }

    /// Begins a search when none is under way and the last line is older
    /// than the rounds counted, for up to `SEARCH_LIMIT` places.
    fn search_again(&mut self) {
        let Watch::Keeping { theory, .. } = &self.watch else {
            return;
        };
        let places = theory.samples().len();
        if self.search.is_some() || places <= SEARCH_NOW || places > SEARCH_LIMIT {
            return;
        }
        let rounds = theory.rounds().0;
        if theory.last_line().is_none_or(|(at, _)| at < rounds) {
            self.start_search();
        }
    }

    /// One sweep of the search; returns whether it was under way. A
    /// search that ends shows its line and draws its 0-1 regret.
    fn search_step(&mut self) -> bool {
        let Some(search) = &mut self.search else {
            return false;
        };
        if !search.line.advance(1) {
            return true;
        }
        let best = search.line.best();
        self.finish(best);
        true
    }

    /// The search under way ends with `best`: its line is shown and its
    /// 0-1 regret drawn, and a search over newer rounds may begin.
    fn finish(&mut self, best: BestLine) {
        let Some(search) = self.search.take() else {
            return;
        };
        match &mut self.watch {
            Watch::Keeping { theory, .. } => theory.found_line(search.rounds, best),
            Watch::Frozen(frozen) => frozen.found_line(search.rounds, best),
        }
        self.found = Some((search.rounds, search.digest, best));
        self.report.with_line(search.rounds, best, search.mistakes);
        let regret = search.mistakes as f64 - best.mistakes as f64;
        self.curves.zero_one_regret.push([search.at as f64, regret]);
        self.search_again();
    }

    /// The search under way, as (rounds, digest).
    pub fn search_key(&self) -> Option<(u64, u32)> {
        self.search.as_ref().map(|s| (s.rounds, s.digest))
    }

    /// The last line found: (rounds, digest, line).
    pub fn found(&self) -> Option<(u64, u32, BestLine)> {
        self.found
    }

    /// Ends the search under way with another panel's line found over the
    /// same rounds (count and digest); returns whether it was taken.
    pub fn adopt(&mut self, rounds: u64, digest: u32, line: BestLine) -> bool {
        if self.search_key() != Some((rounds, digest)) {
            return false;
        }
        self.finish(line);
        true
    }
}

/// One step of an FNV-1a-like digest over a 64-bit word.
fn mix(digest: u32, bits: u64) -> u32 {
    bits.to_le_bytes()
        .iter()
        .fold(digest ^ 0x811c_9dc5, |d, &b| {
            (d ^ b as u32).wrapping_mul(0x0100_0193)
        })
}
