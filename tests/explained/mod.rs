//! Shared by the session tests of the linear families (libol, relatives):
//! a stream explained sample by sample, its clauses' slots checked, and a
//! link replayed after a live change, checked to the bit.
#![allow(dead_code)] // each test binary uses its own subset

use onlinelearn::playground::{Event, Session, SharedState};
use onlinelearn::{Info, LinearModel};
use serde_json::Value;

/// The `{name}` slots of a template.
pub fn slots(template: &str) -> Vec<&str> {
    template
        .split('{')
        .skip(1)
        .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
        .collect()
}

/// What a stream's explanations told.
pub struct Told {
    /// The clause (from 0) of each branch told, in order.
    pub clauses: Vec<usize>,
    /// The formulas' slots that no update filled.
    pub unfilled: Vec<&'static str>,
    /// The aggressive updates.
    pub aggressive: usize,
}

/// Streams `samples` samples one at a time and asserts that every clause
/// told names only numbers its update reported (or a setting); `what`
/// names the case in a failure.
pub fn explain_stream(s: &mut Session, info: &'static Info, samples: usize, what: &str) -> Told {
    let settings = serde_json::to_value(s.settings()).unwrap();
    let mut told = Told {
        clauses: Vec::new(),
        unfilled: slots(info.filled),
        aggressive: 0,
    };
    for _ in 0..samples {
        s.apply(Event::Stream(1)).unwrap();
        let v: Value = serde_json::to_value(s.last().unwrap()).unwrap();
        let resolves = |slot: &str| v[slot].is_number() || settings[slot].is_number();
        for field in ["branch1", "branch2", "branch3"] {
            let b = v[field].as_f64().unwrap() as usize;
            if b == 0 {
                continue;
            }
            let clause = info.branches[b - 1];
            for slot in slots(clause) {
                assert!(resolves(slot), "{what}: {{{slot}}} in {clause:?}");
            }
            told.clauses.push(b - 1);
        }
        told.unfilled.retain(|slot| !resolves(slot));
        told.aggressive += usize::from(v["aggressive"].as_bool().unwrap());
    }
    told
}

/// A session with a live change and its link's replay.
pub struct Replayed {
    pub session: Session,
    pub replayed: Session,
    pub hash: String,
    /// The session's models just before the change.
    pub before: Vec<LinearModel>,
}

/// Opens `link`, streams 120 samples, sets `key` to `value`, streams 80
/// more, and asserts that the session's link replays to the same learner,
/// settings, models and progress.
pub fn replay_after_change(link: &str, key: &str, value: &str) -> Replayed {
    let mut s = Session::from_shared(&SharedState::parse(link).unwrap()).unwrap();
    s.apply(Event::Stream(120)).unwrap();
    let before = s.linear_models();
    s.set(key, value).unwrap();
    s.apply(Event::Stream(80)).unwrap();
    let hash = s.shared().to_hash();
    let replayed = Session::from_shared(&SharedState::parse(&hash).unwrap()).unwrap();
    assert_eq!(replayed.algorithm(), s.algorithm(), "{hash}");
    assert_eq!(replayed.settings(), s.settings(), "{hash}");
    assert_eq!(replayed.linear_models(), s.linear_models(), "{hash}");
    assert_eq!(replayed.progress(), s.progress(), "{hash}");
    Replayed {
        session: s,
        replayed,
        hash,
        before,
    }
}

/// Each `(key, text, message)`: setting `key` to `text` is refused with
/// `message`, and changes nothing.
pub fn assert_refused_settings(bad: &[(&str, &str, &str)]) {
    for &(key, text, message) in bad {
        let mut settings = onlinelearn::Settings::default();
        assert_eq!(settings.set(key, text).unwrap_err().to_string(), message);
        assert_eq!(
            settings,
            onlinelearn::Settings::default(),
            "{key}: nothing changed"
        );
    }
}
