//! A build without the theory layer (the page's first module): the layer
//! cannot be switched on, and says where it is. The page loads its full
//! module before it asks (www/js/wasm.js), so a reader never sees this.

use serde::Serialize;

use super::share::Setup;
use crate::error::{Error, Result};
use crate::features::Features;
use crate::learner::Update;

/// No value can exist: every method below is unreachable.
#[derive(Clone, Debug)]
pub enum TheoryPart {}

#[derive(Serialize)]
pub struct TheoryView<'a> {
    pub why_not: Option<&'a str>,
}

#[derive(Serialize)]
pub struct TheoryCurves {}

impl TheoryPart {
    pub fn new(_: &Setup, _: bool) -> Result<Self> {
        Err(Error::Mismatch(
            "the theory layer is in the page's full module, which is not loaded".into(),
        ))
    }
    pub fn warm(setup: &Setup, on_plane: bool, _: u64) -> Result<Self> {
        Self::new(setup, on_plane)
    }
    pub fn learned(&mut self, _: Features<'_>, _: f64, _: &Update) {
        match *self {}
    }
    pub fn record(&mut self, _: u64) {
        match *self {}
    }
    pub fn work(&mut self, _: impl FnMut() -> bool) -> bool {
        match *self {}
    }
    pub fn view(&mut self) -> TheoryView<'_> {
        match *self {}
    }
    pub fn curves(&self) -> Option<&TheoryCurves> {
        match *self {}
    }
}
