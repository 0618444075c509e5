//! A change of setting from the page: checked by the settings table, then
//! applied live (the model kept), by learning the samples again from the
//! start with the new value, or by starting afresh (new data); and the
//! Theory layer switched on or off.

use super::log::Event;
use super::session::Session;
use super::share::SharedState;
use super::theory_part::TheoryPart;
use crate::error::{Error, Result};
use crate::settings::{Key, Scope};

/// What a change of setting needs (see [`Session::edit`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Done: applied live, or started afresh.
    Done(Change),
    /// The samples are learned again: this link, replayed from its start
    /// (boxed: a link is large next to a `Change`).
    Replay(Box<SharedState>),
}

/// What a change of setting did to the session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// Applied mid-stream: the model was kept.
    Live,
    /// The session replayed its samples from the start with the new value.
    Replayed,
    /// New data (another preset or seed): the session started afresh.
    Restarted,
}

impl Session {
    /// Changes one setting from text (the page's controls), checked by the
    /// settings table. A live setting applies mid-stream and keeps the
    /// model; the learner's other settings replay the session's samples
    /// from the start; a new preset or seed starts afresh.
    pub fn set(&mut self, name: &str, text: &str) -> Result<Change> {
        match self.edit(name, text)? {
            Edit::Done(change) => Ok(change),
            Edit::Replay(state) => {
                *self = self.restarted(state.setup.clone())?.replay(&state.log)?;
                Ok(Change::Replayed)
            }
        }
    }

    /// [`Session::set`], except that a change the samples must be learned
    /// again for is returned as the link to replay (its setup with the new
    /// value from the first sample), for the caller to replay a slice at a
    /// time; the session is then unchanged. Live changes and restarts are
    /// done.
    pub fn edit(&mut self, name: &str, text: &str) -> Result<Edit> {
        let key = Key::from_name(name)?;
        let spec = key.spec();
        if spec.scope == Scope::Cli {
            return Err(Error::Mismatch(format!("{name} is not a page setting")));
        }
        let mut probe = self.current.settings.clone();
        probe.set_text(key, text)?;
        let value = probe.number(key);
        if spec.live {
            self.apply(Event::Set(key, value))?;
            return Ok(Edit::Done(Change::Live));
        }
        let mut setup = self.current.clone();
        setup.settings.set_number(key, value)?;
        if key == Key::Preset || key == Key::Seed {
            *self = self.restarted(setup.with_preset(setup.settings.preset))?;
            return Ok(Edit::Done(Change::Restarted));
        }
        // Same start, same samples, the new value from the first one on
        // (the learner's settings, and the classes and their reduction).
        let mut state = self.shared();
        state.setup.settings.set_number(key, value)?;
        state.setup.validate()?;
        Ok(Edit::Replay(Box::new(state)))
    }

    /// Whether `set(name, text)` would be accepted, changing nothing (so a
    /// page with several sessions can check every one before changing any).
    pub fn check_set(&self, name: &str, text: &str) -> Result<()> {
        let key = Key::from_name(name)?;
        if key.spec().scope == Scope::Cli {
            return Err(Error::Mismatch(format!("{name} is not a page setting")));
        }
        let mut next = self.current.clone();
        next.settings.set_text(key, text)?;
        if key == Key::Preset {
            next = next.with_preset(next.settings.preset);
        }
        next.validate()
    }

    /// A mid-stream change of a live setting; nothing changes if refused.
    pub(super) fn set_live(&mut self, key: Key, value: f64) -> Result<()> {
        if !key.spec().live {
            return Err(Error::BadLink(format!(
                "{} cannot change mid-stream",
                key.name()
            )));
        }
        let mut next = self.current.clone();
        next.settings.set_number(key, value)?;
        next.validate()?;
        self.model.retune(&next)?;
        self.feed.set_label_noise(next.settings.noise)?;
        // The last update was made with the value before: the explanation
        // would fill its rule with the new one.
        self.current = next;
        if key.spec().scope == Scope::Learner {
            self.last = None;
            self.restart_theory(true)?;
        }
        Ok(())
    }

    /// Switches the Theory layer on (over the rounds from now: the page
    /// replays the session to cover them all, see `Page::set_theory`) or off.
    pub fn set_theory(&mut self, on: bool) -> Result<()> {
        self.theory = match (on, self.theory.take()) {
            (false, _) => None,
            (true, Some(part)) => Some(part),
            (true, None) => Some(TheoryPart::new(&self.current, self.on_plane())?),
        };
        Ok(())
    }

    /// The Theory layer, when it is on.
    pub fn theory(&self) -> Option<&TheoryPart> {
        self.theory.as_ref()
    }

    pub fn theory_mut(&mut self) -> Option<&mut TheoryPart> {
        self.theory.as_mut()
    }

    /// The layer starts afresh with the learner (at w = 0), or goes on
    /// from its weights (`warm`: a mid-stream switch or retune).
    pub(super) fn restart_theory(&mut self, warm: bool) -> Result<()> {
        if self.theory.is_some() {
            let (setup, on_plane) = (&self.current, self.on_plane());
            self.theory = Some(if warm {
                TheoryPart::warm(setup, on_plane, self.progress().samples)?
            } else {
                TheoryPart::new(setup, on_plane)?
            });
        }
        Ok(())
    }
}
