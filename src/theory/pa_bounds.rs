//! The loss and mistake bounds of Crammer, Dekel, Keshet, Shalev-Shwartz &
//! Singer, "Online Passive-Aggressive Algorithms", JMLR 7 (2006) 551-585,
//! section 4, checked against the paper's text (pp. 558-561).
//!
//! Notation (their Eq. 9): ℓ_t = max(0, 1 − y_t w_t·x_t) is the learner's
//! hinge loss before its update on round t, ℓ*_t = max(0, 1 − y_t u·x_t)
//! that of a fixed comparator u; the learner starts at w₁ = 0 (Lemma 1's
//! proof uses it). x_t is x as the learner sees it: x̃ = (x, 1) with
//! `--bias augmented`, x itself with `none`; with `decoupled` the step is
//! not the paper's and no bound is given (`Reason::DecoupledStep`).
//!
//! Each bound holds for every u it allows; the tightest u is computed:
//! Theorem 4's right-hand side is max{R², 1/C} times twice the hinge
//! soft-margin objective ½‖u‖² + C Σ ℓ*_t, so the hinge minimiser at the
//! learner's C is exactly its best u; Theorem 5's is (R² + 1/(2C)) times
//! twice the squared-hinge objective, so the squared-hinge minimiser is;
//! Theorem 2's is ‖u‖²R² over separators, minimised by the hard-margin u*.
//! The objectives are evaluated at the u computed (the primal value), so a
//! solver that stopped short only makes the bound looser, never wrong.
//! A mistake has ℓ_t ≥ 1 (y_t w_t·x_t ≤ 0), so every bound on Σℓ_t² also
//! bounds the mistakes; those corollaries are listed as their own lines.

use super::bound::{Bound, Comparator, Evidence, Reason, Statement};
use super::covered::Covered;
use crate::settings::BiasMode;

/// Theorem 2: "Let (x₁, y₁), …, (x_T, y_T) be a sequence of examples where
/// x_t ∈ ℝⁿ, y_t ∈ {+1, −1} and ‖x_t‖ ≤ R for all t. Assume that there
/// exists a vector u such that ℓ*_t = 0 for all t. Then, the cumulative
/// squared loss of PA on this sequence of examples is bounded by
/// Σ_t ℓ_t² ≤ ‖u‖² R²."
pub const PA_THEOREM_2: Statement = Statement {
    name: "pa-theorem-2",
    title: "Crammer et al. 2006, Theorem 2",
    text: "if ‖x_t‖ ≤ R for all t and some u has ℓ*_t = max(0, 1 − y_t u·x_t) = 0 for all t, PA's cumulative squared loss Σ_t ℓ_t² ≤ ‖u‖²R²",
    source: "Crammer et al. 2006, Theorem 2",
    counts: "Σℓ_t²",
    checked: true,
    unread: None,
};

/// Theorem 2 with ℓ_t ≥ 1 on each mistake: mistakes ≤ Σ ℓ_t² ≤ ‖u‖²R².
pub const PA_THEOREM_2_MISTAKES: Statement = Statement {
    name: "pa-theorem-2-mistakes",
    title: "Crammer et al. 2006, Theorem 2, on mistakes",
    text: "Theorem 2, and ℓ_t ≥ 1 on every mistake: PA's mistakes ≤ Σ_t ℓ_t² ≤ ‖u‖²R² for every u with ℓ*_t = 0 for all t (‖x_t‖ ≤ R)",
    source: "Crammer et al. 2006, Theorem 2 (and section 4's remark that the squared loss bounds the mistakes)",
    counts: "mistakes",
    checked: true,
    unread: None,
};

/// Theorem 3: "Let (x₁, y₁), …, (x_T, y_T) be a sequence of examples where
/// x_t ∈ ℝⁿ, y_t ∈ {+1, −1} and ‖x_t‖ = 1 for all t. Then for any vector
/// u ∈ ℝⁿ the cumulative squared loss of PA on this sequence of examples
/// is bounded from above by Σ_t ℓ_t² ≤ (‖u‖ + 2√(Σ_t (ℓ*_t)²))²."
pub const PA_THEOREM_3: Statement = Statement {
    name: "pa-theorem-3",
    title: "Crammer et al. 2006, Theorem 3",
    text: "if ‖x_t‖ = 1 for all t, then for any u, PA's Σ_t ℓ_t² ≤ (‖u‖ + 2√(Σ_t (ℓ*_t)²))²",
    source: "Crammer et al. 2006, Theorem 3",
    counts: "Σℓ_t²",
    checked: true,
    unread: None,
};

/// Theorem 4: "Let (x₁, y₁), …, (x_T, y_T) be a sequence of examples where
/// x_t ∈ ℝⁿ, y_t ∈ {+1, −1} and ‖x_t‖ ≤ R for all t. Then, for any vector
/// u ∈ ℝⁿ, the number of prediction mistakes made by PA-I on this sequence
/// of examples is bounded from above by max{R², 1/C} (‖u‖² + 2C Σ_t ℓ*_t),
/// where C is the aggressiveness parameter provided to PA-I."
pub const PA1_THEOREM_4: Statement = Statement {
    name: "pa-i-theorem-4",
    title: "Crammer et al. 2006, Theorem 4",
    text: "if ‖x_t‖ ≤ R for all t, then for any u, PA-I's mistakes ≤ max{R², 1/C} (‖u‖² + 2C Σ_t ℓ*_t)",
    source: "Crammer et al. 2006, Theorem 4",
    counts: "mistakes",
    checked: true,
    unread: None,
};

/// Theorem 5: "Let (x₁, y₁), …, (x_T, y_T) be a sequence of examples where
/// x_t ∈ ℝⁿ, y_t ∈ {+1, −1} and ‖x_t‖² ≤ R² for all t. Then for any vector
/// u ∈ ℝⁿ it holds that the cumulative squared loss of PA-II on this
/// sequence of examples is bounded by
/// Σ_t ℓ_t² ≤ (R² + 1/(2C)) (‖u‖² + 2C Σ_t (ℓ*_t)²)."
pub const PA2_THEOREM_5: Statement = Statement {
    name: "pa-ii-theorem-5",
    title: "Crammer et al. 2006, Theorem 5",
    text: "if ‖x_t‖² ≤ R² for all t, then for any u, PA-II's Σ_t ℓ_t² ≤ (R² + 1/(2C)) (‖u‖² + 2C Σ_t (ℓ*_t)²)",
    source: "Crammer et al. 2006, Theorem 5",
    counts: "Σℓ_t²",
    checked: true,
    unread: None,
};

/// Theorem 5 with ℓ_t ≥ 1 on each mistake.
pub const PA2_THEOREM_5_MISTAKES: Statement = Statement {
    name: "pa-ii-theorem-5-mistakes",
    title: "Crammer et al. 2006, Theorem 5, on mistakes",
    text: "Theorem 5, and ℓ_t ≥ 1 on every mistake: PA-II's mistakes ≤ Σ_t ℓ_t² ≤ (R² + 1/(2C)) (‖u‖² + 2C Σ_t (ℓ*_t)²) for any u",
    source: "Crammer et al. 2006, Theorem 5 (and section 4's remark that the squared loss bounds the mistakes)",
    counts: "mistakes",
    checked: true,
    unread: None,
};

pub const PA: [Statement; 3] = [PA_THEOREM_2, PA_THEOREM_2_MISTAKES, PA_THEOREM_3];
pub const PA1: [Statement; 1] = [PA1_THEOREM_4];
pub const PA2: [Statement; 2] = [PA2_THEOREM_5, PA2_THEOREM_5_MISTAKES];

/// ‖x_t‖ = 1 within rounding, for Theorem 3.
const UNIT: f64 = 1e-12;

pub fn evaluate(covered: Covered, e: &Evidence<'_>) -> Vec<Bound> {
    let (mistakes, squared) = (e.mistakes as f64, e.squared_loss);
    let statements: &[Statement] = match covered {
        Covered::Pa => &PA,
        Covered::Pa1 { .. } => &PA1,
        _ => &PA2,
    };
    let actual = |s: &Statement| {
        if s.counts == "mistakes" {
            mistakes
        } else {
            squared
        }
    };
    if e.bias == BiasMode::Decoupled {
        return statements
            .iter()
            .map(|s| Bound::new(s, actual(s)).refused(Reason::DecoupledStep))
            .collect();
    }
    let r2 = e.radius_squared();
    match covered {
        Covered::Pa => {
            let separable = |s: &Statement| {
                let bound = Bound::new(s, actual(s));
                match (e.not_separable(), e.separation.margin()) {
                    (None, Some(margin)) => {
                        bound.value(r2 / (margin * margin), Comparator::HardMargin)
                    }
                    (reason, _) => bound.refused(reason.unwrap_or(Reason::NotSeparable)),
                }
            };
            vec![
                separable(&PA_THEOREM_2),
                separable(&PA_THEOREM_2_MISTAKES),
                theorem_3(e, squared),
            ]
        }
        Covered::Pa1 { c } => {
            let value = theorem_4(r2, c, e.hinge.value);
            vec![Bound::new(&PA1_THEOREM_4, mistakes).value(value, Comparator::HingeMinimiser)]
        }
        Covered::Pa2 { c } => {
            let objective = e.squared.map_or(f64::INFINITY, |m| m.value);
            let value = theorem_5(r2, c, objective);
            vec![
                Bound::new(&PA2_THEOREM_5, squared).value(value, Comparator::SquaredHingeMinimiser),
                Bound::new(&PA2_THEOREM_5_MISTAKES, mistakes)
                    .value(value, Comparator::SquaredHingeMinimiser),
            ]
        }
        _ => Vec::new(),
    }
}

/// Theorem 4's right-hand side at its best u, the hinge minimiser at C:
/// max{R², 1/C} (‖u‖² + 2C Σ ℓ*_t) = max{R², 1/C} · 2 · (its objective
/// ½‖u‖² + C Σ ℓ*_t). The kernel theory evaluates it in the feature
/// space (`theory::kernel::bounds`).
pub fn theorem_4(r2: f64, c: f64, hinge_objective: f64) -> f64 {
    r2.max(1.0 / c) * 2.0 * hinge_objective
}

/// Theorem 5's right-hand side at its best u, the squared-hinge
/// minimiser: (R² + 1/(2C)) · 2 · (½‖u‖² + C Σ (ℓ*_t)²).
pub fn theorem_5(r2: f64, c: f64, squared_objective: f64) -> f64 {
    (r2 + 0.5 / c) * 2.0 * squared_objective
}

/// Theorem 3 at the comparator that makes it smallest, when every sample
/// has unit norm as the learner sees it.
fn theorem_3(e: &Evidence<'_>, squared: f64) -> Bound {
    let bound = Bound::new(&PA_THEOREM_3, squared);
    if !e.over.unit_norm(UNIT) {
        return bound.refused(Reason::NotUnitNorm);
    }
    let mut best: Option<(f64, Comparator)> = None;
    for (name, u) in e.comparators() {
        let losses = e.over.squared_hinge(name, u);
        let root = u.squared_norm().sqrt() + 2.0 * losses.sqrt();
        if best.is_none_or(|b| root * root < b.0) {
            best = Some((root * root, name));
        }
    }
    match best {
        Some((value, name)) => bound.value(value, name),
        None => bound.refused(Reason::NoDirection),
    }
}
