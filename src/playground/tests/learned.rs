//! The learned samples Copy as Python writes into its script: fed in
//! order to a fresh learner they give the session's weights bit for bit
//! (through clicks, an erasure, epochs that skip the erased point, the
//! stream and a Reset), and a change of the learner's settings mid-stream
//! is reported rather than hidden.

use super::session;
use crate::data::Preset;
use crate::features::Features;
use crate::learner::Learner;
use crate::playground::*;
use crate::registry::{Algorithm, AnyLearner};
use crate::settings::Key;

/// A fresh learner with the session's setup, taught `learned`'s rows.
fn relearned(s: &Session, learned: &Learned) -> crate::learner::LinearModel {
    let mut learner = AnyLearner::new(s.algorithm(), &s.setup().learner_settings()).unwrap();
    for row in learned.rows.chunks(learned.width + 1) {
        let (x, y) = row.split_at(learned.width);
        learner.learn_one(Features::Dense(x), y[0]);
    }
    learner.linear_model().unwrap()
}

#[test]
fn the_learned_samples_relearn_the_sessions_weights() {
    let mut s = session(Algorithm::AveragedPerceptron, Preset::Overlapping);
    s.click(1.0, 2.0, 1.0).unwrap();
    s.click(-1.5, 0.5, -1.0).unwrap();
    s.apply(Event::Stream(40)).unwrap();
    s.click(0.25, -3.0, 1.0).unwrap();
    assert!(s.erase_nearest(1.0, 2.0, 0.1).unwrap());
    s.apply(Event::Epochs(90)).unwrap();
    let learned = s.learned().unwrap();
    assert_eq!(
        (learned.width, learned.task, learned.classes),
        (2, "classification", 2)
    );
    assert_eq!(learned.rows.len(), 133 * 3);
    assert_eq!(
        &learned.rows[..3],
        &[1.0, 2.0, 1.0],
        "the first click comes first"
    );
    assert_eq!(learned.changed_after, 0);
    assert_eq!(s.linear_models()[0], relearned(&s, &learned));
    // The erased point was learned once and is not cycled over: the
    // shown points alone would give other weights.
    let epochs = &learned.rows[43 * 3..];
    assert!(!epochs.chunks(3).any(|r| r == [1.0, 2.0, 1.0]));

    // After a Reset, only what the new start learned.
    s.reset();
    s.apply(Event::Stream(7)).unwrap();
    let learned = s.learned().unwrap();
    assert_eq!(learned.rows.len(), 7 * 3);
    assert_eq!(s.linear_models()[0], relearned(&s, &learned));
}

#[test]
fn regression_rows_are_x_then_the_target_and_a_live_change_is_reported() {
    let mut s = session(Algorithm::Pa2, Preset::Regression1d);
    s.apply(Event::Set(Key::C, 0.5)).unwrap(); // before any sample: not a change mid-stream
    s.apply(Event::Stream(25)).unwrap();
    let learned = s.learned().unwrap();
    assert_eq!(
        (learned.width, learned.task, learned.changed_after),
        (1, "regression", 0)
    );
    assert!(learned.settings.contains(&("c", "0.5".to_string())));
    assert_eq!(s.linear_models()[0], relearned(&s, &learned));
    s.apply(Event::Set(Key::C, 2.0)).unwrap();
    s.apply(Event::Stream(5)).unwrap();
    assert_eq!(s.learned().unwrap().changed_after, 25);
    // A page-only setting (label noise) changes the stream, not the learner.
    let mut s = session(Algorithm::Pa1, Preset::Overlapping);
    s.apply(Event::Stream(10)).unwrap();
    s.apply(Event::Set(Key::Noise, 0.2)).unwrap();
    s.apply(Event::Stream(10)).unwrap();
    assert_eq!(s.learned().unwrap().changed_after, 0);
}
