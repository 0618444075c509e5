//! Data: an in-memory data set (dense rows or sparse CSR), seeded synthetic
//! streams, and readers for CSV and LIBSVM files.

mod classes;
mod csv;
mod dataset;
mod libsvm;
mod loader;
mod preset;
mod reading;
pub mod rng;
mod standardise;
mod synthetic;

pub use classes::Classes;
pub use csv::{parse_csv, read_csv, CsvLine, CsvOptions, CsvParser, LabelColumn};
pub use dataset::{CsrParts, Dataset, FileParts, Fnv};
pub use libsvm::{parse_libsvm, read_libsvm, LibsvmLine, LibsvmParser, MAX_FEATURE_INDEX};
pub use loader::{Format, LoadedFile, Loader};
pub use preset::{class_index, class_label, class_number, Preset, DRIFT_PERIOD, MAX_CLASSES};
pub(crate) use reading::{
    display_name, parse_label, parse_value, read_to_string, ErrorSink, Tokens,
};
pub use reading::{without_bom, LineError, Loaded, OnError, BOM, MAX_LISTED_ERRORS};
pub use rng::Rng;
pub use standardise::{Deviations, Standardiser, Sums};
pub use synthetic::{ConceptMove, Stream, StreamConfig, Truth};
