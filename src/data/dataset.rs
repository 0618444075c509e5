//! A data set in memory: dense rows or compressed sparse rows, with labels;
//! every way in refuses NaN and infinities.

use std::ops::Range;

use crate::error::{Error, Result};
use crate::features::{ensure_finite, Features, SparseFeatures};

mod csr;
mod parts;

pub use csr::CsrParts;
pub use parts::FileParts;
mod reshape;

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
            return Err(Error::BadSample(
                format!(
                    "{} values do not make {} rows of {} features",
                    values.len(),
                    labels.len(),
                    n_features
                )
                .into(),
            ));
        }
        ensure_finite(&values)?;
        ensure_finite(&labels)?;
        Ok(Self {
            storage: Storage::Dense { values },
            labels,
            n_features,
        })
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
                    return Err(Error::BadSample(
                        format!(
                            "sample has {} features, this data set has {}",
                            x.dim(),
                            self.n_features
                        )
                        .into(),
                    ))
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

    /// Empties it, keeping its memory (and a dense set's width): a reader
    /// refills one block after another without allocating.
    pub fn clear(&mut self) {
        self.labels.clear();
        match &mut self.storage {
            Storage::Dense { values } => values.clear(),
            Storage::Sparse {
                row_starts,
                indices,
                values,
            } => {
                row_starts.truncate(1);
                indices.clear();
                values.clear();
                self.n_features = 0;
            }
        }
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
}
