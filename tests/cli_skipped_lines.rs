//! `--skip-bad` counts the lines it skips in each file: `skipped_lines`
//! (training) and `skipped_test_lines` (with --test) in the JSON of a
//! binary and a multiclass run alike, and a line in the text report.

mod command;

use command::{fixture, learn_json, run, stdout, temp_file};

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

/// The flags of `learn` with PA-I on `train` and `test`, skipping bad lines.
fn skipping<'a>(train: &'a str, test: &'a str) -> [&'a str; 7] {
    [
        "--algo",
        "pa1",
        "--train",
        train,
        "--test",
        test,
        "--skip-bad",
    ]
}

#[test]
fn bad_test_lines_are_counted_in_the_json_and_said_in_the_text() {
    let train = fixture("seed000_classification_train.csv");
    let test = with_bad_lines("seed000_classification_test.csv", "skipped_binary_test.csv");
    let report = learn_json(&skipping(&train, &test));
    assert_eq!(report["skipped_lines"], 0, "{report}");
    assert_eq!(report["skipped_test_lines"], 2, "{report}");
    let text = stdout(&run(&[&["learn"][..], &skipping(&train, &test)].concat()));
    assert!(
        text.contains("0 in the training file, 2 in the test file (--skip-bad)"),
        "{text}"
    );
}

#[test]
fn a_multiclass_report_counts_skipped_lines_too() {
    let train = with_bad_lines("multiclass_train.csv", "skipped_multiclass_train.csv");
    let test = with_bad_lines("multiclass_test.csv", "skipped_multiclass_test.csv");
    let report = learn_json(&skipping(&train, &test));
    assert_eq!(report["task"], "multiclass", "{report}");
    assert_eq!(report["skipped_lines"], 2, "{report}");
    assert_eq!(report["skipped_test_lines"], 2, "{report}");
}
