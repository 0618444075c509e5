//! `onlinelearn batch-pocket`: seed 003's batch pocket PLA (Lao Ma's post,
//! `src/linear/batch_pocket.rs`) on a file's points: a random start, then
//! `--iterations` tries, each w + y x for a random misclassified point,
//! kept only if the mistakes over all points drop. The post reports the
//! accuracy on its own points after 100 iterations; one seed's number says
//! little about a random search, so `--seeds N` runs N seeds from `--seed`
//! and prints the distribution.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use onlinelearn::data::{read_csv, read_libsvm, CsvOptions, OnError, Standardiser};
use onlinelearn::{BatchPocket, BiasMode, Dataset, Task};

use crate::source::Format;

#[derive(Args)]
pub struct BatchPocketArgs {
    /// The points: a CSV (label last) or a LIBSVM file; labels 0/1 or -1/+1.
    #[arg(long)]
    train: PathBuf,
    /// Default: csv for *.csv, libsvm for anything else.
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Tries per run (the post's loop: 100).
    #[arg(long, default_value_t = 100)]
    iterations: u64,
    /// The first seed: it draws the start and picks the points.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Runs, one per seed from --seed on; more than one prints the
    /// accuracy's distribution over them.
    #[arg(long, default_value_t = 1)]
    seeds: u64,
    /// augmented: the bias is a weight on a constant 1 (the post's x0 = 1);
    /// none: no intercept.
    #[arg(long, default_value = "augmented", value_parser = bias_mode)]
    bias: BiasMode,
    /// standard: each feature to mean 0 and standard deviation 1 first, as
    /// the post does (`(x - np.mean(x, axis=0)) / np.std(x, axis=0)`);
    /// none: the values as read.
    #[arg(long, default_value = "standard", value_parser = ["standard", "none"])]
    scale: String,
    /// Print one JSON object instead of the summary.
    #[arg(long)]
    json: bool,
}

fn bias_mode(text: &str) -> Result<BiasMode, String> {
    match text {
        "augmented" => Ok(BiasMode::Augmented),
        "none" => Ok(BiasMode::None),
        _ => Err(format!(
            "the batch pocket takes --bias augmented or none, got '{text}'"
        )),
    }
}

/// One run's end: its seed, the points it misclassifies, its accuracy.
#[derive(serde::Serialize)]
struct Run {
    seed: u64,
    mistakes: usize,
    accuracy: f64,
    weights: Vec<f64>,
    bias: f64,
    /// Tries made (fewer than --iterations once no point is misclassified).
    steps: u64,
    accepted: u64,
}

pub fn batch_pocket(args: &BatchPocketArgs) -> Result<(), String> {
    if !(1..=1_000_000).contains(&args.iterations) {
        return Err(format!(
            "--iterations must be a whole number from 1 to 1000000, got {}",
            args.iterations
        ));
    }
    if !(1..=100_000).contains(&args.seeds) {
        return Err(format!(
            "--seeds must be a whole number from 1 to 100000, got {}",
            args.seeds
        ));
    }
    let mut points = read(&args.train, args.format)?;
    if args.scale == "standard" {
        points = Standardiser::of(&points).dataset(&points);
    }
    let runs: Vec<Run> = (0..args.seeds)
        .map(|i| run(&points, args, args.seed.wrapping_add(i)))
        .collect();
    crate::std_streams::write_stdout(|out| write_runs(out, args, &points, &runs))
}

/// The runs on standard output: JSON, one run, or the accuracy's spread.
fn write_runs(
    out: &mut dyn Write,
    args: &BatchPocketArgs,
    points: &Dataset,
    runs: &[Run],
) -> io::Result<()> {
    if args.json {
        let report = serde_json::json!({
            "points": points.len(),
            "iterations": args.iterations,
            "runs": runs,
            "accuracy": summary(runs),
        });
        return writeln!(out, "{report}");
    }
    writeln!(
        out,
        "batch pocket on {}: {} points, {} iterations",
        args.train.display(),
        points.len(),
        args.iterations
    )?;
    if let [one] = runs {
        writeln!(
            out,
            "seed {}: {} misclassified, accuracy {:.2} ({} of {} tries kept); w = {:?}, b = {}",
            one.seed, one.mistakes, one.accuracy, one.accepted, one.steps, one.weights, one.bias
        )?;
    } else {
        let s = summary(runs);
        writeln!(out,
            "accuracy over {} seeds ({} to {}): min {:.2}, quartiles {:.2} / {:.2} / {:.2}, max {:.2}, mean {:.3}; at least 0.85: {} of {}",
            runs.len(),
            args.seed,
            args.seed.wrapping_add(args.seeds - 1),
            s["min"],
            s["q1"],
            s["median"],
            s["q3"],
            s["max"],
            s["mean"],
            runs.iter().filter(|r| r.accuracy >= 0.85).count(),
            runs.len()
        )?;
    }
    Ok(())
}

fn read(path: &Path, format: Option<Format>) -> Result<Dataset, String> {
    let is_csv = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("csv"));
    let loaded = match format.unwrap_or(if is_csv { Format::Csv } else { Format::Libsvm }) {
        Format::Csv => read_csv(path, &CsvOptions::default()),
        Format::Libsvm => read_libsvm(path, Task::Classification, OnError::Fail),
    }
    .map_err(|e| e.to_string())?;
    if loaded.data.is_empty() {
        return Err(format!("{}: no points", path.display()));
    }
    Ok(loaded.data)
}

fn run(points: &Dataset, args: &BatchPocketArgs, seed: u64) -> Run {
    let mut pla = BatchPocket::new(points.clone(), args.bias, seed);
    let mut accepted = 0;
    for _ in 0..args.iterations {
        match pla.step() {
            Some(step) => accepted += step.accepted as u64,
            None => break,
        }
    }
    let model = pla.model();
    Run {
        seed,
        mistakes: pla.mistakes(),
        accuracy: 1.0 - pla.mistakes() as f64 / points.len() as f64,
        weights: model.weights,
        bias: model.bias,
        steps: pla.steps(),
        accepted,
    }
}

/// The accuracy's quartiles (the nearest rank), extremes and mean.
fn summary(runs: &[Run]) -> std::collections::BTreeMap<&'static str, f64> {
    let mut accuracy: Vec<f64> = runs.iter().map(|r| r.accuracy).collect();
    accuracy.sort_by(f64::total_cmp);
    let rank = |q: f64| {
        accuracy[((q * accuracy.len() as f64).ceil() as usize).clamp(1, accuracy.len()) - 1]
    };
    [
        ("min", accuracy[0]),
        ("q1", rank(0.25)),
        ("median", rank(0.5)),
        ("q3", rank(0.75)),
        ("max", accuracy[accuracy.len() - 1]),
        ("mean", accuracy.iter().sum::<f64>() / accuracy.len() as f64),
    ]
    .into_iter()
    .collect()
}
