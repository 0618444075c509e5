//! `--settings report.json` repeats a run whose flags shaped its numbers:
//! `--shuffle-buffer`, `--passes` and `--classes` are recorded in the
//! report's settings and read back (run_flags.rs), so the replay's numbers
//! are the report's.

mod command;

use command::{fixture, run, stdout, temp_file};
use serde_json::Value;

/// The report's figures, without the timings that differ run to run.
fn figures(text: &str) -> Value {
    let mut report: Value = serde_json::from_str(text).unwrap();
    let object = report.as_object_mut().unwrap();
    object.remove("learn_seconds");
    report
}

/// `learn --json` with `flags`, then again from its report with none of them.
fn replayed(name: &str, flags: &[&str]) -> (Value, Value) {
    let train = fixture("seed000_classification_train.csv");
    let mut args = vec!["learn", "--algo", "pa1", "--train", &train, "--json"];
    args.extend_from_slice(flags);
    let first = stdout(&run(&args));
    let report = temp_file(name, &first).display().to_string();
    let again = stdout(&run(&[
        "learn",
        "--algo",
        "pa1",
        "--train",
        &train,
        "--json",
        "--settings",
        &report,
    ]));
    (figures(&first), figures(&again))
}

#[test]
fn a_shuffle_buffer_is_recorded_and_replayed() {
    let (first, again) = replayed(
        "replay_buffer.json",
        &["--seed", "7", "--shuffle-buffer", "50"],
    );
    assert_eq!(first["settings"]["shuffle-buffer"], 50, "{first}");
    assert_eq!(first, again);
}

#[test]
fn passes_are_recorded_and_replayed() {
    let (first, again) = replayed("replay_passes.json", &["--passes", "3"]);
    assert_eq!(first["settings"]["passes"], 3, "{first}");
    assert_eq!(first, again);
}

#[test]
fn classes_are_recorded_and_replayed_on_a_file_of_fewer() {
    // Named classes make a multiclass run of a file with two labels; the
    // replay must name them too, or it refuses --multiclass.
    let (first, again) = replayed("replay_classes.json", &["--classes", "0,1,7"]);
    assert_eq!(
        first["settings"]["classes"],
        serde_json::json!([0.0, 1.0, 7.0])
    );
    assert_eq!(first, again);
}

#[test]
fn flags_given_win_over_the_file() {
    let train = fixture("seed000_classification_train.csv");
    let report = temp_file("replay_override.json", r#"{"passes": 3}"#)
        .display()
        .to_string();
    let args = ["learn", "--algo", "pa1", "--train", &train, "--json"];
    let once: Value = serde_json::from_str(&stdout(&run(&args))).unwrap();
    let mut overridden = args.to_vec();
    overridden.extend(["--settings", &report, "--passes", "1"]);
    let out: Value = serde_json::from_str(&stdout(&run(&overridden))).unwrap();
    assert_eq!(out["passes"], 1);
    assert_eq!(out["mistakes"], once["mistakes"]);
}
