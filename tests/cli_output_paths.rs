//! Every output path is checked before the work, naming its flag and
//! path: `frontier --svg/--csv`, `paper --out`, `replay --curves`, `learn
//! --curves`. They used to compute everything (and print the table) and
//! then fail at the write.

mod command;

use command::{moons_libsvm, run};

/// Fails with nothing on standard output (no table: the work never ran),
/// and the error names `flag` and `path`.
fn assert_checked_first(args: &[&str], flag: &str, path: &str) {
    let out = run(args);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(!out.status.success(), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?}: worked first: {err}");
    assert!(err.contains(&format!("{flag} {path}: ")), "{err}");
}

fn moons(name: &str, seed: &str) -> String {
    moons_libsvm(name, "60", seed, ("1", "-1"))
        .display()
        .to_string()
}

#[test]
fn output_paths_are_checked_before_the_work() {
    let (train, test) = (moons("paths.train", "1"), moons("paths.test", "2"));
    let missing = "/nonexistent-folder-of-onlinelearn/x.svg";
    let frontier = |flag: &'static str, path: &'static str| {
        let fixed = "frontier --algos kernel-perceptron --sizes 10 --orderings 2";
        let mut args: Vec<&str> = fixed.split(' ').collect();
        args.extend(["--train", &train, "--test", &test, flag, path]);
        assert_checked_first(&args, flag, path);
    };
    frontier("--svg", missing);
    frontier("--csv", "/dev/null/x.csv");
    let paper = [
        "paper",
        "--protocol",
        "sweep",
        "--train",
        &train,
        "--test",
        &test,
        "--n-train",
        "40",
        "--n-test",
        "40",
        "--repeats",
        "2",
        "--checkpoints",
        "2",
        "--curve-test",
        "20",
        "--out",
        "/dev/null/x",
    ];
    assert_checked_first(&paper, "--out", "/dev/null/x");
    let replay = ["replay", "#v=4&algo=pa1", "--curves", missing];
    assert_checked_first(&replay, "--curves", missing);
    let learn = [
        "learn", "--algo", "pa1", "--train", &train, "--curves", missing,
    ];
    assert_checked_first(&learn, "--curves", missing);
}
