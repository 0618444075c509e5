//! The command line's contract: what `onlinelearn learn/compare/stream` print
//! and how they fail.

mod command;

use command::{
    assert_learn_refused, assert_refused, fixture, learn_json, reference_cases, run, stderr,
    stdout, temp_file,
};
use onlinelearn::{Features, Preset, Stream, StreamConfig};
use serde_json::Value;

#[test]
fn learn_json_has_the_contract_fields_and_matches_river() {
    let train = fixture("seed000_classification_train.csv");
    let test = fixture("seed000_classification_test.csv");
    let out = learn_json(&[
        "--algo",
        "pa1",
        "--c",
        "0.01",
        "--bias",
        "decoupled",
        "--train",
        &train,
        "--test",
        &test,
    ]);
    for key in [
        "algo",
        "task",
        "n_train",
        "mistakes",
        "mistake_rate",
        "test_accuracy",
        "weights",
        "bias",
        "learn_seconds",
    ] {
        assert!(out.get(key).is_some(), "missing {key}: {out}");
    }
    assert_eq!(out["algo"], "pa1");
    assert_eq!(out["task"], "classification");
    assert_eq!(out["n_train"], 3250);
    // The same case River ran (tests/fixtures/reference.json).
    let river = reference_cases("reference.json")
        .into_iter()
        .find(|c| {
            c["library"].as_str().unwrap().starts_with("river")
                && c["algo"] == "pa1"
                && c["c"] == 0.01
                && c["bias"] == "decoupled"
                && c["task"] == "classification"
                && c["data"] == "seed000_classification"
        })
        .unwrap();
    assert_eq!(out["mistakes"], river["mistakes"]);
    let (got, want) = (
        out["weights"].as_array().unwrap(),
        river["weights"].as_array().unwrap(),
    );
    for (g, w) in got.iter().zip(want) {
        let (g, w) = (g.as_f64().unwrap(), w.as_f64().unwrap());
        assert!((g - w).abs() <= 1e-9 * w.abs().max(1e-12), "{g} vs {w}");
    }
    let rate = out["mistake_rate"].as_f64().unwrap();
    assert!((rate - out["mistakes"].as_f64().unwrap() / 3250.0).abs() < 1e-15);
    assert!(out["learn_seconds"].as_f64().unwrap() >= 0.0);
}

#[test]
fn regression_reports_mae_and_mse_and_no_bias_means_zero() {
    let out = learn_json(&[
        "--algo",
        "pa2",
        "--task",
        "regression",
        "--c",
        "0.01",
        "--eps",
        "0.1",
        "--bias",
        "none",
        "--train",
        &fixture("seed000_regression.csv"),
    ]);
    assert_eq!(out["task"], "regression");
    assert_eq!(out["bias"], 0.0);
    assert!(
        out["mae"].as_f64().unwrap() > 0.0
            && out["mse"].as_f64().unwrap() > out["mae"].as_f64().unwrap()
    );
    assert!(out.get("test_accuracy").is_none());
}

#[test]
fn seed_shuffles_reproducibly_and_passes_repeat() {
    let train = fixture("seed000_classification_train.csv");
    let a = learn_json(&["--algo", "pa", "--seed", "3", "--train", &train]);
    let b = learn_json(&["--algo", "pa", "--seed", "3", "--train", &train]);
    let c = learn_json(&["--algo", "pa", "--seed", "4", "--train", &train]);
    let file_order = learn_json(&["--algo", "pa", "--train", &train]);
    assert_eq!(a["weights"], b["weights"]);
    assert_ne!(a["weights"], c["weights"]);
    assert_ne!(a["weights"], file_order["weights"]);
    let two = learn_json(&["--algo", "perceptron", "--passes", "2", "--train", &train]);
    let one = learn_json(&["--algo", "perceptron", "--train", &train]);
    assert!(two["mistakes"].as_u64() > one["mistakes"].as_u64());
    assert_eq!(two["n_train"], 3250);
}

#[test]
fn seed_random_draws_a_seed_says_which_and_that_seed_repeats_the_run() {
    let train = fixture("seed000_classification_train.csv");
    let output = run(&[
        "learn", "--algo", "pa", "--seed", "random", "--train", &train, "--json",
    ]);
    let said = String::from_utf8(output.stderr.clone()).unwrap();
    let seed: u64 = said
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("the seed is printed: {said}"));
    assert!(
        said.contains(&format!("--seed {seed} repeats this run")),
        "{said}"
    );
    let drawn: Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(
        drawn["settings"]["seed"], seed,
        "the JSON records the drawn seed"
    );
    let again = learn_json(&[
        "--algo",
        "pa",
        "--seed",
        &seed.to_string(),
        "--train",
        &train,
    ]);
    assert_eq!(drawn["weights"], again["weights"]);
    let other = run(&[
        "learn", "--algo", "pa", "--seed", "random", "--train", &train, "--json",
    ]);
    assert_ne!(
        String::from_utf8(other.stderr).unwrap(),
        said,
        "another run draws another seed"
    );
}

#[test]
fn compare_prints_one_row_per_learner_on_the_same_data() {
    let train = fixture("seed000_classification_train.csv");
    let text = stdout(&run(&[
        "compare",
        "--algos",
        "perceptron,pa1,pa2",
        "--train",
        &train,
    ]));
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("perceptron") || l.starts_with("pa"))
        .collect();
    assert_eq!(rows.len(), 3, "{text}");
    let json: Value = serde_json::from_str(&stdout(&run(&[
        "compare",
        "--json",
        "--algos",
        "pa,pocket",
        "--train",
        &train,
    ])))
    .unwrap();
    assert_eq!(json.as_array().unwrap().len(), 2);
    assert_eq!(json[1]["algo"], "pocket");
}

#[test]
fn bad_input_gets_a_clear_error() {
    let train = fixture("seed000_classification_train.csv");
    assert_learn_refused(
        "--algo pa1 --c -1",
        &train,
        "C must be positive and finite, got -1",
    );
    let bad = temp_file("bad.t", "+1 3:1 7:1\n-1 0:1\n");
    let err = stderr(&run(&[
        "learn",
        "--algo",
        "pa",
        "--train",
        bad.to_str().unwrap(),
    ]));
    assert!(
        err.contains("bad.t:2:4: feature index 0 is not allowed (LIBSVM indices start at 1)"),
        "{err}"
    );
    assert!(
        err.contains("the report is of the model learned from the sample before it (partial)"),
        "{err}"
    );
    let nan = temp_file("nan.csv", "1,2,1\n3,nan,0\n");
    assert_learn_refused(
        "--algo pa",
        nan.to_str().unwrap(),
        "nan.csv:2:3: value 'nan' is not finite",
    );
    assert_learn_refused(
        "--algo pocket --task regression",
        &train,
        "pocket does not do regression",
    );
    assert_learn_refused("--algo pa", "/no/such/file", "/no/such/file");
}

#[test]
fn stream_writes_the_seeded_stream_as_csv() {
    let text = stdout(&run(&[
        "stream", "--preset", "spiral", "--n", "50", "--seed", "9",
    ]));
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("x1,x2,y"));
    let expected = Stream::new(StreamConfig::new(Preset::Spiral, 9))
        .unwrap()
        .take(50);
    for (i, line) in lines.enumerate() {
        let values: Vec<f64> = line.split(',').map(|v| v.parse().unwrap()).collect();
        assert_eq!(Features::Dense(&values[..2]), expected.row(i));
        assert_eq!(values[2], expected.label(i));
    }
    assert_refused(&["stream", "--preset", "galaxy"], "unknown preset 'galaxy'");
    // --features is regression-nd's: any other preset refuses it, never ignores it.
    assert_refused(
        &["stream", "--preset", "spiral", "--features", "3"],
        "--features is used by regression-nd only; spiral has 2",
    );
    let nd = stdout(&run(&[
        "stream",
        "--preset",
        "regression-nd",
        "--features",
        "3",
        "--n",
        "2",
    ]));
    assert_eq!(nd.lines().next(), Some("x1,x2,x3,y"));
    // A value out of range names the flag that gave it and the range.
    assert_refused(
        &["stream", "--preset", "regression-nd", "--features", "0"],
        "--features: n_features must be between 1 and 10000, got 0",
    );
    assert_refused(
        &["stream", "--preset", "moons", "--noise", "2", "--link"],
        "--noise: label noise must be between 0 and 1, got 2",
    );
}

#[test]
fn kernel_learners_report_their_support_size() {
    let data = temp_file(
        "moons.csv",
        &stdout(&run(&[
            "stream", "--preset", "moons", "--n", "400", "--seed", "4",
        ])),
    );
    let data = data.to_str().unwrap();
    for (algo, extra) in [
        ("kernel-perceptron", vec!["--budget", "30"]),
        ("projectron", vec!["--eta", "0.3"]),
        ("ald-projection", vec!["--nu", "0.1", "--q", "6"]),
    ] {
        let mut args = vec![
            "--algo", algo, "--kernel", "gaussian", "--sigma", "0.4", "--train", data, "--test",
            data,
        ];
        args.extend(extra);
        let out = learn_json(&args);
        let size = out["support_size"].as_u64().unwrap();
        assert!(size > 0, "{algo}: {out}");
        if algo == "kernel-perceptron" {
            assert!(size <= 30);
        }
        assert!(
            out["test_accuracy"].as_f64().unwrap() > 0.8,
            "{algo}: {out}"
        );
        assert!(
            out.get("weights").is_none(),
            "kernel learners have no weight vector"
        );
    }
    assert_learn_refused(
        "--algo apsm --lambda 3",
        data,
        "--lambda: step factor λ must be strictly between 0 and 2, got 3",
    );
}
