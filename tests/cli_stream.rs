//! The command line as an online learner (issue 27): `learn` and `compare`
//! stream their data, from a file, a pipe (`--train -`) or gzip, and learn
//! exactly what the library learns from the same file read whole; memory
//! stays flat however long the stream; progress lines follow the doubling
//! schedule and agree with the report; a bad line stops the run with a
//! partial report, or is skipped and counted.

mod command;

use std::io::Write;
use std::path::{Path, PathBuf};

use command::{run, run_with_input, stdout, temp_file};
use onlinelearn::data::{read_csv, read_libsvm, CsvOptions, OnError};
use onlinelearn::eval::Progress;
use onlinelearn::{Algorithm, AnyLearner, Dataset, Learner, Settings, Task};
use serde_json::Value;

fn a1a() -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/a1a");
    if path.exists() {
        Some(path)
    } else {
        eprintln!("skipping: {} is not here", path.display());
        None
    }
}

fn gzipped(path: &Path, name: &str) -> PathBuf {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    encoder.write_all(&std::fs::read(path).unwrap()).unwrap();
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&out, encoder.finish().unwrap()).unwrap();
    out
}

/// `compare --json` over every learner: one report each, by name.
fn reports(output: std::process::Output) -> Vec<Value> {
    let text = stdout(&output);
    let value: Value = serde_json::from_str(&text).unwrap();
    value.as_array().unwrap().clone()
}

fn every_learner() -> String {
    let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
    names.join(",")
}

/// What each learner learns from `data` read whole, in file order, with
/// the settings `compare` gives it (the defaults; the run's length as
/// OLRU's and OLRD's horizon), as the command line's reports say it.
fn expected(data: &Dataset) -> Vec<(Algorithm, Progress, AnyLearner)> {
    let settings = Settings {
        horizon: Some(data.len() as u64),
        ..Settings::default()
    };
    Algorithm::ALL
        .iter()
        .map(|&algorithm| {
            let mut learner = AnyLearner::new(algorithm, &settings).unwrap();
            let mut progress = Progress::default();
            learner.learn_batch(data, 0..data.len(), &mut progress);
            (algorithm, progress, learner)
        })
        .collect()
}

fn bits(v: &Value) -> u64 {
    v.as_f64().unwrap().to_bits()
}

/// Every report equals the whole-file learning to the bit.
fn assert_same(got: &[Value], want: &[(Algorithm, Progress, AnyLearner)], how: &str) {
    assert_eq!(got.len(), want.len(), "{how}");
    for (report, (algorithm, progress, learner)) in got.iter().zip(want) {
        let name = algorithm.name();
        assert_eq!(report["algo"], name, "{how}");
        assert_eq!(report["n_train"], progress.samples, "{how} {name}");
        assert_eq!(report["mistakes"], progress.mistakes, "{how} {name}");
        assert_eq!(
            bits(&report["mistake_rate"]),
            progress.mistake_rate().to_bits(),
            "{how} {name}"
        );
        match learner.linear_model() {
            Some(model) => {
                let weights: Vec<u64> = report["weights"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(bits)
                    .collect();
                let want: Vec<u64> = model.weights.iter().map(|w| w.to_bits()).collect();
                assert_eq!(weights, want, "{how} {name}: weights");
                assert_eq!(bits(&report["bias"]), model.bias.to_bits(), "{how} {name}");
            }
            None => assert_eq!(
                report["support_size"],
                learner.support_size(),
                "{how} {name}"
            ),
        }
    }
}

/// The same data from a file (its horizon from a first reading), from
/// standard input (read as `format`) and gzipped, against the library on
/// the file read whole.
fn check_every_learner(file: &Path, data: &Dataset, format: &str, gz_name: &str) {
    let want = expected(data);
    let algos = every_learner();
    let path = file.to_str().unwrap();
    let horizon = data.len().to_string();
    let from_file = reports(run(&[
        "compare", "--json", "--algos", &algos, "--train", path,
    ]));
    assert_same(&from_file, &want, "file");
    let piped = run_with_input(
        &[
            "compare",
            "--json",
            "--algos",
            &algos,
            "--horizon",
            &horizon,
            "--format",
            format,
            "--train",
            "-",
        ],
        std::fs::read(file).unwrap(),
    );
    assert_same(&reports(piped), &want, "stdin");
    let gz = gzipped(file, gz_name);
    let from_gz = reports(run(&[
        "compare",
        "--json",
        "--algos",
        &algos,
        "--train",
        gz.to_str().unwrap(),
    ]));
    assert_same(&from_gz, &want, "gzip");
}

#[test]
fn every_learner_streams_a1a_as_it_learns_the_file_read_whole() {
    let Some(path) = a1a() else { return };
    let data = read_libsvm(&path, Task::Classification, OnError::Fail)
        .unwrap()
        .data;
    check_every_learner(&path, &data, "libsvm", "a1a.gz");
}

#[test]
fn every_learner_streams_a_csv_as_it_learns_the_file_read_whole() {
    let csv = stdout(&run(&[
        "stream", "--preset", "moons", "--n", "1500", "--seed", "8",
    ]));
    let file = temp_file("stream_moons.csv", &csv);
    let data = read_csv(&file, &CsvOptions::default()).unwrap().data;
    check_every_learner(&file, &data, "csv", "stream_moons.csv.gz");
}

/// A9a-like lines: a label and 14 of 123 binary features, ascending.
fn a9a_like(lines: usize, seed: u64) -> Vec<u8> {
    let mut out = Vec::with_capacity(lines * 80);
    let mut x = seed | 1;
    for _ in 0..lines {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        out.extend_from_slice(if x.is_multiple_of(4) { b"+1" } else { b"-1" });
        let mut index = 0;
        for k in 0..14u64 {
            index += 1 + (x >> (4 * k)) % 8;
            write!(out, " {index}:1").unwrap();
        }
        out.push(b'\n');
    }
    out
}

#[test]
fn a_long_stream_from_a_pipe_is_learned_in_flat_memory() {
    use std::process::{Command, Stdio};
    // 2.6 million lines, 200 MB: four times what the learner would hold
    // if it kept the samples.
    let chunk = a9a_like(100_000, 11);
    let copies = 26;
    let mut child = Command::new(env!("CARGO_BIN_EXE_onlinelearn"))
        .args(["learn", "--algo", "pa1", "--json", "--train", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        for _ in 0..copies {
            stdin.write_all(&chunk).unwrap();
        }
    });
    // VmHWM is the peak resident size so far: the last reading before the
    // child exits is its peak over nearly all the stream.
    let status = format!("/proc/{pid}/status");
    let mut peak_kb = 0;
    while !writer.is_finished() {
        if let Ok(text) = std::fs::read_to_string(&status) {
            if let Some(line) = text.lines().find(|l| l.starts_with("VmHWM:")) {
                peak_kb = line.split_whitespace().nth(1).unwrap().parse().unwrap();
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    writer.join().unwrap();
    let report: Value = serde_json::from_str(&stdout(&child.wait_with_output().unwrap())).unwrap();
    assert_eq!(report["n_train"], 2_600_000);
    assert!(peak_kb > 0, "read the child's VmHWM");
    assert!(
        peak_kb < 50 * 1024,
        "resident {peak_kb} kB for a 200 MB stream"
    );
}

/// The lines `--progress lines` printed: (samples, mistakes, rate %, rate
/// since the line before %) each, the header left out.
fn progress_lines(stderr: &str) -> Vec<(u64, u64, f64, f64)> {
    stderr
        .lines()
        .filter(|l| !l.contains("samples") && !l.starts_with("note"))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let percent = |s: &str| s.trim_end_matches('%').parse::<f64>().unwrap();
            (
                f[0].parse().unwrap(),
                f[1].parse().unwrap(),
                percent(f[2]),
                percent(f[3]),
            )
        })
        .collect()
}

#[test]
fn progress_lines_fall_at_1_2_4_8_samples_and_the_last_agrees_with_the_report() {
    let data = a9a_like(3000, 5);
    let curves = Path::new(env!("CARGO_TARGET_TMPDIR")).join("stream_curves.csv");
    let args = [
        "learn",
        "--algo",
        "perceptron",
        "--json",
        "--progress",
        "lines",
        "--train",
        "-",
        "--curves",
        curves.to_str().unwrap(),
    ];
    let output = run_with_input(&args, data);
    let err = String::from_utf8(output.stderr.clone()).unwrap();
    let report: Value = serde_json::from_str(&stdout(&output)).unwrap();
    let lines = progress_lines(&err);
    let at: Vec<u64> = lines.iter().map(|l| l.0).collect();
    assert_eq!(
        at,
        [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 3000]
    );
    let last = lines.last().unwrap();
    assert_eq!(last.1, report["mistakes"].as_u64().unwrap());
    let rate = 100.0 * report["mistake_rate"].as_f64().unwrap();
    assert_eq!(format!("{:.2}", last.2), format!("{rate:.2}"));
    for pair in lines.windows(2) {
        let ((s0, m0, ..), (s1, m1, _, since)) = (pair[0], pair[1]);
        let want = 100.0 * (m1 - m0) as f64 / (s1 - s0) as f64;
        assert_eq!(format!("{since:.2}"), format!("{want:.2}"), "at {s1}");
    }
    // The curve: a row at each line's point and every 1000 samples.
    let csv = std::fs::read_to_string(&curves).unwrap();
    let rows: Vec<Vec<&str>> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    let samples: Vec<&str> = rows.iter().map(|r| r[1]).collect();
    let mut want: Vec<String> = (0..12).map(|k| (1u64 << k).to_string()).collect();
    want.extend(["1000", "2000", "3000"].map(String::from));
    want.sort_by_key(|s| s.parse::<u64>().unwrap());
    assert_eq!(samples, want);
    let end = rows.last().unwrap();
    assert_eq!(end[0], "perceptron");
    assert_eq!(end[2], report["mistakes"].to_string());
    assert_eq!(
        end[3].parse::<f64>().unwrap(),
        report["mistake_rate"].as_f64().unwrap()
    );
    // Several learners: a named line each at each point.
    let output = run_with_input(
        &[
            "compare",
            "--algos",
            "pa1,perceptron",
            "--progress",
            "lines",
            "--train",
            "-",
        ],
        a9a_like(100, 5),
    );
    let err = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        err.lines().filter(|l| l.starts_with("pa1 ")).count(),
        8,
        "{err}"
    );
    assert_eq!(
        err.lines().filter(|l| l.starts_with("perceptron ")).count(),
        8
    );
}

#[test]
fn a_bad_line_stops_the_stream_with_a_partial_report_or_is_skipped_and_counted() {
    let good = a9a_like(20, 3);
    let mut text: Vec<u8> = Vec::new();
    let mut lines = good.split_inclusive(|&b| b == b'\n');
    for _ in 0..10 {
        text.extend_from_slice(lines.next().unwrap());
    }
    text.extend_from_slice(b"+1 3:1 0:1\n");
    lines.for_each(|l| text.extend_from_slice(l));
    let learn = |more: &[&str], input: Vec<u8>| {
        let mut args = vec!["learn", "--algo", "pa1", "--json", "--train", "-"];
        args.extend_from_slice(more);
        run_with_input(&args, input)
    };
    let stopped = learn(&[], text.clone());
    assert!(!stopped.status.success(), "a partial run exits non-zero");
    let err = String::from_utf8(stopped.stderr.clone()).unwrap();
    assert!(
        err.contains("stdin:11:8: feature index 0 is not allowed (LIBSVM indices start at 1)"),
        "{err}"
    );
    assert!(
        err.contains("(partial)") && err.contains("--skip-bad"),
        "{err}"
    );
    let partial: Value = serde_json::from_slice(&stopped.stdout).unwrap();
    assert_eq!(partial["n_train"], 10);
    assert!(partial["stopped"]
        .as_str()
        .unwrap()
        .starts_with("stdin:11:8:"));
    // The partial model is what the ten lines before the bad one teach.
    let first_ten: Vec<u8> = text
        .split_inclusive(|&b| b == b'\n')
        .take(10)
        .flatten()
        .copied()
        .collect();
    let ten: Value = serde_json::from_str(&stdout(&learn(&[], first_ten))).unwrap();
    assert_eq!(partial["weights"], ten["weights"]);
    assert_eq!(partial["mistakes"], ten["mistakes"]);
    // --skip-bad: the stream goes on, and the count is reported.
    let skipped = learn(&["--skip-bad"], text);
    let err = String::from_utf8(skipped.stderr.clone()).unwrap();
    let report: Value = serde_json::from_str(&stdout(&skipped)).unwrap();
    assert_eq!(
        (report["n_train"].as_u64(), report["skipped_lines"].as_u64()),
        (Some(20), Some(1))
    );
    assert!(
        err.contains("stdin:11:8: feature index 0")
            && err.contains("stdin: skipped 1 bad line (--skip-bad)"),
        "{err}"
    );
    // A bad line in the test file stops the test, and says so.
    let test = temp_file("stream_bad_test.svm", "+1 3:1\n-1 2:x\n");
    let output = learn(&["--test", test.to_str().unwrap()], good);
    let err = String::from_utf8(output.stderr).unwrap();
    assert!(!output.status.success());
    assert!(
        err.contains("stream_bad_test.svm:2:6: value 'x' is not a number")
            && err.contains("the test stopped"),
        "{err}"
    );
}
