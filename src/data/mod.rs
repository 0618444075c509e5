//! Data: an in-memory data set (dense rows or sparse CSR), seeded synthetic
//! streams, and readers for CSV and LIBSVM files.

mod csv;
mod libsvm;
mod loader;
pub mod rng;
mod synthetic;

pub use csv::{parse_csv, read_csv, CsvOptions, CsvParser, LabelColumn};
pub use libsvm::{parse_libsvm, read_libsvm, LibsvmParser, MAX_FEATURE_INDEX};
pub use loader::{Format, Loader};
pub use rng::Rng;
pub use synthetic::{Preset, Stream, StreamConfig};

use std::ops::Range;

use crate::error::{Error, ParseError, Result};
use crate::features::{ensure_finite, Features, SparseFeatures};
use crate::learner::Task;

/// Samples and their labels. Every constructor and `push` refuses NaN and
/// infinities, so whatever a `Dataset` holds can be given to a learner.
#[derive(Clone, Debug, PartialEq)]
pub struct Dataset {
    storage: Storage,
    labels: Vec<f64>,
    n_features: usize,
}

#[derive(Clone, Debug, PartialEq)]
enum Storage {
    /// Row-major, `n_features` values a row.
    Dense { values: Vec<f64> },
    /// Compressed sparse rows: row `i` is `row_starts[i]..row_starts[i + 1]`.
    Sparse {
        row_starts: Vec<usize>,
        indices: Vec<u32>,
        values: Vec<f64>,
    },
}

impl Dataset {
    /// An empty dense data set whose rows have `n_features` values.
    pub fn dense(n_features: usize) -> Self {
        Self {
            storage: Storage::Dense { values: Vec::new() },
            labels: Vec::new(),
            n_features,
        }
    }

    /// An empty sparse data set; its width grows with the largest index seen.
    pub fn sparse() -> Self {
        Self {
            storage: Storage::Sparse {
                row_starts: vec![0],
                indices: Vec::new(),
                values: Vec::new(),
            },
            labels: Vec::new(),
            n_features: 0,
        }
    }

    /// A dense data set from row-major values.
    pub fn from_dense(values: Vec<f64>, n_features: usize, labels: Vec<f64>) -> Result<Self> {
        if n_features == 0 || values.len() != labels.len() * n_features {
            return Err(Error::BadSample(format!(
                "{} values do not make {} rows of {} features",
                values.len(),
                labels.len(),
                n_features
            )));
        }
        ensure_finite(&values)?;
        ensure_finite(&labels)?;
        Ok(Self {
            storage: Storage::Dense { values },
            labels,
            n_features,
        })
    }

    /// A sparse data set from compressed rows: row `i` holds
    /// `indices[row_starts[i]..row_starts[i + 1]]` (strictly increasing)
    /// and the matching `values`. Everything is checked, since the parts
    /// may come from outside (the page's loader worker).
    pub fn from_csr(
        row_starts: &[u32],
        indices: &[u32],
        values: &[f64],
        labels: &[f64],
    ) -> Result<Self> {
        let bad = |what: String| Error::BadSample(format!("compressed rows: {what}"));
        if row_starts.len() != labels.len() + 1 || indices.len() != values.len() {
            return Err(bad(format!(
                "{} row starts, {} labels, {} indices and {} values do not fit together",
                row_starts.len(),
                labels.len(),
                indices.len(),
                values.len()
            )));
        }
        let mut data = Self::sparse();
        for (i, pair) in row_starts.windows(2).enumerate() {
            let (start, end) = (pair[0] as usize, pair[1] as usize);
            if start > end || end > indices.len() || (i == 0 && start != 0) {
                return Err(bad(format!("row {} spans {start}..{end}", i + 1)));
            }
            let x = SparseFeatures::new(&indices[start..end], &values[start..end])?;
            if x.indices()
                .last()
                .is_some_and(|&k| k as u64 >= MAX_FEATURE_INDEX)
            {
                return Err(bad(format!(
                    "row {} has a feature index above {MAX_FEATURE_INDEX}",
                    i + 1
                )));
            }
            data.push(Features::Sparse(x), labels[i])?;
        }
        if row_starts.last().map(|&e| e as usize) != Some(indices.len()) {
            return Err(bad("the last row does not end at the last value".into()));
        }
        Ok(data)
    }

    /// The compressed rows of a sparse data set: (row starts, indices, values).
    pub fn csr_parts(&self) -> Option<(&[usize], &[u32], &[f64])> {
        match &self.storage {
            Storage::Sparse {
                row_starts,
                indices,
                values,
            } => Some((row_starts, indices, values)),
            Storage::Dense { .. } => None,
        }
    }

    /// Appends one sample, converting between dense and sparse storage.
    pub fn push(&mut self, x: Features<'_>, y: f64) -> Result<()> {
        if !x.is_finite() || !y.is_finite() {
            return Err(Error::BadSample(
                "a sample with NaN or infinite values cannot be stored".into(),
            ));
        }
        match &mut self.storage {
            Storage::Dense { values } => match x {
                Features::Dense(row) if row.len() == self.n_features => values.extend(row),
                Features::Sparse(s) if x.dim() <= self.n_features => {
                    let start = values.len();
                    values.resize(start + self.n_features, 0.0);
                    for (&i, &v) in s.indices().iter().zip(s.values()) {
                        values[start + i as usize] = v;
                    }
                }
                _ => {
                    return Err(Error::BadSample(format!(
                        "sample has {} features, this data set has {}",
                        x.dim(),
                        self.n_features
                    )))
                }
            },
            Storage::Sparse {
                row_starts,
                indices,
                values,
            } => {
                match x {
                    Features::Dense(row) => {
                        for (i, &v) in row.iter().enumerate() {
                            if v != 0.0 {
                                indices.push(i as u32);
                                values.push(v);
                            }
                        }
                    }
                    Features::Sparse(s) => {
                        indices.extend(s.indices());
                        values.extend(s.values());
                    }
                }
                row_starts.push(indices.len());
                self.n_features = self.n_features.max(x.dim());
            }
        }
        self.labels.push(y);
        Ok(())
    }

    pub fn len(&self) -> usize {
        self.labels.len()
    }

    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// Number of features (the largest index + 1 for sparse data).
    pub fn n_features(&self) -> usize {
        self.n_features
    }

    pub fn is_sparse(&self) -> bool {
        matches!(self.storage, Storage::Sparse { .. })
    }

    /// Row `i`'s features, borrowed.
    #[inline]
    pub fn row(&self, i: usize) -> Features<'_> {
        match &self.storage {
            Storage::Dense { values } => {
                Features::Dense(&values[i * self.n_features..(i + 1) * self.n_features])
            }
            Storage::Sparse {
                row_starts,
                indices,
                values,
            } => {
                let range = row_starts[i]..row_starts[i + 1];
                Features::Sparse(SparseFeatures::new_unchecked(
                    &indices[range.clone()],
                    &values[range],
                ))
            }
        }
    }

    /// The row-major values of `rows`, for dense storage (batch learning
    /// walks them in fixed-size chunks).
    #[inline]
    pub fn dense_values(&self, rows: Range<usize>) -> Option<&[f64]> {
        match &self.storage {
            Storage::Dense { values } => {
                Some(&values[rows.start * self.n_features..rows.end * self.n_features])
            }
            Storage::Sparse { .. } => None,
        }
    }

    #[inline]
    pub fn label(&self, i: usize) -> f64 {
        self.labels[i]
    }

    pub fn labels(&self) -> &[f64] {
        &self.labels
    }

    /// Total stored values (non-zeros for sparse data).
    pub fn stored_values(&self) -> usize {
        match &self.storage {
            Storage::Dense { values } => values.len(),
            Storage::Sparse { values, .. } => values.len(),
        }
    }

    /// A copy with the rows in `order` (which may repeat or omit rows).
    pub fn select(&self, order: &[usize]) -> Dataset {
        let mut out = match self.storage {
            Storage::Dense { .. } => Dataset::dense(self.n_features),
            Storage::Sparse { .. } => Dataset::sparse(),
        };
        for &i in order {
            // Rows already passed the checks in `push`, so this cannot fail.
            out.push(self.row(i), self.label(i))
                .expect("rows of a data set are valid");
        }
        out.n_features = out.n_features.max(self.n_features);
        out
    }

    /// A dense copy (of a sparse set: with its zeros written out).
    pub fn to_dense(&self) -> Dataset {
        let mut out = Dataset::dense(self.n_features);
        for i in 0..self.len() {
            out.push(self.row(i), self.label(i))
                .expect("rows of a data set are valid");
        }
        out
    }

    /// The first `n` rows (all of them when `n` is larger).
    pub fn head(&self, n: usize) -> Dataset {
        let order: Vec<usize> = (0..n.min(self.len())).collect();
        self.select(&order)
    }

    /// Removes row `i`, keeping the order of the others (O(stored values)).
    pub fn remove(&mut self, i: usize) {
        match &mut self.storage {
            Storage::Dense { values } => {
                let d = self.n_features;
                values.drain(i * d..(i + 1) * d);
            }
            Storage::Sparse {
                row_starts,
                indices,
                values,
            } => {
                let (start, end) = (row_starts[i], row_starts[i + 1]);
                indices.drain(start..end);
                values.drain(start..end);
                row_starts.remove(i + 1);
                for s in &mut row_starts[i + 1..] {
                    *s -= end - start;
                }
            }
        }
        self.labels.remove(i);
    }

    /// Removes row `i` (dense data only: the page erasing a clicked point).
    pub fn swap_remove(&mut self, i: usize) {
        if let Storage::Dense { values } = &mut self.storage {
            let last = self.labels.len() - 1;
            let d = self.n_features;
            for k in 0..d {
                values.swap(i * d + k, last * d + k);
            }
            values.truncate(last * d);
            self.labels.swap_remove(i);
        }
    }

    /// Keeps only the first `n` rows.
    pub fn truncate(&mut self, n: usize) {
        if n >= self.len() {
            return;
        }
        match &mut self.storage {
            Storage::Dense { values } => values.truncate(n * self.n_features),
            Storage::Sparse {
                row_starts,
                indices,
                values,
            } => {
                row_starts.truncate(n + 1);
                indices.truncate(row_starts[n]);
                values.truncate(row_starts[n]);
            }
        }
        self.labels.truncate(n);
    }

    /// A 64-bit FNV-1a hash of every stored bit (features, indices and
    /// labels): equal fingerprints mean equal data, which is how the tests
    /// show that a seeded stream is the same natively and in wasm.
    pub fn fingerprint(&self) -> u64 {
        let mut hash = Fnv::default();
        for i in 0..self.len() {
            match self.row(i) {
                Features::Dense(x) => x.iter().for_each(|v| hash.add(v.to_bits())),
                Features::Sparse(s) => {
                    for (&k, v) in s.indices().iter().zip(s.values()) {
                        hash.add(k as u64);
                        hash.add(v.to_bits());
                    }
                }
            }
            hash.add(self.label(i).to_bits());
        }
        hash.0
    }

    /// Replaces every label by `f(label)`.
    pub fn relabel(&mut self, f: impl Fn(f64) -> f64) {
        self.labels.iter_mut().for_each(|y| *y = f(*y));
    }

    /// Checks that every label is -1 or +1 (for classification).
    pub fn check_labels(&self, task: Task) -> Result<()> {
        if task == Task::Classification {
            if let Some(i) = self.labels.iter().position(|&y| y != 1.0 && y != -1.0) {
                return Err(Error::BadSample(format!(
                    "row {} has label {}, classification needs -1 or +1",
                    i + 1,
                    crate::number::text(self.labels[i])
                )));
            }
        }
        Ok(())
    }
}

/// FNV-1a, 64 bits, fed 8 bytes at a time.
pub struct Fnv(pub u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    pub fn add(&mut self, word: u64) {
        for byte in word.to_le_bytes() {
            self.0 ^= byte as u64;
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// Maps a label read from a file: for classification 1 is +1 and 0 or -1
/// is -1; for regression any finite number.
pub(crate) fn parse_label(token: &str, task: Task) -> std::result::Result<f64, String> {
    let value: f64 = token
        .trim_start_matches('+')
        .parse()
        .map_err(|_| format!("label '{token}' is not a number"))?;
    if !value.is_finite() {
        return Err(format!("label '{token}' is not a finite number"));
    }
    match task {
        Task::Regression => Ok(value),
        Task::Classification if value == 1.0 => Ok(1.0),
        Task::Classification if value == 0.0 || value == -1.0 => Ok(-1.0),
        Task::Classification => Err(format!(
            "label '{token}' is not a class label (classes are 0/1 or -1/+1; read the labels as numbers for a regression)"
        )),
    }
}

/// Parses a feature value, refusing NaN and infinities.
pub(crate) fn parse_value(token: &str) -> std::result::Result<f64, String> {
    match token.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(v),
        Ok(_) => Err(format!(
            "value '{token}' is not finite (NaN and infinities cannot be learned from)"
        )),
        Err(_) => Err(format!("value '{token}' is not a number")),
    }
}

/// How a reader treats a bad line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum OnError {
    /// Stop at the first bad line and return its error (the command line).
    #[default]
    Fail,
    /// Skip bad lines, load the rest and list every error (the page).
    Skip,
}

/// What a reader loaded: the valid rows, and the bad lines it skipped.
#[derive(Debug)]
pub struct Loaded {
    pub data: Dataset,
    /// The first [`MAX_LISTED_ERRORS`] bad lines.
    pub skipped: Vec<ParseError>,
    /// How many lines were skipped in all.
    pub skipped_total: usize,
}

/// Bad lines listed in full; more are only counted (a 50 MB file of
/// garbage must not fill memory with messages).
pub const MAX_LISTED_ERRORS: usize = 1000;

/// Collects line errors according to an [`OnError`] policy.
pub(crate) struct ErrorSink {
    policy: OnError,
    errors: Vec<ParseError>,
    total: usize,
}

impl ErrorSink {
    pub fn new(policy: OnError) -> Self {
        Self {
            policy,
            errors: Vec::new(),
            total: 0,
        }
    }

    /// Records an error; returns it when the policy is to stop.
    pub fn push(&mut self, error: ParseError) -> Result<()> {
        match self.policy {
            OnError::Fail => Err(error.into()),
            OnError::Skip => {
                self.total += 1;
                if self.errors.len() < MAX_LISTED_ERRORS {
                    self.errors.push(error);
                }
                Ok(())
            }
        }
    }

    pub fn finish(self, data: Dataset) -> Loaded {
        Loaded {
            data,
            skipped: self.errors,
            skipped_total: self.total,
        }
    }
}

/// Reads a whole file, naming it in the error.
pub(crate) fn read_to_string(path: &std::path::Path) -> Result<String> {
    std::fs::read_to_string(path).map_err(|e| Error::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    })
}

/// The name used for a path in error messages: the file name as given.
pub(crate) fn display_name(path: &std::path::Path) -> String {
    path.display().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dense_and_sparse_storage_give_the_same_rows() {
        let mut dense = Dataset::dense(3);
        let mut sparse = Dataset::sparse();
        let rows = [[1.0, 0.0, 2.0], [0.0, 0.0, 0.0], [0.0, -3.0, 0.0]];
        for (k, row) in rows.iter().enumerate() {
            let y = if k % 2 == 0 { 1.0 } else { -1.0 };
            dense.push(Features::Dense(row), y).unwrap();
            sparse.push(Features::Dense(row), y).unwrap();
        }
        assert_eq!(sparse.n_features(), 3);
        assert_eq!(sparse.stored_values(), 3);
        let w = [0.5, 1.5, -1.0];
        for i in 0..3 {
            assert_eq!(dense.row(i).dot(&w), sparse.row(i).dot(&w));
            assert_eq!(dense.label(i), sparse.label(i));
        }
        let reordered = sparse.select(&[2, 0]);
        assert_eq!(reordered.len(), 2);
        assert_eq!(reordered.row(0).dot(&w), -4.5);
        assert_eq!(reordered.n_features(), 3);
    }

    #[test]
    fn nan_never_enters_a_data_set() {
        let mut data = Dataset::dense(2);
        assert!(data.push(Features::Dense(&[1.0, f64::NAN]), 1.0).is_err());
        assert!(data
            .push(Features::Dense(&[1.0, 2.0]), f64::INFINITY)
            .is_err());
        assert!(data.push(Features::Dense(&[1.0]), 1.0).is_err());
        assert!(data.is_empty());
        assert!(Dataset::from_dense(vec![1.0, f64::NAN], 2, vec![1.0]).is_err());
    }

    #[test]
    fn remove_keeps_order_in_both_storages() {
        for mut data in [Dataset::dense(2), Dataset::sparse()] {
            for k in 0..4 {
                data.push(Features::Dense(&[k as f64, 0.0]), k as f64)
                    .unwrap();
            }
            data.remove(1);
            assert_eq!(data.labels(), &[0.0, 2.0, 3.0]);
            assert_eq!(data.row(1).dot(&[1.0, 1.0]), 2.0);
            data.remove(2);
            data.remove(0);
            assert_eq!(data.labels(), &[2.0]);
            assert_eq!(data.row(0).dot(&[1.0, 1.0]), 2.0);
        }
    }

    #[test]
    fn swap_remove_and_truncate() {
        let mut data =
            Dataset::from_dense(vec![1., 2., 3., 4., 5., 6.], 2, vec![1., -1., 1.]).unwrap();
        data.swap_remove(0);
        assert_eq!(data.row(0), Features::Dense(&[5., 6.]));
        assert_eq!(data.labels(), &[1., -1.]);
        data.truncate(1);
        assert_eq!(data.len(), 1);
    }

    #[test]
    fn labels_map_to_plus_minus_one() {
        assert_eq!(parse_label("0", Task::Classification), Ok(-1.0));
        assert_eq!(parse_label("+1", Task::Classification), Ok(1.0));
        assert_eq!(parse_label("-1", Task::Classification), Ok(-1.0));
        assert!(parse_label("2", Task::Classification).is_err());
        assert_eq!(parse_label("2.5", Task::Regression), Ok(2.5));
        assert!(parse_label("nan", Task::Regression).is_err());
    }
}
