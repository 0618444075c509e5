//! The explanation panel's numbers, as the page receives them (a serialised
//! [`LastSample`]): each learner's texts name only numbers its update
//! reported, and what they report is what its rule computed before the
//! step. The kernel learners' own checks are in tests/explain_kernel.rs.

use serde_json::Value;

use crate::data::rng::{normal, seeded};
use crate::data::{Dataset, Preset};
use crate::features::Features;
use crate::learner::{hinge_loss, Learner, Task};
use crate::linear::PaVariant;
use crate::playground::last_sample::fields;
use crate::playground::*;
use crate::registry::{Algorithm, AnyLearner};
use crate::settings::{Reduction, Settings};

pub(super) fn session_with(
    algorithm: Algorithm,
    preset: Preset,
    tweak: impl FnOnce(&mut Settings),
) -> Session {
    let mut setup = Setup {
        algorithm,
        ..Setup::default()
    }
    .with_preset(preset);
    tweak(&mut setup.settings);
    Session::new(setup).unwrap()
}

/// The last sample as the page reads it.
pub(super) fn json(s: &Session) -> Value {
    serde_json::to_value(s.last().expect("a sample was learned")).unwrap()
}

pub(super) fn number(v: &Value, name: &str) -> f64 {
    v[name]
        .as_f64()
        .unwrap_or_else(|| panic!("no number {name} in {v}"))
}

/// The branches the update took (indices into its entry's, plus one).
pub(super) fn branches(v: &Value) -> Vec<u64> {
    ["branch1", "branch2", "branch3"]
        .iter()
        .map(|field| number(v, field) as u64)
        .filter(|&b| b > 0)
        .collect()
}

/// Streams one sample; returns the session as it was before it, and the
/// sample as the page reads it.
pub(super) fn step(s: &mut Session) -> (Session, Value) {
    let before = s.clone();
    s.apply(Event::Stream(1)).unwrap();
    (before, json(s))
}

pub(super) fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance * (1.0 + a.abs().max(b.abs()))
}

/// The `{name}` slots of a template.
fn slots(template: &str) -> Vec<&str> {
    template
        .split('{')
        .skip(1)
        .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
        .collect()
}

#[test]
fn every_verdict_names_only_numbers_its_update_reported() {
    for &algorithm in Algorithm::ALL {
        let info = algorithm.info();
        let always: Vec<&str> = fields().collect();
        let mut s = session_with(algorithm, Preset::Xor, |s| s.budget = Some(6));
        let settings = serde_json::to_value(s.settings()).unwrap();
        let resolves = |v: &Value, name: &str| v[name].is_number() || settings[name].is_number();
        let mut reported: Vec<&str> = Vec::new();
        let mut told = vec![false; info.branches.len()];
        for _ in 0..400 {
            s.apply(Event::Stream(1)).unwrap();
            let v = json(&s);
            let own = s.last().unwrap().update.details.names;
            let keys: Vec<&str> = v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
            assert_eq!(
                keys.len(),
                always.len() + own.len(),
                "{algorithm}: {keys:?}"
            );
            assert!(always.iter().chain(own).all(|k| keys.contains(k)));
            for name in own {
                assert!(!always.contains(name), "{algorithm}: {name} hides a field");
                if !reported.contains(name) {
                    reported.push(name);
                }
            }
            for b in branches(&v) {
                let text = info.branches.get(b as usize - 1).unwrap_or_else(|| {
                    panic!("{algorithm}: branch {b} of {}", info.branches.len())
                });
                told[b as usize - 1] = true;
                for name in slots(text) {
                    assert!(resolves(&v, name), "{algorithm}: {{{name}}} in {text:?}");
                }
            }
            for name in slots(info.passive) {
                assert!(resolves(&v, name), "{algorithm}: {{{name}}} when passive");
            }
        }
        // A slot of the formulas no update ever fills is a typo.
        for name in slots(info.filled) {
            let known = always.contains(&name) || reported.contains(&name);
            assert!(
                known || settings[name].is_number(),
                "{algorithm}: {{{name}}}"
            );
        }
        if matches!(algorithm, Algorithm::Pocket | Algorithm::Projectron) {
            assert!(
                told.iter().filter(|&&t| t).count() >= 3,
                "{algorithm}: {told:?}"
            );
        }
    }
}

#[test]
fn one_vs_rest_shows_each_class_learners_own_loss_and_step() {
    let mut s = session_with(Algorithm::Pa1, Preset::ThreeClasses, |s| s.c = 0.5);
    let (mut others, mut mixed) = (0, 0);
    for _ in 0..300 {
        let (before, v) = step(&mut s);
        let x = [number(&v, "x"), number(&v, "y")];
        let class = crate::data::class_index(number(&v, "label")).unwrap();
        let learners = v["learners"].as_array().unwrap();
        let sq = x[0] * x[0] + x[1] * x[1] + 1.0;
        let mut any = false;
        for l in learners {
            let k = l["class"].as_u64().unwrap() as usize;
            let y = if k == class { 1.0 } else { -1.0 };
            let f = before.multiclass().unwrap().score(Features::Dense(&x), k);
            let loss = hinge_loss(y, f);
            assert_eq!(number(l, "score"), f);
            assert_eq!((number(l, "margin"), number(l, "loss")), (y * f, loss));
            // The class learner's own PA-I step, from its own loss.
            let tau = if loss > 0.0 {
                PaVariant::Pa1.tau(0.5, loss, sq)
            } else {
                0.0
            };
            assert!(close(number(l, "tau"), tau, 1e-12), "{l} vs τ {tau}");
            assert_eq!(l["aggressive"].as_bool(), Some(tau > 0.0));
            assert!(close(number(l, "reached"), y * number(l, "after"), 1e-15));
            any |= tau > 0.0;
            others += (k != class && tau > 0.0) as u32;
        }
        // The true class's learner, and every one that stepped.
        assert_eq!(
            learners[..].iter().filter(|l| l["class"] == class).count(),
            1
        );
        for k in 0..3 {
            let y = if k == class { 1.0 } else { -1.0 };
            let f = before.multiclass().unwrap().score(Features::Dense(&x), k);
            let shown = learners.iter().any(|l| l["class"] == k);
            assert!(
                shown || hinge_loss(y, f) == 0.0,
                "class {k} stepped unshown"
            );
        }
        assert_eq!(v["aggressive"].as_bool(), Some(any));
        // The teacher's case: no multiclass loss, yet a class learner stepped.
        mixed += (number(&v, "loss") == 0.0 && any) as u32;
    }
    assert!(others > 0 && mixed > 0, "{others} {mixed}");
}

#[test]
fn crammer_singer_fills_its_step_from_loss_and_norm() {
    let mut s = session_with(Algorithm::Pa1, Preset::ThreeClasses, |s| {
        s.multiclass = Reduction::CrammerSinger;
        s.c = 0.2;
    });
    let mut capped = 0;
    for _ in 0..200 {
        s.apply(Event::Stream(1)).unwrap();
        let v = json(&s);
        let (x, y) = (number(&v, "x"), number(&v, "y"));
        let sq = number(&v, "sq");
        assert_eq!(sq, x * x + y * y + 1.0, "‖x‖² with the augmented bias");
        let loss = number(&v, "loss");
        let tau = if loss > 0.0 {
            PaVariant::Pa1.tau(0.2, loss, 2.0 * sq)
        } else {
            0.0
        };
        assert_eq!(number(&v, "tau"), tau);
        capped += (tau == 0.2) as u32;
    }
    assert!(capped > 0);
}

#[test]
fn the_pocket_reports_the_perceptron_underneath_and_why_it_kept_or_swapped() {
    const STEPPED: u64 = 1;
    const SWAPPED: u64 = 6;
    let mut s = session_with(Algorithm::Pocket, Preset::Overlapping, |_| {});
    let mut seen = [0u32; 9];
    for _ in 0..600 {
        let (before, v) = step(&mut s);
        let x = [number(&v, "x"), number(&v, "y")];
        let (y, told) = (number(&v, "label"), branches(&v));
        let (Some(AnyLearner::Pocket(was)), Some(AnyLearner::Pocket(now))) =
            (before.learner(), s.learner())
        else {
            panic!("a pocket")
        };
        let raw = was.current().score(Features::Dense(&x));
        assert_eq!(number(&v, "perceptron"), raw);
        // What is judged is the pocket's prediction.
        assert_eq!(number(&v, "score"), was.score(Features::Dense(&x)));
        let stepped = y * raw <= 0.0;
        assert_eq!(v["aggressive"].as_bool(), Some(stepped));
        assert_eq!(told[0], if stepped { STEPPED } else { STEPPED + 1 });
        for &b in &told {
            seen[b as usize] += 1;
        }
        if told[1] == SWAPPED {
            assert!(number(&v, "errs") <= number(&v, "pocket"));
            assert_eq!(now.pocket(), now.current());
        } else {
            assert_eq!(now.pocket(), was.pocket(), "kept: {told:?}");
            assert_eq!(number(&v, "reached"), number(&v, "margin"));
        }
        match told[1] {
            4 => assert!(number(&v, "run") <= number(&v, "record")),
            7 => assert!(number(&v, "errs") > number(&v, "pocket")),
            _ => {}
        }
    }
    for b in [1, 2, 3, 4, 6] {
        assert!(seen[b] > 0, "branch {b} never taken: {seen:?}");
    }
}

#[test]
fn regression_on_a_wide_file_reports_the_target_as_the_label() {
    let mut rng = seeded(5);
    let (mut values, mut targets) = (Vec::new(), Vec::new());
    for _ in 0..50 {
        let x: Vec<f64> = (0..3).map(|_| normal(&mut rng)).collect();
        targets.push(2.0 + x[0] - 0.5 * x[2]);
        values.extend(x);
    }
    let data = Dataset::from_dense(values, 3, targets.clone()).unwrap();
    let mut s = session_with(Algorithm::Pa1, Preset::Regression1d, |_| {});
    s.load_file(FileSource::new("wide.csv", data, Task::Regression).unwrap())
        .unwrap();
    assert!(!s.on_plane());
    for i in 0..20 {
        s.apply(Event::Stream(1)).unwrap();
        let v = json(&s);
        let target = targets[i % targets.len()];
        assert_eq!(number(&v, "label"), target, "sample {i}");
        assert_eq!(number(&v, "margin"), target - number(&v, "score"));
        assert_eq!(number(&v, "reached"), target - number(&v, "after"));
    }
}
