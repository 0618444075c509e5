//! The budgeted kernel learners of issue 23 on the command line: each runs
//! by name and, by its flags, gives the NumPy transcription's progressive
//! mistakes, support size and test accuracy (the exact cases of
//! tests/fixtures/kernel_reference.json, file order: no `--seed`);
//! `--help` documents their flags with range and default; a flag of theirs
//! is refused for a learner that does not read it; without a budget, the
//! note says how to cap the set.

mod command;

use command::{fixture, learn_json, run, stderr, stdout};
use serde_json::Value;

/// The learners of this file.
const NAMES: [&str; 8] = [
    "forgetron",
    "stoptron",
    "bogd",
    "fogd",
    "nogd",
    "bpa-s",
    "silk",
    "bsgd",
];

/// The learners of this file that take a budget (FOGD keeps no vectors).
const BUDGETED: [&str; 7] = [
    "forgetron",
    "stoptron",
    "bogd",
    "nogd",
    "bpa-s",
    "silk",
    "bsgd",
];

#[test]
fn each_gives_the_transcription_by_its_flags() {
    let doc: Value =
        serde_json::from_str(&std::fs::read_to_string(fixture("kernel_reference.json")).unwrap())
            .unwrap();
    let (train, test) = (
        fixture("kernel_4d_train.csv"),
        fixture("kernel_4d_test.csv"),
    );
    let mut checked = Vec::new();
    for case in doc["exact"].as_array().unwrap() {
        let algo = case["algo"].as_str().unwrap();
        if !NAMES.contains(&algo) {
            continue;
        }
        let mut args: Vec<String> = ["--algo", algo, "--train", &train, "--test", &test]
            .map(String::from)
            .into();
        for (key, value) in case["settings"].as_object().unwrap() {
            let text = value
                .as_str()
                .map_or_else(|| value.to_string(), String::from);
            args.extend([format!("--{key}"), text]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = learn_json(&args);
        for field in ["mistakes", "support_size", "test_accuracy"] {
            assert_eq!(out[field], case[field], "{field}: {args:?}");
        }
        checked.push(algo);
    }
    checked.dedup();
    assert_eq!(checked, NAMES);
}

/// `flag` is in `help`, its range and default (`words`) on the next line.
fn documented(help: &str, flag: &str, words: &str) {
    let at = help
        .find(flag)
        .unwrap_or_else(|| panic!("{flag} in --help"));
    let line = help[at..].lines().nth(1).unwrap();
    assert!(line.contains(words), "{flag}: {line}");
}

#[test]
fn help_documents_their_flags_and_an_unused_one_is_refused() {
    let help = stdout(&run(&["learn", "--algo", "forgetron", "--help"]));
    for (flag, words) in [
        ("--forgetron-form", "[paper, authors; default: paper]"),
        (
            "--bogd-lambda",
            "[non-negative and finite; default: 0.0001]",
        ),
        ("--bogd-gamma", "[positive and finite; default: 10]"),
        ("--bogd-form", "[paper, authors; default: paper]"),
        (
            "--fogd-d",
            "[a whole number from 1 to 100000; default: 200]",
        ),
        (
            "--nogd-rank",
            "[greater than 0 and at most 1; default: 0.2]",
        ),
        ("--silk-lambda", "[non-negative and finite; default: 0.01]"),
        ("--bsgd-lambda", "[positive and finite; default: 0.0001]"),
        (
            "--bsgd-maintenance",
            "[removal, projection, merging; default: merging]",
        ),
    ] {
        documented(&help, flag, words);
    }
    let data = fixture("kernel_4d_train.csv");
    let refusals: [(&[&str], &str); 11] = [
        (
            &["--algo", "kernel-pa1", "--forgetron-form", "authors"],
            "--forgetron-form is not used by kernel-pa1; it is used by forgetron",
        ),
        // The form is how a removal shrinks: without a budget nothing is removed.
        (
            &["--algo", "forgetron", "--forgetron-form", "authors"],
            "--forgetron-form applies only with --budget N",
        ),
        (
            &["--algo", "forgetron", "--forgetron-form", "code"],
            "unknown Forgetron form 'code' (expected one of: paper, authors)",
        ),
        // γ caps what a removal rescales: without a budget nothing is removed.
        (
            &["--algo", "bogd", "--bogd-gamma", "2"],
            "--bogd-gamma applies only with --budget N",
        ),
        (
            &["--algo", "bogd", "--budget", "5", "--bogd-lambda", "-1"],
            "BOGD λ must be non-negative and finite, got -1",
        ),
        (
            &["--algo", "fogd", "--budget", "20"],
            "--budget is not used by fogd (FOGD's size is set by its D random Fourier features (--fogd-d); it keeps no support vectors)",
        ),
        (
            &["--algo", "fogd", "--kernel", "polynomial"],
            "FOGD needs the Gaussian kernel: its random Fourier features approximate that kernel alone",
        ),
        (
            &["--algo", "nogd", "--budget", "9", "--nogd-rank", "1.5"],
            "NOGD rank ρ must be greater than 0 and at most 1, got 1.5",
        ),
        // Maintenance happens past the budget: without one, nothing to keep.
        (
            &["--algo", "bsgd", "--bsgd-maintenance", "removal"],
            "--bsgd-maintenance applies only with --budget N",
        ),
        (
            &["--algo", "bsgd", "--budget", "5", "--kernel", "linear"],
            "BSGD merges only under the Gaussian kernel: choose removal or projection",
        ),
        (
            &["--algo", "silk", "--silk-lambda", "-0.5"],
            "SILK λ must be non-negative and finite, got -0.5",
        ),
    ];
    for (args, words) in refusals {
        let mut all = vec!["learn", "--train", &data];
        all.extend_from_slice(args);
        let err = stderr(&run(&all));
        assert!(err.contains(words), "{args:?}: {err}");
    }
}

#[test]
fn without_a_budget_the_note_says_what_caps_the_set() {
    let data = fixture("kernel_4d_train.csv");
    for algo in BUDGETED {
        let out = run(&["learn", "--algo", algo, "--train", &data]);
        let err = String::from_utf8(out.stderr.clone()).unwrap();
        assert!(out.status.success(), "{err}");
        assert!(
            err.contains("has no budget") && err.contains("--budget N caps it"),
            "{algo}: {err}"
        );
        let capped = run(&["learn", "--algo", algo, "--budget", "10", "--train", &data]);
        assert_eq!(String::from_utf8(capped.stderr).unwrap(), "", "{algo}");
    }
    // FOGD keeps no support vectors: nothing to cap, nothing to say.
    let fogd = run(&["learn", "--algo", "fogd", "--train", &data]);
    assert_eq!(String::from_utf8(fogd.stderr).unwrap(), "");
}
