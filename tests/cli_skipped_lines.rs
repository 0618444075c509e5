//! `--skip-bad` counts the lines it skips in each file: `skipped_lines`
//! (training) and `skipped_test_lines` (with --test) in the JSON of a
//! binary and a multiclass run alike, and a line in the text report.

mod command;

use command::{fixture, run, stdout, temp_file};
use serde_json::Value;

/// `fixture` with two bad lines added after its third line: the path.
fn with_bad_lines(fixture_name: &str, name: &str) -> String {
    let text = std::fs::read_to_string(fixture(fixture_name)).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines.insert(3, "not,a,row");
    lines.insert(5, "nor,this");
    temp_file(name, &(lines.join("\n") + "\n"))
        .display()
        .to_string()
}

#[test]
fn bad_test_lines_are_counted_in_the_json_and_said_in_the_text() {
    let train = fixture("seed000_classification_train.csv");
    let test = with_bad_lines("seed000_classification_test.csv", "skipped_binary_test.csv");
    let args = [
        "learn",
        "--algo",
        "pa1",
        "--train",
        &train,
        "--test",
        &test,
        "--skip-bad",
    ];
    let mut json = args.to_vec();
    json.push("--json");
    let report: Value = serde_json::from_str(&stdout(&run(&json))).unwrap();
    assert_eq!(report["skipped_lines"], 0, "{report}");
    assert_eq!(report["skipped_test_lines"], 2, "{report}");
    let text = stdout(&run(&args));
    assert!(
        text.contains("0 in the training file, 2 in the test file (--skip-bad)"),
        "{text}"
    );
}

#[test]
fn a_multiclass_report_counts_skipped_lines_too() {
    let train = with_bad_lines("multiclass_train.csv", "skipped_multiclass_train.csv");
    let test = with_bad_lines("multiclass_test.csv", "skipped_multiclass_test.csv");
    let out = stdout(&run(&[
        "learn",
        "--algo",
        "pa1",
        "--train",
        &train,
        "--test",
        &test,
        "--skip-bad",
        "--json",
    ]));
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["task"], "multiclass", "{report}");
    assert_eq!(report["skipped_lines"], 2, "{report}");
    assert_eq!(report["skipped_test_lines"], 2, "{report}");
}
