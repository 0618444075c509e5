//! The theory layer's invariants:
//!
//! - the fewest-mistakes line equals a brute force over every line through
//!   two points, each nudged every way (turned about each point on it and
//!   each midpoint between them, shifted, both sides called +1), on small
//!   sets of grid points full of ties, duplicates and collinear triples;
//! - no bound is ever below what the learner actually did, for every
//!   learner (each is covered on two classes), bias mode and synthetic
//!   preset over many seeds (a transcription error in a theorem shows up
//!   here first), and the selective perceptron's corollaries over its
//!   draws and b;
//! - bad input (one class, identical points, no samples) gives reasons and
//!   finite numbers, never NaN or a panic.

use onlinelearn::theory::best_line::best_line;
use onlinelearn::theory::samples::Samples;
use onlinelearn::theory::{Report, Theory, ZeroOne};
use onlinelearn::{Algorithm, AnyLearner, BiasMode, Features, Learner, Preset, Settings, Update};
use proptest::prelude::*;
use theory_run::{learn_and_record, presets};

mod theory_run;

/// Mistakes of sign(w·x + b), +1 at 0, as the learners predict.
fn mistakes(points: &[([f64; 2], f64)], w: [f64; 2], b: f64) -> u64 {
    points
        .iter()
        .filter(|(x, y)| {
            let f = w[0] * x[0] + w[1] * x[1] + b;
            (if f >= 0.0 { 1.0 } else { -1.0 }) != *y
        })
        .count() as u64
}

fn rotate(w: [f64; 2], angle: f64) -> [f64; 2] {
    let (s, c) = angle.sin_cos();
    [c * w[0] - s * w[1], s * w[0] + c * w[1]]
}

/// The brute force: constants, and every line through two distinct
/// points (through the origin and one point without a bias), unperturbed
/// and nudged by ±1e-7 every way that can move the points on it.
fn brute_force(points: &[([f64; 2], f64)], bias: bool) -> u64 {
    const E: f64 = 1e-7;
    let pos = points.iter().filter(|p| p.1 > 0.0).count() as u64;
    let neg = points.len() as u64 - pos;
    let mut best = if bias { pos.min(neg) } else { neg };
    let mut consider = |w: [f64; 2], through: [f64; 2], pivots: &[[f64; 2]]| {
        for sign in [1.0, -1.0] {
            let w = [w[0] * sign, w[1] * sign];
            let b = |w: [f64; 2], c: [f64; 2]| -(w[0] * c[0] + w[1] * c[1]);
            best = best.min(mistakes(points, w, b(w, through)));
            for &c in pivots {
                for turn in [E, -E] {
                    let v = rotate(w, turn);
                    best = best.min(mistakes(points, v, b(v, c)));
                }
            }
            if bias {
                for shift in [E, -E] {
                    best = best.min(mistakes(points, w, b(w, through) + shift));
                }
            }
        }
    };
    if bias {
        for (i, &(p, _)) in points.iter().enumerate() {
            for &(q, _) in &points[i + 1..] {
                if p == q {
                    continue;
                }
                let d = [q[0] - p[0], q[1] - p[1]];
                let on: Vec<[f64; 2]> = points
                    .iter()
                    .map(|s| s.0)
                    .filter(|s| d[0] * (s[1] - p[1]) - d[1] * (s[0] - p[0]) == 0.0)
                    .collect();
                let mut pivots = on.clone();
                for a in &on {
                    for c in &on {
                        pivots.push([(a[0] + c[0]) / 2.0, (a[1] + c[1]) / 2.0]);
                    }
                }
                consider([-d[1], d[0]], p, &pivots);
            }
        }
    } else {
        for &(q, _) in points {
            if q != [0.0, 0.0] {
                consider([-q[1], q[0]], [0.0, 0.0], &[[0.0, 0.0]]);
            }
        }
    }
    best
}

fn planar(points: &[([f64; 2], f64)], bias: bool) -> Samples {
    let mut s = Samples::new(bias);
    for (x, y) in points {
        let i = s.push(Features::Dense(x), *y).unwrap();
        s.count(i);
    }
    s
}

fn grid_points() -> impl Strategy<Value = Vec<([f64; 2], f64)>> {
    prop::collection::vec(
        ((-3i32..=3, -3i32..=3), prop::bool::ANY)
            .prop_map(|((a, b), y)| ([a as f64, b as f64], if y { 1.0 } else { -1.0 })),
        1..11,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn the_fewest_mistakes_line_matches_the_brute_force(points in grid_points(), bias in prop::bool::ANY) {
        let got = best_line(&planar(&points, bias)).unwrap();
        prop_assert_eq!(got.mistakes, brute_force(&points, bias), "{:?}", points);
        // The line drawn makes those very mistakes as it is, and with a
        // bias it passes through no point: it separates visibly.
        if let Some([w1, w2, b]) = got.line {
            prop_assert_eq!(mistakes(&points, [w1, w2], b), got.mistakes, "{:?} {:?}", points, got.line);
            if bias {
                let nearest = points.iter().map(|(x, _)| (w1 * x[0] + w2 * x[1] + b).abs()).fold(f64::INFINITY, f64::min);
                prop_assert!(nearest > 1e-9, "{:?} {:?}", points, got.line);
            }
        }
    }
}

#[test]
fn ties_and_collinear_points_by_hand() {
    // Five collinear points, labels + − + − +, and a twin of opposite label.
    let line: Vec<([f64; 2], f64)> = (0..5)
        .map(|k| {
            (
                [k as f64, 2.0 * k as f64],
                if k % 2 == 0 { 1.0 } else { -1.0 },
            )
        })
        .chain([([1.0, 2.0], 1.0)])
        .collect();
    for bias in [true, false] {
        let got = best_line(&planar(&line, bias)).unwrap().mistakes;
        assert_eq!(got, brute_force(&line, bias), "bias {bias}");
    }
}

/// A learner's run over `passes` passes of a preset's stream, and its theory.
fn run(
    algorithm: Algorithm,
    preset: Preset,
    seed: u64,
    n: usize,
    settings: &Settings,
    passes: usize,
) -> Report {
    let mut theory = Theory::new(algorithm, settings).unwrap();
    learn_and_record(&mut theory, algorithm, settings, (preset, seed, n), passes);
    theory.report(ZeroOne::Compute)
}

fn finite(report: &Report) {
    let mut numbers = vec![
        report.radius,
        report.hinge_best.value,
        report.hinge_best.duality_gap,
    ];
    numbers.extend(report.margin);
    numbers.extend(report.hinge_best.u.iter().copied());
    numbers.extend(report.hard_margin_u.iter().flatten().copied());
    if let Some(s) = &report.squared_hinge_best {
        numbers.extend(s.u.iter().copied());
        numbers.push(s.value);
    }
    for b in &report.bounds {
        numbers.push(b.actual);
        numbers.extend(b.value);
        numbers.extend(b.gamma);
    }
    let r = report.regret;
    numbers.extend([r.hinge, r.hinge_per_round]);
    numbers.extend(r.zero_one_per_round);
    assert!(numbers.iter().all(|v| v.is_finite()), "{report:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(160))]

    #[test]
    fn no_bound_is_ever_below_what_the_learner_did(
        learner in 0..Algorithm::ALL.len(),
        preset in 0..presets().len(),
        seed in 0u64..1_000_000,
        n in 5usize..250,
        bias in 0..3usize,
        c in prop::sample::select(vec![0.01, 0.1, 1.0, 10.0]),
        passes in 1usize..3,
    ) {
        let algorithm = Algorithm::ALL[learner];
        let bias = [BiasMode::Augmented, BiasMode::Decoupled, BiasMode::None][bias];
        let settings = Settings { c, bias, seed, ..Settings::default() };
        // A bias mode a learner refuses (decoupled, for most) is no case.
        prop_assume!(AnyLearner::new(algorithm, &settings).is_ok());
        let report = run(algorithm, presets()[preset], seed, n, &settings, passes);
        finite(&report);
        prop_assert!(!report.bounds.is_empty());
        check_bounds(&report)?;
        // The comparator's hinge loss is at most the objective over C.
        let regret = report.regret;
        prop_assert!(regret.hinge.is_finite() && regret.rounds == (n * passes) as u64);
        if let (Some(z), Some(best)) = (regret.zero_one, &report.zero_one_best) {
            prop_assert!(z >= -(best.mistakes as i64));
        }
    }

    #[test]
    fn the_selective_perceptrons_corollaries_bound_its_updates_on_every_run(
        preset in 0..presets().len(),
        seed in 0u64..1_000_000,
        n in 5usize..300,
        augmented in prop::bool::ANY,
        b in prop::sample::select(vec![0.01, 0.1, 1.0, 10.0, 100.0]),
        passes in 1usize..4,
    ) {
        let bias = if augmented { BiasMode::Augmented } else { BiasMode::None };
        let settings = Settings { selective_b: b, bias, seed, ..Settings::default() };
        let report = run(Algorithm::SelectivePerceptron, presets()[preset], seed, n, &settings, passes);
        finite(&report);
        let names: Vec<&str> = report.bounds.iter().map(|b| b.name).collect();
        prop_assert_eq!(names, vec!["novikoff-asked-rounds", "freund-schapire-theorem-2-asked-rounds", "selective-paper-no-bound"]);
        // Freund & Schapire's holds on any data: it always has a value.
        prop_assert!(report.bounds[1].value.is_some(), "{:?}", report.bounds[1]);
        prop_assert_eq!(report.bounds[0].value.is_some(), report.separable);
        check_bounds(&report)?;
    }
}

/// Every bound with a value is at least the count it bounds; every other
/// one says why it has none.
fn check_bounds(report: &Report) -> Result<(), TestCaseError> {
    for bound in &report.bounds {
        match bound.value {
            Some(value) => prop_assert!(
                bound.actual <= value * (1.0 + 1e-9) + 1e-9,
                "{}: {} > {} ({:?})",
                bound.name,
                bound.actual,
                value,
                bound
            ),
            None => prop_assert!(bound.reason.is_some(), "{}", bound.name),
        }
    }
    Ok(())
}

#[test]
fn bad_input_gives_reasons_and_finite_numbers() {
    let settings = Settings::default();
    // No samples.
    let mut empty = Theory::new(Algorithm::Pa1, &settings).unwrap();
    let report = empty.report(ZeroOne::Compute);
    finite(&report);
    assert!(!report.separable && report.margin.is_none());
    assert!(report
        .bounds
        .iter()
        .all(|b| b.value.is_none() && b.reason.is_some()));
    // One class, and identical points of both classes, in every bias mode.
    for bias in [BiasMode::Augmented, BiasMode::None, BiasMode::Decoupled] {
        let settings = Settings {
            bias,
            ..Settings::default()
        };
        for (labels, separable) in [
            (&[1.0, 1.0, 1.0][..], bias != BiasMode::None),
            (&[1.0, -1.0, 1.0][..], false),
        ] {
            for algorithm in [Algorithm::Perceptron, Algorithm::Pa, Algorithm::Pa2] {
                let mut learner = AnyLearner::new(algorithm, &settings).unwrap();
                let mut theory = Theory::new(algorithm, &settings).unwrap();
                for &y in labels {
                    // All at one place (the origin, where no line without a
                    // bias can call anything −1).
                    let x = if bias == BiasMode::None {
                        [0.0, 0.0]
                    } else {
                        [0.5, 0.5]
                    };
                    let update: Update = learner.learn_one(Features::Dense(&x), y);
                    theory.learned(Features::Dense(&x), y, &update).unwrap();
                }
                let report = theory.report(ZeroOne::Compute);
                finite(&report);
                assert_eq!(
                    report.separable, separable,
                    "{algorithm} {bias} {labels:?}: {}",
                    report.separability
                );
                for b in &report.bounds {
                    assert!(b.value.is_some() || b.reason.is_some(), "{}", b.name);
                }
            }
        }
    }
}
