//! The command line's contract: what `onlinelearn learn/compare/stream` print
//! and how they fail.

mod command;

use command::{fixture, run, stderr, stdout, temp_file};
use onlinelearn::{Features, Preset, Stream, StreamConfig};
use serde_json::Value;

fn learn_json(args: &[&str]) -> Value {
    let mut all = vec!["learn", "--json"];
    all.extend_from_slice(args);
    serde_json::from_str(&stdout(&run(&all))).unwrap()
}

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
    let reference: Value =
        serde_json::from_str(&std::fs::read_to_string(fixture("reference.json")).unwrap()).unwrap();
    let river = reference["cases"]
        .as_array()
        .unwrap()
        .iter()
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
    let err = stderr(&run(&[
        "learn", "--algo", "pa1", "--c", "-1", "--train", &train,
    ]));
    assert!(
        err.contains("C must be positive and finite, got -1"),
        "{err}"
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
    assert!(err.contains("1 bad line (1 good row)"), "{err}");
    let nan = temp_file("nan.csv", "1,2,1\n3,nan,0\n");
    let err = stderr(&run(&[
        "learn",
        "--algo",
        "pa",
        "--train",
        nan.to_str().unwrap(),
    ]));
    assert!(
        err.contains("nan.csv:2:3: value 'nan' is not finite"),
        "{err}"
    );
    let err = stderr(&run(&[
        "learn",
        "--algo",
        "pocket",
        "--task",
        "regression",
        "--train",
        &train,
    ]));
    assert!(err.contains("pocket does not do regression"), "{err}");
    let err = stderr(&run(&["learn", "--algo", "pa", "--train", "/no/such/file"]));
    assert!(err.contains("/no/such/file"), "{err}");
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
    let err = stderr(&run(&["stream", "--preset", "galaxy"]));
    assert!(err.contains("unknown preset 'galaxy'"), "{err}");
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
    let err = stderr(&run(&[
        "learn", "--algo", "apsm", "--lambda", "3", "--train", data,
    ]));
    assert!(
        err.contains("--lambda: step factor λ must be strictly between 0 and 2, got 3"),
        "{err}"
    );
}

#[test]
fn second_order_learners_report_weights_and_keep_a_diagonal_sigma_for_wide_data() {
    let train = fixture("seed000_classification_train.csv");
    let test = fixture("seed000_classification_test.csv");
    let arow = learn_json(&[
        "--algo", "arow", "--r", "0.5", "--train", &train, "--test", &test,
    ]);
    assert_eq!(arow["settings"]["r"], 0.5);
    assert_eq!(arow["settings"]["covariance"], "full");
    assert_eq!(arow["weights"].as_array().unwrap().len(), 4);
    assert!(arow["test_accuracy"].as_f64().unwrap() > 0.8, "{arow}");
    // 1500 features: Σ is kept diagonal, and the run says so.
    let rows: String = (0..40)
        .map(|i| {
            format!(
                "{} {}:1 1500:0.5\n",
                if i % 2 == 0 { "+1" } else { "-1" },
                1 + i % 7
            )
        })
        .collect();
    let wide = temp_file("wide.svm", &rows);
    let output = run(&[
        "learn",
        "--algo",
        "scw1",
        "--json",
        "--train",
        wide.to_str().unwrap(),
    ]);
    let report: Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(report["settings"]["covariance"], "diagonal");
    assert!(String::from_utf8_lossy(&output.stderr).contains("keep the diagonal of Σ"));
    let full = learn_json(&[
        "--algo",
        "scw1",
        "--covariance",
        "full",
        "--train",
        wide.to_str().unwrap(),
    ]);
    assert_eq!(full["settings"]["covariance"], "full");
    let err = stderr(&run(&[
        "learn",
        "--algo",
        "scw2",
        "--confidence",
        "1",
        "--train",
        &train,
    ]));
    assert!(err.contains("strictly between 0.5 and 1"), "{err}");
}

#[test]
fn more_than_two_classes_learn_by_either_reduction_and_report_a_confusion_matrix() {
    let train = fixture("multiclass_train.svm");
    let test = fixture("multiclass_test.svm");
    let ovr = learn_json(&["--algo", "arow", "--train", &train, "--test", &test]);
    assert_eq!(ovr["task"], "multiclass");
    assert_eq!(ovr["multiclass"], "one-vs-rest");
    assert_eq!(ovr["classes"], serde_json::json!([1.0, 11.0, 21.0, 31.0]));
    assert_eq!(ovr["weights"].as_array().unwrap().len(), 4);
    let confusion = ovr["confusion"].as_array().unwrap();
    let total: u64 = confusion
        .iter()
        .flat_map(|r| r.as_array().unwrap())
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(total, 300, "every test sample is counted once");
    let diagonal: u64 = (0..4).map(|k| confusion[k][k].as_u64().unwrap()).sum();
    assert_eq!(
        diagonal as f64 / 300.0,
        ovr["test_accuracy"].as_f64().unwrap()
    );
    let cs = learn_json(&[
        "--algo",
        "pa2",
        "--multiclass",
        "crammer-singer",
        "--train",
        &train,
    ]);
    assert_eq!(cs["multiclass"], "crammer-singer");
    let err = stderr(&run(&[
        "learn",
        "--algo",
        "perceptron",
        "--multiclass",
        "crammer-singer",
        "--train",
        &train,
    ]));
    assert!(err.contains("the learners that can: pa, pa1, pa2"), "{err}");
    let err = stderr(&run(&["learn", "--algo", "projectron", "--train", &train]));
    assert!(
        err.contains("projectron cannot learn 4 classes by one-vs-rest"),
        "{err}"
    );
    // Two classes stay binary, whatever their labels; --multiclass is refused there.
    let two = temp_file("two.svm", "2 1:1\n7 1:-1\n2 1:0.5\n7 1:-2\n");
    let binary = learn_json(&["--algo", "pa1", "--train", two.to_str().unwrap()]);
    assert_eq!(binary["task"], "classification");
    assert_eq!(
        binary["mistakes"], 1,
        "7 is +1, 2 is -1: only the first sample errs"
    );
    let err = stderr(&run(&[
        "learn",
        "--algo",
        "pa1",
        "--multiclass",
        "one-vs-rest",
        "--train",
        two.to_str().unwrap(),
    ]));
    assert!(
        err.contains("--multiclass applies to data with more than two classes"),
        "{err}"
    );
    let fractional = temp_file("fractional.svm", "1 1:1\n2.5 1:1\n");
    let err = stderr(&run(&[
        "learn",
        "--algo",
        "pa1",
        "--train",
        fractional.to_str().unwrap(),
    ]));
    assert!(err.contains("row 2: label 2.5 is not a class"), "{err}");
}
