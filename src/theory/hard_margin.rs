//! The hard-margin separator u*: the shortest u with y u·x̃ ≥ 1 on every
//! sample, and its geometric margin γ* = 1/‖u*‖ (the largest margin of any
//! unit vector, in the space the learner sees: with the constant 1 when
//! the bias is a weight).
//!
//! Two steps. The hull (`hull.rs`) decides whether a separator exists and
//! proves it either way. When it does, the hard-margin dual is solved by
//! the same coordinate descent as the soft margin (`dual.rs`, with an
//! unbounded box), started from the hull's weights scaled by 1/‖p‖²
//! (at the optimum α* = λ*/‖p*‖², so the start is already close), until
//! every margin condition holds to 1e-10. Both keep their state, so the
//! page's next call resumes from here.

use super::dual::{unlimited, Dual, Problem, MAX_EPOCHS, TOLERANCE};
use super::hull::{Hull, Verdict};
use super::samples::{Samples, Vector};

/// What is known of the hard-margin problem, u* given as `U`: its
/// coordinates here, its multipliers and margins in a kernel's feature
/// space (`kernel::hard_margin::KernelSeparation`).
#[derive(Clone, Debug, PartialEq)]
pub enum Separation<U = Vector> {
    /// No sample yet.
    Empty,
    /// Separable: u* and γ* = 1/‖u*‖.
    Separable {
        u: U,
        margin: f64,
        /// The dual's last solve met its tolerance.
        converged: bool,
    },
    /// No separator: the hull of the y x̃ comes within `distance` of the
    /// origin (see `hull::ORIGIN`).
    NotSeparable { distance: f64 },
    /// The hull's steps ran out: any separator's margin is at most `high`.
    Undecided { high: f64 },
    /// Past the samples the page keeps (`frozen.rs`; the linear layer
    /// only): u* of those misclassifies a later round, and the rounds since
    /// are not stored to look for another separator.
    PastKept,
}

impl<U> Separation<U> {
    pub fn is_separable(&self) -> bool {
        matches!(self, Separation::Separable { .. })
    }

    /// γ* when separable.
    pub fn margin(&self) -> Option<f64> {
        match self {
            Separation::Separable { margin, .. } => Some(*margin),
            _ => None,
        }
    }

    /// u* when separable.
    pub fn u(&self) -> Option<&U> {
        match self {
            Separation::Separable { u, .. } => Some(u),
            _ => None,
        }
    }

    /// How it was settled, as an id for a page that words it in its own
    /// language: "separable", "not-separable", "undecided", "past-kept"
    /// or "no-samples".
    pub fn settled(&self) -> &'static str {
        match self {
            Separation::Empty => "no-samples",
            Separation::Separable { .. } => "separable",
            Separation::NotSeparable { .. } => "not-separable",
            Separation::Undecided { .. } => "undecided",
            Separation::PastKept => "past-kept",
        }
    }

    /// What the hull's verdict says: a separable set's u* and γ* are
    /// `solve`'s, from the hard-margin dual it is given (None when its
    /// budget ran out); a set found not separable drops the dual, never
    /// needed again (the origin stays in a growing hull). Both layers'
    /// hard margins go through here.
    pub(crate) fn after_hull<D>(
        verdict: Verdict,
        dual: &mut Option<D>,
        solve: impl FnOnce(&mut Option<D>) -> Option<Self>,
    ) -> Option<Self> {
        Some(match verdict {
            Verdict::Empty => Separation::Empty,
            Verdict::NotSeparable { distance } => {
                *dual = None;
                Separation::NotSeparable { distance }
            }
            Verdict::Undecided { high } => Separation::Undecided { high },
            Verdict::Separable { .. } => return solve(dual),
        })
    }
}

/// The hull and the hard-margin dual, kept between calls.
#[derive(Clone, Debug, Default)]
pub struct HardMargin {
    hull: Hull,
    dual: Option<Dual>,
}

impl HardMargin {
    /// Brings u* and γ* up to date with the samples (warm).
    pub fn solve(&mut self, samples: &Samples) -> Separation {
        self.run(samples, &mut unlimited())
            .expect("an unlimited budget finishes")
    }

    /// [`HardMargin::solve`] within a budget of steps (see `Hull::run`,
    /// `Dual::run`): None when it ran out; the next call resumes.
    pub fn run(&mut self, samples: &Samples, steps: &mut u64) -> Option<Separation> {
        let verdict = self.hull.run(samples, steps)?;
        let hull = &self.hull;
        Separation::after_hull(verdict, &mut self.dual, |dual| {
            let dual = dual.get_or_insert_with(|| {
                let alpha = scaled(hull.weights(), hull.point().squared_norm());
                Dual::from_alpha(Problem::HardMargin, samples, alpha)
            });
            let solved = dual.run(samples, TOLERANCE, MAX_EPOCHS, steps)?;
            let u = dual.u().clone();
            let margin = 1.0 / u.squared_norm().sqrt();
            Some(Separation::Separable {
                u,
                margin,
                converged: solved.converged,
            })
        })
    }
}

/// The hard-margin dual's start from the hull's weights: α = λ/‖p‖²
/// (α* = λ*/‖p*‖² at the optimum).
pub(crate) fn scaled(weights: &[f64], p2: f64) -> Vec<f64> {
    weights.iter().map(|l| l / p2).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::features::Features;

    #[test]
    fn an_augmented_pair_splits_the_bias_and_the_weight() {
        // x = ±1 on a line, bias augmented: z = ±(±1, 1)... the points 1
        // (label +1) and -1 (label -1) give z = (1, 1) and (1, -1); the
        // shortest u with both margins ≥ 1 is (1, 0): b = 0, γ* = 1.
        let mut s = Samples::new(true);
        for (x, y) in [(1.0, 1.0), (-1.0, -1.0)] {
            let i = s.push(Features::Dense(&[x]), y).unwrap();
            s.count(i);
        }
        let got = HardMargin::default().solve(&s);
        let u = got.u().unwrap();
        assert!((u.w[0] - 1.0).abs() < 1e-10 && u.b.abs() < 1e-10, "{u:?}");
        assert!((got.margin().unwrap() - 1.0).abs() < 1e-10);
    }

    #[test]
    fn one_class_is_separable_by_the_bias_alone() {
        let mut s = Samples::new(true);
        for x in [[0.0, 0.0], [0.0, 0.0], [1.0, 2.0]] {
            let i = s.push(Features::Dense(&x), 1.0).unwrap();
            s.count(i);
        }
        let got = HardMargin::default().solve(&s);
        let margin = got.margin().expect("separable");
        assert!(margin.is_finite() && margin > 0.0 && margin <= 1.0 + 1e-12);
    }
}
