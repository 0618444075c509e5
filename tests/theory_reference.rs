//! The theory layer's comparators against solvers independent of ours
//! (tests/fixtures/theory_reference.json, written by
//! scripts/reference/theory.py: HiGHS for separability, Lawson & Hanson's
//! NNLS for the hard margin, liblinear and L-BFGS-B for the soft margins).
//! γ*, u* and the soft-margin minima and minimisers must agree to 1e-6.

use std::path::{Path, PathBuf};

use onlinelearn::data::{read_csv, read_libsvm, CsvOptions, OnError};
use onlinelearn::theory::{Report, Theory, ZeroOne};
use onlinelearn::{Algorithm, BiasMode, Dataset, Settings, Task, Update};
use serde_json::Value;

const TOLERANCE: f64 = 1e-6;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn load(name: &str) -> Dataset {
    let path = fixtures().join(name);
    if name.ends_with(".svm") {
        read_libsvm(&path, Task::Classification, OnError::Fail)
    } else {
        read_csv(&path, &CsvOptions::default())
    }
    .unwrap()
    .data
}

/// The theory of `data` for `algorithm` at C and a bias mode: every
/// sample seen once (the comparators do not look at the learner's updates).
fn theory(algorithm: Algorithm, data: &Dataset, c: f64, bias: BiasMode) -> Report {
    let settings = Settings {
        c,
        bias,
        ..Settings::default()
    };
    let mut theory = Theory::new(algorithm, &settings).unwrap();
    for i in 0..data.len() {
        theory
            .learned(data.row(i), data.label(i), &Update::default())
            .unwrap();
    }
    theory.report(ZeroOne::Last)
}

fn close(got: f64, want: f64, scale: f64, what: &str) {
    assert!(
        (got - want).abs() <= TOLERANCE * scale.max(1.0),
        "{what}: {got} vs {want}"
    );
}

/// Compares weights, the bias (last, when `bias`) apart: the reference's
/// rows are 123 wide, ours as wide as the widest sample.
fn close_vec(got: &[f64], want: &Value, bias: BiasMode, what: &str) {
    let mut want: Vec<f64> = want
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    let mut got = got.to_vec();
    if bias != BiasMode::None {
        let (g, w) = (got.pop().unwrap(), want.pop().unwrap());
        close(g, w, w.abs(), &format!("{what} bias"));
    }
    let scale = want.iter().fold(0.0f64, |m, v| m.max(v.abs()));
    for i in 0..want.len().max(got.len()) {
        let (g, w) = (
            got.get(i).copied().unwrap_or(0.0),
            want.get(i).copied().unwrap_or(0.0),
        );
        close(g, w, scale, &format!("{what}[{i}]"));
    }
}

fn cases() -> Vec<Value> {
    let text = std::fs::read_to_string(fixtures().join("theory_reference.json")).unwrap();
    let doc: Value = serde_json::from_str(&text).unwrap();
    doc["cases"].as_array().unwrap().clone()
}

#[test]
fn separability_margin_and_hard_margin_separator_agree() {
    for case in cases() {
        let data = load(case["data"].as_str().unwrap());
        let bias: BiasMode = case["bias"].as_str().unwrap().parse().unwrap();
        let what = format!("{} {bias}", case["data"]);
        let report = theory(Algorithm::Perceptron, &data, 1.0, bias);
        assert_eq!(
            report.separable,
            case["separable"].as_bool().unwrap(),
            "{what}"
        );
        if report.separable {
            let margin = case["margin"].as_f64().unwrap();
            close(
                report.margin.unwrap(),
                margin,
                margin,
                &format!("{what} γ*"),
            );
            close_vec(
                report.hard_margin_u.as_ref().unwrap(),
                &case["hard_margin_u"],
                bias,
                &format!("{what} u*"),
            );
        } else {
            assert!(
                report.margin.is_none() && report.hard_margin_u.is_none(),
                "{what}"
            );
        }
    }
}

#[test]
fn soft_margin_minima_and_minimisers_agree() {
    for case in cases() {
        let data = load(case["data"].as_str().unwrap());
        let bias: BiasMode = case["bias"].as_str().unwrap().parse().unwrap();
        for (key, algorithm) in [("hinge", Algorithm::Pa1), ("squared_hinge", Algorithm::Pa2)] {
            for want in case[key].as_array().unwrap() {
                let c = want["c"].as_f64().unwrap();
                let what = format!("{} {bias} {key} C = {c}", case["data"]);
                let report = theory(algorithm, &data, c, bias);
                let best = match key {
                    "hinge" => report.hinge_best.clone(),
                    _ => report.squared_hinge_best.clone().unwrap(),
                };
                assert!(best.converged, "{what}");
                let value = want["value"].as_f64().unwrap();
                close(best.value, value, value, &format!("{what} minimum"));
                close_vec(&best.u, &want["u"], bias, &format!("{what} u"));
            }
        }
    }
}

#[test]
fn decoupled_mode_is_judged_in_the_augmented_form() {
    let data = load("theory_overlapping.csv");
    let augmented = theory(Algorithm::Perceptron, &data, 1.0, BiasMode::Augmented);
    let decoupled = theory(Algorithm::Perceptron, &data, 1.0, BiasMode::Decoupled);
    assert_eq!(augmented.hinge_best, decoupled.hinge_best);
    assert_eq!(augmented.radius, decoupled.radius);
    assert!(decoupled.bias_form.contains("augmented form"));
}
