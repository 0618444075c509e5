//! What `frontier` checks and reads before it runs: the learners (each
//! must have a support-set size to set), the settings (the size settings
//! are its own to vary), and the two files, read whole as `learn --seed`
//! reads its training file, with the same classes and labels.

use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use onlinelearn::data::Standardiser;
use onlinelearn::frontier::{sized_learners, sizing, Sizing, Unsized};
use onlinelearn::registry::refuse_unused;
use onlinelearn::settings::Scale;
use onlinelearn::{Algorithm, AnyLearner, Dataset, Key, Settings, Task};

use crate::labels::LabelRule;
use crate::rows::{csv_width, Rows};
use crate::scale::MAX_SCALED_FEATURES;
use crate::source::{Format, Source};
use crate::survey::survey;

/// The largest size (the settings table's largest budget).
pub const MAX_SIZE: usize = 1_000_000;

/// `--sizes`: whole numbers from 1 to [`MAX_SIZE`], each once; ascending.
pub fn sizes(given: &[String]) -> Result<Vec<usize>, String> {
    let mut sizes = Vec::new();
    for text in given {
        let size = text
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=MAX_SIZE).contains(n))
            .ok_or_else(|| {
                format!(
                    "--sizes: each size must be a whole number from 1 to {MAX_SIZE}, got '{text}'"
                )
            })?;
        if sizes.contains(&size) {
            return Err(format!("--sizes: {size} is given twice"));
        }
        sizes.push(size);
    }
    if sizes.is_empty() {
        return Err("--sizes: give at least one size".into());
    }
    sizes.sort_unstable();
    Ok(sizes)
}

/// Each learner must have a size to set at `settings`; a size setting of
/// theirs must not be given (the frontier varies it); every other setting
/// given must be one some learner reads; and every learner must accept
/// every size. The refusals name what is accepted.
pub fn check_learners(
    algorithms: &[Algorithm],
    settings: &Settings,
    given: &[Key],
    sizes: &[usize],
) -> Result<(), String> {
    // Frontier learns two classes and measures an error rate: these would
    // be ignored, so they are refused.
    if given.contains(&Key::Multiclass) {
        return Err(
            "--multiclass is not used by frontier: it runs two-class data, which needs no reduction"
                .into(),
        );
    }
    if settings.task != Task::Classification {
        return Err(format!(
            "--task {}: frontier measures the held-out error of two classes; it runs --task classification only",
            settings.task.name()
        ));
    }
    for &a in algorithms {
        let sizing = sizing(a, settings).map_err(|why| refusal(a, why, settings))?;
        let key = sizing.key();
        if given.contains(&key) {
            let how = match sizing {
                Sizing::Cap(_) => "sets to each size",
                Sizing::Knob(_) => "searches for each size",
            };
            return Err(format!(
                "--{} is what frontier {how} ({}): give the sizes with --sizes",
                key.name(),
                a.name()
            ));
        }
        for &size in sizes {
            // A knob is checked at a value in its range; a cap at the size.
            let value = match sizing {
                Sizing::Cap(_) => size as f64,
                Sizing::Knob(knob) => knob.value(0.5, settings, 1.0),
            };
            let at = onlinelearn::frontier::sized(settings, key, value)
                .map_err(|e| format!("--sizes {size}: {e}"))?;
            AnyLearner::new(a, &at).map_err(|e| match sizing {
                Sizing::Cap(_) => format!("--sizes {size}: {}: {e}", a.name()),
                Sizing::Knob(_) => format!("{}: {e}", a.name()),
            })?;
        }
    }
    refuse_unused(algorithms, settings, given).map_err(|e| e.to_string())
}

/// Why `algorithm` cannot be sized, naming the learners that can.
fn refusal(algorithm: Algorithm, why: Unsized, settings: &Settings) -> String {
    let name = algorithm.name();
    let sized: Vec<&str> = sized_learners(settings).iter().map(|a| a.name()).collect();
    let accepted = format!(
        "frontier runs the kernel learners with a support-set size to set: {}",
        sized.join(", ")
    );
    match why {
        Unsized::NoSupportSet => format!("{name} keeps no support set; {accepted}"),
        Unsized::NoVectors(key) => format!(
            "{name} keeps no support vectors (its size is --{}); {accepted}",
            key.name()
        ),
        Unsized::NotInForce(key) => {
            let flag = format!("--{}", key.name());
            let condition = match key.spec().when {
                Some(when) => format!("{flag} applies only with {}", when.words),
                None => format!("its size is set by {}", algorithm.info().size),
            };
            format!("{name} has no size to set at these settings: {condition}")
        }
    }
}

/// The training and test files, read whole, labels as ±1 (two classes;
/// the larger label is +1, as `learn` maps them).
pub struct Files {
    pub train: Dataset,
    pub test: Dataset,
    pub train_name: String,
    pub test_name: String,
}

pub fn read(
    train: &std::path::Path,
    test: &std::path::Path,
    format: Option<Format>,
) -> Result<Files, String> {
    if train == std::path::Path::new("-") && test == std::path::Path::new("-") {
        return Err(
            "--train - and --test -: standard input can be one of the two files, not both".into(),
        );
    }
    let train_source = Source::new(train, format)?;
    let test_source = Source::new(test, format)?;
    let read = survey(&train_source, false, true, true)?;
    if let Some(error) = read.stopped {
        return Err(error.to_string());
    }
    let classes = read.classes.expect("labels read as classes");
    let name = &train_source.name;
    if classes.len() != 2 {
        return Err(format!(
            "frontier's kernel learners learn two classes; {name} has {}",
            classes.len()
        ));
    }
    let rule = LabelRule::known(classes);
    let mut data = read.data.ok_or_else(|| format!("{name}: no samples"))?;
    data.relabel(|label| rule.test(label).unwrap_or(label));
    Ok(Files {
        test: read_test(&test_source, csv_width(&train_source)?, &rule)?,
        train: data,
        train_name: train_source.name,
        test_name: test_source.name,
    })
}

/// `--scale standard` as `learn` applies it: each feature of the training
/// file to mean 0 and standard deviation 1 over its samples in file order
/// (so ordering i is still `learn --seed S+i --scale standard`), the same
/// transform for the test file.
pub fn scale(files: &mut Files, scale: Scale) -> Result<(), String> {
    if scale == Scale::None {
        return Ok(());
    }
    let width = files.train.n_features();
    if width > MAX_SCALED_FEATURES {
        return Err(format!(
            "--scale standard centres every feature, so each sample of {} becomes {width} numbers: at most {MAX_SCALED_FEATURES} features are taken",
            files.train_name
        ));
    }
    let standardiser = Standardiser::of(&files.train);
    files.train = standardiser.dataset(&files.train);
    files.test = standardiser.dataset(&files.test);
    Ok(())
}

/// The test file whole, its labels mapped by the training classes; a
/// label outside them is named where it is, as `learn` names it.
fn read_test(source: &Source, width: Option<usize>, rule: &LabelRule) -> Result<Dataset, String> {
    let reader = source.open(Arc::new(AtomicU64::new(0)))?;
    let mut rows = Rows::new(source, reader, false).expecting(width);
    let mut data: Option<Dataset> = None;
    loop {
        let (x, label) = match rows.next() {
            Ok(Some(row)) => row,
            Ok(None) => break,
            Err(stop) => return Err(stop.to_string()),
        };
        let Ok(target) = rule.test(label) else {
            let message = format!(
                "class {} is not among the training classes ({})",
                onlinelearn::number::text(label),
                rule.names()
            );
            return Err(rows.at_label(message).to_string());
        };
        let data = data.get_or_insert_with(|| match source.format {
            Format::Libsvm => Dataset::sparse(),
            Format::Csv => Dataset::dense(x.dim()),
        });
        data.push(x, target)
            .map_err(|e| format!("{}: {e}", source.name))?;
    }
    data.ok_or_else(|| format!("{}: no samples", source.name))
}
