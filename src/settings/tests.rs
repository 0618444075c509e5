use super::*;
use crate::data::Preset;

#[test]
fn keys_names_and_log_codes_are_unique_and_in_order() {
    for (i, spec) in TABLE.iter().enumerate() {
        assert_eq!(spec.key as usize, i, "TABLE follows Key's order");
        assert_eq!(Key::from_name(spec.name), Ok(spec.key));
        assert_eq!(Key::from_code(spec.code), Some(spec.key));
        assert!(!spec.help.is_empty() && !spec.label.is_empty());
    }
    let names: std::collections::HashSet<_> = TABLE.iter().map(|s| s.name).collect();
    assert_eq!(names.len(), TABLE.len());
    // Links made before the table wrote these codes into their logs.
    let old = [
        Key::C,
        Key::Epsilon,
        Key::LearningRate,
        Key::Bias,
        Key::Noise,
        Key::Sigma,
        Key::Budget,
        Key::Eta,
    ];
    for (code, key) in old.into_iter().enumerate() {
        assert_eq!(key.spec().code, code as u8, "{key:?}");
    }
}

#[test]
fn every_value_round_trips_through_text_and_number() {
    for settings in [Settings::default(), Settings::page()] {
        settings.validate().unwrap();
        for &key in Key::ALL {
            let mut copy = Settings::default();
            copy.set_text(key, &settings.text(key)).unwrap();
            assert_eq!(copy.text(key), settings.text(key), "{key:?}");
            let mut copy = Settings::default();
            copy.set_number(key, settings.number(key)).unwrap();
            assert_eq!(copy.number(key), settings.number(key), "{key:?}");
        }
    }
}

#[test]
fn a_refused_value_names_its_range_and_changes_nothing() {
    let mut s = Settings::default();
    assert_eq!(
        s.set("c", "-1").unwrap_err().to_string(),
        "C must be positive and finite, got -1"
    );
    assert_eq!(
        s.set("budget", "0").unwrap_err().to_string(),
        "budget must be a whole number from 1 to 1000000, or none, got 0"
    );
    assert!(s.set("lambda", "2").is_err());
    assert!(s
        .set("kernel", "rbf")
        .unwrap_err()
        .to_string()
        .contains("gaussian, polynomial, linear"));
    assert!(
        s.set("seed", "9007199254740992").is_err(),
        "seeds stay exact in JavaScript"
    );
    assert!(s
        .set("sharpness", "1")
        .unwrap_err()
        .to_string()
        .starts_with("unknown setting 'sharpness'"));
    assert_eq!(s, Settings::default());
    s.set("budget", "none").unwrap();
    assert_eq!(s.budget, None);
    s.c = f64::NAN;
    assert!(
        s.validate().is_err(),
        "a field set directly is still checked"
    );
}

#[test]
fn conditions_say_when_a_setting_applies() {
    let mut s = Settings::default();
    assert!(Key::Sigma.applies(&s) && !Key::Degree.applies(&s));
    s.set("kernel", "polynomial").unwrap();
    assert!(!Key::Sigma.applies(&s) && Key::Degree.applies(&s) && Key::Offset.applies(&s));
    assert!(!Key::Epsilon.applies(&s));
    s.task = crate::report::Task::Regression;
    assert!(Key::Epsilon.applies(&s));
}

#[test]
fn json_holds_numbers_words_and_null_and_reads_back_checked() {
    let mut s = Settings::page();
    s.preset = Preset::Moons;
    let json = serde_json::to_value(&s).unwrap();
    assert_eq!(json["c"], 0.1);
    assert_eq!(json["preset"], "moons");
    assert_eq!(json["horizon"], serde_json::Value::Null);
    assert_eq!(json["budget"], 200);
    assert_eq!(json["seed"], 1);
    let back: Settings = serde_json::from_value(json).unwrap();
    assert_eq!(back, s);
    let bad = serde_json::from_str::<Settings>(r#"{"sigma": -2}"#)
        .unwrap_err()
        .to_string();
    assert!(
        bad.contains("kernel width σ must be positive and finite, got -2"),
        "{bad}"
    );
    let subset = serde_json::to_string(&s.subset(&[Key::C, Key::Bias])).unwrap();
    assert_eq!(subset, r#"{"c":0.1,"bias":"augmented"}"#);
}
