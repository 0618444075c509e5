//! A `learn` or `compare` run before any data: its settings (defaults, a
//! settings file, flags), its inputs, and what it refuses because its
//! data cannot give it. A run streams its data unless it needs all of it
//! at once; what needs that, and what a stream read once (standard input,
//! a pipe) therefore refuses:
//!
//! - `--seed` alone shuffles the whole file: the file is read into memory
//!   first (said in a note). A stream read once is refused; `--shuffle-buffer
//!   N` shuffles within N samples as the data streams, file or not.
//! - `--passes` above 1 reads a file again for each pass; a stream read
//!   once is refused.
//! - OLRU and OLRD plan for the run's length, the second-order learners
//!   decide their Σ from the data's width, `--multiclass` needs the classes: a file is
//!   read once first (survey.rs) when the flag that says it is missing
//!   (`--horizon`, `--covariance`, `--classes`); a stream read once is
//!   refused, naming the flag (see learn.rs for the width and the labels,
//!   which a stream finds out as it goes).
//! - `--theory` finds the best classifiers in hindsight over every sample:
//!   the file is read into memory first; a stream read once is refused.
//! - `--scale standard` reads the file twice first, for each feature's mean
//!   and standard deviation (scale.rs); a stream read once is refused.

use std::path::Path;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use onlinelearn::data::Classes;
use onlinelearn::registry::refuse_unused;
use onlinelearn::settings::Scale;
use onlinelearn::{Algorithm, AnyLearner, Key, Settings, Task};

use crate::commands::RunArgs;
use crate::rows::{Rows, Stop};
use crate::run_flags::RunFlags;
use crate::source::Source;

/// The run as the command line configured it.
pub struct Plan {
    pub settings: Settings,
    /// The settings given (by a file or a flag), not defaulted.
    pub given: Vec<Key>,
    /// Shuffle each pass with the seed (else the data's order).
    pub shuffle: bool,
    /// Read the whole training file into memory (a whole-file shuffle).
    pub in_memory: bool,
    pub train: Source,
    pub test: Option<Source>,
    /// Classes named by `--classes` (or the settings file).
    pub classes: Option<Classes>,
    /// `--passes`, `--shuffle-buffer`, `--classes`: from the flags, else
    /// the settings file, for the report to record.
    pub flags: RunFlags,
    /// `--theory`: the best classifiers in hindsight, the bounds, the regret.
    pub theory: bool,
}

impl Plan {
    /// Whether some learner of the run reads `key` at these settings.
    pub fn reads(&self, algorithms: &[Algorithm], key: Key) -> bool {
        algorithms
            .iter()
            .any(|a| a.settings_in_force(&self.settings).contains(&key))
    }

    pub fn classify(&self) -> bool {
        self.settings.task == Task::Classification
    }
}

pub fn plan(algorithms: &[Algorithm], args: &RunArgs, theory: bool) -> Result<Plan, String> {
    if args.passes == Some(0) {
        return Err("--passes must be at least 1, got 0".into());
    }
    if args.curve_every == 0 {
        return Err("--curve-every must be at least 1, got 0".into());
    }
    let mut settings = Settings::default();
    let mut given = Vec::new();
    let mut shuffle = args.settings.has(Key::Seed);
    let mut flags = RunFlags {
        passes: 1,
        ..RunFlags::default()
    };
    if let Some(path) = &args.settings_file {
        let from_file = read_settings_file(path, &mut settings, &mut flags)?;
        given.extend(from_file.keys);
        shuffle |= from_file.shuffle;
    }
    // Flags given as well win over the file's.
    flags.passes = args.passes.unwrap_or(flags.passes);
    flags.shuffle_buffer = args.shuffle_buffer.or(flags.shuffle_buffer);
    if !args.classes.is_empty() {
        flags.classes = Some(args.classes.clone());
    }
    let (passes, shuffle_buffer) = (flags.passes, flags.shuffle_buffer);
    args.settings.apply(&mut settings)?;
    given.extend(args.settings.keys());
    refuse_unused(algorithms, &settings, &given).map_err(|e| e.to_string())?;
    // Settings are checked before the (possibly large) data is read.
    for &a in algorithms {
        AnyLearner::new(a, &settings).map_err(|e| e.to_string())?;
    }
    if theory {
        crate::theory::check(algorithms, &settings)?;
    }
    let train = Source::new(&args.train, args.format)?;
    let test = args
        .test
        .as_deref()
        .map(|p| Source::new(p, args.format))
        .transpose()?;
    if let Some(test) = &test {
        if train.is_stdin() && test.is_stdin() {
            return Err(
                "--train - and --test -: standard input can be one of the two files, not both"
                    .into(),
            );
        }
        refuse_sampleless_test(test, args.skip_bad)?;
    }
    if settings.task == Task::Regression && given.contains(&Key::Multiclass) {
        return Err(
            "--multiclass reduces classes to binary problems: a regression (--task regression) has none"
                .into(),
        );
    }
    let classes = match &flags.classes {
        None => None,
        Some(_) if settings.task == Task::Regression => {
            return Err(
                "--classes names classes: a regression (--task regression) has none".into(),
            );
        }
        Some(labels) => Some(named_classes(labels)?),
    };
    let in_memory = (shuffle && shuffle_buffer.is_none()) || theory;
    let once = !train.rereadable();
    let name = &train.name;
    if theory && once {
        return Err(format!(
            "--theory finds the best classifiers in hindsight over every sample, so it reads all the data first, and {name} can be read only once, as it streams: give a file"
        ));
    }
    if shuffle_buffer.is_some() && !shuffle {
        return Err("--shuffle-buffer shuffles with the seed: give --seed N too".into());
    }
    if shuffle_buffer == Some(0) {
        return Err("--shuffle-buffer must be at least 1, got 0".into());
    }
    if in_memory && once {
        return Err(format!(
            "--seed shuffles all the data, and {name} can be read only once, as it streams: \
             --shuffle-buffer N shuffles within N samples as it streams, or give a file"
        ));
    }
    if settings.scale == Scale::Standard && once {
        return Err(format!(
            "--scale standard reads {name} first for each feature's mean and standard deviation, and {name} can be read only once, as it streams: give a file"
        ));
    }
    if passes > 1 && once {
        return Err(format!(
            "--passes {passes} reads the data {passes} times, and {name} can be read only once: give a file"
        ));
    }
    Ok(Plan {
        settings,
        given,
        shuffle,
        in_memory,
        train,
        test,
        classes,
        flags,
        theory,
    })
}

/// A test file that gives no sample is refused before learning, which it
/// would otherwise throw away. A stream read once cannot be looked at
/// ahead: it is tested as it comes.
fn refuse_sampleless_test(test: &Source, skip_bad: bool) -> Result<(), String> {
    if !test.rereadable() {
        return Ok(());
    }
    let reader = test.open(Arc::new(AtomicU64::new(0)))?;
    let mut rows = Rows::new(test, reader, skip_bad).unlisted();
    match rows.next() {
        // A bad first line is the test's to report, where it stops.
        Ok(Some(_)) | Err(Stop::Bad(_)) => Ok(()),
        Ok(None) => Err(format!(
            "--test {}: no samples (nothing learned: the test file is checked first)",
            test.name
        )),
        Err(stop) => Err(format!("--test {stop}")),
    }
}

/// Settings read from a file, and whether its run was shuffled.
struct FromFile {
    keys: Vec<Key>,
    shuffle: bool,
}

/// A JSON map of setting names to values, or a `--json` report (one run's)
/// whose "settings" it takes. Every value goes through the settings table,
/// but the run flags a report records (run_flags.rs).
fn read_settings_file(
    path: &Path,
    settings: &mut Settings,
    flags: &mut RunFlags,
) -> Result<FromFile, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let doc: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("{}: not JSON ({e})", path.display()))?;
    let shuffle = doc
        .get("shuffle")
        .and_then(|v| v.as_bool())
        .unwrap_or(false);
    let map = doc
        .get("settings")
        .unwrap_or(&doc)
        .as_object()
        .ok_or_else(|| {
            format!(
                "{}: expected an object of settings (or one run's --json report)",
                path.display()
            )
        })?;
    let mut keys = Vec::new();
    for (name, value) in map {
        if let Some(read) = flags.read(name, value) {
            read.map_err(|e| format!("{}: {e}", path.display()))?;
            continue;
        }
        let text = match value {
            serde_json::Value::String(s) => s.clone(),
            serde_json::Value::Null => "none".into(),
            other => other.to_string(),
        };
        let key = settings
            .set(name, &text)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        keys.push(key);
    }
    Ok(FromFile { keys, shuffle })
}

/// The classes `--classes` (or a settings file) names: two or more, each
/// once. One class learns nothing, and a class named twice is a typo that
/// would otherwise pass as a run of fewer classes than meant.
fn named_classes(labels: &[f64]) -> Result<Classes, String> {
    let classes =
        Classes::from_labels(labels.iter().copied()).map_err(|e| format!("--classes: {e}"))?;
    let range = "must be 2 or more distinct classes";
    let given: Vec<String> = labels
        .iter()
        .map(|&l| onlinelearn::number::text(l))
        .collect();
    let given = given.join(",");
    if let Some(twice) = labels
        .iter()
        .enumerate()
        .find(|(i, l)| labels[..*i].contains(l))
    {
        let twice = onlinelearn::number::text(*twice.1);
        return Err(format!(
            "--classes {range}, got {given} ({twice} is named twice)"
        ));
    }
    if classes.len() < 2 {
        return Err(format!("--classes {range}, got {given}"));
    }
    Ok(classes)
}
