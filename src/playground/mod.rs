//! The playground session: everything the page shows and does, in plain
//! Rust so that it is tested natively; `src/wasm/` only wraps it.
//!
//! A [`Session`] holds one learner, the points on the plane (clicked or
//! streamed), a seeded stream with its clean held-out set, and the learning
//! curves. Every change goes through [`Session::apply`] with an [`Event`],
//! which both acts and records it in the [`EventLog`]; a shared link is the
//! starting [`Setup`] plus that log, and replaying it rebuilds the same
//! model, points and curves. A [`Page`] adds what the page keeps around a
//! session: its own keys, and a link waiting for its file.

mod base64url;
mod concept;
mod curves;
mod edits;
#[cfg(feature = "model-export")]
mod export;
mod feed;
mod files;
#[cfg(feature = "kernel")]
// The budget sweep's data: where the frontier is (see lib.rs).
#[cfg(any(not(target_arch = "wasm32"), feature = "kernel"))]
mod frontier_data;
mod held_out;
#[cfg(feature = "timeline")]
mod history;
#[cfg(not(feature = "timeline"))]
#[path = "history_off.rs"]
mod history;
mod last_sample;
#[cfg(feature = "timeline")]
mod learned;
mod learning;
mod log;
mod model;
mod page;
mod page_edits;
mod plane_points;
mod points;
mod ready;
mod recording;
mod replay;
mod scoreboard;
mod session;
mod share;
mod source;
#[cfg(feature = "timeline")]
mod tape;
#[cfg(feature = "theory")]
mod theory_curves;
#[cfg(feature = "theory")]
mod theory_kernel;
#[cfg(feature = "theory")]
mod theory_live;
#[cfg(feature = "theory")]
mod theory_part;
#[cfg(not(feature = "theory"))]
#[path = "theory_off.rs"]
mod theory_part;
#[cfg(feature = "timeline")]
mod timeline;

pub use curves::{Curves, Series, SERIES};
pub use edits::{Change, Edit};
#[cfg(feature = "model-export")]
pub use export::{ModelExport, MODEL_FORMAT, MODEL_VERSION};
pub use last_sample::{LastSample, Plane};
#[cfg(feature = "timeline")]
pub use learned::Learned;
pub use log::{quantize, units, Event, EventLog, QUANTUM};
pub use page::Page;
pub use ready::Ready;
pub use scoreboard::{Recovery, RECOVERY_FLOOR, RECOVERY_POINTS, RECOVERY_SHARE};
pub use session::Session;
pub use share::{Setup, SharedState, LINK_VERSION};
pub use source::{classes_of, FileSource, SampleBuffer, Source, Transform, PLANE_REACH};
pub use theory_part::{TheoryCurves, TheoryPart, TheoryView};

/// Points kept on the plane; older streamed points scroll off (the learner
/// has learned from them all).
pub const MAX_SHOWN_POINTS: usize = 5000;
/// Size of the clean held-out set behind the test curve.
pub const TEST_SET_SIZE: usize = 500;
/// Window of the moving-average loss curve.
pub const LOSS_WINDOW: usize = 100;
/// Largest stream or epoch step one call may ask for.
pub const MAX_STEP: u64 = 1_000_000;
/// Clicked points must lie within this distance of the origin on each axis.
pub const MAX_COORDINATE: f64 = 10.0;

#[cfg(test)]
mod tests;
