//! `onlinelearn frontier`: held-out error against support-set size, each
//! kernel learner at each of `--sizes` (its budget where it has one, a
//! searched value of its knob where it has not), over `--orderings`
//! shuffles: ordering i is exactly `onlinelearn learn ... --seed S + i`.
//! A table on standard output (or `--json`), and with `--csv` and
//! `--svg` the points and the figure.

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use onlinelearn::paper::frontier::{self, Phase, Setup};
use onlinelearn::{Algorithm, Key, Settings};

use crate::frontier_data::{check_learners, read, scale, sizes};
use crate::frontier_flags::FrontierFlags;
use crate::frontier_output::Report;
use crate::progress::Feedback;
use crate::source::Format;

/// The most orderings a run takes.
const MAX_ORDERINGS: usize = 1000;

#[derive(Args)]
pub struct FrontierArgs {
    /// Comma-separated kernel learners with a support-set size to set
    /// (every kernel learner but FOGD, whose features are no support set).
    #[arg(long, value_delimiter = ',', required = true, value_parser = crate::commands::learner_name)]
    algos: Vec<Algorithm>,
    /// The training data, read whole (a file, or `-`).
    #[arg(long)]
    train: PathBuf,
    /// The test data: the held-out error is on all of it.
    #[arg(long)]
    test: PathBuf,
    /// Default: csv for *.csv, libsvm for anything else.
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Support-set sizes, comma-separated (whole numbers from 1 to
    /// 1000000): a learner's budget (APSM's dictionary L) where it has
    /// one, else the size its knob is searched to reach.
    #[arg(long, value_delimiter = ',', default_value = "25,50,100,200,400")]
    sizes: Vec<String>,
    /// Shuffles of the training data (2 to 1000): ordering i is `learn
    /// --seed S+i`, S the --seed given (0 without).
    #[arg(long, default_value_t = 20)]
    orderings: usize,
    /// Worker threads (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
    /// Print one JSON object (every point, every run) instead of the table.
    #[arg(long)]
    json: bool,
    /// Write the figure, test error against support-set size, as SVG.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Write the points as CSV, one row per learner and size.
    #[arg(long, value_name = "FILE")]
    csv: Option<PathBuf>,
    #[command(flatten)]
    settings: FrontierFlags,
    #[command(flatten)]
    feedback: Feedback,
}

pub fn frontier(args: &FrontierArgs) -> Result<(), String> {
    let sizes = sizes(&args.sizes)?;
    if !(2..=MAX_ORDERINGS).contains(&args.orderings) {
        return Err(format!(
            "--orderings must be from 2 to {MAX_ORDERINGS} (standard errors need two orderings), got {}",
            args.orderings
        ));
    }
    if args.threads == Some(0) {
        return Err("--threads must be at least 1, got 0".into());
    }
    let mut algorithms = Vec::new();
    for &a in &args.algos {
        if algorithms.contains(&a) {
            return Err(format!("--algos: {a} is given twice"));
        }
        algorithms.push(a);
    }
    let mut settings = Settings::default();
    args.settings.0.apply(&mut settings)?;
    let given = args.settings.0.keys();
    let first_seed = settings.seed;
    let last = first_seed.saturating_add(args.orderings as u64 - 1);
    Settings::default()
        .set_number(Key::Seed, last as f64)
        .map_err(|e| {
            format!(
                "--seed {first_seed} with --orderings {} runs seeds up to {last}: {e}",
                args.orderings
            )
        })?;
    check_learners(&algorithms, &settings, &given, &sizes)?;
    for (flag, path) in [("--svg", &args.svg), ("--csv", &args.csv)] {
        if let Some(path) = path {
            crate::output_paths::check_file(flag, path)?;
        }
    }
    let mut files = read(&args.train, &args.test, args.format)?;
    scale(&mut files, settings.scale)?;
    // OLRU plans for the run's length, as `learn` does without --horizon.
    settings.horizon = settings.horizon.or(Some(files.train.len() as u64));
    let setup = Setup {
        sizes,
        first_seed,
        orderings: args.orderings,
        threads: args
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
    };
    let bar = args.feedback.bar(
        Some(0),
        "{msg} {bar:40} {pos}/{len}, {elapsed} (about {eta} left)",
    );
    let progress = |phase: Phase, done: usize, total: usize| {
        bar.set_message(match phase {
            Phase::Search => "searching knob values",
            Phase::Runs => "runs",
        });
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    };
    let start = Instant::now();
    let points = frontier::run(
        &files.train,
        &files.test,
        &algorithms,
        &settings,
        &setup,
        &progress,
    )
    .map_err(|e| e.to_string())?;
    let seconds = start.elapsed().as_secs_f64();
    bar.finish_and_clear();
    let report = Report {
        files: &files,
        algorithms: &algorithms,
        settings: &settings,
        setup: &setup,
        points: &points,
        given: &given,
        seconds,
    };
    if args.feedback.shows_status() {
        crate::std_streams::eprint_line(&report.status());
    }
    match args.json {
        true => crate::std_streams::print_stdout(&format!("{}\n", report.json()))?,
        false => crate::std_streams::print_stdout(&report.table())?,
    }
    if let Some(path) = &args.csv {
        std::fs::write(path, report.csv()).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if let Some(path) = &args.svg {
        crate::frontier_plot::figure(path, &report.title(), &algorithms, &setup.sizes, &points)
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}
