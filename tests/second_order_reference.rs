//! AROW, SCW-I and SCW-II against a NumPy transcription of their papers'
//! equations (scripts/reference/second_order.py writes
//! tests/fixtures/second_order_reference.json): one pass in file order,
//! full and diagonal Σ, with and without the bias. Weights, bias and
//! progressive mistakes agree to 1e-9 relative.

use std::path::Path;

use onlinelearn::data::{read_csv, read_libsvm, CsvOptions, OnError};
use onlinelearn::eval::Progress;
use onlinelearn::{Algorithm, AnyLearner, Dataset, Learner, Settings, Task};
use serde_json::Value;

const TOLERANCE: f64 = 1e-9;

fn load(name: &str, rows: usize) -> Option<Dataset> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let data = match name {
        "seed000_classification" => {
            let path = root.join("tests/fixtures/seed000_classification_train.csv");
            read_csv(&path, &CsvOptions::default()).unwrap().data
        }
        "a1a" => {
            let path = root.join("../shared/data/a1a");
            read_libsvm(&path, Task::Classification, OnError::Fail)
                .ok()?
                .data
        }
        other => panic!("unknown data set {other}"),
    };
    Some(data.head(rows))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= TOLERANCE * a.abs().max(b.abs()) + 1e-12
}

#[test]
fn second_order_learners_match_the_papers_equations() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/second_order_reference.json");
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut checked = 0;
    for case in doc["cases"].as_array().unwrap() {
        let text = |k: &str| case[k].as_str().unwrap().to_string();
        let number = |k: &str| case[k].as_f64();
        let Some(data) = load(&text("data"), case["rows"].as_u64().unwrap() as usize) else {
            eprintln!("skipping a case on {}: the data is not here", text("data"));
            continue;
        };
        let algorithm: Algorithm = text("algo").parse().unwrap();
        let mut settings = Settings::default();
        settings.set("bias", &text("bias_mode")).unwrap();
        settings.set("covariance", &text("covariance")).unwrap();
        settings.initial_variance = number("a").unwrap();
        if let Some(r) = number("r") {
            settings.r = r;
        }
        if let Some(c) = number("c") {
            settings.c = c;
            settings.confidence = number("confidence").unwrap();
        }
        let mut learner = AnyLearner::new(algorithm, &settings).unwrap();
        let mut progress = Progress::default();
        learner.learn_batch(&data, 0..data.len(), &mut progress);
        let name = format!("{case}");
        assert_eq!(
            progress.mistakes,
            case["mistakes"].as_u64().unwrap(),
            "mistakes: {name}"
        );
        let model = learner.linear_model().unwrap();
        let want: Vec<f64> = serde_json::from_value(case["weights"].clone()).unwrap();
        for (i, w) in want.iter().enumerate() {
            let got = model.weights.get(i).copied().unwrap_or(0.0);
            assert!(close(got, *w), "weight {i}: {got} vs {w} in {name}");
        }
        assert!(close(model.bias, number("bias").unwrap()), "bias in {name}");
        checked += 1;
    }
    assert!(checked >= 24, "only {checked} cases ran");
}
