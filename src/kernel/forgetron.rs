//! The self-tuned Forgetron (Dekel, Shalev-Shwartz & Singer, "The
//! Forgetron: a kernel-based perceptron on a budget", SIAM J. Comput. 37(5),
//! 2008): the kernel perceptron kept within a budget B by shrinking and
//! forgetting. f = Σ σᵢ yᵢ k(xᵢ, ·). On y f(x) ≤ 0 (M ← M + 1), x joins
//! with σ = 1; if the set then holds more than B, with r its oldest
//! vector, λ = σᵣ and μ = yᵣ f′(xᵣ) (f′ with x added):
//!
//! φ = max{φ ∈ (0, 1] : Q + Ψ(λ, φ, μ) ≤ 15/32 · M},
//! Ψ(λ, φ, μ) = (λφ)² + 2λφ(1 − φμ),
//!
//! every σ is multiplied by φ, Q ← Q + Ψ, and r is removed. Q ≤ 15/32 M
//! holds throughout, so a φ > 0 exists: with a = λ² − 2λμ, b = 2λ and
//! c = Q − 15/32 M < 0, φ = 1 when a + b + c ≤ 0, else the root of
//! aφ² + bφ + c in (0, 1), written −2c/(b + √(b² − 4ac)) (the same root as
//! (−b + √(b² − 4ac))/2a, without its cancellation when a is small). This
//! is the closed form of Orabona's DOGMA (k_forgetron_st_train.m) and of
//! JSAT's Forgetron, which agree. Ψ bounds the removal's damage when
//! k(x, x) ≤ 1 (the Gaussian kernel); with another kernel the rule runs as
//! written.
//!
//! [`KernelForm::Authors`]: Lu & Hoi's forgetron.m (github
//! jingcoco/Online-Kernel-Learning, binary/), which differs in two places:
//! M counts wrong signs (a score of 0 predicts +1, so a 0 score with y = +1
//! updates without counting), and where a < 0 and a + b + c > 0 it takes
//! the larger root (−b − √(b² − 4ac))/2a, which exceeds 1: the
//! coefficients grow instead of shrinking (its a = 0 case is
//! max(0, min(1, −c/b)), as the paper's). The paper's form is the default.

use super::core::{kernel_learner, Core, KernelHooks};
use super::function::{Kernel, KernelSpec};
use super::kernel_keys;
use super::perceptron::budget;
use super::support_set::{Removal, SupportSet};
use crate::error::Result;
use crate::features::Features;
use crate::learner::{Details, Family, Info, Update, BUDGETS};
use crate::settings::{KernelForm, Settings};

pub const INFO: Info = Info {
    name: "forgetron",
    label: "Forgetron",
    family: Family::Kernel,
    rule: super::text_with_code("if m ≤ 0: add x with σ = 1; past the budget, scale every σ by φ and drop the oldest, φ the largest in (0, 1] with Q + Ψ ≤ 15/32·M"),
    filled: super::text_with_code("φ = {phi};  Q = {q} ≤ 15/32·M = 15/32·{mistakes}"),
    step: "step",
    passive: super::text_with_code("predicted correctly"),
    // In the order of `Clause`.
    branches: super::with_code(&[
        "m ≤ 0: x joins with σ = 1 and the set holds {size}, within the budget; the margin went from {margin} to {reached}",
        "m ≤ 0: x joins with σ = 1, the set went past the budget, so every σ was scaled by φ = {phi} (the largest in (0, 1] keeping Q + Ψ ≤ 15/32·M, M = {mistakes}) and the oldest support vector was dropped",
        "m ≤ 0: x joins with σ = 1, the set went past the budget, so every σ was scaled by φ = {phi} (the root of Q + Ψ = 15/32·M the authors' forgetron.m takes, M = {mistakes} wrong signs) and the oldest support vector was dropped",
    ]),
    source: super::text_with_code("Dekel, Shalev-Shwartz & Singer 2008, the self-tuned Forgetron"),
    reads: |_| kernel_keys![Budget, ForgetronForm],
    cap: budget,
    sweep: Some(BUDGETS),
    ..Info::DEFAULT
};

super::kernel_entry!(ENTRY: Forgetron, |s, kernel| {
    Forgetron::new(kernel, budget(s), s.forgetron_form)
});

crate::declare::clauses!(Within, Shrunk, AuthorsShrunk);

#[derive(Clone, Debug)]
pub struct Forgetron {
    core: Core,
    form: KernelForm,
    /// Q: the damage the removals did so far, by Ψ.
    q: f64,
    /// M: the updates (the paper), or the wrong signs (the authors' code).
    mistakes: u64,
}

/// The shrinking factor: `a`, `b`, `c` are the coefficients of
/// Q + Ψ(φ) − 15/32 M = aφ² + bφ + c.
fn shrink(form: KernelForm, a: f64, b: f64, c: f64) -> f64 {
    let d = (b * b - 4.0 * a * c).max(0.0);
    if a + b + c <= 0.0 {
        return 1.0;
    }
    match form {
        // b = 0 only once every σ is 0 (a φ of 0 before): nothing to shrink.
        KernelForm::Paper if b == 0.0 => 1.0,
        // In [0, 1] for c ≤ 0 and a + b + c > 0; the clamp only keeps
        // rounding (c a hair above 0) from flipping the coefficients' signs.
        KernelForm::Paper => (-2.0 * c / (b + d.sqrt())).clamp(0.0, 1.0),
        // MATLAB's max(0, min(1, -c/b)) takes 1 for the NaN of b = 0.
        KernelForm::Authors if a == 0.0 && b == 0.0 => 1.0,
        KernelForm::Authors if a == 0.0 => (-c / b).clamp(0.0, 1.0),
        KernelForm::Authors if a > 0.0 => (-b + d.sqrt()) / (2.0 * a),
        KernelForm::Authors => (-b - d.sqrt()) / (2.0 * a),
    }
}

impl Forgetron {
    /// `budget`: None for the plain kernel perceptron.
    pub fn new(kernel: KernelSpec, budget: Option<usize>, form: KernelForm) -> Result<Self> {
        Ok(Self {
            core: Core::new(kernel, SupportSet::new(budget, false), Removal::Oldest, 0)?,
            form,
            q: 0.0,
            mistakes: 0,
        })
    }

    /// Q, the removals' damage so far.
    pub fn damage(&self) -> f64 {
        self.q
    }

    /// M: its updates (the paper's form), or its wrong signs (the authors').
    pub fn mistakes(&self) -> u64 {
        self.mistakes
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let core = &mut self.core;
        let score = core.column(x);
        let wrong_sign = y != if score >= 0.0 { 1.0 } else { -1.0 };
        if self.form == KernelForm::Authors && wrong_sign {
            self.mistakes += 1;
        }
        if y * score > 0.0 {
            return core.passive(y, score);
        }
        if self.form == KernelForm::Paper {
            self.mistakes += 1;
        }
        let kxx = core.kernel.self_similarity(x);
        core.add(x, y, y, kxx, kxx);
        let stepped = y * score + kxx;
        let over = core
            .support
            .budget()
            .is_some_and(|b| core.support.len() > b);
        if !over {
            let after = core.support.score(&core.kernel, x);
            let numbers = Details::new(&["stepped"], [stepped]);
            return core
                .report(y, score, after, 1.0, true, 0)
                .with(numbers.branch(Clause::Within as u8));
        }
        // r: the oldest vector; λ = σᵣ = αᵣ yᵣ, μ = yᵣ f′(xᵣ) with x added.
        let (oldest, label) = core.support.vector(0);
        let lambda = core.support.coefficients()[0] * label;
        let mu = label * core.support.score(&core.kernel, oldest);
        let budget_line = 15.0 / 32.0 * self.mistakes as f64;
        let (a, b, c) = (
            lambda * lambda - 2.0 * lambda * mu,
            2.0 * lambda,
            self.q - budget_line,
        );
        let phi = shrink(self.form, a, b, c);
        core.support.scale(phi);
        self.q += (lambda * phi).powi(2) + 2.0 * lambda * phi * (1.0 - phi * mu);
        core.support.remove(0);
        let after = core.support.score(&core.kernel, x);
        let clause = match self.form {
            KernelForm::Paper => Clause::Shrunk,
            KernelForm::Authors => Clause::AuthorsShrunk,
        };
        let numbers = Details::new(
            &["phi", "q", "mistakes", "stepped"],
            [phi, self.q, self.mistakes as f64, stepped],
        );
        core.report(y, score, after, 1.0, true, 1)
            .with(numbers.branch(clause as u8))
    }
}

impl KernelHooks for Forgetron {
    fn tune(&mut self, settings: &Settings) {
        // A smaller budget drops the oldest at once, without shrinking.
        self.core.set_budget(budget(settings));
    }

    fn clear(&mut self) {
        self.q = 0.0;
        self.mistakes = 0;
    }
}

kernel_learner!(Forgetron);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phi_is_the_largest_in_0_1_under_the_budget_line() {
        // Convex (a > 0), concave (a < 0) and linear (a = 0) in φ.
        for (a, b, c) in [
            (1.0, 2.0, -0.5),
            (-1.0, 2.0, -0.5),
            (0.0, 2.0, -0.5),
            (3.0, 0.5, -9.0),
        ] {
            let phi = shrink(KernelForm::Paper, a, b, c);
            let g = |p: f64| a * p * p + b * p + c;
            assert!(
                phi > 0.0 && phi <= 1.0 && g(phi) <= 1e-12,
                "{a} {b} {c}: {phi}"
            );
            if phi < 1.0 {
                assert!(g(phi + 1e-9) > 0.0, "the largest such φ");
            }
        }
        // The authors' code takes the larger root where Ψ is concave.
        let phi = shrink(KernelForm::Authors, -1.0, 2.0, -0.5);
        assert!((phi - (1.0 + 0.5f64.sqrt())).abs() < 1e-12, "{phi}");
        assert_eq!(shrink(KernelForm::Paper, 1.0, 2.0, -4.0), 1.0);
    }
}
