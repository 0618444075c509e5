//! The command line's settings: every flag comes from the settings table,
//! a flag the learner does not use is refused, every budget is honoured or
//! refused, `--json` records every setting in force and `--settings`
//! repeats a run from it; bad lines are all reported.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use onlinelearn::{Algorithm, Key, Settings};
use serde_json::Value;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_onlinelearn"))
        .args(args)
        .output()
        .unwrap()
}

fn ok(output: Output) -> String {
    assert!(
        output.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

fn refused(output: Output) -> String {
    assert!(
        !output.status.success(),
        "should have failed: {}",
        String::from_utf8_lossy(&output.stdout)
    );
    String::from_utf8(output.stderr).unwrap()
}

/// Writes `contents` to `name` in the tests' folder. Tests run at once
/// and several write the same file: each writes its own copy and renames
/// it into place (atomic), so no test reads a file half written.
fn temp_file(name: &str, contents: &str) -> PathBuf {
    static COPIES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let copy = COPIES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let draft = dir.join(format!("{name}.{}.{copy}", std::process::id()));
    std::fs::write(&draft, contents).unwrap();
    let path = dir.join(name);
    std::fs::rename(&draft, &path).unwrap();
    path
}

/// A small 2-D problem, as CSV.
fn moons() -> PathBuf {
    let csv = ok(run(&[
        "stream", "--preset", "moons", "--n", "300", "--seed", "4",
    ]));
    temp_file("settings-moons.csv", &csv)
}

fn json(args: &[&str]) -> Value {
    let mut all = vec!["learn", "--json"];
    all.extend_from_slice(args);
    serde_json::from_str(&ok(run(&all))).unwrap()
}

#[test]
fn a_flag_the_learner_does_not_use_is_refused_with_who_uses_it() {
    let data = moons();
    let data = data.to_str().unwrap();
    let cases: [(&[&str], &str); 6] = [
        (&["--algo", "projectron", "--budget", "50"], "--budget is not used by projectron (Projectron's size is set by its projection threshold η (--eta)"),
        (&["--algo", "projectron", "--c", "10"], "--c is not used by projectron; it is used by pa1, pa2, kernel-pa1, kernel-pa2, spa, scw1, scw2, nherd, bpa-s, silk"),
        (&["--algo", "projectron", "--bias", "none"], "--bias is not used by projectron; it is used by perceptron"),
        (&["--algo", "perceptron", "--c", "0.1"], "--c is not used by perceptron"),
        (&["--algo", "pa1", "--eps", "0.2"], "--eps applies only with --task regression"),
        (&["--algo", "kernel-pa1", "--kernel", "linear", "--sigma", "2"], "--sigma applies only with --kernel gaussian"),
    ];
    for (args, message) in cases {
        let mut all = vec!["learn", "--train", data];
        all.extend_from_slice(args);
        let err = refused(run(&all));
        assert!(err.contains(message), "{args:?}: {err}");
    }
    let err = refused(run(&[
        "learn",
        "--algo",
        "kernel-perceptron",
        "--budget",
        "0",
        "--train",
        data,
    ]));
    assert!(
        err.contains("--budget: budget must be a whole number from 1 to 1000000, or none, got 0"),
        "{err}"
    );
    let err = refused(run(&[
        "learn",
        "--algo",
        "projectron",
        "--eta",
        "1",
        "--train",
        data,
    ]));
    assert!(
        err.contains(
            "projection threshold η must be at least 0 and below 1 with the Gaussian kernel"
        ),
        "{err}"
    );
    // compare: a flag one of the learners uses is fine.
    ok(run(&[
        "compare",
        "--algos",
        "perceptron,pa1",
        "--c",
        "0.5",
        "--train",
        data,
    ]));
}

#[test]
fn every_kernel_learner_honours_a_budget_or_refuses_it() {
    let data = moons();
    let data = data.to_str().unwrap();
    for &a in Algorithm::ALL.iter().filter(|a| a.is_kernel()) {
        let out = run(&[
            "learn",
            "--json",
            "--algo",
            a.name(),
            "--sigma",
            "0.3",
            "--budget",
            "12",
            "--train",
            data,
        ]);
        let reads_budget = a
            .settings_in_force(&Settings {
                budget: Some(12),
                ..Settings::default()
            })
            .contains(&Key::Budget);
        if reads_budget {
            let report: Value = serde_json::from_str(&ok(out)).unwrap();
            let size = report["support_size"].as_u64().unwrap();
            assert!(
                size <= 12,
                "{a}: {size} support vectors over a budget of 12"
            );
            assert_eq!(report["settings"]["budget"], 12, "{a}");
        } else {
            let err = refused(out);
            assert!(
                err.contains(&format!("--budget is not used by {a}"))
                    && err.contains("size is set by"),
                "{a}: {err}"
            );
        }
    }
}

#[test]
fn json_records_every_setting_in_force_and_repeats_from_it() {
    let data = moons();
    let data = data.to_str().unwrap();
    let report = json(&[
        "--algo",
        "projectron",
        "--sigma",
        "0.5",
        "--eta",
        "0.3",
        "--seed",
        "9",
        "--train",
        data,
        "--test",
        data,
    ]);
    let settings = report["settings"].as_object().unwrap();
    let mut keys: Vec<&str> = settings.keys().map(String::as_str).collect();
    keys.sort();
    assert_eq!(
        keys,
        ["eta", "kernel", "passes", "seed", "sigma", "task"],
        "every setting in force and the run flags that shape it, nothing else"
    );
    for (key, value) in [
        ("kernel", Value::from("gaussian")),
        ("sigma", 0.5.into()),
        ("eta", 0.3.into()),
        ("seed", 9.into()),
        ("task", "classification".into()),
    ] {
        assert_eq!(settings[key], value, "{key}");
    }
    assert!(
        !settings.contains_key("c")
            && !settings.contains_key("budget")
            && !settings.contains_key("degree"),
        "only what is in force: {settings:?}"
    );
    assert_eq!(report["shuffle"], true);
    let kernel_pa = json(&["--algo", "kernel-pa1", "--budget", "40", "--train", data]);
    for key in ["kernel", "sigma", "c", "budget", "seed"] {
        assert!(
            kernel_pa["settings"].get(key).is_some(),
            "{key}: {kernel_pa}"
        );
    }
    let pa1 = json(&["--algo", "pa1", "--train", data]);
    for key in ["c", "bias", "seed"] {
        assert!(pa1["settings"].get(key).is_some(), "{key}: {pa1}");
    }
    // The report repeats its own run.
    let file = temp_file("report.json", &report.to_string());
    let again = json(&[
        "--algo",
        "projectron",
        "--settings",
        file.to_str().unwrap(),
        "--train",
        data,
        "--test",
        data,
    ]);
    for key in [
        "settings",
        "mistakes",
        "support_size",
        "test_accuracy",
        "shuffle",
    ] {
        assert_eq!(again[key], report[key], "{key}");
    }
    let bad = temp_file("bad-settings.json", r#"{"sigma": -1}"#);
    let err = refused(run(&[
        "learn",
        "--algo",
        "projectron",
        "--settings",
        bad.to_str().unwrap(),
        "--train",
        data,
    ]));
    assert!(
        err.contains("kernel width σ must be positive and finite, got -1"),
        "{err}"
    );
}

#[test]
fn every_bad_line_is_reported_and_skip_bad_keeps_the_good_rows() {
    let mut text = String::new();
    for i in 0..40 {
        match i % 10 {
            3 => text.push_str(&format!("{},abc,1\n", i)),
            7 => text.push_str("1,2\n"),
            _ => text.push_str(&format!("{},{},{}\n", i % 5, i % 3, i % 2)),
        }
    }
    let file = temp_file("some-bad.csv", &text);
    let path = file.to_str().unwrap();
    // Without --skip-bad the run stops at the first bad line: the model
    // learned from the 3 rows before it is reported, marked partial.
    let stopped = run(&["learn", "--json", "--algo", "pa1", "--train", path]);
    let err = refused(stopped.clone());
    assert!(
        err.contains("some-bad.csv:4:3: value 'abc' is not a number") && err.contains("--skip-bad"),
        "{err}"
    );
    let partial: Value = serde_json::from_slice(&stopped.stdout).unwrap();
    assert_eq!(partial["n_train"], 3);
    assert!(partial["stopped"]
        .as_str()
        .unwrap()
        .ends_with("some-bad.csv:4:3: value 'abc' is not a number"));
    let out = run(&[
        "learn",
        "--json",
        "--algo",
        "pa1",
        "--skip-bad",
        "--train",
        path,
    ]);
    let warnings = String::from_utf8(out.stderr.clone()).unwrap();
    let report: Value = serde_json::from_str(&ok(out)).unwrap();
    assert_eq!(
        (report["n_train"].as_u64(), report["skipped_lines"].as_u64()),
        (Some(32), Some(8))
    );
    assert!(report.get("stopped").is_none());
    assert!(
        warnings.contains("skipped 8 bad lines") && warnings.contains("some-bad.csv:8:"),
        "{warnings}"
    );
    // Past twenty listed lines the rest are counted.
    let many: String = (0..100)
        .map(|i| if i % 2 == 1 { "x,1,1\n" } else { "1,1,1\n" })
        .collect();
    let out = run(&[
        "learn",
        "--algo",
        "pa1",
        "--skip-bad",
        "--train",
        temp_file("many-bad.csv", &many).to_str().unwrap(),
    ]);
    let warnings = String::from_utf8(out.stderr.clone()).unwrap();
    assert!(out.status.success());
    assert_eq!(
        warnings.matches("(skipped: --skip-bad)").count(),
        20,
        "{warnings}"
    );
    assert!(warnings.contains("skipped 50 bad lines"), "{warnings}");
}

#[test]
fn a_flag_that_only_shapes_another_is_refused_without_it() {
    // --curve-every shapes --curves' file, --link-base --link's address:
    // alone, each would do nothing, so each is refused and names the flag.
    let data = moons();
    let train = data.to_str().unwrap();
    for args in [
        vec![
            "learn",
            "--algo",
            "pa1",
            "--train",
            train,
            "--curve-every",
            "10",
        ],
        vec![
            "learn",
            "--algo",
            "pa1",
            "--train",
            train,
            "--link-base",
            "https://example.org/",
        ],
        vec![
            "compare",
            "--algos",
            "pa,pa1",
            "--train",
            train,
            "--link-base",
            "https://example.org/",
        ],
        vec![
            "stream",
            "--preset",
            "moons",
            "--link-base",
            "https://example.org/",
        ],
        vec!["replay", "algo=pa1", "--link-base", "https://example.org/"],
    ] {
        let why = refused(run(&args));
        let needed = if args.contains(&"--curve-every") {
            "--curves"
        } else {
            "--link"
        };
        assert!(
            why.contains("required arguments were not provided") && why.contains(needed),
            "{args:?}: {why}"
        );
    }
}
