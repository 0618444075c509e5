//! `learn --link` and `compare --link`: the page address that opens the
//! same run on the page. Two-dimensional data (one-dimensional for a
//! regression) whose values the page's clicks can hold exactly (multiples
//! of 1e-3 within ±10, at most the points the plane keeps) goes into the
//! link as clicked points, each learned once as the command line learns
//! it, then epochs for further passes: the link needs nothing else. Other
//! data gives the link that asks for its file (the page checks the file's
//! fingerprint), learned as a stream of the file's rows in order.

use onlinelearn::data::{Format, Loader};
use onlinelearn::playground::{
    quantize, Event, FileSource, Setup, SharedState, MAX_COORDINATE, MAX_SHOWN_POINTS, QUANTUM,
};
use onlinelearn::{Algorithm, Dataset, Features, Key, Preset, Task};

use crate::commands::RunArgs;
use crate::link::address;

/// The address that opens the run of `algorithms` (Compare for several).
pub fn run_link(algorithms: &[Algorithm], args: &RunArgs, base: &str) -> Result<String, String> {
    let plan = crate::plan::plan(algorithms, args, false)?;
    let refuse = |why: &str| Err(format!("--link: {why}"));
    if plan.shuffle || plan.flags.shuffle_buffer.is_some() {
        return refuse("the page learns the data in its own order; drop --seed and --shuffle-buffer (or give the learners' seed in a settings file)");
    }
    if plan.train.is_stdin() {
        return refuse("the page reads a file, not standard input: give --train a file");
    }
    if !plan.train.rereadable() {
        return refuse(&format!(
            "the page reads a file, and {} can be read only once, as it streams: give --train a file",
            plan.train.name
        ));
    }
    if plan.train.gzip() {
        return refuse("the page reads a plain file; give --train a file that is not gzipped");
    }
    if plan.settings.scale != onlinelearn::settings::Scale::None {
        return refuse("the page scales a file itself (to a standard deviation of 0.5, and only when it reaches outside the view, saying so), not as --scale standard does; drop --scale");
    }
    if plan.classes.is_some() {
        return refuse(
            "the page orders a file's classes itself (the larger of two is +1); drop --classes",
        );
    }
    let name = args
        .train
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let text = std::fs::read_to_string(&args.train)
        .map_err(|e| format!("--link: {}: {e}", args.train.display()))?;
    let task = plan.settings.task;
    let mut loader = Loader::new(&name, Format::detect(&name, &text), Some(task));
    loader.feed(&text);
    let data = loader.finish().map_err(|e| e.to_string())?.loaded.data;
    // The rows as read, before the page's view may standardise them.
    let points = clicks(&data, task);
    let mut settings = plan.settings.clone();
    settings.preset = match task {
        Task::Classification => Preset::Overlapping,
        Task::Regression => Preset::Regression1d,
    };
    let file = FileSource::new(&name, data, task).map_err(|e| e.to_string())?;
    settings.classes = file.classes.max(2) as u64;
    let in_force = algorithms
        .iter()
        .any(|a| a.settings_in_force(&settings).contains(&Key::Horizon));
    if in_force && settings.horizon.is_none() {
        // The command line plans for the data's length; the page, without
        // a horizon, for 3000 samples: the link says the length.
        settings.horizon = Some((file.data.len() * plan.flags.passes) as u64);
    }
    let mut state = SharedState {
        setup: Setup {
            algorithm: algorithms[0],
            settings,
        },
        ..SharedState::default()
    };
    let rows = file.data.len() as u64;
    let passes = plan.flags.passes as u64;
    match points {
        Some(points) => {
            for point in points {
                state.log.push(point);
            }
            if passes > 1 {
                state.log.push(Event::Epochs(rows * (passes - 1)));
            }
        }
        None => {
            if file.transform.is_some() {
                crate::std_streams::eprint_line(&format!(
                    "note: the page standardises {name}'s values to fit its plane (mean 0, deviation 0.5), so its model is in those units: its Model (JSON) holds it in the file's units too"
                ));
            }
            state.extras.push(("file".into(), file.link_key()));
            state.log.push(Event::Stream(rows * passes));
        }
    }
    if algorithms.len() > 1 {
        let names: Vec<&str> = algorithms.iter().map(|a| a.name()).collect();
        state.extras.push(("view".into(), "compare".into()));
        state.extras.push(("algos".into(), names.join(",")));
    }
    let hash = state.to_hash();
    // What the page will read: checked here, so a link it refuses is never printed.
    SharedState::parse(&hash).map_err(|e| format!("--link: {e}"))?;
    Ok(address(base, &hash))
}

/// The rows as clicks, when the page's clicks hold them exactly.
fn clicks(data: &Dataset, task: Task) -> Option<Vec<Event>> {
    let width = match task {
        Task::Classification => 2,
        Task::Regression => 1,
    };
    if data.is_sparse() || data.n_features() != width || data.len() > MAX_SHOWN_POINTS {
        return None;
    }
    let unit = |v: f64| -> Option<i64> {
        let k = (v / QUANTUM).round();
        (quantize(v) == v && k * QUANTUM == v && v.abs() <= MAX_COORDINATE).then_some(k as i64)
    };
    (0..data.len())
        .map(|i| {
            let Features::Dense(x) = data.row(i) else {
                return None;
            };
            let y = data.label(i);
            Some(match task {
                Task::Classification => Event::Point {
                    x: unit(x[0])?,
                    y: unit(x[1])?,
                    label: y as i8,
                },
                Task::Regression => Event::Point {
                    x: unit(x[0])?,
                    y: unit(y)?,
                    label: 0,
                },
            })
        })
        .collect()
}
