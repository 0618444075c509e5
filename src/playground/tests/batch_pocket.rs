//! The batch pocket on the page: Epochs over the plane's points run the
//! command line's search, one try per step, on the points standardised as
//! the post does; and a link replays it.

use super::session;
use crate::data::{read_csv, CsvOptions, Dataset, Preset, Standardiser};
use crate::features::Features;
use crate::linear::{BatchPocket, BiasMode};
use crate::playground::*;
use crate::registry::{Algorithm, AnyLearner};
use crate::settings::Key;

const POST: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/www/data/pocket-pla.csv");

/// The post's 100 points as read, the command line's way.
fn post_file() -> Dataset {
    read_csv(std::path::Path::new(POST), &CsvOptions::default())
        .unwrap()
        .data
}

/// The post's points as the page places them (loadPocketPoints in
/// www/js/data-in.js): (x − 6.4)·0.7 and (y − 4.95)·0.7, which land on the
/// log's 1e-3 grid exactly, so the clicks keep them to the last bits.
fn post_points(s: &mut Session) {
    let raw = post_file();
    for i in 0..raw.len() {
        let Features::Dense(v) = raw.row(i) else {
            unreachable!()
        };
        s.click(0.7 * (v[0] - 6.4), 0.7 * (v[1] - 4.95), raw.label(i))
            .unwrap();
    }
}

/// `onlinelearn batch-pocket --train www/data/pocket-pla.csv --seed S`:
/// the file standardised, then the search.
fn command_line(seed: u64) -> BatchPocket {
    let raw = post_file();
    BatchPocket::new(
        Standardiser::of(&raw).dataset(&raw),
        BiasMode::Augmented,
        seed,
    )
}

fn seeded(seed: u64) -> Session {
    let mut setup = super::setup(Algorithm::BatchPocket, Preset::Overlapping);
    setup.settings.seed = seed;
    Session::new(setup).unwrap()
}

/// The batch pocket's w in the standardised units it searches in.
fn standard_model(s: &Session) -> crate::learner::LinearModel {
    match s.learner() {
        Some(AnyLearner::BatchPocket(l)) => l.standard_units().expect("a fixed set").1,
        _ => unreachable!(),
    }
}

fn close(a: &[f64], b: &[f64]) -> bool {
    a.iter()
        .zip(b)
        .all(|(a, b)| (a - b).abs() <= 1e-12 * a.abs().max(1.0))
}

#[test]
fn the_pages_search_on_the_posts_points_is_the_command_lines_on_the_posts_file() {
    for seed in 0..200 {
        let mut s = seeded(seed);
        post_points(&mut s);
        s.reset();
        let mut cli = command_line(seed);
        for step in 1..=100 {
            s.apply(Event::Epochs(1)).unwrap();
            let tried = cli.step().expect("some point stays misclassified");
            let last = s.last().unwrap();
            // The same point tried (the points are the file's, in order),
            // the same verdict.
            let (point, label) = s.points.get(tried.point).unwrap();
            assert_eq!(
                (last.point, last.label),
                (point, label),
                "seed {seed} step {step}"
            );
            assert_eq!(
                last.update.aggressive, tried.accepted,
                "seed {seed} step {step}"
            );
        }
        let (page, cli_model) = (standard_model(&s), cli.model());
        let mut want = cli_model.weights.clone();
        want.push(cli_model.bias);
        let mut got = page.weights.clone();
        got.push(page.bias);
        assert!(close(&got, &want), "seed {seed}: {got:?} against {want:?}");
        let accuracy = (100 - cli.mistakes()) as f64 / 100.0;
        assert_eq!(
            s.curves().series(curves::Series::Test).last(),
            Some(&accuracy)
        );
    }
}

#[test]
fn the_posts_points_as_placed_give_the_posts_median() {
    // The page's run is the command line's on the plane's points (above):
    // over 1000 seeds, the misclassified points after the post's 100 tries.
    let mut s = seeded(0);
    post_points(&mut s);
    let points = plane_set(&s);
    let standard = Standardiser::of(&points).dataset(&points);
    let mut misclassified: Vec<usize> = (0..1000)
        .map(|seed| {
            let mut pla = BatchPocket::new(standard.clone(), BiasMode::Augmented, seed);
            for _ in 0..100 {
                pla.step();
            }
            pla.mistakes()
        })
        .collect();
    misclassified.sort_unstable();
    // Measured: a median of 10 (accuracy 0.90, the command line's median
    // on the post's file); the points scaled by 0.55 and searched
    // unstandardised, as the page did before, gave 18.
    assert!(misclassified[500] <= 15, "median {}", misclassified[500]);
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
    let points = plane_set(&s);
    let mut cli = BatchPocket::new(
        Standardiser::of(&points).dataset(&points),
        BiasMode::Augmented,
        42,
    );
    for step in 1..=100 {
        s.apply(Event::Epochs(1)).unwrap();
        let tried = cli.step().expect("some point stays misclassified");
        // On the plane's own points the page's search is the command
        // line's to the bit (the same standardisation of the same values).
        let model = standard_model(&s);
        assert_eq!(model, cli.model(), "step {step}");
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
    let accuracy = (100 - cli.mistakes()) as f64 / 100.0;
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
