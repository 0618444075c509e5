//! A large sparse file handed over in parts, one per task, so that moving
//! it into wasm memory never holds the page's main thread for long (a
//! 45 MB file is 100 MB of arrays; in one call that took 118 ms). The
//! parts gather in a `CsrParts` (tested natively).

use wasm_bindgen::prelude::*;

use super::js;
use super::page::Playground;

#[wasm_bindgen]
impl Playground {
    /// Appends whole rows of a sparse file: `row_starts` as in
    /// `load_sparse` but counted from this part's first value (its first
    /// entry 0, its last the part's value count).
    pub fn load_part_sparse(
        &mut self,
        row_starts: Vec<u32>,
        indices: Vec<u32>,
        values: Vec<f64>,
        labels: Vec<f64>,
    ) -> Result<(), JsError> {
        let pushed = self.parts.get_or_insert_with(Default::default).push(
            &row_starts,
            &indices,
            &values,
            &labels,
        );
        if pushed.is_err() {
            self.parts = None;
        }
        pushed.map_err(js)
    }

    /// Learns from the parts received, as `load_sparse` would from the
    /// whole file. Returns a note for the reader.
    pub fn load_parts_end(
        &mut self,
        name: &str,
        task: &str,
        fingerprint: &str,
    ) -> Result<String, JsError> {
        let parts = self
            .parts
            .take()
            .ok_or_else(|| JsError::new("no part of a file was received"))?;
        let data = parts.finish().map_err(js)?;
        self.load(name, task, data, fingerprint)
    }
}
