//! Whether this build holds a learner's code: each family but the first
//! module's is a cargo feature (a build without it leaves the code out,
//! see families.rs), and the page loads its full module, which holds them
//! all, when a link needs one that its first module lacks
//! (`SharedState::held`, www/js/wasm.js).

use super::Algorithm;

/// Whether this build holds the code of `algorithm`: its family's Cargo
/// feature (seed 003's batch pocket, a pocket on Compare, has its code in
/// the relatives' family), from the family's declaration.
pub fn holds(algorithm: Algorithm) -> bool {
    algorithm.held()
}
