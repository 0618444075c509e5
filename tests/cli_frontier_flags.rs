//! `onlinelearn frontier`'s flags: `--scale standard` scales as `learn`
//! does (each run is still `learn --seed S+i` with the point's flags), and
//! the flags frontier never reads are refused, never ignored, and left
//! out of its help.

mod command;

use command::{assert_refused, learn_json, run, stdout, temp_file};
use serde_json::Value;

/// Two moons with the first feature stretched a hundredfold, so that
/// standardising changes what a Gaussian kernel sees.
fn stretched_moons(name: &str, seed: &str) -> String {
    let csv = stdout(&run(&[
        "stream", "--preset", "moons", "--n", "120", "--seed", seed,
    ]));
    let mut lines = csv.lines();
    let mut text = format!("{}\n", lines.next().unwrap());
    for line in lines {
        let v: Vec<&str> = line.split(',').collect();
        let x1: f64 = v[0].parse().unwrap();
        text.push_str(&format!("{},{},{}\n", 100.0 * x1, v[1], v[2]));
    }
    temp_file(name, &text).display().to_string()
}

/// `frontier` of the kernel perceptron at budget 10, two orderings, on
/// `train` and `test`, with `flags` (split at spaces) after it.
fn frontier_args<'a>(train: &'a str, test: &'a str, flags: &'a str) -> Vec<&'a str> {
    let fixed = "frontier --algos kernel-perceptron --sizes 10 --orderings 2";
    let mut args: Vec<&str> = fixed.split(' ').collect();
    args.extend(flags.split_whitespace());
    args.extend(["--train", train, "--test", test]);
    args
}

#[test]
fn frontier_scale_standard_is_learn_scale_standard_and_recorded() {
    let train = stretched_moons("frontier_scale_train.csv", "1");
    let test = stretched_moons("frontier_scale_test.csv", "2");
    let args = frontier_args(&train, &test, "--json --quiet --scale standard");
    let json: Value = serde_json::from_str(&stdout(&run(&args))).unwrap();
    assert_eq!(json["settings"]["scale"], "standard", "{json}");
    let point = &json["points"][0];
    let flags = point["flags"].as_str().unwrap();
    assert!(flags.contains("--scale standard"), "{flags}");
    for r in point["runs"].as_array().unwrap() {
        let seed = r["seed"].as_u64().unwrap().to_string();
        let mut args: Vec<&str> = flags.split(' ').collect();
        args.extend(["--train", &train, "--test", &test, "--seed", &seed]);
        args.push("--quiet");
        let learned = learn_json(&args);
        assert_eq!(learned["test_accuracy"], r["test_accuracy"], "seed {seed}");
        assert_eq!(learned["mistakes"], r["mistakes"], "seed {seed}");
    }
}

#[test]
fn frontier_refuses_the_task_and_the_reduction_it_never_reads() {
    let data = stretched_moons("frontier_refusals.csv", "3");
    assert_refused(
        &frontier_args(&data, &data, "--multiclass banditron"),
        "--multiclass is not used by frontier",
    );
    assert_refused(
        &frontier_args(&data, &data, "--task regression"),
        "--task regression: frontier measures the held-out error of two classes",
    );
}

#[test]
fn frontier_help_leaves_out_the_flags_it_always_refuses() {
    let help = stdout(&run(&["frontier", "--help"]));
    let flags: Vec<&str> = help
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("--"))
        .filter_map(|l| l.split([' ', '\t']).next())
        .collect();
    for refused in ["budget", "eps", "bias", "task", "multiclass", "olrd-c"] {
        assert!(!flags.contains(&refused), "--{refused} in {flags:?}");
    }
    for read in [
        "scale",
        "seed",
        "sigma",
        "kernel",
        "spa-alpha",
        "bogd-gamma",
    ] {
        assert!(flags.contains(&read), "--{read} not in {flags:?}");
    }
}
