//! What Reset does and what follows it: the points shown are learned
//! again, in the order they were added, before the stream goes on (a
//! link of the page before replays its old Reset as it was); the seed
//! learns the session again and keeps the points; a file's later passes
//! do not show its rows again; a reduction the learner now takes can be
//! chosen after a switch; a switch that carries nothing starts the counts
//! afresh.

use crate::data::{Dataset, Preset};
use crate::learner::Task;
use crate::playground::*;
use crate::registry::Algorithm;
use crate::settings::Choice;

use super::{session, setup};

const CLICKS: [(f64, f64, f64); 6] = [
    (0.5, 0.2, 1.0),
    (-0.4, -0.1, -1.0),
    (0.1, 0.9, 1.0),
    (-0.7, 0.3, -1.0),
    (0.3, -0.6, 1.0),
    (-0.2, -0.8, -1.0),
];

fn clicked(algorithm: Algorithm, preset: Preset) -> Session {
    let mut s = session(algorithm, preset);
    for (x, y, label) in CLICKS {
        s.click(x, y, label).unwrap();
    }
    s
}

#[test]
fn after_a_reset_steps_learn_the_points_shown_again_in_order_then_the_stream() {
    let mut s = clicked(Algorithm::Pa1, Preset::Xor);
    let first_run = s.model();
    s.reset();
    assert_eq!(s.left_to_relearn(), 6);
    s.apply(Event::Stream(6)).unwrap();
    assert_eq!(s.progress().samples, 6, "six steps: six learned");
    assert_eq!(s.points().len(), 6 * 3, "and still six shown");
    assert_eq!(s.samples_streamed(), 0, "nothing drawn from the stream yet");
    assert_eq!(s.left_to_relearn(), 0);
    assert_eq!(
        s.model(),
        first_run,
        "the same points in the same order: the same weights"
    );
    s.apply(Event::Stream(2)).unwrap();
    assert_eq!(s.points().len(), 8 * 3, "then the stream goes on");
    assert_eq!(s.samples_streamed(), 2);

    // A step that crosses the end of the queue goes on into the stream.
    let mut t = clicked(Algorithm::Pa1, Preset::Xor);
    t.reset();
    t.apply(Event::Stream(8)).unwrap();
    assert_eq!(t.model(), s.model());
    assert_eq!(t.points(), s.points());

    // The link replays the same rule.
    let copy = Session::from_shared(&SharedState::parse(&s.shared().to_hash()).unwrap()).unwrap();
    assert_eq!(copy.model(), s.model());
    assert_eq!(copy.points(), s.points());
    assert_eq!(copy.progress(), s.progress());
}

#[test]
fn an_erased_point_is_not_learned_again_and_a_new_click_once() {
    let mut s = clicked(Algorithm::Perceptron, Preset::Separable);
    s.reset();
    s.apply(Event::Stream(2)).unwrap(); // points 0 and 1 learned again
    s.apply(Event::Erase(3)).unwrap(); // (-0.7, 0.3): never learned again
    s.click(0.9, 0.9, 1.0).unwrap(); // learned now, not queued
    s.apply(Event::Stream(3)).unwrap(); // points 2, 4, 5
    assert_eq!(s.progress().samples, 6);
    assert_eq!(s.samples_streamed(), 0);
    let mut fresh = session(Algorithm::Perceptron, Preset::Separable);
    for (i, &(x, y, label)) in CLICKS.iter().enumerate() {
        if i == 2 {
            fresh.click(0.9, 0.9, 1.0).unwrap();
        }
        if i != 3 {
            fresh.click(x, y, label).unwrap();
        }
    }
    assert_eq!(s.model(), fresh.model(), "learned in that order");
}

#[test]
fn epochs_after_a_reset_take_the_queue_with_them() {
    let mut s = clicked(Algorithm::Perceptron, Preset::Separable);
    s.reset();
    s.apply(Event::Epochs(4)).unwrap();
    assert_eq!(s.left_to_relearn(), 2, "epochs went over the first four");
    s.apply(Event::Stream(2)).unwrap();
    assert_eq!(s.samples_streamed(), 0, "the last two, then the stream");
    assert_eq!(s.progress().samples, 6);
}

#[test]
fn a_reset_in_a_link_of_the_page_before_replays_as_its_author_saw_it() {
    // Tag 13: the Reset of links made before the points were learned again.
    let mut log = EventLog::default();
    log.push(Event::Stream(5));
    log.push(Event::LegacyReset);
    log.push(Event::Stream(3));
    let encoded = log.encode();
    let decoded = EventLog::decode(&encoded).unwrap();
    assert_eq!(decoded.events()[1], Event::LegacyReset);
    let state = SharedState::parse(&format!("v=3&algo=pa1&preset=overlapping&log={encoded}"));
    let old = Session::from_shared(&state.unwrap()).unwrap();
    assert_eq!(old.samples_streamed(), 8, "the stream went on at once");
    assert_eq!(old.points().len(), 8 * 3);
    assert_eq!(old.progress().samples, 3);
    // Today's Reset has a tag of its own, and learns the five again.
    let mut new = EventLog::default();
    new.push(Event::Stream(5));
    new.push(Event::Reset);
    new.push(Event::Stream(3));
    assert_ne!(new.encode(), encoded);
    let state = SharedState::parse(&format!("algo=pa1&preset=overlapping&log={}", new.encode()));
    let today = Session::from_shared(&state.unwrap()).unwrap();
    assert_eq!(today.samples_streamed(), 5);
    assert_eq!(today.points().len(), 5 * 3);
}

#[test]
#[cfg(feature = "relatives")]
fn a_new_seed_learns_the_session_again_and_keeps_the_points_placed() {
    let mut s = clicked(Algorithm::BatchPocket, Preset::Separable);
    let points = s.points().to_vec();
    let change = s.set("seed", "7").unwrap();
    assert_eq!(change, Change::Replayed);
    assert_eq!(s.points(), &points[..], "the points stay");
    assert_eq!(s.progress().samples, 6, "learned again");
    assert_eq!(s.settings().seed, 7);
    // The same as a session that started with seed 7 and the same clicks.
    let mut seven = setup(Algorithm::BatchPocket, Preset::Separable);
    seven.settings.seed = 7;
    let mut fresh = Session::new(seven).unwrap();
    for (x, y, label) in CLICKS {
        fresh.click(x, y, label).unwrap();
    }
    assert_eq!(s.model(), fresh.model());
    // Another preset is new data: the plane starts empty.
    assert_eq!(s.set("preset", "xor").unwrap(), Change::Restarted);
    assert!(s.points().is_empty());
}

#[test]
fn a_files_later_passes_learn_its_rows_without_showing_them_again() {
    let rows = 90;
    let values: Vec<f64> = (0..rows).flat_map(|i| [i as f64 / 100.0, 0.5]).collect();
    let labels: Vec<f64> = (0..rows)
        .map(|i| if i % 2 == 0 { 1.0 } else { -1.0 })
        .collect();
    let data = Dataset::from_dense(values, 2, labels).unwrap();
    let mut s = session(Algorithm::Pa1, Preset::Overlapping);
    s.load_file(FileSource::new("ninety.csv", data, Task::Classification).unwrap())
        .unwrap();
    s.apply(Event::Stream(420)).unwrap();
    assert_eq!(s.progress().samples, 420);
    assert_eq!(s.points().len(), rows * 3, "each row shown once");
}

#[test]
#[cfg(feature = "relatives")]
fn a_reduction_the_learner_now_takes_is_chosen_after_a_switch() {
    // PA-I first (the Banditron does not take it), then the perceptron.
    let three = |algorithm| {
        let mut setup = setup(algorithm, Preset::ThreeClasses);
        setup.settings.classes = 3;
        Session::new(setup).unwrap()
    };
    let mut s = three(Algorithm::Pa1);
    s.apply(Event::Stream(30)).unwrap();
    s.apply(Event::Algorithm(Algorithm::Perceptron)).unwrap();
    s.apply(Event::Stream(10)).unwrap();
    for reduction in [
        "banditron",
        "crammer-singer-uniform",
        "crammer-singer-proportional",
    ] {
        let mut t = s.clone();
        assert_eq!(t.set("multiclass", reduction).unwrap(), Change::Replayed);
        assert_eq!(t.algorithm(), Algorithm::Perceptron);
        assert_eq!(t.settings().multiclass.name(), reduction);
        assert_eq!(t.progress().samples, 40, "the samples learned again");
        assert_eq!(t.points(), s.points(), "on the same points");
    }
    // A reduction the learner now does not take is still refused, naming it.
    let mut pa = three(Algorithm::Perceptron);
    pa.apply(Event::Algorithm(Algorithm::Pa1)).unwrap();
    let refused = pa.set("multiclass", "banditron").unwrap_err().to_string();
    assert!(refused.contains("PA-I cannot learn 3 classes"), "{refused}");
}

#[test]
#[cfg(feature = "kernel")]
fn a_switch_that_carries_nothing_starts_the_counts_afresh() {
    let mut s = session(Algorithm::Pa1, Preset::Xor);
    s.apply(Event::Stream(12)).unwrap();
    s.apply(Event::Algorithm(Algorithm::KernelPerceptron))
        .unwrap();
    assert_eq!(s.progress().samples, 0, "the kernel learner starts afresh");
    assert!(s.curves().is_empty());
    assert_eq!(s.points().len(), 12 * 3, "the points stay");
    s.apply(Event::Stream(5)).unwrap();
    s.apply(Event::Algorithm(Algorithm::Pa1)).unwrap();
    assert_eq!(s.model(), Some([0.0, 0.0, 0.0]));
    assert_eq!(
        (s.progress().samples, s.progress().mistakes),
        (0, 0),
        "a zero model with zero counts, not the old ones"
    );
    // Between linear learners the weights carry over, and the counts too.
    let mut t = session(Algorithm::Pa1, Preset::Xor);
    t.apply(Event::Stream(12)).unwrap();
    t.apply(Event::Algorithm(Algorithm::Perceptron)).unwrap();
    assert_eq!(t.progress().samples, 12);
}
