//! `learn --scale standard`: a run is the same run on the file
//! standardised beforehand (each feature to mean 0 and standard deviation
//! 1 over the training file, the test file by the same transform), to the
//! bit; what it cannot do is refused with the reason; the batch pocket
//! without it says that the post standardises. And `learn --help` lists
//! every learner, by family, with its rule.

mod command;

use command::{fixture, learn_json, run, stderr, stdout, temp_file};
use onlinelearn::data::{read_csv, CsvOptions, Standardiser};
use onlinelearn::{Algorithm, Dataset, Features};

const POCKET: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/www/data/pocket-pla.csv");

fn read(path: &str) -> Dataset {
    read_csv(std::path::Path::new(path), &CsvOptions::default())
        .unwrap()
        .data
}

/// `data` as a CSV file (label last), every value written to round-trip.
fn csv(name: &str, data: &Dataset) -> String {
    let mut text = String::new();
    for i in 0..data.len() {
        let Features::Dense(x) = data.row(i) else {
            unreachable!("standardised data is dense")
        };
        for v in x {
            text.push_str(&format!("{v},"));
        }
        text.push_str(&format!("{}\n", data.label(i)));
    }
    temp_file(name, &text).display().to_string()
}

#[test]
fn a_scaled_run_is_the_run_on_the_file_standardised_first() {
    let (train, test) = (
        fixture("seed000_classification_train.csv"),
        fixture("seed000_classification_test.csv"),
    );
    let (raw_train, raw_test) = (read(&train), read(&test));
    let standard = Standardiser::of(&raw_train);
    let (z_train, z_test) = (
        csv("scale-train.csv", &standard.dataset(&raw_train)),
        csv("scale-test.csv", &standard.dataset(&raw_test)),
    );
    for algo in ["pa1", "perceptron", "arow"] {
        let scaled = learn_json(&[
            "--algo", algo, "--scale", "standard", "--train", &train, "--test", &test,
        ]);
        let by_hand = learn_json(&["--algo", algo, "--train", &z_train, "--test", &z_test]);
        for key in ["mistakes", "weights", "bias", "test_accuracy"] {
            assert_eq!(scaled[key], by_hand[key], "{algo}: {key}");
        }
        assert_eq!(scaled["settings"]["scale"], "standard");
        assert!(
            by_hand["settings"].get("scale").is_none(),
            "none is the default"
        );
    }
    // The values as read (the default) are another run.
    let raw = learn_json(&["--algo", "pa1", "--train", &train]);
    let scaled = learn_json(&["--algo", "pa1", "--scale", "standard", "--train", &train]);
    assert_ne!(raw["weights"], scaled["weights"]);
    // A report repeats its run, the scale with it.
    let report = temp_file("scale-report.json", &scaled.to_string());
    let again = learn_json(&[
        "--algo",
        "pa1",
        "--settings",
        report.to_str().unwrap(),
        "--train",
        &train,
    ]);
    assert_eq!(again["weights"], scaled["weights"]);
}

#[test]
fn what_scaling_cannot_do_is_refused_with_the_reason() {
    let train = fixture("seed000_classification_train.csv");
    let out = run(&[
        "learn", "--algo", "pa1", "--scale", "minmax", "--train", &train,
    ]);
    assert!(stderr(&out).contains("none, standard"), "{}", stderr(&out));
    let out = command::run_with_input(
        &[
            "learn", "--algo", "pa1", "--scale", "standard", "--train", "-",
        ],
        b"1,2,1\n3,4,0\n".to_vec(),
    );
    assert!(
        stderr(&out).contains(
            "--scale standard reads stdin first for each feature's mean and standard deviation"
        ),
        "{}",
        stderr(&out)
    );
    let out = run(&[
        "learn", "--algo", "pa1", "--scale", "standard", "--train", POCKET, "--link",
    ]);
    assert!(
        stderr(&out).contains("--link: the page scales a file itself"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn the_batch_pocket_without_a_scale_says_the_post_standardises() {
    let note = "the Pocket PLA post (and `onlinelearn batch-pocket`) standardises them first";
    let out = run(&["learn", "--algo", "batch-pocket", "--train", POCKET]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains(note));
    for scale in ["none", "standard"] {
        let out = run(&[
            "learn",
            "--algo",
            "batch-pocket",
            "--scale",
            scale,
            "--train",
            POCKET,
        ]);
        assert!(out.status.success());
        assert!(
            !String::from_utf8_lossy(&out.stderr).contains(note),
            "--scale {scale}"
        );
    }
    let text = stdout(&run(&[
        "learn",
        "--algo",
        "batch-pocket",
        "--scale",
        "standard",
        "--train",
        POCKET,
    ]));
    assert!(text.contains("pocket-pla.csv (--scale standard)"), "{text}");
}

#[test]
fn learn_help_lists_every_learner_by_family_with_its_rule() {
    let full = stdout(&run(&["learn", "--help"]));
    let start = full.find("The learner. One of these").expect("the list");
    let help = &full[start..start + full[start..].find("\n      --").unwrap()];
    for family in [
        "The perceptron and PA:",
        "The pockets:",
        "The kernel learners:",
    ] {
        assert!(help.contains(family), "{family}");
    }
    for &algorithm in Algorithm::ALL {
        let line = help
            .lines()
            .find(|l| l.split_whitespace().next() == Some(algorithm.name()))
            .unwrap_or_else(|| panic!("{} is not listed", algorithm.name()));
        let rule: Vec<&str> = algorithm.info().rule.split_whitespace().take(4).collect();
        assert!(line.contains(&rule.join(" ")), "{line}");
    }
    // The short help stays short.
    let short = stdout(&run(&["learn", "-h"]));
    assert!(!short.contains("The pockets:"));
}
