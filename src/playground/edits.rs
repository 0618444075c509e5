//! A change of setting from the page. One planning step ([`Session::plan`])
//! checks it once (the one value against its row, then the rules between
//! settings) and decides what it needs: applied live (the model kept),
//! the samples learned again from the start with the new value, or a
//! fresh start (new data). Checking an edit and making it both go
//! through that plan, so a checked edit is applied without a second check.
//! Also: the Theory layer switched on or off.

use super::log::Event;
use super::ready::Ready;
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
    /// New data (another preset): the session started afresh.
    Restarted,
}

/// An edit checked and planned, to be made by [`Session::make`].
#[derive(Clone, Debug)]
pub enum Plan {
    /// A live setting: the event to record and the setup it leads to.
    Live { key: Key, value: f64, next: Ready },
    /// New data (another preset): a session afresh with this setup.
    Restart(Ready),
    /// The same start with the new value: `state` replays from `start`.
    Replay {
        start: Ready,
        state: Box<SharedState>,
    },
}

/// An edit checked on the session of `stamp`.
#[derive(Clone, Debug)]
pub(super) struct Planned {
    pub(super) name: String,
    pub(super) text: String,
    pub(super) stamp: u64,
    pub(super) plan: Plan,
}

impl Session {
    /// Checks a change of one setting from text (the page's controls) and
    /// decides what it needs; changes nothing. A live setting applies
    /// mid-stream and keeps the model; the learner's other settings and
    /// the seed replay the session's samples from the start; a new preset
    /// starts afresh.
    pub fn plan(&self, name: &str, text: &str) -> Result<Plan> {
        let key = Key::from_name(name)?;
        let spec = key.spec();
        if spec.scope == Scope::Cli {
            return Err(Error::Mismatch(
                format!("{name} is not a page setting").into(),
            ));
        }
        // The value is checked once, against the setup it changes. A new
        // seed learns the session again from its start (the points placed
        // or loaded stay; streamed ones are drawn again from the new seed).
        let from = if spec.live || key == Key::Preset {
            &self.current
        } else {
            self.recording.initial()
        };
        let learner = from.learner_settings().with_text(key, text)?;
        if key == Key::Classes {
            self.check_points_fit(learner.classes as usize)?;
        }
        let value = learner.number(key);
        let next = match from.with_learner(learner) {
            Ok(next) => next,
            Err(refused) if from == self.recording.initial() => {
                return self.rebased_plan(key, text).ok_or(refused);
            }
            Err(refused) => return Err(refused),
        };
        Ok(if spec.live {
            Plan::Live { key, value, next }
        } else if key == Key::Preset {
            Plan::Restart(next)
        } else {
            let mut state = self.shared();
            state.setup = super::share::Setup::clone(&next);
            Plan::Replay {
                start: next,
                state: Box::new(state),
            }
        })
    }

    /// A setting that the learner the session started with refuses but
    /// the learner now takes (PA-I cannot learn 3 classes by the
    /// Banditron; the perceptron switched to since can): the samples are
    /// learned again from the first with the learner now and the new
    /// value, the log's learner switches left out. None if that start is
    /// refused too.
    fn rebased_plan(&self, key: Key, text: &str) -> Option<Plan> {
        let start = self
            .recording
            .initial()
            .with_algorithm(self.algorithm())
            .and_then(|ready| ready.with_text(key, text))
            .ok()?;
        let mut state = self.shared().pinned(self.algorithm());
        state.setup = super::share::Setup::clone(&start);
        Some(Plan::Replay {
            start,
            state: Box::new(state),
        })
    }

    /// The link this session would have after the planned edit (Live:
    /// its log with the setting; Restart: a fresh start; Replay: the
    /// link replayed), without the page's own keys.
    pub fn planned_link(&self, plan: &Plan) -> SharedState {
        match plan {
            Plan::Live { key, value, .. } => {
                let mut state = self.shared();
                state.log.push(Event::Set(*key, *value));
                state
            }
            Plan::Restart(next) => SharedState {
                setup: super::share::Setup::clone(next),
                log: super::log::EventLog::default(),
                ..self.shared()
            },
            Plan::Replay { state, .. } => SharedState::clone(state),
        }
    }

    /// Makes a planned edit: a live change or a restart is done; a replay
    /// is returned, for the caller to replay a slice at a time.
    pub fn make(&mut self, plan: Plan) -> Result<Edit> {
        match plan {
            Plan::Live { key, value, next } => {
                self.set_live_checked(key, value, next)?;
                self.recording.push(Event::Set(key, value));
                self.stamp = super::session::next_stamp();
                Ok(Edit::Done(Change::Live))
            }
            Plan::Restart(next) => {
                *self = self.restarted_ready(next)?;
                Ok(Edit::Done(Change::Restarted))
            }
            Plan::Replay { state, .. } => Ok(Edit::Replay(state)),
        }
    }

    /// Changes one setting from text (see [`Session::plan`]), replaying
    /// the samples at once when it needs them learned again.
    pub fn set(&mut self, name: &str, text: &str) -> Result<Change> {
        match self.plan(name, text)? {
            Plan::Replay { start, state } => {
                *self = self.restarted_ready(start)?.replay(&state.log)?;
                Ok(Change::Replayed)
            }
            plan => match self.make(plan)? {
                Edit::Done(change) => Ok(change),
                Edit::Replay(_) => unreachable!("a replay is made above"),
            },
        }
    }

    /// [`Session::set`], except that a change the samples must be learned
    /// again for is returned as the link to replay (its setup with the new
    /// value from the first sample), for the caller to replay a slice at a
    /// time; the session is then unchanged.
    pub fn edit(&mut self, name: &str, text: &str) -> Result<Edit> {
        let plan = self.plan(name, text)?;
        self.make(plan)
    }

    /// Whether `set(name, text)` would be accepted, changing nothing.
    pub fn check_set(&self, name: &str, text: &str) -> Result<()> {
        self.plan(name, text).map(drop)
    }

    /// A mid-stream change of a live setting (the event log's); nothing
    /// changes if refused.
    pub(super) fn set_live(&mut self, key: Key, value: f64) -> Result<()> {
        if !key.spec().live {
            return Err(Error::BadLink(
                format!("{} cannot change mid-stream", key.name()).into(),
            ));
        }
        let next = self.current.with_number(key, value)?;
        self.set_live_checked(key, value, next)
    }

    /// Applies `next`, the current setup with the live `key` changed.
    fn set_live_checked(&mut self, key: Key, value: f64, next: Ready) -> Result<()> {
        debug_assert_eq!(next.settings.number(key), value);
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
