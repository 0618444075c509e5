//! Copies and edits of a data set: reordering, dense copies, removing and
//! truncating rows, in both storages.

use super::{Dataset, Storage};

impl Dataset {
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
        out.labels.reserve_exact(self.len());
        if let Storage::Dense { values } = &mut out.storage {
            values.reserve_exact(self.len() * self.n_features);
        }
        for i in 0..self.len() {
            out.push(self.row(i), self.label(i))
                .expect("rows of a data set are valid");
        }
        out
    }

    /// This data set, dense: itself when it is (no copy: a 1.2-million-row
    /// file's copy, row by row, held the page's main thread 150 ms).
    pub fn into_dense(self) -> Dataset {
        match self.storage {
            Storage::Dense { .. } => self,
            Storage::Sparse { .. } => self.to_dense(),
        }
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::features::Features;

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
}
