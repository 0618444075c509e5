//! The shared state in a URL hash: a version, the learner, the settings
//! that differ from the page's defaults (the settings table's keys, which
//! an author can edit by hand), then the event log.
//!
//! `#v=2&algo=pa1&preset=noisy-labels&seed=7&log=AfQD&speed=200`
//!
//! `algo` names the learner the link shows. When the log switches learners,
//! `start` names the one it starts with (links before `start` existed name
//! that one in `algo`, and still read so). An `algo` that is not where the
//! log's switches end (a link edited by hand) is switched to at the end.
//!
//! Keys the table does not know (the page's own: speed, view...) are kept
//! as extras for the page to read. Anything malformed is an error with a
//! message; nothing panics, whatever the hash holds.
//!
//! Links without `v` that hold a log were made before the settings table
//! (version 1). They open with that version's defaults where a default
//! changed since (APSM's lambda and L, OLRD's rule) and with `eta` standing
//! for ALD's threshold too, so they replay as their author saw them; where
//! the rule itself was corrected since (ALD projection's step, SPA's
//! budget), the page says so. A link without `v` and without a log only
//! starts a session: it gets today's defaults.

mod legacy;
mod pinned;

use super::log::{Event, EventLog};
use crate::data::Preset;
use crate::error::{Code, Error, Message, Result};
use crate::learner::Task;
use crate::msg;
use crate::registry::Algorithm;
use crate::settings::{Key, Scope, Settings, TABLE};
use legacy::{legacy_defaults, legacy_log, legacy_notice};

/// The link format this code writes.
pub const LINK_VERSION: u32 = 4;

/// What a session starts from: a learner and every setting.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    pub algorithm: Algorithm,
    pub settings: Settings,
}

impl Default for Setup {
    /// The page's defaults: PA-I on overlapping clusters.
    fn default() -> Self {
        Self {
            algorithm: Algorithm::Pa1,
            settings: Settings::page(),
        }
    }
}

impl Setup {
    /// The settings as the learner reads them: the task follows the preset.
    pub fn learner_settings(&self) -> Settings {
        let mut settings = self.settings.clone();
        settings.task = settings.preset.task();
        settings
    }

    /// The classes the session learns: 0 for regression, else 2 to 6
    /// (more than two are learned by the `multiclass` reduction).
    pub fn classes(&self) -> usize {
        match self.settings.preset.task() {
            Task::Regression => 0,
            Task::Classification => self.settings.classes as usize,
        }
    }

    /// The same setup on `preset`, whose classes it takes.
    pub fn with_preset(&self, preset: Preset) -> Setup {
        let mut next = self.clone();
        next.settings.preset = preset;
        next.settings.classes = preset.classes().max(2) as u64;
        next
    }
}

/// A link: where the session starts, what happened since, the page's keys.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SharedState {
    pub setup: Setup,
    pub log: EventLog,
    /// The page's keys, in order.
    pub extras: Vec<(String, String)>,
    /// Said when an older link cannot replay exactly as its author saw it.
    pub notice: Option<Message>,
}

const MAX_HASH: usize = 2_000_000;
const MAX_EXTRAS: usize = 32;
const MAX_EXTRA_LENGTH: usize = 256;

impl SharedState {
    /// Parses a hash (with or without the leading `#`). Missing keys take
    /// their defaults; a bad value is an error naming its key.
    pub fn parse(hash: &str) -> Result<Self> {
        if hash.len() > MAX_HASH {
            return Err(bad(format!(
                "the link is longer than {MAX_HASH} characters"
            )));
        }
        let pairs: Vec<(&str, &str)> = link_pairs(hash).collect();
        // Without `v`: version 1 if it holds a log to replay (links the old
        // page wrote); a link without a log just starts a session, with
        // today's defaults.
        let version = match pairs.iter().find(|(k, _)| *k == "v") {
            None if pairs.iter().any(|(k, _)| *k == "log") => 1,
            None => LINK_VERSION,
            Some((_, v)) => v
                .parse::<u32>()
                .ok()
                .filter(|v| (1..=LINK_VERSION).contains(v))
                .ok_or_else(|| {
                    bad(format!(
                        "version '{v}' is not one this page reads (1 to {LINK_VERSION})"
                    ))
                })?,
        };
        let mut state = SharedState::default();
        let mut dropped = Vec::new();
        if version == 1 {
            legacy_defaults(&mut state.setup.settings);
        }
        let s = &mut state.setup;
        let (mut shown, mut start) = (None, None);
        for &(key, value) in &pairs {
            match key {
                "v" => {}
                "algo" => shown = Some(value.parse::<Algorithm>()?),
                "start" => start = Some(value.parse::<Algorithm>()?),
                "log" => state.log = EventLog::decode(value)?,
                // A fork's original run (see history.rs): a log, checked here.
                "was" => {
                    EventLog::decode(value)
                        .map_err(|e| bad(format!("was (the run before a fork): {e}")))?;
                    state.extras.push((key.to_string(), value.to_string()));
                }
                _ => match Key::from_name(key) {
                    Ok(k) if k.spec().scope == Scope::Cli => {
                        return Err(bad(format!(
                            "{key} is not a page setting (the preset sets the task)"
                        )))
                    }
                    Ok(k) => s
                        .settings
                        .set_text(k, &decode(value))
                        .map_err(|e| bad(e.message()))?,
                    Err(_) if key == "file" && !is_file_key(value) => {
                        return Err(bad(msg!(Code::FileKey, value = value)))
                    }
                    Err(_) if is_safe(key) && is_safe(value) && state.extras.len() < MAX_EXTRAS => {
                        state.extras.push((key.to_string(), value.to_string()));
                    }
                    // Keys or values with other characters are not ours
                    // (and past MAX_EXTRAS, too many): left out, and said.
                    Err(_) => dropped.push(key.chars().take(32).collect::<String>()),
                },
            }
        }
        if let Some(algorithm) = start.or(shown) {
            s.algorithm = algorithm;
        }
        s.settings.task = s.settings.preset.task();
        // A link that names a multiclass preset holds its classes even
        // without `classes=`.
        let least = s.settings.preset.classes() as u64;
        s.settings.classes = s.settings.classes.max(least);
        let unversioned = !pairs.iter().any(|(k, _)| *k == "v");
        if unversioned
            && pairs.iter().any(|(k, _)| *k == "eta")
            && !pairs.iter().any(|(k, _)| *k == "nu")
        {
            // Before version 2, `eta` was ALD projection's threshold too.
            s.settings.nu = s.settings.eta;
        }
        if version == 1 {
            state.log = legacy_log(&state.log);
        }
        if let (Some(shown), Some(_)) = (shown, start) {
            if state.shown_learner() != shown {
                state.log.push(Event::Algorithm(shown));
            }
        }
        state.notice = legacy_notice(&state, version);
        if !dropped.is_empty() {
            let left_out = msg!(
                Code::LeftOut,
                keys = dropped.iter().map(String::as_str).collect::<Vec<_>>()
            );
            state.notice = Some(match state.notice.take() {
                Some(notice) => msg!(Code::Notices, first = notice, then = left_out),
                None => left_out,
            });
        }
        state.setup.validate().map_err(|e| bad(e.message()))?;
        Ok(state)
    }

    /// The hash, without the leading `#`: every setting that differs from
    /// the page's default, in the table's order.
    pub fn to_hash(&self) -> String {
        let defaults = Settings::page();
        let shown = self.shown_learner();
        let mut hash = format!("v={LINK_VERSION}&algo={shown}");
        if shown != self.setup.algorithm {
            hash.push_str(&format!("&start={}", self.setup.algorithm));
        }
        for spec in TABLE.iter().filter(|s| s.scope != Scope::Cli) {
            let value = self.setup.settings.text(spec.key);
            if value != defaults.text(spec.key) {
                hash.push_str(&format!("&{}={}", spec.name, encode(&value)));
            }
        }
        if !self.log.is_empty() {
            hash.push_str("&log=");
            hash.push_str(&self.log.encode());
        }
        for (key, value) in &self.extras {
            if is_safe(key) && is_safe(value) {
                hash.push_str(&format!("&{key}={value}"));
            }
        }
        hash
    }

    /// The page's own keys among "k=v&k=v" (its view, compared learners,
    /// layers): what is neither a setting nor the link's own, read without
    /// parsing a whole link (which checks every setting).
    pub fn page_keys(extras: &str) -> Vec<(String, String)> {
        extras
            .split('&')
            .filter_map(|pair| pair.split_once('='))
            .filter(|&(k, v)| {
                !["v", "algo", "start", "log", "file", "was"].contains(&k)
                    && Key::from_name(k).is_err()
                    && is_safe(k)
                    && is_safe(v)
            })
            .take(MAX_EXTRAS)
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    /// The learner the link shows: the last its log switches to, else its first.
    pub fn shown_learner(&self) -> Algorithm {
        self.log
            .events()
            .iter()
            .rev()
            .find_map(|e| match e {
                Event::Algorithm(a) => Some(*a),
                _ => None,
            })
            .unwrap_or(self.setup.algorithm)
    }

    /// Whether the link (with `also`, a learner about to be chosen) needs
    /// the page's full module: a learner whose code this build leaves out,
    /// a file (the page keeps one copy of it in wasm memory, in the module
    /// every learner can use), the Theory layer (`theory=1`), a fork's
    /// original run (`was=`, which the timeline made) or a sample the
    /// timeline looks back at (`at=`), whose code is there only.
    pub fn needs_full(&self, also: Option<Algorithm>) -> bool {
        !self.held(also)
            || self.extras.iter().any(|(k, v)| {
                matches!(k.as_str(), "file" | "was" | "at") || (k == "theory" && v == "1")
            })
    }

    /// Whether a link, read or not, names (`algo`, `start`) a learner
    /// whose code this build leaves out.
    pub fn names_absent_learner(hash: &str) -> bool {
        link_pairs(hash).any(|(key, value)| {
            (key == "algo" || key == "start")
                && value
                    .parse::<Algorithm>()
                    .is_ok_and(|a| !crate::registry::holds(a))
        })
    }

    /// Whether this build holds the code of every learner the link runs
    /// (see registry/families.rs), `also` included, and with more than two
    /// classes the code of its reduction with each (the multiclass
    /// perceptron's updates and the Banditron: `multiclass::holds`).
    pub fn held(&self, also: Option<Algorithm>) -> bool {
        let reduction = self.setup.settings.multiclass;
        let classes = self.setup.classes() > 2;
        self.learners().into_iter().chain(also).all(|a| {
            crate::registry::holds(a) && (!classes || crate::multiclass::holds(a, reduction))
        })
    }

    /// The learners this link runs: its own, those its log switches to,
    /// and Compare's (the page's `algos` key).
    pub fn learners(&self) -> Vec<Algorithm> {
        let mut all = vec![self.setup.algorithm];
        all.extend(self.log.events().iter().filter_map(|e| match e {
            Event::Algorithm(a) => Some(*a),
            _ => None,
        }));
        for (key, value) in &self.extras {
            if key == "algos" {
                all.extend(value.split(',').filter_map(|a| a.parse::<Algorithm>().ok()));
            }
        }
        all
    }
}

/// A value as a link carries it: the characters a hash may hold as they
/// are (every value the table writes is a number or a plain word).
fn encode(value: &str) -> String {
    value
        .replace('%', "%25")
        .replace('&', "%26")
        .replace('=', "%3D")
}

/// `encode`'s inverse, in one pass (a `replace` of a string pattern
/// brings core's substring searcher, 0.6 KB gzip of the first module).
fn decode(value: &str) -> String {
    // split_once and strip_prefix, not slices by index (see number::parse).
    let mut out = String::with_capacity(value.len());
    let mut rest = value;
    while let Some((text, after)) = rest.split_once('%') {
        out.push_str(text);
        let escape = [("3D", '='), ("26", '&'), ("25", '%')]
            .into_iter()
            .find_map(|(code, c)| after.strip_prefix(code).map(|next| (c, next)));
        let (c, next) = escape.unwrap_or(('%', after));
        out.push(c);
        rest = next;
    }
    out.push_str(rest);
    out
}

/// Characters an extra may use: letters, digits and `-_.,:+%` (`+` for
/// "projectron++", `%` for a percent-encoded one).
fn is_safe(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= MAX_EXTRA_LENGTH
        && text
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || b"-_.,:+%".contains(&c))
}

/// A link's `file` value: the name a link keeps (see
/// `FileSource::link_key`), a colon, 16 hex digits of fingerprint.
fn is_file_key(value: &str) -> bool {
    value.rsplit_once(':').is_some_and(|(name, hex)| {
        !name.is_empty()
            && is_safe(name)
            && hex.len() == 16
            && hex.bytes().all(|c| c.is_ascii_hexdigit())
    })
}

/// A link refused: why, within "shared link: …".
fn bad(why: impl Into<Message>) -> Error {
    Error::BadLink(msg!(Code::SharedLink, why = why.into()))
}

/// A link's `key=value` pairs, in order (a key without `=` has an empty value).
fn link_pairs(hash: &str) -> impl Iterator<Item = (&str, &str)> {
    hash.trim_start_matches('#')
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| p.split_once('=').unwrap_or((p, "")))
}

#[cfg(test)]
#[path = "share_tests.rs"]
mod tests;
