//! Balanced Winnow: Littlestone's Winnow ("Learning quickly when irrelevant
//! attributes abound: a new linear-threshold algorithm", Machine Learning 2
//! (1988) 285-318, Winnow2) in its balanced form (Littlestone, "Mistake
//! bounds and logarithmic linear-threshold learning algorithms", UCSC-CRL-
//! 89-11, 1989), with promotion factor α > 1 and threshold θ:
//!
//! f(x) = (w⁺ − w⁻)·x − θ;  if y f ≤ 0:  w⁺ᵢ ← w⁺ᵢ α^(y xᵢ/R),  w⁻ᵢ ← w⁻ᵢ / α^(y xᵢ/R)
//!
//! w⁺ᵢ = w⁻ᵢ = 1 at first (Winnow2's first weights), so w = w⁺ − w⁻ = 0.
//!
//! Why this form. Winnow2 learns positive weights over Boolean attributes:
//! on a false negative it multiplies the weight of each attribute that is
//! on by α, on a false positive it divides it by α. The page's features
//! are real and signed, and a boundary through them needs weights of both
//! signs: balanced Winnow keeps two positive vectors and predicts with
//! their difference (the form Weka's Winnow.java and Witten & Frank's Data
//! Mining, Fig. 4.11b, state: promote w⁺ᵢ and demote w⁻ᵢ on a false
//! negative, the reverse on a false positive, for each attribute that is
//! on). For an attribute xᵢ ∈ {0, 1} the factor α^(y xᵢ) is exactly that
//! (α or 1/α when it is on, 1 when it is off); for real xᵢ it is the
//! exponentiated form in which later analyses write Winnow (Kivinen &
//! Warmuth's EGU±, 1997): our reading where the papers' attributes are
//! Boolean, not a line of theirs.
//!
//! Where the papers are silent, ours:
//! - R, the largest |xᵢ| seen so far (this sample included), divides the
//!   exponent, so that every factor lies in [1/α, α] as it does for
//!   attributes in [0, 1], the papers' domain. On Boolean data R = 1 and
//!   the rule is the papers'. (As PAUM's R, online it is the largest so
//!   far, not the data's.) Without it, α^xᵢ overflows for large xᵢ.
//! - The bias: `--bias augmented` adds the constant attribute 1 (its own
//!   w⁺₀, w⁻₀, updated as any other, and it counts in R); `--bias none`
//!   has none. Decoupled is refused. θ is a fixed threshold, 0 by default:
//!   with the bias weights it is redundant, and with signed weights the
//!   papers' θ (of the order of the number of attributes, for positive
//!   weights on Boolean data) has no meaning here.
//! - A mistake is y f ≤ 0, as for every relative (Winnow predicts 1 when
//!   Σ wᵢxᵢ > θ; here +1 when f ≥ 0, the project's sign).
//! - As every update multiplies w⁺ᵢ and divides w⁻ᵢ by the same factor,
//!   w⁺ᵢ w⁻ᵢ stays 1: a warm start from a model w takes w⁺ᵢ = (sᵢ + wᵢ)/2,
//!   w⁻ᵢ = (sᵢ − wᵢ)/2 with sᵢ = √(wᵢ² + 4), the point of that curve.
//!
//! ```
//! use onlinelearn::{Algorithm, AnyLearner, BiasMode, Features, Learner, Settings};
//! let s = Settings { winnow_alpha: 2.0, bias: BiasMode::None, ..Settings::default() };
//! let mut winnow = AnyLearner::new(Algorithm::Winnow, &s).unwrap();
//! // f = 0 at first, so y = −1 is a mistake; R = 1: w⁺ = (1/2, √2), w⁻ = (2, 1/√2).
//! assert!(winnow.learn_one(Features::Dense(&[1.0, -0.5]), -1.0).aggressive);
//! let w = winnow.linear_model().unwrap().weights;
//! assert_eq!(w[0], -1.5);
//! assert!((w[1] - 0.5f64.sqrt()).abs() < 1e-15);
//! ```

use super::{bias_rule_and_entry, clauses_with_code, with_code};
use crate::error::Result;
use crate::features::Features;
use crate::learner::{
    hinge_loss, Configured, Details, Family, Info, Learner, LinearModel, Task, Update,
};
use crate::settings::{BiasMode, Checked, Key, Settings};

pub const INFO: Info = Info {
    name: "winnow",
    label: "Balanced Winnow",
    family: Family::Linear,
    rule: with_code("f = (w⁺ − w⁻)·x − θ; if y f ≤ 0: w⁺ᵢ ← w⁺ᵢ·α^(y xᵢ/R) and w⁻ᵢ ← w⁻ᵢ/α^(y xᵢ/R), R the largest |xᵢ| so far"),
    filled: with_code("R = {reach};  α = {winnow-alpha},  θ = {winnow-theta};  the largest factor α^(max|xᵢ|/R) = {factor}"),
    step: "coefficient",
    passive: with_code("y f > 0 (or x = 0, where every factor α⁰ is 1)"),
    branches: clauses_with_code(&[
        "y f = {margin} ≤ 0, a mistake: each w⁺ᵢ was multiplied by α^(y xᵢ/R) and each w⁻ᵢ divided by it (R = {reach}, the largest factor {factor}); the margin went from {margin} to {reached}",
    ]),
    note: with_code("balanced Winnow (Littlestone 1989): w = w⁺ − w⁻ takes either sign; dividing by R keeps each factor within [1/α, α], as for the papers' attributes in [0, 1]; with --bias augmented the constant attribute 1 has its own w⁺₀ and w⁻₀"),
    update: with_code("w⁺ᵢ ← w⁺ᵢ·α^(y·xᵢ/R),  w⁻ᵢ ← w⁻ᵢ·α^(−y·xᵢ/R)"),
    source: with_code("Littlestone 1988; the balanced form, Littlestone 1989"),
    reads: |_| &[Key::WinnowAlpha, Key::WinnowTheta, Key::Bias],
    ..Info::DEFAULT
};

bias_rule_and_entry!(
    Winnow,
    "balanced Winnow",
    ": its bias is the constant attribute 1 with its own w⁺₀ and w⁻₀ (--bias augmented), or absent (--bias none)",
);

/// One attribute's pair of positive weights.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Pair {
    plus: f64,
    minus: f64,
}

impl Pair {
    const START: Pair = Pair {
        plus: 1.0,
        minus: 1.0,
    };

    /// The pair of w⁺ᵢ − w⁻ᵢ = w on the curve w⁺ᵢ w⁻ᵢ = 1.
    fn of(w: f64) -> Pair {
        let s = (w * w + 4.0).sqrt();
        Pair {
            plus: (s + w) / 2.0,
            minus: (s - w) / 2.0,
        }
    }

    /// w⁺ᵢ ← w⁺ᵢ a, w⁻ᵢ ← w⁻ᵢ / a.
    fn promote(&mut self, a: f64) {
        self.plus *= a;
        self.minus /= a;
    }

    fn weight(self) -> f64 {
        self.plus - self.minus
    }
}

/// Balanced Winnow: a pair of weights per attribute, the constant
/// attribute's pair, and R so far.
#[derive(Clone, Debug)]
pub struct Winnow {
    alpha: f64,
    theta: f64,
    bias: BiasMode,
    pairs: Vec<Pair>,
    /// w⁺ᵢ − w⁻ᵢ, kept with the pairs: the weights the score reads.
    weights: Vec<f64>,
    /// The constant attribute's pair (stays at the start without a bias).
    constant: Pair,
    /// R: the largest |xᵢ| seen so far (1 at least with the constant).
    reach: f64,
}

impl Winnow {
    pub fn from_settings(s: &Checked) -> Result<Self> {
        check_bias(s)?;
        Ok(Self {
            alpha: s.winnow_alpha,
            theta: s.winnow_theta,
            bias: s.bias,
            pairs: Vec::new(),
            weights: Vec::new(),
            constant: Pair::START,
            reach: 0.0,
        })
    }

    /// The intercept of f: w⁺₀ − w⁻₀ − θ.
    fn offset(&self) -> f64 {
        self.constant.weight() - self.theta
    }

    fn score_of(&self, x: Features<'_>) -> f64 {
        x.dot(&self.weights) + self.offset()
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let augmented = self.bias == BiasMode::Augmented;
        let mut largest = if augmented { 1.0f64 } else { 0.0 };
        x.for_each_nonzero(|_, v| largest = largest.max(v.abs()));
        self.reach = self.reach.max(largest);
        let score = self.score_of(x);
        let passive = Update::passive(Task::Classification, y, score, hinge_loss(y, score));
        if y * score > 0.0 || largest == 0.0 {
            return passive;
        }
        let (alpha, reach) = (self.alpha, self.reach);
        let factor = |v: f64| libm::pow(alpha, y * v / reach);
        if x.dim() > self.pairs.len() {
            self.pairs.resize(x.dim(), Pair::START);
            self.weights.resize(x.dim(), 0.0);
        }
        let (pairs, weights) = (&mut self.pairs, &mut self.weights);
        x.for_each_nonzero(|i, v| {
            if v != 0.0 {
                pairs[i].promote(factor(v));
                weights[i] = pairs[i].weight();
            }
        });
        if augmented {
            self.constant.promote(factor(1.0));
        }
        let numbers = Details::new(
            &["reach", "factor"],
            [reach, libm::pow(alpha, largest / reach)],
        );
        Update {
            // The coefficient of y xᵢ in the exponent.
            tau: 1.0 / reach,
            score_after: self.score_of(x),
            aggressive: true,
            ..passive
        }
        .with(numbers.branch(1))
    }
}

impl Configured for Winnow {
    fn retune(&mut self, settings: &Settings) {
        self.alpha = settings.winnow_alpha;
        self.theta = settings.winnow_theta;
        self.bias = settings.bias;
        if self.bias == BiasMode::None {
            self.constant = Pair::START;
        }
    }

    fn warm_start(&mut self, model: &LinearModel) {
        self.pairs = model.weights.iter().map(|&w| Pair::of(w)).collect();
        self.weights = self.pairs.iter().map(|p| p.weight()).collect();
        self.constant = match self.bias {
            BiasMode::None => Pair::START,
            _ => Pair::of(model.bias + self.theta),
        };
    }
}

impl Learner for Winnow {
    fn task(&self) -> Task {
        Task::Classification
    }

    fn score(&self, x: Features<'_>) -> f64 {
        self.score_of(x)
    }

    fn learn_one(&mut self, x: Features<'_>, y: f64) -> Update {
        self.learn(x, y)
    }

    fn reset(&mut self) {
        self.pairs.clear();
        self.weights.clear();
        self.constant = Pair::START;
        self.reach = 0.0;
    }

    fn linear_model(&self) -> Option<LinearModel> {
        Some(LinearModel {
            weights: self.weights.clone(),
            bias: self.offset(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::built;

    fn winnow(alpha: f64, theta: f64, bias: BiasMode) -> Winnow {
        built(
            Winnow::from_settings,
            Settings {
                winnow_alpha: alpha,
                winnow_theta: theta,
                bias,
                ..Settings::default()
            },
        )
    }

    #[test]
    fn on_boolean_attributes_a_mistake_multiplies_or_divides_by_alpha() {
        let mut w = winnow(3.0, 0.5, BiasMode::None);
        // f = 0 − θ < 0: a false negative promotes the attributes that are on.
        let u = w.learn_one(Features::Dense(&[1.0, 0.0, 1.0]), 1.0);
        assert!(u.aggressive && u.mistake);
        assert_eq!(
            w.pairs[0],
            Pair {
                plus: 3.0,
                minus: 1.0 / 3.0
            }
        );
        assert_eq!(w.pairs[1], Pair::START, "an attribute that is off stays");
        // f = 2·(3 − 1/3) − 0.5 > 0 on (1, 1, 1): a false positive demotes.
        w.learn_one(Features::Dense(&[1.0, 1.0, 1.0]), -1.0);
        assert_eq!(
            w.pairs[0],
            Pair {
                plus: 1.0,
                minus: 1.0
            }
        );
        assert_eq!(
            w.pairs[1],
            Pair {
                plus: 1.0 / 3.0,
                minus: 3.0
            }
        );
        assert_eq!(
            w.linear_model().unwrap().bias,
            -0.5,
            "b = −θ without a bias"
        );
        // Right, so nothing moves.
        assert!(!w.learn_one(Features::Dense(&[0.0, 1.0]), -1.0).aggressive);
    }

    #[test]
    fn real_attributes_are_divided_by_the_largest_so_far_and_the_product_stays_one() {
        let mut w = winnow(2.0, 0.0, BiasMode::Augmented);
        w.learn_one(Features::Dense(&[4.0, -2.0]), -1.0); // f = 0: a mistake, R = 4
        let u = w.learn_one(Features::Dense(&[-8.0, 1.0]), -1.0);
        // R = 8 now: the factor on x₀ is 2^(8/8) = 2, the largest there is.
        assert_eq!((u.details.values[0], u.details.values[1]), (8.0, 2.0));
        assert_eq!(w.pairs[0].plus, 0.5 * 2.0);
        for p in w.pairs.iter().chain([&w.constant]) {
            assert!((p.plus * p.minus - 1.0).abs() < 1e-15, "{p:?}");
        }
        // A warm start lands on the same curve, with the model's weights.
        let model = w.linear_model().unwrap();
        let mut v = winnow(2.0, 0.0, BiasMode::Augmented);
        v.warm_start(&model);
        let again = v.linear_model().unwrap();
        assert!((again.bias - model.bias).abs() < 1e-15);
        for (a, b) in again.weights.iter().zip(&model.weights) {
            assert!((a - b).abs() < 1e-15);
        }
    }

    #[test]
    fn a_zero_sample_without_a_bias_changes_nothing() {
        let mut w = winnow(2.0, 1.0, BiasMode::None);
        let u = w.learn_one(Features::Dense(&[0.0, 0.0]), 1.0);
        assert!(u.mistake && !u.aggressive);
        assert!(w.pairs.is_empty() && w.reach == 0.0);
    }
}
