//! The perceptron's relatives in the playground's session: each one's
//! explanation names only numbers its update reported and tells each of
//! its clauses on a noisy stream; a link replays each (with a mid-stream
//! change of a live setting) to the bit; their settings refuse a bad value
//! naming its range; and the limits their papers state hold (PAUM with no
//! margins is the perceptron, the shifting perceptron's λ → 0 too).
//! Their numbers are checked against the papers in
//! tests/relatives_reference.rs, their shared properties in
//! tests/conformance.rs.

mod explained;

use explained::{assert_refused_settings, explain_stream, replay_after_change, Replayed};
use onlinelearn::data::{Preset, Stream, StreamConfig};
use onlinelearn::eval::Progress;
use onlinelearn::playground::{Event, Session, Setup, SharedState};
use onlinelearn::{Algorithm, AnyLearner, BiasMode, Learner, Settings};

/// Each learner and a live setting to change mid-stream, in its range.
const LEARNERS: [(&str, (&str, &str)); 6] = [
    ("ballseptron", ("ballseptron-r", "0.5")),
    ("paum", ("paum-tau-minus", "3")),
    ("shifting-perceptron", ("shifting-lambda", "0.2")),
    ("pegasos", ("pegasos-lambda", "0.1")),
    ("winnow", ("winnow-alpha", "3")),
    ("selective-perceptron", ("selective-b", "0.3")),
];

#[test]
fn each_explains_with_numbers_its_update_reported_and_tells_every_clause() {
    for (name, _) in LEARNERS {
        let algorithm: Algorithm = name.parse().unwrap();
        let info = algorithm.info();
        for bias in ["augmented", "none"] {
            let mut setup = Setup {
                algorithm,
                ..Setup::default()
            }
            .with_preset(Preset::NoisyLabels);
            setup.settings.set("bias", bias).unwrap();
            // A radius the noisy stream's samples fall within.
            setup.settings.set("ballseptron-r", "0.5").unwrap();
            let mut s = Session::new(setup).unwrap();
            let what = format!("{name} {bias}");
            let seen = explain_stream(&mut s, info, 400, &what);
            let filled = &seen.unfilled;
            assert!(filled.is_empty(), "{name} {bias}: {filled:?} never filled");
            let mut told = vec![false; info.branches.len()];
            for b in seen.clauses {
                told[b] = true;
            }
            // Every clause but the other bias mode's (PAUM's two updates),
            // and PAUM's authors' form, told only under --paum-form authors
            // (tests/cli_relatives.rs runs it).
            let untold: Vec<&str> = (0..told.len())
                .filter(|&i| !told[i])
                .map(|i| info.branches[i])
                .filter(|c| {
                    let other = if bias == "none" { "b by" } else { "(no bias)" };
                    !(name == "paum" && (c.contains(other) || c.contains("the authors' form")))
                })
                .collect();
            assert!(untold.is_empty(), "{name} {bias}: never told {untold:?}");
        }
    }
}

#[test]
fn a_link_replays_each_learner_and_its_live_change_to_the_bit() {
    for (name, (key, value)) in LEARNERS {
        let link = format!("algo={name}&preset=overlapping&seed=5");
        let Replayed {
            session: s,
            replayed,
            hash,
            before,
        } = replay_after_change(&link, key, value);
        assert_ne!(s.linear_models(), before, "{name} learned after the change");
        let asked = |s: &Session| s.learner().unwrap().labels_asked();
        assert_eq!(asked(&replayed), asked(&s), "{hash}");
    }
}

#[test]
fn their_settings_refuse_a_bad_value_naming_its_range() {
    let bad = [
        (
            "ballseptron-r",
            "0",
            "Ballseptron r must be positive and finite, got 0",
        ),
        (
            "paum-tau-plus",
            "-1",
            "PAUM τ₊₁ must be non-negative and finite, got -1",
        ),
        (
            "paum-tau-minus",
            "inf",
            "PAUM τ₋₁ must be non-negative and finite, got inf",
        ),
        (
            "shifting-lambda",
            "-0.5",
            "shifting λ must be positive and finite, got -0.5",
        ),
        (
            "pegasos-lambda",
            "0",
            "Pegasos λ must be positive and finite, got 0",
        ),
        (
            "winnow-alpha",
            "1",
            "Winnow α must be greater than 1 and finite, got 1",
        ),
        ("winnow-theta", "inf", "Winnow θ must be finite, got inf"),
        (
            "selective-b",
            "-2",
            "selective b must be positive and finite, got -2",
        ),
    ];
    assert_refused_settings(&bad);
    let err = SharedState::parse("algo=pegasos&pegasos-lambda=0").unwrap_err();
    assert!(err.to_string().contains("positive and finite"), "{err}");
    // A decoupled bias is refused by each, saying what its bias is.
    let decoupled = Settings {
        bias: BiasMode::Decoupled,
        ..Settings::default()
    };
    for (name, words) in [
        ("ballseptron", "counts in ‖w‖"),
        ("paum", "η y R²"),
        ("shifting-perceptron", "shrunk with w"),
        ("pegasos", "regularised and projected with w"),
        ("winnow", "constant attribute 1 with its own w⁺₀ and w⁻₀"),
        ("selective-perceptron", "a weight on a constant 1"),
    ] {
        let err = AnyLearner::new(name.parse().unwrap(), &decoupled).unwrap_err();
        let err = err.to_string();
        assert!(
            err.contains("--bias decoupled") && err.contains(words),
            "{err}"
        );
    }
}

/// Learns a noisy stream's first `n` samples.
fn learn(algorithm: Algorithm, settings: &Settings, n: usize) -> (AnyLearner, Progress) {
    let data = Stream::new(StreamConfig::new(Preset::NoisyLabels, 7))
        .unwrap()
        .take(n);
    let mut learner = AnyLearner::new(algorithm, settings).unwrap();
    let mut progress = Progress::default();
    learner.learn_batch(&data, 0..data.len(), &mut progress);
    (learner, progress)
}

#[test]
fn paum_without_margins_and_the_shifting_perceptron_near_lambda_zero_are_the_perceptron() {
    let none = Settings {
        bias: BiasMode::None,
        learning_rate: 0.7,
        ..Settings::default()
    };
    let (perceptron, p) = learn(Algorithm::Perceptron, &none, 500);
    let paum = Settings {
        paum_tau_plus: 0.0,
        paum_tau_minus: 0.0,
        ..none.clone()
    };
    let (paum, q) = learn(Algorithm::Paum, &paum, 500);
    assert_eq!(paum.linear_model(), perceptron.linear_model());
    assert_eq!((q.mistakes, q.updates), (p.mistakes, p.updates));
    // The shifting perceptron's λₖ = λ/(λ + k) ≤ λ/k: at λ = 1e-12 its
    // shrinks change nothing to 1e-9, past its first mistake (λ₀ = 1).
    let step = Settings {
        learning_rate: 1.0,
        ..none.clone()
    };
    let (perceptron, p) = learn(Algorithm::Perceptron, &step, 500);
    let tiny = Settings {
        shifting_lambda: 1e-12,
        ..none
    };
    let (shifting, q) = learn(Algorithm::ShiftingPerceptron, &tiny, 500);
    assert_eq!(q.mistakes, p.mistakes);
    let (a, b) = (
        shifting.linear_model().unwrap(),
        perceptron.linear_model().unwrap(),
    );
    for (x, y) in a.weights.iter().zip(&b.weights) {
        assert!((x - y).abs() < 1e-9, "{a:?} vs {b:?}");
    }
    // And a λ that forgets is not: the rule's shrink is there.
    let (forgets, _) = learn(
        Algorithm::ShiftingPerceptron,
        &Settings {
            shifting_lambda: 5.0,
            ..tiny
        },
        500,
    );
    assert_ne!(forgets.linear_model(), perceptron.linear_model());
}

#[test]
fn the_selective_perceptron_asks_about_its_share_and_at_b_to_infinity_is_the_perceptron() {
    // Asked for every label (p = b/(b + |f|) > 1 − 1e-9 here), it is the
    // perceptron: same weights, mistakes and updates.
    let none = Settings {
        bias: BiasMode::None,
        seed: 7,
        ..Settings::default()
    };
    let (perceptron, p) = learn(Algorithm::Perceptron, &none, 500);
    let always = Settings {
        selective_b: 1e12,
        ..none.clone()
    };
    let (selective, q) = learn(Algorithm::SelectivePerceptron, &always, 500);
    assert_eq!(selective.linear_model(), perceptron.linear_model());
    assert_eq!((q.mistakes, q.updates), (p.mistakes, p.updates));
    assert_eq!(selective.labels_asked(), Some(500));
    // At b = 0.5 it asks for fewer, and on average for the share its
    // probabilities give: Σ p over the samples, within a few deviations.
    let data = Stream::new(StreamConfig::new(Preset::NoisyLabels, 7))
        .unwrap()
        .take(2000);
    let (mut expected, mut variance, mut asked) = (0.0, 0.0, 0);
    for seed in 0..20 {
        let settings = Settings {
            selective_b: 0.5,
            seed,
            ..Settings::default()
        };
        let mut learner = AnyLearner::new(Algorithm::SelectivePerceptron, &settings).unwrap();
        for i in 0..data.len() {
            let u = learner.learn_one(data.row(i), data.label(i));
            let p = u.details.values[0];
            expected += p;
            variance += p * (1.0 - p);
        }
        asked += learner.labels_asked().unwrap();
    }
    let gap = (asked as f64 - expected).abs();
    assert!(
        gap < 4.0 * variance.sqrt(),
        "{asked} asked, {expected} expected"
    );
    assert!(
        (asked as f64) < 0.5 * 20.0 * 2000.0,
        "it skips most labels: {asked}"
    );
}

#[test]
fn the_plane_marks_every_sample_whose_label_the_selective_perceptron_did_not_ask_for() {
    let setup = Setup {
        algorithm: "selective-perceptron".parse().unwrap(),
        ..Setup::default()
    }
    .with_preset(Preset::NoisyLabels);
    let mut s = Session::new(setup).unwrap();
    let mut unasked = Vec::new();
    for _ in 0..300 {
        let before = s.learner().unwrap().labels_asked().unwrap();
        s.apply(Event::Stream(1)).unwrap();
        let after = s.learner().unwrap().labels_asked().unwrap();
        unasked.push(u8::from(after == before));
    }
    let flags = s.unseen();
    assert_eq!(flags.len(), s.points().len() / 3, "a flag per shown point");
    assert_eq!(
        flags,
        unasked.as_slice(),
        "each unasked sample, and only those"
    );
    assert!(unasked.contains(&1) && unasked.contains(&0));
    // A link replays the marks; a learner that sees every label keeps none.
    let replayed =
        Session::from_shared(&SharedState::parse(&s.shared().to_hash()).unwrap()).unwrap();
    assert_eq!(replayed.unseen(), flags);
    let mut pa = Session::new(Setup::default()).unwrap();
    pa.apply(Event::Stream(50)).unwrap();
    assert!(pa.unseen().is_empty());
}
