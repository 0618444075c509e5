//! `onlinelearn frontier`: every point is the `learn --seed S+i` runs it
//! names, to the bit; bad flags are refused naming what is accepted; the
//! JSON, CSV and SVG are well formed. Data: the kernel fixtures, and a
//! LIBSVM file written here (classes 2 and 7, so the class mapping is
//! exercised).

mod command;

use command::{assert_refused, fixture, learn_json, moons_libsvm, run, stderr, stdout, temp_file};
use serde_json::Value;

/// Two moons as LIBSVM lines with classes 2 and 7 (7 is +1 for `learn`).
fn moons_2_7(name: &str, n: &str, seed: &str) -> String {
    moons_libsvm(name, n, seed, ("7", "2"))
        .display()
        .to_string()
}

fn frontier_json(args: &[&str]) -> Value {
    let mut all = vec!["frontier", "--json", "--quiet"];
    all.extend_from_slice(args);
    serde_json::from_str(&stdout(&run(&all))).unwrap()
}

/// Every run of every point against `learn` with the point's flags and
/// the run's seed: the same support size, the same test accuracy (bit
/// for bit), the same progressive mistakes.
fn check_against_learn(json: &Value, data: &[&str], first_seed: u64, orderings: usize) {
    let points = json["points"].as_array().unwrap();
    assert!(!points.is_empty());
    for point in points {
        let flags: Vec<&str> = point["flags"].as_str().unwrap().split(' ').collect();
        let runs = point["runs"].as_array().unwrap();
        assert_eq!(runs.len(), orderings);
        for (i, r) in runs.iter().enumerate() {
            let seed = r["seed"].as_u64().unwrap();
            assert_eq!(seed, first_seed + i as u64, "ordering {i} is --seed S+{i}");
            let seed_text = seed.to_string();
            let mut args = flags.clone();
            args.extend_from_slice(data);
            args.extend_from_slice(&["--seed", &seed_text, "--quiet"]);
            let learned = learn_json(&args);
            let what = format!("{} at {}", point["flags"], seed);
            assert_eq!(learned["support_size"], r["support_size"], "{what}");
            assert_eq!(learned["test_accuracy"], r["test_accuracy"], "{what}");
            assert_eq!(learned["mistakes"], r["mistakes"], "{what}");
            let error = 1.0 - learned["test_accuracy"].as_f64().unwrap();
            assert_eq!(r["test_error"].as_f64().unwrap(), error, "{what}");
        }
        // The point's summary is of those runs.
        let sizes: Vec<f64> = runs
            .iter()
            .map(|r| r["support_size"].as_f64().unwrap())
            .collect();
        let mean = sizes.iter().sum::<f64>() / sizes.len() as f64;
        assert!((point["support_size"]["mean"].as_f64().unwrap() - mean).abs() < 1e-12);
    }
}

#[test]
fn every_point_is_exactly_its_learn_runs_with_seeds_s_to_s_plus_n_minus_1() {
    let (train, test) = (
        fixture("kernel_4d_train.csv"),
        fixture("kernel_4d_test.csv"),
    );
    let data = ["--train", train.as_str(), "--test", test.as_str()];
    let json = frontier_json(&[
        "--algos",
        "kernel-perceptron,projectron,ald-projection,spa,olru,apsm",
        "--sizes",
        "6,16",
        "--orderings",
        "3",
        "--seed",
        "5",
        "--train",
        &train,
        "--test",
        &test,
    ]);
    assert_eq!(json["first_seed"], 5);
    assert_eq!(json["points"].as_array().unwrap().len(), 12);
    check_against_learn(&json, &data, 5, 3);
    // A budget is the size; a knob's value is searched, and the size it
    // reached on the first ordering is that ordering's run.
    for point in json["points"].as_array().unwrap() {
        let runs = point["runs"].as_array().unwrap();
        match point["setting"].as_str().unwrap() {
            "budget" | "dictionary" => {
                assert_eq!(point["value"].as_f64(), point["target"].as_f64());
                assert!(runs
                    .iter()
                    .all(|r| r["support_size"].as_u64() <= point["target"].as_u64()));
                assert!(point.get("search").is_none());
            }
            _ => {
                let search = &point["search"];
                assert!(!search["trials"].as_array().unwrap().is_empty());
                if search["finished"] == true {
                    assert_eq!(
                        search["reached"], runs[0]["support_size"],
                        "{}",
                        point["flags"]
                    );
                }
            }
        }
    }
}

#[test]
fn a_libsvm_file_with_other_class_names_maps_them_as_learn_does() {
    let train = moons_2_7("frontier-moons.train", "240", "3");
    let test = moons_2_7("frontier-moons.test", "300", "4");
    let data = [
        "--train",
        train.as_str(),
        "--test",
        test.as_str(),
        "--sigma",
        "0.4",
    ];
    let json = frontier_json(&[
        "--algos",
        "olrd,projectron++",
        "--sizes",
        "10",
        "--orderings",
        "2",
        "--sigma",
        "0.4",
        "--train",
        &train,
        "--test",
        &test,
    ]);
    // --sigma is given: each point's flags repeat it, and learn agrees.
    assert!(json["points"][0]["flags"]
        .as_str()
        .unwrap()
        .contains("--sigma 0.4"));
    check_against_learn(&json, &data[..4], 0, 2);
    let error = json["points"][1]["test_error"]["mean"].as_f64().unwrap();
    assert!(error < 0.3, "7 is +1 on both files: {error}");
}

#[test]
fn bad_flags_are_refused_naming_what_is_accepted() {
    let (train, test) = (
        fixture("kernel_4d_train.csv"),
        fixture("kernel_4d_test.csv"),
    );
    let refused = |extra: &[&str]| {
        let mut args = vec![
            "frontier",
            "--train",
            train.as_str(),
            "--test",
            test.as_str(),
        ];
        args.extend_from_slice(extra);
        stderr(&run(&args))
    };
    let listed = "kernel-perceptron, kernel-pa1, kernel-pa2, projectron, projectron++, apsm, spa, olru, olrd, ald-projection, forgetron, stoptron, bogd, nogd, bpa-s, silk, bsgd";
    // Each refusal, and what it says.
    let refusals: [(&[&str], &[&str]); 7] = [
        (&["--algos", "pa1"], &["pa1 keeps no support set", listed]),
        (
            &["--algos", "ald-projection,fogd"],
            &[
                "fogd keeps no support vectors (its size is --fogd-d)",
                listed,
            ],
        ),
        (
            &["--algos", "olrd", "--olrd-form", "authors"],
            &["olrd has no size to set", "use --olrd-form budget"],
        ),
        (
            &["--algos", "spa", "--spa-form", "authors"],
            &["--spa-beta applies only with --spa-form paper"],
        ),
        (
            &["--algos", "kernel-perceptron", "--budget", "50"],
            &["--budget is what frontier sets to each size", "--sizes"],
        ),
        (
            &["--algos", "projectron", "--eta", "0.5"],
            &["--eta is what frontier searches for each size"],
        ),
        (
            &["--algos", "apsm", "--sizes", "2,10"],
            &["--sizes 2", "apsm"],
        ),
    ];
    for (args, says) in refusals {
        let e = refused(args);
        for words in says {
            assert!(e.contains(words), "{words}: {e}");
        }
    }
    for (sizes, says) in [
        ("0", "from 1 to 1000000, got '0'"),
        ("abc", "from 1 to 1000000, got 'abc'"),
        ("10,20,10", "10 is given twice"),
    ] {
        let e = refused(&["--algos", "kernel-perceptron", "--sizes", sizes]);
        assert!(e.contains(says), "{sizes}: {e}");
    }
    let e = refused(&["--algos", "kernel-perceptron", "--orderings", "1"]);
    assert!(e.contains("--orderings must be from 2 to 1000"), "{e}");
    let e = refused(&["--algos", "kernel-perceptron,projectron", "--c", "0.5"]);
    assert!(
        e.contains("--c") && e.contains("kernel-perceptron, projectron"),
        "{e}"
    );
    assert_refused(
        &[
            "frontier",
            "--algos",
            "projectron",
            "--train",
            "-",
            "--test",
            "-",
        ],
        "standard input can be one of the two files",
    );
    let e = refused(&["--algos", "kernel-perceptron,kernel-perceptron"]);
    assert!(e.contains("kernel-perceptron is given twice"), "{e}");
    let e = refused(&[
        "--algos",
        "kernel-perceptron",
        "--seed",
        "9007199254740991",
        "--orderings",
        "3",
    ]);
    assert!(
        e.contains("runs seeds up to") && e.contains("seed must be"),
        "{e}"
    );
    // The data: a test class the training set lacks, named where it is
    // (the test file as wide as the training file: four features);
    // more than two classes.
    let odd = temp_file(
        "frontier-odd.csv",
        "x1,x2,x3,x4,y\n0.1,0.2,0,0,1\n0.3,0.1,0,0,-1\n0.5,0.5,0,0,3\n",
    );
    let e = stderr(&run(&[
        "frontier",
        "--algos",
        "kernel-perceptron",
        "--train",
        &train,
        "--test",
        odd.to_str().unwrap(),
    ]));
    assert!(
        e.contains("frontier-odd.csv:4:")
            && e.contains("class 3 is not among the training classes"),
        "{e}"
    );
    let three = fixture("multiclass_train.csv");
    let e = stderr(&run(&[
        "frontier",
        "--algos",
        "kernel-perceptron",
        "--train",
        &three,
        "--test",
        &test,
    ]));
    assert!(
        e.contains("learn two classes") && e.contains("has 4"),
        "{e}"
    );
}

#[test]
fn json_csv_svg_and_the_table_are_well_formed() {
    let (train, test) = (
        fixture("kernel_4d_train.csv"),
        fixture("kernel_4d_test.csv"),
    );
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let (csv, svg) = (dir.join("frontier.csv"), dir.join("frontier.svg"));
    let _ = std::fs::remove_file(&csv);
    let _ = std::fs::remove_file(&svg);
    let table = stdout(&run(&[
        "frontier",
        "--algos",
        "kernel-perceptron,ald-projection,forgetron",
        "--sizes",
        "5,12",
        "--orderings",
        "2",
        "--train",
        &train,
        "--test",
        &test,
        "--quiet",
        "--csv",
        csv.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
    ]));
    for word in [
        "kernel-perceptron",
        "ald-projection",
        "forgetron",
        "budget 5",
        "nu ",
        "(reached ",
        "--seed 0 to 1",
    ] {
        assert!(table.contains(word), "{word}: {table}");
    }
    let csv = std::fs::read_to_string(&csv).unwrap();
    let rows: Vec<Vec<&str>> = csv.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(rows[0][0], "learner");
    assert_eq!(rows.len(), 1 + 3 * 2, "a row per learner and size");
    for row in &rows[1..] {
        assert_eq!(row.len(), rows[0].len(), "{row:?}");
        for (name, cell) in rows[0].iter().zip(row).skip(3) {
            if !(name == &"reached" && cell.is_empty()) {
                cell.parse::<f64>()
                    .unwrap_or_else(|_| panic!("{name}: {cell}"));
            }
        }
    }
    let svg = std::fs::read_to_string(&svg).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    for label in [
        "Kernel perceptron",
        "ALD projection",
        "Forgetron",
        "test error",
        "support-set size",
    ] {
        assert!(svg.contains(label), "{label}");
    }
    let json = frontier_json(&[
        "--algos",
        "forgetron",
        "--sizes",
        "5",
        "--orderings",
        "2",
        "--train",
        &train,
        "--test",
        &test,
    ]);
    for key in [
        "train",
        "test",
        "n_train",
        "n_test",
        "orderings",
        "first_seed",
        "sizes",
        "settings",
        "points",
        "seconds",
    ] {
        assert!(json.get(key).is_some(), "{key}");
    }
    assert_eq!(json["n_train"], 300);
    assert_eq!(json["settings"]["sigma"], 1.0);
    assert!(
        json["settings"].get("budget").is_none(),
        "the size setting is each point's own"
    );
}
