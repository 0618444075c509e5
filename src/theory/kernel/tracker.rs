//! `KernelTheory`: the samples a kernel learner has seen, what it did on
//! them, and the comparators of its kernel's feature space, kept up to
//! date as rounds arrive (every solver resumes from its last state) and
//! solvable in slices (`solve_some`), as the linear `Theory` is: rounds
//! recorded while a solve runs wait and join when it ends.

use super::bounds::{evaluate, KernelEvidence};
use super::dual::KernelDual;
use super::gram::Gram;
use super::hard_margin::{KernelHardMargin, KernelSeparation};
use super::points::Points;
use super::report::{self, KernelBest, KernelReport};
use crate::error::{Error, Result};
use crate::kernel::KernelSpec;
use crate::registry::Algorithm;
use crate::settings::Settings;
use crate::theory::bound::Reason;
use crate::theory::covered::Covered;
use crate::theory::dual::{unlimited, Problem, MAX_EPOCHS, TOLERANCE};
use crate::theory::report::Regret;
use crate::theory::samples::hinge;
use crate::theory::totals::{takes_rounds, Totals, Waiting};

/// A solve in slices: what is done, and the rounds waiting for it.
#[derive(Clone, Debug, Default)]
struct Job {
    separation: Option<KernelSeparation>,
    /// The hinge solve ended, and whether it converged.
    hinge: Option<bool>,
    waiting: Waiting,
}

#[derive(Clone, Debug)]
pub struct KernelTheory {
    covered: Covered,
    points: Points,
    gram: Gram,
    totals: Totals,
    hard: KernelHardMargin,
    hinge: KernelDual,
    squared: Option<KernelDual>,
    /// The separation and the rounds the comparators were solved at.
    solved: Option<(u64, KernelSeparation, bool, bool)>,
    job: Option<Job>,
}

impl KernelTheory {
    /// For a kernel learner at `settings` (its own kernel and C); refuses
    /// the others, naming what it covers, and regression.
    pub fn new(algorithm: Algorithm, settings: &Settings) -> Result<Self> {
        let covered = Covered::of(algorithm, settings)?;
        if covered.kernel().is_none() {
            return Err(Error::Mismatch(format!(
                "the kernel theory covers the kernel learners on two classes (in their kernel's feature space), not {algorithm}: the linear theory covers it"
            ).into()));
        }
        let kernel = KernelSpec::from_settings(settings);
        kernel.validate()?;
        let c = covered.c();
        Ok(Self {
            covered,
            points: Points::new(kernel),
            gram: Gram::default(),
            totals: Totals::default(),
            hard: KernelHardMargin::default(),
            hinge: KernelDual::new(Problem::Hinge { c }),
            squared: matches!(covered, Covered::KernelPa2 { .. })
                .then(|| KernelDual::new(Problem::SquaredHinge { c })),
            solved: None,
            job: None,
        })
    }

    /// The same with a Gram cache of at most `cap` entries (a test
    /// measures what the cache saves).
    pub fn with_gram_cap(mut self, cap: usize) -> Self {
        self.gram = Gram::with_cap(cap);
        self
    }

    pub fn covered(&self) -> Covered {
        self.covered
    }

    /// Kernel values computed so far.
    pub fn kernel_values(&self) -> u64 {
        self.gram.computed
    }

    takes_rounds!(points);

    /// Rounds counted, and the learner's mistakes on them.
    pub fn rounds(&self) -> (u64, u64) {
        (self.points.rounds(), self.totals.mistakes)
    }

    pub fn solving(&self) -> bool {
        self.job.is_some()
    }

    /// Advances the comparators toward the rounds recorded within a
    /// budget of `steps` (see `KernelDual::run`, `KernelHull::run`);
    /// returns the report over its rounds when a solve ends.
    pub fn solve_some(&mut self, steps: &mut u64) -> Option<KernelReport> {
        if self.job.is_none() {
            if self
                .solved
                .as_ref()
                .is_some_and(|s| s.0 == self.points.rounds())
            {
                return None;
            }
            self.job = Some(Job::default());
        }
        let job = self.job.as_mut().expect("begun above");
        let (points, gram) = (&self.points, &mut self.gram);
        if job.separation.is_none() {
            job.separation = Some(self.hard.run(points, gram, steps)?);
        }
        if job.hinge.is_none() {
            let solved = self.hinge.run(points, gram, TOLERANCE, MAX_EPOCHS, steps)?;
            job.hinge = Some(solved.converged);
        }
        let mut squared_converged = true;
        if let Some(dual) = &mut self.squared {
            squared_converged = dual
                .run(points, gram, TOLERANCE, MAX_EPOCHS, steps)?
                .converged;
        }
        let job = self.job.take().expect("begun above");
        self.solved = Some((
            self.points.rounds(),
            job.separation.expect("solved above"),
            job.hinge.expect("solved above"),
            squared_converged,
        ));
        let report = self.build();
        let points = &mut self.points;
        job.waiting.join(&mut self.totals, |i| points.count(i));
        Some(report)
    }

    /// Everything over the rounds so far (solved now, in one call).
    pub fn report(&mut self) -> KernelReport {
        while self.solve_some(&mut unlimited()).is_some() {}
        self.build()
    }

    fn build(&self) -> KernelReport {
        let (_, separation, hinge_converged, squared_converged) =
            self.solved.as_ref().expect("solved before");
        let points = &self.points;
        let radius = points.radius();
        let best = |dual: &KernelDual, converged: bool| {
            let value = dual.primal_value(points);
            let c = match dual.problem() {
                Problem::Hinge { c } | Problem::SquaredHinge { c } => c,
                Problem::HardMargin => f64::INFINITY,
            };
            KernelBest {
                c,
                value,
                norm: dual.squared_norm().max(0.0).sqrt(),
                support: dual.alpha().iter().filter(|&&a| a != 0.0).count(),
                duality_gap: (value - dual.dual_value(points)).max(0.0),
                converged,
            }
        };
        let hinge_best = best(&self.hinge, *hinge_converged);
        let squared_best = self.squared.as_ref().map(|d| best(d, *squared_converged));
        // The margins of u's direction, with each sample's count (None
        // for u = 0, which has no direction).
        let unit = |dual: &KernelDual| -> Option<Vec<(f64, f64)>> {
            let norm = dual.squared_norm().max(0.0).sqrt();
            (norm > 0.0).then(|| {
                dual.margins()
                    .iter()
                    .enumerate()
                    .map(|(p, &m)| (m / norm, points.weight(p) as f64))
                    .collect()
            })
        };
        let hard_margins = match separation {
            KernelSeparation::Separable { u, margin, .. } => Some(
                // u*'s margins over ‖u*‖ = 1/γ*: its unit direction's.
                u.margins
                    .iter()
                    .enumerate()
                    .map(|(p, &m)| (m * margin, points.weight(p) as f64))
                    .collect::<Vec<_>>(),
            ),
            _ => None,
        };
        // The bounds take the margin u*/‖u*‖ attains on every sample, min
        // y u*·φ(x)/‖u*‖: Novikoff's theorem holds for any unit u and the
        // γ it attains, so this is rigorous even for a solve stopped
        // short (at the optimum it is γ* = 1/‖u*‖ to the tolerance).
        let attained = match separation {
            KernelSeparation::Separable { u, margin, .. } => {
                u.margins.iter().fold(f64::INFINITY, |m, &v| m.min(v)) * margin
            }
            _ => 0.0,
        };
        let margin = match separation {
            KernelSeparation::Separable { .. } if !(attained > 0.0) => Err(Reason::Undecided),
            KernelSeparation::Separable { .. } => Ok(attained),
            KernelSeparation::Empty => Err(Reason::NoSamples),
            KernelSeparation::NotSeparable { .. } => Err(Reason::NotSeparableInFeatureSpace),
            KernelSeparation::Undecided { .. } | KernelSeparation::PastKept => {
                Err(Reason::Undecided)
            }
        };
        let t = self.totals;
        let evidence = KernelEvidence {
            rounds: points.rounds(),
            radius,
            margin,
            hinge_value: hinge_best.value,
            hinge_margins: unit(&self.hinge),
            hard_margins,
            squared_value: squared_best.as_ref().map(|b| b.value),
            mistakes: t.mistakes,
            updates: t.updates,
            squared_loss: t.squared_hinge,
            removals: t.removals,
        };
        let comparator_hinge = self.hinge.total_loss(points, hinge);
        let hard_margin = match separation {
            KernelSeparation::Separable {
                u,
                margin,
                converged,
            } => Some(KernelBest {
                c: f64::INFINITY,
                value: 0.5 / (margin * margin),
                norm: 1.0 / margin,
                support: u.alpha.iter().filter(|&&a| a != 0.0).count(),
                duality_gap: 0.0,
                converged: *converged,
            }),
            _ => None,
        };
        KernelReport {
            space: report::space(points.kernel()),
            kernel: points.kernel().to_string(),
            kind: match points.kernel() {
                KernelSpec::Gaussian { .. } => "gaussian",
                KernelSpec::Polynomial { .. } => "polynomial",
                KernelSpec::Linear => "linear",
            },
            sigma: points.kernel().gaussian_sigma(),
            degree: match points.kernel() {
                KernelSpec::Polynomial { degree, .. } => Some(degree),
                _ => None,
            },
            offset: match points.kernel() {
                KernelSpec::Polynomial { offset, .. } => Some(offset),
                _ => None,
            },
            samples: points.seen(),
            rounds: points.rounds(),
            radius,
            separable: separation.margin().is_some(),
            separability: report::separability(separation, radius),
            settled: separation.settled(),
            margin: separation.margin(),
            hard_margin,
            hinge_best,
            squared_hinge_best: squared_best,
            bounds: evaluate(self.covered, &evidence),
            regret: Regret::new(points.rounds(), t.hinge - comparator_hinge, None),
            removals: t.removals,
        }
    }
}
