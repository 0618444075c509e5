//! Which learner families a build holds the code of.
//!
//! Every build knows every learner: its name, rule, settings and link code
//! (the rows of the registry stay, so a link or a menu can name any of
//! them). A family left out of a build keeps those and drops its code: its
//! rows' type becomes [`Absent`], which has no values, so the compiler
//! removes every match arm that would run it. The page's first wasm module
//! is built without the `kernel` and `libol` features (measured: 41 KB
//! gzip less for the kernel family, see the README); a page that needs
//! one of their learners loads the full module and replays its session
//! there (www/js/wasm.js).

use crate::error::{Error, Result};
use crate::features::Features;
use crate::learner::{Configured, Entry, Learner, LinearModel, Task, Update};
use crate::settings::{Checked, Settings};

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
#[cfg_attr(
    all(
        feature = "kernel",
        feature = "libol",
        feature = "second-order",
        feature = "relatives"
    ),
    allow(dead_code)
)]
pub const fn absent(check: fn(&Settings) -> Result<()>) -> Entry<Absent> {
    Entry {
        check,
        build: refuse,
    }
}

/// Building a left-out learner. Never inlined: one copy serves every
/// left-out learner's arm of the registry's `build` (0.05 KB gzip, measured).
#[inline(never)]
fn refuse(_: &Checked) -> Result<Absent> {
    Err(Error::Mismatch(MISSING.into()))
}

/// What building a left-out learner says (the page loads the full module
/// before it asks, so a reader should never see this).
pub const MISSING: &str = "this learner's code is in the page's full module, which is not loaded";

/// The kernel family: its types and entries, or [`Absent`] ones.
#[cfg(feature = "kernel")]
pub mod kernel {
    pub use crate::kernel::ald_projection::ENTRY as ALD_PROJECTION;
    pub use crate::kernel::apsm::ENTRY as APSM;
    pub use crate::kernel::bogd::ENTRY as BOGD;
    pub use crate::kernel::bpa::ENTRY as BPA_S;
    pub use crate::kernel::bsgd::ENTRY as BSGD;
    pub use crate::kernel::fogd::ENTRY as FOGD;
    pub use crate::kernel::forgetron::ENTRY as FORGETRON;
    pub use crate::kernel::nogd::ENTRY as NOGD;
    pub use crate::kernel::olrd::ENTRY as OLRD;
    pub use crate::kernel::olru::ENTRY as OLRU;
    pub use crate::kernel::passive_aggressive::{PA1, PA2};
    pub use crate::kernel::perceptron::ENTRY as PERCEPTRON;
    pub use crate::kernel::projectron::{PLUS, PROJECTRON};
    pub use crate::kernel::silk::ENTRY as SILK;
    pub use crate::kernel::spa::ENTRY as SPA;
    pub use crate::kernel::stoptron::ENTRY as STOPTRON;
    pub use crate::kernel::{
        AldProjection, Apsm, Bogd, BpaS, Bsgd, Fogd, Forgetron, KernelPa, KernelPerceptron, Nogd,
        Olrd, Olru, Projectron, Silk, Spa, Stoptron,
    };

    /// FOGD's random features and weights (the model export).
    pub fn fourier(learner: &Fogd) -> crate::kernel::FourierModel {
        learner.model()
    }
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
    pub type Forgetron = Absent;
    pub type Stoptron = Absent;
    pub type Bogd = Absent;
    pub type Fogd = Absent;
    pub type Nogd = Absent;
    pub type BpaS = Absent;
    pub type Silk = Absent;
    pub type Bsgd = Absent;
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
    pub const FORGETRON: Entry<Absent> = absent(k::forgetron::ENTRY.check);
    pub const STOPTRON: Entry<Absent> = absent(k::stoptron::ENTRY.check);
    pub const BOGD: Entry<Absent> = absent(k::bogd::ENTRY.check);
    pub const FOGD: Entry<Absent> = absent(k::fogd::ENTRY.check);
    pub const NOGD: Entry<Absent> = absent(k::nogd::ENTRY.check);
    pub const BPA_S: Entry<Absent> = absent(k::bpa::ENTRY.check);
    pub const SILK: Entry<Absent> = absent(k::silk::ENTRY.check);
    pub const BSGD: Entry<Absent> = absent(k::bsgd::ENTRY.check);

    /// No value of a left-out learner exists.
    pub fn fourier(learner: &Absent) -> crate::kernel::FourierModel {
        match *learner {}
    }
}

/// LIBOL's binary learners (src/libol/): their types and entries, or
/// [`Absent`] ones. They belong to the page's menu families `linear` and
/// `second-order`, and their code to the full module.
#[cfg(feature = "libol")]
pub mod libol {
    pub use crate::libol::alma::ENTRY as ALMA;
    pub use crate::libol::cw::ENTRY as CW;
    pub use crate::libol::iellip::ENTRY as IELLIP;
    pub use crate::libol::narow::ENTRY as NAROW;
    pub use crate::libol::nherd::ENTRY as NHERD;
    pub use crate::libol::ogd::ENTRY as OGD;
    pub use crate::libol::romma::{AROMMA, ROMMA};
    pub use crate::libol::sop::ENTRY as SOP;
    pub use crate::libol::{Alma, Cw, Iellip, Narow, Nherd, Ogd, Romma, Sop};
}

/// LIBOL's learners left out (`--no-default-features`: the page's first module).
#[cfg(not(feature = "libol"))]
pub mod libol {
    use super::{absent, Absent};
    use crate::learner::Entry;
    use crate::libol as l;

    pub type Alma = Absent;
    pub type Romma = Absent;
    pub type Ogd = Absent;
    pub type Sop = Absent;
    pub type Cw = Absent;
    pub type Iellip = Absent;
    pub type Narow = Absent;
    pub type Nherd = Absent;
    pub const ALMA: Entry<Absent> = absent(l::alma::ENTRY.check);
    pub const ROMMA: Entry<Absent> = absent(l::romma::ROMMA.check);
    pub const AROMMA: Entry<Absent> = absent(l::romma::AROMMA.check);
    pub const OGD: Entry<Absent> = absent(l::ogd::ENTRY.check);
    pub const SOP: Entry<Absent> = absent(l::sop::ENTRY.check);
    pub const CW: Entry<Absent> = absent(l::cw::ENTRY.check);
    pub const IELLIP: Entry<Absent> = absent(l::iellip::ENTRY.check);
    pub const NAROW: Entry<Absent> = absent(l::narow::ENTRY.check);
    pub const NHERD: Entry<Absent> = absent(l::nherd::ENTRY.check);
}

/// AROW and SCW (src/linear/second_order.rs): their entries, or [`Absent`]
/// ones. The page's first module leaves them out (the `second-order`
/// feature): a first visit learns with PA-I, and their covariance code is
/// the full module's (measured: see the README's download sizes).
#[cfg(feature = "second-order")]
pub mod second_order {
    pub use crate::linear::second_order::{AROW, SCW1, SCW2};
    pub use crate::linear::SecondOrder;
}

/// AROW and SCW left out (`--no-default-features`: the page's first module).
#[cfg(not(feature = "second-order"))]
pub mod second_order {
    use super::{absent, Absent};
    use crate::learner::Entry;
    use crate::linear::second_order as s;

    pub type SecondOrder = Absent;
    pub const AROW: Entry<Absent> = absent(s::AROW.check);
    pub const SCW1: Entry<Absent> = absent(s::SCW1.check);
    pub const SCW2: Entry<Absent> = absent(s::SCW2.check);
}

/// The perceptron's relatives (src/relatives/): their types and entries,
/// or [`Absent`] ones; menu family `linear`, code in the full module.
#[cfg(feature = "relatives")]
pub mod relatives {
    pub use crate::relatives::ballseptron::ENTRY as BALLSEPTRON;
    pub use crate::relatives::batch_pocket::{
        BatchPocketLearner as BatchPocket, ENTRY as BATCH_POCKET,
    };
    pub use crate::relatives::paum::ENTRY as PAUM;
    pub use crate::relatives::pegasos::ENTRY as PEGASOS;
    pub use crate::relatives::selective::ENTRY as SELECTIVE;
    pub use crate::relatives::shifting::ENTRY as SHIFTING;
    pub use crate::relatives::winnow::ENTRY as WINNOW;
    pub use crate::relatives::{Ballseptron, Paum, Pegasos, SelectivePerceptron, Shifting, Winnow};

    /// The labels the selective perceptron asked for.
    pub fn labels_asked(learner: &SelectivePerceptron) -> u64 {
        learner.labels_asked()
    }
}

/// The perceptron's relatives left out (the page's first module).
#[cfg(not(feature = "relatives"))]
pub mod relatives {
    use super::{absent, Absent};
    use crate::learner::Entry;
    use crate::relatives as r;

    pub type Ballseptron = Absent;
    pub type Paum = Absent;
    pub type Shifting = Absent;
    pub type Pegasos = Absent;
    pub type Winnow = Absent;
    pub type SelectivePerceptron = Absent;
    pub type BatchPocket = Absent;
    pub const BATCH_POCKET: Entry<Absent> = absent(r::batch_pocket::ENTRY.check);
    pub const BALLSEPTRON: Entry<Absent> = absent(r::ballseptron::ENTRY.check);
    pub const PAUM: Entry<Absent> = absent(r::paum::ENTRY.check);
    pub const SHIFTING: Entry<Absent> = absent(r::shifting::ENTRY.check);
    pub const PEGASOS: Entry<Absent> = absent(r::pegasos::ENTRY.check);
    pub const WINNOW: Entry<Absent> = absent(r::winnow::ENTRY.check);
    pub const SELECTIVE: Entry<Absent> = absent(r::selective::ENTRY.check);

    /// No value of a left-out learner exists.
    pub fn labels_asked(learner: &Absent) -> u64 {
        match *learner {}
    }
}

impl super::AnyLearner {
    /// The labels it asked for, when it asks for only some (the selective
    /// sampling perceptron); None for a learner that sees every label.
    pub fn labels_asked(&self) -> Option<u64> {
        match self {
            super::AnyLearner::SelectivePerceptron(l) => Some(relatives::labels_asked(l)),
            _ => None,
        }
    }

    /// FOGD's model, which is no support set: its random features and
    /// weights (None for every other learner).
    pub fn fourier(&self) -> Option<crate::kernel::FourierModel> {
        match self {
            super::AnyLearner::Fogd(l) => Some(kernel::fourier(l)),
            _ => None,
        }
    }
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

#[cfg(all(test, not(feature = "libol")))]
mod libol_tests {
    use crate::playground::SharedState;
    use crate::registry::{check, Algorithm, AnyLearner, Catalogue};
    use crate::settings::{Key, Settings};

    /// Run by `cargo xtask test` as `cargo test --lib --no-default-features families`.
    #[test]
    fn a_left_out_libol_learner_is_named_and_checked_but_not_built_nor_explained() {
        let settings = Settings::default();
        let alma: Algorithm = "alma".parse().unwrap();
        assert!(check(alma, &settings).is_ok());
        let err = AnyLearner::new(alma, &settings).unwrap_err();
        assert_eq!(err.to_string(), super::MISSING);
        // Its settings are checked as in a full build, labels and all.
        let bad = SharedState::parse("algo=iellip&iellip-c=1").unwrap_err();
        assert!(bad
            .to_string()
            .ends_with("IELLIP c must be strictly between 0 and 1, got 1"));
        let decoupled = SharedState::parse("algo=sop&bias=decoupled");
        assert!(decoupled.unwrap_err().to_string().contains("SOP"));
        // A link to one needs the full module.
        assert!(!SharedState::parse("algo=cw").unwrap().held(None));
        assert!(!SharedState::parse("algo=pa1").unwrap().held(Some(alma)));
        // AROW and SCW are the full module's too (the `second-order` feature).
        assert!(!SharedState::parse("algo=arow").unwrap().held(None));
        assert!(SharedState::parse("algo=perceptron").unwrap().held(None));
        let arow: Algorithm = "arow".parse().unwrap();
        assert_eq!(
            AnyLearner::new(arow, &settings).unwrap_err().to_string(),
            super::MISSING
        );
        // The menu still lists it; its texts come with the full module.
        let catalogue = Catalogue::new();
        let card = catalogue
            .learners
            .iter()
            .find(|c| c.name == "alma")
            .unwrap();
        assert_eq!((card.label, card.rule, card.update), ("ALMA", "", ""));
        assert!(card.branches.is_empty());
        assert_eq!(card.settings, ["alma-form", "alma-alpha", "alma-c", "bias"]);
        assert_eq!(Key::AlmaAlpha.spec().help, "");
        // Shared by AROW, SCW and LIBOL's second-order learners, all in the
        // full module: a build without both leaves it out too.
        assert_eq!(Key::Confidence.spec().help, "");
        assert!(!Key::Eta.spec().label.is_empty());
    }
}
