//! Settings given that no learner of a run reads: refused, never
//! silently ignored, with a message naming who does read them.

use super::Algorithm;
use crate::error::{Error, Result};
use crate::settings::{Key, Scope, Settings};

/// Refuses settings that were given but that none of `algorithms` uses
/// under the other settings: never silently ignored. `given` holds the
/// learner settings set explicitly (on the command line, say).
pub fn refuse_unused(algorithms: &[Algorithm], settings: &Settings, given: &[Key]) -> Result<()> {
    for &key in given {
        let spec = key.spec();
        if spec.scope != Scope::Learner
            || algorithms
                .iter()
                .any(|a| a.settings_in_force(settings).contains(&key))
        {
            continue;
        }
        let flag = format!("--{}", spec.name);
        let readers: Vec<Algorithm> = algorithms
            .iter()
            .copied()
            .filter(|a| (a.info().reads)(settings).contains(&key))
            .collect();
        let message = match (spec.when, readers.is_empty()) {
            // Read, but the setting does not apply under another one.
            (Some(when), false) => format!("{flag} applies only with {}", when.words),
            _ => {
                let names: Vec<&str> = algorithms.iter().map(|a| a.name()).collect();
                let sizes: Vec<String> = algorithms
                    .iter()
                    .filter(|a| key == Key::Budget && !a.info().size.is_empty())
                    .map(|a| format!("{}'s size is set by {}", a.label(), a.info().size))
                    .collect();
                let users: Vec<&str> = Algorithm::users_of(key).iter().map(|a| a.name()).collect();
                let mut m = format!("{flag} is not used by {}", names.join(", "));
                if !sizes.is_empty() {
                    m.push_str(&format!(" ({})", sizes.join("; ")));
                }
                if users.is_empty() {
                    m.push_str("; no learner uses it with these settings");
                } else {
                    m.push_str(&format!("; it is used by {}", users.join(", ")));
                }
                m
            }
        };
        return Err(Error::Unused(message.into()));
    }
    Ok(())
}
