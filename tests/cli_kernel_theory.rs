//! `onlinelearn learn --theory` for the kernel learners: the feature
//! space named, its comparators agreeing with the independent reference
//! (tests/fixtures/kernel_theory_reference.json), the bounds as their
//! theorems state them, a budget's removals refused with the reason, and
//! bad input explained rather than NaN.

mod command;

use command::{
    assert_theory_explains, fixture, learn_json, planar_csv, reference_cases, run, stdout,
};
use serde_json::Value;

fn number(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

fn reference_case(data: &str, kind: &str) -> Value {
    reference_cases("kernel_theory_reference.json")
        .into_iter()
        .find(|c| c["data"] == data && c["kernel"]["kind"] == kind)
        .unwrap()
}

#[test]
fn the_kernel_perceptron_is_judged_in_its_kernels_feature_space() {
    let train = fixture("kernel_theory_xor.csv");
    let out = learn_json(&["--algo", "kernel-perceptron", "--train", &train, "--theory"]);
    let theory = &out["theory"];
    assert!(
        theory["space"]
            .as_str()
            .unwrap()
            .starts_with("the feature space of the Gaussian kernel σ = 1"),
        "{theory}"
    );
    // XOR: no line separates it; the Gaussian kernel's space does.
    assert_eq!(theory["separable"], true);
    let case = reference_case("kernel_theory_xor.csv", "gaussian");
    assert!((number(&theory["margin"]) - number(&case["margin"])).abs() < 1e-6);
    let hinge = &case["hinge"][0];
    assert_eq!(number(&hinge["c"]), 1.0);
    assert!((number(&theory["hinge_best"]["value"]) - number(&hinge["value"])).abs() < 1e-6);
    let bounds = theory["bounds"].as_array().unwrap();
    let names: Vec<&str> = bounds.iter().map(|b| b["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["novikoff", "freund-schapire-theorem-2"]);
    for b in bounds {
        assert!(number(&b["actual"]) <= number(&b["value"]), "{b}");
    }
    // Novikoff's value is (R/γ)² with R = 1 (a Gaussian's k(x, x)).
    assert_eq!(number(&theory["radius"]), 1.0);
    let gamma = number(&theory["margin"]);
    assert!((number(&bounds[0]["value"]) - 1.0 / (gamma * gamma)).abs() < 1e-6);
    // The linear theory of the same file: not separable by a line.
    let linear = learn_json(&["--algo", "perceptron", "--train", &train, "--theory"]);
    assert_eq!(linear["theory"]["separable"], false);
}

#[test]
fn kernel_pa_prints_its_theorems_and_a_budget_that_removed_vectors_refuses_them() {
    let train = fixture("kernel_theory_noisy.csv");
    let args = [
        "learn",
        "--algo",
        "kernel-pa2",
        "--kernel",
        "polynomial",
        "--degree",
        "2",
        "--c",
        "0.1",
        "--train",
        &train,
        "--theory",
    ];
    let text = stdout(&run(&args));
    for needle in [
        "in the feature space of the polynomial kernel of degree 2, offset 1",
        "R = max √k(x,x)",
        "not separable in the feature space",
        "squared hinge best",
        "pa-ii-theorem-5 ",
        "pa-ii-theorem-5-mistakes",
        "regret",
    ] {
        assert!(text.contains(needle), "missing {needle}:\n{text}");
    }
    let out = learn_json(&args[1..]);
    let case = reference_case("kernel_theory_noisy.csv", "polynomial");
    let squared = &case["squared_hinge"][1];
    assert_eq!(number(&squared["c"]), 0.1);
    let got = number(&out["theory"]["squared_hinge_best"]["value"]);
    assert!(
        (got - number(&squared["value"])).abs() < 1e-6,
        "{got} vs {squared}"
    );
    for b in out["theory"]["bounds"].as_array().unwrap() {
        assert!(number(&b["actual"]) <= number(&b["value"]), "{b}");
    }
    // A budget of 5 removes support vectors: the theorems are about the
    // learner that keeps every one, so each says why it gives no number.
    let out = learn_json(&[
        "--algo",
        "kernel-pa1",
        "--budget",
        "5",
        "--train",
        &train,
        "--theory",
    ]);
    assert!(number(&out["theory"]["removals"]) > 0.0);
    for b in out["theory"]["bounds"].as_array().unwrap() {
        assert!(b["value"].is_null(), "{b}");
        assert!(
            b["reason"]
                .as_str()
                .unwrap()
                .contains("removed support vectors"),
            "{b}"
        );
    }
    // A budget never reached changes nothing.
    let big = learn_json(&[
        "--algo",
        "kernel-pa1",
        "--budget",
        "1000",
        "--train",
        &train,
        "--theory",
    ]);
    assert_eq!(number(&big["theory"]["removals"]), 0.0);
    assert!(big["theory"]["bounds"][0]["value"].is_number());
}

#[test]
fn bad_input_to_the_kernel_theory_is_explained_never_nan() {
    let one_class = planar_csv(
        "kernel_theory_one_class.csv",
        &[([0.5, 1.0], 1), ([1.0, 2.0], 1)],
    );
    let same = planar_csv(
        "kernel_theory_same_point.csv",
        &[([0.5, 0.5], 1), ([0.5, 0.5], -1), ([0.5, 0.5], 1)],
    );
    for (data, separable) in [(&one_class, true), (&same, false)] {
        for algo in ["kernel-perceptron", "kernel-pa1", "kernel-pa2", "forgetron"] {
            assert_theory_explains(algo, data, separable);
        }
    }
}

#[test]
fn a_kernel_learner_without_a_transcribed_bound_says_why_and_names_no_empty_paper() {
    let train = fixture("kernel_theory_noisy.csv");
    for algo in ["apsm", "projectron"] {
        let text = stdout(&run(&[
            "learn", "--algo", algo, "--train", &train, "--theory",
        ]));
        assert!(text.contains("no bound: "), "{algo}:\n{text}");
        assert!(
            !text.contains("()"),
            "an empty source printed as (): {algo}:\n{text}"
        );
    }
}
