//! The kernel learners against NumPy transcriptions of their papers and of
//! the 2023 authors' MATLAB code (scripts/reference/kernel_learners.py;
//! regenerate with `python3 scripts/reference/kernel_fixtures.py`).
//!
//! Deterministic learners must match to 1e-9, coefficient by coefficient
//! and step by step, on the 4-D problem and (the budgeted learners of
//! issue 23) on a1a's first 300 rows, read sparse here, when
//! ../shared/data holds it. Randomised ones draw from another generator than
//! NumPy's, so they must agree in distribution: mean test error and mean
//! support size over 40 seeds within the seed-to-seed error.

use onlinelearn::data::rng::{derived, permutation};
use onlinelearn::data::{read_csv, read_libsvm, CsvOptions, OnError};
use onlinelearn::eval::Progress;
use onlinelearn::{Algorithm, AnyLearner, Dataset, Learner, Settings, Task};
use serde_json::Value;

fn fixture(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

fn data(part: &str) -> Dataset {
    read_csv(
        &fixture(&format!("kernel_4d_{part}.csv")),
        &CsvOptions::default(),
    )
    .unwrap()
    .data
}

/// The first `rows` rows of a LIBSVM file of ../shared/data, if it is there.
fn shared(file: &str, rows: usize) -> Option<Dataset> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(file);
    let data = read_libsvm(&path, Task::Classification, OnError::Fail)
        .ok()?
        .data;
    Some(data.select(&(0..rows).collect::<Vec<_>>()))
}

fn reference() -> Value {
    serde_json::from_str(&std::fs::read_to_string(fixture("kernel_reference.json")).unwrap())
        .unwrap()
}

/// The learner a fixture case names, with its settings (named as the
/// settings table names them) on top of our defaults.
fn build(case: &Value, horizon: u64, seed: u64) -> AnyLearner {
    let mut settings = Settings {
        horizon: Some(horizon),
        seed,
        ..Settings::default()
    };
    for (name, value) in case["settings"].as_object().unwrap() {
        let text = value
            .as_str()
            .map_or_else(|| value.to_string(), str::to_string);
        settings.set(name, &text).unwrap();
    }
    let algorithm: Algorithm = case["algo"].as_str().unwrap().parse().unwrap();
    AnyLearner::new(algorithm, &settings).unwrap()
}

fn close(ours: f64, theirs: f64, what: &str) {
    assert!(
        (ours - theirs).abs() <= 1e-9 * (1.0 + theirs.abs()),
        "{what}: ours {ours}, NumPy {theirs}"
    );
}

fn numbers(value: &Value) -> Vec<f64> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect()
}

#[test]
fn deterministic_learners_match_the_transcriptions_to_1e_9() {
    let (train, test) = (data("train"), data("test"));
    exact(&reference()["exact"], &train, &test);
}

#[test]
fn budgeted_learners_match_on_sparse_a1a() {
    let cases = &reference()["exact_a1a"];
    let (Some(train), Some(test)) = (shared("a1a", 300), shared("a1a.t", 50)) else {
        return; // the shared data is not on this machine
    };
    assert!(
        train.is_sparse() && !cases.is_null(),
        "regenerate the fixture with a1a at hand"
    );
    exact(cases, &train, &test);
}

/// Each case learns `train` once in order and matches the fixture.
fn exact(cases: &Value, train: &Dataset, test: &Dataset) {
    for case in cases.as_array().unwrap() {
        let name = format!("{} {}", case["algo"], case["settings"]);
        let mut learner = build(case, train.len() as u64, 0);
        let steps: Vec<f64> = (0..train.len())
            .map(|i| learner.learn_one(train.row(i), train.label(i)).tau)
            .collect();
        assert_eq!(
            learner.support_size() as u64,
            case["support_size"].as_u64().unwrap(),
            "{name}"
        );
        // FOGD keeps weights over its random features, no support set.
        let ours = match learner.fourier() {
            Some(model) => model.weights,
            None => learner.support_set().unwrap().coefficients().to_vec(),
        };
        let theirs = case.get("weights").unwrap_or(&case["coefficients"]);
        assert_eq!(ours.len(), theirs.as_array().unwrap().len(), "{name}");
        for (i, (ours, theirs)) in ours.into_iter().zip(numbers(theirs)).enumerate() {
            close(ours, theirs, &format!("{name} coefficient {i}"));
        }
        close(
            learner.kernel_offset(),
            case["offset"].as_f64().unwrap(),
            &name,
        );
        for (i, theirs) in numbers(&case["test_scores"]).into_iter().enumerate() {
            close(
                learner.score(test.row(i)),
                theirs,
                &format!("{name} score {i}"),
            );
        }
        if !case["steps"].is_null() {
            for (i, theirs) in numbers(&case["steps"]).into_iter().enumerate() {
                close(steps[i], theirs, &format!("{name} step {i}"));
            }
        }
    }
}

fn mean_se(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

#[test]
fn randomised_learners_agree_in_distribution() {
    let (train, test) = (data("train"), data("test"));
    for case in reference()["statistical"].as_array().unwrap() {
        let name = format!("{} {}", case["algo"], case["settings"]);
        let seeds = case["seeds"].as_u64().unwrap();
        let (mut errors, mut sizes) = (Vec::new(), Vec::new());
        for seed in 0..seeds {
            let order = permutation(&mut derived(seed, 7), train.len());
            let shuffled = train.select(&order);
            let mut learner = build(case, train.len() as u64, seed);
            learner.learn_batch(&shuffled, 0..shuffled.len(), &mut Progress::default());
            let wrong = (0..test.len())
                .filter(|&i| learner.predict(test.row(i)) != test.label(i))
                .count();
            errors.push(wrong as f64 / test.len() as f64);
            sizes.push(learner.support_size() as f64);
        }
        for (what, ours, mean, se) in [
            (
                "test error",
                mean_se(&errors),
                "test_error_mean",
                "test_error_se",
            ),
            (
                "support size",
                mean_se(&sizes),
                "support_mean",
                "support_se",
            ),
        ]
        .map(|(w, o, m, s)| (w, o, case[m].as_f64().unwrap(), case[s].as_f64().unwrap()))
        {
            // Two independent means: their difference has standard error
            // sqrt(se1^2 + se2^2); four of them is far out for a faithful
            // rule, and a wrong step or probability lands much further.
            let tolerance = 4.0 * (ours.1.powi(2) + se.powi(2)).sqrt() + 1e-9;
            assert!(
                (ours.0 - mean).abs() <= tolerance,
                "{name} {what}: ours {:.4} +- {:.4}, NumPy {mean:.4} +- {se:.4}",
                ours.0,
                ours.1
            );
        }
    }
}
