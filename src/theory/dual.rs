//! Dual coordinate descent for the linear SVM (Hsieh, Chang, Lin, Keerthi
//! & Sundararajan, "A Dual Coordinate Descent Method for Large-scale
//! Linear SVM", ICML 2008; the solver of LIBLINEAR), for three problems
//! over the samples as the learner sees them (z_t = y_t x̃_t, each sample
//! weighted by how often the learner saw it, c_i):
//!
//! | problem       | primal                                   | dual box, diagonal        |
//! |---------------|------------------------------------------|---------------------------|
//! | hinge         | ½‖u‖² + C Σ c_i max(0, 1 − u·z_i)          | 0 ≤ α_i ≤ C c_i, D_ii = 0  |
//! | squared hinge | ½‖u‖² + C Σ c_i max(0, 1 − u·z_i)²         | α_i ≥ 0, D_ii = 1/(2C c_i) |
//! | hard margin   | ½‖u‖² subject to u·z_i ≥ 1               | α_i ≥ 0, D_ii = 0          |
//!
//! The dual is min ½αᵀ(Q + D)α − Σα with Q_ij = z_i·z_j, and u = Σ α_i z_i.
//! One coordinate step is exact: with G = u·z_i − 1 + D_ii α_i,
//! α_i ← clip(α_i − G / (Q_ii + D_ii)), then u moves by the change times
//! z_i, so a step costs the non-zeros of one sample.
//!
//! Why this solver: it needs no kernel matrix (a9a's 32,561 samples), each
//! epoch is one pass over the data, and a warm start is free: when samples
//! arrive their α start at 0, which is feasible, and the old α are near
//! the new optimum. It stops when the projected gradient's spread is below
//! the tolerance (LIBLINEAR's test), so the optimum is met to that
//! accuracy in every coordinate; the duality gap is reported as a check.
//!
//! The bias is the constant 1 in x̃ (regularised like any weight) or
//! absent, never a free intercept: the free intercept adds the equality
//! Σ α_i y_i = 0, which single-coordinate steps cannot keep.

pub use super::epochs::Solved;
use super::epochs::{Coordinates, Epochs};
use super::samples::{hinge, squared_hinge, Samples, Vector};
use crate::data::rng::{derived, Rng};
use rand::seq::SliceRandom;

/// Which of the three problems.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Problem {
    /// ½‖u‖² + C Σ max(0, 1 − y u·x̃).
    Hinge { c: f64 },
    /// ½‖u‖² + C Σ max(0, 1 − y u·x̃)².
    SquaredHinge { c: f64 },
    /// The separable case's ½‖u‖² subject to y u·x̃ ≥ 1 (diverges on data
    /// that is not separable: call it only on a separable set).
    HardMargin,
}

impl Problem {
    /// The box's upper end and the diagonal for a sample seen `count` times.
    pub(in crate::theory) fn box_and_diagonal(self, count: u64) -> (f64, f64) {
        let count = count as f64;
        match self {
            Problem::Hinge { c } => (c * count, 0.0),
            Problem::SquaredHinge { c } => (f64::INFINITY, 0.5 / (c * count)),
            Problem::HardMargin => (f64::INFINITY, 0.0),
        }
    }

    /// The primal objective at u.
    pub fn primal(self, samples: &Samples, u: &Vector) -> f64 {
        let half = 0.5 * u.squared_norm();
        match self {
            Problem::Hinge { c } => half + c * samples.total_loss(u, hinge),
            Problem::SquaredHinge { c } => half + c * samples.total_loss(u, squared_hinge),
            Problem::HardMargin => half,
        }
    }
}

/// A dual solution kept between calls, so that adding samples resumes
/// from it (a warm start).
#[derive(Clone, Debug)]
pub struct Dual {
    problem: Problem,
    alpha: Vec<f64>,
    u: Vector,
    rng: Rng,
    /// A solve stopped when its budget ran out, to resume where it was.
    pass: Option<Epochs<Shrinking>>,
}

/// LIBLINEAR's shrinking thresholds: a coordinate at a bound whose
/// gradient points out of the box by more than the last epoch's spread
/// leaves the active set.
#[derive(Clone, Copy, Debug)]
struct Shrinking {
    high_old: f64,
    low_old: f64,
}

impl Shrinking {
    /// None shrinks (every coordinate is checked).
    const NONE: Self = Self {
        high_old: f64::INFINITY,
        low_old: f64::NEG_INFINITY,
    };
}

/// The solver over its samples, as the epochs see it.
struct Over<'a> {
    dual: &'a mut Dual,
    samples: &'a Samples,
}

/// Stop when max − min of the projected gradient is below this: every
/// margin condition holds to 1e-10 (LIBLINEAR's default is 0.1).
pub const TOLERANCE: f64 = 1e-10;

/// Epochs one call may run; past it the result says it did not converge.
pub const MAX_EPOCHS: usize = 20_000;

/// A budget of steps that never runs out (a solve in one call).
pub fn unlimited() -> u64 {
    u64::MAX
}

impl Dual {
    pub fn new(problem: Problem) -> Self {
        Self {
            problem,
            alpha: Vec::new(),
            u: Vector::default(),
            // Fixed: the same samples give the same solution, run after run.
            rng: derived(0x7E0_u64, 21),
            pass: None,
        }
    }

    /// Starts from given multipliers (the hard margin starts from the
    /// nearest hull point's, scaled).
    pub fn from_alpha(problem: Problem, samples: &Samples, alpha: Vec<f64>) -> Self {
        let mut dual = Self::new(problem);
        dual.u = samples.zero();
        for (i, &a) in alpha.iter().enumerate() {
            if a != 0.0 {
                samples.add_to(i, &mut dual.u, a);
            }
        }
        dual.alpha = alpha;
        dual
    }

    pub fn problem(&self) -> Problem {
        self.problem
    }

    /// The primal solution u = Σ α_i y_i x̃_i.
    pub fn u(&self) -> &Vector {
        &self.u
    }

    /// Runs epochs until the projected gradient's spread is below
    /// `tolerance`, with LIBLINEAR's shrinking: a coordinate at a bound
    /// whose gradient points out of the box by more than the last epoch's
    /// spread leaves the active set; when the active set has converged,
    /// every coordinate is checked again before the solve ends.
    pub fn solve(&mut self, samples: &Samples, tolerance: f64, max_epochs: usize) -> Solved {
        self.pass = None;
        self.run(samples, tolerance, max_epochs, &mut unlimited())
            .expect("an unlimited budget finishes")
    }

    /// [`Dual::solve`] within a budget of coordinate steps (`steps`, spent
    /// as it goes), so that the page can solve between frames: None when
    /// the budget ran out first, and the next call resumes where this one
    /// stopped. The samples must not change until the solve ends (new
    /// rounds wait: see `Theory::solve_some`).
    pub fn run(
        &mut self,
        samples: &Samples,
        tolerance: f64,
        max_epochs: usize,
        steps: &mut u64,
    ) -> Option<Solved> {
        let pass = Epochs::resumed(self.pass.take(), samples.rounds())
            .unwrap_or_else(|| self.begin(samples));
        let mut over = Over {
            dual: self,
            samples,
        };
        pass.run(&mut over, tolerance, max_epochs, steps)
            .map_err(|stopped| self.pass = Some(stopped))
            .ok()
    }

    /// A solve over the samples seen now, from the α it has (warm).
    fn begin(&mut self, samples: &Samples) -> Epochs<Shrinking> {
        self.alpha.resize(samples.len(), 0.0);
        if self.u.w.len() < samples.dim() {
            self.u.w.resize(samples.dim(), 0.0);
        }
        Epochs::new(samples.seen().collect(), samples.rounds(), Shrinking::NONE)
    }

    /// One coordinate step on sample `i`: its projected gradient, or None
    /// when shrinking takes it out of the active set.
    fn step(&mut self, samples: &Samples, i: usize, shrinking: &Shrinking) -> Option<f64> {
        let (upper, diagonal) = self.problem.box_and_diagonal(samples.weight(i));
        let a = self.alpha[i];
        let g = samples.margin(i, &self.u) - 1.0 + diagonal * a;
        let pg = if a <= 0.0 {
            if g > shrinking.high_old {
                return None;
            }
            g.min(0.0)
        } else if a >= upper {
            if g < shrinking.low_old {
                return None;
            }
            g.max(0.0)
        } else {
            g
        };
        if pg == 0.0 {
            return Some(pg);
        }
        let next = coordinate_step(a, g, samples.squared_norm(i) + diagonal, upper);
        if next != a && next.is_finite() {
            samples.add_to(i, &mut self.u, next - a);
            self.alpha[i] = next;
        }
        Some(pg)
    }

    /// The dual objective Σα − ½‖u‖² − ½ Σ D_ii α_i², a lower bound on the
    /// primal minimum (equal to it at the optimum).
    pub fn dual_value(&self, samples: &Samples) -> f64 {
        let mut value = -0.5 * self.u.squared_norm();
        for i in samples.seen() {
            let (_, diagonal) = self.problem.box_and_diagonal(samples.weight(i));
            let a = self.alpha.get(i).copied().unwrap_or(0.0);
            value += a - 0.5 * diagonal * a * a;
        }
        value
    }

    /// The primal objective at the current u.
    pub fn primal_value(&self, samples: &Samples) -> f64 {
        self.problem.primal(samples, &self.u)
    }
}

impl Coordinates for Over<'_> {
    type Kept = Shrinking;

    fn shuffle(&mut self, active: &mut [usize]) {
        active.shuffle(&mut self.dual.rng);
    }

    fn step(&mut self, i: usize, shrinking: &Shrinking, _steps: &mut u64) -> Option<f64> {
        self.dual.step(self.samples, i, shrinking)
    }

    /// Converged on the active set: done when it is every coordinate,
    /// else every coordinate is checked again; not yet: the thresholds
    /// follow the spread.
    fn epoch_ended(&mut self, epochs: &mut Epochs<Shrinking>, settled: bool, _: &mut u64) -> bool {
        if settled {
            if epochs.active == epochs.order.len() {
                return true;
            }
            epochs.active = epochs.order.len();
            epochs.kept = Shrinking::NONE;
            return false;
        }
        epochs.kept = Shrinking {
            high_old: if epochs.high <= 0.0 {
                f64::INFINITY
            } else {
                epochs.high
            },
            low_old: if epochs.low >= 0.0 {
                f64::NEG_INFINITY
            } else {
                epochs.low
            },
        };
        false
    }
}

/// The exact minimiser of the dual along one coordinate, in its box
/// [0, upper]: α − g/q, for the gradient g and the curvature q (the
/// sample's squared norm plus the problem's diagonal). A zero sample
/// (q = 0: x = 0 and no bias, or k(x, x) = 0) has the dual term −α alone,
/// so α goes to its upper end (never infinite: such a set is not
/// separable, so the hard margin is not asked, and the squared hinge has
/// q ≥ D_ii > 0). The kernel duals (`kernel/dual.rs`) step the same way.
pub(crate) fn coordinate_step(a: f64, g: f64, q: f64, upper: f64) -> f64 {
    if q > 0.0 {
        (a - g / q).clamp(0.0, upper)
    } else {
        upper
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::features::Features;
    use crate::theory::samples::planar;

    #[test]
    fn two_points_have_the_textbook_hard_margin() {
        // z = ±(1, 0) through the origin: u = (1, 0), margin 1.
        let s = planar(&[([1.0, 0.0], 1.0), ([-1.0, 0.0], -1.0)], false);
        let mut dual = Dual::new(Problem::HardMargin);
        assert!(dual.solve(&s, TOLERANCE, 100).converged);
        assert!((dual.u().w[0] - 1.0).abs() < 1e-12 && dual.u().w[1].abs() < 1e-12);
    }

    #[test]
    fn the_duality_gap_closes_and_a_warm_start_resumes() {
        let points = [
            ([0.5, 1.0], 1.0),
            ([1.0, -0.3], 1.0),
            ([-0.2, -1.0], -1.0),
            ([0.1, 0.2], -1.0),
            ([-1.0, 0.4], -1.0),
        ];
        for problem in [Problem::Hinge { c: 1.0 }, Problem::SquaredHinge { c: 0.5 }] {
            let mut s = planar(&points[..3], true);
            let mut dual = Dual::new(problem);
            dual.solve(&s, TOLERANCE, MAX_EPOCHS);
            for (x, y) in &points[3..] {
                let i = s.push(Features::Dense(x), *y).unwrap();
                s.count(i);
            }
            assert!(dual.solve(&s, TOLERANCE, MAX_EPOCHS).converged);
            let (p, d) = (dual.primal_value(&s), dual.dual_value(&s));
            assert!(p - d < 1e-8 && p >= d - 1e-12, "{problem:?}: {p} vs {d}");
        }
    }
}
