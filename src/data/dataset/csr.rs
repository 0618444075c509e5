//! A sparse data set from compressed rows, as the page's file reader hands
//! them over: checked in one pass, kept without copying, or gathered a part
//! at a time ([`CsrParts`]) so that no single call moves a large file.

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
        let bad = |what: String| Error::BadSample(format!("compressed rows: {what}").into());
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

/// Compressed rows arriving in parts of whole rows; row starts are kept
/// absolute. [`CsrParts::finish`] checks everything, as `from_csr` does.
#[derive(Debug, Default)]
pub struct CsrParts {
    row_starts: Vec<u32>,
    indices: Vec<u32>,
    values: Vec<f64>,
    labels: Vec<f64>,
}

impl CsrParts {
    /// Appends whole rows: `row_starts` counted from this part's first
    /// value (first entry 0, last the part's value count, one more entry
    /// than `labels`).
    pub fn push(
        &mut self,
        row_starts: &[u32],
        indices: &[u32],
        values: &[f64],
        labels: &[f64],
    ) -> Result<()> {
        if row_starts.len() != labels.len() + 1
            || row_starts.first() != Some(&0)
            || row_starts.last().map(|&e| e as usize) != Some(values.len())
            || indices.len() != values.len()
        {
            return Err(Error::BadSample(
                "a part of a file must hold whole rows: row starts from 0 to its value count, one more than its labels".into(),
            ));
        }
        if self.row_starts.is_empty() {
            self.row_starts.push(0);
        }
        let offset = self.values.len() as u32;
        self.row_starts
            .extend(row_starts[1..].iter().map(|&s| s + offset));
        self.indices.extend_from_slice(indices);
        self.values.extend_from_slice(values);
        self.labels.extend_from_slice(labels);
        Ok(())
    }

    /// The data set the parts make, every invariant checked.
    pub fn finish(self) -> Result<Dataset> {
        Dataset::from_csr_owned(self.row_starts, self.indices, self.values, self.labels)
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

    #[test]
    fn parts_assemble_the_same_data_set_as_one_call() {
        let mut whole = Dataset::sparse();
        for (k, row) in [[0.0, 2.0, 0.0], [1.0, 0.0, 3.0], [0.0; 3], [0.5, 0.5, 0.5]]
            .iter()
            .enumerate()
        {
            whole.push(Features::Dense(row), k as f64).unwrap();
        }
        let (starts, indices, values) = whole.csr_parts().unwrap();
        let starts: Vec<u32> = starts.iter().map(|&s| s as u32).collect();
        let mut parts = CsrParts::default();
        for (first, last) in [(0, 1), (1, 3), (3, 4)] {
            let (from, to) = (starts[first] as usize, starts[last] as usize);
            let local: Vec<u32> = starts[first..=last]
                .iter()
                .map(|&s| s - from as u32)
                .collect();
            parts
                .push(
                    &local,
                    &indices[from..to],
                    &values[from..to],
                    &whole.labels()[first..last],
                )
                .unwrap();
        }
        assert_eq!(parts.finish().unwrap(), whole);
        let mut bad = CsrParts::default();
        assert!(
            bad.push(&[1, 2], &[0], &[1.0], &[1.0]).is_err(),
            "a part starts at 0"
        );
    }
}
