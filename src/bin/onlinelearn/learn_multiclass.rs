//! Classes on the command line. Class labels are read as numbers and must
//! be whole; two classes (0/1, −1/+1, or any two integers, the larger
//! being +1) go to the binary learners as ±1, more go to
//! `onlinelearn::multiclass` by `--multiclass one-vs-rest|crammer-singer`.
//! The report gives the classes, the K weight rows in class order, the
//! progressive mistakes, the test accuracy and a confusion matrix.

use onlinelearn::data::rng::{derived, permutation};
use onlinelearn::multiclass::{Classes, Multiclass};
use onlinelearn::settings::Choice;
use onlinelearn::{Algorithm, Dataset, Key, Settings};
use serde::Serialize;

use crate::input::Input;
use crate::progress::{bar_name, Feedback};

/// Maps two (or one) classes to ±1: 1 → +1 and 0 or −1 → −1 when the
/// labels are those, else the smaller class → −1 and the larger → +1.
/// A label outside them is an error naming its row.
pub fn to_binary(classes: &Classes, data: &mut Dataset, file: &str) -> Result<(), String> {
    let names = classes.names();
    let usual = names.iter().all(|&n| n == 1.0 || n == 0.0 || n == -1.0);
    let positive = names.last().copied().unwrap_or(1.0);
    let negative = if names.len() == 2 { names[0] } else { f64::NAN };
    let map = |label: f64| -> Option<f64> {
        if usual {
            match label {
                1.0 => Some(1.0),
                0.0 | -1.0 => Some(-1.0),
                _ => None,
            }
        } else if label == positive {
            Some(1.0)
        } else if label == negative {
            Some(-1.0)
        } else {
            None
        }
    };
    if let Some(row) = data.labels().iter().position(|&l| map(l).is_none()) {
        return Err(format!(
            "{file}: row {}: class {} is not among the training classes ({})",
            row + 1,
            data.labels()[row],
            names
                .iter()
                .map(|n| onlinelearn::number::text(*n))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    data.relabel(|l| map(l).unwrap_or(l));
    Ok(())
}

#[derive(Serialize)]
struct Report {
    algo: &'static str,
    task: &'static str,
    multiclass: &'static str,
    settings: serde_json::Value,
    shuffle: bool,
    n_train: usize,
    passes: usize,
    classes: Vec<f64>,
    mistakes: u64,
    mistake_rate: f64,
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
}

/// The run as `learn` configured it.
pub struct Job<'a> {
    pub settings: Settings,
    pub shuffle: bool,
    pub passes: usize,
    pub train: Input,
    pub test: Option<Input>,
    pub classes: Classes,
    pub json: bool,
    pub name: &'a str,
    pub feedback: Feedback,
}

pub fn learn(algorithms: &[Algorithm], job: Job<'_>) -> Result<(), String> {
    let train_classes = job
        .classes
        .indices(&job.train.data)
        .expect("its own classes");
    let test_classes = job
        .test
        .as_ref()
        .map(|t| job.classes.indices(&t.data))
        .transpose()?;
    let k = job.classes.len();
    let mut reports = Vec::new();
    for (index, &algorithm) in algorithms.iter().enumerate() {
        let mut learner =
            Multiclass::new(algorithm, &job.settings, k).map_err(|e| e.to_string())?;
        let (mut mistakes, mut seen, mut seconds) = (0u64, 0u64, 0.0);
        let bar = job.feedback.samples(
            job.train.data.len() * job.passes,
            &bar_name(algorithms, index),
        );
        for pass in 0..job.passes {
            // Every learner sees the same order, as in `learn`.
            let order: Vec<usize> = if job.shuffle {
                permutation(
                    &mut derived(job.settings.seed, pass as u64),
                    job.train.data.len(),
                )
            } else {
                (0..job.train.data.len()).collect()
            };
            seconds += bar.learn(order.len(), |rows| {
                for &i in &order[rows] {
                    let class = train_classes[i];
                    if learner.learn_one(job.train.data.row(i), class).predicted != class {
                        mistakes += 1;
                    }
                    seen += 1;
                }
                None
            });
        }
        bar.finish();
        let confusion = job
            .test
            .as_ref()
            .zip(test_classes.as_ref())
            .map(|(t, truth)| {
                let mut m = vec![vec![0u64; k]; k];
                for (i, &class) in truth.iter().enumerate() {
                    m[class][learner.predict(t.data.row(i))] += 1;
                }
                m
            });
        let n_test = job.test.as_ref().map(|t| t.data.len());
        let test_accuracy = confusion.as_ref().map(|m| {
            let right: u64 = (0..k).map(|c| m[c][c]).sum();
            right as f64 / n_test.unwrap_or(0).max(1) as f64
        });
        let mut keys = algorithm.settings_in_force(&job.settings);
        keys.extend([Key::Multiclass, Key::Seed, Key::Task]);
        let models = learner.models();
        reports.push(Report {
            algo: algorithm.name(),
            task: "multiclass",
            multiclass: job.settings.multiclass.name(),
            settings: serde_json::to_value(job.settings.subset(&keys)).expect("plain data"),
            shuffle: job.shuffle,
            n_train: job.train.data.len(),
            passes: job.passes,
            classes: job.classes.names().to_vec(),
            mistakes,
            mistake_rate: mistakes as f64 / seen.max(1) as f64,
            bias: models.iter().map(|m| m.bias).collect(),
            weights: models.into_iter().map(|m| m.weights).collect(),
            test_accuracy,
            n_test,
            confusion,
            learn_seconds: seconds,
        });
    }
    if job.json {
        let text = if reports.len() == 1 {
            serde_json::to_string_pretty(&reports[0])
        } else {
            serde_json::to_string_pretty(&reports)
        };
        println!("{}", text.expect("plain data"));
        return Ok(());
    }
    for r in &reports {
        print_summary(r, job.name);
    }
    Ok(())
}

fn print_summary(r: &Report, name: &str) {
    let classes: Vec<String> = r
        .classes
        .iter()
        .map(|c| onlinelearn::number::text(*c))
        .collect();
    println!(
        "{} on {name}: {} samples, {} classes ({}), {}",
        r.algo,
        r.n_train,
        r.classes.len(),
        classes.join(", "),
        r.multiclass
    );
    println!(
        "  progressive mistakes  {} ({:.2}%)",
        r.mistakes,
        100.0 * r.mistake_rate
    );
    if let (Some(accuracy), Some(n), Some(m)) = (r.test_accuracy, r.n_test, &r.confusion) {
        println!(
            "  test accuracy         {:.2}% on {n} samples",
            100.0 * accuracy
        );
        println!("  confusion (rows: true class, columns: predicted)");
        println!(
            "    {:>8} {}",
            "",
            classes
                .iter()
                .map(|c| format!("{c:>8}"))
                .collect::<String>()
        );
        for (c, row) in classes.iter().zip(m) {
            println!(
                "    {c:>8} {}",
                row.iter().map(|v| format!("{v:>8}")).collect::<String>()
            );
        }
    }
}
