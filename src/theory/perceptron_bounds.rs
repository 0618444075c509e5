//! The perceptron's mistake bounds, for the perceptron, the averaged
//! perceptron and the pocket: each bounds the updates of the perceptron
//! that runs (w ← w + η y x when y w·x ≤ 0, from w = 0), which for the
//! averaged perceptron and the pocket is the one underneath, not the
//! model they predict with. η does not matter: from w = 0 the perceptron's
//! updates are the same for every η. The samples are x as the learner
//! sees them (x̃ = (x, 1) with a bias, `samples.rs`); R = max ‖x̃‖.
//!
//! The selective sampling perceptron gets both as a corollary of ours
//! ([`NOVIKOFF_ASKED`], [`FREUND_SCHAPIRE_ASKED`], named apart): it runs the
//! perceptron, from w = 0, on the rounds whose label it asked, so each
//! theorem bounds its updates over those rounds; and over a subsequence of
//! the rounds R is no larger, a unit u's margin no smaller and D no larger
//! (fewer non-negative d_t²), so each value over all the rounds bounds them
//! too. Its paper's own bound (in expectation over the draws) is not
//! transcribed (`untranscribed.rs`).
//!
//! Neither theorem's text could be read here (item 7 of issue 34): not
//! Novikoff's or Block's 1962 papers, nor a textbook quoting them word for
//! word, nor Freund & Schapire's paper beyond its first page. Each
//! statement says so (`unread`), and tests/theory_properties.rs checks over
//! many seeds, presets and bias modes that neither is ever below the count.

use super::bound::{Bound, Comparator, Evidence, Reason, Statement};

/// What could not be read for Novikoff's theorem.
const NOVIKOFF_UNREAD: &str = "Not checked word for word: Novikoff's paper (1962) and Block's (1962) could not be read here, nor a textbook that quotes them verbatim; this is the theorem's usual statement, and the project's tests check on many seeded runs that it is never below the perceptron's count.";

/// What could not be read for Freund & Schapire's Theorem 2.
const FREUND_SCHAPIRE_UNREAD: &str = "Not checked word for word: Freund & Schapire's paper (Machine Learning 37, 1999) could not be read here beyond its first page; this is its Theorem 2 as it is usually cited, and the project's tests check on many seeded runs that it is never below the perceptron's count.";

/// Block (1962); Novikoff, "On convergence proofs on perceptrons" (1962).
///
/// If ‖x_t‖ ≤ R for every t and some unit vector u and γ > 0 have
/// y_t (u·x_t) ≥ γ for every t, the perceptron started at w = 0 makes at
/// most (R/γ)² updates. Evaluated at the hard-margin u* and its γ*, the
/// largest γ any unit u attains, so the smallest value the theorem gives.
pub const NOVIKOFF: Statement = Statement {
    name: "novikoff",
    title: "Novikoff (1962)",
    text: "if ‖x_t‖ ≤ R for all t and some unit u has y_t u·x_t ≥ γ > 0 for all t, the perceptron (w₁ = 0) makes at most (R/γ)² updates",
    source: "Block 1962; Novikoff 1962",
    counts: "perceptron updates",
    checked: false,
    unread: Some(NOVIKOFF_UNREAD),
};

/// Freund & Schapire, "Large margin classification using the perceptron
/// algorithm", Machine Learning 37 (1999) 277-296, Theorem 2.
///
/// For a sequence with ‖x_t‖ ≤ R, any vector u with ‖u‖ = 1 and any
/// γ > 0, let d_t = max{0, γ − y_t (u·x_t)} and D = √(Σ_t d_t²). Then the
/// online perceptron makes at most ((R + D)/γ)² mistakes on the sequence.
/// (Its usual statement: the paper's text could not be read here beyond its
/// first page, see `FREUND_SCHAPIRE_UNREAD`.) No separability is assumed.
///
/// Evaluated at u = the direction of each comparator we compute (the
/// hinge minimiser with C = 1, and u* when separable), and for each at
/// the γ that makes the bound smallest: with s = 1/γ and m_t = y_t u·x_t
/// the bound is (R s + √(Σ_t max(0, 1 − s m_t)²))², whose square root is
/// convex in s, so a golden-section search finds it. s → 0 gives T
/// (the trivial bound); s > √T/R gives more than T, so s ∈ (0, √T/R].
pub const FREUND_SCHAPIRE: Statement = Statement {
    name: "freund-schapire-theorem-2",
    title: "Freund & Schapire 1999, Theorem 2",
    text: "for any unit u and γ > 0, with d_t = max(0, γ − y_t u·x_t) and D = √(Σ_t d_t²), and ‖x_t‖ ≤ R for all t, the perceptron (w₁ = 0) makes at most ((R + D)/γ)² mistakes (updates)",
    source: "Freund & Schapire 1999, Theorem 2",
    counts: "perceptron updates",
    checked: false,
    unread: Some(FREUND_SCHAPIRE_UNREAD),
};

/// Novikoff's theorem on the rounds the selective perceptron asked for
/// (our corollary, see the module's comment).
pub const NOVIKOFF_ASKED: Statement = Statement {
    name: "novikoff-asked-rounds",
    title: "Novikoff (1962), on the rounds it asked for",
    text: "our corollary: the selective perceptron runs the perceptron (w₁ = 0) on the rounds whose label it asked for, so Novikoff's theorem bounds its updates by (R/γ)² over those rounds; there R is no larger and a unit u's margin no smaller than over all the rounds, so (R/γ)² over all the rounds bounds them too (if some unit u has y_t u·x_t ≥ γ > 0 for all t)",
    source: "Novikoff 1962, applied to the asked rounds (our corollary)",
    counts: "perceptron updates",
    checked: false,
    unread: Some(NOVIKOFF_UNREAD),
};

/// Freund & Schapire's Theorem 2 on the rounds the selective perceptron
/// asked for (our corollary, see the module's comment).
pub const FREUND_SCHAPIRE_ASKED: Statement = Statement {
    name: "freund-schapire-theorem-2-asked-rounds",
    title: "Freund & Schapire 1999, Theorem 2, on the rounds it asked for",
    text: "our corollary: the selective perceptron runs the perceptron (w₁ = 0) on the rounds whose label it asked for, so Theorem 2 bounds its updates by ((R + D)/γ)² over those rounds; there R and D = √(Σ_t d_t²) are no larger than over all the rounds, so ((R + D)/γ)² over all the rounds bounds them too (any unit u, γ > 0, d_t = max(0, γ − y_t u·x_t))",
    source: "Freund & Schapire 1999, Theorem 2, applied to the asked rounds (our corollary)",
    counts: "perceptron updates",
    checked: false,
    unread: Some(FREUND_SCHAPIRE_UNREAD),
};

/// Novikoff's (R/γ)², at the largest γ (γ*): in the input space here,
/// in the feature space for the kernel perceptron (`theory::kernel`).
pub fn novikoff_value(radius: f64, margin: f64) -> f64 {
    let ratio = radius / margin;
    ratio * ratio
}

pub const STATEMENTS: [Statement; 2] = [NOVIKOFF, FREUND_SCHAPIRE];
pub const ASKED: [Statement; 2] = [NOVIKOFF_ASKED, FREUND_SCHAPIRE_ASKED];

/// The two bounds, with `statements` (this module's `STATEMENTS` or
/// `ASKED`): the same values, as the module's comment explains.
pub fn evaluate(e: &Evidence<'_>, statements: &[Statement; 2]) -> Vec<Bound> {
    let [novikoff, freund_schapire] = statements;
    let updates = e.updates as f64;
    let novikoff = Bound::new(novikoff, updates);
    let novikoff = match (e.not_separable(), e.separation.margin()) {
        (None, Some(margin)) => novikoff.value(
            novikoff_value(e.over.radius(), margin),
            Comparator::HardMargin,
        ),
        (reason, _) => novikoff.refused(reason.unwrap_or(Reason::NotSeparable)),
    };
    let mut best: Option<(f64, f64, Comparator)> = None;
    for (name, u) in e.comparators() {
        if let Some((value, gamma)) = e.over.freund_schapire(name, u) {
            if best.is_none_or(|b| value < b.0) {
                best = Some((value, gamma, name));
            }
        }
    }
    let freund_schapire = Bound::new(freund_schapire, updates);
    let freund_schapire = match best {
        Some((value, gamma, name)) => {
            let mut bound = freund_schapire.value(value, name);
            bound.gamma = gamma.is_finite().then_some(gamma);
            bound
        }
        None => freund_schapire.refused(Reason::NoDirection),
    };
    vec![novikoff, freund_schapire]
}
