//! The teacher's hand: a concept move applies from the next sample on,
//! replays bit for bit from a link, is refused where there is no concept,
//! and the recovery reported follows its rule, as a reader of the curves
//! would compute it.

use super::{session, setup};
use crate::data::{Preset, Truth};
use crate::playground::*;
use crate::registry::Algorithm;

/// The recovery rule, applied to the curves alone (as a reader of the
/// exported CSV would): the level is the moving rate at the move's point;
/// the recovery the first point at least RECOVERY_FLOOR samples after
/// the move whose moving rate (restarted at the move) is within the
/// threshold.
fn recovery_from_curves(s: &Session, at: u64, task_regression: bool) -> Option<u64> {
    let samples = s.curves().series(Series::Samples);
    let recent = s.curves().series(Series::Recent);
    let level = samples
        .iter()
        .position(|&n| n as u64 == at)
        .map(|i| recent[i])
        .expect("a curve point at the move");
    let threshold = if task_regression {
        level * (1.0 + RECOVERY_SHARE)
    } else {
        level + RECOVERY_POINTS
    };
    samples
        .iter()
        .zip(recent)
        .find(|(&n, &r)| n as u64 >= at + RECOVERY_FLOOR && r <= threshold)
        .map(|(&n, _)| n as u64 - at)
}

#[test]
fn a_turned_boundary_costs_mistakes_and_the_recovery_is_the_curves_own() {
    let mut s = session(Algorithm::Perceptron, Preset::Separable);
    s.apply(Event::Stream(1500)).unwrap();
    let Some(Truth::Line { angle, .. }) = s.truth() else {
        panic!("a line")
    };
    let turned = angle + std::f64::consts::FRAC_PI_2;
    let a = (turned / QUANTUM).round() as i64;
    s.apply(Event::Concept { a, b: 0 }).unwrap();
    let Some(Truth::Line { angle: now, offset }) = s.truth() else {
        panic!("a line")
    };
    assert_eq!((now, offset), (a as f64 * QUANTUM, 0.0));
    let mistakes_before = s.progress().mistakes;
    s.apply(Event::Stream(2000)).unwrap();
    // A quarter turn puts half the plane on the wrong side for a while.
    // A quarter turn puts half the plane on the wrong side until the
    // weights turn (about |w|/|x| mistakes).
    let cost = s.progress().mistakes - mistakes_before;
    assert!(cost >= 5, "{cost} mistakes after the turn");
    let recovery = &s.recoveries()[0];
    assert_eq!(recovery.at, 1500);
    let after = recovery
        .after
        .expect("the perceptron recovers in 2,000 samples");
    assert!(after >= RECOVERY_FLOOR, "{after}");
    assert_eq!(Some(after), recovery_from_curves(&s, 1500, false));
    // The curves drew the time after the move finely.
    let samples = s.curves().series(Series::Samples);
    assert!(samples.contains(&1501.0) && samples.contains(&1564.0));
}

#[test]
fn the_learners_recover_at_their_own_pace_from_the_move_on_down_to_the_floor() {
    // Issue 34, item 8: the rule waited for a window of 100 samples after
    // the move, so that every learner back within 5 points by then read
    // exactly 100 (here the perceptron and PA, after a turn of 0.6 rad).
    // Judged from the move on, the learners that err more after it take
    // longer (on separable data, 20 samples a mistake: 40 for the
    // perceptron's 2, 80 for PA's 4), and none reads less than the floor.
    let learners = [
        Algorithm::Perceptron,
        Algorithm::AveragedPerceptron,
        Algorithm::Pa,
        Algorithm::Pa1,
        Algorithm::Arow,
    ];
    let recovered = |algorithm, turn: f64| {
        let mut s = session(algorithm, Preset::Separable);
        s.apply(Event::Stream(600)).unwrap();
        let Some(Truth::Line { angle, offset }) = s.truth() else {
            panic!("a line")
        };
        let a = ((angle + turn) / QUANTUM).round() as i64;
        let b = (offset / QUANTUM).round() as i64;
        s.apply(Event::Concept { a, b }).unwrap();
        s.apply(Event::Stream(1500)).unwrap();
        let after = s.recoveries()[0].after.expect("recovered");
        assert!(after >= RECOVERY_FLOOR, "{algorithm}: {after}");
        assert_eq!(
            Some(after),
            recovery_from_curves(&s, 600, false),
            "{algorithm}"
        );
        after
    };
    let afters: Vec<u64> = learners.iter().map(|&a| recovered(a, 0.6)).collect();
    let [perceptron, _, pa, ..] = afters[..] else {
        unreachable!()
    };
    assert!(
        perceptron < LOSS_WINDOW as u64 && pa < LOSS_WINDOW as u64 && perceptron != pa,
        "the perceptron ({perceptron}) and PA ({pa}) told apart, under 100: {afters:?}"
    );
    let mut distinct = afters.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), learners.len(), "{afters:?}");
    // A turn that costs none of them 5 points of mistake rate: each reads the floor.
    for algorithm in learners {
        assert_eq!(recovered(algorithm, 0.05), RECOVERY_FLOOR, "{algorithm}");
    }
}

#[test]
fn a_move_soon_after_another_is_judged_against_the_level_before_both() {
    let mut s = session(Algorithm::Pa1, Preset::Overlapping);
    s.apply(Event::Stream(800)).unwrap();
    s.apply(Event::Concept { a: 1000, b: 100 }).unwrap();
    let first = s.recoveries()[0].clone();
    s.apply(Event::Stream(30)).unwrap();
    s.apply(Event::Concept { a: 1100, b: 100 }).unwrap();
    // Two moves with no sample between are one.
    s.apply(Event::Concept { a: 1150, b: 100 }).unwrap();
    let [was, now] = s.recoveries() else {
        panic!("two recoveries: {:?}", s.recoveries())
    };
    assert!(was.interrupted || was.after.is_some(), "{was:?}");
    assert_eq!(
        (now.at, now.level, now.threshold),
        (830, first.level, first.threshold)
    );
    // A move a whole window later is judged against the rate then.
    s.apply(Event::Stream(LOSS_WINDOW as u64)).unwrap();
    s.apply(Event::Concept { a: 1200, b: 100 }).unwrap();
    let last = s.recoveries().last().unwrap();
    let recent = s.curves().series(Series::Recent);
    assert_eq!(
        last.level,
        *recent.last().unwrap(),
        "the curve point at the move shows the level"
    );
}

#[test]
fn moves_replay_from_a_link_bit_for_bit_in_every_kind_of_preset() {
    let cases = [
        (
            Algorithm::Pa1,
            Preset::Overlapping,
            Event::Concept { a: 2000, b: -300 },
        ),
        (
            Algorithm::Arow,
            Preset::Drift,
            Event::Concept { a: -1000, b: 200 },
        ),
        (
            Algorithm::Projectron,
            Preset::NoisyLabels,
            Event::Concept { a: 500, b: 100 },
        ),
        (
            Algorithm::Pa1,
            Preset::Regression1d,
            Event::Concept { a: -1500, b: 400 },
        ),
        (
            Algorithm::Pa1,
            Preset::FourClasses,
            Event::Centre {
                class: 2,
                x: -900,
                y: 800,
            },
        ),
    ];
    for (algorithm, preset, moved) in cases {
        let mut s = Session::new(setup(algorithm, Preset::Separable).with_preset(preset)).unwrap();
        s.apply(Event::Stream(300)).unwrap();
        s.apply(moved.clone()).unwrap();
        s.apply(Event::Stream(400)).unwrap();
        s.apply(moved.clone()).unwrap();
        s.apply(Event::Stream(50)).unwrap();
        let copy =
            Session::from_shared(&SharedState::parse(&s.shared().to_hash()).unwrap()).unwrap();
        let what = format!("{algorithm} on {preset}");
        assert_eq!(copy.model(), s.model(), "{what}");
        assert_eq!(copy.linear_models(), s.linear_models(), "{what}");
        assert_eq!(copy.truth(), s.truth(), "{what}");
        assert_eq!(copy.recoveries(), s.recoveries(), "{what}");
        assert_eq!(s.recoveries().len(), 2, "{what}");
        for series in [Series::Samples, Series::Test, Series::Recent] {
            assert_eq!(
                copy.curves().series(series),
                s.curves().series(series),
                "{what}"
            );
        }
        // The second move came before the first recovered, or after it.
        let first = &s.recoveries()[0];
        assert!(
            first.after.is_some() != first.interrupted,
            "{what}: {first:?}"
        );
    }
}

#[test]
fn a_move_where_there_is_no_concept_is_refused_and_changes_nothing() {
    for (preset, moved) in [
        (Preset::Xor, Event::Concept { a: 0, b: 0 }),
        (Preset::Separable, Event::Concept { a: 0, b: 5000 }),
        (
            Preset::Separable,
            Event::Centre {
                class: 0,
                x: 0,
                y: 0,
            },
        ),
        (
            Preset::ThreeClasses,
            Event::Centre {
                class: 5,
                x: 0,
                y: 0,
            },
        ),
    ] {
        let mut s =
            Session::new(setup(Algorithm::Pa1, Preset::Separable).with_preset(preset)).unwrap();
        s.apply(Event::Stream(20)).unwrap();
        let (log, truth) = (s.shared().to_hash(), s.truth());
        assert!(s.apply(moved.clone()).is_err(), "{preset}: {moved:?}");
        assert_eq!((s.shared().to_hash(), s.truth()), (log, truth));
        assert!(s.recoveries().is_empty());
    }
    // A file session has no concept.
    let data = crate::data::Stream::new(crate::data::StreamConfig::new(Preset::Separable, 1))
        .unwrap()
        .take(50);
    let file = FileSource::new("points.csv", data, crate::learner::Task::Classification).unwrap();
    let mut s = Session::with_file(setup(Algorithm::Pa1, Preset::Separable), file).unwrap();
    let err = s.apply(Event::Concept { a: 0, b: 0 }).unwrap_err();
    assert!(err.to_string().contains("points.csv"), "{err}");
    assert_eq!(s.truth(), None);
}

#[test]
fn a_regression_line_moved_by_hand_is_followed_and_its_recovery_uses_the_absolute_error() {
    let mut s = session(Algorithm::Pa1, Preset::Regression1d);
    s.apply(Event::Stream(500)).unwrap();
    s.apply(Event::Concept { a: 1500, b: -300 }).unwrap();
    assert_eq!(
        s.truth(),
        Some(Truth::Fit {
            slope: 1500.0 * QUANTUM,
            intercept: -300.0 * QUANTUM
        })
    );
    s.apply(Event::Stream(1500)).unwrap();
    let [w, _, b] = s.model().unwrap()[..] else {
        panic!("a line")
    };
    assert!((w - 1.5).abs() < 0.15 && (b + 0.3).abs() < 0.1, "{w} {b}");
    let recovery = &s.recoveries()[0];
    assert_eq!(recovery.after, recovery_from_curves(&s, 500, true));
}
