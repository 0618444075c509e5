//! A model that blows up: settings in their ranges can still drive the
//! weights past f64 (Winnow's α = 1e300 multiplies a weight by it, OGD's
//! squared loss at a huge rate overshoots further each step, AROW's Σ
//! starts at 1e300). The learners' rules are theirs to keep; the run
//! finds the first sample after which the weights are infinite or NaN and
//! says so, since every figure after it (mistakes, test accuracy, the
//! weights themselves, `null` in JSON) no longer describes a model.
//!
//! Finding it costs a clone of the model a chunk (a few a second) and a
//! look at its weights: each chunk is learned as before, and only the
//! chunk that ends with weights not finite is learned again, from the
//! clone, a sample at a time, to name the sample. Kernel learners keep no
//! weights to look at, and are not watched.

use std::ops::Range;

use onlinelearn::eval::Progress;
use onlinelearn::settings::Kind;
use onlinelearn::{Algorithm, Dataset, Key, Learner, Model, Settings};

/// Whether every weight and bias of `model` is a finite number.
pub fn finite(model: &Model) -> bool {
    model
        .linear_models()
        .iter()
        .all(|m| m.bias.is_finite() && m.weights.iter().all(|w| w.is_finite()))
}

/// The first row of `rows` after which `model` (as it was before them)
/// holds a weight that is not finite, learning them again one at a time.
pub fn first_row(mut model: Model, block: &Dataset, rows: Range<usize>) -> usize {
    let last = rows.end.saturating_sub(1);
    for i in rows {
        match &mut model {
            Model::Binary(learner) => {
                learner.learn_batch(block, i..i + 1, &mut Progress::default())
            }
            Model::Classes(learner) => {
                learner.learn_one(block.row(i), block.label(i) as usize);
            }
        }
        if !finite(&model) {
            return i;
        }
    }
    last
}

/// The message for a learner whose weights stopped being finite after
/// `sample` (1 is the first, every pass counted): the settings to lower
/// are the numbers it reads that were given, else all the numbers it reads
/// (a choice, such as a loss, is not lowered).
pub fn message(algorithm: Algorithm, sample: u64, settings: &Settings, given: &[Key]) -> String {
    let reads: Vec<Key> = algorithm
        .settings_in_force(settings)
        .into_iter()
        .filter(|k| matches!(k.spec().kind, Kind::Real))
        .collect();
    let mut named: Vec<Key> = reads
        .iter()
        .copied()
        .filter(|k| given.contains(k))
        .collect();
    if named.is_empty() {
        named = reads;
    }
    let flags: Vec<String> = named
        .iter()
        .map(|&k| format!("--{} {}", k.name(), settings.text(k)))
        .collect();
    let lower = match flags.len() {
        0 => String::new(),
        _ => format!("; lower {}", flags.join(" or ")),
    };
    format!(
        "{}: the weights stopped being finite (infinite or NaN) at sample {sample}: the report's figures from there on describe no model (\"diverged_at\" in --json){lower}",
        algorithm.name()
    )
}
