//! Which part of the page's full module holds each learner's code: its
//! cargo feature (a build without it leaves the code out, see
//! families.rs), and the name the page loads it by (src/wasm/page.rs
//! `parts`, www/js/wasm-full.js).

use super::Algorithm;

/// The perceptron's relatives and the batch pocket (the `relatives` feature).
const RELATIVES: [Algorithm; 7] = [
    Algorithm::Ballseptron,
    Algorithm::Paum,
    Algorithm::ShiftingPerceptron,
    Algorithm::Pegasos,
    Algorithm::Winnow,
    Algorithm::SelectivePerceptron,
    Algorithm::BatchPocket,
];

/// The learners whose code is in src/libol/ (the `libol` feature).
const LIBOL: [Algorithm; 9] = [
    Algorithm::Alma,
    Algorithm::Romma,
    Algorithm::Aromma,
    Algorithm::Ogd,
    Algorithm::Sop,
    Algorithm::Cw,
    Algorithm::Iellip,
    Algorithm::Narow,
    Algorithm::Nherd,
];

/// The part of the page's full module that holds `algorithm`'s code: its
/// cargo feature, and the module that xtask/split-wasm.mjs splits off by
/// that name (`www/pkg/onlinelearn_full_<part>.wasm`). None: the code of
/// every build.
pub fn part(algorithm: Algorithm) -> Option<&'static str> {
    if algorithm.is_kernel() {
        Some("kernel")
    } else if LIBOL.contains(&algorithm) {
        Some("libol")
    } else if matches!(
        algorithm,
        Algorithm::Arow | Algorithm::Scw1 | Algorithm::Scw2
    ) {
        Some("second-order")
    } else if RELATIVES.contains(&algorithm) {
        Some("relatives")
    } else {
        None
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
