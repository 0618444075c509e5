//! The catalogue: every learner and every setting, as data for a page (its
//! menus, controls, tooltips and explanation panel) or any other front end.
//! The page asks for it once.

use serde::Serialize;

use super::Algorithm;
use crate::data::Preset;
use crate::error::Message;
use crate::learner::Family;
use crate::settings::{Choice, Key, Kind, Range, Reduction, Scope, Settings, TABLE};

#[derive(Serialize)]
pub struct Catalogue {
    pub learners: Vec<LearnerCard>,
    pub settings: Vec<SettingCard>,
    /// The streams the plane can show, with their task.
    pub presets: Vec<PresetCard>,
}

#[derive(Serialize)]
pub struct PresetCard {
    pub name: &'static str,
    pub task: &'static str,
    /// Its classes (0 for regression).
    pub classes: u32,
}

/// A slider beside a setting's field: from `min` to `max`, on a log scale
/// when `log`.
#[derive(Serialize, Clone, Copy)]
pub struct Slider {
    pub min: f64,
    pub max: f64,
    pub log: bool,
}

/// The settings the page also offers as a slider (the ones readers play
/// with most): C over four decades, the label noise up to a half.
fn slider(key: Key) -> Option<Slider> {
    match key {
        Key::C => Some(Slider {
            min: 0.01,
            max: 100.0,
            log: true,
        }),
        Key::Noise => Some(Slider {
            min: 0.0,
            max: 0.5,
            log: false,
        }),
        _ => None,
    }
}

/// A learner as the page shows it.
#[derive(Serialize)]
pub struct LearnerCard {
    pub name: &'static str,
    pub label: &'static str,
    pub family: Family,
    pub regression: bool,
    pub rule: &'static str,
    pub filled: &'static str,
    pub step: &'static str,
    pub passive: &'static str,
    pub branches: &'static [&'static str],
    pub note: &'static str,
    pub update: &'static str,
    pub source: &'static str,
    pub stochastic: bool,
    pub in_paper: bool,
    /// The family Compare's buttons put side by side: see [`group`].
    pub group: &'static str,
    /// The settings it reads with the page's defaults.
    pub settings: Vec<&'static str>,
    /// Choice words of its settings that the learner refuses, as
    /// [setting, word] (AROW and SCW: bias decoupled), so the page can
    /// offer only the others.
    pub refused: Vec<[&'static str; 2]>,
    /// The reductions that learn more than two classes with it (none for
    /// the kernel learners).
    pub multiclass: Vec<&'static str>,
}

/// The family a learner belongs to for Compare's buttons, in [`GROUPS`]:
/// the menu's family (`Family`), split by whose learners they are, so that
/// each button puts side by side learners that answer one question: the
/// perceptron and PA, the pockets (Gallant's and seed 003's batch pocket),
/// AROW and SCW, LIBOL's binary learners and the perceptron's relatives,
/// the kernel learners. Each family declares its group once (`family!`
/// in its folder); the registry's rows name the family, so a learner has
/// a group by construction; the registry's tests hold each group to its
/// members and to each learner's `Family`.
pub fn group(algorithm: Algorithm) -> &'static str {
    algorithm.group()
}

/// Compare's families, in the order of its buttons (www/js/compare-families.js).
pub const GROUPS: [&str; 6] = [
    super::lin::GROUP,
    super::pf::GROUP,
    super::so::GROUP,
    super::lf::GROUP,
    super::rf::GROUP,
    super::kf::GROUP,
];

/// The [setting, word] pairs `algorithm` refuses, tried one by one on
/// the page's defaults.
fn refused_words(algorithm: Algorithm, page: &Settings) -> Vec<[&'static str; 2]> {
    let mut out = Vec::new();
    for &key in (algorithm.info().reads)(page) {
        let spec = key.spec();
        for &word in spec.words {
            let mut settings = page.clone();
            if settings.set(spec.name, word).is_ok() && algorithm.check(&settings).is_err() {
                out.push([spec.name, word]);
            }
        }
    }
    out
}

/// A setting as the page's control shows it.
#[derive(Serialize)]
pub struct SettingCard {
    pub name: &'static str,
    pub label: &'static str,
    pub help: &'static str,
    pub kind: Kind,
    pub words: &'static [&'static str],
    /// The allowed values, as a message (a code and its bounds).
    pub range: Message,
    /// Whether the value is a share from 0 to 1 (the page writes it as a percentage).
    pub share: bool,
    pub live: bool,
    pub scope: Scope,
    /// The page's default, as text.
    pub default: String,
    pub slider: Option<Slider>,
}

impl Catalogue {
    pub fn new() -> Self {
        let page = Settings::page();
        Self {
            learners: Algorithm::ALL
                .iter()
                .map(|&a| {
                    let info = a.info();
                    LearnerCard {
                        name: info.name,
                        label: info.label,
                        family: info.family,
                        regression: info.regression,
                        rule: info.rule,
                        filled: info.filled,
                        step: info.step,
                        passive: info.passive,
                        branches: info.branches,
                        note: info.note,
                        update: info.update,
                        source: info.source,
                        stochastic: info.stochastic,
                        in_paper: info.in_paper,
                        group: group(a),
                        settings: (info.reads)(&page).iter().map(|k| k.name()).collect(),
                        refused: refused_words(a, &page),
                        multiclass: Reduction::ALL
                            .iter()
                            .filter(|&&r| a.takes(r))
                            .map(|&r| r.name())
                            .collect(),
                    }
                })
                .collect(),
            settings: TABLE
                .iter()
                .filter(|s| s.scope != Scope::Cli)
                .map(|s| SettingCard {
                    name: s.name,
                    label: s.label,
                    help: s.help,
                    kind: s.kind,
                    words: s.words,
                    range: s.range.message(),
                    share: s.range == Range::Unit,
                    live: s.live,
                    scope: s.scope,
                    default: page.text(s.key),
                    slider: slider(s.key),
                })
                .collect(),
            presets: Preset::ALL
                .iter()
                .filter(|&&p| p != Preset::RegressionNd)
                .map(|p| PresetCard {
                    name: p.name(),
                    task: p.task().name(),
                    classes: p.classes() as u32,
                })
                .collect(),
        }
    }
}

impl Default for Catalogue {
    fn default() -> Self {
        Self::new()
    }
}
