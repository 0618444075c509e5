//! LIBOL's binary linear learners (Hoi, Wang & Zhao, "LIBOL: A Library for
//! Online Learning Algorithms", JMLR 15 (2014)), each from its paper, with
//! LIBOL's defaults (its `init_options.m` and `init_model.m`) as ours.
//!
//! First-order: [`Alma`], [`Romma`] (ROMMA and aggressive ROMMA), [`Ogd`].
//! Second-order, with a covariance Σ over the weights ([`Gaussian`]):
//! [`Sop`], [`Cw`], [`Iellip`], [`Narow`], [`Nherd`].
//!
//! Where LIBOL's MATLAB file and the paper differ, the paper's form is the
//! default and LIBOL's is the value `libol` of the learner's form setting
//! (`--alma-form libol`), so that a LIBOL user gets LIBOL's numbers: each
//! file says what differs. LIBOL's learners have no intercept (`--bias
//! none` here), and LIBOL predicts +1 at a score of exactly 0, as we do;
//! where a paper's rule fires "on a mistake", its form here fires at
//! y f(x) ≤ 0, as our perceptron does, and LIBOL's at a wrong sign (so a
//! score of 0 with y = +1 is no update there).
//!
//! The page's first wasm module leaves this family's code out (the
//! `libol` feature, src/registry/families.rs), and with it the texts only
//! its explanation shows.

pub mod alma;
pub mod cw;
mod gaussian;
pub mod iellip;
pub mod narow;
pub mod nherd;
pub mod ogd;
pub mod romma;
pub mod sop;

pub use alma::Alma;
pub use cw::Cw;
pub use gaussian::Gaussian;
pub use iellip::Iellip;
pub use narow::Narow;
pub use nherd::Nherd;
pub use ogd::Ogd;
pub use romma::Romma;
pub use sop::Sop;

crate::family::family! {
    mod family,
    group: "libol",
    feature: "libol",
    types: [Alma, Romma, Ogd, Sop, Cw, Iellip, Narow, Nherd],
    entries: [
        ALMA = alma::ENTRY, ROMMA = romma::ROMMA, AROMMA = romma::AROMMA, OGD = ogd::ENTRY,
        SOP = sop::ENTRY, CW = cw::ENTRY, IELLIP = iellip::ENTRY, NAROW = narow::ENTRY,
        NHERD = nherd::ENTRY,
    ],
}

use crate::error::{Error, Result};
use crate::learner::{is_mistake, Task};
use crate::settings::{BiasMode, LibolForm, Settings};

/// A text of this family's card, in the builds that hold its code: the
/// page's first module cannot run these learners, so it never explains
/// one, and the page reads the full module's catalogue once that is
/// loaded (as `kernel::with_code` does for the kernel learners' clauses).
pub(crate) const fn with_code(text: &'static str) -> &'static str {
    crate::family::text_if_held(family::HELD, text)
}

/// [`with_code`] for a list of verdict clauses.
pub(crate) const fn clauses_with_code(clauses: &'static [&'static str]) -> &'static [&'static str] {
    crate::family::clauses_if_held(family::HELD, clauses)
}

/// The bias is a weight on a constant 1 (`augmented`) or absent: these
/// rules use ‖x‖ and ‖w‖, or give the bias its own row of Σ, so a step
/// that leaves it out of the norms (`decoupled`) has no meaning.
pub(crate) fn augmented_or_none(label: &str, settings: &Settings) -> Result<()> {
    if settings.bias == BiasMode::Decoupled {
        return Err(Error::Mismatch(format!(
            "--bias decoupled is not defined for {label}: its bias is a weight on a constant 1 (--bias augmented) or absent (--bias none, as in LIBOL)"
        ).into()));
    }
    Ok(())
}

/// A LIBOL learner's bias rule and its registry entry: `--bias decoupled`
/// is refused for `label` (see [`augmented_or_none`]), both when a link's
/// settings are checked (the entry's check) and when `from_settings`
/// builds the learner: both call the `check_bias` this declares.
macro_rules! bias_rule_and_entry {
    ($type:ident, $label:literal $(,)?) => {
        fn check_bias(s: &crate::settings::Settings) -> crate::error::Result<()> {
            crate::libol::augmented_or_none($label, s)
        }
        crate::declare::entry!($type, check_bias);
    };
}
pub(crate) use bias_rule_and_entry;

/// Whether a mistake-driven rule updates: the paper's y f(x) ≤ 0, or
/// LIBOL's wrong sign (its `hat_y_t ~= y_t`, with +1 at a score of 0).
pub(crate) fn fires_on_mistake(form: LibolForm, y: f64, score: f64) -> bool {
    match form {
        LibolForm::Paper => y * score <= 0.0,
        LibolForm::Libol => is_mistake(Task::Classification, y, score),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zero_score_is_a_mistake_for_the_papers_and_not_for_libol_when_y_is_plus_one() {
        assert!(fires_on_mistake(LibolForm::Paper, 1.0, 0.0));
        assert!(!fires_on_mistake(LibolForm::Libol, 1.0, 0.0));
        assert!(fires_on_mistake(LibolForm::Libol, -1.0, 0.0));
        assert!(!fires_on_mistake(LibolForm::Paper, 1.0, 0.5));
        assert!(fires_on_mistake(LibolForm::Paper, -1.0, 0.5));
    }
}
