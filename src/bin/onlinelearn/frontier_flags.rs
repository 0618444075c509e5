//! `frontier`'s setting flags: those of `learn`, with the ones frontier
//! always refuses left out of its help (`--budget`, `--eps`, `--bias`,
//! `--multiclass`, `--task`...). They are still parsed, so that a command
//! line copied from `learn` is refused with the reason, not with clap's
//! "unexpected argument".

use clap::{ArgMatches, Args, Command, FromArgMatches};
use onlinelearn::frontier::{sized, sizing, Sizing};
use onlinelearn::settings::{Key, Scope, Settings, TABLE};
use onlinelearn::Algorithm;

use crate::setting_flags::SettingFlags;

#[derive(Clone, Debug, Default)]
pub struct FrontierFlags(pub SettingFlags);

impl Args for FrontierFlags {
    fn augment_args(command: Command) -> Command {
        let shown = shown_keys();
        SettingFlags::augment_args_hiding(command, |key| !shown.contains(&key))
    }

    fn augment_args_for_update(command: Command) -> Command {
        Self::augment_args(command)
    }
}

impl FromArgMatches for FrontierFlags {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        SettingFlags::from_arg_matches(matches).map(Self)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }
}

/// The settings frontier can use: the seed of the first ordering,
/// `--scale`, and each learner setting that some learner frontier runs
/// reads, besides its size, at some settings (a choice of a learner
/// setting, with or without a budget) once its size is set. The task and the reduction never
/// change here (frontier runs two classes), so a setting only they bring
/// into force (`--eps` with `--task regression`) is not one of them.
fn shown_keys() -> Vec<Key> {
    let mut shown = vec![Key::Seed, Key::Scale];
    for probe in probes() {
        for &algorithm in Algorithm::ALL {
            let Ok(size) = sizing(algorithm, &probe) else {
                continue;
            };
            // Frontier always gives the size setting a value.
            let value = match size {
                Sizing::Cap(_) => 100.0,
                Sizing::Knob(knob) => knob.value(0.5, &probe, 1.0),
            };
            let Ok(at) = sized(&probe, size.key(), value) else {
                continue;
            };
            for key in algorithm.settings_in_force(&at) {
                if key != size.key() && key.spec().scope == Scope::Learner && !shown.contains(&key)
                {
                    shown.push(key);
                }
            }
        }
    }
    shown
}

/// The defaults, then each word of each learner choice, each without and
/// with a budget.
fn probes() -> Vec<Settings> {
    let mut probes = vec![Settings::default()];
    for spec in TABLE.iter().filter(|s| s.scope == Scope::Learner) {
        for word in spec.words {
            let mut probe = Settings::default();
            if probe.set_text(spec.key, word).is_ok() {
                probes.push(probe);
            }
        }
    }
    let budgeted: Vec<Settings> = probes
        .iter()
        .filter_map(|probe| {
            let mut probe = probe.clone();
            probe.set_number(Key::Budget, 100.0).ok().map(|_| probe)
        })
        .collect();
    probes.extend(budgeted);
    probes
}
