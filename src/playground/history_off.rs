//! A build without the timeline (the page's first module): the page shows
//! the live session, no checkpoints are kept and no past can be looked at.
//! Keeping copies of a session compiles every learner's copying code into
//! the module (7 KB gzip, measured), so the page loads its full module on
//! the timeline's first use, or for a link with a fork (`was=`), and
//! replays the session there (www/js/timeline.js).

use super::curves::Curves;
use super::log::EventLog;
use super::session::Session;
use crate::error::{Error, Result};

#[derive(Clone, Debug)]
pub struct History;

impl History {
    pub fn new(_: &Session) -> Self {
        Self
    }
    pub fn restart(&mut self, _: &Session) {}
    pub fn shown<'a>(&'a self, live: &'a Session) -> &'a Session {
        live
    }
    pub fn shown_mut<'a>(&'a mut self, live: &'a mut Session) -> &'a mut Session {
        live
    }
    /// Counted from where the learner last started afresh, as the status
    /// and the full module's timeline (history.rs) count them.
    pub fn position(&self, live: &Session) -> (u64, u64) {
        let (_, origin) = live.learner_start();
        let total = live.recording.log().samples().saturating_sub(origin);
        (total, total)
    }
    pub fn seek(&mut self, _: &Session, _: u64) -> Result<()> {
        Err(Error::Mismatch(
            "the timeline is in the page's full module, which is not loaded".into(),
        ))
    }
    pub fn before_action(&mut self, _: &mut Session) -> Result<()> {
        Ok(())
    }
    pub fn learned(&mut self, _: &Session, _: f64) -> Result<()> {
        Ok(())
    }
    pub fn original(&self) -> Option<&(EventLog, Curves)> {
        None
    }
    /// A link with a fork needs the full module (wasm.js `needsFull`):
    /// here its original run is not replayed.
    pub fn replay_original(&mut self, _: super::share::SharedState) -> Result<()> {
        Ok(())
    }
    pub fn step_original(
        &mut self,
        _: u64,
        _: u64,
        _: &mut impl FnMut() -> bool,
    ) -> Result<Option<u64>> {
        Ok(None)
    }
    pub fn original_progress(&self) -> Option<(u64, u64)> {
        None
    }
    pub fn checkpoints(&self) -> usize {
        0
    }
}
