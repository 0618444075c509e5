//! The page's exercises (issue 35, "predict, then reveal"): what of them is
//! a rule the learner core must keep. Three of the four exercises ask the
//! session itself for the truth (www/js/exercise-*.js: the next sample,
//! the update, the one-sample numbers are the session's own); the fourth,
//! "Be the adversary", plays under a theorem's conditions, which are
//! checked here, where a property test can hold them to the theorem.
//! In the page's full module only (with the Theory layer's statements).

pub mod adversary;

pub use adversary::{Arena, Judged, Verdict};
