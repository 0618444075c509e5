//! Links made by older versions: the defaults and log meanings they were
//! made with, and the notice for what cannot replay as their author saw it.

use super::SharedState;
use crate::error::{Code, Message};
use crate::playground::log::{Event, EventLog};
use crate::registry::Algorithm;
use crate::settings::{Key, OlrdForm, Settings};

/// Version 1's defaults where they differ from today's.
pub(super) fn legacy_defaults(settings: &mut Settings) {
    settings.lambda = 1.0;
    settings.dictionary = 500;
    settings.olrd_form = OlrdForm::Authors;
}

/// Version 1 logs changed eta for ALD projection too.
pub(super) fn legacy_log(log: &EventLog) -> EventLog {
    let mut out = EventLog::default();
    for event in log.events() {
        out.push(event.clone());
        if let Event::Set(Key::Eta, v) = event {
            out.push(Event::Set(Key::Nu, *v));
        }
    }
    out
}

/// What a link of an older version cannot replay as its author saw it.
pub(super) fn legacy_notice(state: &SharedState, version: u32) -> Option<Message> {
    let learners = state.learners();
    let mut changed = Vec::new();
    if version == 1 && learners.contains(&Algorithm::AldProjection) {
        changed.push("ALD projection's step size now follows Meng & Song's Eq. (2)");
    }
    if version == 1 && learners.contains(&Algorithm::Spa) {
        changed.push("SPA no longer takes a budget (its paper keeps the set small by sampling)");
    }
    // Version 3 draws its random numbers with rand: streams and randomised
    // learners made before draw other samples and choices from the same seed.
    let streams = state
        .log
        .events()
        .iter()
        .any(|e| matches!(e, Event::Stream(_)));
    if version < 3 && streams {
        changed.push("random draws now come from rand, so the streamed samples differ");
    } else if version < 3 && learners.iter().any(|a| a.info().stochastic) {
        changed.push("random draws now come from rand, so the learner's random choices differ");
    }
    // Version 4's batch pocket searches over the plane's points
    // standardised as the Pocket PLA post does (issue 34, item 2).
    let epochs = state
        .log
        .events()
        .iter()
        .any(|e| matches!(e, Event::Epochs(_)));
    if version < 4 && epochs && learners.contains(&Algorithm::BatchPocket) {
        changed.push("the batch pocket now searches over the points standardised as the Pocket PLA post does, so its tries differ");
    }
    (!changed.is_empty()).then(|| crate::msg!(Code::OlderLink, changes = changed.join("; ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_1_links_keep_their_defaults_and_eta_for_ald() {
        let old = SharedState::parse("algo=apsm&c=0.1&eps=0.1&lr=1&bias=augmented&preset=xor&seed=1&noise=0&sigma=0.5&budget=200&eta=0.05&log=AQ0").unwrap();
        let s = &old.setup.settings;
        assert_eq!(
            (s.lambda, s.dictionary, s.olrd_form),
            (1.0, 500, OlrdForm::Authors)
        );
        assert_eq!((s.eta, s.nu), (0.05, 0.05));
        assert!(
            old.notice
                .as_ref()
                .unwrap()
                .to_string()
                .contains("the streamed samples differ"),
            "APSM has its old defaults, but the stream draws with rand now: {:?}",
            old.notice
        );
        // Clicked points only, a deterministic learner: it replays exactly.
        let mut clicks = EventLog::default();
        clicks.push(Event::Point {
            x: 100,
            y: -200,
            label: 1,
        });
        let exact = SharedState::parse(&format!("v=2&algo=pa1&log={}", clicks.encode())).unwrap();
        assert_eq!(exact.notice, None);
        let random = SharedState::parse(&format!("v=2&algo=olru&log={}", clicks.encode())).unwrap();
        assert!(random
            .notice
            .unwrap()
            .to_string()
            .contains("the learner's random choices differ"));
        assert_eq!(old.log.events(), &[Event::Stream(13)]);
        let mut log = EventLog::default();
        log.push(Event::Set(Key::Eta, 0.2));
        let ald = SharedState::parse(&format!("algo=ald-projection&log={}", log.encode())).unwrap();
        assert_eq!(
            ald.log.events(),
            &[Event::Set(Key::Eta, 0.2), Event::Set(Key::Nu, 0.2)]
        );
        assert!(ald
            .notice
            .unwrap()
            .to_string()
            .contains("ALD projection's step size"));
        let compared = SharedState::parse("algo=pa&view=compare&algos=pa,spa&log=AQ0").unwrap();
        assert!(compared
            .notice
            .unwrap()
            .to_string()
            .contains("SPA no longer takes a budget"));
        let fresh = SharedState::parse("algo=apsm&eta=0.3").unwrap();
        assert_eq!(
            (fresh.setup.settings.lambda, fresh.setup.settings.nu),
            (0.1, 0.3),
            "no log: today's defaults"
        );
        // Version 3's batch pocket in Epochs searched the points unstandardised.
        let mut epochs = EventLog::default();
        epochs.push(Event::Epochs(3));
        let pocket = |v: u32| {
            SharedState::parse(&format!("v={v}&algo=batch-pocket&log={}", epochs.encode()))
                .unwrap()
                .notice
                .map(|n| n.to_string())
        };
        assert!(pocket(3)
            .unwrap()
            .contains("standardised as the Pocket PLA post"));
        assert_eq!(pocket(4), None);
        // The same link written today keeps today's meaning.
        let today = SharedState::parse(&old.to_hash()).unwrap();
        assert_eq!(today.setup, old.setup);
    }
}
