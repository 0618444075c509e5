//! A page's edits: a change of setting checked once and made (see
//! `Session::plan` in edits.rs), and the Theory layer switched on or off.

use super::edits::{Change, Edit, Plan, Planned};
use super::history::History;
use super::page::Page;
use super::replay::Replay;
use crate::error::Result;

impl Page {
    /// Changes one setting (see `Session::plan`); fewer classes than the
    /// points learned hold are refused with a message that says what to
    /// do. A change that learns the samples again leaves them to
    /// [`Page::replay`], a slice at a time (an APSM session of 15,000
    /// samples took two seconds to replay), as an opened link's are; the
    /// link is the new one from now on.
    pub fn set(&mut self, name: &str, text: &str) -> Result<Change> {
        let planned = self.planned.take();
        let session = self.session_mut();
        let plan = match planned {
            Some(p) if p.name == name && p.text == text && p.stamp == session.stamp() => p.plan,
            _ => session.plan(name, text)?,
        };
        match plan {
            Plan::Replay { start, state } => {
                self.session = self.session.restarted_ready(start)?;
                self.history.restart(&self.session);
                self.replay = (!state.log.is_empty()).then(|| Replay::new(*state));
                Ok(Change::Replayed)
            }
            plan => match session.make(plan)? {
                Edit::Done(Change::Restarted) => {
                    self.history = History::new(&self.session);
                    Ok(Change::Restarted)
                }
                Edit::Done(change) => Ok(change),
                Edit::Replay(_) => unreachable!("a replay is made above"),
            },
        }
    }

    /// Switches the Theory layer on or off. On, it covers the learner's
    /// rounds from its start: the session's samples are learned again,
    /// a slice at a time (see [`Page::replay`]), with the layer watching.
    pub fn set_theory(&mut self, on: bool) -> Result<()> {
        let session = self.session_mut();
        if !on || session.theory().is_some() {
            return session.set_theory(on);
        }
        let state = session.shared();
        let mut fresh = session.restarted_ready(session.recording.initial().clone())?;
        fresh.set_theory(true)?;
        self.history = History::new(&fresh);
        self.session = fresh;
        self.replay = (!state.log.is_empty()).then(|| Replay::new(state));
        Ok(())
    }

    /// Whether `set(name, text)` would be accepted; changes nothing but
    /// keeps the plan, which `set` then makes without checking again, and
    /// returns whether the session would then need the full module (with
    /// the page's `extras`, as [`Page::hash`] writes them): the page's
    /// routing question, answered by one check per figure.
    pub fn check_set(&self, name: &str, text: &str, extras: &str) -> Result<bool> {
        let plan = self.session.plan(name, text)?;
        // The planned session's state, not its link read back: no second
        // check of every setting to answer which module it needs.
        let needs_full = Self::joined(self.session.planned_link(&plan), extras).needs_full(None);
        *self.planned.borrow_mut() = Some(Planned {
            name: name.into(),
            text: text.into(),
            stamp: self.session.stamp(),
            plan,
        });
        Ok(needs_full)
    }
}
