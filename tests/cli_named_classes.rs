//! Classes named by `--classes`: a label outside them is a bad line, named
//! `file:line:column` and skipped by `--skip-bad` as the others are (0 and
//! −1 both map to −1, and −1 used to pass as class 0); a list of one
//! class, or of a class twice, is refused with the range.

mod command;

use command::{assert_learn_refused, learn_json, temp_file};

const MIX: &str = "0 1:1\n1 1:2\n-1 1:3\n1 1:4\n";

#[test]
fn a_label_outside_the_named_classes_is_a_bad_line() {
    let path = temp_file("named_classes_mix.svm", MIX);
    let file = path.to_str().unwrap();
    let said = format!("{file}:3:1: label -1 is not among the classes (--classes 0,1)");
    assert_learn_refused("--algo perceptron --classes 0,1", file, &said);
    let flags: Vec<&str> = "--algo perceptron --classes 0,1 --skip-bad"
        .split(' ')
        .collect();
    let skipped = learn_json(&[&flags[..], &["--train", file]].concat());
    assert_eq!(skipped["n_train"], 3, "{skipped}");
    assert_eq!(skipped["skipped_lines"], 1, "{skipped}");
    // The other pair of usual labels: 0 is not among -1 and 1.
    let flipped = temp_file("named_classes_flipped.svm", "-1 1:1\n1 1:2\n0 1:3\n");
    let flipped = flipped.to_str().unwrap();
    assert_learn_refused(
        "--algo pa1 --classes=-1,1",
        flipped,
        &format!("{flipped}:3:1: label 0 is not among the classes"),
    );
}

#[test]
fn classes_named_twice_or_alone_are_refused_with_the_range() {
    let path = temp_file("named_classes_list.svm", MIX);
    let file = path.to_str().unwrap();
    for (list, words) in [
        (
            "1,1,2",
            "--classes must be 2 or more distinct classes, got 1,1,2 (1 is named twice)",
        ),
        ("1", "--classes must be 2 or more distinct classes, got 1"),
    ] {
        assert_learn_refused(&format!("--algo perceptron --classes {list}"), file, words);
    }
}
