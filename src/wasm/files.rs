//! Loading a file into a session: dense, sparse, or a large file handed
//! over in parts, one per task, so that moving it into wasm memory never
//! holds the page's main thread for long (a 45 MB file is 100 MB of
//! arrays; in one call that took 118 ms; the parts gather in a
//! `FileParts`, tested natively). Only the page's full module has this (the `files`
//! feature): a page loads the full module before it loads a file.

use wasm_bindgen::prelude::*;

use super::page::object;
use super::page::Playground;
use super::{js, plain};
use crate::data::{Dataset, FileParts};
use crate::learner::Task;

#[wasm_bindgen]
impl Playground {
    /// Learns from a dense file from now on (`task`: classification or
    /// regression; `values` row-major; `fingerprint`: the worker's, in hex,
    /// or empty to compute it here). Returns a note for the reader (a message, see error/message.rs), or undefined.
    pub fn load_dense(
        &mut self,
        name: &str,
        task: &str,
        n_features: usize,
        values: Vec<f64>,
        labels: Vec<f64>,
        fingerprint: &str,
    ) -> Result<JsValue, JsValue> {
        let data = Dataset::from_dense(values, n_features, labels).map_err(js)?;
        self.load(name, task, data, fingerprint)
    }

    /// Learns from a sparse file from now on (compressed rows, 0-based
    /// indices). Returns a note for the reader (a message, see error/message.rs), or undefined.
    #[allow(clippy::too_many_arguments)] // one batch call across the boundary
    pub fn load_sparse(
        &mut self,
        name: &str,
        task: &str,
        row_starts: Vec<u32>,
        indices: Vec<u32>,
        values: Vec<f64>,
        labels: Vec<f64>,
        fingerprint: &str,
    ) -> Result<JsValue, JsValue> {
        let data = Dataset::from_csr_owned(row_starts, indices, values, labels).map_err(js)?;
        self.load(name, task, data, fingerprint)
    }

    /// How a file's values were mapped onto the plane: `{ mean, scale,
    /// target }` (plane value = (file value − mean) · scale; `target`:
    /// [mean, scale] of a regression's y, or null), or null when the plane
    /// shows the file's values as they are.
    pub fn file_transform(&self) -> Result<JsValue, JsValue> {
        #[derive(serde::Serialize)]
        struct Shown<'a> {
            mean: &'a [f64],
            scale: &'a [f64],
            target: Option<(f64, f64)>,
        }
        let transform = self
            .page
            .session()
            .file()
            .and_then(|f| f.transform.as_ref());
        super::page::object(&transform.map(|t| Shown {
            mean: &t.mean,
            scale: &t.scale,
            target: t.target,
        }))
    }

    /// The model's weights in the units of a file the plane standardised,
    /// laid out as `weights()`; empty otherwise.
    pub fn file_weights(&self) -> Vec<f64> {
        let mut w = Vec::new();
        for model in self.page.session().file_models().unwrap_or_default() {
            w.extend(model.weights);
            w.push(model.bias);
        }
        w
    }

    /// Learns from the file `from` holds, sharing its data in wasm memory
    /// (no copy: the page loads a file once into a holder and every panel
    /// takes it from there). Returns a note for the reader (a message, see error/message.rs), or undefined.
    pub fn load_shared(&mut self, from: &Playground) -> Result<JsValue, JsValue> {
        let file = from
            .page
            .session()
            .file()
            .ok_or_else(|| plain("that playground holds no file"))?;
        object(&self.page.load_shared(file).map_err(js)?)
    }

    pub(super) fn load(
        &mut self,
        name: &str,
        task: &str,
        data: Dataset,
        fingerprint: &str,
    ) -> Result<JsValue, JsValue> {
        let task: Task = task.parse().map_err(js)?;
        let fingerprint = match fingerprint {
            "" => None,
            hex => Some(
                u64::from_str_radix(hex, 16)
                    .map_err(|_| plain(&format!("fingerprint '{hex}' is not 16 hex digits")))?,
            ),
        };
        object(&self.page.load(name, task, data, fingerprint).map_err(js)?)
    }

    /// Appends whole rows of a sparse file: `row_starts` as in
    /// `load_sparse` but counted from this part's first value (its first
    /// entry 0, its last the part's value count).
    pub fn load_part_sparse(
        &mut self,
        row_starts: Vec<u32>,
        indices: Vec<u32>,
        values: Vec<f64>,
        labels: Vec<f64>,
    ) -> Result<(), JsValue> {
        let parts = self
            .parts
            .get_or_insert_with(|| FileParts::Sparse(Default::default()));
        let pushed = parts.push_sparse(&row_starts, &indices, &values, &labels);
        self.keep_parts_if(pushed)
    }

    /// Starts a dense file of `rows` rows of `n_features` values, to
    /// arrive in parts (`load_part_dense`); its arrays are made at their
    /// size now, so that no part copies what came before.
    pub fn load_parts_dense(&mut self, n_features: usize, rows: usize) {
        self.parts = Some(FileParts::dense(n_features, rows));
    }

    /// Appends whole rows of a dense file (row-major).
    pub fn load_part_dense(&mut self, values: &[f64], labels: &[f64]) -> Result<(), JsValue> {
        let pushed = match self.parts.as_mut() {
            Some(parts) => parts.push_dense(values, labels),
            None => Err(crate::error::Error::BadSample(
                "a dense file's parts come after load_parts_dense".into(),
            )),
        };
        self.keep_parts_if(pushed)
    }

    /// A part that was refused drops the parts before it.
    fn keep_parts_if(&mut self, pushed: crate::error::Result<()>) -> Result<(), JsValue> {
        if pushed.is_err() {
            self.parts = None;
        }
        pushed.map_err(js)
    }

    /// Learns from the parts received, as `load_sparse` would from the
    /// whole file. Returns a note for the reader (a message, see error/message.rs), or undefined.
    pub fn load_parts_end(
        &mut self,
        name: &str,
        task: &str,
        fingerprint: &str,
    ) -> Result<JsValue, JsValue> {
        let parts = self
            .parts
            .take()
            .ok_or_else(|| plain("no part of a file was received"))?;
        let data = parts.finish().map_err(js)?;
        self.load(name, task, data, fingerprint)
    }
}
