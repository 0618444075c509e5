//! The command line with classes beyond the binary ±1: AROW and SCW
//! (their settings, the diagonal Σ for wide data), and multiclass data by
//! every reduction: one-vs-rest, Crammer & Singer's PA and perceptron
//! updates, the Banditron, and the settings they refuse.

mod command;

use command::{
    assert_learn_refused, fixture, learn_json, reference_cases, run, stderr, stdout, temp_file,
    wide_rows,
};
use serde_json::Value;

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
    let rows = wide_rows();
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
    assert_learn_refused(
        "--algo scw2 --confidence 1",
        &train,
        "strictly between 0.5 and 1",
    );
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
    assert_learn_refused(
        "--algo averaged-perceptron --multiclass crammer-singer",
        &train,
        "the learners that can: perceptron, pa, pa1, pa2",
    );
    assert_learn_refused(
        "--algo projectron",
        &train,
        "Projectron cannot learn 4 classes by one-vs-rest",
    );
    // Two classes stay binary, whatever their labels; --multiclass is refused there.
    let two = temp_file("two.svm", "2 1:1\n7 1:-1\n2 1:0.5\n7 1:-2\n");
    let binary = learn_json(&["--algo", "pa1", "--train", two.to_str().unwrap()]);
    assert_eq!(binary["task"], "classification");
    assert_eq!(
        binary["mistakes"], 1,
        "7 is +1, 2 is -1: only the first sample errs"
    );
    assert_learn_refused(
        "--algo pa1 --multiclass one-vs-rest",
        two.to_str().unwrap(),
        "--multiclass applies to data with more than two classes",
    );
    let fractional = temp_file("fractional.svm", "1 1:1\n2.5 1:1\n");
    assert_learn_refused(
        "--algo pa1",
        fractional.to_str().unwrap(),
        "fractional.svm:2:1: label 2.5 is not a class",
    );
}

/// The fixture's case of `reduction` with these settings (see
/// scripts/reference/multiclass.py).
fn reference(reduction: &str, pick: impl Fn(&Value) -> bool) -> Value {
    reference_cases("multiclass_reference.json")
        .into_iter()
        .find(|c| c["multiclass"] == reduction && c["algo"] == "perceptron" && pick(c))
        .unwrap_or_else(|| panic!("no case of {reduction}"))
}

fn same_rows(report: &Value, case: &Value, what: &str) {
    assert_eq!(report["mistakes"], case["mistakes"], "{what}");
    let (got, want) = (&report["weights"], &case["weights"]);
    for k in 0..4 {
        for j in 0..6 {
            let (a, b) = (got[k][j].as_f64().unwrap(), want[k][j].as_f64().unwrap());
            assert!(
                (a - b).abs() <= 1e-9 * a.abs().max(b.abs()),
                "{what}: w[{k}][{j}] {a} vs {b}"
            );
        }
    }
}

#[test]
fn the_multiclass_perceptron_and_the_banditron_learn_on_the_command_line() {
    let train = fixture("multiclass_train.svm");
    for reduction in [
        "crammer-singer",
        "crammer-singer-uniform",
        "crammer-singer-proportional",
    ] {
        for form in ["paper", "libol"] {
            let report = learn_json(&[
                "--algo",
                "perceptron",
                "--multiclass",
                reduction,
                "--crammer-singer-form",
                form,
                "--bias",
                "none",
                "--train",
                &train,
            ]);
            assert_eq!(report["multiclass"], reduction);
            assert_eq!(report["settings"]["crammer-singer-form"], form);
            let case = reference(reduction, |c| {
                c["crammer-singer-form"] == form && c["bias"] == "none"
            });
            same_rows(&report, &case, &format!("{reduction} {form}"));
        }
    }
    // The Banditron: the default seed (0) draws its guesses without
    // shuffling the file, so it meets the transcription's seed-0 case.
    let report = learn_json(&[
        "--algo",
        "perceptron",
        "--multiclass",
        "banditron",
        "--banditron-gamma",
        "0.2",
        "--bias",
        "none",
        "--train",
        &train,
    ]);
    assert_eq!(report["settings"]["banditron-gamma"], 0.2);
    assert_eq!(report["settings"].get("crammer-singer-form"), None);
    let case = reference("banditron", |c| {
        c["banditron-gamma"] == 0.2 && c["seed"] == 0 && c["bias"] == "none"
    });
    same_rows(&report, &case, "banditron");
    // Its mistakes are its guesses' (the paper's M), the top class's apart.
    assert_eq!(report["mistakes"], case["mistakes"]);
    assert_eq!(report["top_mistakes"], case["top_mistakes"]);
    let summary = stdout(&run(&[
        "learn",
        "--algo",
        "perceptron",
        "--multiclass",
        "banditron",
        "--train",
        &train,
    ]));
    assert!(summary.contains("top-class mistakes"), "{summary}");
}

#[test]
fn a_setting_of_a_reduction_not_in_force_is_refused_and_the_help_names_them() {
    let train = fixture("multiclass_train.svm");
    let refused = |args: &[&str]| {
        let mut all = vec!["learn", "--train", train.as_str()];
        all.extend_from_slice(args);
        stderr(&run(&all))
    };
    let err = refused(&["--algo", "perceptron", "--banditron-gamma", "0.1"]);
    assert!(
        err.contains("--banditron-gamma applies only with --multiclass banditron"),
        "{err}"
    );
    let err = refused(&[
        "--algo",
        "perceptron",
        "--multiclass",
        "banditron",
        "--crammer-singer-form",
        "libol",
    ]);
    assert!(
        err.contains("--crammer-singer-form applies only with --multiclass crammer-singer"),
        "{err}"
    );
    let err = refused(&[
        "--algo",
        "pa1",
        "--multiclass",
        "crammer-singer",
        "--crammer-singer-form",
        "libol",
    ]);
    assert!(
        err.contains("--crammer-singer-form is not used by pa1; it is used by perceptron with --multiclass crammer-singer"),
        "{err}"
    );
    let err = refused(&["--algo", "pa1", "--multiclass", "banditron"]);
    assert!(
        err.contains("PA-I cannot learn 4 classes by banditron; the learners that can: perceptron"),
        "{err}"
    );
    // Algorithm 1's range, (0, 0.5).
    for gamma in ["0", "0.5"] {
        let err = refused(&[
            "--algo",
            "perceptron",
            "--multiclass",
            "banditron",
            "--banditron-gamma",
            gamma,
        ]);
        assert!(
            err.contains("--banditron-gamma: Banditron γ must be"),
            "{err}"
        );
    }
    let help = stdout(&run(&["learn", "--help"]));
    for words in [
        "--banditron-gamma",
        "--crammer-singer-form",
        "crammer-singer-uniform",
        "crammer-singer-proportional",
        "banditron",
    ] {
        assert!(help.contains(words), "--help names {words}");
    }
}

#[test]
fn the_selective_perceptron_one_vs_rest_reports_the_labels_it_asked_for() {
    let train = fixture("multiclass_train.svm");
    let asked = |b: &str| {
        let report = learn_json(&[
            "--algo",
            "selective-perceptron",
            "--selective-b",
            b,
            "--train",
            &train,
        ]);
        assert_eq!(report["multiclass"], "one-vs-rest");
        report["labels_asked"].as_u64().expect("labels_asked")
    };
    // 900 samples: a smaller b asks for fewer of their labels.
    let (sparing, eager) = (asked("0.05"), asked("10"));
    assert!(
        0 < sparing && sparing < eager && eager <= 900,
        "{sparing} {eager}"
    );
    let text = stdout(&run(&[
        "learn",
        "--algo",
        "selective-perceptron",
        "--selective-b",
        "0.05",
        "--train",
        &train,
    ]));
    assert!(
        text.contains(&format!("labels asked          {sparing} of 900")),
        "{text}"
    );
    // A learner that sees every label reports none.
    let pa = learn_json(&["--algo", "pa1", "--train", &train]);
    assert!(pa.get("labels_asked").is_none(), "{pa}");
}
