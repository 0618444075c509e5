//! Copy as Python's call (the page's full module only, with the timeline:
//! see src/playground/learned.rs).

use wasm_bindgen::prelude::*;

use super::js;
use super::page::{object, Playground};

#[wasm_bindgen]
impl Playground {
    /// The live session's learned samples, in order, and what learned them:
    /// `{algorithm, task, classes, settings: [[name, value]], width, rows,
    /// changed_after}` (rows: each sample's features then its target).
    pub fn learned(&self) -> Result<JsValue, JsValue> {
        object(&self.page.live().learned().map_err(js)?)
    }
}
