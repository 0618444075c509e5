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
    /// (samples, the session after them), by samples; the first at 0.
    checkpoints: Vec<(u64, Session)>,
    spacing: u64,
    /// Learning time since the last checkpoint, in ms.
    work: f64,
}

impl Timeline {
    /// A timeline from `start`, a session that has learned nothing yet.
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

    /// Starts again from `live`'s start when `live` is no longer the
    /// session the checkpoints were taken of (cleared, learned again with
    /// another setting, another file); returns whether it did.
    pub fn follow(&mut self, live: &Session) -> Result<bool> {
        let last = &self.checkpoints.last().expect("never empty").1;
        if last.recording.continues_into(&live.recording) {
            return Ok(false);
        }
        *self = Self::new(&live.restarted_ready(live.recording.initial().clone())?);
        Ok(true)
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

    /// The state after sample `t` of `live`'s log.
    pub fn at(&self, live: &Session, t: u64) -> Result<Session> {
        let total = live.recording.log().samples();
        if t > total {
            return Err(Error::BadLink(
                format!("the session has {total} samples: no sample {t}").into(),
            ));
        }
        let (_, from) = self
            .checkpoints
            .iter()
            .rev()
            .find(|(samples, _)| *samples <= t)
            .expect("the first checkpoint is at 0");
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

/// `session`, whose log is a prefix of `log` (its last step perhaps only
/// part of `log`'s), with `log`'s events after it applied up to sample `t`.
pub fn replay_to(mut session: Session, log: &EventLog, t: u64) -> Result<Session> {
    let done = session.recording.log().events().to_vec();
    let events = log.events();
    let mut at = session.recording.log().samples();
    let mut rest: Vec<Event> = Vec::new();
    if let (Some(last), Some(whole)) = (done.last(), events.get(done.len().wrapping_sub(1))) {
        if last != whole {
            // A step the checkpoint took only part of: its remainder first.
            rest.push(whole.with_samples(whole.samples() - last.samples()));
        }
    }
    rest.extend_from_slice(events.get(done.len()..).unwrap_or(&[]));
    for event in rest {
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
