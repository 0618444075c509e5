//! The multiclass perceptron's updates and the Banditron on the plane: the
//! settings in force, the explanation panel's numbers, and links that
//! reopen to the same rows (the Banditron's guesses replayed from the seed).

use super::explain::{json, number, session_with, step};
use crate::data::{class_index, Preset};
use crate::features::Features;
use crate::playground::*;
use crate::registry::Algorithm;
use crate::settings::{Key, Reduction};

fn rows(s: &Session) -> Vec<(Vec<f64>, f64)> {
    s.linear_models()
        .into_iter()
        .map(|m| (m.weights, m.bias))
        .collect()
}

#[test]
fn the_reductions_settings_are_in_force_only_with_them() {
    let mut s = session_with(Algorithm::Perceptron, Preset::ThreeClasses, |_| {});
    assert!(!s.settings_in_force().contains(&Key::BanditronGamma));
    s.set("multiclass", "banditron").unwrap();
    let keys = s.settings_in_force();
    assert!(keys.contains(&Key::BanditronGamma) && !keys.contains(&Key::CrammerSingerForm));
    s.set("multiclass", "crammer-singer-uniform").unwrap();
    let keys = s.settings_in_force();
    assert!(keys.contains(&Key::CrammerSingerForm) && !keys.contains(&Key::BanditronGamma));
    // PA-I under crammer-singer has no form to choose.
    let pa = session_with(Algorithm::Pa1, Preset::ThreeClasses, |s| {
        s.multiclass = Reduction::CrammerSinger;
    });
    assert!(!pa.settings_in_force().contains(&Key::CrammerSingerForm));
    // PA-I cannot take the Banditron: refused by name, nothing changes.
    let mut pa = session_with(Algorithm::Pa1, Preset::ThreeClasses, |_| {});
    let err = pa.set("multiclass", "banditron").unwrap_err().to_string();
    assert!(
        err.contains("PA-I cannot learn 3 classes by banditron"),
        "{err}"
    );
}

#[test]
fn the_uniform_and_proportional_updates_report_each_moved_row() {
    for (reduction, proportional) in [
        (Reduction::CrammerSingerUniform, false),
        (Reduction::CrammerSingerProportional, true),
    ] {
        let mut s = session_with(Algorithm::Perceptron, Preset::ThreeClasses, |s| {
            s.multiclass = reduction;
        });
        let mut moved = 0;
        for _ in 0..200 {
            let (before, v) = step(&mut s);
            let x = [number(&v, "x"), number(&v, "y")];
            let class = class_index(number(&v, "label")).unwrap();
            let score = |k: usize| before.multiclass().unwrap().score(Features::Dense(&x), k);
            let fy = score(class);
            // E: the wrong classes scoring at least the true one (the paper's form).
            let e: Vec<usize> = (0..3).filter(|&r| r != class && score(r) >= fy).collect();
            assert_eq!(v["aggressive"].as_bool(), Some(!e.is_empty()));
            let learners = v["learners"].as_array().unwrap();
            if e.is_empty() {
                assert_eq!(number(&v, "moved"), 0.0);
                assert!(learners.is_empty());
                continue;
            }
            moved += 1;
            assert_eq!(learners[0]["class"], class);
            assert_eq!(number(&learners[0], "tau"), 1.0);
            let gaps: f64 = e.iter().map(|&r| score(r) - fy).sum();
            assert_eq!(number(&v, "gaps"), gaps);
            // The proportional update moves no row of E tied with y (τ = 0).
            let rows: Vec<usize> = if proportional && gaps > 0.0 {
                e.iter().copied().filter(|&r| score(r) > fy).collect()
            } else {
                e.clone()
            };
            assert_eq!(number(&v, "moved"), rows.len() as f64);
            assert_eq!(learners.len(), 1 + rows.len());
            for (l, &r) in learners[1..].iter().zip(&rows) {
                assert_eq!(l["class"], r);
                assert_eq!(number(l, "score"), score(r));
                let tau = if proportional && gaps > 0.0 {
                    -((score(r) - fy) / gaps)
                } else {
                    -(1.0 / e.len() as f64)
                };
                assert_eq!(number(l, "tau"), tau);
            }
        }
        assert!(moved > 10, "{reduction:?}: {moved}");
    }
}

#[test]
fn the_banditron_predicts_its_guess_and_reports_the_top_class_and_the_chance() {
    let mut s = session_with(Algorithm::Perceptron, Preset::ThreeClasses, |s| {
        s.multiclass = Reduction::Banditron;
        s.banditron_gamma = 0.3;
    });
    let (mut right, mut explored, mut top_missed) = (0, 0, 0);
    for _ in 0..300 {
        let v = {
            s.apply(Event::Stream(1)).unwrap();
            json(&s)
        };
        let class = class_index(number(&v, "label")).unwrap();
        let guess = number(&v, "guess") as usize;
        let top = number(&v, "top") as usize;
        // The prediction is the guess ỹ (Algorithm 1), a mistake when ỹ ≠ y.
        assert_eq!(class_index(number(&v, "predicted")), Some(guess));
        let told = !v["mistake"].as_bool().unwrap();
        assert_eq!(told, guess == class);
        let chance = number(&v, "chance");
        let want = if guess == top {
            0.3 / 3.0 + (1.0 - 0.3)
        } else {
            0.3 / 3.0
        };
        assert_eq!(chance, want);
        assert!(
            v["aggressive"].as_bool().unwrap(),
            "ŷ's row moves every time"
        );
        right += u32::from(told);
        explored += u32::from(guess != top);
        top_missed += u64::from(top != class);
    }
    assert!(right > 100 && explored > 30, "{right} {explored}");
    assert_eq!(s.multiclass().unwrap().top_mistakes(), Some(top_missed));
}

#[test]
fn links_reopen_the_new_reductions_to_the_same_rows() {
    for reduction in [
        "crammer-singer",
        "crammer-singer-uniform",
        "crammer-singer-proportional",
        "banditron",
    ] {
        let mut s = session_with(Algorithm::Perceptron, Preset::FourClasses, |_| {});
        s.set("multiclass", reduction).unwrap();
        if reduction == "banditron" {
            s.set("banditron-gamma", "0.2").unwrap();
        } else {
            s.set("crammer-singer-form", "libol").unwrap();
        }
        s.apply(Event::Stream(150)).unwrap();
        if reduction == "banditron" {
            // A live change mid-stream: from the next sample on.
            s.set("banditron-gamma", "0.05").unwrap();
        }
        s.apply(Event::Stream(150)).unwrap();
        let hash = s.shared().to_hash();
        assert!(hash.contains(&format!("multiclass={reduction}")), "{hash}");
        let again = Session::from_shared(&SharedState::parse(&hash).unwrap()).unwrap();
        assert_eq!(rows(&again), rows(&s), "{reduction}: {hash}");
        assert_eq!(again.progress(), s.progress(), "{reduction}");
    }
}
