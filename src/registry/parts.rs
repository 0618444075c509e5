//! Which part of the page's full module holds each learner's code: its
//! cargo feature (a build without it leaves the code out, see
//! families.rs), and the name the page loads it by (src/wasm/page.rs
//! `parts`, www/js/wasm-full.js).

use super::{group, Algorithm};

/// The part of the page's full module that holds `algorithm`'s code: its
/// cargo feature, and the module that xtask/split-wasm.mjs splits off by
/// that name (`www/pkg/onlinelearn_full_<part>.wasm`). None: the code of
/// every build. Compare's families ([`group`]) are the parts, but for seed
/// 003's batch pocket: a pocket on Compare, its code the relatives' feature.
pub fn part(algorithm: Algorithm) -> Option<&'static str> {
    match group(algorithm) {
        "kernel" | "libol" | "second-order" | "relatives" => Some(group(algorithm)),
        _ if algorithm == Algorithm::BatchPocket => Some("relatives"),
        _ => None,
    }
}

/// Whether this build holds the code of `algorithm`.
pub fn holds(algorithm: Algorithm) -> bool {
    match part(algorithm) {
        Some("kernel") => cfg!(feature = "kernel"),
        Some("libol") => cfg!(feature = "libol"),
        Some("second-order") => cfg!(feature = "second-order"),
        Some(_) => cfg!(feature = "relatives"),
        None => true,
    }
}
