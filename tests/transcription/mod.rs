//! Shared by the tests that hold linear learners to a NumPy transcription
//! of their papers' equations (libol_reference, relatives_reference,
//! second_order_reference): the fixtures' data sets, the tolerance, a
//! case's settings, and the model a case's learner ends with, checked
//! against the case.
#![allow(dead_code)] // each test binary uses its own subset

use std::collections::HashMap;
use std::path::Path;

use onlinelearn::data::{read_csv, read_libsvm, CsvOptions, OnError};
use onlinelearn::eval::Progress;
use onlinelearn::{Algorithm, AnyLearner, Dataset, Learner, Settings, Task};
use serde_json::{Map, Value};

/// Relative: the transcription's float order is not ours.
pub const TOLERANCE: f64 = 1e-9;

/// A fixture's data set by its name; None for a1a when shared/data does
/// not hold it (its cases are then skipped).
pub fn load(name: &str) -> Option<Dataset> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let csv = |file: &str| {
        read_csv(
            &root.join("tests/fixtures").join(file),
            &CsvOptions::default(),
        )
        .unwrap()
        .data
    };
    Some(match name {
        "seed000_classification" => csv("seed000_classification_train.csv"),
        "libol_noisy" => csv("libol_noisy.csv"),
        "a1a" => {
            read_libsvm(
                &root.join("../shared/data/a1a"),
                Task::Classification,
                OnError::Fail,
            )
            .ok()?
            .data
        }
        other => panic!("unknown data set {other}"),
    })
}

pub fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= TOLERANCE * a.abs().max(b.abs()) + 1e-12
}

/// A fixture file of tests/fixtures, parsed.
pub fn fixture(name: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// A case's settings: its keys are setting names, but the case's own
/// fields (left out) and those `rename` maps to a setting's name.
pub fn case_settings(case: &Map<String, Value>, rename: impl Fn(&str) -> Option<&str>) -> Settings {
    let mut settings = Settings::default();
    for (key, value) in case {
        let text = match value {
            Value::String(s) => s.clone(),
            Value::Number(n) => n.to_string(),
            _ => continue,
        };
        let name = match key.as_str() {
            "data" | "algo" | "rows" | "skip" | "weights" | "bias" | "mistakes" | "updates"
            | "asked" => continue,
            "bias_mode" => "bias",
            other => rename(other).unwrap_or(other),
        };
        settings.set(name, &text).unwrap();
    }
    settings
}

/// The cases run so far, by data set, and the data sets loaded.
#[derive(Default)]
pub struct Cases {
    data: HashMap<String, Option<Dataset>>,
    checked: HashMap<String, usize>,
}

impl Cases {
    /// Runs `case` (one pass in file order over its rows, less its `skip`)
    /// with the learner its settings make, and checks the mistakes, the
    /// updates, the weights and the bias; then `more` on the learner and
    /// the case's text. Skips a case whose data is not here.
    pub fn run(
        &mut self,
        case: &Value,
        settings: impl Fn(&Map<String, Value>, Algorithm) -> Settings,
        more: impl Fn(&AnyLearner, &str),
    ) {
        let name = case["data"].as_str().unwrap();
        let rows = case["rows"].as_u64().unwrap() as usize;
        let Some(all) = self.data.entry(name.into()).or_insert_with(|| load(name)) else {
            eprintln!("skipping a case on {name}: the data is not here");
            return;
        };
        let skip: Vec<usize> = serde_json::from_value(case["skip"].clone()).unwrap();
        let kept: Vec<usize> = (0..rows).filter(|i| !skip.contains(i)).collect();
        let rows = all.select(&kept);
        let algorithm: Algorithm = case["algo"].as_str().unwrap().parse().unwrap();
        let settings = settings(case.as_object().unwrap(), algorithm);
        let mut learner = AnyLearner::new(algorithm, &settings).unwrap();
        let mut progress = Progress::default();
        learner.learn_batch(&rows, 0..rows.len(), &mut progress);
        let what = format!("{case}");
        let what = &what[..what.find("\"weights\"").unwrap()];
        assert_eq!(
            progress.mistakes,
            case["mistakes"].as_u64().unwrap(),
            "mistakes: {what}"
        );
        assert_eq!(
            progress.updates,
            case["updates"].as_u64().unwrap(),
            "updates: {what}"
        );
        more(&learner, what);
        assert_weights(&learner, case, what);
        *self.checked.entry(name.into()).or_default() += 1;
    }

    /// Every case ran on the dense and the noisy data, and on a1a when it
    /// is here: `each` of them on each.
    pub fn assert_all_ran(&self, each: usize) {
        let all = |name: &str| self.checked.get(name).copied().unwrap_or(0) == each;
        let checked = &self.checked;
        assert!(
            all("seed000_classification") && all("libol_noisy"),
            "{checked:?}"
        );
        assert!(self.data["a1a"].is_none() || all("a1a"), "{checked:?}");
    }
}

/// The learner's weights and bias are the case's, to [`TOLERANCE`].
pub fn assert_weights(learner: &AnyLearner, case: &Value, what: &str) {
    let model = learner.linear_model().unwrap();
    let want: Vec<f64> = serde_json::from_value(case["weights"].clone()).unwrap();
    for (i, w) in want.iter().enumerate() {
        let got = model.weights.get(i).copied().unwrap_or(0.0);
        assert!(close(got, *w), "weight {i}: {got} vs {w} in {what}");
    }
    let bias = case["bias"].as_f64().unwrap();
    assert!(
        close(model.bias, bias),
        "bias {} vs {bias} in {what}",
        model.bias
    );
}
