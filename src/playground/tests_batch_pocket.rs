//! The batch pocket on the page: Epochs over the plane's points run the
//! command line's search, one try per step, and a link replays it.

use super::tests::session;
use super::*;
use crate::data::{Dataset, Preset};
use crate::features::Features;
use crate::linear::{BatchPocket, BiasMode};
use crate::registry::Algorithm;
use crate::settings::Key;

/// The post's 100 points as the page places them (loadPocketPoints in
/// www/js/data-in.js: standardised, times 0.55, snapped by the clicks).
fn post_points(s: &mut Session) {
    let text = std::fs::read_to_string("www/data/pocket-pla.csv").unwrap();
    let rows: Vec<[f64; 3]> = text
        .lines()
        .map(|l| {
            let v: Vec<f64> = l.split(',').map(|x| x.trim().parse().unwrap()).collect();
            [v[0], v[1], v[2]]
        })
        .collect();
    let n = rows.len() as f64;
    let mean = |k: usize| rows.iter().map(|r| r[k]).sum::<f64>() / n;
    let (m0, m1) = (mean(0), mean(1));
    let sd = |k: usize, m: f64| (rows.iter().map(|r| (r[k] - m).powi(2)).sum::<f64>() / n).sqrt();
    let (s0, s1) = (sd(0, m0), sd(1, m1));
    for r in &rows {
        let label = if r[2] > 0.0 { 1.0 } else { -1.0 };
        s.click(0.55 * (r[0] - m0) / s0, 0.55 * (r[1] - m1) / s1, label)
            .unwrap();
    }
}

fn seeded(seed: u64) -> Session {
    let mut setup = super::tests::setup(Algorithm::BatchPocket, Preset::Overlapping);
    setup.settings.seed = seed;
    Session::new(setup).unwrap()
}

fn plane_set(s: &Session) -> Dataset {
    let mut set = Dataset::dense(2);
    for p in s.points().chunks_exact(3) {
        set.push(Features::Dense(&p[..2]), p[2]).unwrap();
    }
    set
}

#[test]
fn epochs_on_the_posts_points_run_the_command_lines_search_one_try_a_step() {
    let mut s = seeded(42);
    post_points(&mut s);
    s.reset();
    let mut cli = BatchPocket::new(plane_set(&s), BiasMode::Augmented, 42);
    for step in 1..=100 {
        s.apply(Event::Epochs(1)).unwrap();
        let tried = cli.step().expect("some point stays misclassified");
        let [w1, w2, b] = s.model().unwrap();
        let model = cli.model();
        assert_eq!(
            [w1, w2, b],
            [model.weights[0], model.weights[1], model.bias]
        );
        let last = s.last().unwrap();
        // The step's sample is the point tried, ringed on the plane.
        let (point, label) = s.points.get(tried.point).unwrap();
        assert_eq!((last.point, last.label), (point, label), "step {step}");
        assert_eq!(last.update.aggressive, tried.accepted);
        assert!(last.update.mistake);
        assert_eq!(s.progress().samples, step);
        assert!(s.moving_model().is_some(), "the proposal is drawn");
    }
    // The post's loop ends after 100 tries: the next steps change nothing.
    let kept = s.model();
    s.apply(Event::Epochs(20)).unwrap();
    assert_eq!(s.model(), kept);
    assert_eq!(s.moving_model(), None);
    let accuracy = 1.0 - cli.mistakes() as f64 / 100.0;
    assert_eq!(
        s.curves().series(curves::Series::Test).last(),
        Some(&accuracy)
    );

    // A link replays the run; Reset starts the same one again.
    let replayed = Session::from_shared(&SharedState::parse(&s.shared().to_hash()).unwrap());
    assert_eq!(replayed.unwrap().model(), kept);
    s.reset();
    s.apply(Event::Epochs(100)).unwrap();
    assert_eq!(s.model(), kept);
    // Another seed, another run.
    let mut other = seeded(43);
    post_points(&mut other);
    other.reset();
    other.apply(Event::Epochs(100)).unwrap();
    assert_ne!(other.model(), kept);
}

#[test]
fn iterations_is_the_batch_pockets_alone_and_a_switch_keeps_the_picture() {
    let mut s = session(Algorithm::Pa1, Preset::Overlapping);
    s.apply(Event::Stream(30)).unwrap();
    assert!(!s.settings_in_force().contains(&Key::Iterations));
    let before = s.model();
    s.apply(Event::Algorithm(Algorithm::BatchPocket)).unwrap();
    assert_eq!(s.model(), before, "it goes on from PA-I's w");
    assert!(s.settings_in_force().contains(&Key::Iterations));
    s.apply(Event::Set(Key::Iterations, 3.0)).unwrap();
    // Compare streams: each misclassified sample is a try, three at most.
    s.apply(Event::Stream(200)).unwrap();
    let tries = |s: &Session| match s.learner() {
        Some(crate::registry::AnyLearner::BatchPocket(l)) => l.tries(),
        _ => unreachable!(),
    };
    assert_eq!(tries(&s), 3);
    let replayed = Session::from_shared(&SharedState::parse(&s.shared().to_hash()).unwrap());
    let replayed = replayed.unwrap();
    assert_eq!((tries(&replayed), replayed.model()), (3, s.model()));
}
