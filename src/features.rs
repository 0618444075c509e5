//! One sample's feature vector, dense or sparse, borrowed without copying.
//!
//! LIBSVM data such as a9a has 123 features of which about 14 are non-zero;
//! learners see it through [`Features::Sparse`] and touch only those 14, so a
//! sparse data set is never densified in the hot loop.
//!
//! Sums run left to right in index order, the order scikit-learn's and
//! River's loops use, so that our weights agree with theirs to rounding.

use crate::error::{Error, Result};

/// A borrowed feature vector.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Features<'a> {
    /// Every feature, in index order.
    Dense(&'a [f64]),
    /// Only the non-zero features.
    Sparse(SparseFeatures<'a>),
}

/// Non-zero features as parallel index and value slices.
///
/// Invariant (checked by [`SparseFeatures::new`]): equal lengths and strictly
/// increasing indices. Indices are 0-based.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SparseFeatures<'a> {
    indices: &'a [u32],
    values: &'a [f64],
}

impl<'a> SparseFeatures<'a> {
    pub fn new(indices: &'a [u32], values: &'a [f64]) -> Result<Self> {
        if indices.len() != values.len() {
            return Err(Error::BadSample(
                format!(
                    "sparse sample has {} indices but {} values",
                    indices.len(),
                    values.len()
                )
                .into(),
            ));
        }
        if indices.windows(2).any(|pair| pair[0] >= pair[1]) {
            return Err(Error::BadSample(
                "sparse feature indices must be strictly increasing".into(),
            ));
        }
        Ok(Self { indices, values })
    }

    /// For storage that has already checked the invariant (the data set types).
    pub(crate) fn new_unchecked(indices: &'a [u32], values: &'a [f64]) -> Self {
        debug_assert_eq!(indices.len(), values.len());
        Self { indices, values }
    }

    pub fn indices(&self) -> &'a [u32] {
        self.indices
    }

    pub fn values(&self) -> &'a [f64] {
        self.values
    }
}

impl<'a> Features<'a> {
    /// A dense vector, refusing NaN and infinities (for input from users).
    pub fn checked_dense(values: &'a [f64]) -> Result<Self> {
        ensure_finite(values)?;
        Ok(Features::Dense(values))
    }

    /// The smallest weight-vector length that covers every feature.
    #[inline]
    pub fn dim(&self) -> usize {
        match self {
            Features::Dense(x) => x.len(),
            Features::Sparse(s) => s.indices.last().map_or(0, |&i| i as usize + 1),
        }
    }

    /// Number of stored values (non-zeros for sparse input).
    pub fn stored_len(&self) -> usize {
        match self {
            Features::Dense(x) => x.len(),
            Features::Sparse(s) => s.values.len(),
        }
    }

    /// w . x, treating weights beyond `w.len()` as zero (a test file may
    /// name features the training file never had).
    #[inline]
    pub fn dot(&self, w: &[f64]) -> f64 {
        match self {
            Features::Dense(x) => x.iter().zip(w).map(|(a, b)| a * b).sum(),
            Features::Sparse(s) => {
                let mut sum = 0.0;
                for (&i, &v) in s.indices.iter().zip(s.values) {
                    if let Some(wi) = w.get(i as usize) {
                        sum += wi * v;
                    }
                }
                sum
            }
        }
    }

    /// ||x||^2.
    #[inline]
    pub fn squared_norm(&self) -> f64 {
        let values = match self {
            Features::Dense(x) => *x,
            Features::Sparse(s) => s.values,
        };
        values.iter().map(|v| v * v).sum()
    }

    /// w += scale * x. `w` must be at least [`Features::dim`] long.
    #[inline]
    pub fn add_scaled_to(&self, w: &mut [f64], scale: f64) {
        match self {
            Features::Dense(x) => {
                for (wi, xi) in w.iter_mut().zip(x.iter()) {
                    *wi += scale * xi;
                }
            }
            Features::Sparse(s) => {
                for (&i, &v) in s.indices.iter().zip(s.values) {
                    w[i as usize] += scale * v;
                }
            }
        }
    }

    /// Calls `f(index, value)` for every stored value, in index order
    /// (every value of dense input, zeros included).
    #[inline]
    pub fn for_each_nonzero(&self, mut f: impl FnMut(usize, f64)) {
        match self {
            Features::Dense(x) => x.iter().enumerate().for_each(|(i, &v)| f(i, v)),
            Features::Sparse(s) => {
                for (&i, &v) in s.indices.iter().zip(s.values) {
                    f(i as usize, v);
                }
            }
        }
    }

    /// Whether every value is finite.
    pub fn is_finite(&self) -> bool {
        let values = match self {
            Features::Dense(x) => *x,
            Features::Sparse(s) => s.values,
        };
        values.iter().all(|v| v.is_finite())
    }

    /// Squared Euclidean distance ||x - z||^2 between two samples of any storage.
    pub fn squared_distance(&self, other: &Features<'_>) -> f64 {
        // ||x - z||^2 = ||x||^2 + ||z||^2 - 2 x.z would lose precision for
        // nearby points (Gaussian kernels care), so subtract coordinate-wise.
        let mut sum = 0.0;
        self.for_each_pair(other, |a, b| sum += (a - b) * (a - b));
        sum
    }

    /// x . z between two samples of any storage.
    pub fn dot_features(&self, other: &Features<'_>) -> f64 {
        let mut sum = 0.0;
        self.for_each_pair(other, |a, b| sum += a * b);
        sum
    }

    /// Calls `f(x_i, z_i)` for every index where either vector is non-zero
    /// (dense vectors: every index of the longer one).
    fn for_each_pair(&self, other: &Features<'_>, mut f: impl FnMut(f64, f64)) {
        match (self, other) {
            (Features::Dense(a), Features::Dense(b)) => {
                let n = a.len().max(b.len());
                for i in 0..n {
                    f(
                        a.get(i).copied().unwrap_or(0.0),
                        b.get(i).copied().unwrap_or(0.0),
                    );
                }
            }
            (Features::Sparse(a), Features::Sparse(b)) => {
                let (mut i, mut j) = (0, 0);
                while i < a.indices.len() || j < b.indices.len() {
                    let ia = a.indices.get(i).copied().unwrap_or(u32::MAX);
                    let ib = b.indices.get(j).copied().unwrap_or(u32::MAX);
                    if ia == ib {
                        f(a.values[i], b.values[j]);
                        i += 1;
                        j += 1;
                    } else if ia < ib {
                        f(a.values[i], 0.0);
                        i += 1;
                    } else {
                        f(0.0, b.values[j]);
                        j += 1;
                    }
                }
            }
            (Features::Dense(d), Features::Sparse(s)) => dense_sparse_pairs(d, s, f),
            (Features::Sparse(s), Features::Dense(d)) => {
                dense_sparse_pairs(d, s, |dv, sv| f(sv, dv))
            }
        }
    }
}

fn dense_sparse_pairs(dense: &[f64], sparse: &SparseFeatures<'_>, mut f: impl FnMut(f64, f64)) {
    let mut k = 0;
    let n = dense
        .len()
        .max(sparse.indices.last().map_or(0, |&i| i as usize + 1));
    for i in 0..n {
        let sv = if sparse.indices.get(k) == Some(&(i as u32)) {
            k += 1;
            sparse.values[k - 1]
        } else {
            0.0
        };
        f(dense.get(i).copied().unwrap_or(0.0), sv);
    }
}

/// An owned copy of a feature vector (a kernel learner's sliding window).
#[derive(Clone, Debug, PartialEq)]
pub enum OwnedFeatures {
    Dense(Vec<f64>),
    Sparse { indices: Vec<u32>, values: Vec<f64> },
}

impl OwnedFeatures {
    pub fn borrow(&self) -> Features<'_> {
        match self {
            OwnedFeatures::Dense(x) => Features::Dense(x),
            OwnedFeatures::Sparse { indices, values } => {
                Features::Sparse(SparseFeatures::new_unchecked(indices, values))
            }
        }
    }
}

impl From<Features<'_>> for OwnedFeatures {
    fn from(x: Features<'_>) -> Self {
        match x {
            Features::Dense(x) => OwnedFeatures::Dense(x.to_vec()),
            Features::Sparse(s) => OwnedFeatures::Sparse {
                indices: s.indices.to_vec(),
                values: s.values.to_vec(),
            },
        }
    }
}

/// Refuses NaN and infinities with a message naming the first bad position.
pub fn ensure_finite(values: &[f64]) -> Result<()> {
    match values.iter().position(|v| !v.is_finite()) {
        None => Ok(()),
        Some(i) => Err(Error::BadSample(
            format!(
                "feature {} is {}, only finite numbers can be learned from",
                i + 1,
                crate::number::text(values[i])
            )
            .into(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sparse_and_dense_agree() {
        let dense = [0.0, 2.0, 0.0, -1.5];
        let sparse = SparseFeatures::new(&[1, 3], &[2.0, -1.5]).unwrap();
        let (d, s) = (Features::Dense(&dense), Features::Sparse(sparse));
        let w = [0.5, 1.0, 3.0, 2.0];
        assert_eq!(d.dot(&w), s.dot(&w));
        assert_eq!(d.squared_norm(), s.squared_norm());
        assert_eq!(d.dim(), s.dim());
        let (mut wd, mut ws) = (w, w);
        d.add_scaled_to(&mut wd, 0.25);
        s.add_scaled_to(&mut ws, 0.25);
        assert_eq!(wd, ws);
    }

    #[test]
    fn short_weights_count_as_zero() {
        let sparse = SparseFeatures::new(&[0, 7], &[1.0, 5.0]).unwrap();
        assert_eq!(Features::Sparse(sparse).dot(&[2.0]), 2.0);
        assert_eq!(Features::Dense(&[1.0, 5.0]).dot(&[2.0]), 2.0);
    }

    #[test]
    fn distances_match_across_storage() {
        let a = [1.0, 0.0, 3.0];
        let b = [0.0, 2.0, 1.0, 4.0];
        let sa = SparseFeatures::new(&[0, 2], &[1.0, 3.0]).unwrap();
        let sb = SparseFeatures::new(&[1, 2, 3], &[2.0, 1.0, 4.0]).unwrap();
        let expected = 1.0 + 4.0 + 4.0 + 16.0;
        let all = [
            (Features::Dense(&a), Features::Dense(&b)),
            (Features::Dense(&a), Features::Sparse(sb)),
            (Features::Sparse(sa), Features::Dense(&b)),
            (Features::Sparse(sa), Features::Sparse(sb)),
        ];
        for (x, z) in all {
            assert_eq!(x.squared_distance(&z), expected);
            assert_eq!(x.dot_features(&z), 3.0);
        }
    }

    #[test]
    fn bad_sparse_vectors_are_refused() {
        assert!(SparseFeatures::new(&[2, 1], &[1.0, 1.0]).is_err());
        assert!(SparseFeatures::new(&[1, 1], &[1.0, 1.0]).is_err());
        assert!(SparseFeatures::new(&[1], &[1.0, 1.0]).is_err());
        assert!(Features::checked_dense(&[1.0, f64::NAN]).is_err());
    }
}
