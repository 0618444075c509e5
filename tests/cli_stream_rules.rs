//! What a stream read once cannot tell ahead, and how the command line
//! deals with it (see src/bin/onlinelearn/plan.rs and labels.rs): a file
//! is read again, standard input is refused with the flag that says it.

mod command;

use command::{run, run_with_input, stderr, stdout, temp_file, wide_rows};
use serde_json::Value;

fn json(output: std::process::Output) -> Value {
    serde_json::from_str(&stdout(&output)).unwrap()
}

fn learn<'a>(args: &[&'a str]) -> Vec<&'a str> {
    let mut all = vec!["learn", "--json"];
    all.extend_from_slice(args);
    all
}

/// Two dense features and a label from `labels`, in turn.
fn points(labels: &[&str], n: usize) -> String {
    (0..n)
        .map(|i| {
            let (x, y) = ((i % 7) as f64 - 3.0, (i % 5) as f64 - 2.0);
            format!("{x},{y},{}\n", labels[i % labels.len()])
        })
        .collect()
}

#[test]
fn labels_other_than_two_of_minus_one_zero_and_one_need_the_classes_first() {
    // Classes 1 and 2: the larger is +1, as a file read whole maps them.
    let text = points(&["1", "2", "2"], 60);
    let file = temp_file("stream_classes_12.csv", &text);
    let path = file.to_str().unwrap();
    let output = run(&learn(&["--algo", "pa1", "--train", path]));
    let note = String::from_utf8_lossy(&output.stderr).to_string();
    assert!(
        note.contains("reading") && note.contains("once for its classes"),
        "{note}"
    );
    let from_file = json(output);
    let named = json(run(&learn(&[
        "--algo",
        "pa1",
        "--classes",
        "1,2",
        "--train",
        path,
    ])));
    let args = learn(&[
        "--algo",
        "pa1",
        "--classes",
        "1,2",
        "--format",
        "csv",
        "--train",
        "-",
    ]);
    let piped = json(run_with_input(&args, text.clone().into_bytes()));
    for other in [&named, &piped] {
        assert_eq!(from_file["weights"], other["weights"]);
        assert_eq!(from_file["mistakes"], other["mistakes"]);
    }
    // Read once, the stream stops at its first 2, naming the flag.
    let args = learn(&["--algo", "pa1", "--format", "csv", "--train", "-"]);
    let refused = run_with_input(&args, text.into_bytes());
    let err = stderr(&refused);
    assert!(err.contains("stdin:2:7: label 2:"), "{err}");
    assert!(err.contains("--classes"), "{err}");
    // Three of -1, 0, +1 are three classes: a multiclass run, as read whole.
    let three = points(&["-1", "0", "1"], 90);
    let file = temp_file("stream_classes_three.csv", &three);
    let multi = json(run(&learn(&[
        "--algo",
        "pa1",
        "--train",
        file.to_str().unwrap(),
    ])));
    assert_eq!(multi["task"], "multiclass");
    assert_eq!(multi["classes"], serde_json::json!([-1.0, 0.0, 1.0]));
    let args = learn(&[
        "--algo",
        "pa1",
        "--classes=-1,0,1",
        "--format",
        "csv",
        "--train",
        "-",
    ]);
    let piped = json(run_with_input(&args, three.into_bytes()));
    assert_eq!(multi["weights"], piped["weights"]);
    // A label outside named classes is a bad line, skipped with --skip-bad.
    let args = learn(&[
        "--algo",
        "pa1",
        "--classes",
        "1,2",
        "--skip-bad",
        "--format",
        "csv",
        "--train",
        "-",
    ]);
    let skipped = json(run_with_input(
        &args,
        points(&["1", "2", "3"], 30).into_bytes(),
    ));
    assert_eq!(skipped["skipped_lines"], 10);
}

#[test]
fn what_needs_all_the_data_is_refused_on_a_stream_read_once_and_named() {
    let text = points(&["1", "-1"], 200);
    let file = temp_file("stream_rules.csv", &text);
    let path = file.to_str().unwrap();
    let piped = |args: &[&str]| {
        let mut all = vec!["learn", "--format", "csv", "--train", "-"];
        all.extend_from_slice(args);
        stderr(&run_with_input(&all, text.clone().into_bytes()))
    };
    let err = piped(&["--algo", "pa1", "--seed", "3"]);
    assert!(err.contains("--shuffle-buffer"), "{err}");
    let err = piped(&["--algo", "pa1", "--passes", "2"]);
    assert!(
        err.contains("--passes 2") && err.contains("give a file"),
        "{err}"
    );
    let err = piped(&["--algo", "olru"]);
    assert!(err.contains("--horizon"), "{err}");
    let err = piped(&["--algo", "pa1", "--shuffle-buffer", "10"]);
    assert!(err.contains("--seed"), "{err}");
    // A file is read into memory for a whole-file shuffle, and says so.
    let output = run(&learn(&["--algo", "pa1", "--seed", "3", "--train", path]));
    assert!(String::from_utf8_lossy(&output.stderr).contains("read into memory"));
    let shuffled = json(output);
    let again = json(run(&learn(&[
        "--algo", "pa1", "--seed", "3", "--train", path,
    ])));
    assert_eq!(shuffled["weights"], again["weights"]);
    // A shuffle buffer: the same order from a pipe and from the file.
    let buffered = |train: &str, input: Option<&str>| {
        let args = learn(&[
            "--algo",
            "pa1",
            "--seed",
            "3",
            "--shuffle-buffer",
            "50",
            "--format",
            "csv",
            "--train",
            train,
        ]);
        json(match input {
            Some(text) => run_with_input(&args, text.as_bytes().to_vec()),
            None => run(&args),
        })
    };
    let from_pipe = buffered("-", Some(&text));
    let from_file = buffered(path, None);
    let in_order = json(run(&learn(&["--algo", "pa1", "--train", path])));
    assert_eq!(from_pipe["weights"], from_file["weights"]);
    assert_eq!(from_pipe["n_train"], 200);
    assert_ne!(from_pipe["weights"], in_order["weights"]);
}

#[test]
fn wide_data_sets_arow_and_scw_sigma_from_a_flag_or_a_first_reading() {
    let rows = wide_rows();
    let err = stderr(&run_with_input(
        &["learn", "--algo", "arow", "--train", "-"],
        rows.clone().into_bytes(),
    ));
    assert!(
        err.contains("stdin:1:1") && err.contains("--covariance diagonal"),
        "{err}"
    );
    let told = json(run_with_input(
        &learn(&["--algo", "arow", "--covariance", "diagonal", "--train", "-"]),
        rows.clone().into_bytes(),
    ));
    let wide = temp_file("stream_wide.svm", &rows);
    let output = run(&learn(&[
        "--algo",
        "arow",
        "--train",
        wide.to_str().unwrap(),
    ]));
    assert!(String::from_utf8_lossy(&output.stderr).contains("keep the diagonal of Σ"));
    let read_twice = json(output);
    assert_eq!(read_twice["settings"]["covariance"], "diagonal");
    assert_eq!(told["weights"], read_twice["weights"]);
}

#[test]
fn a_csv_test_file_must_have_its_training_files_width() {
    // Three features in training; the test file has two, then four: each
    // line is named (file:line:column), never read as features left out.
    let train = temp_file(
        "width_train.csv",
        "x1,x2,x3,label\n1,2,3,1\n-1,-2,-3,-1\n2,1,0,1\n",
    );
    let narrow = temp_file("width_narrow.csv", "x1,x2,label\n1,2,1\n-1,-2,-1\n");
    let wide = temp_file("width_wide.csv", "1,2,3,4,1\n");
    let same = temp_file("width_same.csv", "1,2,3,1\n-1,-2,-3,-1\n");
    let train = train.to_str().unwrap();
    for (test, line, found) in [(&narrow, 2, 3), (&wide, 1, 5)] {
        let test = test.to_str().unwrap();
        let output = run(&["learn", "--algo", "pa", "--train", train, "--test", test]);
        assert!(!output.status.success());
        let said = stderr(&output);
        assert!(
            said.contains(&format!(
                "{test}:{line}:1: expected 4 fields as the training file's lines have (the same features and a label), found {found}"
            )),
            "{said}"
        );
        // frontier reads its test file the same way.
        let output = run(&[
            "frontier",
            "--algos",
            "kernel-perceptron",
            "--sizes",
            "10",
            "--train",
            train,
            "--test",
            test,
        ]);
        assert!(!output.status.success());
        assert!(
            stderr(&output).contains(&format!("{test}:{line}:1: expected 4 fields")),
            "{}",
            stderr(&output)
        );
    }
    // --skip-bad skips every narrow line: no test samples, said.
    let narrow = narrow.to_str().unwrap();
    let output = run(&[
        "learn",
        "--algo",
        "pa",
        "--train",
        train,
        "--test",
        narrow,
        "--skip-bad",
    ]);
    assert!(
        stderr(&output).contains(&format!("{narrow}: no samples")),
        "{}",
        stderr(&output)
    );
    // The same width (and no header) is read as before.
    let output = run(&learn(&[
        "--algo",
        "pa",
        "--train",
        train,
        "--test",
        same.to_str().unwrap(),
    ]));
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(json(output)["n_test"], 2);
}

#[test]
fn a_bad_line_before_a_read_for_the_classes_is_listed_once() {
    // Line 3 is bad; line 4's label 2 sends the run back to read the file
    // for its classes, then learn from its start: line 3 is met twice and
    // listed once; line 5, met after the return, once too.
    let text = "x1,x2,y\n0.1,0.2,1\n0.3,,-1\n0.5,0.1,2\n0.3,x,1\n0.2,0.2,2\n";
    let file = temp_file("stream_classes_bad_line.csv", text);
    let output = run(&learn(&[
        "--algo",
        "pa1",
        "--skip-bad",
        "--train",
        file.to_str().unwrap(),
    ]));
    let said = String::from_utf8_lossy(&output.stderr).to_string();
    assert!(output.status.success(), "{said}");
    assert_eq!(
        said.matches(":3:5: value '' is not a number").count(),
        1,
        "{said}"
    );
    assert_eq!(
        said.matches(":5:5: value 'x' is not a number").count(),
        1,
        "{said}"
    );
    assert!(said.contains("skipped 2 bad lines"), "{said}");
    assert_eq!(json(output)["n_train"], 3);
}
