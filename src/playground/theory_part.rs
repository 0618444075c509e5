//! The session's Theory layer: the theory of its learner's rounds
//! ([`crate::theory::Theory`]) kept up to date as the session learns, its
//! curves on the session's curve schedule, and the fewest-mistakes line
//! searched a slice at a time between frames (`theory_live.rs`).
//!
//! The rounds are the learner's since it last started at w = 0 (the
//! bounds assume it): Reset, Clear and a replay start them afresh. A
//! learner switched mid-stream, or a setting of its changed mid-stream,
//! goes on from the weights it had, so from there the bounds are refused
//! with that reason while the comparators and the regret carry on over
//! the rounds since the change.
//!
//! Costs, bounded at any session length: the comparators are solved a
//! budget of steps at a time (a solve's passes vary from a few to
//! thousands), the line a sweep at a time, and at most `KEPT` samples are
//! kept: past them the comparators stay those of the samples kept, and
//! each later round costs a few sums (`theory::frozen`), so the layer's
//! memory stops growing and the learner runs at full speed again.

use serde::Serialize;

use super::share::Setup;
pub use super::theory_curves::{TheoryCurves, KEPT, SEARCH_LIMIT};
use super::theory_kernel::{KernelSide, KERNEL_KEPT};
use super::theory_live::Live;
use crate::error::Result;
use crate::features::Features;
use crate::learner::Update;
use crate::theory::covered::has_bias;
use crate::theory::kernel::KernelReport;
use crate::theory::{BestLine, Report, Theory};

/// The layer, on: its theory, or why the session has none.
#[derive(Debug)]
pub enum TheoryPart {
    Live(Box<Live>),
    /// Why this session's data is not covered: an id for the page
    /// ("classes", "wide", "regression", "sample") and the sentence.
    Uncovered(&'static str, String),
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
    /// Rounds the layer has seen: the report is over these, or over fewer
    /// while the comparators of more are solved (`solving`).
    pub rounds: u64,
    pub solving: bool,
    /// The samples the layer keeps (past them the report has `kept`).
    pub kept_limit: usize,
    /// A kernel learner's theory in its kernel's feature space: the last
    /// finished solve's report, the rounds recorded (more while a solve
    /// runs), the points it keeps and whether it stopped there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kernel: Option<KernelView>,
}

#[derive(Serialize)]
pub struct KernelView {
    pub report: Option<KernelReport>,
    pub rounds: u64,
    pub kept_limit: usize,
    pub stopped: bool,
}

impl Clone for TheoryPart {
    fn clone(&self) -> Self {
        match self {
            Self::Live(live) => Self::Live(live.clone()),
            Self::Uncovered(code, why) => Self::Uncovered(code, why.clone()),
        }
    }
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
                // Lines with a bias and lines through the origin are two
                // searches: the digest of the rounds starts apart.
                Ok(theory) => Self::Live(Box::new(Live::new(
                    theory,
                    has_bias(setup.settings.bias) as u32,
                    KernelSide::new(setup.algorithm, &setup.learner_settings()),
                ))),
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
            if let Some(kernel) = &mut live.kernel {
                kernel.warm = true;
            }
        }
        Ok(part)
    }

    /// The learner's round on a sample (`update`: what it returned).
    pub fn learned(&mut self, x: Features<'_>, y: f64, update: &Update) {
        let Self::Live(live) = self else { return };
        if let Err(why) = live.learned(x, y, update) {
            *self = Self::Uncovered("sample", why.to_string());
        }
    }

    /// A curve point after `samples` of the session (see
    /// `Live::curve_point`).
    pub fn record(&mut self, samples: u64) {
        if let Self::Live(live) = self {
            live.curve_point(samples);
        }
    }

    /// Solves the comparators and searches for the line while `more()`
    /// says so; returns whether either has work left.
    pub fn work(&mut self, more: impl FnMut() -> bool) -> bool {
        match self {
            Self::Live(live) => live.work(more),
            Self::Uncovered(..) => false,
        }
    }

    /// The search under way, as (rounds, digest): the key another panel's
    /// [`TheoryPart::adopt`] needs.
    pub fn search_key(&self) -> Option<(u64, u32)> {
        match self {
            Self::Live(live) => live.search_key(),
            Self::Uncovered(..) => None,
        }
    }

    /// The last line found: (rounds, digest, line).
    pub fn found(&self) -> Option<(u64, u32, BestLine)> {
        match self {
            Self::Live(live) => live.found(),
            Self::Uncovered(..) => None,
        }
    }

    /// Ends the search under way with another panel's line, when it was
    /// found over the same rounds (the same count and digest): Compare
    /// searches once for all its panels. Returns whether it was taken.
    pub fn adopt(&mut self, rounds: u64, digest: u32, line: BestLine) -> bool {
        match self {
            Self::Live(live) => live.adopt(rounds, digest, line),
            Self::Uncovered(..) => false,
        }
    }

    /// Solves the comparators while `more()` says so, not searching;
    /// returns whether either has work left.
    pub fn solve_only(&mut self, more: impl FnMut() -> bool) -> bool {
        match self {
            Self::Live(live) => live.solve_only(more),
            Self::Uncovered(..) => false,
        }
    }

    /// What the panel shows: the last finished solve's report.
    pub fn view(&mut self) -> TheoryView<'_> {
        match self {
            Self::Uncovered(code, why) => TheoryView {
                why_not: Some(why),
                why_code: Some(code),
                report: None,
                warm_from: None,
                search: None,
                search_limit: SEARCH_LIMIT,
                rounds: 0,
                solving: false,
                kept_limit: KEPT,
                kernel: None,
            },
            Self::Live(live) => {
                let (rounds, solving) = live.rounds();
                let search = live.search_progress();
                let warm_from = live.warm_from;
                let kernel = live.kernel.as_ref().map(|k| KernelView {
                    report: k.report(),
                    rounds: k.recorded(),
                    kept_limit: KERNEL_KEPT,
                    stopped: k.stopped,
                });
                TheoryView {
                    why_not: None,
                    why_code: None,
                    report: Some(live.report()),
                    warm_from,
                    search,
                    search_limit: SEARCH_LIMIT,
                    rounds,
                    solving,
                    kept_limit: KEPT,
                    kernel,
                }
            }
        }
    }

    /// The samples the layer holds (none past `KEPT`: only sums).
    pub fn kept(&self) -> usize {
        match self {
            Self::Live(live) => live.kept(),
            Self::Uncovered(..) => 0,
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
