//! `learn` and `compare`: the settings (defaults, a settings file, flags),
//! the data, one pass or more per learner on the same order, and the
//! report, as text or as JSON that records every setting in force.

use onlinelearn::data::rng::{derived, permutation};
use std::borrow::Cow;
use std::path::Path;

use onlinelearn::eval::Progress;
use onlinelearn::multiclass::Classes;
use onlinelearn::registry::refuse_unused;
use onlinelearn::settings::CovarianceForm;
use onlinelearn::{Algorithm, AnyLearner, Key, Learner, Settings, Task};

use crate::commands::RunArgs;
use crate::input;
use crate::learn_multiclass;
use crate::progress::bar_name;
use crate::report;

/// The widest data AROW and SCW keep a full Σ for without being told:
/// 1001² numbers, 8 MB, about a million operations an update.
const FULL_COVARIANCE_LIMIT: usize = 1000;

/// What one learner did on the run.
pub struct Outcome {
    pub algorithm: Algorithm,
    pub learner: AnyLearner,
    pub progress: Progress,
    pub learn_seconds: f64,
    /// With `--theory`: its report.
    pub theory: Option<crate::theory::Outcome>,
}

/// The run as configured: its settings and where its samples come from.
pub struct Run {
    pub settings: Settings,
    /// Shuffle each pass with the seed (else file order).
    pub shuffle: bool,
    pub passes: usize,
    pub skipped_lines: usize,
}

pub fn learn(algorithms: &[Algorithm], args: &RunArgs, theory: bool) -> Result<(), String> {
    if args.passes == 0 {
        return Err("--passes must be at least 1, got 0".into());
    }
    let mut settings = Settings::default();
    let mut given = Vec::new();
    let mut shuffle = args.settings.has(Key::Seed);
    if let Some(path) = &args.settings_file {
        let from_file = read_settings_file(path, &mut settings)?;
        given.extend(from_file.keys);
        shuffle |= from_file.shuffle;
    }
    args.settings.apply(&mut settings)?;
    given.extend(args.settings.keys());
    refuse_unused(algorithms, &settings, &given).map_err(|e| e.to_string())?;
    // Settings are checked before the (possibly large) files are read.
    for &a in algorithms {
        AnyLearner::new(a, &settings).map_err(|e| e.to_string())?;
    }
    if theory {
        crate::theory::check(algorithms, &settings)?;
    }
    // Classes are read as numbers: two become ±1, more a multiclass run.
    let classify = settings.task == Task::Classification;
    let read_as = if classify {
        Task::Regression
    } else {
        settings.task
    };
    let mut train = input::load(&args.train, args.format, read_as, args.skip_bad)?;
    let mut test = args
        .test
        .as_deref()
        .map(|p| input::load(p, args.format, read_as, args.skip_bad))
        .transpose()?;
    let train_name = args.train.display().to_string();
    let classes = classify
        .then(|| Classes::of(&train.data).map_err(|e| format!("{train_name}: {e}")))
        .transpose()?;
    if let Some(classes) = classes.filter(|c| c.len() > 2) {
        if theory {
            return Err(crate::theory::refuse_classes(&train_name, classes.len()));
        }
        if let Some(test) = &test {
            let file = args.test.as_ref().unwrap().display();
            classes
                .indices(&test.data)
                .map_err(|e| format!("{file}: {e}"))?;
        }
        let job = learn_multiclass::Job {
            settings,
            shuffle,
            passes: args.passes,
            train,
            test,
            classes,
            json: args.json,
            name: &train_name,
            feedback: args.feedback,
        };
        return learn_multiclass::learn(algorithms, job);
    }
    if given.contains(&Key::Multiclass) {
        return Err(format!(
            "--multiclass applies to data with more than two classes; {train_name} has {}",
            Classes::of(&train.data).map_or(0, |c| c.len())
        ));
    }
    if classify {
        let classes = Classes::of(&train.data).expect("checked above");
        learn_multiclass::to_binary(&classes, &mut train.data, &train_name)?;
        if let Some(test) = &mut test {
            let file = args.test.as_ref().unwrap().display().to_string();
            learn_multiclass::to_binary(&classes, &mut test.data, &file)?;
        }
    }
    // AROW and SCW keep all of Σ unless the data is too wide for it: past
    // FULL_COVARIANCE_LIMIT features Σ alone would take megabytes and each
    // update O(d²), so they keep its diagonal, and say so.
    let reads_covariance = algorithms
        .iter()
        .any(|a| a.settings_in_force(&settings).contains(&Key::Covariance));
    let width = train.data.n_features();
    if reads_covariance && !given.contains(&Key::Covariance) && width > FULL_COVARIANCE_LIMIT {
        settings.covariance = CovarianceForm::Diagonal;
        args.feedback.note(&format!(
            "{width} features: AROW and SCW keep the diagonal of Σ (--covariance full keeps all of it)"
        ));
    }
    // OLRU and OLRD plan for the run's length unless told otherwise.
    settings.horizon = settings
        .horizon
        .or(Some((train.data.len() * args.passes) as u64));
    let run = Run {
        settings,
        shuffle,
        passes: args.passes,
        skipped_lines: train.skipped,
    };
    // Said before learning, and in logs too: a run that keeps every
    // sample it errs on can take hours on a large file.
    for &algorithm in algorithms {
        if let Some(why) = algorithm.uncapped(&run.settings) {
            args.feedback.note(&why);
        }
    }
    let mut outcomes = Vec::new();
    for (index, &algorithm) in algorithms.iter().enumerate() {
        let mut learner = AnyLearner::new(algorithm, &run.settings).map_err(|e| e.to_string())?;
        let mut progress = Progress::default();
        let mut seconds = 0.0;
        let bar = args
            .feedback
            .samples(train.data.len() * run.passes, &bar_name(algorithms, index));
        let kernel = algorithm.is_kernel();
        let mut tracker = theory
            .then(|| crate::theory::start(algorithm, &run.settings, &train.data))
            .transpose()?;
        for pass in 0..run.passes {
            // Every learner sees the same order: shuffles derive from the seed and pass only.
            let order = run.shuffle.then(|| {
                permutation(
                    &mut derived(run.settings.seed, pass as u64),
                    train.data.len(),
                )
            });
            let ordered = match &order {
                Some(order) => Cow::Owned(train.data.select(order)),
                None => Cow::Borrowed(&train.data),
            };
            seconds += bar.learn(ordered.len(), |rows| {
                match &mut tracker {
                    Some(theory) => crate::theory::learn_rows(
                        theory,
                        &mut learner,
                        &ordered,
                        order.as_deref(),
                        rows,
                        &mut progress,
                    ),
                    None => learner.learn_batch(&ordered, rows, &mut progress),
                }
                kernel.then(|| learner.support_size())
            });
        }
        bar.finish();
        outcomes.push(Outcome {
            algorithm,
            learner,
            progress,
            learn_seconds: seconds,
            theory: tracker.map(crate::theory::finish),
        });
    }
    let name = args.train.display().to_string();
    let test = test.as_ref().map(|t| &t.data);
    if args.json {
        report::json(&outcomes, &run, train.data.len(), test);
    } else if algorithms.len() == 1 {
        report::summary(&outcomes[0], &run, &name, train.data.len(), test);
    } else {
        report::table(&outcomes, &run, &name, train.data.len(), test);
    }
    Ok(())
}

/// Settings read from a file, and whether its run was shuffled.
struct FromFile {
    keys: Vec<Key>,
    shuffle: bool,
}

/// A JSON map of setting names to values, or a `--json` report (one run's)
/// whose "settings" it takes. Every value goes through the settings table.
fn read_settings_file(path: &Path, settings: &mut Settings) -> Result<FromFile, String> {
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
