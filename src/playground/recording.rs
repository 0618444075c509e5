//! What a link holds of a session: the setup it started from (at its last
//! Clear) and every event since, in order. Replaying them rebuilds the
//! session bit for bit.

use super::log::{Event, EventLog};
use super::share::{Setup, SharedState};
use crate::data::class_index;

#[derive(Clone, Debug)]
pub struct Recording {
    initial: Setup,
    log: EventLog,
}

impl Recording {
    pub fn new(initial: Setup) -> Self {
        Self {
            initial,
            log: EventLog::default(),
        }
    }

    pub fn push(&mut self, event: Event) {
        self.log.push(event);
    }

    /// The link: the starting setup, the log, and the page's `extras`.
    pub fn shared(&self, extras: Vec<(String, String)>) -> SharedState {
        SharedState {
            setup: self.initial.clone(),
            log: self.log.clone(),
            extras,
            notice: None,
        }
    }

    /// The highest class index among the points learned since the plane
    /// was last emptied (erased ones included: the learner learned them).
    pub fn highest_class(&self) -> Option<usize> {
        self.log
            .events()
            .iter()
            .filter_map(|event| match event {
                Event::Point { label, .. } => class_index(*label as f64),
                _ => None,
            })
            .max()
    }
}
