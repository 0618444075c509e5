//! A session's past, for the page's timeline: the checkpoints that make
//! any sample t quick to look at ([`Timeline`]), the state shown while
//! the reader looks back, and the run a fork left behind.
//!
//! Looking back changes nothing. Acting while looking back forks: the
//! session goes on from the state shown, its log cut at t, and the run
//! before the fork is kept, its log for the link (`was=`) and its curves,
//! which the page draws faded beside the new ones.

use super::curves::Curves;
use super::log::EventLog;
use super::replay::Replay;
use super::session::Session;
use super::share::SharedState;
use super::timeline::Timeline;
use crate::error::{Error, Result};

#[derive(Clone, Debug)]
pub struct History {
    timeline: Timeline,
    /// The state after sample t, shown instead of the live session.
    view: Option<(u64, Session)>,
    /// The run before the last fork: its log and its curves.
    original: Option<(EventLog, Curves)>,
    /// A link's run before its fork (`was=`), while it is replayed.
    replaying: Option<(Session, Replay)>,
}

impl History {
    /// A session learned again from `start` (a setting that applies from
    /// the first sample): its past starts afresh, a fork's original stays.
    pub fn restart(&mut self, start: &Session) {
        let original = self.original.take();
        *self = Self::new(start);
        self.original = original;
    }

    /// The history of `start`, a session that has learned nothing yet.
    pub fn new(start: &Session) -> Self {
        Self {
            timeline: Timeline::new(start),
            view: None,
            original: None,
            replaying: None,
        }
    }

    /// A link's run before its fork, to replay (`Page::replay` steps it
    /// before the link's own run) for its curves.
    pub fn replay_original(&mut self, before: SharedState) -> Result<()> {
        self.replaying = Some((Session::new(before.setup.clone())?, Replay::new(before)));
        Ok(())
    }

    /// Steps that replay; returns the work it has left, or None when it
    /// is done (or there is none).
    pub fn step_original(
        &mut self,
        budget: u64,
        chunk: u64,
        more: &mut impl FnMut() -> bool,
    ) -> Result<Option<u64>> {
        let Some((before, replay)) = &mut self.replaying else {
            return Ok(None);
        };
        let stepped = replay.step_while(before, budget, chunk, more);
        if stepped.is_ok() && !replay.finished() {
            let (done, total) = replay.progress();
            return Ok(Some(total - done));
        }
        let (before, replay) = self.replaying.take().expect("stepped above");
        stepped?;
        self.original = Some((replay.state().log.clone(), before.curves().clone()));
        Ok(None)
    }

    /// [done, all] of that replay, while it runs.
    pub fn original_progress(&self) -> Option<(u64, u64)> {
        self.replaying.as_ref().map(|(_, r)| r.progress())
    }

    /// What the page shows: the state looked at, or the live session.
    pub fn shown<'a>(&'a self, live: &'a Session) -> &'a Session {
        self.view.as_ref().map_or(live, |(_, s)| s)
    }

    pub fn shown_mut<'a>(&'a mut self, live: &'a mut Session) -> &'a mut Session {
        match &mut self.view {
            Some((_, s)) => s,
            None => live,
        }
    }

    /// The sample looked at and the samples in all (the same while live),
    /// counted from where the learner last started afresh, as the status
    /// counts them.
    pub fn position(&self, live: &Session) -> (u64, u64) {
        let (_, origin) = live.learner_start();
        let total = live.recording.log().samples();
        let at = self.view.as_ref().map_or(total, |(t, _)| *t);
        (at.saturating_sub(origin), total.saturating_sub(origin))
    }

    /// Looks at the state after sample `t` (counted as [`History::position`]
    /// counts; `t` at the end: live again).
    pub fn seek(&mut self, live: &Session, t: u64) -> Result<()> {
        self.follow(live)?;
        let (_, total) = self.position(live);
        if t > total {
            return Err(Error::BadSample(
                format!("the session has {total} samples: there is no sample {t} to look at")
                    .into(),
            ));
        }
        let t = t + self.timeline.origin();
        self.view = if t == live.recording.log().samples() {
            None
        } else {
            let mut state = self.timeline.at(live, t)?;
            // The Theory layer switched off since: not in the past either.
            if live.theory().is_none() {
                state.set_theory(false)?;
            }
            Some((t, state))
        };
        Ok(())
    }

    /// Before an action on `live`: while looking back, the session forks
    /// at the state shown; then a checkpoint is kept if one is due.
    pub fn before_action(&mut self, live: &mut Session) -> Result<()> {
        self.follow(live)?;
        if let Some((t, state)) = self.view.take() {
            self.original = Some((live.recording.log().clone(), live.curves().clone()));
            *live = state;
            self.timeline.truncate(t);
        }
        self.timeline.keep(live);
        Ok(())
    }

    /// After learning that took `ms` (a replay's slice): a checkpoint if due.
    pub fn learned(&mut self, live: &Session, ms: f64) -> Result<()> {
        self.timeline.worked(ms);
        self.follow(live)?;
        self.timeline.keep(live);
        Ok(())
    }

    /// The run before the last fork, if any: its log and curves.
    pub fn original(&self) -> Option<&(EventLog, Curves)> {
        self.original.as_ref()
    }

    /// A session that is not the one the history was of (cleared, learned
    /// again with another setting, another file): its past starts afresh,
    /// and a fork's original is no longer its own.
    fn follow(&mut self, live: &Session) -> Result<()> {
        if self.timeline.follow(live)? {
            self.view = None;
            self.original = None;
        }
        Ok(())
    }

    /// Checkpoints kept (memory: about this many copies of the session).
    pub fn checkpoints(&self) -> usize {
        self.timeline.count()
    }
}
