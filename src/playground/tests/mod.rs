//! The session's tests: the helpers every topic uses (below), and one
//! file per topic. (A file's own tests of its private parts stand beside
//! it instead, as `<file>_tests.rs`: `page_tests.rs`, `share_tests.rs`.)

#[cfg(feature = "relatives")]
mod asked;
#[cfg(feature = "relatives")]
mod batch_pocket;
mod classes;
mod concept;
mod explain;
#[cfg(feature = "kernel")]
mod explain_budget;
mod explain_kernel;
#[cfg(feature = "kernel")]
mod explain_silk_bsgd;
mod files;
#[cfg(feature = "timeline")]
mod learned;
mod reductions;
mod reset;
#[cfg(feature = "theory")]
mod theory;
#[cfg(all(feature = "theory", feature = "kernel"))]
mod theory_kernel;
#[cfg(feature = "timeline")]
mod timeline;

use super::*;
use crate::data::Preset;
use crate::grid::Grid;
use crate::learner::Learner;
use crate::registry::{Algorithm, AnyLearner};
use crate::settings::Key;

pub(super) fn setup(algorithm: Algorithm, preset: Preset) -> Setup {
    let mut setup = Setup {
        algorithm,
        ..Setup::default()
    };
    setup.settings.preset = preset;
    setup
}

pub(super) fn session(algorithm: Algorithm, preset: Preset) -> Session {
    Session::new(setup(algorithm, preset)).unwrap()
}

/// A session as the page opens `preset`: its classes too
/// (`Setup::with_preset`).
pub(super) fn opened(algorithm: Algorithm, preset: Preset) -> Session {
    let setup = Setup {
        algorithm,
        ..Setup::default()
    };
    Session::new(setup.with_preset(preset)).unwrap()
}

/// An opened session with the theory layer on, `n` samples streamed.
#[cfg(feature = "theory")]
pub(super) fn watched(algorithm: Algorithm, preset: Preset, n: u64) -> Session {
    let mut s = opened(algorithm, preset);
    s.set_theory(true).unwrap();
    s.apply(Event::Stream(n)).unwrap();
    s
}

/// The same `n` samples streamed without the theory layer and with it:
/// (plain, watched).
#[cfg(feature = "theory")]
pub(super) fn plain_and_watched(
    algorithm: Algorithm,
    preset: Preset,
    n: u64,
) -> (Session, Session) {
    let mut plain = opened(algorithm, preset);
    let mut watched = plain.clone();
    watched.set_theory(true).unwrap();
    for s in [&mut plain, &mut watched] {
        s.apply(Event::Stream(n)).unwrap();
    }
    (plain, watched)
}

#[test]
fn a_click_learns_at_once_and_is_snapped_to_the_log_grid() {
    let mut s = session(Algorithm::Pa, Preset::Overlapping);
    let update = s.click(0.40004, -0.2, 1.0).unwrap();
    assert!(update.aggressive && !update.mistake || update.score >= 0.0);
    assert_eq!(&s.points()[..3], &[0.4, -0.2, 1.0]);
    let last = s.last().unwrap();
    // Hard PA, augmented: the clicked point now sits on the margin.
    let [w1, w2, b] = s.model().unwrap();
    assert!((w1 * 0.4 - w2 * 0.2 + b - 1.0).abs() < 1e-12);
    assert_eq!(last.squared_norm, 0.16 + 0.04 + 1.0);
    assert!(s.click(f64::NAN, 0.0, 1.0).is_err());
    assert!(s.click(0.0, 0.0, 0.5).is_err());
    assert!(s.click(11.0, 0.0, 1.0).is_err());
    assert_eq!(s.points().len(), 3, "refused clicks change nothing");
}

#[test]
fn a_shared_link_rebuilds_the_same_weights_points_and_curves() {
    let mut s = session(Algorithm::Pa1, Preset::NoisyLabels);
    s.apply(Event::Stream(120)).unwrap();
    s.click(0.3, 0.7, -1.0).unwrap();
    s.apply(Event::Set(Key::C, 0.02)).unwrap();
    s.apply(Event::Stream(80)).unwrap();
    s.apply(Event::Algorithm(Algorithm::Pa2)).unwrap();
    s.click(-0.9, 0.1, 1.0).unwrap();
    s.erase_nearest(0.3, 0.7, 0.05).unwrap();
    s.apply(Event::Set(Key::Noise, 0.2)).unwrap();
    s.apply(Event::Stream(300)).unwrap();
    s.apply(Event::Epochs(50)).unwrap();

    let hash = s.shared().to_hash();
    let copy = Session::from_shared(&SharedState::parse(&hash).unwrap()).unwrap();
    assert_eq!(copy.model(), s.model());
    assert_eq!(copy.points(), s.points());
    assert_eq!(copy.progress(), s.progress());
    for series in [
        Series::Samples,
        Series::Online,
        Series::RecentLoss,
        Series::Test,
    ] {
        assert_eq!(copy.curves().series(series), s.curves().series(series));
    }
    assert_eq!(copy.setup(), s.setup());
    assert_eq!(copy.shared().to_hash(), hash);
}

#[test]
fn changing_c_mid_stream_keeps_the_model_and_reset_forgets_it() {
    let mut s = session(Algorithm::Pa1, Preset::Overlapping);
    s.apply(Event::Stream(50)).unwrap();
    let model = s.model();
    s.apply(Event::Set(Key::C, 5.0)).unwrap();
    assert_eq!(s.model(), model);
    assert!(s.apply(Event::Set(Key::C, -1.0)).is_err());
    assert_eq!(s.settings().c, 5.0, "a refused value changes nothing");
    let points = s.points().to_vec();
    s.reset();
    assert_eq!(s.model(), Some([0.0, 0.0, 0.0]));
    assert!(s.curves().is_empty() && s.last().is_none());
    assert_eq!(s.progress().samples, 0);
    assert_eq!(s.points(), &points[..], "the reset keeps the points");
    assert_eq!(s.settings().c, 5.0, "the learner starts afresh with C now");
    // The next steps learn the 50 points again, then the stream goes on
    // where it was; a link replays the reset.
    s.apply(Event::Stream(30)).unwrap();
    assert_eq!(s.samples_streamed(), 50);
    s.apply(Event::Stream(30)).unwrap();
    assert_eq!(s.samples_streamed(), 60);
    let copy = Session::from_shared(&SharedState::parse(&s.shared().to_hash()).unwrap()).unwrap();
    assert_eq!(copy.model(), s.model());
    assert_eq!(copy.points(), s.points());
    assert_eq!(copy.progress().samples, 60);
    s.clear();
    assert_eq!(s.model(), Some([0.0, 0.0, 0.0]));
    assert!(s.points().is_empty() && s.curves().is_empty());
    assert_eq!(s.samples_streamed(), 0, "clear rewinds the stream");
    assert_eq!(
        s.shared().setup.settings.c,
        5.0,
        "clear starts from the current settings"
    );
}

#[test]
fn epochs_after_a_reset_learn_the_same_points_again_from_the_first() {
    let mut s = session(Algorithm::Perceptron, Preset::Separable);
    for (x, y, label) in [(0.5, 0.2, 1.0), (-0.4, -0.1, -1.0), (0.1, 0.9, 1.0)] {
        s.click(x, y, label).unwrap();
    }
    s.apply(Event::Epochs(7)).unwrap();
    let after_seven = s.model();
    s.reset();
    assert_eq!(s.points().len(), 9);
    s.apply(Event::Epochs(7)).unwrap();
    let mut fresh = session(Algorithm::Perceptron, Preset::Separable);
    for p in s.points().chunks(3) {
        fresh.click(p[0], p[1], p[2]).unwrap();
    }
    fresh.reset();
    fresh.apply(Event::Epochs(7)).unwrap();
    assert_eq!(
        s.model(),
        fresh.model(),
        "the same epochs on the same points"
    );
    assert_ne!(after_seven, Some([0.0; 3]));
}

#[test]
fn streaming_grows_the_curves_and_test_accuracy_improves() {
    let mut s = session(Algorithm::Pa1, Preset::Separable);
    s.apply(Event::Stream(2000)).unwrap();
    let test = s.curves().series(Series::Test);
    assert!(test.len() > 200, "{} curve points", test.len());
    assert!(
        test[test.len() - 1] > 0.95,
        "final test accuracy {}",
        test[test.len() - 1]
    );
    assert_eq!(s.points().len(), 3 * 2000);
    s.apply(Event::Stream(10_000)).unwrap();
    assert!(s.points().len() / 3 <= MAX_SHOWN_POINTS + MAX_SHOWN_POINTS / 4);
    assert_eq!(s.progress().samples, 12_000);
}

#[test]
fn the_weight_vector_ghost_records_the_turn() {
    let mut s = session(Algorithm::Pa, Preset::Overlapping);
    s.click(1.0, 0.0, 1.0).unwrap();
    s.click(0.0, 1.0, 1.0).unwrap();
    let (before, angle) = s.ghost().unwrap();
    let after = s.model().unwrap();
    assert_ne!(before, after);
    assert!(angle > 1.0 && angle < 180.0, "{angle}");
}

#[test]
fn pocket_in_epochs_mode_judges_on_the_points_and_shows_both_vectors() {
    let mut s = session(Algorithm::Pocket, Preset::Overlapping);
    s.apply(Event::Stream(100)).unwrap();
    s.apply(Event::Epochs(2000)).unwrap();
    let shown = s.points.dataset(s.task()).clone();
    let Some(AnyLearner::Pocket(pocket)) = s.learner() else {
        panic!()
    };
    let mistakes = pocket.pocket_mistakes();
    assert_eq!(mistakes, pocket.pocket().count_mistakes(&shown));
    assert!(s.scores_on_points());
    let accuracy = *s.curves().series(Series::Test).last().unwrap();
    let expected = 1.0 - mistakes as f64 / shown.len() as f64;
    assert!(
        (accuracy - expected).abs() < 1e-12,
        "test curve {accuracy} = accuracy on the points {expected}"
    );
    assert!(s.moving_model().is_some());
}

#[test]
fn regression_view_learns_points_as_x_and_y() {
    let mut regression = setup(Algorithm::Pa, Preset::Regression1d);
    regression.settings.epsilon = 0.0;
    let mut s = Session::new(regression).unwrap();
    s.click(0.5, 0.25, 0.0).unwrap();
    let [w, _, b] = s.model().unwrap();
    assert!(
        (0.5 * w + b - 0.25).abs() < 1e-12,
        "hard PA regression fits the point"
    );
    s.apply(Event::Stream(500)).unwrap();
    assert!(
        s.curves().series(Series::Test).last().unwrap() < &0.2,
        "test MAE"
    );
    let err = Session::new(setup(Algorithm::Perceptron, Preset::Regression1d)).unwrap_err();
    assert!(
        err.to_string()
            .contains("Perceptron cannot learn regression-1d"),
        "{err}"
    );
}

#[test]
fn the_grid_is_scored_in_one_call() {
    let mut s = session(Algorithm::Pa, Preset::Overlapping);
    s.click(0.5, 0.5, 1.0).unwrap();
    let grid = Grid::new(4, 3, (-1.0, 1.0), (-1.0, 1.0)).unwrap();
    let [w1, w2, b] = s.model().unwrap();
    let mut scores = Vec::new();
    s.score_grid(&grid, &mut scores);
    assert_eq!(scores.len(), 12);
    assert_eq!(scores[0], (w1 * grid.x(0) + w2 * grid.y(0) + b) as f32);
}

#[test]
fn invalid_events_change_nothing() {
    let mut s = session(Algorithm::Pa, Preset::Overlapping);
    s.apply(Event::Stream(10)).unwrap();
    let before = s.shared().to_hash();
    assert!(s.apply(Event::Erase(99)).is_err());
    assert!(s.apply(Event::Stream(MAX_STEP + 1)).is_err());
    assert!(
        s.apply(Event::Point {
            x: 0,
            y: 0,
            label: 0
        })
        .is_err(),
        "a classification point needs a class"
    );
    assert!(s.apply(Event::Set(Key::Bias, 7.0)).is_err());
    assert!(s.apply(Event::Set(Key::Noise, 2.0)).is_err());
    assert_eq!(s.shared().to_hash(), before);
}

#[test]
fn the_test_curve_uses_the_points_until_the_stream_is_used() {
    let mut s = session(Algorithm::Pa, Preset::Overlapping);
    s.click(0.5, 0.5, 1.0).unwrap();
    s.click(-0.5, -0.5, -1.0).unwrap();
    assert!(s.scores_on_points());
    assert_eq!(
        s.curves().series(Series::Test),
        &[1.0, 1.0],
        "both points right after each update"
    );
    s.apply(Event::Stream(10)).unwrap();
    assert!(!s.scores_on_points());
}

#[test]
fn a_setting_changes_live_replays_or_restarts_as_the_table_says() {
    let mut s = session(Algorithm::Apsm, Preset::Moons);
    s.apply(Event::Stream(60)).unwrap();
    s.click(0.2, 0.3, 1.0).unwrap();
    let samples = s.progress().samples;
    // Live: the kernel width applies from now on, the model stays.
    assert_eq!(s.set("sigma", "0.3").unwrap(), Change::Live);
    assert_eq!(s.progress().samples, samples);
    // Not live: the window replays the same samples from the start.
    assert_eq!(s.set("q", "2").unwrap(), Change::Replayed);
    assert_eq!(s.progress().samples, samples);
    assert_eq!(s.points().len() / 3, 61, "the clicked point is kept");
    let mut fresh = setup(Algorithm::Apsm, Preset::Moons);
    fresh.settings.window = 2;
    let mut again = Session::new(fresh).unwrap();
    again.apply(Event::Stream(60)).unwrap();
    again.click(0.2, 0.3, 1.0).unwrap();
    again.set("sigma", "0.3").unwrap();
    assert_eq!(
        again
            .learner()
            .unwrap()
            .support_set()
            .unwrap()
            .coefficients(),
        s.learner().unwrap().support_set().unwrap().coefficients()
    );
    // New data starts afresh.
    assert_eq!(s.set("preset", "xor").unwrap(), Change::Restarted);
    assert_eq!(s.progress().samples, 0);
    // Refused values name the range and change nothing.
    let before = s.shared().to_hash();
    assert!(s
        .set("q", "0")
        .unwrap_err()
        .to_string()
        .contains("window q"));
    assert!(s.set("sigma", "-1").is_err());
    assert!(
        s.set("task", "regression").is_err(),
        "the preset sets the task"
    );
    assert_eq!(s.shared().to_hash(), before);
}

#[test]
fn the_settings_in_force_follow_the_learner() {
    let s = session(Algorithm::Perceptron, Preset::Overlapping);
    let keys = s.settings_in_force();
    assert!(keys.contains(&Key::LearningRate) && keys.contains(&Key::Bias));
    assert!(!keys.contains(&Key::C), "no C for the perceptron");
    let s = session(Algorithm::Pa, Preset::Overlapping);
    assert!(!s.settings_in_force().contains(&Key::C), "nor for hard PA");
    assert!(
        !s.settings_in_force().contains(&Key::Epsilon),
        "no tube when classifying"
    );
    let s = session(Algorithm::Projectron, Preset::Overlapping);
    let keys = s.settings_in_force();
    assert!(keys.contains(&Key::Eta) && keys.contains(&Key::Sigma));
    assert!(!keys.contains(&Key::Budget), "Projectron takes no budget");
    assert!(!keys.contains(&Key::LearningRate));
}
