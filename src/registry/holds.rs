//! Whether this build holds a learner's code: each family but the first
//! module's is a cargo feature (a build without it leaves the code out,
//! see families.rs), and the page loads its full module, which holds them
//! all, when a link needs one that its first module lacks
//! (`SharedState::held`, www/js/wasm.js).

use super::{group, Algorithm};

/// Whether this build holds the code of `algorithm`. Compare's families
/// ([`group`]) are the features, but for seed 003's batch pocket: a pocket
/// on Compare, its code the relatives' feature.
pub fn holds(algorithm: Algorithm) -> bool {
    match group(algorithm) {
        "kernel" => cfg!(feature = "kernel"),
        "libol" => cfg!(feature = "libol"),
        "second-order" => cfg!(feature = "second-order"),
        "relatives" => cfg!(feature = "relatives"),
        _ if algorithm == Algorithm::BatchPocket => cfg!(feature = "relatives"),
        _ => true,
    }
}
