//! Links: parsing, writing, refusals and round trips.
use super::*;
use crate::settings::OlrdForm;

#[test]
fn round_trips_settings_log_and_extras() {
    let mut state = SharedState::default();
    state.setup.algorithm = Algorithm::Pa2;
    let s = &mut state.setup.settings;
    s.c = 0.0123;
    s.seed = 99;
    s.noise = 0.25;
    s.preset = Preset::Moons;
    s.olrd_form = OlrdForm::Authors;
    state.log.push(Event::Stream(300));
    state.log.push(Event::Point {
        x: 100,
        y: -200,
        label: 1,
    });
    state.extras.push(("speed".into(), "200".into()));
    let hash = state.to_hash();
    assert!(
        hash.starts_with(
            "v=4&algo=pa2&c=0.0123&olrd-form=authors&preset=moons&seed=99&noise=0.25&log="
        ),
        "{hash}"
    );
    assert_eq!(SharedState::parse(&format!("#{hash}")).unwrap(), state);
    assert_eq!(
        SharedState::default().to_hash(),
        "v=4&algo=pa1",
        "defaults are not written"
    );
}

#[test]
fn missing_keys_take_defaults_and_bad_values_name_their_key() {
    assert_eq!(SharedState::parse("v=2").unwrap().setup, Setup::default());
    assert_eq!(
        SharedState::parse("#v=2&c=2").unwrap().setup.settings.c,
        2.0
    );
    let err = SharedState::parse("c=-1").unwrap_err().to_string();
    assert_eq!(err, "shared link: C must be positive and finite, got -1");
    let err = SharedState::parse("c=abc").unwrap_err().to_string();
    assert_eq!(err, "shared link: C must be positive and finite, got 'abc'");
    assert!(SharedState::parse("algo=svm")
        .unwrap_err()
        .to_string()
        .contains("unknown algorithm 'svm'"));
    assert!(SharedState::parse("preset=regression-1d&algo=pocket").is_err());
    assert!(SharedState::parse("log=%%%").is_err());
    assert!(SharedState::parse("v=9").is_err());
    assert!(
        SharedState::parse("task=regression").is_err(),
        "the preset sets the task"
    );
    assert!(SharedState::parse("algo=apsm&q=9&dictionary=5")
        .unwrap_err()
        .to_string()
        .contains("window q"));
}

#[test]
fn a_link_names_the_learner_it_shows_and_the_one_it_starts_with() {
    let mut state = SharedState::default();
    state.log.push(Event::Stream(20));
    state.log.push(Event::Algorithm(Algorithm::Scw1));
    state.log.push(Event::Stream(5));
    let hash = state.to_hash();
    assert!(hash.starts_with("v=4&algo=scw1&start=pa1&log="), "{hash}");
    assert_eq!(SharedState::parse(&hash).unwrap(), state);
    // Before `start`, `algo` named the first learner: such links read as before.
    let old = hash.replace("algo=scw1&start=pa1", "algo=pa1");
    assert_eq!(SharedState::parse(&old).unwrap(), state);
    // An `algo` edited by hand is switched to at the end.
    let edited = SharedState::parse(&hash.replace("algo=scw1", "algo=pa2")).unwrap();
    assert_eq!(edited.shown_learner(), Algorithm::Pa2);
    assert_eq!(
        edited.log.events().last(),
        Some(&Event::Algorithm(Algorithm::Pa2))
    );
}

#[test]
fn a_file_key_must_be_a_name_and_a_fingerprint() {
    assert!(SharedState::parse("file=pts.csv:00112233445566ff").is_ok());
    for bad in [
        "pts.csv",
        "pts.csv:123",
        ":00112233445566ff",
        "pts.csv:0011223344556zzz",
    ] {
        let err = SharedState::parse(&format!("file={bad}")).unwrap_err();
        assert!(
            err.to_string()
                .contains("is not a file's name and fingerprint"),
            "{bad}: {err}"
        );
    }
}

#[test]
fn unsafe_extras_are_dropped_and_said() {
    let state =
        SharedState::parse("speed=200&x=<script>&view=compare&algos=pa,projectron++").unwrap();
    assert_eq!(
        state.notice.map(|m| m.to_string()).as_deref(),
        Some("the link's x left out: not a setting, and not in a link's characters")
    );
    let expected = [
        ("speed", "200"),
        ("view", "compare"),
        ("algos", "pa,projectron++"),
    ];
    assert_eq!(
        state.extras,
        expected.map(|(k, v)| (k.to_string(), v.to_string()))
    );
}

#[test]
fn a_value_with_the_links_own_characters_round_trips() {
    for value in ["a=b&c%d", "%25", "%3D%26", "100%", "%2", "=&%", "plain", ""] {
        assert_eq!(decode(&encode(value)), value, "{value}");
    }
    // A % that escapes nothing stays as it is.
    assert_eq!(decode("5%x%2"), "5%x%2");
    assert_eq!(decode("%253D"), "%3D");
}

#[test]
fn what_only_the_full_module_runs_is_read_from_the_page_keys() {
    let needs = |hash: &str| SharedState::parse(hash).unwrap().needs_full(None);
    assert!(!needs("v=4&algo=pa1&view=classify&theory=0"));
    for key in ["theory=1", "at=120"] {
        assert!(needs(&format!("v=4&algo=pa1&{key}")), "{key}");
    }
}
