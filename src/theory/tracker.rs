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
//!
//! A solve's passes vary from a few to thousands (coordinate descent on
//! a low-rank dual), so the page does not solve in one call: it runs
//! [`Theory::solve_some`] a budget of steps at a time, between frames,
//! while the rounds recorded meanwhile wait and join when the solve ends;
//! each finished solve gives the report over its rounds, exactly.

use super::best_line::{best_line, BestLine, LineSearch};
use super::bound::{Evidence, Minimiser};
use super::bounds::bounds;
use super::covered::{has_bias, Covered};
use super::dual::{unlimited, Dual, Problem, MAX_EPOCHS, TOLERANCE};
use super::frozen::Frozen;
use super::hard_margin::{HardMargin, Separation};
use super::report::{Facts, Regret, Report};
use super::samples::{hinge as hinge_loss, Samples};
use super::totals::{takes_rounds, Solved, Totals, Waiting};
use crate::error::Result;
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

/// A solve in slices ([`Theory::solve_some`]): the comparators found so
/// far, and the rounds recorded since it began, which wait for it.
#[derive(Clone, Debug, Default)]
struct Job {
    separation: Option<Separation>,
    hinge: Option<Minimiser>,
    squared: Option<Minimiser>,
    waiting: Waiting,
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
    /// The comparators at some rounds.
    solved: Option<Solved>,
    /// The fewest-mistakes line and the rounds it was computed at.
    line: Option<(u64, BestLine)>,
    job: Option<Job>,
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
            job: None,
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

    takes_rounds!(samples);

    /// Brings the comparators up to date (warm), if rounds were added.
    fn solve(&mut self) {
        self.finish_job();
        if self
            .solved
            .as_ref()
            .is_some_and(|s| s.rounds == self.samples.rounds())
        {
            return;
        }
        self.solved = Some(Solved {
            rounds: self.samples.rounds(),
            separation: self.hard.solve(&self.samples),
            hinge: minimise(&mut self.hinge, &self.samples, &mut unlimited()).expect("unlimited"),
            squared: self
                .squared
                .as_mut()
                .map(|d| minimise(d, &self.samples, &mut unlimited()).expect("unlimited")),
        });
    }

    /// Advances the comparators toward the rounds recorded, within a
    /// budget of `steps` (a coordinate step or a sample visited by the
    /// hull's pass each cost one): a solve begins over the rounds recorded
    /// when none is under way and the last is behind them, and goes on
    /// from where the last call stopped. Returns the report over its
    /// rounds when it ends (the line as last found); the rounds that
    /// waited then join.
    pub fn solve_some(&mut self, steps: &mut u64) -> Option<Report> {
        if self.job.is_none() {
            if self
                .solved
                .as_ref()
                .is_some_and(|s| s.rounds == self.samples.rounds())
            {
                return None;
            }
            self.job = Some(Job::default());
        }
        let job = self.job.as_mut().expect("begun above");
        if job.separation.is_none() {
            job.separation = Some(self.hard.run(&self.samples, steps)?);
        }
        if job.hinge.is_none() {
            job.hinge = Some(minimise(&mut self.hinge, &self.samples, steps)?);
        }
        if let (Some(dual), None) = (&mut self.squared, &job.squared) {
            job.squared = Some(minimise(dual, &self.samples, steps)?);
        }
        let job = self.job.take().expect("begun above");
        self.solved = Some(Solved {
            rounds: self.samples.rounds(),
            separation: job.separation.expect("solved above"),
            hinge: job.hinge.expect("solved above"),
            squared: job.squared,
        });
        let report = self.build();
        self.join(&job.waiting);
        Some(report)
    }

    /// A solve in slices under way.
    pub fn solving(&self) -> bool {
        self.job.is_some()
    }

    /// Ends a solve in slices at once (the rounds that waited join).
    fn finish_job(&mut self) {
        if self.job.is_some() {
            self.solve_some(&mut unlimited());
        }
    }

    fn join(&mut self, waiting: &Waiting) {
        let samples = &mut self.samples;
        waiting.join(&mut self.totals, |i| samples.count(i));
    }

    /// From here on the page keeps no more samples: the comparators stay
    /// the last ones solved (a solve under way is dropped, its rounds
    /// join), and the [`Frozen`] returned evaluates them on every round
    /// since. Solves now if none was ever finished. This theory is left
    /// empty (its samples dropped): the page drops it.
    pub fn freeze(&mut self) -> Frozen {
        if self.solved.is_none() {
            self.solve();
        } else if let Some(job) = self.job.take() {
            self.join(&job.waiting);
        }
        let solved = self.solved.take().expect("solved above");
        let samples = std::mem::take(&mut self.samples);
        Frozen::new(
            self.covered,
            self.bias,
            &samples,
            std::mem::take(&mut self.totals),
            solved,
            self.line.take(),
        )
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

    /// Rounds counted so far (a solve in slices holds back the rounds
    /// recorded while it runs), and the learner's mistakes on them.
    pub fn rounds(&self) -> (u64, u64) {
        (self.samples.rounds(), self.totals.mistakes)
    }

    /// Rounds recorded so far, counted or waiting.
    pub fn recorded(&self) -> u64 {
        self.samples.rounds() + self.job.as_ref().map_or(0, |j| j.waiting.rounds())
    }

    /// Everything the theory layer says about the rounds so far.
    pub fn report(&mut self, zero_one: ZeroOne) -> Report {
        self.solve();
        if zero_one == ZeroOne::Compute {
            self.best_line();
        }
        self.build()
    }

    /// The report at the comparators last solved, over the rounds counted
    /// (the same rounds, but after a `freeze`'s join).
    fn build(&self) -> Report {
        let Solved {
            separation,
            hinge,
            squared,
            ..
        } = self.solved.as_ref().expect("solved before");
        let t = self.totals;
        let rounds = self.samples.rounds();
        let evidence = Evidence {
            over: &self.samples,
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
            Facts::of(&self.samples),
            separation,
            hinge,
            squared.as_ref(),
            line,
            bounds(self.covered, &evidence),
            regret,
        )
    }
}

/// Solves one soft-margin problem (warm) within the budget and reads off
/// its minimiser (None: the budget ran out first).
fn minimise(dual: &mut Dual, samples: &Samples, steps: &mut u64) -> Option<Minimiser> {
    let solved = dual.run(samples, TOLERANCE, MAX_EPOCHS, steps)?;
    let value = dual.primal_value(samples);
    Some(Minimiser {
        problem: dual.problem(),
        u: dual.u().clone(),
        value,
        gap: (value - dual.dual_value(samples)).max(0.0),
        converged: solved.converged,
    })
}
