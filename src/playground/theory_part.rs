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
use crate::theory::covered::has_bias;
use crate::theory::{BestLine, Reason, Report, Theory, ZeroOne};

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
    /// Why this session's data is not covered: an id for the page
    /// ("classes", "wide", "regression", "sample") and the sentence.
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
    /// A digest of the rounds so far (each round's point and label, in
    /// order): Compare's panels learn the same samples, and a panel takes
    /// another's fewest-mistakes line only for the same rounds.
    digest: u32,
    /// The last line found: its rounds, their digest and the line.
    found: Option<(u64, u32, BestLine)>,
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
    /// What a reader calls it (the chart's menu and legend).
    pub title: &'static str,
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
                    // Lines with a bias and lines through the origin are two searches.
                    digest: has_bias(setup.settings.bias) as u32,
                    found: None,
                })),
                // Only regression is refused (every learner on two classes is covered).
                Err(why) => Self::Uncovered("regression", why.to_string()),
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
        if let Some(k) = key {
            live.digest = k.iter().fold(live.digest, |d, &bits| mix(d, bits));
        }
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
                    title: b.title,
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

    /// The search under way, as (rounds, digest): the key another panel's
    /// [`TheoryPart::adopt`] needs.
    pub fn search_key(&self) -> Option<(u64, u32)> {
        match self {
            Self::Live(live) => live.search.as_ref().map(|s| (s.rounds, s.digest)),
            Self::Uncovered(..) => None,
        }
    }

    /// The last line found: (rounds, digest, line).
    pub fn found(&self) -> Option<(u64, u32, BestLine)> {
        match self {
            Self::Live(live) => live.found,
            Self::Uncovered(..) => None,
        }
    }

    /// Ends the search under way with another panel's line, when it was
    /// found over the same rounds (the same count and digest): Compare
    /// searches once for all its panels. Returns whether it was taken.
    pub fn adopt(&mut self, rounds: u64, digest: u32, line: BestLine) -> bool {
        let Self::Live(live) = self else { return false };
        if live
            .search
            .as_ref()
            .is_none_or(|s| (s.rounds, s.digest) != (rounds, digest))
        {
            return false;
        }
        live.finish(line);
        live.refresh();
        live.search_again();
        true
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
        let digest = self.digest;
        self.search = self.theory.line_search().map(|line| Search {
            line,
            rounds,
            mistakes,
            at,
            digest,
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
        self.finish(best);
        true
    }

    /// The search under way ends with `best`: its 0-1 regret is recorded.
    fn finish(&mut self, best: BestLine) {
        let Some(search) = self.search.take() else {
            return;
        };
        self.theory.found_line(search.rounds, best);
        self.found = Some((search.rounds, search.digest, best));
        let regret = search.mistakes as f64 - best.mistakes as f64;
        self.curves.zero_one_regret.push([search.at as f64, regret]);
    }

    /// The report over the rounds so far, the bounds refused after a warm
    /// start.
    fn refresh(&mut self) {
        let mut report = self.theory.report(ZeroOne::Last);
        if self.warm_from.is_some() {
            // A learner without a transcribed bound keeps its own reason.
            for bound in report
                .bounds
                .iter_mut()
                .filter(|b| b.reason != Some(Reason::NotTranscribed))
            {
                bound.value = None;
                bound.at = None;
                bound.gamma = None;
                bound.reason = Some(Reason::WarmStart);
            }
        }
        self.report = Some(report);
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
