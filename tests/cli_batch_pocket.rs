//! Seed 003's batch pocket PLA on the command line: a run is the library's
//! `BatchPocket` on the post's standardised points (recomputed here), the
//! distribution over seeds is the runs' own, and bad input is refused with
//! the range or the file's line and column.

mod command;

use command::{run, stderr, stdout, temp_file};
use onlinelearn::{BatchPocket, BiasMode, Dataset};
use serde_json::Value;

const POINTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/www/data/pocket-pla.csv");

/// The post's points, standardised as its NumPy does (population sd).
fn standardised_points() -> Dataset {
    let text = std::fs::read_to_string(POINTS).unwrap();
    let rows: Vec<Vec<f64>> = text
        .lines()
        .map(|l| l.split(',').map(|v| v.parse().unwrap()).collect())
        .collect();
    let n = rows.len() as f64;
    let stats: Vec<(f64, f64)> = (0..2)
        .map(|k| {
            let mean = rows.iter().map(|r| r[k]).sum::<f64>() / n;
            let sd = (rows.iter().map(|r| (r[k] - mean).powi(2)).sum::<f64>() / n).sqrt();
            (mean, sd)
        })
        .collect();
    let values = rows
        .iter()
        .flat_map(|r| {
            (0..2)
                .map(|k| (r[k] - stats[k].0) / stats[k].1)
                .collect::<Vec<_>>()
        })
        .collect();
    let labels = rows
        .iter()
        .map(|r| if r[2] == 1.0 { 1.0 } else { -1.0 })
        .collect();
    Dataset::from_dense(values, 2, labels).unwrap()
}

fn json(args: &[&str]) -> Value {
    let out = run(args);
    assert!(out.status.success(), "{}", stderr(&out));
    serde_json::from_str(&stdout(&out)).unwrap()
}

#[test]
fn a_run_is_the_librarys_batch_pocket_on_the_standardised_points() {
    let points = standardised_points();
    for seed in [0u64, 5, 17] {
        let report = json(&[
            "batch-pocket",
            "--train",
            POINTS,
            "--seed",
            &seed.to_string(),
            "--json",
        ]);
        let mut pla = BatchPocket::new(points.clone(), BiasMode::Augmented, seed);
        for _ in 0..100 {
            if pla.step().is_none() {
                break;
            }
        }
        let run = &report["runs"][0];
        assert_eq!(run["seed"], seed);
        assert_eq!(run["mistakes"], pla.mistakes() as u64, "seed {seed}");
        let model = pla.model();
        for (k, w) in model.weights.iter().enumerate() {
            assert!(
                (run["weights"][k].as_f64().unwrap() - w).abs() < 1e-12,
                "seed {seed}"
            );
        }
        assert!((run["bias"].as_f64().unwrap() - model.bias).abs() < 1e-12);
        assert_eq!(run["accuracy"], 1.0 - pla.mistakes() as f64 / 100.0);
    }
}

#[test]
fn the_distribution_over_seeds_is_the_runs_own() {
    let report = json(&[
        "batch-pocket",
        "--train",
        POINTS,
        "--seed",
        "3",
        "--seeds",
        "41",
        "--json",
    ]);
    let runs = report["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 41);
    let seeds: Vec<u64> = runs.iter().map(|r| r["seed"].as_u64().unwrap()).collect();
    assert_eq!(seeds, (3..44).collect::<Vec<_>>());
    let mut accuracy: Vec<f64> = runs
        .iter()
        .map(|r| r["accuracy"].as_f64().unwrap())
        .collect();
    accuracy.sort_by(f64::total_cmp);
    assert_eq!(report["accuracy"]["median"], accuracy[20]);
    assert_eq!(report["accuracy"]["min"], accuracy[0]);
    assert_eq!(report["accuracy"]["max"], accuracy[40]);
    // The post's random search on its standardised points: most seeds end
    // near its reported 0.85, far above the half a stalled start keeps.
    assert!(accuracy[20] >= 0.8, "median {}", accuracy[20]);
    let text = stdout(&run(&["batch-pocket", "--train", POINTS, "--seeds", "41"]));
    assert!(text.contains("accuracy over 41 seeds (0 to 40)"), "{text}");
}

#[test]
fn bad_settings_and_bad_lines_are_refused_with_the_reason() {
    let out = run(&["batch-pocket", "--train", POINTS, "--iterations", "0"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("--iterations must be a whole number from 1 to 1000000, got 0"));
    let out = run(&["batch-pocket", "--train", POINTS, "--bias", "decoupled"]);
    assert!(stderr(&out).contains("the batch pocket takes --bias augmented or none"));
    let broken = temp_file("pocket-broken.csv", "1,2,1\n3,x,0\n");
    let out = run(&["batch-pocket", "--train", broken.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("pocket-broken.csv:2:3: value 'x' is not a number"),
        "{}",
        stderr(&out)
    );
}
