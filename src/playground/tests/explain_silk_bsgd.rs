//! SILK and BSGD explain their updates with the numbers their rules
//! decided with (SILK's shrink and the coefficient it dropped, BSGD's
//! maintenance and its weight degradation), checked against the support
//! set before and after the step.

use super::explain::{branches, close, number, session_with, step};
use crate::data::Preset;
use crate::learner::Learner;
use crate::registry::Algorithm;
use crate::settings::BsgdMaintenance;

#[test]
fn silk_names_its_shrink_and_the_smallest_coefficient_it_dropped() {
    let mut s = session_with(Algorithm::Silk, Preset::Xor, |s| {
        s.budget = Some(5);
        s.c = 1.0;
        s.silk_lambda = 0.1;
    });
    let (mut joined, mut truncated) = (0, 0);
    for _ in 0..300 {
        let (before, v) = step(&mut s);
        let decay = 1.0 - 0.1 / 1.1;
        assert_eq!(number(&v, "decay"), decay);
        let (margin, tau, sq) = (number(&v, "margin"), number(&v, "tau"), number(&v, "sq"));
        let step = (decay * 1.0).min((1.0 - decay * margin) / sq).max(0.0);
        assert_eq!(
            tau, step,
            "|α| = max(0, min((1 − τ)C, (1 − (1 − τ)m)/k(x,x)))"
        );
        match branches(&v)[..] {
            [1] => joined += 1,
            [2] => {
                let old = before.learner().unwrap().support_set().unwrap();
                let new = s.learner().unwrap().support_set().unwrap();
                assert_eq!(new.len(), 5);
                let smallest = number(&v, "smallest");
                assert!(new.coefficients().iter().all(|a| a.abs() >= smallest));
                // The vector that went joined at sample `joined` (from 1):
                // one of the old set, or x itself.
                let id = number(&v, "joined") as u64 - 1;
                assert!(!new.ids().contains(&id));
                assert!(old.ids().contains(&id) || old.ids().iter().all(|&i| i < id));
                assert!(close(
                    number(&v, "stepped"),
                    decay * margin + tau * sq,
                    1e-12
                ));
                truncated += 1;
            }
            [3] => assert!(decay * margin >= 1.0 && tau == 0.0),
            ref other => panic!("branches {other:?}"),
        }
    }
    assert!(joined >= 5 && truncated > 10, "{joined} {truncated}");
}

#[test]
fn bsgd_names_its_maintenance_and_the_weight_it_lost() {
    for maintenance in [
        BsgdMaintenance::Removal,
        BsgdMaintenance::Projection,
        BsgdMaintenance::Merging,
    ] {
        let mut s = session_with(Algorithm::Bsgd, Preset::Xor, |s| {
            s.budget = Some(5);
            s.bsgd_lambda = 0.01;
            s.bsgd_maintenance = maintenance;
        });
        let clause = 2 + maintenance as u64;
        let mut maintained = 0;
        for t in 1..=300 {
            let (_, v) = step(&mut s);
            assert_eq!(number(&v, "eta"), 1.0 / (0.01 * t as f64));
            match branches(&v)[..] {
                [1] | [5] | [6] => {}
                [b] if b == clause => {
                    assert_eq!(s.learner().unwrap().support_size(), 5);
                    assert!(number(&v, "degradation") >= -1e-9);
                    assert!(number(&v, "joined") >= 1.0);
                    if maintenance == BsgdMaintenance::Merging {
                        let h = number(&v, "h");
                        assert!(h.is_finite());
                    }
                    maintained += 1;
                }
                ref other => panic!("{maintenance:?}: branches {other:?}"),
            }
        }
        assert!(maintained > 10, "{maintenance:?}: {maintained}");
    }
}
