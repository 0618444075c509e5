//! The perceptron's relatives (issue 23, second bullet): mistake- or
//! margin-driven linear rules that keep the perceptron's step y x and
//! change when it fires or what it does to w first, each from its paper.
//!
//! - [`Ballseptron`] (Shalev-Shwartz & Singer 2005): also updates when a
//!   ball of radius r around x meets the boundary.
//! - [`Paum`] (Li, Zaragoza, Herbrich, Shawe-Taylor & Kandola 2002): a
//!   margin τ₊₁ for positives and another, τ₋₁, for negatives.
//! - [`Shifting`] (Cavallanti, Cesa-Bianchi & Gentile 2007): shrinks w on
//!   each mistake, less as mistakes accumulate, to track a moving target.
//! - [`Pegasos`] (Shalev-Shwartz, Singer & Srebro 2007), one sample per
//!   step: stochastic sub-gradient descent on the SVM objective.
//! - [`Winnow`] (Littlestone 1988), in its balanced form (Littlestone
//!   1989): multiplicative updates of two positive weight vectors.
//! - [`SelectivePerceptron`] (Cesa-Bianchi, Gentile & Zaniboni 2006): asks
//!   for a label only with probability b/(b + |w·x|), drawn from the seed.
//! - [`BatchPocketLearner`] (seed 003: Lao Ma's Pocket PLA post, 2019): a
//!   random start, then w + y x kept only if the batch's mistakes drop.
//!
//! LIBOL has none of them (its algorithms/ folder, checked), so each
//! follows its paper only. A "mistake" here is y f(x) ≤ 0, as for our
//! perceptron (the papers predict with SGN and update on ŷ ≠ y; a score of
//! exactly 0 is a mistake in both readings for the perceptron family).
//!
//! The page's first wasm module leaves this family's code out (the
//! `relatives` feature, src/registry/families.rs), and with it the texts
//! only its explanation shows.

pub mod ballseptron;
pub mod batch_pocket;
pub mod batch_units;
pub mod paum;
pub mod pegasos;
pub mod selective;
pub mod shifting;
pub mod winnow;

pub use ballseptron::Ballseptron;
pub use batch_pocket::BatchPocketLearner;
pub use paum::Paum;
pub use pegasos::Pegasos;
pub use selective::SelectivePerceptron;
pub use shifting::Shifting;
pub use winnow::Winnow;

crate::family::family! {
    mod family,
    group: "relatives",
    feature: "relatives",
    types: [Ballseptron, Paum, Shifting, Pegasos, Winnow, SelectivePerceptron, BatchPocketLearner],
    entries: [
        BALLSEPTRON = ballseptron::ENTRY, PAUM = paum::ENTRY, SHIFTING = shifting::ENTRY,
        PEGASOS = pegasos::ENTRY, WINNOW = winnow::ENTRY, SELECTIVE = selective::ENTRY,
        BATCH_POCKET = batch_pocket::ENTRY,
    ],
}

use crate::error::{Error, Result};
use crate::settings::{BiasMode, Settings};

/// A text of this family's card, in the builds that hold its code (the
/// page's first module never explains one; see `libol::with_code`).
pub(crate) const fn with_code(text: &'static str) -> &'static str {
    crate::family::text_if_held(family::HELD, text)
}

/// [`with_code`] for a list of verdict clauses.
pub(crate) const fn clauses_with_code(clauses: &'static [&'static str]) -> &'static [&'static str] {
    crate::family::clauses_if_held(family::HELD, clauses)
}

/// A relative's bias rule and its registry entry: `--bias decoupled` is
/// refused for `label`, saying what its bias is instead (`why`), both when
/// a link's settings are checked (the entry's check) and when
/// `from_settings` builds the learner: both call the `check_bias` this
/// declares, so the rule is written once.
macro_rules! bias_rule_and_entry {
    ($type:ident, $label:literal, $why:literal $(,)?) => {
        fn check_bias(s: &crate::settings::Settings) -> crate::error::Result<()> {
            crate::relatives::refuse_decoupled($label, crate::relatives::with_code($why), s)
        }
        crate::declare::entry!($type, check_bias);
    };
}
pub(crate) use bias_rule_and_entry;

/// Refuses `--bias decoupled`: each of these rules says what happens to
/// the whole vector (its norm, a shrink, its own bias rule), and a bias
/// moved apart from it (scikit-learn's way) is none of the papers' rules.
/// `why` says what the learner's bias is instead; the first module, which
/// checks links to these learners but cannot run them, leaves it out
/// (`with_code`), and says only that decoupled is not defined.
pub(crate) fn refuse_decoupled(label: &str, why: &str, settings: &Settings) -> Result<()> {
    if settings.bias == BiasMode::Decoupled {
        return Err(Error::Mismatch(
            format!("--bias decoupled is not defined for {label}{why}").into(),
        ));
    }
    Ok(())
}
