//! LIBOL's binary learners in the playground's session: each form's
//! explanation names only numbers its update reported, and tells LIBOL's
//! clauses only in LIBOL's form; a link replays every one of them (with a
//! mid-stream change of a live setting) to the bit; their settings refuse
//! a bad value naming its range. Their numbers are checked against the
//! papers in tests/libol_reference.rs, their shared properties in
//! tests/conformance.rs.

use onlinelearn::data::Preset;
use onlinelearn::playground::{Event, Session, Setup, SharedState};
use onlinelearn::{Algorithm, Key, Settings};
use serde_json::Value;

/// Each learner, its form setting (or OGD's loss) and a live setting to
/// change mid-stream with a value in its range.
const LEARNERS: [(&str, &str, (&str, &str)); 9] = [
    ("alma", "alma-form", ("alma-alpha", "0.5")),
    ("romma", "romma-form", ("bias", "none")),
    ("aromma", "romma-form", ("bias", "none")),
    ("ogd", "ogd-loss", ("lr", "0.3")),
    ("sop", "sop-form", ("bias", "none")),
    ("cw", "cw-form", ("cw-eta", "0.9")),
    ("iellip", "iellip-form", ("iellip-b", "0.8")),
    ("narow", "", ("narow-b", "3")),
    ("nherd", "", ("c", "0.2")),
];

fn session(algorithm: Algorithm, choice: Option<(&str, &str)>) -> Session {
    let mut setup = Setup {
        algorithm,
        ..Setup::default()
    }
    .with_preset(Preset::NoisyLabels);
    if let Some((key, word)) = choice {
        setup.settings.set(key, word).unwrap();
    }
    Session::new(setup).unwrap()
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
fn every_form_explains_with_numbers_its_update_reported_and_only_its_own_clauses() {
    for (name, choice, _) in LEARNERS {
        let algorithm: Algorithm = name.parse().unwrap();
        let info = algorithm.info();
        let words: Vec<&str> = match choice {
            "" => vec![""],
            key => Key::from_name(key).unwrap().spec().words.to_vec(),
        };
        for word in words {
            let mut s = session(algorithm, (!word.is_empty()).then_some((choice, word)));
            let settings = serde_json::to_value(s.settings()).unwrap();
            let (mut aggressive, mut told) = (0, Vec::new());
            // The formulas' slots that no update has filled yet.
            let mut filled: Vec<&str> = slots(info.filled);
            for _ in 0..300 {
                s.apply(Event::Stream(1)).unwrap();
                let v: Value = serde_json::to_value(s.last().unwrap()).unwrap();
                let resolves = |slot: &str| v[slot].is_number() || settings[slot].is_number();
                for field in ["branch1", "branch2", "branch3"] {
                    let b = v[field].as_f64().unwrap() as usize;
                    if b == 0 {
                        continue;
                    }
                    let clause = info.branches[b - 1];
                    for slot in slots(clause) {
                        assert!(resolves(slot), "{name} {word}: {{{slot}}} in {clause:?}");
                    }
                    told.push(clause);
                }
                filled.retain(|slot| !v[slot].is_number() && !settings[slot].is_number());
                aggressive += usize::from(v["aggressive"].as_bool().unwrap());
            }
            assert!(aggressive > 10, "{name} {word}: {aggressive} updates");
            assert!(filled.is_empty(), "{name} {word}: {filled:?} never filled");
            let libol = told.iter().filter(|c| c.contains("LIBOL")).count();
            match word {
                "libol" => assert!(libol > 0, "{name}: LIBOL's form tells its clauses"),
                "paper" => assert_eq!(libol, 0, "{name}: {told:?}"),
                _ => {}
            }
        }
    }
}

#[test]
fn a_link_replays_each_learner_and_its_live_change_to_the_bit() {
    for (name, choice, (key, value)) in LEARNERS {
        let libol = match choice {
            "" => String::new(),
            "ogd-loss" => "&ogd-loss=logistic".into(),
            key => format!("&{key}=libol"),
        };
        let link = format!("algo={name}&preset=overlapping&seed=5{libol}");
        let mut s = Session::from_shared(&SharedState::parse(&link).unwrap()).unwrap();
        s.apply(Event::Stream(120)).unwrap();
        s.set(key, value).unwrap();
        s.apply(Event::Stream(80)).unwrap();
        let hash = s.shared().to_hash();
        let replayed = Session::from_shared(&SharedState::parse(&hash).unwrap()).unwrap();
        assert_eq!(replayed.algorithm(), s.algorithm(), "{hash}");
        assert_eq!(replayed.settings(), s.settings(), "{hash}");
        assert_eq!(replayed.linear_models(), s.linear_models(), "{hash}");
        assert_eq!(replayed.progress(), s.progress(), "{hash}");
        if !libol.is_empty() {
            assert!(
                hash.contains(&libol[1..]),
                "the link keeps the form: {hash}"
            );
        }
    }
}

#[test]
fn their_settings_refuse_a_bad_value_naming_its_range() {
    let bad = [
        (
            "alma-alpha",
            "0",
            "ALMA α must be greater than 0 and at most 1, got 0",
        ),
        (
            "alma-alpha",
            "1.5",
            "ALMA α must be greater than 0 and at most 1, got 1.5",
        ),
        ("alma-c", "-1", "ALMA C must be positive and finite, got -1"),
        (
            "cw-eta",
            "0.5",
            "CW η must be strictly between 0.5 and 1, got 0.5",
        ),
        (
            "iellip-b",
            "0",
            "IELLIP b must be greater than 0 and at most 1, got 0",
        ),
        (
            "iellip-c",
            "1",
            "IELLIP c must be strictly between 0 and 1, got 1",
        ),
        ("narow-b", "0", "NAROW b must be positive and finite, got 0"),
        (
            "ogd-loss",
            "huber",
            "unknown OGD loss 'huber' (expected one of: hinge, logistic, square, zero-one)",
        ),
        (
            "sop-form",
            "authors",
            "unknown SOP form 'authors' (expected one of: paper, libol)",
        ),
    ];
    for (key, text, message) in bad {
        let mut settings = Settings::default();
        assert_eq!(settings.set(key, text).unwrap_err().to_string(), message);
        assert_eq!(settings, Settings::default(), "{key}: nothing changed");
    }
    // In a link too, before any learner is built.
    let err = SharedState::parse("algo=iellip&iellip-c=1").unwrap_err();
    assert!(
        err.to_string().contains("strictly between 0 and 1"),
        "{err}"
    );
    // A decoupled bias is refused with the reason, ALMA's as AROW's.
    let decoupled = Settings {
        bias: onlinelearn::BiasMode::Decoupled,
        ..Settings::default()
    };
    let err = onlinelearn::AnyLearner::new(Algorithm::Alma, &decoupled).unwrap_err();
    assert!(
        err.to_string()
            .contains("absent (--bias none, as in LIBOL)"),
        "{err}"
    );
    assert!(onlinelearn::AnyLearner::new(Algorithm::Ogd, &decoupled).is_ok());
}
