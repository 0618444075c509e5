//! A file's data arriving in parts of whole rows, dense or sparse, so that
//! no single call from the page moves a large file into wasm memory (a
//! 1.2-million-row CSV's 19 MB in one call held the main thread 130 ms on
//! a slow machine). The page says the total size first, so the arrays are
//! made once at their size and never copied as they grow.

use super::csr::CsrParts;
use super::Dataset;
use crate::error::{Error, Result};

/// The parts received so far.
#[derive(Debug)]
pub enum FileParts {
    Dense {
        n_features: usize,
        values: Vec<f64>,
        labels: Vec<f64>,
    },
    Sparse(CsrParts),
}

impl FileParts {
    /// Dense rows of `n_features` values, `rows` of them expected.
    pub fn dense(n_features: usize, rows: usize) -> Self {
        Self::Dense {
            n_features,
            values: Vec::with_capacity(rows.saturating_mul(n_features)),
            labels: Vec::with_capacity(rows),
        }
    }

    /// Appends whole dense rows (row-major).
    pub fn push_dense(&mut self, values: &[f64], labels: &[f64]) -> Result<()> {
        let Self::Dense {
            n_features,
            values: held,
            labels: held_labels,
        } = self
        else {
            return Err(Error::BadSample("a dense part of a sparse file".into()));
        };
        if values.len() != labels.len() * *n_features {
            return Err(Error::BadSample(
                format!(
                    "a part of {} values does not make {} rows of {} features",
                    values.len(),
                    labels.len(),
                    n_features
                )
                .into(),
            ));
        }
        held.extend_from_slice(values);
        held_labels.extend_from_slice(labels);
        Ok(())
    }

    /// Appends whole sparse rows (see [`CsrParts::push`]).
    pub fn push_sparse(
        &mut self,
        row_starts: &[u32],
        indices: &[u32],
        values: &[f64],
        labels: &[f64],
    ) -> Result<()> {
        match self {
            Self::Sparse(parts) => parts.push(row_starts, indices, values, labels),
            Self::Dense { .. } => Err(Error::BadSample("a sparse part of a dense file".into())),
        }
    }

    /// The data set the parts make, every invariant checked.
    pub fn finish(self) -> Result<Dataset> {
        match self {
            Self::Dense {
                n_features,
                values,
                labels,
            } => Dataset::from_dense(values, n_features, labels),
            Self::Sparse(parts) => parts.finish(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dense_parts_make_the_whole_file_and_bad_parts_are_refused() {
        let values = [0.5, -1.0, 2.0, 0.0, 3.0, 1.5, -2.0, 4.0];
        let labels = [1.0, -1.0, 1.0, -1.0];
        let whole = Dataset::from_dense(values.to_vec(), 2, labels.to_vec()).unwrap();
        let mut parts = FileParts::dense(2, 4);
        parts.push_dense(&values[..2], &labels[..1]).unwrap();
        parts.push_dense(&values[2..], &labels[1..]).unwrap();
        assert_eq!(parts.finish().unwrap(), whole);

        let mut parts = FileParts::dense(2, 4);
        assert!(
            parts.push_dense(&values[..3], &labels[..1]).is_err(),
            "half a row"
        );
        assert!(
            parts.push_sparse(&[0, 1], &[0], &[1.0], &[1.0]).is_err(),
            "a sparse part"
        );
        let mut parts = FileParts::dense(2, 1);
        parts.push_dense(&[f64::NAN, 1.0], &[1.0]).unwrap();
        assert!(
            parts.finish().is_err(),
            "NaN is refused at the end, as from_dense does"
        );
        let mut parts = FileParts::Sparse(CsrParts::default());
        assert!(
            parts.push_dense(&values[..2], &labels[..1]).is_err(),
            "a dense part"
        );
    }
}
