//! The shared state in a URL hash: readable settings that an author can
//! edit by hand, then the event log.
//!
//! `#algo=pa1&c=0.1&eps=0.1&lr=1&bias=augmented&preset=noisy-labels&seed=7&noise=0&log=AfQD&speed=200`
//!
//! Keys this module does not know (the page's own: speed, view...) are kept
//! as extras for the page to read. Anything malformed is an error with a
//! message; nothing panics, whatever the hash holds.

use super::log::{Event, EventLog};
use crate::algorithms::Algorithm;
use crate::data::Preset;
use crate::error::{Error, Result};
use crate::linear::BiasMode;

/// What the page starts a session from.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub algorithm: Algorithm,
    pub c: f64,
    pub epsilon: f64,
    pub learning_rate: f64,
    pub bias: BiasMode,
    pub preset: Preset,
    pub seed: u64,
    /// Label noise of the stream, on top of the preset's own.
    pub noise: f64,
    /// The Gaussian kernel's width (kernel learners).
    pub sigma: f64,
    /// The kernel learners' budget; None for no budget.
    pub budget: Option<usize>,
    /// Projectron(++) and ALD projection's threshold.
    pub eta: f64,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            algorithm: Algorithm::Pa1,
            c: 0.1,
            epsilon: 0.1,
            learning_rate: 1.0,
            bias: BiasMode::Augmented,
            preset: Preset::Overlapping,
            seed: 1,
            noise: 0.0,
            sigma: 0.5,
            budget: Some(200),
            eta: 0.1,
        }
    }
}

/// Settings, log, and the page's own keys.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SharedState {
    pub settings: Settings,
    pub log: EventLog,
    /// The page's keys, in order.
    pub extras: Vec<(String, String)>,
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
        let mut state = SharedState::default();
        let s = &mut state.settings;
        for pair in hash
            .trim_start_matches('#')
            .split('&')
            .filter(|p| !p.is_empty())
        {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let number = |name: &str| -> Result<f64> {
                value
                    .parse::<f64>()
                    .map_err(|_| bad(format!("{name} '{value}' is not a number")))
            };
            match key {
                "algo" => s.algorithm = value.parse()?,
                "c" => s.c = number("c")?,
                "eps" => s.epsilon = number("eps")?,
                "lr" => s.learning_rate = number("lr")?,
                "bias" => s.bias = value.parse()?,
                "preset" => s.preset = value.parse()?,
                "seed" => {
                    s.seed = value
                        .parse()
                        .map_err(|_| bad(format!("seed '{value}' is not a whole number")))?
                }
                "noise" => s.noise = number("noise")?,
                "sigma" => s.sigma = number("sigma")?,
                "eta" => s.eta = number("eta")?,
                "budget" => {
                    s.budget = match value {
                        "" | "none" => None,
                        v => Some(v.parse().map_err(|_| {
                            bad(format!("budget '{v}' is not a whole number or none"))
                        })?),
                    }
                }
                "log" => state.log = EventLog::decode(value)?,
                _ if is_safe(key)
                    && is_safe(value)
                    && value.len() <= MAX_EXTRA_LENGTH
                    && state.extras.len() < MAX_EXTRAS =>
                {
                    state.extras.push((key.to_string(), value.to_string()));
                }
                // Keys or values with other characters are not ours (and past
                // MAX_EXTRAS, too many): ignore them.
                _ => {}
            }
        }
        state.settings.validate()?;
        Ok(state)
    }

    /// The same session run by `algorithm` from the start: the log's data
    /// (stream steps, points, erasures, setting changes) without its
    /// learner switches. Compare's panels are built this way, so each runs
    /// the learner its title names on the very same samples.
    pub fn pinned(&self, algorithm: Algorithm) -> SharedState {
        let mut log = EventLog::default();
        for event in self.log.events() {
            if !matches!(event, Event::Algorithm(_)) {
                log.push(event.clone());
            }
        }
        let mut pinned = self.clone();
        pinned.settings.algorithm = algorithm;
        pinned.log = log;
        pinned
    }

    /// The hash, without the leading `#`.
    pub fn to_hash(&self) -> String {
        let s = &self.settings;
        let mut hash = format!(
            "algo={}&c={}&eps={}&lr={}&bias={}&preset={}&seed={}&noise={}",
            s.algorithm, s.c, s.epsilon, s.learning_rate, s.bias, s.preset, s.seed, s.noise
        );
        // Always: the log may switch to a kernel learner, and Compare pins
        // kernel learners to a link that started with a linear one.
        let budget = s.budget.map_or("none".to_string(), |b| b.to_string());
        hash.push_str(&format!("&sigma={}&budget={budget}&eta={}", s.sigma, s.eta));
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

fn bad(message: String) -> Error {
    Error::InvalidSample(format!("shared link: {message}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_settings_log_and_extras() {
        let mut state = SharedState {
            settings: Settings {
                algorithm: Algorithm::Pa2,
                c: 0.0123,
                seed: 99,
                noise: 0.25,
                preset: Preset::Moons,
                ..Settings::default()
            },
            ..SharedState::default()
        };
        state.log.push(Event::Stream(300));
        state.log.push(Event::Point {
            x: 100,
            y: -200,
            label: 1,
        });
        state.extras.push(("speed".into(), "200".into()));
        let hash = state.to_hash();
        assert!(hash.starts_with("algo=pa2&c=0.0123&"), "{hash}");
        assert_eq!(SharedState::parse(&format!("#{hash}")).unwrap(), state);
    }

    #[test]
    fn missing_keys_take_defaults_and_bad_values_name_their_key() {
        assert_eq!(
            SharedState::parse("").unwrap().settings,
            Settings::default()
        );
        assert_eq!(SharedState::parse("#c=2").unwrap().settings.c, 2.0);
        let err = SharedState::parse("c=-1").unwrap_err().to_string();
        assert_eq!(err, "C must be positive and finite, got -1");
        let err = SharedState::parse("c=abc").unwrap_err().to_string();
        assert_eq!(err, "shared link: c 'abc' is not a number");
        assert!(SharedState::parse("algo=svm")
            .unwrap_err()
            .to_string()
            .contains("unknown algorithm 'svm'"));
        assert!(SharedState::parse("preset=regression-1d&algo=pocket").is_err());
        assert!(SharedState::parse("log=%%%").is_err());
    }

    #[test]
    fn unsafe_extras_are_dropped() {
        let state =
            SharedState::parse("speed=200&x=<script>&view=compare&algos=pa,projectron++").unwrap();
        let expected = [
            ("speed", "200"),
            ("view", "compare"),
            ("algos", "pa,projectron++"),
        ];
        assert_eq!(
            state.extras,
            expected.map(|(k, v)| (k.to_string(), v.to_string()))
        );
    }
}
