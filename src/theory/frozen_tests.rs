//! Past the samples kept: every number of the report is what the whole
//! sequence gives at the fixed comparators (checked against every sample
//! stored, by brute force), and no bound is ever below what the learner
//! did, over the covered learners, presets and seeds. And a solve in
//! slices gives the very report of one call.

use crate::data::Preset;
use crate::learner::Learner;
use crate::registry::{Algorithm, AnyLearner};
use crate::settings::Settings;
use crate::theory::samples::{hinge, Samples, Vector};
use crate::theory::{Comparator, Frozen, Report, Theory, ZeroOne};
use crate::{Stream, StreamConfig};

/// `total` samples of `preset` learned by `algorithm`, the theory keeping
/// the first `kept`; with every sample stored (`all`) and the learner's
/// hinge loss, to check against.
struct Run {
    frozen: Frozen,
    all: Samples,
    learner_hinge: f64,
}

fn run(algorithm: Algorithm, preset: Preset, seed: u64, kept: usize, total: usize) -> Run {
    let data = Stream::new(StreamConfig::new(preset, seed))
        .unwrap()
        .take(total);
    let settings = Settings::page();
    let mut learner = AnyLearner::new(algorithm, &settings).unwrap();
    let mut theory = Theory::new(algorithm, &settings).unwrap();
    let mut all = Samples::new(true);
    let mut frozen = None;
    let mut learner_hinge = 0.0;
    for i in 0..data.len() {
        let (x, y) = (data.row(i), data.label(i));
        let update = learner.learn_one(x, y);
        learner_hinge += update.loss;
        let k = all.push(x, y).unwrap();
        all.count(k);
        if i == kept {
            frozen = Some(theory.freeze());
        }
        match &mut frozen {
            Some(frozen) => frozen.learned(x, y, &update).unwrap(),
            None => {
                theory.learned(x, y, &update).unwrap();
            }
        }
    }
    Run {
        frozen: frozen.expect("more samples than kept"),
        all,
        learner_hinge,
    }
}

/// A reported u (bias last) as a comparator.
fn vector(u: &[f64]) -> Vector {
    let (w, b) = u.split_at(u.len() - 1);
    Vector {
        w: w.to_vec(),
        b: b[0],
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

/// Freund & Schapire's ((R + D)/γ)² at u's direction and γ, over `all`.
fn freund_schapire(all: &Samples, u: &Vector, gamma: f64) -> f64 {
    let norm = u.squared_norm().sqrt();
    let d2: f64 = all
        .seen()
        .map(|i| (gamma - all.margin(i, u) / norm).max(0.0).powi(2))
        .sum();
    ((all.radius() + d2.sqrt()) / gamma).powi(2)
}

#[test]
fn past_the_samples_kept_every_number_is_exact_at_the_fixed_comparators() {
    let cases = [
        (Algorithm::Pa1, Preset::Overlapping),
        (Algorithm::Perceptron, Preset::Separable),
        (Algorithm::Perceptron, Preset::NoisyLabels),
        (Algorithm::Pa2, Preset::Moons),
        (Algorithm::Pa, Preset::Separable),
    ];
    for (algorithm, preset) in cases {
        let Run {
            frozen,
            all,
            learner_hinge,
            ..
        } = run(algorithm, preset, 7, 1_000, 3_000);
        let r: Report = frozen.report();
        let what = format!("{algorithm:?} on {preset:?}");
        assert_eq!(r.rounds, 3_000, "{what}");
        let kept = r.kept.expect("past the samples kept");
        assert_eq!((kept.samples, kept.solved_rounds), (1_000, 1_000), "{what}");
        assert!(close(r.radius, all.radius()), "{what}: R");
        let u = vector(&r.hinge_best.u);
        let hinge_total = all.total_loss(&u, hinge);
        // C is the learner's, or 1 for those without one.
        let c = r.hinge_best.c;
        let objective = 0.5 * u.squared_norm() + c * hinge_total;
        assert!(
            close(r.hinge_best.value, objective),
            "{what}: {} vs {objective}",
            r.hinge_best.value
        );
        assert!(
            close(r.regret.hinge, learner_hinge - hinge_total),
            "{what}: regret"
        );
        // u*: its least margin over every round is the γ reported, or it
        // no longer separates and the bounds that need one say so.
        if let Some(u_star) = r.hard_margin_u.as_deref().map(vector) {
            let least = all
                .seen()
                .map(|i| all.margin(i, &u_star))
                .fold(f64::INFINITY, f64::min);
            assert!(least > 0.0, "{what}: reported separable");
            let gamma = least / u_star.squared_norm().sqrt();
            assert!(close(r.margin.unwrap(), gamma), "{what}: γ");
        }
        for bound in &r.bounds {
            let Some(value) = bound.value else { continue };
            assert!(
                bound.actual <= value,
                "{what}: {} {} > {value}",
                bound.name,
                bound.actual
            );
            let expected = match bound.name {
                "novikoff" => (all.radius() / r.margin.unwrap()).powi(2),
                "freund-schapire-theorem-2" => {
                    let at = match bound.at.unwrap() {
                        Comparator::HardMargin => r.hard_margin_u.as_deref().unwrap(),
                        _ => &r.hinge_best.u,
                    };
                    freund_schapire(&all, &vector(at), bound.gamma.unwrap())
                }
                "pa-i-theorem-4" => all.radius().powi(2).max(1.0 / c) * 2.0 * objective,
                _ => continue,
            };
            assert!(
                close(value, expected),
                "{what}: {} {value} vs {expected}",
                bound.name
            );
        }
    }
}

#[test]
fn past_the_samples_kept_no_bound_is_below_what_the_learner_did() {
    let learners = [
        Algorithm::Perceptron,
        Algorithm::AveragedPerceptron,
        Algorithm::Pocket,
        Algorithm::Pa,
        Algorithm::Pa1,
        Algorithm::Pa2,
    ];
    let presets = [
        Preset::Separable,
        Preset::Overlapping,
        Preset::NoisyLabels,
        Preset::Moons,
    ];
    let mut checked = 0;
    for algorithm in learners {
        for preset in presets {
            for seed in 1..4 {
                let r = run(algorithm, preset, seed, 300, 1_500).frozen.report();
                for bound in &r.bounds {
                    if let Some(value) = bound.value {
                        assert!(
                            bound.actual <= value,
                            "{algorithm:?} {preset:?} seed {seed}: {} {} > {value}",
                            bound.name,
                            bound.actual
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    // 87: the bounds that apply (PA's need a separator or unit norms).
    assert!(checked >= 80, "{checked} bounds checked");
}

#[test]
fn a_solve_in_slices_gives_the_report_of_one_call_and_the_rounds_wait() {
    let data = Stream::new(StreamConfig::new(Preset::Overlapping, 3))
        .unwrap()
        .take(1_600);
    let settings = Settings::page();
    let mut learner = AnyLearner::new(Algorithm::Pa2, &settings).unwrap();
    let updates: Vec<_> = (0..data.len())
        .map(|i| learner.learn_one(data.row(i), data.label(i)))
        .collect();
    let theory_of = |n: usize| {
        let mut t = Theory::new(Algorithm::Pa2, &settings).unwrap();
        for (i, update) in updates.iter().enumerate().take(n) {
            t.learned(data.row(i), data.label(i), update).unwrap();
        }
        t
    };
    let one_call = theory_of(1_000).report(ZeroOne::Last);
    let mut sliced = theory_of(1_000);
    let (mut slices, mut next) = (0, 1_000);
    let report = loop {
        slices += 1;
        if let Some(report) = sliced.solve_some(&mut 500) {
            break report;
        }
        // A round recorded while the solve runs waits for it.
        sliced
            .learned(data.row(next), data.label(next), &updates[next])
            .unwrap();
        next += 1;
        assert_eq!(sliced.rounds().0, 1_000);
        assert_eq!(sliced.recorded(), next as u64);
    };
    assert!(slices > 10, "{slices} slices");
    assert_eq!(report, one_call);
    // The rounds that waited joined when it ended.
    assert_eq!(sliced.rounds().0, next as u64);
    assert!(!sliced.solving());
    assert_eq!(sliced.report(ZeroOne::Last).rounds, next as u64);
}
