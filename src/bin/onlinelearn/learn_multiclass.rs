//! The multiclass report. Class labels are read as numbers and must be
//! whole; more than two classes go to `onlinelearn::multiclass` by
//! `--multiclass` (one-vs-rest, crammer-singer and its uniform and
//! proportional updates, banditron; two stay binary, see
//! labels.rs). The report gives the classes, the K weight rows in class
//! order, the progressive mistakes, the test accuracy and a confusion
//! matrix.

use std::io::{self, Write};

use onlinelearn::data::Classes;
use onlinelearn::settings::Choice;
use onlinelearn::Key;
use serde::Serialize;

use crate::contenders::{Contender, Held};
use crate::report::Run;
use crate::run_flags::Recorded;
use onlinelearn::Model;

#[derive(Serialize)]
struct Report {
    algo: &'static str,
    task: &'static str,
    multiclass: &'static str,
    settings: serde_json::Value,
    shuffle: bool,
    n_train: usize,
    passes: usize,
    /// Bad lines `--skip-bad` skipped (see report.rs).
    skipped_lines: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    skipped_test_lines: Option<usize>,
    classes: Vec<f64>,
    mistakes: u64,
    mistake_rate: f64,
    /// The Banditron's top-class misses, ŷ ≠ y (the paper's M̂; its
    /// mistakes are those of its guesses ỹ, the paper's M).
    #[serde(skip_serializing_if = "Option::is_none")]
    top_mistakes: Option<u64>,
    /// The samples whose label a selective learner asked for (one vs
    /// rest: any class's learner; the others see every label).
    #[serde(skip_serializing_if = "Option::is_none")]
    labels_asked: Option<u64>,
    /// The samples learned (the summary's share of labels asked).
    #[serde(skip)]
    samples: u64,
    /// K rows, in class order.
    weights: Vec<Vec<f64>>,
    bias: Vec<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    test_accuracy: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    n_test: Option<usize>,
    /// confusion[true class][predicted class], on the test file.
    #[serde(skip_serializing_if = "Option::is_none")]
    confusion: Option<Vec<Vec<u64>>>,
    learn_seconds: f64,
    /// The sample after which a weight stopped being finite (see report.rs).
    #[serde(skip_serializing_if = "Option::is_none")]
    diverged_at: Option<u64>,
    /// Present when the run stopped early (see report.rs).
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<String>,
}

/// The report of a multiclass run on standard output: JSON or a summary
/// per learner.
pub fn print(
    contenders: &[Contender],
    run: &Run,
    classes: &Classes,
    json: bool,
) -> Result<(), String> {
    crate::std_streams::write_stdout(|out| write_report(out, contenders, run, classes, json))
}

fn write_report(
    out: &mut dyn Write,
    contenders: &[Contender],
    run: &Run,
    classes: &Classes,
    json: bool,
) -> io::Result<()> {
    let reports: Vec<Report> = contenders.iter().map(|c| report(c, run, classes)).collect();
    if json {
        let text = if reports.len() == 1 {
            serde_json::to_string_pretty(&reports[0])
        } else {
            serde_json::to_string_pretty(&reports)
        };
        return writeln!(out, "{}", text.expect("plain data"));
    }
    for r in &reports {
        print_summary(out, r, &run.name)?;
    }
    crate::report::skipped(out, run)?;
    if let Some(stopped) = &run.stopped {
        writeln!(out, "  partial: the run stopped at {stopped}")?;
    }
    Ok(())
}

fn report(c: &Contender, run: &Run, classes: &Classes) -> Report {
    let Model::Classes(learner) = &c.model else {
        unreachable!("a multiclass run")
    };
    let k = classes.len();
    let confusion = match &c.held {
        Some(Held::Many(m)) => Some(m.clone()),
        _ => None,
    };
    let test_accuracy = confusion.as_ref().map(|m| {
        let right: u64 = (0..k).map(|c| m[c][c]).sum();
        right as f64 / run.n_test.unwrap_or(0).max(1) as f64
    });
    let mut keys = c.algorithm.settings_in_force(&run.settings);
    keys.extend_from_slice(c.algorithm.reduction_reads(run.settings.multiclass));
    keys.extend([Key::Multiclass, Key::Seed, Key::Task]);
    if run.settings.scale != onlinelearn::settings::Scale::None {
        keys.push(Key::Scale);
    }
    let models = learner.models();
    Report {
        algo: c.algorithm.name(),
        task: "multiclass",
        multiclass: run.settings.multiclass.name(),
        settings: serde_json::to_value(Recorded {
            settings: run.settings.subset(&keys),
            flags: &run.flags,
        })
        .expect("plain data"),
        shuffle: run.shuffle,
        n_train: run.n_train,
        passes: run.flags.passes,
        skipped_lines: run.skipped_lines,
        skipped_test_lines: run.skipped_test_lines,
        classes: classes.names().to_vec(),
        mistakes: c.progress.mistakes,
        mistake_rate: c.progress.mistakes as f64 / c.progress.samples.max(1) as f64,
        top_mistakes: learner.top_mistakes(),
        labels_asked: learner.labels_asked(),
        samples: c.progress.samples,
        bias: models.iter().map(|m| m.bias).collect(),
        weights: models.into_iter().map(|m| m.weights).collect(),
        test_accuracy,
        n_test: confusion.as_ref().and(run.n_test),
        confusion,
        learn_seconds: c.seconds,
        diverged_at: c.diverged_at(),
        stopped: run.stopped.clone(),
    }
}

fn print_summary(out: &mut dyn Write, r: &Report, name: &str) -> io::Result<()> {
    let classes: Vec<String> = r
        .classes
        .iter()
        .map(|c| onlinelearn::number::text(*c))
        .collect();
    writeln!(
        out,
        "{} on {name}: {} samples, {} classes ({}), {}",
        r.algo,
        r.n_train,
        r.classes.len(),
        classes.join(", "),
        r.multiclass
    )?;
    writeln!(
        out,
        "  progressive mistakes  {} ({:.2}%)",
        r.mistakes,
        100.0 * r.mistake_rate
    )?;
    if let Some(top) = r.top_mistakes {
        writeln!(
            out,
            "  top-class mistakes    {top} ({:.2}%; ŷ = argmax, the guesses above are ỹ ~ P)",
            100.0 * top as f64 / (r.n_train * r.passes).max(1) as f64
        )?;
    }
    if let Some(asked) = r.labels_asked {
        writeln!(
            out,
            "  labels asked          {asked} of {} ({:.2}%)",
            r.samples,
            100.0 * asked as f64 / r.samples.max(1) as f64
        )?;
    }
    if let (Some(accuracy), Some(n), Some(m)) = (r.test_accuracy, r.n_test, &r.confusion) {
        writeln!(
            out,
            "  test accuracy         {:.2}% on {n} samples",
            100.0 * accuracy
        )?;
        writeln!(out, "  confusion (rows: true class, columns: predicted)")?;
        writeln!(
            out,
            "    {:>8} {}",
            "",
            classes
                .iter()
                .map(|c| format!("{c:>8}"))
                .collect::<String>()
        )?;
        for (c, row) in classes.iter().zip(m) {
            writeln!(
                out,
                "    {c:>8} {}",
                row.iter().map(|v| format!("{v:>8}")).collect::<String>()
            )?;
        }
    }
    Ok(())
}
