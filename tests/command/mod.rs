//! Running the `onlinelearn` binary from a test: its output, its failure,
//! fixture paths and scratch files.
#![allow(dead_code)] // each test binary uses its own subset

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_onlinelearn"))
        .args(args)
        .output()
        .unwrap()
}

pub fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

pub fn stderr(output: &Output) -> String {
    assert!(!output.status.success(), "should have failed");
    String::from_utf8(output.stderr.clone()).unwrap()
}

pub fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
        .display()
        .to_string()
}

pub fn temp_file(name: &str, contents: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// The cases of a reference fixture (tests/fixtures/`name`, written by a
/// script of scripts/reference).
pub fn reference_cases(name: &str) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(fixture(name)).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    doc["cases"].as_array().unwrap().clone()
}

/// A CSV of planar rows (x1, x2, label) in a scratch file: its path.
pub fn planar_csv(name: &str, rows: &[([f64; 2], i32)]) -> String {
    let mut text = String::from("x1,x2,y\n");
    for (x, y) in rows {
        text.push_str(&format!("{},{},{y}\n", x[0], x[1]));
    }
    temp_file(name, &text).display().to_string()
}

/// `learn --json --theory` of `algo` on a `file` the theory layer must
/// explain rather than fail on (one class, one point twice labelled): no
/// NaN, separability as `separable` says, every bound a number or a
/// reason. Returns the output's text.
pub fn assert_theory_explains(algo: &str, file: &str, separable: bool) -> String {
    let text = stdout(&run(&[
        "learn", "--json", "--algo", algo, "--train", file, "--theory",
    ]));
    assert!(!text.contains("NaN"), "{text}");
    let out: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        out["theory"]["separable"], separable,
        "{algo} {file}: {text}"
    );
    for b in out["theory"]["bounds"].as_array().unwrap() {
        assert!(b["value"].is_number() || b["reason"].is_string(), "{b}");
    }
    text
}

/// `onlinelearn learn --json ARGS`, parsed.
pub fn learn_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["learn", "--json"];
    all.extend_from_slice(args);
    serde_json::from_str(&stdout(&run(&all))).unwrap()
}

/// `onlinelearn ARGS` with `input` written to its standard input (from a
/// thread, so that a large input streams while the child reads it).
pub fn run_with_input(args: &[&str], input: Vec<u8>) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_onlinelearn"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        // The child may stop early (a refused run): a broken pipe is its answer.
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

/// `onlinelearn ARGS` fails, and its error says `words`.
pub fn assert_refused(args: &[&str], words: &str) {
    let err = stderr(&run(args));
    assert!(err.contains(words), "{err}");
}

/// `onlinelearn learn --help` documents each flag with its range and
/// default: the line under the flag holds the words given.
pub fn assert_help_documents(flags: &[(&str, &str)]) {
    let help = stdout(&run(&["learn", "--help"]));
    for (flag, words) in flags {
        let at = help
            .find(flag)
            .unwrap_or_else(|| panic!("{flag} in --help"));
        let line = help[at..].lines().nth(1).unwrap();
        assert!(line.contains(words), "{flag}: {line}");
    }
}

/// `compare --json` runs every one of `names` by name, in that order, on
/// the noisy file (15% of the labels flipped): every one learns, none is
/// perfect.
pub fn assert_compare_learns_all(names: &[&str]) {
    let data = fixture("libol_noisy.csv");
    let algos = names.join(",");
    let out = stdout(&run(&[
        "compare", "--json", "--algos", &algos, "--train", &data,
    ]));
    let reports: serde_json::Value = serde_json::from_str(&out).unwrap();
    let reports = reports.as_array().unwrap();
    let got: Vec<&str> = reports
        .iter()
        .map(|r| r["algo"].as_str().unwrap())
        .collect();
    assert_eq!(got, names);
    for report in reports {
        let rate = report["mistake_rate"].as_f64().unwrap();
        assert!(rate > 0.15 && rate < 0.45, "{}: {rate}", report["algo"]);
    }
}

/// Each of `got` equals the reference's number in `want` to 1e-9,
/// relative (1e-12 absolute near 0): the tolerance of a NumPy
/// transcription's float order against ours.
pub fn assert_close_to_reference(got: &[(f64, f64)], context: &str) {
    for &(g, w) in got {
        assert!(
            (g - w).abs() <= 1e-9 * g.abs().max(w.abs()) + 1e-12,
            "{context}: {g} vs {w}"
        );
    }
}

/// `onlinelearn learn FLAGS --train FILE` fails, and its error says
/// `words`. `flags` is split at spaces (flags and plain values), so that a
/// refusal reads as the command line a user typed.
pub fn assert_learn_refused(flags: &str, train: &str, words: &str) {
    let mut args = vec!["learn"];
    args.extend(flags.split_whitespace());
    args.extend(["--train", train]);
    assert_refused(&args, words);
}

/// A LIBSVM file of 40 two-class rows over 1500 features (each row a 1 on
/// one of the first seven and 0.5 on feature 1500): too wide for a full
/// covariance.
pub fn wide_rows() -> String {
    (0..40)
        .map(|i| {
            format!(
                "{} {}:1 1500:0.5\n",
                if i % 2 == 0 { "+1" } else { "-1" },
                1 + i % 7
            )
        })
        .collect()
}

/// `n` samples of the moons preset (seed `seed`), written in LIBSVM form
/// to `name` in the tests' folder with `labels` for its classes +1 and −1
/// (`("1", "-1")` as streamed): its path.
pub fn moons_libsvm(name: &str, n: &str, seed: &str, labels: (&str, &str)) -> PathBuf {
    let csv = stdout(&run(&[
        "stream", "--preset", "moons", "--n", n, "--seed", seed,
    ]));
    let libsvm: String = csv
        .lines()
        .skip(1)
        .map(|l| {
            let v: Vec<&str> = l.split(',').collect();
            let class = if v[2] == "1" { labels.0 } else { labels.1 };
            format!("{class} 1:{} 2:{}\n", v[0], v[1])
        })
        .collect();
    temp_file(name, &libsvm)
}
