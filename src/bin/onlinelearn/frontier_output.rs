//! What `onlinelearn frontier` prints and writes: a table (or JSON with
//! every run), the CSV points, a status line. A point names the `learn`
//! flags that repeat it, so that any run can be checked by hand.

use std::fmt::Write as _;

use onlinelearn::frontier::sizing;
use onlinelearn::number::text;
use onlinelearn::paper::frontier::{Point, Setup};
use onlinelearn::paper::stats::Summary;
use onlinelearn::settings::Scale;
use onlinelearn::{Algorithm, Key, Settings};
use serde::Serialize;

use crate::frontier_data::Files;

/// A finished frontier run.
pub struct Report<'a> {
    pub files: &'a Files,
    pub algorithms: &'a [Algorithm],
    pub settings: &'a Settings,
    pub setup: &'a Setup,
    pub points: &'a [Point],
    /// The settings given on the command line (its seed aside, each
    /// point's flags repeat those its learner reads).
    pub given: &'a [Key],
    pub seconds: f64,
}

#[derive(Serialize)]
struct Json<'a> {
    train: &'a str,
    test: &'a str,
    n_train: usize,
    n_test: usize,
    orderings: usize,
    /// Ordering i is `learn --seed first_seed + i`.
    first_seed: u64,
    sizes: &'a [usize],
    /// Every setting in force for some learner, the size settings aside.
    settings: onlinelearn::settings::SettingsSubset<'a>,
    points: Vec<JsonPoint>,
    seconds: f64,
}

#[derive(Serialize)]
struct JsonPoint {
    algo: &'static str,
    target: usize,
    /// The size setting and its value (a budget, a knob's searched value).
    setting: &'static str,
    value: f64,
    /// The `learn` flags of this point, besides the data and the seed.
    flags: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    search: Option<JsonSearch>,
    support_size: Stat,
    test_error: Stat,
    learn_seconds: Stat,
    runs: Vec<JsonRun>,
}

#[derive(Serialize)]
struct JsonSearch {
    /// The size the chosen value reached on the first ordering.
    reached: usize,
    /// Whether that trial ran to the end (else it passed the search's limit).
    finished: bool,
    trials: Vec<JsonTrial>,
}

#[derive(Serialize)]
struct JsonTrial {
    value: f64,
    size: usize,
    finished: bool,
}

#[derive(Serialize)]
struct JsonRun {
    seed: u64,
    support_size: usize,
    test_accuracy: f64,
    test_error: f64,
    mistakes: u64,
    learn_seconds: f64,
}

/// A mean and its standard error over the orderings.
#[derive(Serialize)]
struct Stat {
    mean: f64,
    se: f64,
}

impl From<Summary> for Stat {
    fn from(s: Summary) -> Self {
        Self {
            mean: s.mean,
            se: s.se(),
        }
    }
}

impl Report<'_> {
    /// The figure's title and the table's first line (the files by their
    /// names, not their paths: a figure reads the same wherever it ran).
    pub fn title(&self) -> String {
        let s = self.setup;
        format!(
            "{} ({} samples) tested on {} ({}): {} orderings, --seed {} to {}",
            file_name(&self.files.train_name),
            self.files.train.len(),
            file_name(&self.files.test_name),
            self.files.test.len(),
            s.orderings,
            s.first_seed,
            s.seed(s.orderings - 1)
        )
    }

    /// What ran, and how long it took (standard error).
    pub fn status(&self) -> String {
        let trials: usize = self
            .points
            .iter()
            .filter_map(|p| p.search.as_ref())
            .map(|s| s.trials.len())
            .sum();
        let runs: usize = self.points.iter().map(|p| p.runs.len()).sum();
        format!(
            "{runs} runs and {trials} search trials in {:.1} s on {} threads",
            self.seconds, self.setup.threads
        )
    }

    pub fn table(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{}", self.title());
        let _ = writeln!(
            out,
            "held-out error and support-set size: mean ± standard error over the orderings\n"
        );
        let _ = writeln!(
            out,
            "{:<20} {:>6}  {:<34} {:>15}  {:>17}  {:>10}",
            "learner", "size", "setting", "vectors", "test error", "learn ms"
        );
        for p in self.points {
            let (support, error) = (p.support(), p.error());
            let _ = writeln!(
                out,
                "{:<20} {:>6}  {:<34} {:>15}  {:>17}  {:>10.1}",
                p.algorithm.name(),
                p.target,
                setting(p),
                format!("{:.1} ± {:.1}", support.mean, support.se()),
                format!("{:.4} ± {:.4}", error.mean, error.se()),
                p.seconds().mean * 1e3,
            );
        }
        if self.points.iter().any(|p| p.search.is_some()) {
            let _ = writeln!(
                out,
                "\nA knob's value was searched on the first ordering (--seed {}): \"reached\" is its size there; \
                 the vectors column is the mean over every ordering.",
                self.setup.first_seed
            );
        }
        out
    }

    pub fn json(&self) -> String {
        let json = Json {
            train: &self.files.train_name,
            test: &self.files.test_name,
            n_train: self.files.train.len(),
            n_test: self.files.test.len(),
            orderings: self.setup.orderings,
            first_seed: self.setup.first_seed,
            sizes: &self.setup.sizes,
            settings: self.settings.subset(&self.in_force()),
            points: self
                .points
                .iter()
                .map(|p| json_point(p, &self.given_flags(p.algorithm)))
                .collect(),
            seconds: self.seconds,
        };
        serde_json::to_string_pretty(&json).expect("plain data")
    }

    /// One row per learner and size.
    pub fn csv(&self) -> String {
        let mut out = String::from(
            "learner,size,setting,value,reached,orderings,support_mean,support_se,error_mean,error_se,learn_seconds_mean\n",
        );
        for p in self.points {
            let reached = p.reached().map_or(String::new(), |(n, _)| n.to_string());
            let (support, error) = (p.support(), p.error());
            let _ = writeln!(
                out,
                "{},{},{},{},{reached},{},{},{},{},{},{}",
                p.algorithm.name(),
                p.target,
                p.key.name(),
                text(p.value),
                p.runs.len(),
                text(support.mean),
                text(support.se()),
                text(error.mean),
                text(error.se()),
                text(p.seconds().mean),
            );
        }
        out
    }

    /// The flags given that `algorithm` reads, as ` --name value` each.
    fn given_flags(&self, algorithm: Algorithm) -> String {
        let read = algorithm.settings_in_force(self.settings);
        self.given
            .iter()
            .filter(|&&k| read.contains(&k) || k == Key::Scale)
            .map(|&k| format!(" --{} {}", k.name(), self.settings.text(k)))
            .collect()
    }

    /// The settings in force for some learner, without the size settings
    /// (each point names its own), with the first seed and the horizon.
    fn in_force(&self) -> Vec<Key> {
        let sizes: Vec<Key> = self
            .algorithms
            .iter()
            .filter_map(|&a| sizing(a, self.settings).ok().map(|s| s.key()))
            .collect();
        let mut keys: Vec<Key> = Vec::new();
        for &a in self.algorithms {
            for key in a.settings_in_force(self.settings) {
                if !keys.contains(&key) && !sizes.contains(&key) {
                    keys.push(key);
                }
            }
        }
        keys.push(Key::Seed);
        if self.settings.scale != Scale::None {
            keys.push(Key::Scale);
        }
        keys
    }
}

/// The last part of a path ("a3a" of "../shared/data/a3a"; "-" stays).
fn file_name(path: &str) -> &str {
    std::path::Path::new(path)
        .file_name()
        .and_then(|name| name.to_str())
        .unwrap_or(path)
}

/// The point's setting as a reader reads it: "budget 25", or a knob's
/// value and the size it reached on the first ordering.
fn setting(p: &Point) -> String {
    let value = format!("{} {}", p.key.name(), text(p.value));
    match p.reached() {
        Some((n, true)) => format!("{value} (reached {n})"),
        Some((n, false)) => format!("{value} (over {})", n - 1),
        None => value,
    }
}

fn json_point(p: &Point, given: &str) -> JsonPoint {
    JsonPoint {
        algo: p.algorithm.name(),
        target: p.target,
        setting: p.key.name(),
        value: p.value,
        flags: format!(
            "--algo {}{given} --{} {}",
            p.algorithm.name(),
            p.key.name(),
            text(p.value)
        ),
        search: p.search.as_ref().and_then(|search| {
            let best = search.best()?;
            Some(JsonSearch {
                reached: best.size,
                finished: best.finished,
                trials: search
                    .trials
                    .iter()
                    .map(|t| JsonTrial {
                        value: t.value,
                        size: t.size,
                        finished: t.finished,
                    })
                    .collect(),
            })
        }),
        support_size: p.support().into(),
        test_error: p.error().into(),
        learn_seconds: p.seconds().into(),
        runs: p
            .runs
            .iter()
            .map(|r| JsonRun {
                seed: r.seed,
                support_size: r.support_size,
                test_accuracy: r.test_accuracy,
                test_error: r.test_error(),
                mistakes: r.mistakes,
                learn_seconds: r.learn_seconds,
            })
            .collect(),
    }
}
