//! The theory layer for the kernel learners on two classes, in the
//! feature space of the learner's own kernel (its `--kernel`, σ, degree
//! and offset): over the samples seen,
//!
//! - R = max √k(x, x) ([`points`]);
//! - whether they are separable there, with the evidence either way, and
//!   the hard-margin function's γ* = 1/‖u*‖ ([`hull`], [`hard_margin`]);
//! - the soft-margin minimiser at the learner's C (and PA-II's squared
//!   form), its objective, and the learner's hinge regret against it
//!   ([`dual`]);
//! - each learner's bounds as their theorems state them, with
//!   feature-space quantities, or why none is given ([`bounds`],
//!   [`untranscribed`]).
//!
//! Only kernel values are used: every solver works on the dual, with rows
//! of the Gram matrix computed as asked and cached ([`gram`]).
//! [`KernelTheory`] keeps it up to date as rounds arrive and solves in
//! slices for the page.
//!
//! ```
//! use onlinelearn::theory::kernel::KernelTheory;
//! use onlinelearn::{Algorithm, AnyLearner, Features, Learner, Settings};
//!
//! let settings = Settings::default(); // the Gaussian kernel, σ = 1
//! let algorithm = Algorithm::KernelPerceptron;
//! let mut learner = AnyLearner::new(algorithm, &settings).unwrap();
//! let mut theory = KernelTheory::new(algorithm, &settings).unwrap();
//! // XOR: no line separates it, the Gaussian kernel's space does.
//! for (x, y) in [([1.0, 1.0], 1.0), ([-1.0, -1.0], 1.0), ([1.0, -1.0], -1.0), ([-1.0, 1.0], -1.0)] {
//!     let update = learner.learn_one(Features::Dense(&x), y);
//!     theory.learned(Features::Dense(&x), y, &update).unwrap();
//! }
//! let report = theory.report();
//! assert!(report.separable);
//! let novikoff = &report.bounds[0];
//! assert!(novikoff.actual <= novikoff.value.unwrap());
//! ```

pub mod bounds;
pub mod dual;
pub mod gram;
pub mod hard_margin;
pub mod hull;
pub mod points;
mod polish;
pub mod report;
mod tracker;
pub mod untranscribed;

pub use report::{KernelBest, KernelReport};
pub use tracker::KernelTheory;
