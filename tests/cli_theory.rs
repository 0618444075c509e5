//! `onlinelearn learn --theory`: the text section, the JSON object's
//! contract, the refusals, and bad input explained rather than NaN.

mod command;

use command::{
    assert_refused, assert_theory_explains, fixture, learn_json, planar_csv, reference_cases, run,
    stderr, stdout,
};
use serde_json::Value;

fn number(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

#[test]
fn json_has_the_theory_object_and_it_agrees_with_the_fixture() {
    let train = fixture("theory_separable.csv");
    let out = learn_json(&["--algo", "perceptron", "--train", &train, "--theory"]);
    let theory = &out["theory"];
    for key in [
        "radius",
        "separable",
        "margin",
        "hard_margin_u",
        "hinge_best",
        "zero_one_best",
        "bounds",
        "regret",
    ] {
        assert!(theory.get(key).is_some(), "missing {key}: {theory}");
    }
    assert_eq!(theory["separable"], true);
    assert_eq!(theory["zero_one_best"]["mistakes"], 0);
    assert_eq!(
        theory["hard_margin_u"].as_array().unwrap().len(),
        3,
        "w₁, w₂, bias last"
    );
    let case = &reference_cases("theory_reference.json")[0];
    assert_eq!(case["bias"], "augmented");
    assert!((number(&theory["margin"]) - number(&case["margin"])).abs() < 1e-6);
    assert!(number(&theory["hinge_best"]["value"]) > 0.0);
    assert!(theory["hinge_best"]["u"].is_array());
    for bound in theory["bounds"].as_array().unwrap() {
        for key in ["name", "statement", "value", "actual"] {
            assert!(bound.get(key).is_some(), "bound without {key}: {bound}");
        }
        assert!(
            number(&bound["actual"]) <= number(&bound["value"]),
            "{bound}"
        );
    }
    let regret = &theory["regret"];
    assert!(number(&regret["hinge"]).is_finite());
    assert_eq!(
        regret["zero_one"].as_i64().unwrap(),
        out["mistakes"].as_i64().unwrap(),
        "the best line makes no mistake, so the regret is the learner's mistakes"
    );
}

#[test]
fn a_bound_that_does_not_apply_says_why_instead_of_a_number() {
    let train = fixture("theory_overlapping.csv");
    let out = learn_json(&["--algo", "pa", "--train", &train, "--theory"]);
    let theory = &out["theory"];
    assert_eq!(theory["separable"], false);
    assert!(theory["margin"].is_null() && theory["hard_margin_u"].is_null());
    let bounds = theory["bounds"].as_array().unwrap();
    let theorem_2 = bounds.iter().find(|b| b["name"] == "pa-theorem-2").unwrap();
    assert!(theorem_2["value"].is_null());
    assert!(theorem_2["reason"]
        .as_str()
        .unwrap()
        .contains("not linearly separable"));
    // Decoupled PA is not the paper's algorithm: every PA bound refuses.
    let out = learn_json(&[
        "--algo",
        "pa1",
        "--bias",
        "decoupled",
        "--train",
        &train,
        "--theory",
    ]);
    for b in out["theory"]["bounds"].as_array().unwrap() {
        assert!(b["value"].is_null() && b["reason"].as_str().unwrap().contains("decoupled"));
    }
}

#[test]
fn text_report_has_the_theory_section() {
    let train = fixture("theory_separable.csv");
    let text = stdout(&run(&[
        "learn", "--algo", "pa1", "--c", "0.1", "--train", &train, "--theory",
    ]));
    for needle in [
        "theory",
        "R = max ‖x‖",
        "hard margin",
        "γ* =",
        "hinge best",
        "fewest mistakes",
        "pa-i-theorem-4",
        "regret",
        "augmented: x̃ = (x, 1)",
    ] {
        assert!(text.contains(needle), "missing {needle}:\n{text}");
    }
    let sparse = fixture("theory_sparse.svm");
    let text = stdout(&run(&[
        "learn",
        "--algo",
        "perceptron",
        "--train",
        &sparse,
        "--theory",
        "--bias",
        "none",
    ]));
    assert!(
        text.contains("computed for two features only") && text.contains("novikoff"),
        "{text}"
    );
}

#[test]
fn theory_is_refused_for_what_it_does_not_cover() {
    // Every learner on two classes is covered: a kernel learner without a
    // transcribed bound gets the comparators of its feature space, the
    // regret, and why no bound is given, naming its paper
    // (tests/cli_kernel_theory.rs has the kernel learners with bounds).
    let train = fixture("theory_separable.csv");
    let out = learn_json(&["--algo", "projectron", "--train", &train, "--theory"]);
    let bounds = out["theory"]["bounds"].as_array().unwrap();
    assert_eq!(bounds.len(), 1, "{bounds:?}");
    assert_eq!(bounds[0]["name"], "projectron-no-bound");
    assert!(bounds[0]["statement"]
        .as_str()
        .unwrap()
        .contains("Orabona, Keshet & Caputo"));
    assert!(bounds[0]["value"].is_null() && bounds[0]["reason"].is_string());
    assert!(out["theory"]["regret"]["hinge"].is_number());
    // Regression and more than two classes are refused.
    assert_refused(
        &[
            "learn",
            "--algo",
            "pa1",
            "--task",
            "regression",
            "--train",
            &fixture("seed000_regression.csv"),
            "--theory",
        ],
        "two-class classification",
    );
    let err = stderr(&run(&[
        "learn",
        "--algo",
        "pa1",
        "--train",
        &fixture("multiclass_train.csv"),
        "--theory",
    ]));
    assert!(
        err.contains("--theory covers two classes") && err.contains("has 4"),
        "{err}"
    );
}

#[test]
fn bad_input_is_explained_never_nan() {
    let one_class = planar_csv(
        "theory_one_class.csv",
        &[([0.5, 1.0], 1), ([1.0, 2.0], 1), ([-1.0, 0.5], 1)],
    );
    let same = planar_csv(
        "theory_same_point.csv",
        &[([0.5, 0.5], 1), ([0.5, 0.5], -1), ([0.5, 0.5], 1)],
    );
    for (file, separable) in [(&one_class, true), (&same, false)] {
        for algo in ["perceptron", "pa", "pa2", "arow"] {
            let text = assert_theory_explains(algo, file, separable);
            assert!(!text.contains("null,\n      \"actual\": null"), "{text}");
        }
    }
}
