//! The Theory layer's limits and its curves: what the page charts, one
//! point at each curve point of the session whose solve ended.

use serde::Serialize;

use crate::theory::Report;

/// Past this many places the page does not search the line: at 5,000 it
/// takes about two seconds of sweeps (measured natively, benches/theory.rs).
pub const SEARCH_LIMIT: usize = 5_000;

/// The samples the layer keeps (so all of them can be line-searched):
/// past them its memory stops growing (see `theory::frozen`).
pub const KEPT: usize = SEARCH_LIMIT;

/// The layer's curves: a point at each curve point of the session whose
/// solve ended in its call (a long solve's point is drawn at the curve
/// point that began it, and the curve points it spans are skipped).
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

impl TheoryCurves {
    /// A point at the session's `samples`: each bound's value and count,
    /// and the hinge regret, from `report`.
    pub(super) fn push(&mut self, samples: u64, report: &Report) {
        self.samples.push(samples as f64);
        if self.bounds.len() != report.bounds.len() {
            self.bounds = report
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
        for (curve, bound) in self.bounds.iter_mut().zip(&report.bounds) {
            curve.value.push(bound.value);
            curve.actual.push(bound.actual);
        }
        self.hinge_regret.push(report.regret.hinge);
    }
}
