//! `onlinelearn paper`: Meng & Song (2023) reproduced, on a LIBSVM pair or
//! on the simulated channel, with the paper's protocol or our sweep. The
//! tables go to standard output and, with the CSV data and the SVG figure,
//! into `--out` (results/ by default).

use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::{Args, ValueEnum};
use onlinelearn::data::{read_libsvm, Dataset, OnError};
use onlinelearn::paper::contenders::{calibrate, contenders, Contender};
use onlinelearn::paper::{orderings, shuffles, sweep, Setup, Split};
use onlinelearn::settings::{Key, Settings};
use onlinelearn::{Algorithm, Task};

use crate::paper_output::{Output, Source};
use crate::progress::Feedback;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Protocol {
    /// The paper's: each learner at its authors' parameters; test error and
    /// dictionary size against samples seen, mean ± standard error.
    Paper,
    /// Ours: eight values of each learner's size setting, chosen by online
    /// error; test error against dictionary size, under caps.
    Sweep,
}

#[derive(Args)]
pub struct PaperArgs {
    /// The paper's protocol, or our stricter sweep.
    #[arg(long, value_enum, default_value_t = Protocol::Paper)]
    protocol: Protocol,
    /// LIBSVM training file (the paper: a3a, a7a).
    #[arg(
        long,
        required_unless_present = "simulated",
        conflicts_with = "simulated"
    )]
    train: Option<PathBuf>,
    /// LIBSVM test file.
    #[arg(
        long,
        required_unless_present = "simulated",
        conflicts_with = "simulated"
    )]
    test: Option<PathBuf>,
    /// The paper's simulated data instead of files: a nonlinear channel's
    /// received signal, x in R^4 (see the README on its parameters).
    #[arg(long)]
    simulated: bool,
    /// Training samples per ordering [default: 3000, the paper's a3a size,
    /// or the whole file if smaller; simulated: 5000].
    #[arg(long)]
    n_train: Option<usize>,
    /// Test samples per ordering [default: 20000, or the whole file if
    /// smaller; simulated: 5000].
    #[arg(long)]
    n_test: Option<usize>,
    /// Gaussian kernel width of every learner (the paper: 1, the settings
    /// table's default), checked by the table's row.
    #[arg(long, value_parser = sigma_flag, default_value_t = Settings::default().sigma)]
    sigma: f64,
    /// Random orderings; every learner sees the same ones (at least 2).
    #[arg(long, default_value_t = 20)]
    repeats: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Points of each learning curve.
    #[arg(long, default_value_t = 20)]
    checkpoints: usize,
    /// Test samples scored at each curve point (the final point uses them all).
    #[arg(long, default_value_t = 2000)]
    curve_test: usize,
    /// Sweep only: each learner's N sparsest settings (of 8), to keep
    /// dictionaries small on a large data set.
    #[arg(long)]
    settings: Option<usize>,
    /// Comma-separated learners (default: the paper's eight).
    #[arg(long, value_delimiter = ',')]
    learners: Vec<Algorithm>,
    /// Worker threads (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
    /// Folder for the tables, the CSV data and the SVG figure.
    #[arg(long, default_value = "results")]
    out: PathBuf,
    #[command(flatten)]
    feedback: Feedback,
}

/// `--sigma`, read and checked by the settings table's row.
fn sigma_flag(text: &str) -> Result<f64, String> {
    let mut settings = Settings::default();
    settings
        .set_text(Key::Sigma, text)
        .map_err(|e| e.to_string())?;
    Ok(settings.sigma)
}

pub fn paper(args: &PaperArgs) -> Result<(), String> {
    let learners = learners(args)?;
    if args.settings.is_some() && args.protocol != Protocol::Sweep {
        return Err("--settings applies to --protocol sweep only".into());
    }
    // Zero would leave each curve without points, or its points unscored.
    for (flag, n) in [
        ("--checkpoints", args.checkpoints),
        ("--curve-test", args.curve_test),
    ] {
        if n == 0 {
            return Err(format!("{flag} must be at least 1, got 0"));
        }
    }
    crate::output_paths::check_folder("--out", &args.out)?;
    let keep = args.settings.unwrap_or(8);
    if !(1..=8).contains(&keep) {
        return Err(format!("--settings must be between 1 and 8, got {keep}"));
    }
    let (source, setup, splits) = data(args)?;
    let start = Instant::now();
    let bar = args.feedback.bar(
        Some(0),
        "{bar:40} {pos}/{len} runs, {elapsed} (about {eta} left)",
    );
    let progress = |done: usize, total: usize| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    };
    let output = match args.protocol {
        Protocol::Paper => {
            let chosen: Vec<Contender> = contenders()
                .into_iter()
                .filter(|c| learners.contains(&c.algorithm))
                .collect();
            let chosen = calibrate(chosen, &splits[0], setup.sigma, setup.seed)
                .map_err(|e| e.to_string())?;
            let outcomes =
                orderings::run(&splits, &setup, &chosen, &progress).map_err(|e| e.to_string())?;
            Output::paper(source, setup, outcomes)
        }
        Protocol::Sweep => {
            let settings: Vec<sweep::Setting> = learners
                .iter()
                .flat_map(|&a| sweep::grid(a).into_iter().take(keep))
                .collect();
            let outcomes =
                sweep::run(&splits, &setup, &settings, &progress).map_err(|e| e.to_string())?;
            Output::sweep(source, setup, learners, outcomes)
        }
    };
    bar.finish_and_clear();
    if args.feedback.shows_status() {
        crate::std_streams::eprint_line(&format!(
            "{} runs in {:.0} s",
            bar.length().unwrap_or(0),
            start.elapsed().as_secs_f64()
        ));
    }
    crate::std_streams::print_stdout(&output.tables())?;
    let written = output.write(&args.out)?;
    crate::std_streams::eprint_line(&format!("wrote {}", written.join(", ")));
    Ok(())
}

/// The learners asked for: the paper's eight by default; each must have a
/// size setting to sweep.
fn learners(args: &PaperArgs) -> Result<Vec<Algorithm>, String> {
    if args.learners.is_empty() {
        return Ok(Algorithm::in_paper().collect());
    }
    for a in &args.learners {
        if !a.info().in_paper {
            return Err(format!(
                "{} is not one of the paper's learners; they are: {}",
                a.name(),
                Algorithm::in_paper()
                    .map(|a| a.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
    }
    Ok(args.learners.clone())
}

/// The orderings to run, and what they are drawn from.
fn data(args: &PaperArgs) -> Result<(Source, Setup, Vec<Split>), String> {
    let mut setup = Setup {
        sigma: args.sigma,
        repeats: args.repeats,
        seed: args.seed,
        checkpoints: args.checkpoints,
        curve_test: args.curve_test,
        ..Setup::default()
    };
    if let Some(threads) = args.threads {
        setup.threads = threads;
    }
    if args.simulated {
        setup.n_train = args.n_train.unwrap_or(5000);
        setup.n_test = args.n_test.unwrap_or(5000);
        for (name, n) in [("--n-train", setup.n_train), ("--n-test", setup.n_test)] {
            if n == 0 {
                return Err(format!("{name} must be at least 1, got 0"));
            }
        }
        let splits = orderings::channel_splits(&setup).map_err(|e| e.to_string())?;
        return Ok((Source::Channel, setup, splits));
    }
    let (train_path, test_path) = (args.train.as_ref().unwrap(), args.test.as_ref().unwrap());
    let (train, test) = (load(train_path)?, load(test_path)?);
    setup.n_train = args.n_train.unwrap_or(train.len().min(3000));
    setup.n_test = args.n_test.unwrap_or(test.len().min(20000));
    let splits = shuffles(&train, &test, &setup).map_err(|e| e.to_string())?;
    let source = Source::Files {
        train: file_name(train_path),
        test: file_name(test_path),
    };
    Ok((source, setup, splits))
}

fn load(path: &Path) -> Result<Dataset, String> {
    read_libsvm(path, Task::Classification, OnError::Fail)
        .map(|loaded| loaded.data)
        .map_err(|e| e.to_string())
}

fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |f| f.to_string_lossy().into_owned(),
    )
}
