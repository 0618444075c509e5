//! What `learn` and `compare` print: a summary, a table, or JSON that
//! records every setting in force, so a run can be repeated from its own
//! output (`--settings report.json`).

use std::io::{self, Write};

use onlinelearn::eval::HeldOut;
use onlinelearn::{Key, Learner, LinearModel, Settings, Task};
use serde::Serialize;

use crate::contenders::{Contender, Held};
use crate::run_flags::Recorded;
use onlinelearn::Model;

/// The run as it went, for its report.
pub struct Run {
    pub settings: Settings,
    /// Each pass shuffled with the seed (else the data's order).
    pub shuffle: bool,
    /// `--passes`, `--shuffle-buffer`, `--classes`, recorded in the settings.
    pub flags: crate::run_flags::RunFlags,
    pub skipped_lines: usize,
    /// Bad lines `--skip-bad` skipped in the test file (None: no test).
    pub skipped_test_lines: Option<usize>,
    /// Samples in one pass (learned before the stop, for a partial run).
    pub n_train: usize,
    /// The training data's name.
    pub name: String,
    /// The bad line a partial run stopped at.
    pub stopped: Option<String>,
    pub n_test: Option<usize>,
}

#[derive(Serialize)]
struct Report<'a> {
    algo: &'static str,
    task: &'static str,
    /// The settings the learner uses, with the seed, the task and the run
    /// flags that shape the numbers.
    settings: Recorded<'a>,
    /// Each pass shuffled with the seed (else file order).
    shuffle: bool,
    n_train: usize,
    passes: usize,
    skipped_lines: usize,
    /// The test file's bad lines skipped (with --test).
    #[serde(skip_serializing_if = "Option::is_none")]
    skipped_test_lines: Option<usize>,
    mistakes: u64,
    mistake_rate: f64,
    /// The labels a selective learner asked for (the others see every one).
    #[serde(skip_serializing_if = "Option::is_none")]
    labels_asked: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    weights: Option<Vec<f64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bias: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    support_size: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    test_accuracy: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    n_test: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mae: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mse: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    test_mae: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    test_mse: Option<f64>,
    learn_seconds: f64,
    /// `--theory`: the best fixed classifiers, the bounds, the regret.
    #[serde(skip_serializing_if = "Option::is_none")]
    theory: Option<&'a crate::theory::Reported>,
    #[serde(skip_serializing_if = "Option::is_none")]
    theory_seconds: Option<f64>,
    /// The sample after which the weights or Σ stopped being finite, or
    /// at which a kernel learner's score did: the
    /// figures from there on describe no model (divergence.rs).
    #[serde(skip_serializing_if = "Option::is_none")]
    diverged_at: Option<u64>,
    /// Present when the run stopped early: where, and why. The rest of
    /// the report is then of the model learned until there (partial).
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<&'a str>,
}

/// The settings a run's report records for one learner.
pub fn in_force(o: &Contender, run: &Run) -> Vec<Key> {
    let mut keys = o.algorithm.settings_in_force(&run.settings);
    keys.extend([Key::Seed, Key::Task]);
    if run.settings.scale != onlinelearn::settings::Scale::None {
        keys.push(Key::Scale);
    }
    keys
}

/// A binary learner's model and held-out figures.
fn parts(o: &Contender) -> (Option<LinearModel>, Option<&HeldOut>) {
    let Model::Binary(learner) = &o.model else {
        unreachable!("a binary run")
    };
    let held = match &o.held {
        Some(Held::Binary(held)) => Some(held),
        _ => None,
    };
    (learner.linear_model(), held)
}

fn report<'a>(o: &'a Contender, run: &'a Run) -> Report<'a> {
    let task = run.settings.task;
    let (model, held) = parts(o);
    let regression = task == Task::Regression;
    Report {
        algo: o.algorithm.name(),
        task: task.name(),
        settings: Recorded {
            settings: run.settings.subset(&in_force(o, run)),
            flags: &run.flags,
        },
        shuffle: run.shuffle,
        n_train: run.n_train,
        passes: run.flags.passes,
        skipped_lines: run.skipped_lines,
        skipped_test_lines: run.skipped_test_lines,
        mistakes: o.progress.mistakes,
        mistake_rate: o.progress.mistake_rate(),
        labels_asked: o.labels_asked(),
        bias: model.as_ref().map(|m| m.bias),
        weights: model.map(|m| m.weights),
        support_size: o.support_size(),
        test_accuracy: held.filter(|_| !regression).map(HeldOut::accuracy),
        n_test: held.map(|_| run.n_test.unwrap_or(0)),
        mae: regression.then(|| o.progress.mae()),
        mse: regression.then(|| o.progress.mse()),
        test_mae: held.filter(|_| regression).map(|h| h.errors().0),
        test_mse: held.filter(|_| regression).map(|h| h.errors().1),
        learn_seconds: o.seconds,
        theory: o.theory.as_ref().map(|t| &t.report),
        theory_seconds: o.theory.as_ref().map(|t| t.seconds),
        diverged_at: o.diverged_at(),
        stopped: run.stopped.as_deref(),
    }
}

/// The report on standard output: JSON (an object for one learner, an
/// array for several), a summary (one learner) or a table.
pub fn print(outcomes: &[Contender], run: &Run, json: bool) -> Result<(), String> {
    crate::std_streams::write_stdout(|out| write_report(out, outcomes, run, json))
}

fn write_report(
    out: &mut dyn Write,
    outcomes: &[Contender],
    run: &Run,
    json: bool,
) -> io::Result<()> {
    if json {
        let reports: Vec<Report> = outcomes.iter().map(|o| report(o, run)).collect();
        let text = if reports.len() == 1 {
            serde_json::to_string_pretty(&reports[0])
        } else {
            serde_json::to_string_pretty(&reports)
        };
        writeln!(out, "{}", text.expect("a report is plain data"))?;
    } else if outcomes.len() == 1 {
        summary(out, &outcomes[0], run)?;
    } else {
        table(out, outcomes, run)?;
    }
    if !json {
        skipped(out, run)?;
    }
    if let Some(stopped) = &run.stopped {
        if !json {
            writeln!(out, "  partial: the run stopped at {stopped}")?;
        }
    }
    Ok(())
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

fn summary(out: &mut dyn Write, o: &Contender, run: &Run) -> io::Result<()> {
    let (name, n) = (&run.name, run.n_train);
    let passes = if run.flags.passes == 1 {
        "1 pass".to_string()
    } else {
        format!("{} passes", run.flags.passes)
    };
    let samples = if n == 1 { "sample" } else { "samples" };
    writeln!(
        out,
        "{} on {name}: {n} {samples}, {passes}",
        o.algorithm.label()
    )?;
    let settings: Vec<String> = o
        .algorithm
        .settings_in_force(&run.settings)
        .iter()
        .map(|&k| format!("{} = {}", k.name(), run.settings.text(k)))
        .collect();
    if !settings.is_empty() {
        writeln!(out, "  settings              {}", settings.join(", "))?;
    }
    if run.settings.scale != onlinelearn::settings::Scale::None {
        writeln!(
            out,
            "  features              standardised over {name} (--scale standard)"
        )?;
    }
    let (_, held) = parts(o);
    let n_test = run.n_test.unwrap_or(0);
    match run.settings.task {
        Task::Classification => {
            let p = &o.progress;
            writeln!(
                out,
                "  progressive mistakes  {} ({:.2}%)",
                p.mistakes,
                100.0 * p.mistake_rate()
            )?;
            if let Some(held) = held {
                writeln!(
                    out,
                    "  test accuracy         {:.2}% on {n_test} samples",
                    100.0 * held.accuracy(),
                )?;
            }
        }
        Task::Regression => {
            writeln!(out, "  progressive MAE       {:.6}", o.progress.mae())?;
            writeln!(out, "  progressive MSE       {:.6}", o.progress.mse())?;
            if let Some(held) = held {
                let (mae, mse) = held.errors();
                writeln!(
                    out,
                    "  test MAE / MSE        {mae:.6} / {mse:.6} on {n_test} samples"
                )?;
            }
        }
    }
    if let Some((sample, part)) = o.diverged {
        writeln!(
            out,
            "  diverged              {} infinite or NaN from sample {sample}",
            part.name()
        )?;
    }
    if let Some(size) = o.support_size() {
        writeln!(out, "  support vectors       {size}")?;
    }
    if let Some(asked) = o.labels_asked() {
        let share = 100.0 * asked as f64 / o.progress.samples.max(1) as f64;
        writeln!(
            out,
            "  labels asked          {asked} of {} ({share:.2}%)",
            o.progress.samples
        )?;
    }
    writeln!(
        out,
        "  learned in            {:.3} ms ({})",
        o.seconds * 1e3,
        rate(o.progress.samples, o.seconds)
    )?;
    if let Some(theory) = &o.theory {
        crate::theory::print(out, theory)?;
    }
    Ok(())
}

/// The bad lines `--skip-bad` skipped, in the training and test files.
pub fn skipped(out: &mut dyn Write, run: &Run) -> io::Result<()> {
    let test = run.skipped_test_lines.unwrap_or(0);
    if run.skipped_lines + test > 0 {
        let in_test = match run.skipped_test_lines {
            Some(n) => format!(", {n} in the test file"),
            None => String::new(),
        };
        writeln!(
            out,
            "  bad lines skipped     {} in the training file{in_test} (--skip-bad)",
            run.skipped_lines
        )?;
    }
    Ok(())
}

fn table(out: &mut dyn Write, outcomes: &[Contender], run: &Run) -> io::Result<()> {
    let task = run.settings.task;
    writeln!(
        out,
        "{}: {} samples, {} pass(es), same order for every learner",
        run.name, run.n_train, run.flags.passes
    )?;
    let (progressive, held_out) = match task {
        Task::Classification => ("mistakes", "test acc"),
        Task::Regression => ("MAE", "test MAE"),
    };
    writeln!(
        out,
        "{:<22} {:>12} {:>10} {:>10} {:>12}",
        "algorithm", progressive, "rate", held_out, "learn ms"
    )?;
    for o in outcomes {
        let (first, second) = match task {
            Task::Classification => (
                o.progress.mistakes.to_string(),
                format!("{:.2}%", 100.0 * o.progress.mistake_rate()),
            ),
            Task::Regression => (format!("{:.4}", o.progress.mae()), "-".into()),
        };
        let held = match (parts(o).1, task) {
            (Some(h), Task::Classification) => format!("{:.2}%", 100.0 * h.accuracy()),
            (Some(h), Task::Regression) => format!("{:.4}", h.errors().0),
            (None, _) => "-".into(),
        };
        writeln!(
            out,
            "{:<22} {:>12} {:>10} {:>10} {:>12.3}",
            o.algorithm.name(),
            first,
            second,
            held,
            o.seconds * 1e3
        )?;
    }
    Ok(())
}
