//! The Theory layer's kernel side: a kernel learner is also judged in the
//! feature space of its kernel, without changing what it does, solved in
//! slices, its bounds refused after a warm start (a setting changed
//! mid-stream); other learners have no
//! kernel side.

use crate::data::Preset;
use crate::playground::*;
use crate::registry::Algorithm;
use crate::theory::kernel::KernelReport;
use crate::theory::Reason;

use super::{plain_and_watched, watched};

/// The kernel side's report once every slice of its solve has run.
fn kernel_report(s: &mut Session) -> KernelReport {
    let part = s.theory_mut().expect("the layer is on");
    while part.work(|| true) {}
    let view = part.view().kernel.expect("a kernel learner");
    assert_eq!(view.report.as_ref().unwrap().rounds, view.rounds);
    view.report.unwrap()
}

#[test]
fn a_kernel_learner_is_judged_in_its_feature_space_without_being_changed() {
    let (plain, mut watched) = plain_and_watched(Algorithm::KernelPerceptron, Preset::Xor, 150);
    assert_eq!(plain.progress(), watched.progress());
    let r = kernel_report(&mut watched);
    assert_eq!(r.rounds, 150);
    assert!(r.space.contains("Gaussian kernel"), "{}", r.space);
    assert_eq!(r.kind, "gaussian");
    assert_eq!(r.removals, 0);
    let names: Vec<&str> = r.bounds.iter().map(|b| b.name).collect();
    assert_eq!(names, ["novikoff", "freund-schapire-theorem-2"]);
    for b in &r.bounds {
        match b.value {
            Some(value) => assert!(b.actual <= value, "{b:?}"),
            None => assert_eq!(b.reason, Some(Reason::NotSeparableInFeatureSpace)),
        }
    }
    // The linear side still judges it against lines.
    let view = watched.theory_mut().unwrap().view();
    assert_eq!(view.report.unwrap().bounds[0].name, "kernel-no-bound");
}

#[test]
fn a_change_mid_stream_refuses_the_kernel_bounds_and_linear_learners_have_no_kernel_side() {
    let mut s = watched(Algorithm::KernelPa1, Preset::Moons, 60);
    assert!(kernel_report(&mut s).bounds[0].value.is_some());
    // C changed mid-stream: the learner goes on from its support set.
    s.apply(Event::Set(crate::settings::Key::C, 0.5)).unwrap();
    s.apply(Event::Stream(40)).unwrap();
    let r = kernel_report(&mut s);
    assert_eq!(s.theory_mut().unwrap().view().warm_from, Some(60));
    assert_eq!(r.rounds, 40, "the rounds since the change");
    assert!(r
        .bounds
        .iter()
        .all(|b| b.value.is_none() && b.reason == Some(Reason::WarmStart)));
    let mut linear = watched(Algorithm::Pa1, Preset::Moons, 20);
    assert!(linear.theory_mut().unwrap().view().kernel.is_none());
}
