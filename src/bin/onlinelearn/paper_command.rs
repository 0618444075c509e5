//! `onlinelearn paper`: seed 004's comparison on a LIBSVM data set.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;
use onlinelearn::data::{read_libsvm, OnError};
use onlinelearn::paper::{grid, run, select, Outcome, Setting, Setup};
use onlinelearn::{Algorithm, Task};

#[derive(Args)]
pub struct PaperArgs {
    #[arg(long)]
    train: PathBuf,
    #[arg(long)]
    test: PathBuf,
    #[arg(long, default_value_t = 3000)]
    n_train: usize,
    #[arg(long, default_value_t = 20000)]
    n_test: usize,
    /// Kernel width of every learner (seed 004: 1).
    #[arg(long, default_value_t = 1.0)]
    sigma: f64,
    /// Shuffles of the data; every learner sees the same ones.
    #[arg(long, default_value_t = 10)]
    repeats: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Learning-curve points per run.
    #[arg(long, default_value_t = 10)]
    checkpoints: usize,
    /// Use each learner's N sparsest settings (of 8): the same number for
    /// every learner, to keep dictionaries small on a large data set.
    #[arg(long, default_value_t = 8)]
    settings: usize,
    /// Comma-separated learners (default: seed 004's eight).
    #[arg(long, value_delimiter = ',')]
    learners: Vec<Algorithm>,
    /// Worker threads (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
    /// Write every setting's results to this CSV, and learning curves to
    /// the same name with `.curves.csv`.
    #[arg(long)]
    out: Option<PathBuf>,
}

const CAPS: [f64; 3] = [50.0, 100.0, 200.0];

pub fn paper(args: &PaperArgs) -> Result<(), String> {
    let learners: Vec<Algorithm> = if args.learners.is_empty() {
        Algorithm::in_paper().collect()
    } else {
        for a in &args.learners {
            if a.info().sweep.is_none() {
                return Err(format!(
                    "{} has no sparsity setting to sweep; the learners that do: {}",
                    a.name(),
                    Algorithm::ALL
                        .iter()
                        .filter(|a| a.info().sweep.is_some())
                        .map(|a| a.name())
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
        }
        args.learners.clone()
    };
    let load = |p: &Path| {
        read_libsvm(p, Task::Classification, OnError::Fail)
            .map(|l| l.data)
            .map_err(|e| e.to_string())
    };
    let (train, test) = (load(&args.train)?, load(&args.test)?);
    let setup = Setup {
        n_train: args.n_train,
        n_test: args.n_test,
        sigma: args.sigma,
        repeats: args.repeats,
        seed: args.seed,
        checkpoints: args.checkpoints,
        threads: args.threads.unwrap_or(Setup::default().threads),
        ..Setup::default()
    };
    if !(1..=8).contains(&args.settings) {
        return Err(format!(
            "settings must be between 1 and 8, got {}",
            args.settings
        ));
    }
    let settings: Vec<Setting> = learners
        .iter()
        .flat_map(|&a| grid(a).into_iter().take(args.settings))
        .collect();
    let name = |p: &Path| {
        p.file_name().map_or_else(
            || p.display().to_string(),
            |f| f.to_string_lossy().into_owned(),
        )
    };
    eprintln!(
        "{} x {} shuffles of {} ({} training) and {} ({} test), sigma = {}, {} threads",
        settings.len(),
        setup.repeats,
        name(&args.train),
        setup.n_train,
        name(&args.test),
        setup.n_test,
        setup.sigma,
        setup.threads
    );
    let start = Instant::now();
    let outcomes = run(&train, &test, &setup, &settings, &|done, total| {
        eprint!("\r{done}/{total} runs");
        let _ = std::io::stderr().flush();
    })
    .map_err(|e| e.to_string())?;
    eprintln!("\rdone in {:.0} s", start.elapsed().as_secs_f64());

    println!(
        "{} / {}: {} training and {} test samples, Gaussian kernel sigma = {}, {} shuffles (mean ± sd)",
        name(&args.train),
        name(&args.test),
        setup.n_train,
        setup.n_test,
        setup.sigma,
        setup.repeats
    );
    println!("\nEvery setting:");
    println!(
        "{:<18} {:<22} {:>16} {:>20} {:>12}",
        "learner", "setting", "dictionary", "test error", "online err"
    );
    for o in &outcomes {
        let ((d, ds), (e, es)) = (o.dictionary(), o.test_error());
        println!(
            "{:<18} {:<22} {:>9.1} ± {:<5.1} {:>10.4} ± {:<7.4} {:>12.4}",
            o.setting.algorithm.name(),
            o.setting.describe(),
            d,
            ds,
            e,
            es,
            o.online_error()
        );
    }
    println!("\nSelected by online error (no test data used to choose):");
    let header: String = ["any size".to_string()]
        .into_iter()
        .chain(CAPS.map(|c| format!("|D| <= {c}")))
        .map(|h| format!("{h:>22}"))
        .collect();
    println!("{:<18}{header}", "learner");
    for &a in &learners {
        let mut row = format!("{:<18}", a.name());
        for cap in [None].into_iter().chain(CAPS.map(Some)) {
            let cell = match select(&outcomes, a, cap) {
                Some(o) => format!("{:.4} ({:.0})", o.test_error().0, o.dictionary().0),
                None => "-".into(),
            };
            let _ = write!(row, "{cell:>22}");
        }
        println!("{row}");
    }
    println!("\nLowest test error (its dictionary size) among the selected settings:");
    for cap in [None].into_iter().chain(CAPS.map(Some)) {
        let best = learners
            .iter()
            .filter_map(|&a| select(&outcomes, a, cap))
            .min_by(|a, b| a.test_error().0.total_cmp(&b.test_error().0));
        if let Some(o) = best {
            let label = cap.map_or("any size".to_string(), |c| format!("|D| <= {c}"));
            println!(
                "  {label:<10} {} ({}, test error {:.4}, |D| {:.0})",
                o.setting.algorithm.label(),
                o.setting.describe(),
                o.test_error().0,
                o.dictionary().0
            );
        }
    }
    if let Some(path) = &args.out {
        write_csv(path, &outcomes)?;
        eprintln!("wrote {} and its .curves.csv", path.display());
    }
    Ok(())
}

fn write_csv(path: &Path, outcomes: &[Outcome]) -> Result<(), String> {
    let mut table = String::from("learner,knob,value,repeats,dictionary_mean,dictionary_sd,test_error_mean,test_error_sd,online_error_mean\n");
    let mut curves = String::from("learner,knob,value,samples,dictionary_mean,test_error_mean\n");
    for o in outcomes {
        let s = &o.setting;
        let ((d, ds), (e, es)) = (o.dictionary(), o.test_error());
        let value = s.value_text();
        let _ = writeln!(
            table,
            "{},{},{value},{},{d},{ds},{e},{es},{}",
            s.algorithm.name(),
            s.key.name(),
            o.runs.len(),
            o.online_error()
        );
        for (samples, dictionary, error) in o.mean_curve() {
            let _ = writeln!(
                curves,
                "{},{},{value},{samples},{dictionary},{error}",
                s.algorithm.name(),
                s.key.name()
            );
        }
    }
    let curves_path = path.with_extension("curves.csv");
    std::fs::write(path, table).map_err(|e| format!("{}: {e}", path.display()))?;
    std::fs::write(&curves_path, curves).map_err(|e| format!("{}: {e}", curves_path.display()))
}
