//! The budgeted kernel learners of issue 23 explain their updates with the
//! numbers their rules decided with (the Forgetron's φ, Q and M, the
//! Stoptron's full set, BOGD's rescaling, FOGD's step, NOGD's map,
//! BPA-S's replacement),
//! checked here against the support set before and after the step.

use super::explain::{branches, close, number, session_with, step};
use crate::data::Preset;
use crate::learner::Learner;
use crate::registry::Algorithm;

#[test]
fn the_forgetron_reports_the_phi_that_scaled_its_coefficients() {
    let mut s = session_with(Algorithm::Forgetron, Preset::Xor, |s| s.budget = Some(5));
    let (mut shrunk, mut within) = (0, 0);
    for _ in 0..400 {
        let (before, v) = step(&mut s);
        if !v["aggressive"].as_bool().unwrap() {
            assert!(number(&v, "margin") > 0.0);
            continue;
        }
        let stepped = number(&v, "margin") + number(&v, "sq");
        assert!(close(number(&v, "stepped"), stepped, 1e-12));
        if branches(&v) == [1] {
            within += 1;
            continue;
        }
        assert_eq!(branches(&v), [2]);
        assert_eq!(number(&v, "removed"), 1.0);
        let phi = number(&v, "phi");
        assert!(phi > 0.0 && phi <= 1.0, "φ = {phi}");
        assert!(number(&v, "q") <= 15.0 / 32.0 * number(&v, "mistakes") + 1e-9);
        let old = before
            .learner()
            .unwrap()
            .support_set()
            .unwrap()
            .coefficients()
            .to_vec();
        let new = s
            .learner()
            .unwrap()
            .support_set()
            .unwrap()
            .coefficients()
            .to_vec();
        // The oldest went; the others were scaled by φ; x joined with φ·y.
        for (a, b) in new.iter().zip(&old[1..]) {
            assert!(close(*a, phi * b, 1e-12), "{a} vs {phi}·{b}");
        }
        assert!(close(new[4], phi * number(&v, "label"), 1e-12));
        shrunk += (phi < 1.0) as u32;
    }
    assert!(shrunk > 0 && within > 0, "{shrunk} shrunk, {within} within");
}

#[test]
fn the_stoptron_says_it_has_stopped() {
    let mut s = session_with(Algorithm::Stoptron, Preset::Xor, |s| s.budget = Some(5));
    let (mut joined, mut stopped) = (0, 0);
    for _ in 0..300 {
        let (before, v) = step(&mut s);
        let size = before.learner().unwrap().support_size();
        match branches(&v)[..] {
            [1] => {
                assert!(size < 5 && number(&v, "margin") <= 0.0);
                assert!(close(
                    number(&v, "reached"),
                    number(&v, "margin") + number(&v, "sq"),
                    1e-12
                ));
                joined += 1;
            }
            [2] => {
                assert_eq!((size, number(&v, "b")), (5, 5.0));
                assert!(number(&v, "margin") <= 0.0 && !v["aggressive"].as_bool().unwrap());
                stopped += 1;
            }
            _ => assert!(number(&v, "margin") > 0.0),
        }
    }
    assert_eq!(joined, 5);
    assert!(stopped > 0);
}

#[test]
fn bogd_reports_the_rescaling_of_what_it_kept() {
    let mut s = session_with(Algorithm::Bogd, Preset::Xor, |s| {
        s.budget = Some(5);
        s.bogd_gamma = 1.5;
        s.learning_rate = 0.5;
    });
    let (mut resampled, mut capped) = (0, 0);
    for _ in 0..300 {
        let (before, v) = step(&mut s);
        let (eta, lambda) = (0.5, s.settings().bogd_lambda);
        let old = before.learner().unwrap().support_set().unwrap();
        let new = s.learner().unwrap().support_set().unwrap();
        match branches(&v)[..] {
            [1] => assert!(close(number(&v, "decay"), 1.0 - lambda * eta, 1e-15)),
            [2] => {
                let (scale, cap) = (number(&v, "scale"), number(&v, "cap"));
                assert!(close(scale, (1.0 - lambda * eta) * 5.0 / 4.0, 1e-15));
                assert!(close(cap, 0.75, 1e-15));
                // One old vector went; each other kept its sign, rescaled and capped.
                let kept: Vec<usize> = (0..5)
                    .filter(|&i| new.ids()[..4].contains(&old.ids()[i]))
                    .collect();
                assert_eq!(kept.len(), 4);
                for (j, &i) in kept.iter().enumerate() {
                    let a = old.coefficients()[i];
                    let want = a.signum() * (a.abs() * scale).min(cap);
                    assert!(close(new.coefficients()[j], want, 1e-15));
                    capped += (a.abs() * scale > cap) as u32;
                }
                assert_eq!(new.coefficients()[4], eta * number(&v, "label"));
                resampled += 1;
            }
            [3] => assert!(number(&v, "margin") >= 1.0),
            _ => panic!("{v}"),
        }
    }
    assert!(
        resampled > 10 && capped > 0,
        "{resampled} resampled, {capped} capped"
    );
}

#[test]
fn fogd_steps_by_eta_along_unit_features() {
    let mut s = session_with(Algorithm::Fogd, Preset::Xor, |s| s.learning_rate = 0.5);
    let mut stepped = 0;
    for _ in 0..200 {
        let (_, v) = step(&mut s);
        assert!(branches(&v).is_empty());
        assert_eq!(number(&v, "size"), 0.0, "no support vectors");
        if v["aggressive"].as_bool().unwrap() {
            // ‖z(x)‖² = 1: the step moves the margin by η exactly.
            assert!(number(&v, "margin") < 1.0 && number(&v, "tau") == 0.5);
            assert!(close(
                number(&v, "reached"),
                number(&v, "margin") + 0.5,
                1e-12
            ));
            stepped += 1;
        } else {
            assert!(number(&v, "margin") >= 1.0);
        }
    }
    assert!(stepped > 10);
}

#[test]
fn nogd_says_when_it_builds_its_map_and_steps_through_it() {
    let mut s = session_with(Algorithm::Nogd, Preset::Xor, |s| s.budget = Some(5));
    let (mut joined, mut filled, mut mapped) = (0, 0, 0);
    for _ in 0..300 {
        let (before, v) = step(&mut s);
        let old = before
            .learner()
            .unwrap()
            .support_set()
            .unwrap()
            .ids()
            .to_vec();
        let new = s.learner().unwrap().support_set().unwrap().ids().to_vec();
        match branches(&v)[..] {
            [1] => {
                assert_eq!((number(&v, "rank"), new.len()), (0.0, old.len() + 1));
                joined += 1;
            }
            [2] => {
                // k = ⌊0.2·5 + 1/2⌋ = 1 eigenpair.
                assert_eq!((number(&v, "rank"), new.len()), (1.0, 5));
                filled += 1;
            }
            [3] => {
                assert_eq!(new, old, "the map's B vectors stay");
                assert!(!v["added"].as_bool().unwrap() && number(&v, "tau") == 1.0);
                assert!(number(&v, "reached") > number(&v, "margin"));
                mapped += 1;
            }
            _ => assert!(number(&v, "margin") >= 1.0),
        }
    }
    assert_eq!((joined, filled), (4, 1));
    assert!(mapped > 10);
}

#[test]
fn bpa_s_names_the_vector_it_replaced_and_the_coefficient_x_took() {
    let mut s = session_with(Algorithm::BpaS, Preset::Xor, |s| {
        s.budget = Some(5);
        s.c = 1.0;
    });
    let mut replaced = 0;
    for _ in 0..300 {
        let (before, v) = step(&mut s);
        if branches(&v) != [2] {
            continue;
        }
        let old = before.learner().unwrap().support_set().unwrap();
        let new = s.learner().unwrap().support_set().unwrap();
        let gone = old.ids().iter().find(|id| !new.ids().contains(id)).unwrap();
        assert_eq!(number(&v, "joined"), *gone as f64 + 1.0, "counted from 1");
        assert_eq!(new.coefficients()[4], number(&v, "entering"));
        let tau = number(&v, "tau");
        assert_eq!(tau, 1.0f64.min(number(&v, "loss") / number(&v, "sq")));
        assert!(close(
            number(&v, "stepped"),
            number(&v, "margin") + tau * number(&v, "sq"),
            1e-12
        ));
        replaced += 1;
    }
    assert!(replaced > 10);
}
