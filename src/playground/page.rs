//! What the page keeps around one session: the page's own keys from the
//! link it opened (speed, view...), a link that waits for its data file,
//! the notice an older link brings, and the session's history (the
//! timeline's checkpoints, the state looked at, a fork's original run).
//! The wasm handle wraps this.

use super::curves::Curves;
use super::edits::Planned;
use super::history::History;
use super::log::EventLog;
use super::replay::Replay;
use super::session::Session;
use super::share::SharedState;
use super::source::FileSource;
use crate::data::Dataset;
use crate::error::{Code, Message, Result};
use crate::learner::Task;
use crate::msg;
use crate::registry::Algorithm;
use std::cell::RefCell;

#[derive(Clone, Debug)]
pub struct Page {
    pub(super) session: Session,
    /// The page's keys read from the link (without `file`).
    extras: Vec<(String, String)>,
    /// A link made while learning from a file: replayed once the reader
    /// loads that file.
    pending: Option<SharedState>,
    /// The opened link's log, while it is still being replayed.
    pub(super) replay: Option<Replay>,
    notice: Option<Message>,
    pub(super) history: History,
    /// The last edit checked ([`Page::check_set`]): made by [`Page::set`]
    /// without a second check while the session is as it was then (a
    /// Compare edit is checked on every panel before any changes).
    pub(super) planned: RefCell<Option<Planned>>,
}

/// The `was=` key of a link: the run before its fork.
const WAS: &str = "was";

impl Page {
    /// Opens a link. With `learner`, that learner runs the link's samples
    /// from the start, whatever learners the link switched between (a
    /// Compare panel).
    pub fn open(hash: &str, learner: Option<Algorithm>) -> Result<Self> {
        let mut page = Self::opening(hash, learner)?;
        page.finish_replay()?;
        Ok(page)
    }

    /// Opens a link without replaying its log yet: [`Page::replay`] does
    /// that a slice at a time (see [`Replay`]).
    pub fn opening(hash: &str, learner: Option<Algorithm>) -> Result<Self> {
        let mut state = SharedState::parse(hash)?;
        if let Some(algorithm) = learner {
            state = state.pinned(algorithm);
        }
        let notice = state.notice.clone();
        let extras: Vec<_> = state
            .extras
            .iter()
            .filter(|(k, _)| k != "file" && k != WAS)
            .cloned()
            .collect();
        let mut session = Session::new(state.setup.clone())?;
        // `theory=1`: the Theory layer is on, over every round replayed.
        session.set_theory(extras.iter().any(|(k, v)| k == "theory" && v == "1"))?;
        let mut history = History::new(&session);
        if let Some((_, was)) = state.extras.iter().find(|(k, _)| k == WAS) {
            let mut before = state.clone();
            before.log = EventLog::decode(was)?;
            history.replay_original(before)?;
        }
        if state.extras.iter().any(|(k, _)| k == "file") {
            // The log's samples came from a file the link does not hold:
            // start from the setup and wait for the file.
            return Ok(Self {
                session,
                extras,
                pending: Some(state),
                replay: None,
                notice,
                history,
                planned: RefCell::new(None),
            });
        }
        Ok(Self {
            session,
            extras,
            pending: None,
            replay: (!state.log.is_empty()).then(|| Replay::new(state)),
            notice,
            history,
            planned: RefCell::new(None),
        })
    }

    /// Replays up to `budget` units of the opened link's log (samples, or
    /// one per other event); returns the work left (0: done). An event the
    /// session refuses ends the replay with its error.
    pub fn replay(&mut self, budget: u64) -> Result<u64> {
        self.replay_while(budget, budget, || true)
    }

    /// [`Page::replay`], asking `more()` every `chunk` units whether to go on.
    pub fn replay_while(
        &mut self,
        budget: u64,
        chunk: u64,
        more: impl FnMut() -> bool,
    ) -> Result<u64> {
        let mut more = more;
        // A fork's original run first (its curves are drawn beside these).
        if let Some(left) = self.history.step_original(budget, chunk, &mut more)? {
            return Ok(left + self.replay.as_ref().map_or(0, |r| r.progress().1));
        }
        let Some(replay) = &mut self.replay else {
            return Ok(0);
        };
        // `&mut more` as above: one instance of the replay loop, not two.
        let stepped = replay.step_while(&mut self.session, budget, chunk, &mut more);
        let (done, total) = replay.progress();
        if stepped.is_err() || replay.finished() {
            self.replay = None;
        }
        self.history.learned(&self.session, 0.0)?;
        stepped.map(|()| total - done)
    }

    /// Work done and in all of the replay under way ((0, 0) when none),
    /// a fork's original run counted in.
    pub fn replay_progress(&self) -> (u64, u64) {
        let (done, total) = self.replay.as_ref().map_or((0, 0), Replay::progress);
        match self.history.original_progress() {
            Some((d, t)) => (d, t + total),
            None => (done, total),
        }
    }

    fn finish_replay(&mut self) -> Result<()> {
        while self.replay(u64::MAX)? > 0 {}
        Ok(())
    }

    /// The session the page shows: the state looked at on the timeline,
    /// or the live one.
    pub fn session(&self) -> &Session {
        self.history.shown(&self.session)
    }

    /// The live session, whatever the timeline shows (its curves are
    /// drawn whole, with a marker at the sample looked at).
    pub fn live(&self) -> &Session {
        &self.session
    }

    /// The session, to act on: acting answers a link's wait for its file
    /// (from now on the link is this session's own), and while the
    /// timeline looks back, forks there (see history.rs).
    pub fn session_mut(&mut self) -> &mut Session {
        self.pending = None;
        // Acting mid-replay (the page waits for it; a caller that does not)
        // finishes the replay first, so the action lands after the log.
        if self.finish_replay().is_err() {
            self.replay = None;
        }
        if self.history.before_action(&mut self.session).is_err() {
            // The timeline could not follow (it cannot happen: its start
            // is rebuilt from a setup the session was built from): start
            // the history afresh rather than show a wrong past.
            self.history = History::new(&self.session);
        }
        &mut self.session
    }

    /// The session shown, for what reads it through caches (the Theory
    /// layer's report) without changing what a link records.
    pub fn session_scoring(&mut self) -> &mut Session {
        self.history.shown_mut(&mut self.session)
    }

    /// Looks at the state after sample `t` (at the end: the live session).
    pub fn seek(&mut self, t: u64) -> Result<()> {
        self.finish_replay()?;
        self.history.seek(&self.session, t)
    }

    /// The sample the page shows and the samples in all.
    pub fn position(&self) -> (u64, u64) {
        self.history.position(&self.session)
    }

    /// Counts `ms` of learning towards the timeline's next checkpoint.
    pub fn worked(&mut self, ms: f64) {
        let _ = self.history.learned(&self.session, ms);
    }

    /// The run before the last fork: its curves, drawn faded.
    pub fn original_curves(&self) -> Option<&Curves> {
        self.history.original().map(|(_, curves)| curves)
    }

    /// Checkpoints the timeline keeps.
    pub fn checkpoints(&self) -> usize {
        self.history.checkpoints()
    }

    /// The hash that rebuilds this session; `extras` ("k=v&k=v") are the
    /// page's own keys, appended when they are safe.
    pub fn hash(&self, extras: &str) -> String {
        let state = match (&self.pending, &self.replay) {
            // Not loaded or not replayed yet: the link stays the one opened.
            (Some(pending), _) => pending.clone(),
            (None, Some(replay)) => replay.state().clone(),
            (None, None) => {
                let mut state = self.session.shared();
                if let Some((log, _)) = self.history.original() {
                    state.extras.push((WAS.into(), log.encode()));
                }
                state
            }
        };
        self.with_extras(state, extras)
    }

    /// `state`'s link with the page's `extras` ("k=v&k=v") appended where
    /// they are safe: its file and a fork's original stay its own.
    pub(super) fn with_extras(&self, state: SharedState, extras: &str) -> String {
        Self::joined(state, extras).to_hash()
    }

    /// `state` with the page's keys `extras` (a file and a fork's origin kept).
    pub(super) fn joined(mut state: SharedState, extras: &str) -> SharedState {
        state.extras.retain(|(k, _)| k == "file" || k == WAS);
        state.extras.extend(SharedState::page_keys(extras));
        state
    }

    /// The page's keys read from the link, as "k=v&k=v".
    pub fn extras(&self) -> String {
        let pairs: Vec<String> = self
            .extras
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        pairs.join("&")
    }

    /// What an older link's replay cannot promise, if anything.
    pub fn notice(&self) -> Option<&Message> {
        self.notice.as_ref()
    }

    /// The file a link was made with, as `name:fingerprint`, while it has
    /// not been loaded.
    pub fn pending_file(&self) -> Option<&str> {
        let pending = self.pending.as_ref()?;
        pending
            .extras
            .iter()
            .find(|(k, _)| k == "file")
            .map(|(_, v)| v.as_str())
    }

    /// Forgets the pending link's file (the reader chose not to load it).
    pub fn drop_pending_file(&mut self) {
        self.pending = None;
    }

    /// Learns from a loaded file from now on. A link waiting for exactly
    /// this file (same name and contents) is replayed on it. Returns a note
    /// for the reader, if there is one. `fingerprint`, when the caller
    /// knows it (the page's worker computed it off the main thread), saves
    /// hashing the data.
    pub fn load(
        &mut self,
        name: &str,
        task: Task,
        data: Dataset,
        fingerprint: Option<u64>,
    ) -> Result<Option<Message>> {
        let mut file = FileSource::new(name, data, task)?;
        if let Some(fingerprint) = fingerprint {
            file = file.with_fingerprint(fingerprint);
        }
        self.attach(file)
    }

    /// Learns from a file another page already holds, sharing its data
    /// (Compare's panels: one copy of a 45 MB file, not one per panel).
    pub fn load_shared(&mut self, file: &FileSource) -> Result<Option<Message>> {
        let mut file = file.clone();
        file.rewind();
        self.attach(file)
    }

    fn attach(&mut self, file: FileSource) -> Result<Option<Message>> {
        let name = file.name.clone();
        let Some(state) = self.pending.take() else {
            return self.load_file(file);
        };
        let wanted = state
            .extras
            .iter()
            .find(|(k, _)| k == "file")
            .map(|(_, v)| v.clone());
        if wanted.as_deref() == Some(file.link_key().as_str()) {
            // Replayed a slice at a time, as an opened link is.
            let theory = self.session.theory().is_some();
            self.session = Session::with_file(state.setup.clone(), file)?;
            self.session.set_theory(theory)?;
            self.history = History::new(&self.session);
            self.replay = (!state.log.is_empty()).then(|| Replay::new(state));
            return Ok(Some(msg!(Code::ReplayedOnFile, file = name)));
        }
        let note = self.load_file(file)?;
        let wanted_name = wanted
            .as_deref()
            .and_then(|w| w.rsplit_once(':'))
            .map_or("", |(n, _)| n);
        let afresh = msg!(Code::NotTheFile, file = name, wanted = wanted_name);
        Ok(Some(match note {
            Some(note) => msg!(Code::Notices, first = afresh, then = note),
            None => afresh,
        }))
    }

    fn load_file(&mut self, file: FileSource) -> Result<Option<Message>> {
        let note = self.session.load_file(file)?;
        self.history = History::new(&self.session);
        Ok(note)
    }

    /// Back to the preset's stream.
    pub fn unload_file(&mut self) -> Result<()> {
        self.pending = None;
        self.session.unload_file()?;
        self.history = History::new(&self.session);
        Ok(())
    }

    /// Clears the plane (see [`Session::clear`]): the timeline starts again.
    pub fn clear(&mut self) {
        self.session_mut().clear();
        self.history = History::new(&self.session);
    }
}

#[cfg(test)]
#[path = "page_tests.rs"]
mod tests;
