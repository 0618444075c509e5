//! `onlinelearn paper`: both protocols on a LIBSVM file and the simulated
//! channel, with the tables, CSV and SVG they write.

mod command;

use command::{assert_refused, moons_libsvm, run, stderr, stdout};
use std::path::Path;

#[test]
fn paper_runs_both_protocols_and_writes_tables_csv_and_svg() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("paper");
    let _ = std::fs::remove_dir_all(&dir);
    let (train, test) = (
        moons_libsvm("moons.train", "300", "1", ("1", "-1")),
        moons_libsvm("moons.test", "400", "2", ("1", "-1")),
    );
    let small = |protocol: &str| {
        vec![
            "paper".to_string(),
            "--protocol".into(),
            protocol.into(),
            "--train".into(),
            train.to_str().unwrap().into(),
            "--test".into(),
            test.to_str().unwrap().into(),
            "--n-train".into(),
            "200".into(),
            "--n-test".into(),
            "300".into(),
            "--sigma".into(),
            "0.4".into(),
            "--repeats".into(),
            "2".into(),
            "--checkpoints".into(),
            "4".into(),
            "--curve-test".into(),
            "100".into(),
            "--out".into(),
            dir.to_str().unwrap().into(),
        ]
    };
    let args = small("paper");
    let text = stdout(&run(&args.iter().map(String::as_str).collect::<Vec<_>>()));
    assert!(
        text.contains("ALD projection against each learner"),
        "{text}"
    );
    assert!(
        text.contains("RandomPA_New.m"),
        "the parameters' sources are printed: {text}"
    );
    let runs = std::fs::read_to_string(dir.join("moons.train-paper.csv")).unwrap();
    assert_eq!(
        runs.lines().count(),
        1 + 8 * 2,
        "a row per learner and ordering"
    );
    let curves = std::fs::read_to_string(dir.join("moons.train-paper-curves.csv")).unwrap();
    assert_eq!(curves.lines().count(), 1 + 8 * 4);
    let svg = std::fs::read_to_string(dir.join("moons.train-paper.svg")).unwrap();
    assert!(
        svg.starts_with("<svg")
            && svg.contains("ALD projection")
            && svg.contains("training samples seen")
    );

    let mut args = small("sweep");
    args.extend(["--settings".into(), "2".into()]);
    let text = stdout(&run(&args.iter().map(String::as_str).collect::<Vec<_>>()));
    assert!(text.contains("Selected by online error"), "{text}");
    let table = std::fs::read_to_string(dir.join("moons.train-sweep.csv")).unwrap();
    assert_eq!(
        table.lines().count(),
        1 + 8 * 2,
        "a row per learner and setting"
    );
    assert!(
        table
            .lines()
            .skip(1)
            .all(|l| l.split(',').nth(3) == Some("2")),
        "two orderings each"
    );
    assert!(dir.join("moons.train-sweep.svg").exists());

    // A setting the protocol does not use is refused, not ignored.
    let mut args = small("paper");
    args.extend(["--settings".into(), "2".into()]);
    let err = stderr(&run(&args.iter().map(String::as_str).collect::<Vec<_>>()));
    assert!(
        err.contains("--settings applies to --protocol sweep only"),
        "{err}"
    );
    assert_refused(
        &[
            "paper",
            "--train",
            train.to_str().unwrap(),
            "--test",
            test.to_str().unwrap(),
            "--n-train",
            "5000",
        ],
        "n-train",
    );
    assert_refused(&["paper", "--simulated", "--repeats", "1"], "repeats");
}

#[test]
fn paper_runs_the_simulated_channel() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("paper-channel");
    let text = stdout(&run(&[
        "paper",
        "--simulated",
        "--n-train",
        "300",
        "--n-test",
        "300",
        "--repeats",
        "2",
        "--checkpoints",
        "3",
        "--learners",
        "kernel-perceptron,ald-projection",
        "--out",
        dir.to_str().unwrap(),
    ]));
    assert!(
        text.starts_with("simulated channel (x in R^4): 300 training and 300 test samples"),
        "{text}"
    );
    assert!(dir.join("channel-paper.svg").exists());
}
