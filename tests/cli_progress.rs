//! What the command line says on standard error while it works: a progress
//! bar on a terminal or with `--progress`, none in a pipe or with
//! `--quiet`; one note for a learner whose support set nothing caps; and
//! the same results whatever is shown.

mod command;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use command::{fixture, run, stdout, temp_file};
use onlinelearn::eval::Progress;
use onlinelearn::settings::KernelKind;
use onlinelearn::{Algorithm, AnyLearner, Learner, Preset, Settings, Stream, StreamConfig};
use serde_json::Value;

/// 3000 two-moons samples, the stream's own (so the library can learn
/// the very same rows): the bar crosses several chunks on them.
const N: usize = 3000;
const SEED: u64 = 4;

fn moons() -> PathBuf {
    // Written once: the tests run in parallel, and one must not read the
    // file while another rewrites it.
    static FILE: OnceLock<PathBuf> = OnceLock::new();
    FILE.get_or_init(|| {
        let csv = stdout(&run(&[
            "stream",
            "--preset",
            "moons",
            "--n",
            &N.to_string(),
            "--seed",
            &SEED.to_string(),
        ]));
        temp_file("progress_moons.csv", &csv)
    })
    .clone()
}

/// A successful run's standard output and standard error.
fn run_ok(args: &[&str]) -> (String, String) {
    let output = run(args);
    let err = String::from_utf8(output.stderr.clone()).unwrap();
    (stdout(&output), err)
}

/// The args of `learn` on the moons with a learner and its settings.
fn learn<'a>(data: &'a Path, algo: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["learn", "--train", data.to_str().unwrap()];
    args.extend_from_slice(algo);
    args
}

fn with<'a>(args: &[&'a str], more: &[&'a str]) -> Vec<&'a str> {
    let mut all = args.to_vec();
    all.extend_from_slice(more);
    all
}

/// A report without its timings (the one thing two runs may differ in).
fn untimed(text: &str) -> String {
    text.lines()
        .filter(|l| !l.contains("learned in"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn untimed_json(text: &str) -> Value {
    let mut value: Value = serde_json::from_str(text).unwrap();
    let strip = |v: &mut Value| {
        v.as_object_mut().unwrap().remove("learn_seconds");
    };
    match &mut value {
        Value::Array(reports) => reports.iter_mut().for_each(strip),
        report => strip(report),
    }
    value
}

fn notes(stderr: &str) -> Vec<&str> {
    stderr.lines().filter(|l| l.starts_with("note: ")).collect()
}

const PROJECTRON: &[&str] = &[
    "--algo",
    "projectron",
    "--kernel",
    "gaussian",
    "--sigma",
    "0.4",
];

#[test]
fn in_a_pipe_there_is_no_bar_and_the_report_is_the_quiet_one() {
    let data = moons();
    let args = learn(&data, &["--algo", "pa1"]);
    let (out, err) = run_ok(&args);
    assert_eq!(err, "", "nothing but the report without a terminal");
    let (quiet, quiet_err) = run_ok(&with(&args, &["--quiet"]));
    assert_eq!(quiet_err, "");
    assert_eq!(untimed(&out), untimed(&quiet));
    // A kernel learner: its note, and still no bar.
    let args = learn(&data, PROJECTRON);
    let (out, err) = run_ok(&args);
    assert_eq!(notes(&err).len(), 1, "{err}");
    assert_eq!(err.lines().count(), 1, "only the note: {err:?}");
    assert!(!err.contains('\r') && !err.contains('\x1b'), "{err:?}");
    let (quiet, quiet_err) = run_ok(&with(&args, &["--quiet"]));
    assert_eq!(quiet_err, "", "--quiet silences the note too");
    assert_eq!(untimed(&out), untimed(&quiet));
}

#[test]
fn progress_draws_the_bar_with_bytes_samples_rate_and_support_size() {
    let data = moons();
    let size = std::fs::metadata(&data).unwrap().len();
    let total = format!("/{}", indicatif::HumanBytes(size));
    let (_, err) = run_ok(&with(&learn(&data, PROJECTRON), &["--progress", "bar"]));
    assert!(err.contains(&total), "the file's size: {err:?}");
    assert!(err.contains(" samples, "), "{err:?}");
    assert!(err.contains("/s"), "a rate: {err:?}");
    assert!(err.contains("support size "), "{err:?}");
    assert!(err.contains(" left"), "time left: {err:?}");
    let (_, err) = run_ok(&with(
        &learn(&data, &["--algo", "pa1"]),
        &["--progress", "bar"],
    ));
    assert!(err.contains(&total), "{err:?}");
    assert!(!err.contains("support size"), "a linear learner has none");
    // A run that knows its length counts samples: a whole-file shuffle.
    let (_, err) = run_ok(&with(
        &learn(&data, &["--algo", "pa1", "--seed", "1"]),
        &["--progress", "bar"],
    ));
    assert!(err.contains("/3,000 samples"), "{err:?}");
    // Several learners learn together, named on one bar.
    let (_, err) = run_ok(&[
        "compare",
        "--algos",
        "pa1,perceptron",
        "--train",
        data.to_str().unwrap(),
        "--progress",
        "bar",
    ]);
    assert!(err.contains("pa1, perceptron"), "{err:?}");
    let refused = run(&with(
        &learn(&data, &["--algo", "pa1"]),
        &["--quiet", "--progress"],
    ));
    assert!(!refused.status.success(), "--quiet and --progress conflict");
}

/// `script` (util-linux) runs a command under a pseudo-terminal.
fn under_a_terminal(args: &[&str]) -> Option<String> {
    let found = Command::new("script").arg("--version").output();
    if !found.is_ok_and(|o| o.status.success()) {
        eprintln!("skipping the terminal check: no `script` here");
        return None;
    }
    let line = std::iter::once(env!("CARGO_BIN_EXE_onlinelearn"))
        .chain(args.iter().copied())
        .map(|a| format!("'{a}'"))
        .collect::<Vec<_>>()
        .join(" ");
    let output = Command::new("script")
        .args(["-qfec", &line, "/dev/null"])
        .env("TERM", "xterm")
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    Some(String::from_utf8_lossy(&output.stdout).into_owned())
}

#[test]
fn a_terminal_gets_the_bar_unless_quiet() {
    let data = moons();
    let args = learn(&data, &["--algo", "kernel-perceptron", "--budget", "50"]);
    let Some(shown) = under_a_terminal(&args) else {
        return;
    };
    assert!(shown.contains("KiB, "), "the bar: {shown:?}");
    assert!(shown.contains("support size "), "{shown:?}");
    assert!(
        shown.contains("since last") && shown.contains("        3000 "),
        "the lines, the last at 3000 samples: {shown:?}"
    );
    assert!(shown.contains("progressive mistakes"), "and the report");
    let quiet = under_a_terminal(&with(&args, &["--quiet"])).unwrap();
    assert!(
        !quiet.contains("KiB, ") && !quiet.contains("since last"),
        "{quiet:?}"
    );
    assert!(quiet.contains("progressive mistakes"));
}

#[test]
fn a_learner_without_a_cap_says_so_once_naming_what_bounds_it() {
    let data = moons();
    let note_of = |algo: &[&str]| -> Vec<String> {
        let (_, err) = run_ok(&with(&learn(&data, algo), &["--passes", "2"]));
        notes(&err).into_iter().map(String::from).collect()
    };
    let projectron = note_of(PROJECTRON);
    assert_eq!(projectron.len(), 1, "{projectron:?}");
    assert!(projectron[0].contains("Projectron") && projectron[0].contains("(--eta)"));
    let perceptron = note_of(&["--algo", "kernel-perceptron"]);
    assert_eq!(perceptron.len(), 1, "{perceptron:?}");
    assert!(
        perceptron[0].ends_with("--budget N caps it"),
        "{perceptron:?}"
    );
    let authors = note_of(&["--algo", "olrd", "--olrd-form", "authors"]);
    assert_eq!(authors.len(), 1, "{authors:?}");
    for capped in [
        &["--algo", "kernel-perceptron", "--budget", "50"][..],
        &["--algo", "olrd"],
        &["--algo", "apsm"],
        &["--algo", "pa1"],
    ] {
        assert_eq!(note_of(capped), Vec::<String>::new(), "{capped:?}");
    }
    let (_, err) = run_ok(&with(
        &learn(&data, &["--algo", "kernel-perceptron"]),
        &["--quiet"],
    ));
    assert_eq!(err, "");
    // compare: one note per uncapped learner.
    let (_, err) = run_ok(&[
        "compare",
        "--algos",
        "projectron,kernel-perceptron,pa1",
        "--train",
        data.to_str().unwrap(),
    ]);
    assert_eq!(notes(&err).len(), 2, "{err}");
}

#[test]
fn results_are_the_same_with_and_without_the_bar() {
    let data = moons();
    let compare = [
        "compare",
        "--algos",
        "pa1,projectron,spa",
        "--seed",
        "7",
        "--train",
        data.to_str().unwrap(),
        "--test",
        data.to_str().unwrap(),
        "--json",
    ];
    let multiclass = [
        "learn",
        "--algo",
        "pa1",
        "--multiclass",
        "crammer-singer",
        "--train",
        &fixture("multiclass_train.svm"),
        "--json",
    ];
    for args in [&compare[..], &multiclass[..]] {
        let (shown, _) = run_ok(&with(args, &["--progress"]));
        let (quiet, _) = run_ok(&with(args, &["--quiet"]));
        assert_eq!(untimed_json(&shown), untimed_json(&quiet), "{args:?}");
    }
}

#[test]
fn learning_in_chunks_is_learning_the_file_in_one_batch() {
    let rows = Stream::new(StreamConfig::new(Preset::Moons, SEED))
        .unwrap()
        .take(N);
    let data = moons();
    // The averaged perceptron's average counts every sample, passive or not.
    for (algo, settings) in [
        (Algorithm::Pa1, Settings::default()),
        (Algorithm::AveragedPerceptron, Settings::default()),
        (
            Algorithm::Projectron,
            Settings {
                kernel: KernelKind::Gaussian,
                sigma: 0.4,
                ..Settings::default()
            },
        ),
    ] {
        let mut learner = AnyLearner::new(algo, &settings).unwrap();
        let mut progress = Progress::default();
        learner.learn_batch(&rows, 0..N, &mut progress);
        let kernel: &[&str] = if algo.is_kernel() {
            &["--kernel", "gaussian", "--sigma", "0.4"]
        } else {
            &[]
        };
        let args = with(
            &learn(&data, &["--algo", algo.name(), "--json", "--progress"]),
            kernel,
        );
        let (out, _) = run_ok(&args);
        // Compared as text: serde_json writes every f64 exactly (its
        // shortest form), while its parser may miss the last bit.
        let compact: String = out.split_whitespace().collect();
        let expect = |key: &str, value: String| {
            let field = format!("\"{key}\":{value}");
            assert!(compact.contains(&field), "{algo}: {field} in {compact}");
        };
        let written = |v: f64| serde_json::to_string(&v).unwrap();
        expect("mistakes", progress.mistakes.to_string());
        // The rate divides by the samples seen: every row, once.
        expect("mistake_rate", written(progress.mistake_rate()));
        match learner.linear_model() {
            Some(model) => {
                expect("weights", serde_json::to_string(&model.weights).unwrap());
                expect("bias", written(model.bias));
            }
            None => expect("support_size", learner.support_size().to_string()),
        }
    }
}

#[test]
fn paper_follows_the_same_rules() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("paper_progress");
    let base = [
        "paper",
        "--simulated",
        "--learners",
        "projectron",
        "--n-train",
        "60",
        "--n-test",
        "60",
        "--repeats",
        "2",
        "--checkpoints",
        "2",
        "--curve-test",
        "30",
        "--out",
        dir.to_str().unwrap(),
    ];
    let (out, err) = run_ok(&with(&base, &["--progress"]));
    assert!(err.contains("/2 runs"), "{err:?}");
    let (quiet, quiet_err) = run_ok(&with(&base, &["--quiet"]));
    assert!(!quiet_err.contains("runs"), "{quiet_err:?}");
    assert!(quiet_err.starts_with("wrote "), "where the files went");
    assert_eq!(out, quiet, "the tables are the same");
    let (_, err) = run_ok(&base);
    assert!(!err.contains('\r') && !err.contains('\x1b'), "{err:?}");
}
