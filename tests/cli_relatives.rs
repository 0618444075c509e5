//! The perceptron's relatives on the command line: each runs by name and
//! gives the NumPy transcription of its paper (the fixture of
//! tests/relatives_reference.rs) to 1e-9, compare takes them all, `--help`
//! documents their flags with range and default, and a flag of theirs is
//! refused for a learner that does not read it. The selective perceptron
//! reports the labels it asked for; its cases run without `--seed` (which
//! would shuffle the file), so with seed 0, the command line's default.

mod command;

use command::{
    assert_close_to_reference, assert_compare_learns_all, assert_help_documents,
    assert_learn_refused, fixture, reference_cases, run, stdout,
};
use serde_json::Value;

const NAMES: [&str; 6] = [
    "ballseptron",
    "paum",
    "shifting-perceptron",
    "pegasos",
    "winnow",
    "selective-perceptron",
];

#[test]
fn each_gives_the_transcription_of_its_paper_by_its_flags() {
    let data = fixture("libol_noisy.csv");
    let mut checked = 0;
    for case in &reference_cases("relatives_reference.json") {
        // `--seed` would shuffle the file: the default seed's cases only.
        if case["data"] != "libol_noisy" || case.get("seed").is_some_and(|s| s != 0) {
            continue;
        }
        let algo = case["algo"].as_str().unwrap();
        let bias = case["bias_mode"].as_str().unwrap();
        let mut args: Vec<String> = ["learn", "--json", "--algo", algo, "--train", &data]
            .map(String::from)
            .into();
        args.extend(["--bias", bias].map(String::from));
        // The case's own settings, by their flags.
        for (key, value) in case.as_object().unwrap() {
            if key.contains('-') || key == "lr" {
                let text = match value {
                    Value::String(word) => word.clone(),
                    number => number.to_string(),
                };
                args.extend([format!("--{key}"), text]);
            }
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out: Value = serde_json::from_str(&stdout(&run(&args))).unwrap();
        assert_eq!(out["mistakes"], case["mistakes"], "{args:?}");
        // Present for the selective perceptron alone.
        assert_eq!(out.get("labels_asked"), case.get("asked"), "{args:?}");
        let want = case["weights"].as_array().unwrap();
        let got = out["weights"].as_array().unwrap();
        assert_eq!(got.len(), want.len(), "{args:?}");
        let mut pairs: Vec<(f64, f64)> = got
            .iter()
            .zip(want)
            .map(|(g, w)| (g.as_f64().unwrap(), w.as_f64().unwrap()))
            .collect();
        pairs.push((
            out["bias"].as_f64().unwrap(),
            case["bias"].as_f64().unwrap(),
        ));
        assert_close_to_reference(&pairs, &format!("{args:?}"));
        checked += 1;
    }
    // Three settings of each of the six (two of the selective perceptron's
    // at seed 0), both bias modes; and PAUM's authors' form, twice, with b.
    assert_eq!(checked, 36);
}

#[test]
fn each_runs_by_name_and_compare_takes_them_all() {
    assert_compare_learns_all(&NAMES);
}

#[test]
fn help_documents_their_flags_and_an_unused_one_is_refused() {
    assert_help_documents(&[
        ("--ballseptron-r", "[positive and finite; default: 0.1]"),
        ("--paum-tau-plus", "[non-negative and finite; default: 1]"),
        ("--paum-tau-minus", "[non-negative and finite; default: 1]"),
        ("--shifting-lambda", "[positive and finite; default: 1]"),
        ("--pegasos-lambda", "[positive and finite; default: 0.01]"),
        ("--winnow-alpha", "[greater than 1 and finite; default: 2]"),
        ("--winnow-theta", "[finite; default: 0]"),
        ("--selective-b", "[positive and finite; default: 1]"),
    ]);
    let data = fixture("libol_noisy.csv");
    assert_learn_refused(
        "--algo perceptron --paum-tau-plus 2",
        &data,
        "--paum-tau-plus is not used by perceptron; it is used by paum",
    );
    assert_learn_refused(
        "--algo pegasos --pegasos-lambda -1",
        &data,
        "Pegasos λ must be positive and finite, got -1",
    );
    assert_learn_refused(
        "--algo winnow --winnow-alpha 1",
        &data,
        "Winnow α must be greater than 1 and finite, got 1",
    );
    let out = stdout(&run(&[
        "learn",
        "--algo",
        "selective-perceptron",
        "--selective-b",
        "0.5",
        "--train",
        &data,
    ]));
    assert!(out.contains("labels asked "), "{out}");
    assert_learn_refused(
        "--algo paum --bias decoupled",
        &data,
        "--bias decoupled is not defined for PAUM",
    );
}
