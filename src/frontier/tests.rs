use super::search::{Search, Trial, MAX_TRIALS};
use super::*;
use crate::data::{Preset, Stream, StreamConfig};
use crate::eval::Progress;
use crate::learner::Learner;
use crate::registry::AnyLearner;
use crate::settings::{OlrdForm, SpaForm};

/// Runs a search against a size function of the position (each trial
/// finished unless it passes the limit), returning the search.
fn search_on(target: usize, size: impl Fn(f64) -> usize) -> Search {
    let mut search = Search::new(target);
    while let Some(s) = search.next() {
        let n = size(s);
        let finished = n <= search.limit();
        search.tried(Trial {
            s,
            value: s,
            size: if finished { n } else { search.limit() + 1 },
            finished,
        });
    }
    search
}

#[test]
fn the_search_finds_every_size_a_monotone_knob_reaches() {
    // 2,001 vectors at s = 0, one at s = 1, steep near 1 as a threshold is.
    let size = |s: f64| 1 + (2000.0 * (1.0 - s).powi(4)) as usize;
    for target in [3, 25, 50, 100, 200, 400, 1000] {
        let search = search_on(target, size);
        let best = search.best().unwrap();
        assert!(best.finished);
        assert!(
            best.size.abs_diff(target) <= search.tolerance(),
            "target {target}: reached {} in {} trials",
            best.size,
            search.trials.len()
        );
        assert_eq!(
            best.size,
            size(best.s),
            "the size reported is the one reached"
        );
        assert!(search.trials.len() <= MAX_TRIALS);
    }
}

#[test]
fn the_search_ends_at_either_end_and_reports_what_it_reached() {
    let size = |s: f64| 10 + (90.0 * (1.0 - s)) as usize; // 10 to 100
    let small = search_on(8, size);
    assert_eq!(small.trials.len(), 1, "nothing smaller than s = 1");
    assert_eq!(small.best().unwrap().size, 10);
    let large = search_on(400, size);
    assert_eq!(large.trials.len(), 2, "nothing larger than s = 0");
    assert_eq!(large.best().unwrap().size, 100);
    // The smallest set already past the limit: the search stops, and its
    // one trial (unfinished) is the answer, at the fewest vectors.
    let over = search_on(3, |_| 500);
    assert_eq!(over.trials.len(), 1);
    assert!(!over.best().unwrap().finished);
}

#[test]
fn the_chosen_trial_is_the_nearest_finished_one_not_the_last() {
    let mut search = Search::new(100);
    for (s, size) in [(1.0, 10), (0.0, 400), (0.5, 103), (0.75, 60), (0.625, 90)] {
        if search.is_done() {
            break;
        }
        assert_eq!(search.next(), Some(s));
        search.tried(Trial {
            s,
            value: s,
            size,
            finished: true,
        });
    }
    // 103 is 3 from the target (tolerance 2): the bisection went on, and
    // found nothing nearer.
    assert_eq!(search.best().unwrap().size, 103);
}

#[test]
fn every_kernel_learner_but_fogd_has_a_size_and_the_others_say_why_not() {
    let defaults = Settings::default();
    let sized = sized_learners(&defaults);
    for &a in Algorithm::ALL {
        let expected = a.is_kernel() && a != Algorithm::Fogd;
        assert_eq!(sized.contains(&a), expected, "{a}");
    }
    assert_eq!(
        sizing(Algorithm::KernelPerceptron, &defaults),
        Ok(Sizing::Cap(Key::Budget))
    );
    assert_eq!(
        sizing(Algorithm::Apsm, &defaults),
        Ok(Sizing::Cap(Key::Dictionary))
    );
    assert_eq!(
        sizing(Algorithm::Pa1, &defaults),
        Err(Unsized::NoSupportSet)
    );
    assert_eq!(
        sizing(Algorithm::Fogd, &defaults),
        Err(Unsized::NoVectors(Key::FogdD))
    );
    let authors = Settings {
        olrd_form: OlrdForm::Authors,
        spa_form: SpaForm::Authors,
        ..Settings::default()
    };
    assert_eq!(
        sizing(Algorithm::Olrd, &authors),
        Err(Unsized::NotInForce(Key::Budget))
    );
    assert_eq!(
        sizing(Algorithm::Spa, &authors),
        Err(Unsized::NotInForce(Key::SpaBeta))
    );
    for (a, key) in [
        (Algorithm::Projectron, Key::Eta),
        (Algorithm::ProjectronPlus, Key::Eta),
        (Algorithm::AldProjection, Key::Nu),
        (Algorithm::Spa, Key::SpaBeta),
        (Algorithm::Olru, Key::OlruC),
    ] {
        assert!(
            matches!(sizing(a, &defaults), Ok(Sizing::Knob(k)) if k.key == key),
            "{a}"
        );
    }
}

#[test]
fn knob_values_run_from_the_largest_set_to_the_smallest_and_read_back_exactly() {
    let defaults = Settings {
        horizon: Some(3185),
        ..Settings::default()
    };
    let knob = |a| match sizing(a, &defaults) {
        Ok(Sizing::Knob(k)) => k,
        other => panic!("{a}: {other:?}"),
    };
    let eta = knob(Algorithm::Projectron);
    assert_eq!(eta.value(0.0, &defaults, 1.0), 0.0);
    assert_eq!(eta.value(1.0, &defaults, 1.0), 0.99999999);
    // A distance: the top is √k(x, x).
    assert_eq!(eta.value(0.5, &defaults, 4.0), 1.9998);
    let nu = knob(Algorithm::AldProjection);
    assert_eq!(nu.value(0.5, &defaults, 4.0), 3.9996);
    let beta = knob(Algorithm::Spa);
    assert_eq!(beta.value(0.0, &defaults, 1.0), defaults.spa_alpha);
    assert_eq!(beta.value(1.0, &defaults, 1.0), 1e6);
    let c = knob(Algorithm::Olru);
    let p = |c: f64| (c * 3185f64.powf(-defaults.olru_a)).min(1.0);
    assert_eq!(p(c.value(0.0, &defaults, 1.0)), 1.0, "P = 1 at s = 0");
    assert!(p(c.value(1.0, &defaults, 1.0)) < 1.01e-6);
    for k in [eta, nu, beta, c] {
        let mut last = None;
        for i in 0..=100 {
            let v = k.value(i as f64 / 100.0, &defaults, 1.0);
            // Its shortest text reads back to it: `learn --eta TEXT` runs this value.
            let text = crate::number::text(v);
            assert_eq!(crate::number::parse(&text), Some(v), "{text}");
            assert!(
                text.len() <= 12,
                "{text}: three significant digits of what moves"
            );
            if let Some(last) = last {
                // η and ν rise with s (fewer join), β rises, c falls.
                let rises = k.key != Key::OlruC;
                assert!(
                    if rises { v >= last } else { v <= last },
                    "{:?} at {i}",
                    k.key
                );
            }
            last = Some(v);
        }
    }
}

#[test]
fn a_searched_projectron_reaches_its_target_on_real_learning() {
    let data = Stream::new(StreamConfig::new(Preset::Overlapping, 4))
        .unwrap()
        .take(600);
    let settings = Settings {
        sigma: 0.3,
        ..Settings::default()
    };
    let Ok(Sizing::Knob(knob)) = sizing(Algorithm::Projectron, &settings) else {
        panic!("the Projectron has a knob")
    };
    let top = largest_self_kernel(
        KernelSpec::from_settings(&settings),
        (0..3).map(|i| data.row(i)),
    );
    assert_eq!(top, 1.0);
    let run = |s: f64| {
        let value = knob.value(s, &settings, top);
        let sized = sized(&settings, knob.key, value).unwrap();
        let mut learner = AnyLearner::new(Algorithm::Projectron, &sized).unwrap();
        learner.learn_batch(&data, 0..data.len(), &mut Progress::default());
        learner.support_size()
    };
    let search = search_on(40, run);
    let best = search.best().unwrap();
    assert!(best.size.abs_diff(40) <= 2, "{:?}", search.trials);
    assert_eq!(best.size, run(best.s), "the same run reaches the same size");
}
