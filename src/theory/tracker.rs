//! `Theory`: the samples a learner has seen, what it did on them, and the
//! comparators, kept up to date incrementally. The page calls `learned`
//! for every sample and `report` every few samples; the command line does
//! the same once per run.
//!
//! Costs (measured in `benches/theory.rs`): `learned` is O(non-zeros of
//! x); `report` re-solves only when rounds were added since the last one,
//! each solver resuming from its last state (warm start), so a call after
//! a few new samples costs a few passes over the data; the fewest-mistakes
//! line (planar data only) is O(n² log n) and is recomputed only when
//! asked (`ZeroOne::Compute`), so the page can do it at intervals.

use super::best_line::{best_line, BestLine, LineSearch};
use super::bound::{Evidence, Minimiser};
use super::bounds::bounds;
use super::covered::{has_bias, Covered};
use super::dual::{Dual, Problem, MAX_EPOCHS, TOLERANCE};
use super::hard_margin::{HardMargin, Separation};
use super::report::{Regret, Report};
use super::samples::{hinge as hinge_loss, Samples};
use crate::error::{Error, Result};
use crate::features::Features;
use crate::learner::Update;
use crate::registry::Algorithm;
use crate::settings::{BiasMode, Settings};

/// Whether `report` computes the fewest-mistakes line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZeroOne {
    /// Recompute it now (planar data only; O(n² log n)).
    Compute,
    /// Report the last one computed, with the rounds it was computed at.
    Last,
}

/// The learner's totals over its rounds.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Totals {
    mistakes: u64,
    /// Rounds on which the rule changed the model (for the perceptrons,
    /// the updates the mistake bounds count).
    updates: u64,
    hinge: f64,
    squared_hinge: f64,
}

/// The theory layer for one learner on one sequence of samples.
#[derive(Clone, Debug)]
pub struct Theory {
    covered: Covered,
    bias: BiasMode,
    samples: Samples,
    totals: Totals,
    hard: HardMargin,
    hinge: Dual,
    squared: Option<Dual>,
    /// The comparators at `solved_at` rounds.
    solved: Option<(u64, Separation, Minimiser, Option<Minimiser>)>,
    /// The fewest-mistakes line and the rounds it was computed at.
    line: Option<(u64, BestLine)>,
}

impl Theory {
    /// For `algorithm` at `settings`; refuses learners it does not cover
    /// (kernel learners) and regression, naming what it covers.
    pub fn new(algorithm: Algorithm, settings: &Settings) -> Result<Self> {
        let covered = Covered::of(algorithm, settings)?;
        let c = covered.c();
        Ok(Self {
            covered,
            bias: settings.bias,
            samples: Samples::new(has_bias(settings.bias)),
            totals: Totals::default(),
            hard: HardMargin::default(),
            hinge: Dual::new(Problem::Hinge { c }),
            squared: covered
                .wants_squared_hinge()
                .then(|| Dual::new(Problem::SquaredHinge { c })),
            solved: None,
            line: None,
        })
    }

    pub fn covered(&self) -> Covered {
        self.covered
    }

    pub fn bias(&self) -> BiasMode {
        self.bias
    }

    /// The samples as the learner sees them.
    pub fn samples(&self) -> &Samples {
        &self.samples
    }

    /// Stores a sample the learner will see (it counts from its first
    /// `record`). Returns its index.
    pub fn add(&mut self, x: Features<'_>, y: f64) -> Result<usize> {
        self.samples.push(x, y)
    }

    /// The learner's round on sample `i`: `update` is what its
    /// `learn_one` returned. Rounds must start from a learner at w = 0
    /// (the bounds assume it).
    pub fn record(&mut self, i: usize, update: &Update) -> Result<()> {
        if i >= self.samples.len() {
            return Err(Error::BadSample(
                format!(
                    "no sample {i}: the theory layer holds {}",
                    self.samples.len()
                )
                .into(),
            ));
        }
        self.samples.count(i);
        let t = &mut self.totals;
        t.mistakes += update.mistake as u64;
        t.updates += update.aggressive as u64;
        t.hinge += update.loss;
        t.squared_hinge += update.loss * update.loss;
        Ok(())
    }

    /// A new sample and the learner's round on it: `add` then `record`.
    pub fn learned(&mut self, x: Features<'_>, y: f64, update: &Update) -> Result<usize> {
        let i = self.add(x, y)?;
        self.record(i, update)?;
        Ok(i)
    }

    /// Brings the comparators up to date (warm), if rounds were added.
    fn solve(&mut self) {
        let rounds = self.samples.rounds();
        if self.solved.as_ref().is_some_and(|s| s.0 == rounds) {
            return;
        }
        let separation = self.hard.solve(&self.samples);
        let hinge = minimise(&mut self.hinge, &self.samples);
        let squared = self.squared.as_mut().map(|d| minimise(d, &self.samples));
        self.solved = Some((rounds, separation, hinge, squared));
    }

    /// The fewest-mistakes line, recomputed now (None unless the samples
    /// are points of the plane).
    pub fn best_line(&mut self) -> Option<BestLine> {
        let line = best_line(&self.samples)?;
        self.line = Some((self.samples.rounds(), line));
        Some(line)
    }

    /// A search for the fewest-mistakes line over the rounds so far, to
    /// run a slice at a time and hand back with [`Theory::found_line`];
    /// None unless the samples are points of the plane.
    pub fn line_search(&self) -> Option<LineSearch> {
        LineSearch::new(&self.samples)
    }

    /// The result of a finished [`Theory::line_search`] started at
    /// `rounds` rounds (the report gives its 0-1 regret while no round has
    /// been added since).
    pub fn found_line(&mut self, rounds: u64, line: BestLine) {
        if rounds <= self.samples.rounds() {
            self.line = Some((rounds, line));
        }
    }

    /// The last fewest-mistakes line found, and the rounds it covers.
    pub fn last_line(&self) -> Option<(u64, BestLine)> {
        self.line
    }

    /// Rounds recorded so far, and the learner's mistakes on them.
    pub fn rounds(&self) -> (u64, u64) {
        (self.samples.rounds(), self.totals.mistakes)
    }

    /// Everything the theory layer says about the rounds so far.
    pub fn report(&mut self, zero_one: ZeroOne) -> Report {
        self.solve();
        if zero_one == ZeroOne::Compute {
            self.best_line();
        }
        let (_, separation, hinge, squared) = self.solved.as_ref().expect("solved above");
        let t = self.totals;
        let rounds = self.samples.rounds();
        let evidence = Evidence {
            samples: &self.samples,
            separation,
            hinge,
            squared: squared.as_ref(),
            bias: self.bias,
            mistakes: t.mistakes,
            updates: t.updates,
            squared_loss: t.squared_hinge,
        };
        let line = self.line.filter(|_| self.samples.is_plane());
        // A line computed some rounds ago has made fewer mistakes than the
        // best line now: against it the difference is no regret, so the
        // 0-1 regret is given only for a line of these very rounds.
        let fresh = line.filter(|(at, _)| *at == rounds);
        let comparator_hinge = self.samples.total_loss(&hinge.u, hinge_loss);
        let regret = Regret::new(
            rounds,
            t.hinge - comparator_hinge,
            fresh.map(|(_, l)| t.mistakes as i64 - l.mistakes as i64),
        );
        Report::new(
            self.bias,
            &self.samples,
            separation,
            hinge,
            squared.as_ref(),
            line,
            bounds(self.covered, &evidence),
            regret,
        )
    }
}

/// Solves one soft-margin problem (warm) and reads off its minimiser.
fn minimise(dual: &mut Dual, samples: &Samples) -> Minimiser {
    let solved = dual.solve(samples, TOLERANCE, MAX_EPOCHS);
    let value = dual.primal_value(samples);
    Minimiser {
        problem: dual.problem(),
        u: dual.u().clone(),
        value,
        gap: (value - dual.dual_value(samples)).max(0.0),
        converged: solved.converged,
    }
}
