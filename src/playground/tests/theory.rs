//! The session's Theory layer: it watches without changing what the
//! learner does, covers every round since the learner started at w = 0,
//! refuses bounds after a warm start, and finds the same line in slices.

use crate::data::Preset;
use crate::playground::theory_part::KEPT;
use crate::playground::*;
use crate::registry::Algorithm;
use crate::settings::Key;
use crate::theory::{best_line::best_line, Reason};

use super::{opened as session, plain_and_watched, watched};

/// The report over every round so far: the solves in slices finished
/// first, as the page's frames would.
fn report(s: &mut Session) -> crate::theory::Report {
    let part = s.theory_mut().expect("the layer is on");
    while part.work(|| true) {}
    part.view().report.expect("a report").clone()
}

#[test]
fn the_layer_watches_without_changing_the_learner() {
    let (plain, mut watched) = plain_and_watched(Algorithm::Perceptron, Preset::Separable, 301);
    assert_eq!(plain.model(), watched.model());
    assert_eq!(plain.progress(), watched.progress());
    let r = report(&mut watched);
    assert_eq!(r.rounds, 301);
    assert!(r.separable, "{}", r.separability);
    let novikoff = &r.bounds[0];
    // It counts updates (y·f ≤ 0, so also a +1 sample at f = 0).
    assert_eq!(novikoff.counts, "perceptron updates");
    assert!(novikoff.actual >= watched.progress().mistakes as f64);
    assert!(novikoff.actual <= novikoff.value.unwrap());
}

#[test]
fn curves_follow_the_session_schedule_with_a_bound_over_its_count() {
    let s = watched(Algorithm::Pa1, Preset::Overlapping, 500);
    let part = s.theory().unwrap();
    let curves = part.curves().unwrap();
    assert_eq!(curves.samples, s.curves().series(Series::Samples));
    assert!(!curves.bounds.is_empty());
    for bound in &curves.bounds {
        assert_eq!(bound.value.len(), curves.samples.len());
        for (value, actual) in bound.value.iter().zip(&bound.actual) {
            if let Some(value) = value {
                assert!(actual <= value, "{}: {actual} > {value}", bound.name);
            }
        }
    }
    assert_eq!(curves.hinge_regret.len(), curves.samples.len());
    // Up to 128 places the line is found at every curve point: every
    // sample to 64, every second one to 128.
    assert_eq!(curves.zero_one_regret.len(), 64 + 32);
}

#[test]
fn turned_on_mid_session_it_replays_to_what_it_would_have_seen() {
    let mut from_start = Page::open("#v=2&algo=pa2&preset=moons&theory=1", None).unwrap();
    let mut later = Page::open("#v=2&algo=pa2&preset=moons", None).unwrap();
    for page in [&mut from_start, &mut later] {
        page.session_mut().apply(Event::Stream(150)).unwrap();
        page.session_mut().click(0.2, -0.4, -1.0).unwrap();
        page.session_mut().apply(Event::Epochs(20)).unwrap();
    }
    assert!(from_start.session().theory().is_some());
    assert!(later.session().theory().is_none());
    later.set_theory(true).unwrap();
    while later.replay(37).unwrap() > 0 {}
    assert_eq!(
        report(later.session_scoring()),
        report(from_start.session_scoring())
    );
    assert_eq!(later.session().model(), from_start.session().model());
    later.set_theory(false).unwrap();
    assert!(later.session().theory().is_none());
}

#[test]
fn epochs_count_each_point_again_as_one_sample() {
    let mut s = session(Algorithm::Perceptron, Preset::Separable);
    s.set_theory(true).unwrap();
    for (x, y, label) in [(0.5, 0.5, 1.0), (-0.5, -0.4, -1.0), (0.6, -0.1, 1.0)] {
        s.click(x, y, label).unwrap();
    }
    s.apply(Event::Epochs(30)).unwrap();
    let r = report(&mut s);
    assert_eq!((r.samples, r.rounds), (3, 33));
}

#[test]
fn a_switch_mid_stream_refuses_the_bounds_until_reset() {
    let mut s = watched(Algorithm::Pa, Preset::NoisyLabels, 100);
    assert!(report(&mut s)
        .bounds
        .iter()
        .all(|b| b.reason != Some(Reason::WarmStart)));
    s.apply(Event::Algorithm(Algorithm::Pa1)).unwrap();
    s.apply(Event::Stream(100)).unwrap();
    let r = report(&mut s);
    assert_eq!(r.rounds, 100, "the rounds since the switch");
    assert!(!r.bounds.is_empty());
    assert!(r
        .bounds
        .iter()
        .all(|b| b.value.is_none() && b.reason == Some(Reason::WarmStart)));
    assert_eq!(s.theory_mut().unwrap().view().warm_from, Some(100));
    s.apply(Event::Set(Key::C, 0.5)).unwrap();
    s.apply(Event::Stream(10)).unwrap();
    assert_eq!(s.theory_mut().unwrap().view().warm_from, Some(200));
    s.reset();
    s.apply(Event::Stream(50)).unwrap();
    let r = report(&mut s);
    assert_eq!(r.rounds, 50);
    assert!(r.bounds.iter().any(|b| b.value.is_some()));
    assert_eq!(s.theory_mut().unwrap().view().warm_from, None);
}

#[test]
fn what_it_does_not_cover_is_said_not_computed() {
    let cases = [
        (Algorithm::Pa1, Preset::ThreeClasses, "two classes"),
        (Algorithm::Pa1, Preset::Regression1d, "regression"),
    ];
    for (algorithm, preset, said) in cases {
        let mut s = watched(algorithm, preset, 20);
        let view = s.theory_mut().unwrap().view();
        let why = view.why_not.expect("not covered");
        assert!(why.contains(said), "{algorithm:?}: {why}");
        assert!(view.report.is_none());
    }
    // Every learner on two classes is covered: a kernel learner gets the
    // comparators and the regret, and why it has no bound.
    let mut s = watched(Algorithm::KernelPerceptron, Preset::Moons, 40);
    let r = report(&mut s);
    assert_eq!(r.rounds, 40);
    assert_eq!(r.bounds.len(), 1);
    assert_eq!(r.bounds[0].name, "kernel-no-bound");
    assert!(r.regret.hinge.is_finite());
}

#[test]
fn compare_searches_once_a_panel_takes_anothers_line_of_the_same_rounds() {
    let [mut a, mut b, mut other] = [
        session(Algorithm::Perceptron, Preset::Xor),
        session(Algorithm::Pa1, Preset::Xor),
        session(Algorithm::Pa1, Preset::Moons),
    ];
    for s in [&mut a, &mut b, &mut other] {
        s.set_theory(true).unwrap();
        s.apply(Event::Stream(300)).unwrap();
    }
    let key = a
        .theory()
        .unwrap()
        .search_key()
        .expect("a search past 128 places");
    assert_eq!(
        b.theory().unwrap().search_key(),
        Some(key),
        "the same rounds"
    );
    assert_ne!(
        other.theory().unwrap().search_key(),
        Some(key),
        "other samples"
    );
    // Slice by slice until the search begun past 128 places ends (the
    // comparators' solve takes slices too; its end begins one of all the rounds).
    while a.theory().unwrap().found().map(|f| f.0) != Some(key.0) {
        let mut first = true;
        a.theory_mut()
            .unwrap()
            .work(move || std::mem::replace(&mut first, false));
    }
    let (rounds, digest, line) = a.theory().unwrap().found().unwrap();
    assert_eq!((rounds, digest), key);
    // The other samples' panel refuses it; the same samples' takes it.
    assert!(!other.theory_mut().unwrap().adopt(rounds, digest, line));
    assert!(b.theory_mut().unwrap().adopt(rounds, digest, line));
    // Then the search of all 300 rounds, done once for both.
    while a.theory_mut().unwrap().work(|| true) {}
    let (rounds, digest, line) = a.theory().unwrap().found().unwrap();
    assert_eq!(rounds, 300);
    assert_eq!(b.theory().unwrap().search_key(), Some((rounds, digest)));
    assert!(b.theory_mut().unwrap().adopt(rounds, digest, line));
    assert_eq!(b.theory().unwrap().search_key(), None);
    let (ra, rb) = (report(&mut a), report(&mut b));
    assert_eq!(ra.zero_one_best, rb.zero_one_best);
    assert!(rb.regret.zero_one.is_some());
    let regret = |s: &Session| s.theory().unwrap().curves().unwrap().zero_one_regret.len();
    assert_eq!(regret(&b), regret(&a));
}

#[test]
fn the_line_searched_in_slices_is_the_line_of_its_rounds() {
    let mut s = watched(Algorithm::Perceptron, Preset::Xor, 200);
    let part = s.theory_mut().unwrap();
    let search = part.view().search.expect("a search past 128 places");
    // Begun at the first curve point past 128 places (every 4th sample
    // there); the next begins as it ends, over the rounds then.
    assert_eq!(search[2], 132);
    let mut slices = 0;
    let mut calls = 0;
    while part.work(|| {
        calls += 1;
        calls % 10 != 0
    }) {
        slices += 1;
    }
    assert!(slices > 5, "{slices} slices");
    let curves = part.curves().unwrap();
    let &[at, regret] = curves.zero_one_regret.last().unwrap();
    assert_eq!(at, 200.0);
    // The same line, found in one call over the same samples.
    let r = report(&mut s);
    let best = r.zero_one_best.clone().unwrap();
    assert_eq!(best.at_rounds, 200);
    assert_eq!(regret, s.progress().mistakes as f64 - best.mistakes as f64);
    assert_eq!(r.regret.zero_one, Some(regret as i64));
    let mut samples = crate::theory::samples::Samples::new(true);
    for p in s.points().chunks(3) {
        let i = samples
            .push(crate::features::Features::Dense(&p[..2]), p[2])
            .unwrap();
        samples.count(i);
    }
    assert_eq!(best_line(&samples).unwrap().mistakes, best.mistakes);
}

#[test]
fn the_panel_reads_the_last_finished_solve_and_never_solves_itself() {
    let mut s = watched(Algorithm::Pa1, Preset::Overlapping, 3_000);
    // Sample 3,001 is no curve point (every 64th is, from 2,048): no solve
    // began with it, and the panel's look does not solve either.
    s.click(0.3, -0.2, 1.0).unwrap();
    let part = s.theory_mut().unwrap();
    let view = part.view();
    assert_eq!(view.rounds, 3_001);
    assert!(view.report.unwrap().rounds <= 3_000);
    // Frames' spare time (here: all of it) brings it up to every round.
    assert_eq!(report(&mut s).rounds, 3_001);
}

#[test]
fn the_layer_keeps_at_most_its_samples_and_goes_on_past_them() {
    let mut s = watched(Algorithm::Pa1, Preset::Overlapping, 4 * KEPT as u64);
    // Past the samples kept the report is the frozen comparators' now (no
    // solve to wait for), and the line over the samples kept is searched
    // on (4,000 sweeps of frames: not waited for here).
    let view = s.theory_mut().unwrap().view();
    let search = view.search.expect("a search");
    assert!(search[2] > 4_000 && search[2] <= KEPT as u64, "{search:?}");
    assert!(!view.solving);
    let r = view.report.unwrap().clone();
    assert_eq!(r.rounds, 4 * KEPT as u64);
    assert!(r.samples <= KEPT, "{} samples held", r.samples);
    let part = s.theory().unwrap();
    assert_eq!(part.kept(), 0, "past the samples kept, only sums are");
    let kept = r.kept.expect("the report says what it kept");
    assert_eq!(kept.samples, KEPT);
    assert!(kept.solved_rounds <= KEPT as u64);
    // The curves go on at every curve point past the samples kept, with
    // the bound over its count (before, a solve that spans curve points
    // draws at the first of them only).
    let curves = part.curves().unwrap();
    let schedule = s.curves().series(Series::Samples);
    assert!(curves.samples.iter().all(|x| schedule.contains(x)));
    let past: Vec<f64> = schedule
        .iter()
        .copied()
        .filter(|&x| x > KEPT as f64)
        .collect();
    assert!(
        curves.samples.ends_with(&past),
        "{:?}",
        &curves.samples[curves.samples.len() - 5..]
    );
    let bound = &curves.bounds[0];
    let (value, actual) = (
        bound.value.last().unwrap().unwrap(),
        *bound.actual.last().unwrap(),
    );
    assert!(actual > 0.0 && actual <= value);
    assert_eq!(r.bounds[0].actual, s.progress().mistakes as f64);
    // A timeline checkpoint (a copy of the session) holds no samples either.
    assert_eq!(s.clone().theory().unwrap().kept(), 0);
}
