//! Messages that name their subject: the flag a refusal is about, standard
//! input as such, a feature index too large for what it is, one sample in
//! the singular.

mod command;

use command::{assert_learn_refused, run, run_with_input, stderr, temp_file};

/// `onlinelearn args` with `input` on standard input: its standard error.
fn refused_with_input(args: &[&str], input: &str) -> String {
    stderr(&run_with_input(args, input.as_bytes().to_vec()))
}

#[test]
fn a_horizon_refusal_names_the_flag_and_the_learner() {
    let error = refused_with_input(&["learn", "--algo", "olru", "--train", "-"], "1 1:1\n");
    assert!(
        error.starts_with("error: --horizon: olru plans for the run's length"),
        "{error}"
    );
}

#[test]
fn a_link_from_standard_input_says_standard_input() {
    let error = refused_with_input(
        &["learn", "--algo", "pa1", "--train", "-", "--link"],
        "1 1:1\n",
    );
    assert!(
        error.contains("not standard input: give --train a file") && !error.contains("gzip"),
        "{error}"
    );
}

#[test]
fn an_index_past_u64_is_too_large_not_unwhole() {
    let file = temp_file("wording_index.svm", "1 99999999999999999999:1\n");
    assert_learn_refused(
        "--algo pa1",
        &file.display().to_string(),
        "feature index 99999999999999999999 is above the largest supported, 16777216",
    );
}

#[test]
fn one_sample_before_a_bad_line_is_singular() {
    let file = temp_file("wording_one.svm", "1 1:1\nbad\n");
    let out = run(&[
        "learn",
        "--algo",
        "pa1",
        "--train",
        &file.display().to_string(),
    ]);
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    let error = stderr(&out);
    assert!(
        error.contains("learned from the sample before it"),
        "{error}"
    );
    assert!(text.contains(": 1 sample, 1 pass"), "{text}");
}
