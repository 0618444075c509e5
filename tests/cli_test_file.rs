//! A test input that cannot give a sample is refused before learning, so
//! that a finished run is never thrown away at its end: an empty file, a
//! folder, standard input already taken by `--train -`.

mod command;

use command::{fixture, run, run_with_input, temp_file};

/// `args` fails before learning: nothing on standard output, and standard
/// error is one line (no progress line of a run) saying `words`.
fn assert_refused_before_learning(output: std::process::Output, words: &str) {
    let err = String::from_utf8(output.stderr).unwrap();
    assert!(!output.status.success(), "{err}");
    assert!(output.stdout.is_empty(), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(words), "{err}");
}

#[test]
fn an_empty_test_file_is_refused_before_learning() {
    let train = fixture("seed000_classification_train.csv");
    let empty = temp_file("empty_test.csv", "").display().to_string();
    for command in [["learn", "--algo"], ["compare", "--algos"]] {
        let output = run(&[
            command[0],
            command[1],
            "pa1",
            "--train",
            &train,
            "--test",
            &empty,
            "--progress",
            "lines",
        ]);
        assert_refused_before_learning(output, &format!("--test {empty}: no samples"));
    }
}

#[test]
fn a_folder_as_test_file_is_refused_before_learning() {
    let train = fixture("seed000_classification_train.csv");
    let folder = env!("CARGO_TARGET_TMPDIR");
    let output = run(&[
        "learn",
        "--algo",
        "pa1",
        "--train",
        &train,
        "--test",
        folder,
        "--progress",
        "lines",
    ]);
    assert_refused_before_learning(output, &format!("{folder}: a folder, not a data file"));
}

#[test]
fn standard_input_as_both_train_and_test_is_refused_up_front() {
    let rows = std::fs::read(fixture("seed000_classification_train.csv")).unwrap();
    let output = run_with_input(
        &[
            "learn",
            "--algo",
            "pa1",
            "--train",
            "-",
            "--test",
            "-",
            "--format",
            "csv",
            "--progress",
            "lines",
        ],
        rows,
    );
    assert_refused_before_learning(
        output,
        "--train - and --test -: standard input can be one of the two files, not both",
    );
}

#[test]
fn a_test_stopped_by_a_bad_line_reports_no_test_figures() {
    let train = temp_file("stopped_test_train.svm", "+1 1:1\n-1 2:1\n+1 1:2\n-1 2:2\n");
    let test = temp_file("stopped_test.svm", "+1 1:1\n-1 1:1\n+1 2:1\n-1 0:1\n");
    let (train, test) = (train.to_str().unwrap(), test.to_str().unwrap());
    let args = [
        "learn",
        "--algo",
        "perceptron",
        "--train",
        train,
        "--test",
        test,
    ];
    let text = run(&args);
    let err = String::from_utf8(text.stderr).unwrap();
    assert!(err.contains("the report has no test figures"), "{err}");
    let report = String::from_utf8(text.stdout).unwrap();
    assert!(!report.contains("test accuracy"), "{report}");
    let json = run(&[&args[..], &["--json"]].concat());
    assert_eq!(json.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    for key in ["test_accuracy", "n_test"] {
        assert!(json.get(key).is_none_or(|v| v.is_null()), "{key}: {json}");
    }
}
