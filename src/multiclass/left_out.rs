//! The multiclass perceptron's updates and the Banditron in a build without
//! the `relatives` feature (the page's first module): types with no value,
//! so the compiler drops every match arm that would run them, as
//! src/registry/families.rs does for a left-out learner. Building one is
//! refused; the page loads the full module first (`multiclass::holds`).

use super::{ClassStep, Spread};
use crate::error::{Error, Result};
use crate::features::Features;
use crate::linear::Weights;
use crate::registry::MISSING;
use crate::settings::Checked;

/// The multiclass perceptron, left out of this build.
#[derive(Clone, Debug)]
pub enum Ultraconservative {}

/// The Banditron, left out of this build.
#[derive(Clone, Debug)]
pub enum Banditron {}

/// Building a left-out rule. Never inlined: one copy serves both.
#[inline(never)]
fn refuse<T>() -> Result<T> {
    Err(Error::Mismatch(MISSING.into()))
}

impl Ultraconservative {
    pub fn new(_: Spread, _: &Checked, _: usize) -> Result<Self> {
        refuse()
    }
    pub fn rows(&self) -> &[Weights] {
        match *self {}
    }
    pub fn rows_mut(&mut self) -> &mut [Weights] {
        match *self {}
    }
    pub fn retune(&mut self, _: &Checked) {
        match *self {}
    }
    pub fn learn_one(&mut self, _: Features<'_>, _: usize) -> ClassStep {
        match *self {}
    }
}

impl Banditron {
    pub fn new(_: &Checked, _: usize) -> Result<Self> {
        refuse()
    }
    pub fn rows(&self) -> &[Weights] {
        match *self {}
    }
    pub fn rows_mut(&mut self) -> &mut [Weights] {
        match *self {}
    }
    pub fn top_mistakes(&self) -> u64 {
        match *self {}
    }
    pub fn retune(&mut self, _: &Checked) {
        match *self {}
    }
    pub fn learn_one(&mut self, _: Features<'_>, _: usize) -> ClassStep {
        match *self {}
    }
}

#[cfg(test)]
mod tests {
    use crate::multiclass::{holds, Multiclass};
    use crate::playground::SharedState;
    use crate::registry::Algorithm;
    use crate::settings::{Reduction, Settings};

    #[test]
    fn a_link_to_the_perceptrons_updates_or_the_banditron_needs_the_full_module() {
        let link = |hash: &str| SharedState::parse(hash).unwrap().held(None);
        assert!(link("v=3&algo=perceptron&preset=three-classes"));
        assert!(link(
            "v=3&algo=pa1&preset=three-classes&multiclass=crammer-singer"
        ));
        assert!(!link(
            "v=3&algo=perceptron&preset=three-classes&multiclass=crammer-singer"
        ));
        assert!(!link(
            "v=3&algo=perceptron&preset=three-classes&multiclass=banditron"
        ));
        // Two classes use no reduction.
        assert!(link(
            "v=3&algo=perceptron&preset=moons&multiclass=banditron"
        ));
        assert!(!holds(
            Algorithm::Perceptron,
            Reduction::CrammerSingerUniform
        ));
        let settings = Settings {
            multiclass: Reduction::Banditron,
            ..Settings::default()
        };
        let err = Multiclass::new(Algorithm::Perceptron, &settings, 3).unwrap_err();
        assert!(err.to_string().contains("full module"), "{err}");
    }
}
