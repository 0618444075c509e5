//! `learn` and `compare`: the data streams through every learner as it is
//! read (feeder.rs), in memory that does not grow with it, and the results
//! are those of the same data read whole, to the bit. What a run must know
//! ahead comes from a flag, from the data in memory (a whole-file
//! shuffle), or from a first reading of a file (survey.rs); plan.rs says
//! what a stream read once refuses. Two things a stream finds out as it
//! goes: a label the direct rule cannot place (labels.rs) and a sample
//! wider than AROW's and SCW's full Σ allows. A file is then read once for
//! its facts and learned again from the start; a stream read once stops
//! there, naming the flag that says it ahead.

use std::sync::Arc;

use onlinelearn::data::Standardiser;
use onlinelearn::settings::CovarianceForm;
use onlinelearn::{Algorithm, Key};

use crate::commands::RunArgs;
use crate::contenders::Contender;
use crate::evaluate::evaluate;
use crate::feeder::{too_wide, Halt, WidthLimit};
use crate::labels::LabelRule;
use crate::learn_pass::{learn_in_memory, relabelled, stream_pass};
use crate::learning::Learning;
use crate::lines::Lines;
use crate::plan::{plan, Plan};
use crate::progress::Total;
use crate::report::{self, Run};
use crate::survey::{survey, Survey};

/// The widest data the second-order learners (AROW, SCW and LIBOL's SOP,
/// CW, IELLIP, NAROW, NHERD) keep a full Σ for without being told: 1001²
/// numbers, 8 MB, about a million operations an update.
const FULL_COVARIANCE_LIMIT: usize = 1000;

/// What the attempts so far told: the notes before learning, and the
/// bad lines skipped (`--skip-bad`) up to this line.
#[derive(Default)]
struct Said {
    notes: bool,
    bad_lines_through: usize,
}

/// How an attempt at the run ended.
enum Attempt {
    Done,
    /// The data needs a first reading: the note says why.
    Survey(String),
}

/// `theory`: `--theory` (the data is then read into memory first).
pub fn learn(algorithms: &[Algorithm], args: &RunArgs, theory: bool) -> Result<(), String> {
    let plan = plan(algorithms, args, theory)?;
    if let Some(path) = &args.curves {
        crate::output_paths::check_file("--curves", path)?;
    }
    let scaler = crate::scale::standardiser(algorithms, &plan, args)?;
    let train = &plan.train;
    let need_rows = plan.settings.horizon.is_none() && plan.reads(algorithms, Key::Horizon);
    let need_classes =
        plan.classify() && plan.classes.is_none() && plan.given.contains(&Key::Multiclass);
    let mut facts = None;
    if plan.in_memory {
        let why = if plan.theory {
            "--theory looks at every sample of {}, so it is read into memory first"
        } else {
            "--seed shuffles all of {}, so it is read into memory first (--shuffle-buffer N shuffles within N samples as it streams)"
        };
        args.feedback.note(&why.replace("{}", &train.name));
        let read = survey(train, args.skip_bad, plan.classify(), true)?;
        if let Some(error) = &read.stopped {
            return Err(format!(
                "{error}\nnothing learned: a shuffled run reads the whole file first; fix the line, or pass --skip-bad to learn past bad lines"
            ));
        }
        facts = Some(read);
    } else if need_rows || need_classes {
        let (flag, why) = if need_rows {
            let planners: Vec<&str> = algorithms
                .iter()
                .filter(|&&a| plan.reads(&[a], Key::Horizon))
                .map(|a| a.name())
                .collect();
            let s = if planners.len() == 1 { "s" } else { "" };
            let why = format!(
                "--horizon: {} plan{s} for the run's length",
                planners.join(" and ")
            );
            ("--horizon N", why)
        } else {
            ("--classes", "--multiclass needs the classes".to_string())
        };
        if !train.rereadable() {
            return Err(format!(
                "{why}, and {} can be read only once, as it streams: say it ahead with {flag}",
                train.name
            ));
        }
        facts = Some(survey(train, args.skip_bad, plan.classify(), false)?);
    }
    let mut said = Said::default();
    loop {
        match attempt(algorithms, args, &plan, facts.as_ref(), &scaler, &mut said)? {
            Attempt::Done => return Ok(()),
            Attempt::Survey(note) => {
                args.feedback.note(&note);
                facts = Some(survey(train, args.skip_bad, plan.classify(), false)?);
            }
        }
    }
}

/// One run from the start of the data; `said`: what earlier attempts told.
fn attempt(
    algorithms: &[Algorithm],
    args: &RunArgs,
    plan: &Plan,
    facts: Option<&Survey>,
    scaler: &Option<Arc<Standardiser>>,
    said: &mut Said,
) -> Result<Attempt, String> {
    let train = &plan.train;
    let mut settings = plan.settings.clone();
    let read = facts.and_then(|f| f.classes.clone());
    let mut rule = match (plan.classes.clone(), read) {
        _ if !plan.classify() => LabelRule::Numbers,
        (Some(named), _) => LabelRule::named(named),
        (None, Some(read)) => LabelRule::known(read),
        (None, None) => LabelRule::direct(),
    };
    let many = match &rule {
        LabelRule::Many(classes) => Some(classes.len()),
        _ => None,
    };
    if let (Some(k), true) = (many, plan.theory) {
        return Err(crate::theory::refuse_classes(&train.name, k));
    }
    if many.is_none() && plan.given.contains(&Key::Multiclass) {
        let n = rule.classes().map_or(0, |c| c.len());
        return Err(format!(
            "--multiclass applies to data with more than two classes; {} has {n}",
            train.name
        ));
    }
    let mut width_limit = None;
    if many.is_none() {
        // The second-order learners keep all of Σ unless the data is too wide for it:
        // past FULL_COVARIANCE_LIMIT features Σ alone would take megabytes
        // and each update O(d²), so they keep its diagonal, and say so.
        if plan.reads(algorithms, Key::Covariance) && !plan.given.contains(&Key::Covariance) {
            match facts.map(|f| f.width) {
                Some(width) if width > FULL_COVARIANCE_LIMIT => {
                    settings.covariance = CovarianceForm::Diagonal;
                    // Facts are known once, so this is said once.
                    args.feedback.note(&format!(
                        "{width} features: the second-order learners keep the diagonal of Σ (--covariance full keeps all of it)"
                    ));
                }
                Some(_) => {}
                None => width_limit = Some(WidthLimit::Unsaid(FULL_COVARIANCE_LIMIT)),
            }
        }
        // OLRU and OLRD plan for the run's length unless told otherwise.
        settings.horizon = settings
            .horizon
            .or(facts.map(|f| (f.rows * plan.flags.passes) as u64));
    }
    // Told to keep all of Σ, or for K classes: past its most, a refusal.
    let widest = algorithms.iter().filter_map(|a| a.widest(&settings)).min();
    width_limit = width_limit.or(widest.map(WidthLimit::Full));
    if let Some(at) = facts.and_then(|f| f.past_full_covariance.as_ref()) {
        if widest.is_some() {
            return Err(format!("{} (nothing learned)", too_wide(at)));
        }
    }
    if !std::mem::replace(&mut said.notes, true) {
        // Said before learning, and in logs too: a run that keeps every
        // sample it errs on can take hours on a large file.
        for &algorithm in algorithms {
            if let Some(why) = algorithm.uncapped(&settings) {
                args.feedback.note(&why);
            }
        }
    }
    let contenders = algorithms
        .iter()
        .map(|&a| Contender::new(a, &settings, many))
        .collect::<Result<Vec<_>, _>>()?;
    let total = match (facts, train.size()) {
        (Some(f), _) => Total::Samples((f.rows * plan.flags.passes) as u64),
        (None, Some(bytes)) => Total::Bytes(bytes * plan.flags.passes as u64),
        (None, None) => Total::Unknown,
    };
    let names: Vec<&str> = algorithms.iter().map(|a| a.name()).collect();
    let bar = args.feedback.stream_bar(total, &names.join(", "));
    let task = settings.task;
    let lines = Lines::new(
        args.feedback.shows_lines(),
        task,
        algorithms.len(),
        args.curves.as_deref(),
        args.curve_every,
    )?;
    let mut learning = Learning::new(contenders, lines, bar);
    let mut in_memory = facts
        .and_then(|f| f.data.as_ref())
        .map(|data| relabelled(data, &rule))
        .map(|data| match scaler {
            Some(scaler) => scaler.dataset(&data),
            None => data,
        });
    if let (true, Some(data)) = (plan.theory, &in_memory) {
        for c in &mut learning.contenders {
            c.tracker = Some(crate::theory::start(c.algorithm, &settings, data)?);
        }
    }
    let (mut n_train, mut skipped, mut stopped) = (0, 0, None);
    for pass in 0..plan.flags.passes {
        let halt = match &mut in_memory {
            Some(data) => {
                learn_in_memory(&mut learning, data, plan, pass)?;
                skipped = facts.map_or(0, |f| f.skipped);
                None
            }
            None => {
                // The first pass listed the bad lines it skipped; a run started over, those before.
                let listed = if pass > 0 {
                    usize::MAX
                } else {
                    said.bad_lines_through
                };
                let (halt, fed) = stream_pass(
                    &mut learning,
                    plan,
                    args,
                    rule,
                    width_limit,
                    scaler,
                    pass,
                    listed,
                )?;
                if pass == 0 {
                    skipped = fed.skipped();
                }
                rule = fed.rule;
                halt
            }
        };
        if pass == 0 {
            n_train = learning.seen as usize;
        }
        match halt {
            None => {}
            Some(Halt::Stop(stop)) => {
                let before = match learning.seen {
                    1 => "the sample".to_string(),
                    n => format!("the {n} samples"),
                };
                let happened = format!("the run stopped at this line: the report is of the model learned from {before} before it (partial)");
                stopped = Some(stop.explained(&happened, "learn"));
                break;
            }
            Some(Halt::Unplaced(at)) if train.rereadable() => {
                learning.bar.finish();
                said.bad_lines_through = at.line; // not listed again as the run starts over
                return Ok(Attempt::Survey(format!(
                    "{at} is not -1, 0 or +1, or is a third of them: reading {} once for its classes, then learning from its start (--classes names them ahead)",
                    train.name
                )));
            }
            Some(Halt::Wide(at)) if train.rereadable() => {
                learning.bar.finish();
                said.bad_lines_through = at.line;
                return Ok(Attempt::Survey(format!(
                    "{at}: the second-order learners keep all of Σ up to {FULL_COVARIANCE_LIMIT} features: reading {} once for its width, then learning from its start (--covariance full or diagonal says it ahead)",
                    train.name
                )));
            }
            Some(Halt::Unplaced(at)) => {
                stopped = Some(format!(
                    "{at}: without --classes a stream takes -1, 0 and +1 as they come, two of them at most, and {} can be read only once, so not first for its classes: name them with --classes (the run stopped there; the report is of the model before it, partial)",
                    train.name
                ));
                break;
            }
            Some(Halt::TooWide(at)) => {
                stopped = Some(format!(
                    "{} (the run stopped there; the report is of the model before it, partial)",
                    too_wide(&at)
                ));
                break;
            }
            Some(Halt::Wide(at)) => {
                stopped = Some(format!(
                    "{at}: past {FULL_COVARIANCE_LIMIT} features the second-order learners keep the diagonal of Σ, and a stream read once must say so before it starts: --covariance diagonal (or full) (the run stopped there; the report is of the model before it, partial)"
                ));
                break;
            }
        }
    }
    if n_train == 0 && stopped.is_none() {
        learning.bar.finish();
        return Err(format!("{}: no samples", train.name));
    }
    learning.end()?;
    for c in &mut learning.contenders {
        c.theory = c.tracker.take().map(crate::theory::finish);
    }
    said_skipped(&train.name, skipped);
    let (mut n_test, mut skipped_test_lines) = (None, None);
    if let (Some(test), None) = (&plan.test, &stopped) {
        let tested = evaluate(
            test,
            crate::rows::csv_width(train)?,
            &rule,
            &mut learning.contenders,
            args.skip_bad,
            scaler.clone(),
        )?;
        n_test = Some(tested.samples);
        skipped_test_lines = Some(tested.skipped);
        said_skipped(&test.name, tested.skipped);
        if let Some(stop) = tested.stopped {
            // Figures of the lines before it would pass for the test's.
            n_test = None;
            learning.contenders.iter_mut().for_each(|c| c.held = None);
            let happened = "the test stopped at this line: the report has no test figures";
            stopped = Some(stop.explained(happened, "test"));
        }
    }
    let run = Run {
        settings: settings.clone(),
        shuffle: plan.shuffle,
        flags: plan.flags.clone(),
        skipped_lines: skipped,
        skipped_test_lines,
        n_train,
        name: train.name.clone(),
        stopped: stopped
            .as_ref()
            .map(|s| s.lines().next().unwrap_or("").to_string()),
        n_test,
    };
    match rule.classes().filter(|_| many.is_some()) {
        Some(classes) => {
            crate::learn_multiclass::print(&learning.contenders, &run, classes, args.json)?
        }
        None => report::print(&learning.contenders, &run, args.json)?,
    }
    // A diverged model fails the run, as a partial one does, after its
    // report: the report says what happened, and the status keeps a script
    // from taking figures that describe no model for a result.
    let diverged = learning.contenders.iter().filter_map(|c| {
        Some(crate::divergence::message(
            c.algorithm,
            c.diverged?,
            &settings,
            &plan.given,
        ))
    });
    let failures: Vec<String> = stopped.into_iter().chain(diverged).collect();
    match failures.is_empty() {
        true => Ok(Attempt::Done),
        false => Err(failures.join("\n")),
    }
}

/// The count of bad lines `--skip-bad` skipped, at the end of a run.
fn said_skipped(name: &str, skipped: usize) {
    if skipped > 0 {
        let s = if skipped == 1 { "" } else { "s" };
        crate::std_streams::eprint_line(&format!(
            "{name}: skipped {skipped} bad line{s} (--skip-bad)"
        ));
    }
}
