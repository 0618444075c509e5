//! The fewest-mistakes line on small hand-made sets (the brute-force
//! comparison is in tests/theory_properties.rs).
use super::*;
use crate::features::Features;
use crate::theory::samples::{planar, XOR};

fn best(points: &[([f64; 2], f64)], bias: bool) -> BestLine {
    best_line(&planar(points, bias)).unwrap()
}

#[test]
fn xor_needs_one_mistake_and_a_separable_set_none() {
    assert_eq!(best(&XOR, true).mistakes, 1);
    let split = [([0.0, 1.0], 1.0), ([1.0, 2.0], 1.0), ([0.0, -1.0], -1.0)];
    let got = best(&split, true);
    assert_eq!(got.mistakes, 0);
    let [w1, w2, b] = got.line.unwrap();
    for (x, y) in split {
        let f = w1 * x[0] + w2 * x[1] + b;
        assert!(f == 0.0 || f.signum() == y, "{x:?} {f}");
    }
}

#[test]
fn collinear_labels_take_the_best_threshold() {
    // + + - + on one line: one mistake; through the origin, the
    // origin's negative point is always wrong.
    let line = [
        ([0.0, 0.0], 1.0),
        ([1.0, 1.0], 1.0),
        ([2.0, 2.0], -1.0),
        ([3.0, 3.0], 1.0),
    ];
    assert_eq!(best(&line, true).mistakes, 1);
    let origin = [([0.0, 0.0], -1.0), ([1.0, 0.0], 1.0), ([-1.0, 0.0], -1.0)];
    assert_eq!(best(&origin, false).mistakes, 1);
}

#[test]
fn a_search_in_slices_finds_what_one_call_finds() {
    // A noisy spiral: many lines tie and the best one is found late.
    let mut s = Samples::new(true);
    for i in 0..60 {
        let a = i as f64 * 0.7;
        let r = 0.1 + i as f64 * 0.05;
        let y = if (i * 7) % 5 < 2 { 1.0 } else { -1.0 };
        let k = s
            .push(Features::Dense(&[r * a.cos(), r * a.sin()]), y)
            .unwrap();
        s.count(k);
    }
    let whole = best_line(&s).unwrap();
    let mut search = LineSearch::new(&s).unwrap();
    assert_eq!(search.pivots(), 60);
    let mut slices = 0;
    while !search.advance(7) {
        slices += 1;
        assert!(search.best().mistakes >= whole.mistakes);
    }
    assert_eq!(slices, 8);
    assert_eq!(search.done(), 60);
    assert_eq!(search.best(), whole);
    assert!(whole.mistakes > 0, "the set is not separable");
}

#[test]
fn the_line_drawn_separates_visibly_midway() {
    // A +1 and a −1 point: the sweep's line passes through both (margin
    // 0); the one drawn is their perpendicular bisector, 1 from each.
    let two = [([0.0, 1.0], 1.0), ([0.0, -1.0], -1.0)];
    let [w1, w2, b] = best(&two, true).line.unwrap();
    for (x, y) in two {
        let f = w1 * x[0] + w2 * x[1] + b;
        assert!((f * y - 1.0).abs() < 1e-12, "{x:?}: {f}");
    }
    // Separable clusters: every point is at least 0.25 from the line.
    let clusters = [
        ([0.0, 0.0], 1.0),
        ([1.0, 0.0], 1.0),
        ([0.0, 1.0], 1.0),
        ([3.0, 3.0], -1.0),
        ([4.0, 3.0], -1.0),
        ([3.0, 4.0], -1.0),
    ];
    let got = best(&clusters, true);
    assert_eq!(got.mistakes, 0);
    let [w1, w2, b] = got.line.unwrap();
    for (x, y) in clusters {
        assert!((w1 * x[0] + w2 * x[1] + b) * y > 0.25, "{x:?}");
    }
}
