//! `onlinelearn replay LINK`: the page's session, rebuilt natively from its
//! link with the page's own code (src/playground/: the link read, the
//! event log replayed bit for bit). It prints the summary the page shows,
//! with `--json` the page's *Model (JSON)* export, with `--curves` its
//! *Curves (CSV)*, with `--link` the page address that opens it. Compare's
//! link gives one result per panel, each panel's learner run on the same
//! samples, as the page does.

use std::path::PathBuf;

use clap::Args;
use onlinelearn::playground::{Page, SharedState};
use onlinelearn::Algorithm;

use crate::link::{address, hash_of, page_extras, panels, DEFAULT_LINK_BASE};
use crate::replay_data::read_linked;

#[derive(Args)]
pub struct ReplayArgs {
    /// The page's link: its whole address (quote it), or the part after '#'.
    pub link: String,
    /// The data file of a session made with one (the link holds its name
    /// and fingerprint; a different file is refused).
    #[arg(long, value_name = "FILE")]
    pub data: Option<PathBuf>,
    /// Print the model as the page's Model (JSON) saves it.
    #[arg(long)]
    pub json: bool,
    /// Write the page's Curves (CSV) to FILE.
    #[arg(long, value_name = "FILE")]
    pub curves: Option<PathBuf>,
    /// Print the page address that opens this session, last.
    #[arg(long = "link")]
    pub link_out: bool,
    /// The page's address for --link.
    #[arg(long, value_name = "URL", default_value = DEFAULT_LINK_BASE, requires = "link_out")]
    pub link_base: String,
    /// Compare's budget sweep at these sizes (comma-separated), with
    /// `frontier`'s code on each panel's points and held-out set, one
    /// ordering, the link's seed: the page's sweep prints the same.
    #[cfg(feature = "kernel")]
    #[arg(long, value_name = "SIZES", value_delimiter = ',')]
    pub frontier: Option<Vec<String>>,
    /// Replay a link from an older version of the page even where its
    /// replay differs from what its author saw (the notice is printed).
    #[arg(long)]
    pub as_today: bool,
}

pub fn replay(args: &ReplayArgs) -> Result<(), String> {
    if let Some(path) = &args.curves {
        crate::output_paths::check_file("--curves", path)?;
    }
    let hash = hash_of(&args.link)?;
    something_to_replay(&hash)?;
    let state = SharedState::parse(&hash).map_err(|e| e.to_string())?;
    crate::link::check_page_keys(&state.extras)?;
    if let Some(notice) = &state.notice {
        if !args.as_today {
            return Err(format!(
                "{notice}\nnothing replayed: --as-today replays it with today's code anyway"
            ));
        }
        crate::std_streams::eprint_line(&format!("note: {notice}"));
    }
    if !state.held(None) {
        return Err("this build leaves out a learner the link runs".into());
    }
    #[allow(unused_mut)]
    let mut pages = open(&hash, &state, args)?;
    #[cfg(feature = "kernel")]
    if let Some(sizes) = &args.frontier {
        let sizes = crate::frontier_data::sizes(sizes)?;
        let lines = crate::replay_frontier::frontier_lines(&mut pages, &sizes)?;
        return crate::std_streams::print_stdout(&lines);
    }
    let extras = page_extras(&pages[0]);
    let state_hash = pages[0].hash(&extras);
    if let Some(path) = &args.curves {
        let csv = crate::replay_output::curves_csv(&pages);
        std::fs::write(path, csv).map_err(|e| format!("--curves {}: {e}", path.display()))?;
    }
    let mut text = match args.json {
        true => format!("{}\n", crate::replay_output::model_json(&pages, &extras)?),
        false => crate::replay_output::summary(&pages),
    };
    if args.link_out {
        text += &format!("{}\n", address(&args.link_base, &state_hash));
    }
    crate::std_streams::print_stdout(&text)
}

/// Refuses a link that names no learner (`algo`) and holds no log: what
/// the page writes always has its learner, so this is not a page's link.
fn something_to_replay(hash: &str) -> Result<(), String> {
    let keys = hash.trim_start_matches('#').split('&');
    let keys: Vec<&str> = keys.map(|p| p.split('=').next().unwrap_or(p)).collect();
    if keys.iter().any(|k| *k == "algo" || *k == "log") {
        return Ok(());
    }
    let shown: String = hash.chars().take(60).collect();
    Err(format!(
        "nothing to replay in '{shown}': a page's link names its learner (algo=) or holds a log (log=); copy the whole address, with its '#...'"
    ))
}

/// The link's panels, each replayed to its end (on the file, if the link
/// waits for one).
fn open(hash: &str, state: &SharedState, args: &ReplayArgs) -> Result<Vec<Page>, String> {
    let learners = panels(&state.extras)?;
    let wanted = state
        .extras
        .iter()
        .find(|(k, _)| k == "file")
        .map(|(_, v)| v.clone());
    let file = match (&wanted, &args.data) {
        (Some(wanted), Some(path)) => Some(read_linked(
            path,
            wanted,
            state.setup.settings.preset.task(),
        )?),
        (Some(wanted), None) => {
            let name = wanted.rsplit_once(':').map_or(wanted.as_str(), |(n, _)| n);
            return Err(format!(
                "the link was made with the data file {name} (fingerprint {}): give it with --data FILE",
                wanted.rsplit_once(':').map_or("", |(_, f)| f)
            ));
        }
        (None, Some(path)) => {
            return Err(format!(
                "--data {}: the link learns from its preset's stream, not from a file",
                path.display()
            ))
        }
        (None, None) => None,
    };
    let mut pages: Vec<Page> = Vec::new();
    for learner in learners {
        let learner = learner
            .map(|name| name.parse::<Algorithm>())
            .transpose()
            .map_err(|e| e.to_string())?;
        let mut page = Page::open(hash, learner).map_err(|e| e.to_string())?;
        if let Some(file) = &file {
            // read_linked checked the name and fingerprint the page compares
            // (its link key), so the page replays the link on this file.
            match pages.first().and_then(|p| p.live().file()) {
                Some(shared) => page.load_shared(shared),
                None => page.load(
                    &file.name,
                    file.task,
                    file.data.clone(),
                    Some(file.fingerprint),
                ),
            }
            .map_err(|e| e.to_string())?;
            while page.replay(u64::MAX).map_err(|e| e.to_string())? > 0 {}
        }
        pages.push(page);
    }
    Ok(pages)
}
