//! The labels asked curve: a selective learner's count at every curve
//! point, the samples seen for a learner that sees every label.

use super::session;
use crate::data::Preset;
use crate::multiclass::Multiclass;
use crate::playground::model::Model;
use crate::playground::*;
use crate::registry::Algorithm;
use crate::settings::Key;

#[test]
fn the_asked_curve_follows_the_labels_asked_and_every_label_otherwise() {
    let mut s = session(Algorithm::SelectivePerceptron, Preset::Overlapping);
    let mut at_points = Vec::new();
    for _ in 0..300 {
        s.apply(Event::Stream(1)).unwrap();
        if s.curves().len() > at_points.len() {
            at_points.push(s.learner().unwrap().labels_asked().unwrap() as f64);
        }
    }
    let asked = s.curves().series(Series::Asked).to_vec();
    assert_eq!(asked, at_points);
    let samples = s.curves().series(Series::Samples);
    assert!(asked.last() < samples.last(), "it skipped some labels");
    assert!(asked.windows(2).all(|w| w[0] <= w[1]));
    // Reset starts the count again with the curves.
    s.reset();
    s.apply(Event::Stream(5)).unwrap();
    assert!(s.curves().series(Series::Asked).iter().all(|&a| a <= 5.0));
    // A learner that asks for every label: the samples seen.
    let mut pa = session(Algorithm::Pa1, Preset::Overlapping);
    pa.apply(Event::Stream(200)).unwrap();
    let curves = pa.curves();
    assert_eq!(curves.series(Series::Asked), curves.series(Series::Samples));
    // A smaller b asks less often: its curve lies lower.
    let mut sparing = session(Algorithm::SelectivePerceptron, Preset::Overlapping);
    sparing.apply(Event::Set(Key::SelectiveB, 0.05)).unwrap();
    sparing.apply(Event::Stream(300)).unwrap();
    assert!(sparing.curves().series(Series::Asked).last() < asked.last());
}

#[test]
fn one_vs_rest_counts_a_label_asked_when_any_class_learner_asked_for_it() {
    let three = |algorithm| {
        let setup = Setup {
            algorithm,
            ..Setup::default()
        };
        Session::new(setup.with_preset(Preset::ThreeClasses)).unwrap()
    };
    let mut s = three(Algorithm::SelectivePerceptron);
    s.apply(Event::Set(Key::SelectiveB, 0.05)).unwrap();
    let mut unseen = 0;
    for t in 1..=300u64 {
        let before = s.labels_asked().unwrap();
        let classes = match &s.model {
            Model::Classes(Multiclass::OneVsRest(learners, _)) => learners.clone(),
            _ => panic!("one vs rest"),
        };
        s.apply(Event::Stream(1)).unwrap();
        let after = match &s.model {
            Model::Classes(Multiclass::OneVsRest(learners, _)) => learners.clone(),
            _ => unreachable!(),
        };
        let any = classes
            .iter()
            .zip(&after)
            .any(|(b, a)| a.labels_asked() != b.labels_asked());
        assert_eq!(
            s.labels_asked().unwrap(),
            before + u64::from(any),
            "sample {t}"
        );
        unseen += u64::from(!any);
    }
    let asked = s.labels_asked().unwrap();
    assert_eq!(asked + unseen, 300);
    assert!(unseen > 0, "b = 0.05 left some labels unasked");
    // The curve and the shown points agree with the count.
    assert_eq!(
        s.curves().series(Series::Asked).last(),
        Some(&(asked as f64))
    );
    // A learner that sees every label, one vs rest: no count.
    let pa = three(Algorithm::Pa1);
    assert_eq!(pa.labels_asked(), None);
}
