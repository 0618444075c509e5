//! # onlinelearn
//!
//! Online learners that update one sample at a time, written for two homes:
//! natively behind the `onlinelearn` command line (real data sets,
//! benchmarks) and compiled to WebAssembly behind the playground page, where
//! a canvas shows each update as it happens.
//!
//! - Linear ([`linear`]): [`Perceptron`] (plain and averaged), [`Pocket`]
//!   (Gallant's ratchet) and [`BatchPocket`] (seed 003's batch variant),
//!   [`PassiveAggressive`] PA / PA-I / PA-II for classification and
//!   epsilon-insensitive regression, with three [`BiasMode`]s, and the
//!   second-order AROW and SCW.
//! - Kernel learners with budgets ([`kernel`]): the kernel perceptron and
//!   PA, Projectron and Projectron++, APSM, SPA, OLRU, OLRD and ALD
//!   projection (Meng & Song 2023's eight); the Forgetron, the Stoptron,
//!   BOGD, FOGD, NOGD and BPA-S (issue 23's budgeted learners).
//! - LIBOL's binary learners ([`libol`]) and the perceptron's relatives
//!   ([`relatives`]); more than two classes by one-vs-rest or Crammer &
//!   Singer ([`multiclass`]). The [`registry`] lists every learner once:
//!   its name, settings, link code and, per build, its code.
//! - The page's session, in plain Rust ([`playground`]), and the theory
//!   layer's best classifiers in hindsight, bounds and regret (`theory`).
//! - Data: a [`Dataset`] that keeps sparse input sparse, seeded synthetic
//!   [`Stream`]s, and CSV / LIBSVM readers whose errors name file, line and
//!   column.
//! - Evaluation: progressive validation ([`eval::Progress`]), held-out
//!   metrics and curves.
//!
//! Every learner implements [`Learner`]; each `learn_one` returns an
//! [`Update`] report (score, margin, loss, step, passive or aggressive,
//! mistake) that costs no allocation.
//!
//! ```
//! use onlinelearn::{Algorithm, AnyLearner, Learner, Preset, Settings, Stream, StreamConfig};
//! use onlinelearn::eval::Progress;
//!
//! let data = Stream::new(StreamConfig::new(Preset::Overlapping, 7)).unwrap().take(1000);
//! let mut settings = Settings::default();
//! settings.set("c", "0.1").unwrap();
//! let mut learner = AnyLearner::new(Algorithm::Pa1, &settings).unwrap();
//! let mut progress = Progress::default();
//! learner.learn_batch(&data, 0..data.len(), &mut progress);
//! assert!(progress.mistake_rate() < 0.2);
//! ```
//!
//! Only `src/wasm/` (compiled for wasm32 alone) knows about JavaScript.

// `!(x > 0.0)` is how this crate says "not positive, or NaN": the negated
// comparison is the point, so clippy's advice to avoid it does not apply.
#![allow(clippy::neg_cmp_op_on_partial_ord)]

pub mod data;
mod declare;
mod error;
pub mod eval;
#[cfg(feature = "theory")]
pub mod exercise;
mod family;
mod features;
// The budget frontier's sizes (the command line, and the page's full
// module, where the kernel learners are).
#[cfg(any(not(target_arch = "wasm32"), feature = "kernel"))]
pub mod frontier;
#[cfg(any(not(target_arch = "wasm32"), feature = "loader-module"))]
pub mod gif_export;
pub mod grid;
pub mod kernel;
mod learner;
pub mod libol;
pub mod linear;
mod model;
pub mod multiclass;
pub mod number;
#[cfg(not(target_arch = "wasm32"))]
pub mod paper;
pub mod playground;
mod progress;
pub mod registry;
pub mod relatives;
mod report;
pub mod settings;
#[cfg(feature = "theory")]
pub mod theory;

#[cfg(target_arch = "wasm32")]
mod wasm;

pub use data::{class_number, Dataset, Preset, Stream, StreamConfig};
pub use error::{Error, ParseError, Result};
pub use features::{Features, SparseFeatures};
pub use learner::{
    sign, Confidence, Configured, Details, Entry, Family, Info, Learner, LinearModel,
    SupportChange, Task, Update,
};
pub use linear::{
    BatchPocket, BiasMode, PaVariant, PassiveAggressive, Perceptron, Pocket, Weights,
};
pub use model::Model;
pub use registry::{Algorithm, AnyLearner};
pub use settings::{Key, Settings};
