//! A large sparse file handed over in parts, one per task, so that moving
//! it into wasm memory never holds the page's main thread for long (a
//! 45 MB file is 100 MB of arrays; in one call that took 118 ms).

use wasm_bindgen::prelude::*;

use super::js;
use super::page::Playground;
use crate::data::Dataset;

/// The compressed rows received so far: row starts are absolute.
#[derive(Default)]
pub struct Parts {
    row_starts: Vec<u32>,
    indices: Vec<u32>,
    values: Vec<f64>,
    labels: Vec<f64>,
}

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
        if row_starts.len() != labels.len() + 1
            || row_starts.first() != Some(&0)
            || row_starts.last().map(|&e| e as usize) != Some(values.len())
            || indices.len() != values.len()
        {
            self.parts = None;
            return Err(JsError::new(
                "a part of a file must hold whole rows: row starts from 0 to its value count, one more than its labels",
            ));
        }
        let parts = self.parts.get_or_insert_with(|| Parts {
            row_starts: vec![0],
            ..Parts::default()
        });
        let offset = parts.values.len() as u32;
        parts
            .row_starts
            .extend(row_starts[1..].iter().map(|&s| s + offset));
        parts.indices.extend_from_slice(&indices);
        parts.values.extend_from_slice(&values);
        parts.labels.extend_from_slice(&labels);
        Ok(())
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
        let data =
            Dataset::from_csr_owned(parts.row_starts, parts.indices, parts.values, parts.labels)
                .map_err(js)?;
        self.load(name, task, data, fingerprint)
    }
}
