//! A model that blows up is not reported as a result: settings in their
//! ranges that drive the weights past f64 end the run with status 1 after
//! its report, which says from which sample (`diverged_at`), and the error
//! names the setting to lower (divergence.rs). The learners' rules are
//! untouched: a run that stays finite is reported as before.

mod command;

use command::{planar_csv, run, stdout};
use serde_json::Value;

/// Points either side of a line, enough for any learner to move, in a
/// scratch file of `name` (one a test: tests run at once).
fn points(name: &str) -> String {
    let rows: Vec<([f64; 2], i32)> = (0..40)
        .map(|i| {
            let x = [(i % 7) as f64 - 3.0, (i % 5) as f64 - 2.0];
            (x, if x[0] + x[1] > 0.0 { 1 } else { -1 })
        })
        .collect();
    planar_csv(name, &rows)
}

#[test]
fn weights_past_f64_fail_the_run_naming_the_sample_and_the_setting() {
    let train = points("divergence_weights.csv");
    for (flags, setting) in [
        (
            &["--algo", "winnow", "--winnow-alpha", "1e300"][..],
            "--winnow-alpha 1e300",
        ),
        (
            &["--algo", "ogd", "--ogd-loss", "square", "--lr", "1e300"][..],
            "--lr 1e300",
        ),
    ] {
        let mut args = vec!["learn", "--train", &train, "--json"];
        args.extend_from_slice(flags);
        let out = run(&args);
        assert_eq!(out.status.code(), Some(1), "{flags:?}");
        let report: Value = serde_json::from_slice(&out.stdout).unwrap();
        let sample = report["diverged_at"].as_u64().expect("diverged_at");
        assert!((1..=40).contains(&sample), "{report}");
        let error = String::from_utf8(out.stderr).unwrap();
        assert!(
            error.contains(&format!(
                "stopped being finite (infinite or NaN) at sample {sample}"
            )) && error.contains(&format!("lower {setting}")),
            "{error}"
        );
    }
}

#[test]
fn a_finite_run_has_no_divergence() {
    let train = points("divergence_finite.csv");
    let text = stdout(&run(&[
        "learn", "--algo", "pa1", "--train", &train, "--json",
    ]));
    assert!(!text.contains("diverged_at"), "{text}");
}

/// `learn --json FLAGS` on the points fails with status 1, its report's
/// `diverged_at` is `sample`, and the error names `part` and `setting`.
fn assert_diverged(flags: &[&str], sample: u64, part: &str, setting: &str) {
    let train = points("divergence_state.csv");
    let mut args = vec!["learn", "--train", &train, "--json"];
    args.extend_from_slice(flags);
    let out = run(&args);
    let error = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{flags:?}: {error}");
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["diverged_at"], sample, "{flags:?}: {report}");
    let said = format!("the {part} stopped being finite (infinite or NaN) at sample {sample}");
    assert!(error.contains(&said), "{error}");
    assert!(error.contains(&format!("lower {setting}")), "{error}");
}

#[test]
fn a_covariance_or_a_kernel_past_f64_fails_the_run_though_the_weights_stay_finite() {
    // Σ = 1e300 I overflows in the first update's shrink; the weights
    // then never move again, and the run used to report them as a result.
    for covariance in ["full", "diagonal"] {
        let flags = [
            "--algo",
            "arow",
            "--initial-variance",
            "1e300",
            "--covariance",
            covariance,
        ];
        assert_diverged(&flags, 1, "covariance Σ", "--initial-variance 1e300");
    }
    // (x·x' + 1e300)¹⁰ is infinite: the second sample's score is.
    let flags = [
        "--algo",
        "kernel-perceptron",
        "--kernel",
        "polynomial",
        "--degree",
        "10",
        "--offset",
        "1e300",
    ];
    assert_diverged(&flags, 2, "scores", "--offset 1e300");
}
