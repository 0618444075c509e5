//! The run flags a report records among its settings besides the settings
//! table's: `--passes`, `--shuffle-buffer` and `--classes`. They shape the
//! numbers as much as a learner's setting does (a buffer shuffles another
//! order than the whole file, three passes are not one, named classes make
//! a multiclass run of any file), so `--settings report.json` reads them
//! back, and the replay gives the report's numbers.

use onlinelearn::settings::SettingsSubset;
use serde::Serialize;

/// A report's "settings": the table's settings in force, then the run flags.
#[derive(Serialize)]
pub struct Recorded<'a> {
    #[serde(flatten)]
    pub settings: SettingsSubset<'a>,
    #[serde(flatten)]
    pub flags: &'a RunFlags,
}

/// The run flags as the run used them (given, or read from a settings file).
#[derive(Serialize, Clone, Default)]
pub struct RunFlags {
    pub passes: usize,
    #[serde(rename = "shuffle-buffer", skip_serializing_if = "Option::is_none")]
    pub shuffle_buffer: Option<usize>,
    /// Named by `--classes` (the run otherwise finds them in its data).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub classes: Option<Vec<f64>>,
}

impl RunFlags {
    /// Takes `name` from a settings file when it is a run flag; `None`
    /// leaves it to the settings table. "classes" is a run flag as a list
    /// only: a number is the page's count of classes, a table setting.
    pub fn read(&mut self, name: &str, value: &serde_json::Value) -> Option<Result<(), String>> {
        let whole = |flag: &str| {
            value
                .as_u64()
                .filter(|&n| n >= 1)
                .map(|n| n as usize)
                .ok_or_else(|| format!("{flag} must be a whole number of at least 1, got {value}"))
        };
        Some(match (name, value) {
            ("passes", _) => whole("passes").map(|n| self.passes = n),
            ("shuffle-buffer", serde_json::Value::Null) => {
                self.shuffle_buffer = None;
                Ok(())
            }
            ("shuffle-buffer", _) => whole("shuffle-buffer").map(|n| self.shuffle_buffer = Some(n)),
            ("classes", serde_json::Value::Array(labels)) => labels
                .iter()
                .map(|l| {
                    l.as_f64()
                        .ok_or_else(|| format!("classes must be numbers, got {l}"))
                })
                .collect::<Result<Vec<_>, _>>()
                .map(|labels| self.classes = Some(labels)),
            _ => return None,
        })
    }
}
