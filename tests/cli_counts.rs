//! Counts that must be at least 1 are refused at 0 with their range, not
//! taken as 1 or as a curve without points.

mod command;

use command::{assert_refused, fixture};

#[test]
fn curve_every_zero_is_refused_with_its_range() {
    let train = fixture("seed000_classification_train.csv");
    let curves = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("zero_every.csv");
    assert_refused(
        &[
            "learn",
            "--algo",
            "pa1",
            "--train",
            &train,
            "--curves",
            curves.to_str().unwrap(),
            "--curve-every",
            "0",
        ],
        "--curve-every must be at least 1, got 0",
    );
}

#[test]
fn paper_checkpoints_and_curve_test_zero_are_refused_with_their_range() {
    let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("zero_counts");
    for flag in ["--checkpoints", "--curve-test"] {
        assert_refused(
            &[
                "paper",
                "--simulated",
                "--n-train",
                "50",
                "--n-test",
                "50",
                "--repeats",
                "2",
                "--learners",
                "ald-projection",
                "--out",
                out.to_str().unwrap(),
                "--quiet",
                flag,
                "0",
            ],
            &format!("{flag} must be at least 1, got 0"),
        );
    }
}
