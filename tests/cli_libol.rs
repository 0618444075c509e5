//! LIBOL's binary learners on the command line: each runs by name, LIBOL's
//! forms give the NumPy transcription of LIBOL's .m files to 1e-9 (the
//! fixture of tests/libol_reference.rs), `--help` documents their flags
//! with range and default, and a flag of theirs is refused for a learner
//! that does not read it.

mod command;

use command::{
    assert_close_to_reference, assert_compare_learns_all, assert_help_documents,
    assert_learn_refused, fixture, reference_cases, run, stdout,
};
use serde_json::Value;

const NAMES: [&str; 9] = [
    "alma", "romma", "aromma", "ogd", "sop", "cw", "iellip", "narow", "nherd",
];

#[test]
fn libols_forms_give_the_transcription_of_libols_files() {
    let data = fixture("libol_noisy.csv");
    let mut checked = 0;
    for case in &reference_cases("libol_reference.json") {
        let form_key = match case["algo"].as_str().unwrap() {
            "alma" => "--alma-form",
            "romma" | "aromma" => "--romma-form",
            "sop" => "--sop-form",
            "cw" => "--cw-form",
            "iellip" => "--iellip-form",
            _ => continue,
        };
        let full = case.get("covariance").is_none_or(|c| c == "full");
        if case["data"] != "libol_noisy" || case["form"] != "libol" || !full {
            continue;
        }
        let algo = case["algo"].as_str().unwrap();
        let bias = case["bias_mode"].as_str().unwrap();
        let mut args: Vec<String> = ["learn", "--json", "--algo", algo, "--train", &data]
            .map(String::from)
            .into();
        args.extend([form_key, "libol", "--bias", bias].map(String::from));
        // The case's own settings, by their flags (`a`: the initial variance).
        for (key, value) in case.as_object().unwrap() {
            let flag = match key.as_str() {
                "a" => "initial-variance",
                "alma-alpha" | "alma-c" | "cw-eta" | "iellip-b" | "iellip-c" => key,
                _ => continue,
            };
            args.extend([format!("--{flag}"), value.to_string()]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out: Value = serde_json::from_str(&stdout(&run(&args))).unwrap();
        assert_eq!(out["mistakes"], case["mistakes"], "{algo} {bias}");
        let want = case["weights"].as_array().unwrap();
        let got = out["weights"].as_array().unwrap();
        let pairs: Vec<(f64, f64)> = got
            .iter()
            .zip(want)
            .map(|(g, w)| (g.as_f64().unwrap(), w.as_f64().unwrap()))
            .collect();
        assert_close_to_reference(&pairs, &format!("{algo} {bias}"));
        checked += 1;
    }
    // ALMA's defaults and another α, ROMMA, aROMMA, SOP, CW and IELLIP, both bias modes.
    assert_eq!(checked, 14);
}

#[test]
fn each_runs_by_name_and_compare_takes_them_all() {
    assert_compare_learns_all(&NAMES);
}

#[test]
fn help_documents_their_flags_and_an_unused_one_is_refused() {
    assert_help_documents(&[
        (
            "--alma-alpha",
            "[greater than 0 and at most 1; default: 0.9]",
        ),
        ("--alma-form", "[paper, libol; default: paper]"),
        (
            "--ogd-loss",
            "[hinge, logistic, square, zero-one; default: hinge]",
        ),
        ("--cw-eta", "[strictly between 0.5 and 1; default: 0.7]"),
        ("--iellip-c", "[strictly between 0 and 1; default: 0.1]"),
        ("--narow-b", "[positive and finite; default: 1]"),
    ]);
    let data = fixture("libol_noisy.csv");
    assert_learn_refused(
        "--algo romma --alma-alpha 0.5",
        &data,
        "--alma-alpha is not used by romma; it is used by alma",
    );
    assert_learn_refused(
        "--algo cw --cw-eta 1",
        &data,
        "CW η must be strictly between 0.5 and 1, got 1",
    );
}
