//! A sparse data set from compressed rows, as the page's file reader hands
//! them over: checked in one pass, kept without copying.

use super::{Dataset, Storage};
use crate::data::MAX_FEATURE_INDEX;
use crate::error::{Error, Result};

impl Dataset {
    /// A sparse data set from compressed rows (`row_starts` has one more
    /// entry than there are rows), every invariant checked.
    pub fn from_csr(
        row_starts: &[u32],
        indices: &[u32],
        values: &[f64],
        labels: &[f64],
    ) -> Result<Self> {
        Self::from_csr_owned(
            row_starts.to_vec(),
            indices.to_vec(),
            values.to_vec(),
            labels.to_vec(),
        )
    }

    /// [`Dataset::from_csr`] without copying: the vectors are checked in
    /// one pass and kept (the page's 45 MB files spent 200 ms in wasm
    /// pushing them row by row).
    pub fn from_csr_owned(
        row_starts: Vec<u32>,
        indices: Vec<u32>,
        values: Vec<f64>,
        labels: Vec<f64>,
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
        let mut n_features = 0;
        for (i, pair) in row_starts.windows(2).enumerate() {
            let (start, end) = (pair[0] as usize, pair[1] as usize);
            if start > end || end > indices.len() || (i == 0 && start != 0) {
                return Err(bad(format!("row {} spans {start}..{end}", i + 1)));
            }
            let row = &indices[start..end];
            if row.windows(2).any(|p| p[0] >= p[1]) {
                return Err(Error::BadSample(
                    "sparse feature indices must be strictly increasing".into(),
                ));
            }
            if let Some(&last) = row.last() {
                if last as u64 >= MAX_FEATURE_INDEX {
                    return Err(bad(format!(
                        "row {} has a feature index above {MAX_FEATURE_INDEX}",
                        i + 1
                    )));
                }
                n_features = n_features.max(last as usize + 1);
            }
        }
        if row_starts.last().map(|&e| e as usize) != Some(indices.len()) {
            return Err(bad("the last row does not end at the last value".into()));
        }
        if !values.iter().chain(&labels).all(|v| v.is_finite()) {
            return Err(Error::BadSample(
                "a sample with NaN or infinite values cannot be stored".into(),
            ));
        }
        Ok(Self {
            storage: Storage::Sparse {
                row_starts: row_starts.into_iter().map(|s| s as usize).collect(),
                indices,
                values,
            },
            labels,
            n_features,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::features::Features;

    #[test]
    fn compressed_rows_rebuild_the_same_data_set_and_bad_ones_are_refused() {
        let mut pushed = Dataset::sparse();
        for (k, row) in [[0.0, 2.0, 0.0, 1.5], [0.0; 4], [3.0, 0.0, 0.0, -1.0]]
            .iter()
            .enumerate()
        {
            pushed.push(Features::Dense(row), k as f64).unwrap();
        }
        let (starts, indices, values) = pushed.csr_parts().unwrap();
        let starts: Vec<u32> = starts.iter().map(|&s| s as u32).collect();
        let rebuilt = Dataset::from_csr(&starts, indices, values, pushed.labels()).unwrap();
        assert_eq!(rebuilt, pushed);
        assert_eq!(rebuilt.fingerprint(), pushed.fingerprint());
        let labels = pushed.labels().to_vec();
        let unsorted = Dataset::from_csr_owned(vec![0, 2], vec![3, 1], vec![1.0, 1.0], vec![1.0]);
        assert!(unsorted
            .unwrap_err()
            .to_string()
            .contains("strictly increasing"));
        let nan = Dataset::from_csr_owned(
            starts.clone(),
            indices.to_vec(),
            vec![f64::NAN; values.len()],
            labels,
        );
        assert!(nan.is_err());
        let short = Dataset::from_csr_owned(vec![0, 5], vec![1], vec![1.0], vec![1.0]);
        assert!(short.unwrap_err().to_string().contains("row 1 spans 0..5"));
    }
}
