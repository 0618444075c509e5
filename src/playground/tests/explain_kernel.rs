//! The kernel learners' explanations: each one's numbers are the ones its
//! rule decided with (recomputed here from the support set before the
//! step), and the branch it reports is the one those numbers pick.

use serde_json::Value;

use super::explain::{branches, close, number, session_with, step};
use crate::data::Preset;
use crate::features::Features;
use crate::kernel::Kernel;
use crate::learner::Learner;
use crate::playground::*;
use crate::registry::Algorithm;
use crate::settings::{Settings, SpaForm};

/// The sample's point on the plane.
fn point(v: &Value) -> [f64; 2] {
    [number(v, "x"), number(v, "y")]
}

/// k . K^-1 k for x against the support set `before` held, by plain
/// Gaussian elimination (not the learners' incremental inverse).
fn projected_norm(before: &Session, x: [f64; 2]) -> f64 {
    let learner = before.learner().unwrap();
    let (set, kernel) = (learner.support_set().unwrap(), learner.kernel().unwrap());
    let n = set.len();
    let x = Features::Dense(&x);
    let k: Vec<f64> = (0..n).map(|i| kernel.eval(set.vector(i).0, x)).collect();
    // [K | k], reduced with partial pivoting.
    let mut a: Vec<Vec<f64>> = (0..n)
        .map(|i| {
            let mut row: Vec<f64> = (0..n)
                .map(|j| kernel.eval(set.vector(i).0, set.vector(j).0))
                .collect();
            row.push(k[i]);
            row
        })
        .collect();
    for c in 0..n {
        let p = (c..n)
            .max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))
            .unwrap();
        a.swap(c, p);
        let pivot = a[c].clone();
        for (r, row) in a.iter_mut().enumerate() {
            if r != c {
                let f = row[c] / pivot[c];
                for (cell, p) in row[c..].iter_mut().zip(&pivot[c..]) {
                    *cell -= f * p;
                }
            }
        }
    }
    (0..n).map(|i| k[i] * a[i][n] / a[i][i]).sum()
}

fn kernel_session(algorithm: Algorithm, tweak: impl FnOnce(&mut Settings)) -> Session {
    session_with(algorithm, Preset::Xor, tweak)
}

#[test]
fn the_projectron_reports_the_distance_that_chose_projection_or_growth() {
    let mut s = kernel_session(Algorithm::Projectron, |s| s.eta = 0.6);
    let (mut projected, mut added) = (0, 0);
    for _ in 0..300 {
        let (before, v) = step(&mut s);
        if branches(&v).first() == Some(&1) || !v["aggressive"].as_bool().unwrap() {
            continue; // the first sample, or predicted right: no projection
        }
        let inside = projected_norm(&before, point(&v));
        let (delta, px, sq) = (number(&v, "delta"), number(&v, "px"), number(&v, "sq"));
        assert!(close(px, inside, 1e-6), "‖Px‖² {px} vs {inside}");
        assert!(
            close(delta * delta, (sq - inside).max(0.0), 1e-6),
            "δ {delta}"
        );
        let grew = v["added"].as_bool().unwrap();
        assert_eq!(branches(&v), [if grew { 3 } else { 2 }]);
        assert_eq!(grew, delta > 0.6, "δ = {delta} against η");
        let gain = if grew { sq } else { px };
        assert!(close(
            number(&v, "reached"),
            number(&v, "margin") + gain,
            1e-9
        ));
        projected += !grew as u32;
        added += grew as u32;
    }
    assert!(
        projected > 5 && added > 5,
        "{projected} projected, {added} added"
    );
}

#[test]
fn projectron_plus_fills_its_margin_error_step() {
    let mut s = kernel_session(Algorithm::ProjectronPlus, |s| s.eta = 0.6);
    let (mut stepped, mut declined) = (0, 0);
    for _ in 0..400 {
        let (_, v) = step(&mut s);
        let told = branches(&v);
        if !matches!(told[..], [5] | [6]) {
            continue;
        }
        let (loss, px, penalty) = (number(&v, "loss"), number(&v, "px"), number(&v, "penalty"));
        assert!(number(&v, "margin") > 0.0 && loss > 0.0);
        assert!(close(penalty, number(&v, "delta") / 0.6, 1e-12));
        if told[0] == 5 {
            let tau = (loss / px).min(2.0 * (loss - penalty) / px).min(1.0);
            assert_eq!(number(&v, "tau"), tau);
            let reached = number(&v, "margin") + tau * px;
            assert!(close(number(&v, "reached"), reached, 1e-9));
            stepped += 1;
        } else {
            assert!(loss - penalty <= 0.0 && !v["aggressive"].as_bool().unwrap());
            declined += 1;
        }
    }
    assert!(
        stepped > 0 && declined > 0,
        "{stepped} stepped, {declined} declined"
    );
}

#[test]
fn kernel_pa_says_where_the_budget_left_the_margin() {
    let mut s = kernel_session(Algorithm::KernelPa1, |s| {
        s.budget = Some(5);
        s.c = 10.0;
    });
    let mut moved = 0;
    for _ in 0..300 {
        let (_, v) = step(&mut s);
        if !v["aggressive"].as_bool().unwrap() {
            continue;
        }
        let (tau, sq) = (number(&v, "tau"), number(&v, "sq"));
        let stepped = number(&v, "stepped");
        assert!(close(stepped, number(&v, "margin") + tau * sq, 1e-12));
        assert!(close(stepped, 1.0, 1e-9), "an uncapped step lands on 1");
        let reached = number(&v, "reached");
        assert_eq!(reached, number(&v, "label") * number(&v, "after"));
        if number(&v, "removed") > 0.0 {
            moved += ((reached - stepped).abs() > 1e-6) as u32;
        } else {
            assert!(close(reached, stepped, 1e-9));
        }
    }
    assert!(moved > 0, "a removal moved the margin off 1");
}

#[test]
fn spa_olru_and_olrd_report_their_probability_and_coefficient() {
    let mut spa = kernel_session(Algorithm::Spa, |s| {
        s.spa_form = SpaForm::Paper;
        s.spa_alpha = 0.5;
        s.spa_beta = 2.0;
    });
    let mut told = [0; 5];
    for _ in 0..300 {
        let (_, v) = step(&mut spa);
        let Some(&b) = branches(&v).first() else {
            continue;
        };
        told[b as usize] += 1;
        let ell = (1.0 - number(&v, "margin")).max(0.0);
        assert_eq!(number(&v, "ell"), ell);
        let p = number(&v, "p");
        assert_eq!(p, 0.5f64.min(ell) / 2.0);
        assert_eq!(b == 1, v["added"].as_bool().unwrap(), "joined iff drawn");
        if b == 1 {
            let c = spa.settings().c;
            assert_eq!(number(&v, "tau"), (c / p).min(ell / number(&v, "sq")));
        }
    }
    assert!(told[1] > 0 && told[2] > 0, "{told:?}");

    let mut olru = kernel_session(Algorithm::Olru, |s| s.horizon = Some(400));
    let mut joined = 0;
    for _ in 0..300 {
        let (_, v) = step(&mut olru);
        let s = olru.settings();
        assert_eq!(number(&v, "horizon"), 400.0);
        let p = (s.olru_c * libm::pow(400.0, -s.olru_a)).min(1.0);
        assert_eq!(number(&v, "p"), p);
        if branches(&v) == [1] {
            assert_eq!(number(&v, "tau"), s.learning_rate * number(&v, "ell"));
            joined += 1;
        }
    }
    assert!(joined > 0);

    let mut olrd = kernel_session(Algorithm::Olrd, |s| s.budget = Some(4));
    let mut discarded = 0;
    for _ in 0..300 {
        let (_, v) = step(&mut olrd);
        if !v["aggressive"].as_bool().unwrap() {
            continue;
        }
        let tau = number(&v, "tau");
        assert_eq!(tau, olrd.settings().learning_rate * number(&v, "ell"));
        let stepped = number(&v, "margin") + tau * number(&v, "sq");
        assert!(close(number(&v, "stepped"), stepped, 1e-12));
        assert_eq!(number(&v, "b"), 4.0);
        let removed = number(&v, "removed") > 0.0;
        assert_eq!(branches(&v), [if removed { 2 } else { 1 }]);
        discarded += removed as u32;
    }
    assert!(discarded > 0);
}

#[test]
fn apsm_and_ald_fill_their_step_and_ald_its_distance() {
    let mut apsm = kernel_session(Algorithm::Apsm, |s| s.dictionary = 40);
    let mut dropped = 0;
    for _ in 0..200 {
        let (_, v) = step(&mut apsm);
        let told = branches(&v);
        let lambda = apsm.settings().lambda;
        if told[0] == 1 {
            let mu = lambda * number(&v, "num") / number(&v, "den");
            assert!(close(number(&v, "tau"), mu, 1e-15));
            assert!(number(&v, "late") >= 1.0);
        } else {
            assert_eq!(
                (told[0], number(&v, "late"), number(&v, "tau")),
                (2, 0.0, 0.0)
            );
        }
        assert!(number(&v, "late") <= apsm.settings().window as f64);
        let removed = number(&v, "removed") > 0.0;
        assert_eq!(told.last() == Some(&4), removed);
        dropped += removed as u32;
    }
    assert!(dropped > 0);

    let mut ald = kernel_session(Algorithm::AldProjection, |s| s.nu = 0.3);
    let (mut joined, mut projected) = (0, 0);
    for i in 0..200 {
        let (before, v) = step(&mut ald);
        let told = branches(&v);
        let delta = number(&v, "delta");
        let sq = number(&v, "sq");
        if i > 0 {
            let inside = projected_norm(&before, point(&v));
            assert!(close(delta, (sq - inside).max(0.0), 1e-6), "δ {delta}");
            assert_eq!(told[0], if delta > 0.3 { 2 } else { 3 }, "δ against ν");
            joined += (told[0] == 2) as u32;
            projected += (told[0] == 3) as u32;
        }
        assert_eq!(v["added"].as_bool().unwrap(), told[0] <= 2);
        if told[1] == 5 {
            let mu = ald.settings().lambda * number(&v, "num") / number(&v, "den");
            assert!(close(number(&v, "tau"), mu, 1e-15));
        }
    }
    assert!(
        joined > 0 && projected > 0,
        "{joined} joined, {projected} projected"
    );
}

#[test]
fn the_kernel_perceptron_reports_its_step_before_a_random_removal() {
    let mut s = kernel_session(Algorithm::KernelPerceptron, |s| s.budget = Some(4));
    for _ in 0..200 {
        let (_, v) = step(&mut s);
        if v["aggressive"].as_bool().unwrap() {
            let stepped = number(&v, "margin") + number(&v, "sq");
            assert!(close(number(&v, "stepped"), stepped, 1e-12));
        }
    }
    assert!(s.learner().unwrap().support_size() <= 4);
}
