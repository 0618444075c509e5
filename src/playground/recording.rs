//! What a link holds of a session: the setup it started from (at its last
//! Clear) and every event since, in order. Replaying them rebuilds the
//! session bit for bit.

use super::log::{Event, EventLog};
use super::ready::Ready;
use super::share::{Setup, SharedState};
use crate::data::class_index;

#[derive(Clone, Debug)]
pub struct Recording {
    initial: Ready,
    log: EventLog,
}

impl Recording {
    pub fn new(initial: Ready) -> Self {
        Self {
            initial,
            log: EventLog::default(),
        }
    }

    pub fn push(&mut self, event: Event) {
        self.log.push(event);
    }

    pub fn log(&self) -> &EventLog {
        &self.log
    }

    /// The setup it started from, checked.
    pub fn initial(&self) -> &Ready {
        &self.initial
    }

    /// Whether `later` is this recording gone on: the same start, and this
    /// log a prefix of its log (the last step perhaps grown since).
    #[cfg(feature = "timeline")]
    pub fn continues_into(&self, later: &Recording) -> bool {
        let (mine, theirs) = (self.log.events(), later.log.events());
        if self.initial != later.initial || mine.len() > theirs.len() {
            return false;
        }
        let Some((last, before)) = mine.split_last() else {
            return true;
        };
        let whole = &theirs[mine.len() - 1];
        before == &theirs[..before.len()]
            && (last == whole
                || matches!((last, whole), (Event::Stream(a), Event::Stream(b)) | (Event::Epochs(a), Event::Epochs(b)) if a <= b))
    }

    /// The link: the starting setup, the log, and the page's `extras`.
    pub fn shared(&self, extras: Vec<(String, String)>) -> SharedState {
        SharedState {
            setup: Setup::clone(&self.initial),
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
