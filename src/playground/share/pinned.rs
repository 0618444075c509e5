//! Compare's panels: a shared session run by one learner from the start,
//! on the very same samples, whatever learners the session switched
//! between. Settings are the session's where the panel's learner takes
//! them; where it refuses one (AROW's bias cannot be decoupled, the
//! choice a learner switch on the page gives way on too), the panel keeps
//! a value it takes, and its notice says which and why.

use super::{Setup, SharedState};
use crate::error::{Code, Message};
use crate::msg;
use crate::playground::log::{Event, EventLog};
use crate::registry::{check, Algorithm};

impl SharedState {
    /// The same session run by `algorithm` from the start: the log's data
    /// (stream steps, points, erasures, setting changes) without its
    /// learner switches. A choice of the start that `algorithm` refuses
    /// gives way to the first it takes; a setting change it refuses is
    /// left out of its run (the panel keeps the value it had, where
    /// replaying the change would stop it); the notice says so.
    pub fn pinned(&self, algorithm: Algorithm) -> SharedState {
        let mut pinned = self.clone();
        pinned.setup.algorithm = algorithm;
        let mut refused = give_way(&mut pinned.setup);
        // The settings as the pinned learner's run reaches each change
        // (None: its start is still refused, and opening the panel says why).
        let mut ready = pinned.setup.clone().ready().ok();
        let mut log = EventLog::default();
        for event in self.log.events() {
            match (event, &ready) {
                (Event::Algorithm(_), _) => continue,
                (Event::Set(key, value), Some(now)) => match now.with_number(*key, *value) {
                    Ok(next) => ready = Some(next),
                    Err(why) => {
                        refused.push(why.message());
                        continue;
                    }
                },
                _ => {}
            }
            log.push(event.clone());
        }
        pinned.log = log;
        if !refused.is_empty() {
            let kept = msg!(Code::PanelKept, learner = algorithm.label(), why = refused);
            pinned.notice = Some(match pinned.notice.take() {
                Some(notice) => msg!(Code::Notices, first = notice, then = kept),
                None => kept,
            });
        }
        pinned
    }
}

/// Gives each choice of `setup` that its learner refuses the first word it
/// takes (as the page's learner switch does, `replacements` in
/// www/js/catalogue.js); returns why each was refused.
fn give_way(setup: &mut Setup) -> Vec<Message> {
    let algorithm = setup.algorithm;
    let mut refused = Vec::new();
    for &key in (algorithm.info().reads)(&setup.settings) {
        let spec = key.spec();
        let Err(why) = check(algorithm, &setup.settings) else {
            break;
        };
        let takes = |word: &str| {
            let mut settings = setup.settings.clone();
            settings.set(spec.name, word).is_ok() && check(algorithm, &settings).is_ok()
        };
        if spec.words.is_empty() || takes(setup.settings.text(key).as_str()) {
            continue;
        }
        if let Some(word) = spec.words.iter().find(|w| takes(w)) {
            setup
                .settings
                .set(spec.name, word)
                .expect("a word of its own table");
            refused.push(why.message());
        }
    }
    refused
}
