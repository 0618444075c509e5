//! The subcommands and their arguments.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, CommandFactory, Parser, Subcommand};
use onlinelearn::{class_number, Algorithm, Error, Features, Preset, Stream, StreamConfig};

use crate::progress::Feedback;
use crate::setting_flags::SettingFlags;
use crate::source::Format;

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
        /// The learner (see --help of any setting for who uses it).
        #[arg(long, value_parser = learner_name, long_help = crate::learner_list::learner_help("The learner."))]
        algo: Algorithm,
        #[command(flatten)]
        run: RunArgs,
        /// Add the theory of the run: the best fixed classifiers in
        /// hindsight (hard margin, soft margin, on two features the line
        /// with the fewest mistakes), the learner's bounds with their
        /// theorems (or why it has none), and its regret. Every learner,
        /// two classes.
        #[arg(long)]
        theory: bool,
        #[command(flatten)]
        link: crate::link::LinkArgs,
    },
    /// Train several learners on the same data and order; one row each.
    Compare {
        /// Comma-separated learner names.
        #[arg(long, value_delimiter = ',', required = true, value_parser = learner_name, long_help = crate::learner_list::learner_help("Comma-separated learner names."))]
        algos: Vec<Algorithm>,
        #[command(flatten)]
        run: RunArgs,
        #[command(flatten)]
        link: crate::link::LinkArgs,
    },
    /// Rebuild a session of the page from its link: the page's summary, its
    /// Model (JSON) with --json (the same weights, bit for bit), its Curves
    /// (CSV) with --curves.
    Replay(crate::replay::ReplayArgs),
    /// Seed 003's batch pocket PLA on a file's points: --iterations tries
    /// per seed, the accuracy on those points, its distribution over --seeds.
    BatchPocket(crate::batch_pocket::BatchPocketArgs),
    /// Meng & Song (2023) reproduced: their eight kernel learners, the paper's protocol or our sweep; tables, CSV and SVG into results/.
    Paper(crate::paper_command::PaperArgs),
    /// Held-out error against support-set size: kernel learners at several
    /// sizes (budgets, or searched knob values) over shuffles, each run
    /// exactly `learn --seed S+i`; a table or JSON, CSV and SVG.
    Frontier(crate::frontier_command::FrontierArgs),
    /// Write a seeded synthetic stream as CSV (label last) to standard output.
    Stream {
        /// The page's synthetic data set.
        #[arg(long)]
        preset: Preset,
        /// Samples to write.
        #[arg(long, default_value_t = 1000)]
        n: usize,
        /// The stream's seed, 0 to 9007199254740991 (2^53 − 1).
        #[arg(long, default_value_t = 0, value_parser = crate::setting_flags::stream_seed)]
        seed: u64,
        /// Probability of a flipped label (regression: of an outlier).
        #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
        noise: f64,
        /// Features of regression-nd, 1 to 10000 (4 if not given); the
        /// other presets have their own, and refuse it.
        #[arg(long)]
        features: Option<usize>,
        /// Also print, to standard error (standard output is the CSV), the
        /// page address that streams the same samples (every preset but
        /// regression-nd, which the page's plane cannot draw).
        #[arg(long)]
        link: bool,
        /// The page's address for --link.
        #[arg(long, value_name = "URL", default_value = crate::link::DEFAULT_LINK_BASE, requires = "link")]
        link_base: String,
    },
    /// The book's reference pages (cargo xtask book runs it).
    #[command(hide = true)]
    BookReference(crate::reference_command::ReferenceArgs),
}

/// The parser, for the book's reference of every subcommand's help.
pub fn cli_command() -> clap::Command {
    Cli::command()
}

/// A learner by name, with the list of names when it is not one.
pub fn learner_name(name: &str) -> Result<Algorithm, String> {
    name.parse().map_err(|e: onlinelearn::Error| e.to_string())
}

#[derive(Args)]
pub struct RunArgs {
    #[command(flatten)]
    pub settings: SettingFlags,
    /// Read settings from a JSON file (a map of names to values, or the
    /// `--json` report of an earlier run, whose "settings" it takes); flags
    /// given as well win.
    #[arg(long = "settings", value_name = "FILE")]
    pub settings_file: Option<PathBuf>,
    /// Passes over the training data (a file is read again for each); 1
    /// if neither this flag nor a --settings file says.
    #[arg(long)]
    pub passes: Option<usize>,
    /// The training data: a file, or `-` for standard input; a name
    /// ending in .gz is read through gzip. It is learned as it is read.
    #[arg(long)]
    pub train: PathBuf,
    /// Test data, read the same way once learning is done.
    #[arg(long)]
    pub test: Option<PathBuf>,
    /// Default: csv for *.csv (and *.csv.gz), libsvm for anything else.
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// The classes, comma-separated (--classes=-1,1 or --classes 1,2,3):
    /// two or more, each once; two map to ±1 (the larger is +1), more make
    /// a multiclass run, and a label outside them is a bad line. A
    /// stream needs them unless its labels are two of -1, 0 and +1; a file
    /// is otherwise read once first to find them.
    #[arg(
        long,
        value_delimiter = ',',
        allow_hyphen_values = true,
        value_name = "LABELS"
    )]
    pub classes: Vec<f64>,
    /// With --seed: shuffle within a buffer of N samples as the data
    /// streams (memory for N samples), instead of reading the whole file
    /// into memory to shuffle it.
    #[arg(long, value_name = "N")]
    pub shuffle_buffer: Option<usize>,
    /// Learn past bad lines (they are listed on standard error, the first
    /// 20, and counted in the report); without it a run stops at the first
    /// one and reports the model learned until then as partial.
    #[arg(long)]
    pub skip_bad: bool,
    /// Write the progressive-validation curve as CSV: a row per learner at
    /// 1, 2, 4, 8... samples, every --curve-every samples and at the end.
    #[arg(long, value_name = "FILE")]
    pub curves: Option<PathBuf>,
    /// With --curves: a row every N samples (and at 1, 2, 4, 8...).
    #[arg(long, default_value_t = 1000, value_name = "N", requires = "curves")]
    pub curve_every: u64,
    /// Print one JSON object instead of a summary.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub feedback: Feedback,
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Learn {
            algo,
            run,
            theory,
            link,
        } => learn_and_link(&[algo], &run, theory, &link),
        Command::Compare { algos, run, link } => learn_and_link(&algos, &run, false, &link),
        Command::Stream {
            preset,
            n,
            seed,
            noise,
            features,
            link,
            link_base,
        } => (|| {
            let features = match features {
                Some(_) if preset != Preset::RegressionNd => {
                    let fixed = Stream::new(StreamConfig::new(preset, seed))
                        .map_err(|e| e.to_string())?
                        .n_features();
                    return Err(format!(
                        "--features is used by regression-nd only; {} has {fixed}",
                        preset.name()
                    ));
                }
                given => given.unwrap_or(StreamConfig::new(preset, seed).n_features),
            };
            let config = StreamConfig {
                label_noise: noise,
                n_features: features,
                ..StreamConfig::new(preset, seed)
            };
            let samples = Stream::new(config).map_err(stream_setting_error)?;
            // Worked out first: a stream the page cannot show is refused
            // before any CSV is written.
            let address = match link {
                true => Some(crate::stream_link::stream_link(
                    preset, n, seed, noise, &link_base,
                )?),
                false => None,
            };
            crate::std_streams::print_stdout(&stream_csv(preset, samples, n))?;
            if let Some(address) = address {
                crate::std_streams::eprint_line(&address);
            }
            Ok(())
        })(),
        Command::Paper(args) => crate::paper_command::paper(&args),
        Command::Frontier(args) => crate::frontier_command::frontier(&args),
        Command::BatchPocket(args) => crate::batch_pocket::batch_pocket(&args),
        Command::Replay(args) => crate::replay::replay(&args),
        Command::BookReference(args) => crate::reference_command::book_reference(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            crate::std_streams::eprint_line(&format!("error: {message}"));
            ExitCode::FAILURE
        }
    }
}

/// The run, then with `--link` the page address that opens it (worked out
/// first, so that a run the page cannot show is refused before learning).
fn learn_and_link(
    algorithms: &[Algorithm],
    run: &RunArgs,
    theory: bool,
    link: &crate::link::LinkArgs,
) -> Result<(), String> {
    let address = match link.link {
        true => Some(crate::learn_link::run_link(
            algorithms,
            run,
            &link.link_base,
        )?),
        false => None,
    };
    crate::learn::learn(algorithms, run, theory)?;
    if let Some(address) = address {
        crate::std_streams::print_stdout(&format!("{address}\n"))?;
    }
    Ok(())
}

/// The library's refusal of a stream setting, led by the flag that gave it.
fn stream_setting_error(error: Error) -> String {
    let Error::BadSetting { name, .. } = &error else {
        return error.to_string();
    };
    let flag = match *name {
        "n_features" => "--features",
        "label noise" => "--noise",
        _ => return error.to_string(),
    };
    format!("{flag}: {error}")
}

/// `n` samples of `stream` as CSV.
fn stream_csv(preset: Preset, mut stream: Stream, n: usize) -> String {
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
        // Multiclass presets write their classes as 1 to K (the page's
        // labels give class 2 the binary −1; a file's sorted labels are its
        // class order).
        let label = match preset.classes() {
            0..=2 => data.label(i),
            _ => class_number(data.label(i)),
        };
        out.push_str(&format!("{label}\n"));
    }
    out
}
