//! Which learner families a build holds the code of.
//!
//! Every build knows every learner: its name, rule, settings and link code
//! (the rows of the registry stay, so a link or a menu can name any of
//! them). A family left out of a build keeps those and drops its code: its
//! rows' type becomes `Absent`, which has no values, so the compiler
//! removes every match arm that would run it. The page's first wasm module
//! is built without the `kernel` and `libol` features (measured: 41 KB
//! gzip less for the kernel family, see the README); a page that needs
//! one of their learners loads the full module and replays its session
//! there (www/js/wasm.js). Each family declares its learners once, in its
//! folder (`family!`, src/family.rs), which also holds [`Absent`].

/// The labels the selective perceptron asked for (none exists in a build
/// without its family's code).
#[cfg(feature = "relatives")]
fn labels_asked(learner: &crate::relatives::SelectivePerceptron) -> u64 {
    learner.labels_asked()
}
#[cfg(not(feature = "relatives"))]
fn labels_asked(learner: &crate::family::Absent) -> u64 {
    match *learner {}
}

/// FOGD's random features and weights (the model export).
#[cfg(feature = "kernel")]
fn fourier(learner: &crate::kernel::Fogd) -> crate::kernel::FourierModel {
    learner.model()
}
#[cfg(not(feature = "kernel"))]
fn fourier(learner: &crate::family::Absent) -> crate::kernel::FourierModel {
    match *learner {}
}

impl super::AnyLearner {
    /// The labels it asked for, when it asks for only some (the selective
    /// sampling perceptron); None for a learner that sees every label.
    pub fn labels_asked(&self) -> Option<u64> {
        match self {
            super::AnyLearner::SelectivePerceptron(l) => Some(labels_asked(l)),
            _ => None,
        }
    }

    /// FOGD's model, which is no support set: its random features and
    /// weights (None for every other learner).
    pub fn fourier(&self) -> Option<crate::kernel::FourierModel> {
        match self {
            super::AnyLearner::Fogd(l) => Some(fourier(l)),
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
        assert_eq!(err.to_string(), crate::family::MISSING);
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
        assert_eq!(err.to_string(), crate::family::MISSING);
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
            crate::family::MISSING
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
