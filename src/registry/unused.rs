//! A setting given for learners that do not use it is refused, with the
//! reason and the learners that do use it: never silently ignored.

use super::Algorithm;
use crate::error::{Error, Result};
use crate::settings::{Key, Scope, Settings};

/// Refuses settings that were given but that none of `algorithms` uses
/// under the other settings: never silently ignored. `given` holds the
/// learner settings set explicitly (on the command line, say).
pub fn refuse_unused(algorithms: &[Algorithm], settings: &Settings, given: &[Key]) -> Result<()> {
    // A reduction's own settings count with more than two classes (data
    // with two refuses `--multiclass` itself).
    let reduction = settings.multiclass;
    let by_reduction = |a: &Algorithm, key: Key| {
        a.reduction_reads(reduction).contains(&key) && key.applies(settings)
    };
    for &key in given {
        let spec = key.spec();
        if spec.scope != Scope::Learner
            || algorithms
                .iter()
                .any(|a| a.settings_in_force(settings).contains(&key) || by_reduction(a, key))
        {
            continue;
        }
        let flag = format!("--{}", spec.name);
        // The learners that read it, as themselves or under some reduction.
        let readers: Vec<Algorithm> = algorithms
            .iter()
            .copied()
            .filter(|&a| (a.info().reads)(settings).contains(&key) || a.reduction_uses(key))
            .collect();
        // Learners of the run that use it at other values of the settings
        // given: the refusal names those values, never "used by" them.
        let users_here: Vec<Algorithm> = algorithms
            .iter()
            .copied()
            .filter(|a| Algorithm::users_of(key).contains(a))
            .collect();
        let message = match (spec.when, readers.is_empty() && users_here.is_empty()) {
            // Read, but the setting does not apply under another one.
            (Some(when), false) => format!("{flag} applies only with {}", when.words),
            // A budget's refusal says instead what sets the learner's size.
            (None, false) if key != Key::Budget && !users_here.is_empty() => {
                unused_at(&flag, key, &users_here, settings, given)
            }
            _ => {
                let names: Vec<&str> = algorithms.iter().map(|a| a.name()).collect();
                let sizes: Vec<String> = algorithms
                    .iter()
                    .filter(|a| key == Key::Budget && !a.info().size.is_empty())
                    .map(|a| format!("{}'s size is set by {}", a.label(), a.info().size))
                    .collect();
                let users: Vec<&str> = Algorithm::users_of(key)
                    .iter()
                    .filter(|a| !algorithms.contains(a))
                    .map(|a| a.name())
                    .collect();
                let mut m = format!("{flag} is not used by {}", names.join(", "));
                if !sizes.is_empty() {
                    m.push_str(&format!(" ({})", sizes.join("; ")));
                }
                if users.is_empty() {
                    m.push_str("; no learner uses it with these settings");
                } else {
                    m.push_str(&format!("; it is used by {}", users.join(", ")));
                    // A reduction's setting: say which reductions read it.
                    let of_reduction = Algorithm::ALL.iter().any(|a| a.reduction_uses(key));
                    if let (Some(when), true) = (spec.when, of_reduction) {
                        m.push_str(&format!(" with {}", when.words));
                    }
                }
                m
            }
        };
        return Err(Error::Unused(message.into()));
    }
    Ok(())
}

/// Why `users`, which use `key` at the default settings, do not at
/// `settings`: the settings given whose default value would bring it back
/// into force ("--olrd-c is not used by olrd at --budget 30; olrd uses it
/// without --budget").
fn unused_at(
    flag: &str,
    key: Key,
    users: &[Algorithm],
    settings: &Settings,
    given: &[Key],
) -> String {
    let defaults = Settings::default();
    let names: Vec<&str> = users.iter().map(|a| a.name()).collect();
    let names = names.join(", ");
    let mut at = Vec::new();
    let mut instead = Vec::new();
    for &other in given.iter().filter(|&&other| other != key) {
        let mut probe = settings.clone();
        let default = defaults.text(other);
        if probe.set_text(other, &default).is_err() {
            continue;
        }
        if users
            .iter()
            .any(|a| a.settings_in_force(&probe).contains(&key))
        {
            at.push(format!("--{} {}", other.name(), settings.text(other)));
            instead.push(match defaults.text(other).as_str() {
                "none" => format!("without --{}", other.name()),
                value => format!("with --{} {value}", other.name()),
            });
        }
    }
    if at.is_empty() {
        return format!("{flag} is not used by {names} at these settings");
    }
    format!(
        "{flag} is not used by {names} at {}; {names} uses it {}",
        at.join(", "),
        instead.join(" and ")
    )
}
