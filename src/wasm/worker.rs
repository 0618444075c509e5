//! The Web Worker's module: the CSV and LIBSVM readers and nothing else,
//! so the page downloads them only when a reader opens a file.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::{js, plain};
use crate::error::{Code, Error, Message};
use crate::msg;

use crate::data::{Dataset, Format, Loaded, LoadedFile, Loader};
use crate::learner::Task;
use crate::playground::FileSource;

/// Parses a data file in pieces, in the page's Web Worker, with the same
/// readers as the command line: whole lines in (the worker keeps a partial
/// last line for the next piece), then the data as typed arrays for the
/// main thread's `Playground::load_dense` or `Playground::load_sparse`.
#[wasm_bindgen]
pub struct DataLoader {
    name: String,
    format: Option<Format>,
    task: Option<Task>,
    loader: Option<Loader>,
    loaded: Option<(Loaded, Task)>,
}

#[wasm_bindgen]
impl DataLoader {
    /// `format`: csv, libsvm or auto (from the name, then the first line);
    /// `task`: classification, regression or auto (from the labels).
    #[wasm_bindgen(constructor)]
    pub fn new(name: &str, format: &str, task: &str) -> Result<DataLoader, JsValue> {
        let format = match format {
            "auto" => None,
            "csv" => Some(Format::Csv),
            "libsvm" => Some(Format::Libsvm),
            other => {
                return Err(plain(&format!(
                    "format must be csv, libsvm or auto, got '{other}'"
                )))
            }
        };
        let task = match task {
            "auto" => None,
            other => Some(other.parse().map_err(js)?),
        };
        Ok(DataLoader {
            name: name.to_string(),
            format,
            task,
            loader: None,
            loaded: None,
        })
    }

    /// Parses whole lines; returns the lines read so far.
    pub fn feed(&mut self, text: &str) -> usize {
        let loader = self.loader.get_or_insert_with(|| {
            let format = self
                .format
                .unwrap_or_else(|| Format::detect(&self.name, text));
            Loader::new(&self.name, format, self.task)
        });
        loader.feed(text);
        loader.lines()
    }

    /// Ends the file. An error when no line was valid, listing the first
    /// bad ones.
    pub fn finish(&mut self) -> Result<(), JsValue> {
        let loader = self.loader.take().unwrap_or_else(|| {
            Loader::new(&self.name, self.format.unwrap_or(Format::Csv), self.task)
        });
        let LoadedFile { loaded, task, .. } = loader.finish().map_err(js)?;
        if loaded.data.is_empty() {
            let first: Vec<Message> = loaded
                .skipped
                .iter()
                .take(3)
                .map(|e| e.message_of_line())
                .collect();
            let name = self.name.as_str();
            return Err(js(Error::BadSample(if first.is_empty() {
                msg!(Code::NoData, file = name)
            } else {
                msg!(Code::NoValidRows, file = name, first = first)
            })));
        }
        self.loaded = Some((loaded, task));
        Ok(())
    }

    /// The fingerprint the page's session will give this data (its link
    /// key), in hex: computed here, off the main thread, because hashing a
    /// 45 MB file took a quarter of a second there.
    pub fn fingerprint(&self) -> Result<String, JsValue> {
        let (loaded, task) = self
            .loaded
            .as_ref()
            .ok_or_else(|| plain("the file is not finished"))?;
        let file = FileSource::new(&self.name, loaded.data.clone(), *task).map_err(js)?;
        Ok(format!("{:016x}", file.fingerprint()))
    }

    fn data(&self) -> Option<&Dataset> {
        self.loaded.as_ref().map(|(l, _)| &l.data)
    }

    pub fn rows(&self) -> usize {
        self.data().map_or(0, Dataset::len)
    }

    pub fn features(&self) -> usize {
        self.data().map_or(0, Dataset::n_features)
    }

    pub fn sparse(&self) -> bool {
        self.data().is_some_and(Dataset::is_sparse)
    }

    /// The classes of a classification file: 2 to 6 (0 for a regression).
    pub fn classes(&self) -> usize {
        self.loaded
            .as_ref()
            .and_then(|(l, t)| {
                (*t == Task::Classification).then(|| crate::playground::classes_of(&l.data))
            })
            .unwrap_or(0)
    }

    /// "classification" or "regression" (after `finish`).
    pub fn task(&self) -> String {
        self.loaded
            .as_ref()
            .map(|(_, t)| t.name().to_string())
            .unwrap_or_default()
    }

    /// Lines skipped in all.
    pub fn skipped(&self) -> usize {
        self.loaded.as_ref().map_or(0, |(l, _)| l.skipped_total)
    }

    /// The listed bad lines, each a message (`file:line:column: why`).
    pub fn errors(&self) -> Result<JsValue, JsValue> {
        let lines: Vec<Message> = self
            .loaded
            .as_ref()
            .map(|(l, _)| l.skipped.iter().map(|e| e.message_of_line()).collect())
            .unwrap_or_default();
        lines
            .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
            .map_err(|e| plain(&e.to_string()))
    }

    pub fn labels(&self) -> Vec<f64> {
        self.data().map(|d| d.labels().to_vec()).unwrap_or_default()
    }

    /// Dense: row-major values. Sparse: the stored values.
    pub fn values(&self) -> Vec<f64> {
        match self.data() {
            Some(d) => match d.csr_parts() {
                Some((_, _, values)) => values.to_vec(),
                None => d
                    .dense_values(0..d.len())
                    .map(<[f64]>::to_vec)
                    .unwrap_or_default(),
            },
            None => Vec::new(),
        }
    }

    /// Sparse only: where each row starts in `indices` / `values`, then the end.
    pub fn row_starts(&self) -> Vec<u32> {
        self.data()
            .and_then(Dataset::csr_parts)
            .map(|(starts, _, _)| starts.iter().map(|&s| s as u32).collect())
            .unwrap_or_default()
    }

    /// Sparse only: 0-based feature indices.
    pub fn indices(&self) -> Vec<u32> {
        self.data()
            .and_then(Dataset::csr_parts)
            .map(|(_, i, _)| i.to_vec())
            .unwrap_or_default()
    }
}
