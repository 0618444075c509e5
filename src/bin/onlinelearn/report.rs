//! What `learn` and `compare` print: a summary, a table, or JSON that
//! records every setting in force, so a run can be repeated from its own
//! output (`--settings report.json`).

use onlinelearn::eval::{test_accuracy, test_errors};
use onlinelearn::settings::SettingsSubset;
use onlinelearn::{Dataset, Key, Learner, Task};
use serde::Serialize;

use crate::learn::{Outcome, Run};

#[derive(Serialize)]
struct Report<'a> {
    algo: &'static str,
    task: &'static str,
    /// The settings the learner uses, with the seed and the task.
    settings: SettingsSubset<'a>,
    /// Each pass shuffled with the seed (else file order).
    shuffle: bool,
    n_train: usize,
    passes: usize,
    skipped_lines: usize,
    mistakes: u64,
    mistake_rate: f64,
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
    theory: Option<&'a onlinelearn::theory::Report>,
    #[serde(skip_serializing_if = "Option::is_none")]
    theory_seconds: Option<f64>,
}

/// The settings a run's report records for one learner.
fn in_force(o: &Outcome, run: &Run) -> Vec<Key> {
    let mut keys = o.algorithm.settings_in_force(&run.settings);
    keys.extend([Key::Seed, Key::Task]);
    keys
}

fn report<'a>(o: &'a Outcome, run: &'a Run, n_train: usize, test: Option<&Dataset>) -> Report<'a> {
    let task = run.settings.task;
    let model = o.learner.linear_model();
    let regression = task == Task::Regression;
    let held_out = test.map(|t| (test_accuracy(&o.learner, t), test_errors(&o.learner, t)));
    Report {
        algo: o.algorithm.name(),
        task: task.name(),
        settings: run.settings.subset(&in_force(o, run)),
        shuffle: run.shuffle,
        n_train,
        passes: run.passes,
        skipped_lines: run.skipped_lines,
        mistakes: o.progress.mistakes,
        mistake_rate: o.progress.mistake_rate(),
        bias: model.as_ref().map(|m| m.bias),
        weights: model.map(|m| m.weights),
        support_size: o.algorithm.is_kernel().then(|| o.learner.support_size()),
        test_accuracy: held_out.filter(|_| !regression).map(|h| h.0),
        n_test: test.map(Dataset::len),
        mae: regression.then(|| o.progress.mae()),
        mse: regression.then(|| o.progress.mse()),
        test_mae: held_out.filter(|_| regression).map(|h| h.1 .0),
        test_mse: held_out.filter(|_| regression).map(|h| h.1 .1),
        learn_seconds: o.learn_seconds,
        theory: o.theory.as_ref().map(|t| &t.report),
        theory_seconds: o.theory.as_ref().map(|t| t.seconds),
    }
}

/// One JSON object (one learner) or an array (several).
pub fn json(outcomes: &[Outcome], run: &Run, n_train: usize, test: Option<&Dataset>) {
    let reports: Vec<Report> = outcomes
        .iter()
        .map(|o| report(o, run, n_train, test))
        .collect();
    let text = if reports.len() == 1 {
        serde_json::to_string_pretty(&reports[0])
    } else {
        serde_json::to_string_pretty(&reports)
    };
    println!("{}", text.expect("a report is plain data"));
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

pub fn summary(o: &Outcome, run: &Run, name: &str, n: usize, test: Option<&Dataset>) {
    let passes = if run.passes == 1 {
        "1 pass".to_string()
    } else {
        format!("{} passes", run.passes)
    };
    println!("{} on {name}: {n} samples, {passes}", o.algorithm.label());
    let settings: Vec<String> = o
        .algorithm
        .settings_in_force(&run.settings)
        .iter()
        .map(|&k| format!("{} = {}", k.name(), run.settings.text(k)))
        .collect();
    if !settings.is_empty() {
        println!("  settings              {}", settings.join(", "));
    }
    match run.settings.task {
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
    if let Some(theory) = &o.theory {
        crate::theory::print(theory);
    }
}

pub fn table(outcomes: &[Outcome], run: &Run, name: &str, n: usize, test: Option<&Dataset>) {
    let task = run.settings.task;
    println!(
        "{name}: {n} samples, {} pass(es), same order for every learner",
        run.passes
    );
    let (progressive, held_out) = match task {
        Task::Classification => ("mistakes", "test acc"),
        Task::Regression => ("MAE", "test MAE"),
    };
    println!(
        "{:<22} {:>12} {:>10} {:>10} {:>12}",
        "algorithm", progressive, "rate", held_out, "learn ms"
    );
    for o in outcomes {
        let (first, second) = match task {
            Task::Classification => (
                o.progress.mistakes.to_string(),
                format!("{:.2}%", 100.0 * o.progress.mistake_rate()),
            ),
            Task::Regression => (format!("{:.4}", o.progress.mae()), "-".into()),
        };
        let held = match (test, task) {
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
