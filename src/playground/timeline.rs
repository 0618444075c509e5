//! The timeline: the session's exact state after any sample t. The state
//! after sample t is the session's start with the log's events applied
//! up to and including sample t (a step that crosses t split there; a
//! setting changed, a point erased or a learner switched after sample t
//! left out). Replaying the whole log for each look would take seconds
//! on a long kernel session, so copies of the session (checkpoints) are
//! kept as it goes, and a look replays from the nearest one before t:
//! the same state to the bit, since learning a step of n samples as k
//! then n − k is the same session.
//!
//! The timeline begins where the learner last started afresh (a Reset,
//! or a switch that could not carry the model over): its samples are
//! numbered from there, as the status counts them, and what came before
//! the restart is not stepped through.
//!
//! Checkpoints are due every `spacing` samples or after `WORK_MS` of
//! learning since the last, whichever comes first (a kernel learner's
//! samples cost a thousand times a linear one's); past `MAX_CHECKPOINTS`
//! every other is dropped and the spacing doubles, so memory stays within
//! that many copies of the session whatever its length.

use super::curves::Series;
use super::feed::Borrowed;
use super::log::{Event, EventLog};
use super::session::Session;
use crate::error::{Error, Result};

/// The most checkpoints kept (the first, at sample 0, always stays).
pub const MAX_CHECKPOINTS: usize = 64;
/// A checkpoint after this much learning time since the last (the page
/// passes the time its calls took, and cuts a long step into pieces of
/// about this long), so a look replays about this long: eight Compare
/// panels then take about a tenth of a second.
pub const WORK_MS: f64 = 12.0;
const FIRST_SPACING: u64 = 2_000;

#[derive(Clone, Debug)]
pub struct Timeline {
    /// (samples, the session after them), by samples; the first at the
    /// learner's start.
    checkpoints: Vec<(u64, Session)>,
    spacing: u64,
    /// Learning time since the last checkpoint, in ms.
    work: f64,
}

impl Timeline {
    /// A timeline from `start`, a session whose learner has learned
    /// nothing yet since it last started.
    pub fn new(start: &Session) -> Self {
        Self {
            checkpoints: vec![(start.recording.log().samples(), start.clone())],
            spacing: FIRST_SPACING,
            work: 0.0,
        }
    }

    /// Counts `ms` of learning (the page's clock; natively none is passed).
    pub fn worked(&mut self, ms: f64) {
        if ms.is_finite() && ms > 0.0 {
            self.work += ms;
        }
    }

    /// Starts again from `live`'s learner's start when `live` is no
    /// longer the session the checkpoints were taken of (cleared, learned
    /// again with another setting, another file) or its learner started
    /// afresh since; returns whether it did.
    pub fn follow(&mut self, live: &Session) -> Result<bool> {
        let first = &self.checkpoints[0].1;
        let last = &self.checkpoints.last().expect("never empty").1;
        let continues = last.recording.continues_into(&live.recording);
        if continues && first.learner_start() == live.learner_start() {
            return Ok(false);
        }
        let (events, _) = live.learner_start();
        // The latest copy from before the restart, else the very start.
        let before = self
            .checkpoints
            .iter()
            .rev()
            .find(|(_, c)| c.recording.log().events().len() <= events)
            .filter(|_| continues);
        let from = match before {
            Some((_, checkpoint)) => checkpoint.clone(),
            None => live.restarted_ready(live.recording.initial().clone())?,
        };
        *self = Self::new(&replay_events(from, live.recording.log(), events)?);
        Ok(true)
    }

    /// The sample the timeline begins at: where the learner last started.
    pub fn origin(&self) -> u64 {
        self.checkpoints[0].0
    }

    /// Keeps a copy of `live` when one is due.
    pub fn keep(&mut self, live: &Session) {
        let samples = live.recording.log().samples();
        let last = self.checkpoints.last().map_or(0, |c| c.0);
        if samples <= last || (samples - last < self.spacing && self.work < WORK_MS) {
            return;
        }
        self.checkpoints.push((samples, live.clone()));
        self.work = 0.0;
        if self.checkpoints.len() > MAX_CHECKPOINTS {
            // Keep the first and every other one after it.
            let mut k = 0;
            self.checkpoints.retain(|_| {
                k += 1;
                k % 2 == 1
            });
            self.spacing *= 2;
        }
    }

    /// Checkpoints kept, for the README's memory figure and the tests.
    pub fn count(&self) -> usize {
        self.checkpoints.len()
    }

    /// The state after sample `t` of `live`'s log (from the timeline's
    /// origin on).
    pub fn at(&self, live: &Session, t: u64) -> Result<Session> {
        let total = live.recording.log().samples();
        if t > total || t < self.origin() {
            return Err(Error::BadLink(
                format!(
                    "the session has samples {} to {total}: no sample {t}",
                    self.origin()
                )
                .into(),
            ));
        }
        let (_, from) = self
            .checkpoints
            .iter()
            .rev()
            .find(|(samples, _)| *samples <= t)
            .expect("the first checkpoint is at the origin");
        // The held-out scores on the way are the live session's (a replay
        // on its path computes the same): a kernel learner's took a third
        // of a look's time, its cached columns gone from the checkpoint.
        let mut from = from.clone();
        let curves = live.scoreboard.curves();
        from.feed.borrow(Some(Borrowed {
            generation: live.scoreboard.generation(),
            samples: curves.series(Series::Samples).to_vec(),
            scores: curves.series(Series::Test).to_vec(),
        }));
        let mut state = replay_to(from, live.recording.log(), t)?;
        state.feed.borrow(None);
        Ok(state)
    }

    /// Forgets the checkpoints after sample `t` (the session forks there).
    pub fn truncate(&mut self, t: u64) {
        self.checkpoints.retain(|(samples, _)| *samples <= t);
        self.work = 0.0;
    }
}

/// `log`'s events that `session`, whose log is a prefix of `log` (its
/// last step perhaps only part of `log`'s), has not made yet, each with
/// its index in `log`.
fn rest_of(session: &Session, log: &EventLog) -> Vec<(usize, Event)> {
    let done = session.recording.log().events();
    let events = log.events();
    let mut rest = Vec::new();
    if let (Some(last), Some(whole)) = (done.last(), events.get(done.len().wrapping_sub(1))) {
        if last != whole {
            // A step the checkpoint took only part of: its remainder first.
            rest.push((
                done.len() - 1,
                whole.with_samples(whole.samples() - last.samples()),
            ));
        }
    }
    let after = events.get(done.len()..).unwrap_or(&[]);
    rest.extend(
        after
            .iter()
            .cloned()
            .enumerate()
            .map(|(i, e)| (done.len() + i, e)),
    );
    rest
}

/// `session` (as in [`rest_of`]) with `log`'s events before index `end`
/// applied: the state just after event `end - 1`.
fn replay_events(mut session: Session, log: &EventLog, end: usize) -> Result<Session> {
    for (_, event) in rest_of(&session, log).into_iter().filter(|(i, _)| *i < end) {
        session.apply(event)?;
    }
    Ok(session)
}

/// `session` (as in [`rest_of`]) with `log`'s events after it applied up
/// to sample `t`.
pub fn replay_to(mut session: Session, log: &EventLog, t: u64) -> Result<Session> {
    let mut at = session.recording.log().samples();
    for (_, event) in rest_of(&session, log) {
        let n = event.samples();
        if at >= t {
            break; // what happened after sample t is not part of it
        }
        if n == 0 {
            session.apply(event)?;
            continue;
        }
        let take = n.min(t - at);
        session.apply(event.with_samples(take))?;
        at += take;
    }
    Ok(session)
}
