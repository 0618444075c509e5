//! One table of every setting: its key, type, defaults, range, help and
//! where it applies. The command line's flags, the shared link's keys, the
//! event log's codes, the page's controls and every range check read it
//! (in the manner of TensorFlow Playground's `state.ts` PROPS table), so a
//! value is checked once, here, whichever way it came in.
//!
//! Which learner reads which setting is each learner's own declaration
//! (its registry entry); a setting may also apply only under another one
//! (sigma only to the Gaussian kernel), which its row says.

mod checked;
mod choices;
mod table;
mod table_macro;
mod value;

pub use checked::Checked;
#[cfg(test)]
pub(crate) use checked::{built, unbiased};
pub use choices::{
    BiasMode, BsgdMaintenance, CovarianceForm, KernelForm, KernelKind, LibolForm, OgdLoss,
    OlrdForm, Reduction, Scale, SpaForm,
};
pub use table::{Key, Settings, TABLE};
#[cfg(test)]
pub use value::CHECKS;
pub use value::{Choice, NoneMeans, Range, MAX_SEED};

use crate::error::{Error, Result};

/// Where a setting applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Scope {
    /// Read by some learners: refused for a learner that does not read it.
    Learner,
    /// The run as a whole (the seed): on the command line and in links.
    Run,
    /// The page's data (preset, label noise): in links only.
    Page,
    /// The command line's data (the task of a file): flags only.
    Cli,
}

/// How a setting's value is entered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Real,
    Whole,
    /// A whole number or none.
    Optional,
    Choice,
}

/// A condition under which a setting applies at all ("with the Gaussian kernel").
#[derive(Clone, Copy)]
pub struct Condition {
    /// The condition in words, for messages: "--kernel gaussian".
    pub words: &'static str,
    pub holds: fn(&Settings) -> bool,
}

/// One row of the table.
#[derive(Clone, Copy)]
pub struct Spec {
    pub key: Key,
    /// The link key and the command-line flag (without `--`).
    pub name: &'static str,
    /// The event log's code for a mid-stream change (never reused).
    pub code: u8,
    /// What the page calls it, and the messages: "kernel width σ".
    pub label: &'static str,
    /// One line on what it does (the page's tooltip, the CLI's help).
    pub help: &'static str,
    pub range: Range,
    pub kind: Kind,
    /// The allowed words of a choice.
    pub words: &'static [&'static str],
    pub scope: Scope,
    /// A change mid-stream keeps the model; otherwise the session replays
    /// its samples from the start with the new value.
    pub live: bool,
    pub when: Option<Condition>,
}

impl Key {
    pub fn spec(self) -> &'static Spec {
        &TABLE[self as usize]
    }

    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// The key of a link key or flag name.
    pub fn from_name(name: &str) -> Result<Key> {
        TABLE
            .iter()
            .find(|s| s.name == name)
            .map(|s| s.key)
            .ok_or_else(|| Error::UnknownName {
                what: "setting",
                got: name.to_string(),
                expected: TABLE.iter().map(|s| s.name).collect::<Vec<_>>().join(", "),
            })
    }

    /// The key of an event-log code.
    pub fn from_code(code: u8) -> Option<Key> {
        TABLE.iter().find(|s| s.code == code).map(|s| s.key)
    }

    /// Whether the setting applies given the others (sigma: only with the
    /// Gaussian kernel).
    pub fn applies(self, settings: &Settings) -> bool {
        self.spec().when.is_none_or(|c| (c.holds)(settings))
    }
}

/// A value against its setting's row, for a learner made from plain values
/// rather than from [`Settings`]: the same range and the same message.
pub fn check(key: Key, v: f64) -> Result<f64> {
    let spec = key.spec();
    spec.range.check(spec.label, v)
}

impl Settings {
    /// Changes one setting from text, checking it; nothing changes on error.
    pub fn set(&mut self, name: &str, text: &str) -> Result<Key> {
        let key = Key::from_name(name)?;
        self.set_text(key, text)?;
        Ok(key)
    }
}

/// A setting's value as JSON and JavaScript see it: numbers as numbers,
/// choices as their names, "none" as null.
impl serde::Serialize for Settings {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(TABLE.len()))?;
        for spec in TABLE {
            self.serialize_entry(spec.key, &mut map)?;
        }
        map.end()
    }
}

impl Settings {
    /// Writes one key and its value into a serde map.
    pub fn serialize_entry<M: serde::ser::SerializeMap>(
        &self,
        key: Key,
        map: &mut M,
    ) -> Result<(), M::Error> {
        let spec = key.spec();
        let v = self.number(key);
        match spec.kind {
            Kind::Choice => map.serialize_entry(spec.name, &self.text(key)),
            Kind::Optional if v == 0.0 => map.serialize_entry(spec.name, &None::<u64>),
            Kind::Whole | Kind::Optional => map.serialize_entry(spec.name, &(v as u64)),
            Kind::Real => map.serialize_entry(spec.name, &v),
        }
    }

    /// Only these keys, as a serde map (the settings in force of a run).
    pub fn subset(&self, keys: &[Key]) -> SettingsSubset<'_> {
        SettingsSubset {
            settings: self,
            keys: keys.to_vec(),
        }
    }
}

/// Some of a [`Settings`]' keys, serialised like the whole.
pub struct SettingsSubset<'a> {
    settings: &'a Settings,
    keys: Vec<Key>,
}

impl serde::Serialize for SettingsSubset<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.keys.len()))?;
        for &key in &self.keys {
            self.settings.serialize_entry(key, &mut map)?;
        }
        map.end()
    }
}

/// Reads settings from a map of names to values, each through the table
/// (so every value is range-checked); missing keys keep their defaults.
impl<'de> serde::Deserialize<'de> for Settings {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Settings;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a map of setting names to values")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Settings, A::Error> {
                let mut settings = Settings::default();
                while let Some((name, value)) = map.next_entry::<String, TextOrNumber>()? {
                    settings
                        .set(&name, &value.0)
                        .map_err(serde::de::Error::custom)?;
                }
                Ok(settings)
            }
        }
        deserializer.deserialize_map(Visitor)
    }
}

/// A JSON value read as the text a setting parses.
struct TextOrNumber(String);

impl<'de> serde::Deserialize<'de> for TextOrNumber {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = TextOrNumber;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a number, a word or null")
            }
            fn visit_str<E>(self, v: &str) -> Result<TextOrNumber, E> {
                Ok(TextOrNumber(v.to_string()))
            }
            fn visit_f64<E>(self, v: f64) -> Result<TextOrNumber, E> {
                Ok(TextOrNumber(v.to_string()))
            }
            fn visit_u64<E>(self, v: u64) -> Result<TextOrNumber, E> {
                Ok(TextOrNumber(v.to_string()))
            }
            fn visit_i64<E>(self, v: i64) -> Result<TextOrNumber, E> {
                Ok(TextOrNumber(v.to_string()))
            }
            fn visit_unit<E>(self) -> Result<TextOrNumber, E> {
                Ok(TextOrNumber("none".into()))
            }
            fn visit_none<E>(self) -> Result<TextOrNumber, E> {
                Ok(TextOrNumber("none".into()))
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

#[cfg(test)]
mod tests;
