//! LIBOL's binary learners in the playground's session: each form's
//! explanation names only numbers its update reported, and tells LIBOL's
//! clauses only in LIBOL's form; a link replays every one of them (with a
//! mid-stream change of a live setting) to the bit; their settings refuse
//! a bad value naming its range. Their numbers are checked against the
//! papers in tests/libol_reference.rs, their shared properties in
//! tests/conformance.rs.

mod explained;

use explained::{assert_refused_settings, explain_stream, replay_after_change};
use onlinelearn::data::Preset;
use onlinelearn::playground::{Session, Setup, SharedState};
use onlinelearn::{Algorithm, Key, Settings};

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
            let told = explain_stream(&mut s, info, 300, &format!("{name} {word}"));
            let (aggressive, filled) = (told.aggressive, &told.unfilled);
            assert!(aggressive > 10, "{name} {word}: {aggressive} updates");
            assert!(filled.is_empty(), "{name} {word}: {filled:?} never filled");
            let told: Vec<&str> = told.clauses.iter().map(|&b| info.branches[b]).collect();
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
        let hash = replay_after_change(&link, key, value).hash;
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
    assert_refused_settings(&bad);
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
