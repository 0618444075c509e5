//! Data too wide for a full Σ: a feature index of 100000 asks AROW for
//! 100001² numbers (80 GB), whose allocation aborted the run. However the
//! data arrives (a file streamed, read whole for a shuffle, standard
//! input, one of K classes), the run refuses the sample, naming its line,
//! the most a full Σ holds and the flag that learns it.

mod command;

use command::{run, run_with_input, stderr, temp_file};

const WIDE: &str = "+1 1:1\n-1 2:1\n+1 1:1 100000:1\n-1 2:1\n";

/// The run failed with the refusal at line 3, not an abort.
fn assert_too_wide(output: &std::process::Output, file: &str) {
    let err = stderr(output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(
        err.contains(&format!("{file}:3:1: a sample of 100000 features")),
        "{err}"
    );
    assert!(err.contains("at most 4096 features"), "{err}");
    assert!(err.contains("--covariance diagonal"), "{err}");
}

#[test]
fn a_sample_too_wide_for_a_full_covariance_is_refused_naming_its_line() {
    let path = temp_file("too_wide.svm", WIDE);
    let file = path.to_str().unwrap();
    let learn = |extra: &[&str]| {
        let mut args = vec!["learn", "--covariance", "full", "--train", file];
        args.extend_from_slice(extra);
        run(&args)
    };
    assert_too_wide(&learn(&["--algo", "arow"]), file);
    assert_too_wide(&learn(&["--algo", "arow", "--seed", "3"]), file);
    assert_too_wide(&learn(&["--algo", "sop"]), file);
    let three = temp_file("too_wide_3.svm", &format!("{WIDE}3 1:1\n"));
    let three = three.to_str().unwrap();
    let flags = "learn --algo arow --classes -1,1,3 --train".split(' ');
    let out = run(&flags.chain([three]).collect::<Vec<_>>());
    assert_too_wide(&out, three);
    let piped = run_with_input(
        &[
            "learn",
            "--algo",
            "scw1",
            "--covariance",
            "full",
            "--train",
            "-",
        ],
        WIDE.as_bytes().to_vec(),
    );
    assert_too_wide(&piped, "stdin");
}

#[test]
fn the_diagonal_of_covariance_learns_the_same_wide_data() {
    let path = temp_file("too_wide_diagonal.svm", WIDE);
    let out = run(&[
        "learn",
        "--algo",
        "arow",
        "--covariance",
        "diagonal",
        "--train",
        path.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
