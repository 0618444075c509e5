//! What the kernel learners' property tests share: random two-class
//! streams on the plane, and a learner's scores at fixed probe points.

use onlinelearn::{Features, Learner};
use proptest::prelude::*;

/// Streams of 2-D points within ±3, labelled ±1 at random.
pub fn points(n: std::ops::Range<usize>) -> impl Strategy<Value = Vec<([f64; 2], f64)>> {
    prop::collection::vec(
        (
            (-3.0..3.0f64, -3.0..3.0f64),
            prop_oneof![Just(1.0), Just(-1.0)],
        )
            .prop_map(|((a, b), y)| ([a, b], y)),
        n,
    )
}

/// The learner's scores on a 5 × 5 grid of probe points.
pub fn probe_scores(l: &dyn Learner) -> Vec<f64> {
    (0..25)
        .map(|k| {
            l.score(Features::Dense(&[
                (k % 5) as f64 - 2.0,
                (k / 5) as f64 - 2.0,
            ]))
        })
        .collect()
}
