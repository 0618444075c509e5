//! LIBOL's binary learners against a NumPy transcription of their papers'
//! equations and of LIBOL's MATLAB files (scripts/reference/libol.py
//! writes tests/fixtures/libol_reference.json): one pass in file order on
//! dense data (seed 000's), noisy data (libol_noisy.csv) and sparse data
//! (a1a, read sparse here and dense there), each form, with and without
//! the bias, full and diagonal Σ. Weights and bias agree to 1e-9 relative;
//! progressive mistakes and the number of updates exactly. A case leaves
//! out the few a1a samples (its `skip`) that would meet a score of 0 to
//! rounding with w ≠ 0: a1a's binary rows make such exact ties, and there
//! each side's rounding, not the rule, picks the sign.

mod transcription;

use onlinelearn::{Algorithm, Settings};
use serde_json::{Map, Value};
use transcription::{case_settings, fixture, Cases};

/// The case's settings: its own keys are setting names, but for `form`
/// (the learner's form setting) and `a` (the initial variance).
fn settings(case: &Map<String, Value>, algorithm: Algorithm) -> Settings {
    case_settings(case, |key| match key {
        "a" => Some("initial-variance"),
        "form" => Some(form_key(algorithm)),
        _ => None,
    })
}

/// The learner's form setting.
fn form_key(algorithm: Algorithm) -> &'static str {
    match algorithm {
        Algorithm::Alma => "alma-form",
        Algorithm::Romma | Algorithm::Aromma => "romma-form",
        Algorithm::Sop => "sop-form",
        Algorithm::Cw => "cw-form",
        Algorithm::Iellip => "iellip-form",
        other => panic!("{other} has no form setting"),
    }
}

#[test]
fn libol_learners_match_the_papers_and_libols_equations() {
    let doc = fixture("libol_reference.json");
    let mut cases = Cases::default();
    for case in doc["cases"].as_array().unwrap() {
        cases.run(case, settings, |_, _| {});
    }
    cases.assert_all_ran(76);
}
