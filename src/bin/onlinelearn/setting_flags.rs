//! The learners' flags, one per row of the settings table: `--c`, `--sigma`,
//! `--budget`... A new setting is a new flag without a line here. Each value
//! is checked by the table; a flag the chosen learner does not use is
//! refused (see `onlinelearn::registry::refuse_unused`).

use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};
use onlinelearn::data::rng::fresh_seed;
use onlinelearn::settings::{Key, Scope, Settings, TABLE};

/// The setting flags given on the command line, in the table's order.
#[derive(Clone, Debug, Default)]
pub struct SettingFlags {
    pub given: Vec<(Key, String)>,
}

impl SettingFlags {
    /// The settings: the defaults, then a settings file's, then the flags.
    /// `--seed random` draws a fresh seed (getrandom) and says which, on
    /// standard error, so that the run can be repeated.
    pub fn apply(&self, settings: &mut Settings) -> Result<(), String> {
        for (key, text) in &self.given {
            if *key == Key::Seed && text == "random" {
                let seed =
                    fresh_seed().map_err(|e| format!("--seed random: no random source ({e})"))?;
                crate::std_streams::eprint_line(&format!(
                    "seed {seed} (drawn at random: --seed {seed} repeats this run)"
                ));
                settings.seed = seed;
                continue;
            }
            settings.set_text(*key, text).map_err(|e| match key {
                Key::Seed => format!("--seed: {e} (or random: a fresh seed, printed)"),
                _ => format!("--{}: {e}", key.name()),
            })?;
        }
        Ok(())
    }

    pub fn keys(&self) -> Vec<Key> {
        self.given.iter().map(|(k, _)| *k).collect()
    }

    pub fn has(&self, key: Key) -> bool {
        self.given.iter().any(|(k, _)| *k == key)
    }
}

/// `stream --seed`: a seed in the settings' range (0 to 2^53 − 1, as a
/// link carries it exactly), refused past it as the settings refuse it.
pub fn stream_seed(text: &str) -> Result<u64, String> {
    let mut settings = Settings::default();
    settings
        .set_text(Key::Seed, text)
        .map_err(|e| e.to_string())?;
    Ok(settings.seed)
}

/// The flags' help: the row's help line, its values, its default.
fn help(spec: &onlinelearn::settings::Spec) -> String {
    let defaults = Settings::default();
    let values = if spec.words.is_empty() {
        spec.range.words().to_string()
    } else {
        spec.words.join(", ")
    };
    let default = match spec.key {
        Key::Horizon => "the training data's length".to_string(),
        Key::Seed => {
            "none: file order, randomised learners seeded with 0; random: a fresh seed, printed"
                .to_string()
        }
        key => defaults.text(key),
    };
    format!("{} [{values}; default: {default}]", spec.help)
}

impl SettingFlags {
    /// `command` with a flag per setting, those `hidden` says left out of
    /// its help (still parsed, so that their refusal can say why).
    pub fn augment_args_hiding(command: Command, hidden: impl Fn(Key) -> bool) -> Command {
        TABLE
            .iter()
            .filter(|spec| matches!(spec.scope, Scope::Learner | Scope::Run | Scope::Cli))
            .fold(command, |command, spec| {
                command.arg(
                    Arg::new(spec.name)
                        .long(spec.name)
                        .value_name(if spec.words.is_empty() {
                            "NUMBER"
                        } else {
                            "WORD"
                        })
                        .help(help(spec))
                        .allow_negative_numbers(true)
                        .hide(hidden(spec.key))
                        .action(ArgAction::Set),
                )
            })
    }
}

impl Args for SettingFlags {
    fn augment_args(command: Command) -> Command {
        Self::augment_args_hiding(command, |_| false)
    }

    fn augment_args_for_update(command: Command) -> Command {
        Self::augment_args(command)
    }
}

impl FromArgMatches for SettingFlags {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let given = TABLE
            .iter()
            .filter_map(|spec| {
                matches
                    .try_get_one::<String>(spec.name)
                    .ok()
                    .flatten()
                    .map(|v| (spec.key, v.clone()))
            })
            .collect();
        Ok(Self { given })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}
