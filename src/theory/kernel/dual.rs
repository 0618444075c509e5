//! The soft- and hard-margin problems in the kernel's feature space, in
//! their dual form over the samples seen (positions p, each weighted by
//! how often the learner saw it, c_p): the problems and their boxes are
//! `theory::dual`'s, with Q_pq = y_p y_q k(x_p, x_q) in place of z_p·z_q.
//! u = Σ α_p y_p φ(x_p) is never formed: what is kept is f = Qα, each
//! sample's margin y_p u·φ(x_p), so ‖u‖² = αᵀf.
//!
//! One coordinate step is exact (Hsieh et al. 2008's, as in the linear
//! solver): G = f_p − 1 + D_pp α_p, α_p ← clip(α_p − G/(Q_pp + D_pp)), and
//! when α_p moves f moves by the change times row p of Q (`gram.rs`).
//! Epochs visit the positions in a random order, fixed by a seed, until
//! the projected gradient's spread is below the tolerance (the linear
//! solver's epochs, `theory/epochs.rs`, in this space); no shrinking
//! (the sets here are the page's few thousand points at most). f is
//! recomputed from α when a solve ends, so no rounding piles up.
//!
//! Warm start: a new sample enters with α = 0 (feasible) and its f from
//! the rows of the α already non-zero.

use super::gram::Gram;
use super::points::Points;
use crate::data::rng::{derived, Rng};
use crate::theory::dual::{coordinate_step, Problem, Solved};
use crate::theory::epochs::{Coordinates, Epochs};
use crate::theory::samples::{hinge, squared_hinge};
use rand::seq::SliceRandom;

/// Epochs between exact steps on the free multipliers (`polish.rs`).
const POLISH_EVERY: usize = 50;

/// The solver over its samples, as the epochs see it.
struct Over<'a> {
    dual: &'a mut KernelDual,
    points: &'a Points,
    gram: &'a mut Gram,
}

/// A dual solution kept between calls (a warm start).
#[derive(Clone, Debug)]
pub struct KernelDual {
    problem: Problem,
    alpha: Vec<f64>,
    f: Vec<f64>,
    rng: Rng,
    /// A solve stopped when its budget ran out, to resume where it was.
    pass: Option<Epochs<()>>,
}

impl KernelDual {
    pub fn new(problem: Problem) -> Self {
        Self {
            problem,
            alpha: Vec::new(),
            f: Vec::new(),
            rng: derived(0x7E0_u64, 38),
            pass: None,
        }
    }

    /// Starts from given multipliers (the hard margin from the hull's).
    pub fn from_alpha(problem: Problem, points: &Points, gram: &mut Gram, alpha: Vec<f64>) -> Self {
        let mut dual = Self::new(problem);
        gram.product(points, &alpha, &mut dual.f);
        dual.alpha = alpha;
        dual
    }

    pub fn problem(&self) -> Problem {
        self.problem
    }

    /// The multipliers α_p (u = Σ α_p y_p φ(x_p)), by position.
    pub fn alpha(&self) -> &[f64] {
        &self.alpha
    }

    /// y_p u·φ(x_p) for every position.
    pub fn margins(&self) -> &[f64] {
        &self.f
    }

    /// ‖u‖² = αᵀQα.
    pub fn squared_norm(&self) -> f64 {
        self.alpha.iter().zip(&self.f).map(|(a, f)| a * f).sum()
    }

    /// Runs epochs until the projected gradient's spread is below
    /// `tolerance` or `max_epochs`, within a budget of `steps` (a
    /// coordinate step costs 1, and a row of Q it reads the positions'
    /// count): None when the budget ran out; the next call resumes. The
    /// samples must not change until the solve ends.
    pub fn run(
        &mut self,
        points: &Points,
        gram: &mut Gram,
        tolerance: f64,
        max_epochs: usize,
        steps: &mut u64,
    ) -> Option<Solved> {
        let pass = Epochs::resumed(self.pass.take(), points.rounds())
            .unwrap_or_else(|| self.begin(points, gram));
        let mut over = Over {
            dual: self,
            points,
            gram,
        };
        pass.run(&mut over, tolerance, max_epochs, steps)
            .map_err(|stopped| self.pass = Some(stopped))
            .ok()
    }

    fn begin(&mut self, points: &Points, gram: &mut Gram) -> Epochs<()> {
        let m = points.seen();
        self.alpha.resize(m, 0.0);
        gram.extend_product(points, &self.alpha, &mut self.f);
        Epochs::new((0..m).collect(), points.rounds(), ())
    }

    /// One exact coordinate step on position p; returns its projected
    /// gradient.
    fn step(&mut self, points: &Points, gram: &mut Gram, p: usize, steps: &mut u64) -> f64 {
        let (upper, diagonal) = self.problem.box_and_diagonal(points.weight(p));
        let a = self.alpha[p];
        let g = self.f[p] - 1.0 + diagonal * a;
        let pg = if a <= 0.0 {
            g.min(0.0)
        } else if a >= upper {
            g.max(0.0)
        } else {
            g
        };
        if pg == 0.0 {
            return pg;
        }
        let next = coordinate_step(a, g, points.diagonal(p) + diagonal, upper);
        if next != a && next.is_finite() {
            let change = next - a;
            let row = gram.row(points, p);
            for (f, &v) in self.f.iter_mut().zip(row) {
                *f += change * v;
            }
            *steps = steps.saturating_sub(row.len() as u64);
            self.alpha[p] = next;
        }
        pg
    }

    /// Solves for the free α exactly (`polish.rs`) and keeps the answer
    /// when it stays in the box; the epochs after it check it.
    fn polish(&mut self, points: &Points, gram: &mut Gram, steps: &mut u64) {
        let free = self.alpha.iter().filter(|&&a| a > 0.0).count() as u64;
        if free <= super::polish::MAX_FREE as u64 {
            // Its Cholesky factorisation: |F|³/3 multiply-adds.
            *steps = steps.saturating_sub(free * free * free / 3);
        }
        if let Some(alpha) = super::polish::polish(self.problem, points, gram, &self.alpha) {
            self.alpha = alpha;
            self.refresh(points, gram, steps);
        }
    }

    /// f = Qα afresh.
    fn refresh(&mut self, points: &Points, gram: &mut Gram, steps: &mut u64) {
        let read = gram.product(points, &self.alpha, &mut self.f);
        *steps = steps.saturating_sub(read * points.seen() as u64);
    }

    /// The primal objective at u: ½‖u‖² + C Σ c_p loss(y_p u·φ(x_p)).
    pub fn primal_value(&self, points: &Points) -> f64 {
        let half = 0.5 * self.squared_norm();
        match self.problem {
            Problem::Hinge { c } => half + c * self.total_loss(points, hinge),
            Problem::SquaredHinge { c } => half + c * self.total_loss(points, squared_hinge),
            Problem::HardMargin => half,
        }
    }

    /// Σα − ½‖u‖² − ½ Σ D_pp α_p²: a lower bound on the minimum.
    pub fn dual_value(&self, points: &Points) -> f64 {
        let mut value = -0.5 * self.squared_norm();
        for (p, &a) in self.alpha.iter().enumerate() {
            let (_, diagonal) = self.problem.box_and_diagonal(points.weight(p));
            value += a - 0.5 * diagonal * a * a;
        }
        value
    }

    /// Σ_t loss(y_t u·φ(x_t)) over the rounds (each sample by its count).
    pub fn total_loss(&self, points: &Points, loss: impl Fn(f64) -> f64) -> f64 {
        self.f
            .iter()
            .enumerate()
            .map(|(p, &m)| points.weight(p) as f64 * loss(m))
            .sum()
    }
}

impl Coordinates for Over<'_> {
    type Kept = ();

    fn shuffle(&mut self, active: &mut [usize]) {
        active.shuffle(&mut self.dual.rng);
    }

    fn step(&mut self, p: usize, _: &(), steps: &mut u64) -> Option<f64> {
        Some(self.dual.step(self.points, self.gram, p, steps))
    }

    /// No shrinking (every position stays active); the free multipliers
    /// are polished every `POLISH_EVERY` epochs.
    fn epoch_ended(&mut self, epochs: &mut Epochs<()>, settled: bool, steps: &mut u64) -> bool {
        if !settled && epochs.epoch.is_multiple_of(POLISH_EVERY) {
            self.dual.polish(self.points, self.gram, steps);
        }
        settled
    }

    /// f is recomputed from α, so no rounding piles up.
    fn finish(&mut self, steps: &mut u64) {
        self.dual.refresh(self.points, self.gram, steps);
    }
}
