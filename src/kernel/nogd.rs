//! NOGD, Nyström online gradient descent (Lu, Hoi, Wang, Zhao & Liu,
//! "Large scale online kernel learning", JMLR 17(47), 2016): kernel online
//! gradient descent on the hinge loss until the support set holds B
//! vectors, then gradient descent in the Nyström feature space those B
//! vectors span.
//!
//! While the set holds fewer than B, a sample with y f(x) < 1 joins with
//! coefficient η y. When it fills, the Gram matrix K of the B vectors is
//! decomposed once, its top k eigenpairs (V, D) give the map
//! z(x) = D^−1/2 Vᵀ k(x), k(x) = [k(sᵢ, x)]ᵢ, and w starts as αᵀ(D^−1/2 Vᵀ)⁺,
//! so that w·z(x) = (V Vᵀ α)·k(x). From then on, on y w·z(x) < 1,
//! w ← w + η y z(x). We keep the model as coefficients over the B vectors,
//! β = (D^−1/2 Vᵀ)ᵀ w (so the plane shows the B vectors and f(x) = β·k(x)):
//! the step is β ← β + η y V D⁻¹ Vᵀ k(x).
//!
//! Our choices: k = max(1, ⌊ρB + 1/2⌋) with ρ = --nogd-rank (Lu & Hoi's
//! NysGD.m takes k = 0.2 B), and eigenvalues below 10⁻¹⁰ of the largest are
//! left out (a duplicate vector makes K singular). NysGD.m builds the map
//! at the first loss after the set is full, and predicts with α·k(x) until
//! then; we build it when the set fills, as the paper's Algorithm 2 reads
//! to us (the two differ only between those two samples). A budget changed
//! mid-stream drops the oldest vectors and rebuilds the map; a larger one
//! lets the set grow again by kernel gradient descent.

use super::core::{kernel_learner, Core, KernelHooks};
use super::eigen::symmetric_eigen;
use super::function::{Kernel, KernelSpec};
use super::kernel_keys;
use super::perceptron::budget;
use super::support_set::{Removal, SupportSet};
use crate::error::Result;
use crate::features::Features;
use crate::learner::{hinge_loss, Details, Family, Info, Update, BUDGETS};
use crate::settings::{check, Key, Settings};

pub const INFO: Info = Info {
    name: "nogd",
    label: "NOGD",
    family: Family::Kernel,
    rule: super::text_with_code("on a loss add x with α = η y until the set holds B; then z(x) = D⁻¹ᐟ²Vᵀk(x) from the top k eigenpairs of its Gram matrix, and on a loss w ← w + η y z(x)"),
    step: "η",
    passive: super::text_with_code("the margin is at least 1"),
    // In the order of `Clause`.
    branches: super::with_code(&[
        "ℓ = max(0, 1 − m) = {ell} > 0: x joins with α = η y, and the set holds {size}, below the budget; the margin went from {margin} to {reached}",
        "ℓ = max(0, 1 − m) = {ell} > 0: x joins with α = η y and fills the budget, so the Nyström map is built from the Gram matrix's top {rank} eigenpairs, the coefficients projected onto them; the margin went from {margin} to {reached}",
        "ℓ = max(0, 1 − m) = {ell} > 0 and the budget is full: x is mapped to z(x) = D⁻¹ᐟ²Vᵀk(x) (rank {rank}) and w ← w + η y z(x), that is α += η y V D⁻¹ Vᵀ k(x); the margin went from {margin} to {reached}",
    ]),
    source: super::text_with_code("Lu, Hoi, Wang, Zhao & Liu 2016"),
    reads: |_| kernel_keys![Budget, LearningRate, NogdRank],
    cap: budget,
    sweep: Some(BUDGETS),
    ..Info::DEFAULT
};

super::kernel_entry!(ENTRY: Nogd, |s, kernel| {
    Nogd::new(kernel, budget(s), s.learning_rate, s.nogd_rank)
});

crate::declare::clauses!(Joined, Filled, Mapped);

#[derive(Clone, Debug)]
pub struct Nogd {
    core: Core,
    eta: f64,
    /// ρ: the rank k is ρB.
    rank: f64,
    /// The map's rows D^−1/2 vᵣ (k of them, over the B vectors), once full.
    map: Option<Vec<Vec<f64>>>,
}

impl Nogd {
    /// `budget`: None for kernel gradient descent on the hinge loss.
    pub fn new(kernel: KernelSpec, budget: Option<usize>, eta: f64, rank: f64) -> Result<Self> {
        Ok(Self {
            core: Core::new(kernel, SupportSet::new(budget, false), Removal::Oldest, 0)?,
            eta: check(Key::LearningRate, eta)?,
            rank: check(Key::NogdRank, rank)?,
            map: None,
        })
    }

    /// The Nyström map's rank (0 before the set is full).
    pub fn map_rank(&self) -> usize {
        self.map.as_ref().map_or(0, Vec::len)
    }

    /// Builds the map from the set's Gram matrix and projects the
    /// coefficients onto its eigenvectors (β ← V Vᵀ α).
    fn build_map(&mut self) {
        let core = &mut self.core;
        let n = core.support.len();
        let mut gram = Vec::with_capacity(n * n);
        let (mut row, mut scratch) = (Vec::new(), Vec::new());
        for i in 0..n {
            let (s, _) = core.support.vector(i);
            core.support
                .kernel_vector(&core.kernel, s, &mut row, &mut scratch);
            gram.extend_from_slice(&row);
        }
        // Exactly symmetric (the two halves may differ in the last bit).
        for i in 0..n {
            for j in 0..i {
                gram[j * n + i] = gram[i * n + j];
            }
        }
        let (values, vectors) = symmetric_eigen(gram, n);
        let wanted = ((self.rank * n as f64 + 0.5).floor() as usize).max(1);
        let floor = 1e-10 * values.first().copied().unwrap_or(0.0);
        let kept: Vec<(f64, Vec<f64>)> = values
            .into_iter()
            .zip(vectors)
            .take(wanted)
            .filter(|(value, _)| *value > floor && *value > 0.0)
            .collect();
        let alpha = core.support.coefficients().to_vec();
        let beta = core.support.coefficients_mut();
        beta.iter_mut().for_each(|b| *b = 0.0);
        for (_, v) in &kept {
            let along: f64 = v.iter().zip(&alpha).map(|(v, a)| v * a).sum();
            beta.iter_mut().zip(v).for_each(|(b, v)| *b += along * v);
        }
        self.map = Some(
            kept.into_iter()
                .map(|(value, v)| v.iter().map(|v| v / value.sqrt()).collect())
                .collect(),
        );
    }

    fn learn(&mut self, x: Features<'_>, y: f64) -> Update {
        let eta = self.eta;
        let score = self.core.column(x);
        let loss = hinge_loss(y, score);
        if loss == 0.0 {
            return self.core.passive(y, score);
        }
        let clause = if let Some(map) = &self.map {
            // z = M k(x); β += η y Mᵀ z.
            let core = &mut self.core;
            let beta = core.support.coefficients_mut();
            for m in map {
                let z: f64 = m.iter().zip(&core.k).map(|(m, k)| m * k).sum();
                beta.iter_mut()
                    .zip(m)
                    .for_each(|(b, m)| *b += eta * y * z * m);
            }
            Clause::Mapped
        } else {
            let core = &mut self.core;
            let kxx = core.kernel.self_similarity(x);
            core.add(x, y, eta * y, kxx, kxx);
            if core.support.budget() == Some(core.support.len()) {
                self.build_map();
                Clause::Filled
            } else {
                Clause::Joined
            }
        };
        let core = &self.core;
        let after = core.support.score(&core.kernel, x);
        let added = !matches!(clause, Clause::Mapped);
        let numbers = Details::new(&["ell", "rank"], [loss, self.map_rank() as f64]);
        core.report(y, score, after, eta, added, 0)
            .with(numbers.branch(clause as u8))
    }
}

impl KernelHooks for Nogd {
    fn tune(&mut self, settings: &Settings) {
        self.eta = settings.learning_rate;
        let removed = self.core.set_budget(budget(settings));
        let full = budget(settings) == Some(self.core.support.len());
        if !full {
            self.map = None;
        } else if self.map.is_none() || removed > 0 {
            self.build_map();
        }
    }

    fn clear(&mut self) {
        self.map = None;
    }

    fn kernel_changed(&mut self) {
        if self.map.is_some() {
            self.build_map();
        }
    }
}

kernel_learner!(Nogd);
