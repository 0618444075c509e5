//! Which learner families a build holds the code of.
//!
//! Every build knows every learner: its name, rule, settings and link code
//! (the rows of the registry stay, so a link or a menu can name any of
//! them). A family left out of a build keeps those and drops its code: its
//! rows' type becomes [`Absent`], which has no values, so the compiler
//! removes every match arm that would run it. The page's first wasm module
//! is built without the `kernel` feature (measured: 41 KB gzip less, see
//! the README); a page that needs a kernel learner loads the full module
//! and replays its session there (www/js/wasm.js).

use crate::error::{Error, Result};
use crate::features::Features;
use crate::learner::{Configured, Entry, Learner, LinearModel, Task, Update};
use crate::settings::Settings;

/// The type of a learner whose family this build leaves out: no value of
/// it can exist, so nothing that would run the learner is compiled.
#[derive(Clone, Debug)]
pub enum Absent {}

impl Learner for Absent {
    fn task(&self) -> Task {
        match *self {}
    }
    fn score(&self, _: Features<'_>) -> f64 {
        match *self {}
    }
    fn learn_one(&mut self, _: Features<'_>, _: f64) -> Update {
        match *self {}
    }
    fn reset(&mut self) {
        match *self {}
    }
    fn linear_model(&self) -> Option<LinearModel> {
        match *self {}
    }
}

impl Configured for Absent {
    fn retune(&mut self, _: &Settings) {
        match *self {}
    }
}

/// The entry of a learner this build leaves out: its settings are checked
/// as in a full build (a link names any learner), building one is refused.
#[cfg_attr(feature = "kernel", allow(dead_code))]
pub const fn absent(check: fn(&Settings) -> Result<()>) -> Entry<Absent> {
    Entry {
        check,
        build: |_| Err(Error::Mismatch(MISSING.into())),
    }
}

/// What building a left-out learner says (the page loads the full module
/// before it asks, so a reader should never see this).
pub const MISSING: &str = "this learner's code is in the page's full module, which is not loaded";

/// The kernel family: its types and entries, or [`Absent`] ones.
#[cfg(feature = "kernel")]
pub mod kernel {
    pub use crate::kernel::ald_projection::ENTRY as ALD_PROJECTION;
    pub use crate::kernel::apsm::ENTRY as APSM;
    pub use crate::kernel::olrd::ENTRY as OLRD;
    pub use crate::kernel::olru::ENTRY as OLRU;
    pub use crate::kernel::passive_aggressive::{PA1, PA2};
    pub use crate::kernel::perceptron::ENTRY as PERCEPTRON;
    pub use crate::kernel::projectron::{PLUS, PROJECTRON};
    pub use crate::kernel::spa::ENTRY as SPA;
    pub use crate::kernel::{
        AldProjection, Apsm, KernelPa, KernelPerceptron, Olrd, Olru, Projectron, Spa,
    };
}

/// The kernel family left out (`--no-default-features`: the page's first module).
#[cfg(not(feature = "kernel"))]
pub mod kernel {
    use super::{absent, Absent};
    use crate::kernel as k;
    use crate::learner::Entry;

    pub type KernelPerceptron = Absent;
    pub type KernelPa = Absent;
    pub type Projectron = Absent;
    pub type Apsm = Absent;
    pub type Spa = Absent;
    pub type Olru = Absent;
    pub type Olrd = Absent;
    pub type AldProjection = Absent;
    pub const PERCEPTRON: Entry<Absent> = absent(k::perceptron::ENTRY.check);
    pub const PA1: Entry<Absent> = absent(k::passive_aggressive::PA1.check);
    pub const PA2: Entry<Absent> = absent(k::passive_aggressive::PA2.check);
    pub const PROJECTRON: Entry<Absent> = absent(k::projectron::PROJECTRON.check);
    pub const PLUS: Entry<Absent> = absent(k::projectron::PLUS.check);
    pub const APSM: Entry<Absent> = absent(k::apsm::ENTRY.check);
    pub const SPA: Entry<Absent> = absent(k::spa::ENTRY.check);
    pub const OLRU: Entry<Absent> = absent(k::olru::ENTRY.check);
    pub const OLRD: Entry<Absent> = absent(k::olrd::ENTRY.check);
    pub const ALD_PROJECTION: Entry<Absent> = absent(k::ald_projection::ENTRY.check);
}

/// Whether this build holds the code of `family`'s learners.
pub fn holds(family: crate::learner::Family) -> bool {
    family != crate::learner::Family::Kernel || cfg!(feature = "kernel")
}

#[cfg(all(test, not(feature = "kernel")))]
mod tests {
    use crate::playground::SharedState;
    use crate::registry::{check, Algorithm, AnyLearner};
    use crate::settings::Settings;

    /// Run by `cargo xtask test` as `cargo test --lib --no-default-features families`.
    #[test]
    fn a_left_out_learner_is_named_and_checked_but_not_built() {
        let settings = Settings::default();
        let projectron: Algorithm = "projectron".parse().unwrap();
        assert!(check(projectron, &settings).is_ok());
        let err = AnyLearner::new(projectron, &settings).unwrap_err();
        assert_eq!(err.to_string(), super::MISSING);
        // Its own rules are still checked: APSM's window within its dictionary.
        let apsm = SharedState::parse("algo=apsm&q=9&dictionary=5");
        assert!(apsm.unwrap_err().to_string().contains("window q"));
        // A link names it, and says this build lacks it.
        let link = SharedState::parse("algo=pa1&view=compare&algos=pa1,olrd").unwrap();
        assert!(!link.held(None));
        assert!(SharedState::parse("algo=pa1").unwrap().held(None));
        assert!(!SharedState::parse("algo=pa1")
            .unwrap()
            .held(Some(projectron)));
        assert!(AnyLearner::new(Algorithm::Pa1, &settings).is_ok());
    }
}
