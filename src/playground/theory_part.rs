//! The session's Theory layer: the theory of its learner's rounds
//! ([`crate::theory::Theory`]) kept up to date as the session learns, its
//! curves on the session's curve schedule, and the fewest-mistakes line
//! searched a slice at a time between frames.
//!
//! The rounds are the learner's since it last started at w = 0 (the
//! bounds assume it): Reset, Clear and a replay start them afresh. A
//! learner switched mid-stream, or a setting of its changed mid-stream,
//! goes on from the weights it had, so from there the bounds are refused
//! with that reason while the comparators and the regret carry on over
//! the rounds since the change.
//!
//! Costs: a curve point re-solves the comparators warm (a few passes over
//! the samples); the fewest-mistakes line is O(n² log n), so it is
//! searched at once for up to `SEARCH_NOW` places and otherwise in slices
//! ([`TheoryPart::work`]), up to `SEARCH_LIMIT` places.

use std::collections::HashMap;

use serde::Serialize;

use super::share::Setup;
use crate::error::Result;
use crate::features::Features;
use crate::learner::Update;
use crate::theory::best_line::LineSearch;
use crate::theory::{Reason, Report, Theory, ZeroOne};

/// Up to this many places the line is searched at every curve point, in
/// the call: measured under 0.5 ms (the search is O(n² log n)).
const SEARCH_NOW: usize = 128;

/// Past this many places the page does not search the line: at 5,000 it
/// takes about two seconds of sweeps (measured natively, benches/theory.rs).
pub const SEARCH_LIMIT: usize = 5_000;

/// The layer, on: its theory, or why the session has none.
#[derive(Clone, Debug)]
pub enum TheoryPart {
    Live(Box<Live>),
    /// Why this session's learner or data is not covered: an id for the
    /// page ("classes", "wide", "kernel", "regression", "sample") and the
    /// sentence.
    Uncovered(&'static str, String),
}

#[derive(Clone, Debug)]
pub struct Live {
    theory: Theory,
    /// The sample index of each point of the plane with its label: epochs
    /// and repeated clicks see a sample again, and count it twice.
    index: HashMap<[u64; 3], usize>,
    /// The session's sample count when the learner was switched or retuned
    /// mid-stream (its rounds since then did not start at w = 0).
    warm_from: Option<u64>,
    curves: TheoryCurves,
    /// The report at the last curve point.
    report: Option<Report>,
    search: Option<Search>,
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
}

/// The layer's curves, one point per curve point of the session.
#[derive(Clone, Debug, Default, Serialize)]
pub struct TheoryCurves {
    /// The session's samples at each point (the other curves' x).
    pub samples: Vec<f64>,
    /// Each bound's value (None where it does not apply) and the count it
    /// bounds, in the order of the report's bounds.
    pub bounds: Vec<BoundCurve>,
    /// The learner's cumulative hinge loss minus the hinge minimiser's.
    pub hinge_regret: Vec<f64>,
    /// (samples, the learner's mistakes minus the best line's) at each
    /// search that finished.
    pub zero_one_regret: Vec<[f64; 2]>,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct BoundCurve {
    pub name: &'static str,
    pub counts: &'static str,
    pub value: Vec<Option<f64>>,
    pub actual: Vec<f64>,
}

/// What the page shows of the layer.
#[derive(Serialize)]
pub struct TheoryView<'a> {
    /// None when the session is covered; else its id and sentence.
    pub why_not: Option<&'a str>,
    pub why_code: Option<&'static str>,
    pub report: Option<&'a Report>,
    pub warm_from: Option<u64>,
    /// [sweeps done, sweeps in all, rounds] of the search under way.
    pub search: Option<[u64; 3]>,
    /// The line is not searched past this many places.
    pub search_limit: usize,
}

impl TheoryPart {
    /// The layer for a session with `setup`; `on_plane`: its samples are
    /// points of the plane (wider files are for `learn --theory`).
    pub fn new(setup: &Setup, on_plane: bool) -> Result<Self> {
        if setup.classes() > 2 {
            return Ok(Self::Uncovered("classes", format!(
                "the theory layer covers two classes (its margins are y·f(x) with y = ±1); this session has {}",
                setup.classes()
            )));
        }
        if !on_plane {
            return Ok(Self::Uncovered(
                "wide",
                "the page draws the theory layer for points of the plane; for wider data run onlinelearn learn --theory".into(),
            ));
        }
        Ok(
            match Theory::new(setup.algorithm, &setup.learner_settings()) {
                Ok(theory) => Self::Live(Box::new(Live {
                    theory,
                    index: HashMap::new(),
                    warm_from: None,
                    curves: TheoryCurves::default(),
                    report: None,
                    search: None,
                })),
                Err(why) => {
                    let code = if setup.algorithm.is_kernel() {
                        "kernel"
                    } else {
                        "regression"
                    };
                    Self::Uncovered(code, why.to_string())
                }
            },
        )
    }

    /// The layer for `setup`'s learner going on from the weights the
    /// learner before it left, after `samples` of the session.
    pub fn warm(setup: &Setup, on_plane: bool, samples: u64) -> Result<Self> {
        let mut part = Self::new(setup, on_plane)?;
        if let Self::Live(live) = &mut part {
            live.warm_from = Some(samples);
        }
        Ok(part)
    }

    /// The learner's round on a sample (`update`: what it returned).
    pub fn learned(&mut self, x: Features<'_>, y: f64, update: &Update) {
        let Self::Live(live) = self else { return };
        let key = match x {
            Features::Dense(&[a, b]) => Some([a.to_bits(), b.to_bits(), y.to_bits()]),
            _ => None,
        };
        let known = key.and_then(|k| live.index.get(&k).copied());
        let stored = match known {
            Some(i) => Ok(i),
            None => live.theory.add(x, y),
        };
        match stored.and_then(|i| live.theory.record(i, update).map(|()| i)) {
            Ok(i) => {
                if let (Some(key), None) = (key, known) {
                    live.index.insert(key, i);
                }
            }
            Err(why) => *self = Self::Uncovered("sample", why.to_string()),
        }
    }

    /// A curve point after `samples` of the session: the report, and the
    /// line searched now if the samples are few (else a search begins, for
    /// [`TheoryPart::work`] to advance).
    pub fn record(&mut self, samples: u64) {
        let Self::Live(live) = self else { return };
        if live.theory.samples().len() <= SEARCH_NOW {
            live.start_search();
            live.work(|| true);
        }
        live.refresh();
        let report = live.report.as_ref().expect("refreshed");
        let curves = &mut live.curves;
        curves.samples.push(samples as f64);
        if curves.bounds.len() != report.bounds.len() {
            curves.bounds = report
                .bounds
                .iter()
                .map(|b| BoundCurve {
                    name: b.name,
                    counts: b.counts,
                    ..BoundCurve::default()
                })
                .collect();
        }
        for (curve, bound) in curves.bounds.iter_mut().zip(&report.bounds) {
            curve.value.push(bound.value);
            curve.actual.push(bound.actual);
        }
        curves.hinge_regret.push(report.regret.hinge);
        live.search_again();
    }

    /// Searches for the line while `more()` says so; returns whether a
    /// search is still under way.
    pub fn work(&mut self, more: impl FnMut() -> bool) -> bool {
        let Self::Live(live) = self else { return false };
        if live.search.is_none() {
            return false;
        }
        if live.work(more) {
            live.refresh();
            live.search_again();
        }
        live.search.is_some()
    }

    /// What the panel shows, over every round so far.
    pub fn view(&mut self) -> TheoryView<'_> {
        if let Self::Live(live) = self {
            let rounds = live.theory.rounds().0;
            if live.report.as_ref().is_none_or(|r| r.rounds != rounds) {
                live.refresh();
            }
        }
        match self {
            Self::Uncovered(code, why) => TheoryView {
                why_not: Some(why),
                why_code: Some(code),
                report: None,
                warm_from: None,
                search: None,
                search_limit: SEARCH_LIMIT,
            },
            Self::Live(live) => TheoryView {
                why_not: None,
                why_code: None,
                report: live.report.as_ref(),
                warm_from: live.warm_from,
                search: live
                    .search
                    .as_ref()
                    .map(|s| [s.line.done() as u64, s.line.pivots() as u64, s.rounds]),
                search_limit: SEARCH_LIMIT,
            },
        }
    }

    /// The curves (None when the session is not covered).
    pub fn curves(&self) -> Option<&TheoryCurves> {
        match self {
            Self::Live(live) => Some(&live.curves),
            Self::Uncovered(..) => None,
        }
    }
}

impl Live {
    fn start_search(&mut self) {
        let (rounds, mistakes) = self.theory.rounds();
        let at = self.warm_from.unwrap_or(0) + rounds;
        self.search = self.theory.line_search().map(|line| Search {
            line,
            rounds,
            mistakes,
            at,
        });
    }

    /// Begins a search when none is under way and the last line is older
    /// than the rounds, for up to `SEARCH_LIMIT` places.
    fn search_again(&mut self) {
        let places = self.theory.samples().len();
        if self.search.is_some() || places <= SEARCH_NOW || places > SEARCH_LIMIT {
            return;
        }
        let rounds = self.theory.rounds().0;
        if self.theory.last_line().is_none_or(|(at, _)| at < rounds) {
            self.start_search();
        }
    }

    /// Advances the search while `more()`; returns whether it finished.
    fn work(&mut self, mut more: impl FnMut() -> bool) -> bool {
        let Some(search) = &mut self.search else {
            return false;
        };
        while !search.line.advance(1) {
            if !more() {
                return false;
            }
        }
        let best = search.line.best();
        self.theory.found_line(search.rounds, best);
        let regret = search.mistakes as f64 - best.mistakes as f64;
        self.curves.zero_one_regret.push([search.at as f64, regret]);
        self.search = None;
        true
    }

    /// The report over the rounds so far, the bounds refused after a warm
    /// start.
    fn refresh(&mut self) {
        let mut report = self.theory.report(ZeroOne::Last);
        if self.warm_from.is_some() {
            for bound in &mut report.bounds {
                bound.value = None;
                bound.at = None;
                bound.gamma = None;
                bound.reason = Some(Reason::WarmStart);
            }
        }
        self.report = Some(report);
    }
}
