//! A model that blows up: settings in their ranges can still drive a
//! learner past f64 (Winnow's α = 1e300 multiplies a weight by it, OGD's
//! squared loss at a huge rate overshoots further each step, AROW's Σ
//! starting at 1e300 overflows in its first shrink and then freezes the
//! weights, a polynomial kernel of offset 1e300 scores NaN). The learners'
//! rules are theirs to keep; the run finds the first sample after which
//! the weights, or the state beyond them (Σ), are infinite or NaN, or at
//! which a kernel learner's score is, and says so, since every figure
//! after it (mistakes, test accuracy, the weights themselves, `null` in
//! JSON) no longer describes a model.
//!
//! Finding it for a linear learner costs a clone of the model a chunk (a
//! few a second) and a look at its numbers: each chunk is learned as
//! before, and only the chunk that ends with numbers not finite is learned
//! again, from the clone, a sample at a time, to name the sample. A kernel
//! learner's support set is not cloned: its progressive validation notes
//! the first sample it scored not finite (`Progress::unscored_at`).

use std::ops::Range;

use onlinelearn::eval::Progress;
use onlinelearn::settings::Kind;
use onlinelearn::{Algorithm, Dataset, Key, Learner, Model, Settings};

/// What of a learner stopped being finite.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Part {
    Weights,
    /// The state beyond the weights: a second-order learner's Σ.
    Covariance,
    /// A kernel learner's scores.
    Scores,
}

impl Part {
    /// As the report and the error name it.
    pub fn name(self) -> &'static str {
        match self {
            Part::Weights => "weights",
            Part::Covariance => "covariance Σ",
            Part::Scores => "scores",
        }
    }
}

/// What of `model` is not finite: a weight or bias, else its state
/// beyond them (Σ); None when all is.
pub fn not_finite(model: &Model) -> Option<Part> {
    let weights = model
        .linear_models()
        .iter()
        .all(|m| m.bias.is_finite() && m.weights.iter().all(|w| w.is_finite()));
    match (weights, model.state_finite()) {
        (false, _) => Some(Part::Weights),
        (true, false) => Some(Part::Covariance),
        (true, true) => None,
    }
}

/// The first row of `rows` after which `model` (as it was before them)
/// holds a number that is not finite, learning them again one at a time,
/// and what it is.
pub fn first_row(mut model: Model, block: &Dataset, rows: Range<usize>) -> (usize, Part) {
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
        if let Some(part) = not_finite(&model) {
            return (i, part);
        }
    }
    (last, not_finite(&model).unwrap_or(Part::Weights))
}

/// The message for a learner whose `part` stopped being finite at
/// `sample` (1 is the first, every pass counted): the settings to lower
/// are the numbers it reads that were given, else all the numbers it reads
/// (a choice, such as a loss, is not lowered).
pub fn message(
    algorithm: Algorithm,
    (sample, part): (u64, Part),
    settings: &Settings,
    given: &[Key],
) -> String {
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
        "{}: the {} stopped being finite (infinite or NaN) at sample {sample}: the report's figures from there on describe no model (\"diverged_at\" in --json){lower}",
        algorithm.name(),
        part.name()
    )
}
