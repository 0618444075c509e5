//! What `onlinelearn paper` prints and writes: the tables, the CSV data
//! (every run, and the mean curves) and the SVG figure.

use std::fmt::Write as _;
use std::path::Path;

use onlinelearn::paper::stats::{Paired, Summary};
use onlinelearn::paper::{orderings, sweep, Setup};
use onlinelearn::Algorithm;

use crate::paper_plots;

/// Where the orderings were drawn from.
pub enum Source {
    Files { train: String, test: String },
    Channel,
}

impl Source {
    /// The start of the output files' names: the training file's, or "channel".
    fn stem(&self) -> String {
        match self {
            Source::Files { train, .. } => train
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || "-._".contains(c) {
                        c
                    } else {
                        '_'
                    }
                })
                .collect(),
            Source::Channel => "channel".into(),
        }
    }

    fn describe(&self, setup: &Setup) -> String {
        let what = match self {
            Source::Files { train, test } => format!(
                "{train} / {test}: {} training and {} test samples",
                setup.n_train, setup.n_test
            ),
            Source::Channel => format!(
                "simulated channel (x in R^4): {} training and {} test samples",
                setup.n_train, setup.n_test
            ),
        };
        format!(
            "{what}, Gaussian kernel sigma = {}, {} orderings (mean ± standard error)",
            setup.sigma, setup.repeats
        )
    }
}

enum Kind {
    Paper(Vec<orderings::Outcome>),
    Sweep {
        learners: Vec<Algorithm>,
        outcomes: Vec<sweep::Outcome>,
    },
}

pub struct Output {
    source: Source,
    setup: Setup,
    kind: Kind,
}

/// The dictionary caps of the sweep's tables.
const CAPS: [f64; 3] = [50.0, 100.0, 200.0];

fn pm(s: Summary, digits: usize) -> String {
    format!("{:.digits$} ± {:.digits$}", s.mean, s.se())
}

impl Output {
    pub fn paper(source: Source, setup: Setup, outcomes: Vec<orderings::Outcome>) -> Self {
        Self {
            source,
            setup,
            kind: Kind::Paper(outcomes),
        }
    }

    pub fn sweep(
        source: Source,
        setup: Setup,
        learners: Vec<Algorithm>,
        outcomes: Vec<sweep::Outcome>,
    ) -> Self {
        Self {
            source,
            setup,
            kind: Kind::Sweep { learners, outcomes },
        }
    }

    fn name(&self) -> String {
        let protocol = match self.kind {
            Kind::Paper(_) => "paper",
            Kind::Sweep { .. } => "sweep",
        };
        format!("{}-{protocol}", self.source.stem())
    }

    pub fn tables(&self) -> String {
        let mut out = format!("{}\n", self.source.describe(&self.setup));
        match &self.kind {
            Kind::Paper(outcomes) => paper_tables(&mut out, outcomes),
            Kind::Sweep { learners, outcomes } => sweep_tables(&mut out, learners, outcomes),
        }
        out
    }

    /// Writes NAME.txt, NAME.csv, NAME-curves.csv and NAME.svg into `dir`;
    /// returns their paths.
    pub fn write(&self, dir: &Path) -> Result<Vec<String>, String> {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let base = dir.join(self.name());
        let path = |suffix: &str| base.with_file_name(format!("{}{suffix}", self.name()));
        let (runs, curves) = match &self.kind {
            Kind::Paper(outcomes) => paper_csv(outcomes),
            Kind::Sweep { outcomes, .. } => sweep_csv(outcomes),
        };
        let files = [
            (path(".txt"), self.tables()),
            (path(".csv"), runs),
            (path("-curves.csv"), curves),
        ];
        let mut written = Vec::new();
        for (file, text) in files {
            std::fs::write(&file, text).map_err(|e| format!("{}: {e}", file.display()))?;
            written.push(file.display().to_string());
        }
        let svg = path(".svg");
        let title = self.source.describe(&self.setup);
        match &self.kind {
            Kind::Paper(outcomes) => paper_plots::paper_figure(&svg, &title, outcomes),
            Kind::Sweep { learners, outcomes } => {
                paper_plots::sweep_figure(&svg, &title, learners, outcomes)
            }
        }
        .map_err(|e| format!("{}: {e}", svg.display()))?;
        written.push(svg.display().to_string());
        Ok(written)
    }
}

fn paper_tables(out: &mut String, outcomes: &[orderings::Outcome]) {
    let _ = writeln!(
        out,
        "\n{:<18} {:<46} {:>17} {:>16} {:>13}",
        "learner", "parameters", "test error", "dictionary", "online error"
    );
    for o in outcomes {
        let _ = writeln!(
            out,
            "{:<18} {:<46} {:>17} {:>16} {:>13.4}",
            o.contender.algorithm.label(),
            o.contender.parameters,
            pm(o.test_error(), 4),
            pm(o.dictionary(), 1),
            o.online_error().mean
        );
    }
    let _ = writeln!(
        out,
        "\nWhere the parameters come from (the paper's Table 2 is missing from our copy):"
    );
    for o in outcomes {
        let _ = writeln!(
            out,
            "  {:<18} {}",
            o.contender.algorithm.label(),
            o.contender.source
        );
    }
    let dictionaries = |a: Algorithm| {
        outcomes
            .iter()
            .find(|o| o.contender.algorithm == a)
            .map_or(0.0, |o| o.dictionary().mean)
    };
    let paired = orderings::paired_against(outcomes, Algorithm::AldProjection);
    if !paired.is_empty() {
        let _ = writeln!(
            out,
            "\nALD projection against each learner: final test error, paired by ordering \
             (difference = ALD − other; negative favours ALD; t-test with n − 1 degrees of freedom):"
        );
        paired_rows(out, &paired, |a| {
            format!(
                "{:.0} vs {:.0}",
                dictionaries(Algorithm::AldProjection),
                dictionaries(a)
            )
        });
    }
}

fn paired_rows(
    out: &mut String,
    paired: &[(Algorithm, Paired)],
    size: impl Fn(Algorithm) -> String,
) {
    let _ = writeln!(
        out,
        "{:<18} {:>19} {:>8} {:>9} {:>18} {:>16}",
        "against", "difference", "t", "p", "ALD lower/tie/higher", "dictionaries"
    );
    for (a, p) in paired {
        let _ = writeln!(
            out,
            "{:<18} {:>19} {:>8.2} {:>9.2e} {:>18} {:>16}",
            a.label(),
            format!("{:+.4} ± {:.4}", p.difference.mean, p.difference.se()),
            p.t,
            p.p,
            format!("{}/{}/{}", p.lower, p.ties, p.higher),
            size(*a)
        );
    }
}

fn sweep_tables(out: &mut String, learners: &[Algorithm], outcomes: &[sweep::Outcome]) {
    let _ = writeln!(
        out,
        "\nEvery setting:\n{:<18} {:<22} {:>16} {:>17} {:>12}",
        "learner", "setting", "dictionary", "test error", "online err"
    );
    for o in outcomes {
        let _ = writeln!(
            out,
            "{:<18} {:<22} {:>16} {:>17} {:>12.4}",
            o.setting.algorithm.name(),
            o.setting.describe(),
            pm(o.dictionary(), 1),
            pm(o.test_error(), 4),
            o.online_error()
        );
    }
    let caps: Vec<Option<f64>> = [None].into_iter().chain(CAPS.map(Some)).collect();
    let cap_name = |cap: Option<f64>| cap.map_or("any size".to_string(), |c| format!("|D| <= {c}"));
    let _ = writeln!(
        out,
        "\nSelected by online error (no test data used to choose): test error (dictionary)"
    );
    let header: String = caps
        .iter()
        .map(|&c| format!("{:>24}", cap_name(c)))
        .collect();
    let _ = writeln!(out, "{:<18}{header}", "learner");
    for &a in learners {
        let mut row = format!("{:<18}", a.name());
        for &cap in &caps {
            let cell = sweep::select(outcomes, a, cap).map_or("-".into(), |o| {
                format!("{} ({:.0})", pm(o.test_error(), 4), o.dictionary().mean)
            });
            let _ = write!(row, "{cell:>24}");
        }
        let _ = writeln!(out, "{row}");
    }
    if !learners.contains(&Algorithm::AldProjection) {
        return;
    }
    for &cap in &caps {
        let paired = sweep::paired_at(outcomes, learners, Algorithm::AldProjection, cap);
        if paired.is_empty() {
            continue;
        }
        let _ = writeln!(
            out,
            "\nAt {}: ALD projection's selected setting against each learner's, paired by ordering \
             (difference = ALD − other):",
            cap_name(cap)
        );
        let size = |a: Algorithm| {
            let d = |a| sweep::select(outcomes, a, cap).map_or(0.0, |o| o.dictionary().mean);
            format!("{:.0} vs {:.0}", d(Algorithm::AldProjection), d(a))
        };
        paired_rows(out, &paired, size);
    }
}

fn paper_csv(outcomes: &[orderings::Outcome]) -> (String, String) {
    let mut runs = String::from("learner,parameters,ordering,test_error,dictionary,online_error\n");
    let mut curves = String::from(
        "learner,samples,test_error_mean,test_error_se,dictionary_mean,dictionary_se\n",
    );
    for o in outcomes {
        let name = o.contender.algorithm.name();
        for (r, run) in o.runs.iter().enumerate() {
            let _ = writeln!(
                runs,
                "{name},{},{r},{},{},{}",
                o.contender.parameters, run.test_error, run.dictionary, run.online_error
            );
        }
        for p in o.curve() {
            let _ = writeln!(
                curves,
                "{name},{},{},{},{},{}",
                p.samples,
                p.error.mean,
                p.error.se(),
                p.dictionary.mean,
                p.dictionary.se()
            );
        }
    }
    (runs, curves)
}

fn sweep_csv(outcomes: &[sweep::Outcome]) -> (String, String) {
    let mut table = String::from(
        "learner,setting,value,repeats,dictionary_mean,dictionary_se,test_error_mean,test_error_se,online_error_mean\n",
    );
    let mut curves =
        String::from("learner,setting,value,samples,dictionary_mean,test_error_mean\n");
    for o in outcomes {
        let s = &o.setting;
        let (d, e) = (o.dictionary(), o.test_error());
        let value = s.value_text();
        let _ = writeln!(
            table,
            "{},{},{value},{},{},{},{},{},{}",
            s.algorithm.name(),
            s.key.name(),
            o.runs.len(),
            d.mean,
            d.se(),
            e.mean,
            e.se(),
            o.online_error()
        );
        for p in o.curve() {
            let _ = writeln!(
                curves,
                "{},{},{value},{},{},{}",
                s.algorithm.name(),
                s.key.name(),
                p.samples,
                p.dictionary.mean,
                p.error.mean
            );
        }
    }
    (table, curves)
}
