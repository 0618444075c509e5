//! Kernel online classifiers, f(x) = sum_i alpha_i k(s_i, x), with budgets.
//!
//! Every learner keeps its support vectors in one [`SupportSet`] (vectors,
//! coefficients, an optional incremental inverse Gram matrix, a hard
//! budget) and reports the set's size on every update. Each learner's file
//! opens with its rule and its source, and declares its registry entry.

pub mod ald_projection;
pub mod apsm;
pub mod bogd;
pub mod bpa;
pub mod bsgd;
pub(crate) mod core;
mod eigen;
pub mod fogd;
pub mod forgetron;
pub(crate) mod function;
mod grid;
mod inverse_gram;
mod merge;
pub mod nogd;
pub mod olrd;
pub mod olru;
pub mod passive_aggressive;
pub mod perceptron;
pub mod projectron;
pub mod silk;
pub mod spa;
pub mod stoptron;
pub mod support_set;

pub use ald_projection::AldProjection;
pub use apsm::{Apsm, ApsmConfig};
pub use bogd::Bogd;
pub use bpa::BpaS;
pub use bsgd::Bsgd;
pub use fogd::{Fogd, FourierModel};
pub use forgetron::Forgetron;
pub use function::{Kernel, KernelSpec};
pub use inverse_gram::InverseGram;
pub use nogd::Nogd;
pub use olrd::Olrd;
pub use olru::Olru;
pub use passive_aggressive::KernelPa;
pub use perceptron::KernelPerceptron;
pub use projectron::Projectron;
pub use silk::Silk;
pub use spa::{Spa, SpaRule};
pub use stoptron::Stoptron;
pub use support_set::{Removal, SupportSet};

use crate::settings::Key;

crate::family::family! {
    mod family,
    group: "kernel",
    feature: "kernel",
    types: [
        AldProjection, Apsm, Bogd, BpaS, Bsgd, Fogd, Forgetron, KernelPa, KernelPerceptron, Nogd,
        Olrd, Olru, Projectron, Silk, Spa, Stoptron,
    ],
    entries: [
        PERCEPTRON = perceptron::ENTRY, PA1 = passive_aggressive::PA1,
        PA2 = passive_aggressive::PA2, PROJECTRON = projectron::PROJECTRON, PLUS = projectron::PLUS,
        APSM = apsm::ENTRY, SPA = spa::ENTRY, OLRU = olru::ENTRY, OLRD = olrd::ENTRY,
        ALD_PROJECTION = ald_projection::ENTRY, FORGETRON = forgetron::ENTRY,
        STOPTRON = stoptron::ENTRY, BOGD = bogd::ENTRY, FOGD = fogd::ENTRY, NOGD = nogd::ENTRY,
        BPA_S = bpa::ENTRY, SILK = silk::ENTRY, BSGD = bsgd::ENTRY,
    ],
}

/// The settings every kernel learner reads: the kernel and its parameters
/// (each applies only to its own kernel). A learner's `reads` list starts
/// with these.
macro_rules! kernel_keys {
    ($($key:ident),* $(,)?) => {
        &[
            crate::settings::Key::Kernel,
            crate::settings::Key::Sigma,
            crate::settings::Key::Degree,
            crate::settings::Key::Offset,
            $(crate::settings::Key::$key),*
        ]
    };
}
pub(crate) use kernel_keys;

/// A kernel learner's registry entry: `build` makes the learner from the
/// settings `s` and the kernel they name, `kernel` (every kernel learner
/// starts from one); `check` is what the settings table cannot check
/// (none by default). `kernel_entry!(ENTRY: Bogd, |s, kernel| ...)`.
macro_rules! kernel_entry {
    ($name:ident: $type:ident, |$s:ident, $kernel:ident| $build:expr) => {
        crate::kernel::kernel_entry!($name: $type, crate::learner::no_check, |$s, $kernel| $build);
    };
    ($name:ident: $type:ident, $check:expr, |$s:ident, $kernel:ident| $build:expr) => {
        pub const $name: crate::learner::Entry<$type> = crate::learner::Entry {
            check: $check,
            build: |$s| {
                let $kernel = crate::kernel::KernelSpec::from_settings($s);
                $build
            },
        };
    };
}
pub(crate) use kernel_entry;

/// A kernel learner's verdict clauses (`Info::branches`), in the builds
/// that hold its code. The page's first module leaves them out: it cannot
/// run a kernel learner, so it never explains one, and the page reads the
/// full module's catalogue once that module is loaded (0.8 KB gzip less on
/// the first load, measured).
pub(crate) const fn with_code(branches: &'static [&'static str]) -> &'static [&'static str] {
    crate::family::clauses_if_held(family::HELD, branches)
}

/// A text of a kernel learner's card (rule, formulas, source...), in the
/// builds that hold its code, for the same reason as [`with_code`]: the
/// first module never explains a kernel learner (measured with LIBOL's
/// learners' texts, which it leaves out the same way: see the README).
pub(crate) const fn text_with_code(text: &'static str) -> &'static str {
    crate::family::text_if_held(family::HELD, text)
}

/// The kernel keys alone (for tests and the documentation).
pub const KERNEL_KEYS: [Key; 4] = [Key::Kernel, Key::Sigma, Key::Degree, Key::Offset];
