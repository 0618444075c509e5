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

fn session(algorithm: Algorithm, preset: Preset) -> Session {
    let mut setup = Setup::default().with_preset(preset);
    setup.algorithm = algorithm;
    Session::new(setup).unwrap()
}

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
    let mut plain = session(Algorithm::KernelPerceptron, Preset::Xor);
    let mut watched = plain.clone();
    watched.set_theory(true).unwrap();
    for s in [&mut plain, &mut watched] {
        s.apply(Event::Stream(150)).unwrap();
    }
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
    let mut s = session(Algorithm::KernelPa1, Preset::Moons);
    s.set_theory(true).unwrap();
    s.apply(Event::Stream(60)).unwrap();
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
    let mut linear = session(Algorithm::Pa1, Preset::Moons);
    linear.set_theory(true).unwrap();
    linear.apply(Event::Stream(20)).unwrap();
    assert!(linear.theory_mut().unwrap().view().kernel.is_none());
}
