//! The subcommands: argument parsing, running and printing.

use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Parser, Subcommand, ValueEnum};
use onlinelearn::data::{read_csv, read_libsvm, CsvOptions, OnError, Rng};
use onlinelearn::eval::{test_accuracy, test_errors, Progress};
use onlinelearn::kernel::{KernelHyper, KernelSpec, SpaChoice};
use onlinelearn::{
    Algorithm, AnyLearner, BiasMode, Dataset, Features, Hyper, Learner, Preset, Stream,
    StreamConfig, Task,
};
use serde_json::json;

#[derive(Parser)]
#[command(
    name = "onlinelearn",
    version,
    about = "Online learners on real and synthetic data"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Train one learner, one sample at a time, and report progressive and test metrics.
    Learn {
        /// perceptron, averaged-perceptron, pocket, pa, pa1 or pa2
        #[arg(long)]
        algo: Algorithm,
        #[command(flatten)]
        run: RunArgs,
    },
    /// Train several learners on the same data and order; one row each.
    Compare {
        /// Comma-separated algorithm names.
        #[arg(long, value_delimiter = ',', required = true)]
        algos: Vec<Algorithm>,
        #[command(flatten)]
        run: RunArgs,
    },
    /// Seed 004's comparison of eight kernel learners: test error against dictionary size.
    Paper(crate::paper_command::PaperArgs),
    /// Write a seeded synthetic stream as CSV (label last) to standard output.
    Stream {
        #[arg(long)]
        preset: Preset,
        #[arg(long, default_value_t = 1000)]
        n: usize,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Probability of a flipped label (regression: of an outlier).
        #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
        noise: f64,
        /// Features of regression-nd.
        #[arg(long, default_value_t = 4)]
        features: usize,
    },
}

#[derive(Args)]
struct RunArgs {
    /// Aggressiveness of PA-I and PA-II.
    #[arg(long = "c", default_value_t = 1.0, allow_negative_numbers = true)]
    c: f64,
    /// Width of the regression tube.
    #[arg(long, default_value_t = 0.1, allow_negative_numbers = true)]
    eps: f64,
    /// Perceptron and pocket learning rate.
    #[arg(long = "lr", default_value_t = 1.0, allow_negative_numbers = true)]
    lr: f64,
    #[arg(long, value_enum, default_value_t = BiasArg::Augmented)]
    bias: BiasArg,
    #[arg(long, value_enum, default_value_t = TaskArg::Classification)]
    task: TaskArg,
    /// Shuffle the training order with this seed (each pass anew); file order without it.
    #[arg(long)]
    seed: Option<u64>,
    #[arg(long, default_value_t = 1)]
    passes: usize,
    #[arg(long)]
    train: PathBuf,
    #[arg(long)]
    test: Option<PathBuf>,
    /// Default: csv for *.csv, libsvm for anything else.
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Print one JSON object instead of a summary.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    kernel: KernelArgs,
}

/// Settings of the kernel learners.
#[derive(Args)]
struct KernelArgs {
    #[arg(long, value_enum, default_value_t = KernelArg::Gaussian)]
    kernel: KernelArg,
    /// Gaussian width: k = exp(-||x - z||^2 / (2 sigma^2)).
    #[arg(long, default_value_t = 1.0, allow_negative_numbers = true)]
    sigma: f64,
    /// Polynomial kernel (offset + x.z)^degree.
    #[arg(long, default_value_t = 2)]
    degree: u32,
    #[arg(long, default_value_t = 1.0, allow_negative_numbers = true)]
    offset: f64,
    /// Support-set budget (kernel perceptron, kernel PA, SPA).
    #[arg(long)]
    budget: Option<usize>,
    /// Sparsification threshold of Projectron, Projectron++ and ALD projection.
    #[arg(long, default_value_t = 0.1, allow_negative_numbers = true)]
    eta: f64,
    /// Window of APSM and ALD projection.
    #[arg(long = "q", default_value_t = 4)]
    window: usize,
    /// Step factor of APSM and ALD projection, in (0, 2).
    #[arg(long, default_value_t = 0.1, allow_negative_numbers = true)]
    lambda: f64,
    /// Margin of APSM, ALD projection, SPA, OLRU and OLRD.
    #[arg(long, default_value_t = 1.0, allow_negative_numbers = true)]
    rho: f64,
    /// APSM's ball radius.
    #[arg(long, default_value_t = 5.0, allow_negative_numbers = true)]
    radius: f64,
    /// APSM's dictionary size L.
    #[arg(long, default_value_t = 700)]
    dictionary: usize,
    /// Planned stream length T of OLRU and OLRD (default: the training set's size).
    #[arg(long)]
    horizon: Option<u64>,
    /// OLRU: update probability min(1, c T^-a).
    #[arg(long, default_value_t = 1.2, allow_negative_numbers = true)]
    olru_c: f64,
    #[arg(long, default_value_t = 0.2, allow_negative_numbers = true)]
    olru_a: f64,
    /// OLRD: soft budget floor(1 + c sqrt(T)).
    #[arg(long, default_value_t = 1.0, allow_negative_numbers = true)]
    olrd_c: f64,
    /// paper: p = min(alpha, l)/beta, tau = min(C/p, l/k(x,x)); authors: p = min(l, 1), coefficient l.
    #[arg(long, default_value = "paper")]
    spa_form: SpaChoice,
    #[arg(long, default_value_t = 1.0, allow_negative_numbers = true)]
    spa_alpha: f64,
    #[arg(long, default_value_t = 1.0, allow_negative_numbers = true)]
    spa_beta: f64,
}

#[derive(Clone, Copy, ValueEnum)]
enum KernelArg {
    Gaussian,
    Polynomial,
    Linear,
}

impl KernelArgs {
    fn hyper(&self, n_train: usize, seed: Option<u64>) -> KernelHyper {
        KernelHyper {
            kernel: match self.kernel {
                KernelArg::Gaussian => KernelSpec::Gaussian { sigma: self.sigma },
                KernelArg::Polynomial => KernelSpec::Polynomial {
                    degree: self.degree,
                    offset: self.offset,
                },
                KernelArg::Linear => KernelSpec::Linear,
            },
            budget: self.budget,
            eta: self.eta,
            window: self.window,
            lambda: self.lambda,
            rho: self.rho,
            radius: self.radius,
            dictionary: self.dictionary,
            adaptive_margin: true,
            horizon: self.horizon.unwrap_or(n_train.max(1) as u64),
            olru_c: self.olru_c,
            olru_a: self.olru_a,
            olrd_c: self.olrd_c,
            spa: self.spa_form,
            spa_alpha: self.spa_alpha,
            spa_beta: self.spa_beta,
            seed: seed.unwrap_or(0),
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum BiasArg {
    Augmented,
    Decoupled,
    None,
}

#[derive(Clone, Copy, ValueEnum)]
enum TaskArg {
    Classification,
    Regression,
}

#[derive(Clone, Copy, PartialEq, ValueEnum)]
enum Format {
    Csv,
    Libsvm,
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Learn { algo, run } => learn(&[algo], &run),
        Command::Compare { algos, run } => learn(&algos, &run),
        Command::Stream {
            preset,
            n,
            seed,
            noise,
            features,
        } => stream(preset, n, seed, noise, features),
        Command::Paper(args) => crate::paper_command::paper(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

impl RunArgs {
    fn hyper(&self, n_train: usize) -> Hyper {
        Hyper {
            kernel: self.kernel.hyper(n_train, self.seed),
            c: self.c,
            epsilon: self.eps,
            learning_rate: self.lr,
            bias: match self.bias {
                BiasArg::Augmented => BiasMode::Augmented,
                BiasArg::Decoupled => BiasMode::Decoupled,
                BiasArg::None => BiasMode::None,
            },
            task: self.task(),
        }
    }

    fn task(&self) -> Task {
        match self.task {
            TaskArg::Classification => Task::Classification,
            TaskArg::Regression => Task::Regression,
        }
    }

    fn load(&self, path: &Path) -> Result<Dataset, String> {
        let is_csv = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("csv"));
        let format = self
            .format
            .unwrap_or(if is_csv { Format::Csv } else { Format::Libsvm });
        let loaded = match format {
            Format::Csv => read_csv(
                path,
                &CsvOptions {
                    task: self.task(),
                    ..CsvOptions::default()
                },
            ),
            Format::Libsvm => read_libsvm(path, self.task(), OnError::Fail),
        }
        .map_err(|e| e.to_string())?;
        if loaded.data.is_empty() {
            return Err(format!("{}: no samples", path.display()));
        }
        Ok(loaded.data)
    }
}

/// What one learner did on the run.
struct Outcome {
    algorithm: Algorithm,
    learner: AnyLearner,
    progress: Progress,
    learn_seconds: f64,
}

fn learn(algorithms: &[Algorithm], run: &RunArgs) -> Result<(), String> {
    if run.passes == 0 {
        return Err("passes must be at least 1, got 0".into());
    }
    // Settings are checked before the (possibly large) files are read.
    let check = run.hyper(1);
    for &a in algorithms {
        AnyLearner::new(a, &check).map_err(|e| e.to_string())?;
    }
    let train = run.load(&run.train)?;
    let hyper = run.hyper(train.len() * run.passes);
    let mut learners = algorithms
        .iter()
        .map(|&a| AnyLearner::new(a, &hyper).map(|l| (a, l)))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    let test = run.test.as_deref().map(|p| run.load(p)).transpose()?;

    let mut outcomes = Vec::new();
    for (algorithm, mut learner) in learners.drain(..) {
        let mut progress = Progress::default();
        let mut seconds = 0.0;
        for pass in 0..run.passes {
            // Every learner sees the same order: shuffles derive from the seed and pass only.
            let ordered = match run.seed {
                Some(seed) => Cow::Owned(
                    train.select(&Rng::derive(seed, pass as u64).permutation(train.len())),
                ),
                None => Cow::Borrowed(&train),
            };
            let start = Instant::now();
            learner.learn_batch(&ordered, 0..ordered.len(), &mut progress);
            seconds += start.elapsed().as_secs_f64();
        }
        outcomes.push(Outcome {
            algorithm,
            learner,
            progress,
            learn_seconds: seconds,
        });
    }

    let name = run.train.display().to_string();
    if run.json {
        let rows: Vec<_> = outcomes
            .iter()
            .map(|o| summary_json(o, &train, test.as_ref(), run))
            .collect();
        let value = if algorithms.len() == 1 {
            rows.into_iter().next().unwrap()
        } else {
            json!(rows)
        };
        println!("{}", serde_json::to_string_pretty(&value).unwrap());
    } else if algorithms.len() == 1 {
        print_summary(&outcomes[0], &name, train.len(), test.as_ref(), run);
    } else {
        print_table(&outcomes, &name, train.len(), test.as_ref(), run);
    }
    Ok(())
}

fn summary_json(
    o: &Outcome,
    train: &Dataset,
    test: Option<&Dataset>,
    run: &RunArgs,
) -> serde_json::Value {
    let model = o
        .learner
        .linear_model()
        .unwrap_or_else(|| onlinelearn::LinearModel {
            weights: vec![],
            bias: 0.0,
        });
    let mut value = json!({
        "algo": o.algorithm.name(),
        "task": run.task().name(),
        "n_train": train.len(),
        "passes": run.passes,
        "mistakes": o.progress.mistakes,
        "mistake_rate": o.progress.mistake_rate(),
        "weights": model.weights,
        "bias": model.bias,
        "learn_seconds": o.learn_seconds,
    });
    if o.algorithm.is_kernel() {
        value["support_size"] = json!(o.learner.support_size());
        value.as_object_mut().unwrap().remove("weights");
        value.as_object_mut().unwrap().remove("bias");
    }
    let map = value.as_object_mut().unwrap();
    match run.task() {
        Task::Classification => {
            if let Some(test) = test {
                map.insert(
                    "test_accuracy".into(),
                    json!(test_accuracy(&o.learner, test)),
                );
                map.insert("n_test".into(), json!(test.len()));
            }
        }
        Task::Regression => {
            map.insert("mae".into(), json!(o.progress.mae()));
            map.insert("mse".into(), json!(o.progress.mse()));
            if let Some(test) = test {
                let (mae, mse) = test_errors(&o.learner, test);
                map.insert("test_mae".into(), json!(mae));
                map.insert("test_mse".into(), json!(mse));
            }
        }
    }
    value
}

fn rate(samples: u64, seconds: f64) -> String {
    if seconds <= 0.0 {
        return "-".into();
    }
    let per_second = samples as f64 / seconds;
    if per_second >= 1e6 {
        format!("{:.1} M samples/s", per_second / 1e6)
    } else {
        format!("{:.0} k samples/s", per_second / 1e3)
    }
}

fn print_summary(o: &Outcome, name: &str, n: usize, test: Option<&Dataset>, run: &RunArgs) {
    let passes = if run.passes == 1 {
        "1 pass".to_string()
    } else {
        format!("{} passes", run.passes)
    };
    println!("{} on {name}: {n} samples, {passes}", o.algorithm.label());
    match run.task() {
        Task::Classification => {
            let p = &o.progress;
            println!(
                "  progressive mistakes  {} ({:.2}%)",
                p.mistakes,
                100.0 * p.mistake_rate()
            );
            if let Some(test) = test {
                println!(
                    "  test accuracy         {:.2}% on {} samples",
                    100.0 * test_accuracy(&o.learner, test),
                    test.len()
                );
            }
        }
        Task::Regression => {
            println!("  progressive MAE       {:.6}", o.progress.mae());
            println!("  progressive MSE       {:.6}", o.progress.mse());
            if let Some(test) = test {
                let (mae, mse) = test_errors(&o.learner, test);
                println!(
                    "  test MAE / MSE        {mae:.6} / {mse:.6} on {} samples",
                    test.len()
                );
            }
        }
    }
    if o.algorithm.is_kernel() {
        println!("  support vectors       {}", o.learner.support_size());
    }
    println!(
        "  learned in            {:.3} ms ({})",
        o.learn_seconds * 1e3,
        rate(o.progress.samples, o.learn_seconds)
    );
}

fn print_table(outcomes: &[Outcome], name: &str, n: usize, test: Option<&Dataset>, run: &RunArgs) {
    println!(
        "{name}: {n} samples, {} pass(es), same order for every learner",
        run.passes
    );
    let (progressive, held_out) = match run.task() {
        Task::Classification => ("mistakes", "test acc"),
        Task::Regression => ("MAE", "test MAE"),
    };
    println!(
        "{:<22} {:>12} {:>10} {:>10} {:>12}",
        "algorithm", progressive, "rate", held_out, "learn ms"
    );
    for o in outcomes {
        let (first, second) = match run.task() {
            Task::Classification => (
                o.progress.mistakes.to_string(),
                format!("{:.2}%", 100.0 * o.progress.mistake_rate()),
            ),
            Task::Regression => (format!("{:.4}", o.progress.mae()), "-".into()),
        };
        let held = match (test, run.task()) {
            (Some(t), Task::Classification) => {
                format!("{:.2}%", 100.0 * test_accuracy(&o.learner, t))
            }
            (Some(t), Task::Regression) => format!("{:.4}", test_errors(&o.learner, t).0),
            (None, _) => "-".into(),
        };
        println!(
            "{:<22} {:>12} {:>10} {:>10} {:>12.3}",
            o.algorithm.name(),
            first,
            second,
            held,
            o.learn_seconds * 1e3
        );
    }
}

fn stream(preset: Preset, n: usize, seed: u64, noise: f64, features: usize) -> Result<(), String> {
    let config = StreamConfig {
        label_noise: noise,
        n_features: features,
        ..StreamConfig::new(preset, seed)
    };
    let mut stream = Stream::new(config).map_err(|e| e.to_string())?;
    let data = stream.take(n);
    let mut out = String::new();
    let header: Vec<String> = (1..=data.n_features()).map(|i| format!("x{i}")).collect();
    out.push_str(&header.join(","));
    out.push_str(",y\n");
    for i in 0..data.len() {
        let Features::Dense(x) = data.row(i) else {
            unreachable!("streams are dense")
        };
        for v in x {
            out.push_str(&format!("{v},"));
        }
        out.push_str(&format!("{}\n", data.label(i)));
    }
    print!("{out}");
    Ok(())
}
