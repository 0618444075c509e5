//! How well, and why: the theory layer for every learner on two classes.
//! Over the samples a learner has seen, as it sees them
//! ([`samples`]: x̃ = (x, 1) with a bias, x through the origin without):
//!
//! - the best fixed classifiers in hindsight: the hard-margin separator u*
//!   and its margin γ* when one exists, with a proof either way
//!   ([`hull`], [`hard_margin`]); the soft-margin minimisers of
//!   ½‖u‖² + C Σ max(0, 1 − y u·x̃) and of its squared-hinge form
//!   ([`dual`], LIBLINEAR's dual coordinate descent); on the plane, the
//!   line with the fewest mistakes ([`best_line`], exact);
//! - each learner's bounds, as their theorems state them
//!   ([`perceptron_bounds`], [`pa_bounds`]), evaluated at the tightest
//!   comparator computed, or the reason a bound does not apply
//!   ([`bound`], [`bounds`]); for a learner with none transcribed, why
//!   ([`untranscribed`]);
//! - the regret: the learner's cumulative hinge loss minus the hinge
//!   minimiser's, and on the plane its mistakes minus the best line's.
//!
//! [`Theory`] keeps all of it up to date as samples arrive (warm starts):
//!
//! ```
//! use onlinelearn::theory::{Theory, ZeroOne};
//! use onlinelearn::{Algorithm, AnyLearner, Features, Learner, Settings};
//!
//! let settings = Settings::default();
//! let mut learner = AnyLearner::new(Algorithm::Perceptron, &settings).unwrap();
//! let mut theory = Theory::new(Algorithm::Perceptron, &settings).unwrap();
//! for (x, y) in [([1.0, 2.0], 1.0), ([-1.0, -0.5], -1.0), ([2.0, 0.5], 1.0)] {
//!     let update = learner.learn_one(Features::Dense(&x), y);
//!     theory.learned(Features::Dense(&x), y, &update).unwrap();
//! }
//! let report = theory.report(ZeroOne::Compute);
//! assert!(report.separable);
//! let novikoff = &report.bounds[0];
//! assert!(novikoff.actual <= novikoff.value.unwrap());
//! assert_eq!(report.zero_one_best.unwrap().mistakes, 0);
//! ```

pub mod best_line;
pub mod bound;
pub mod bounds;
pub mod covered;
pub mod dual;
mod epochs;
pub mod frozen;
pub mod hard_margin;
pub mod hull;
pub mod kernel;
pub mod pa_bounds;
pub mod perceptron_bounds;
pub mod report;
pub mod samples;
pub(crate) mod smallest_deviation;
mod totals;
mod tracker;
pub mod untranscribed;
mod visible_line;

pub use best_line::BestLine;
pub use bound::{Bound, Comparator, Reason};
pub use covered::Covered;
pub use frozen::Frozen;
pub use report::{Best, Kept, Regret, Report, ZeroOneBest};
pub use tracker::{Theory, ZeroOne};
