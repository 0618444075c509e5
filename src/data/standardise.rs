//! Each feature to mean 0 and standard deviation 1 over a set of samples,
//! as Lao Ma's Pocket PLA post does before its search (NumPy's
//! `(x - np.mean(x, axis=0)) / np.std(x, axis=0)`, the population
//! standard deviation) and as scikit-learn's `StandardScaler`: a feature
//! constant over the set is only centred. A sample's absent (sparse)
//! features count as 0.
//!
//! Two readings, so that a file too large for memory streams through
//! both: [`Sums`] takes the first (each feature's mean), [`Deviations`]
//! the second (its mean squared deviation). Each sum runs over the samples
//! in their order, so the command line's `batch-pocket`, `learn --scale
//! standard` and the page's batch pocket, which all come here, get the
//! same numbers to the bit from the same values.
//!
//! ```
//! use onlinelearn::data::Standardiser;
//! use onlinelearn::{Dataset, Features};
//! let data = Dataset::from_dense(vec![1.0, 5.0, 3.0, 5.0], 2, vec![1.0, -1.0]).unwrap();
//! let s = Standardiser::of(&data);
//! assert_eq!((s.mean(), s.divisor()), (&[2.0, 5.0][..], &[1.0, 1.0][..]));
//! let mut z = Vec::new();
//! s.apply(Features::Dense(&[3.0, 5.0]), &mut z);
//! assert_eq!(z, [1.0, 0.0]); // the constant feature is only centred
//! ```

use super::Dataset;
use crate::features::Features;

/// Subtract `mean`, divide by `divisor`, feature by feature.
#[derive(Clone, Debug, PartialEq)]
pub struct Standardiser {
    mean: Vec<f64>,
    /// The standard deviation, or 1 where it is 0 (a constant feature).
    divisor: Vec<f64>,
}

/// The first reading: each feature's sum.
#[derive(Clone, Debug, Default)]
pub struct Sums {
    n: u64,
    sums: Vec<f64>,
    row: Vec<f64>,
}

/// The second reading: each feature's squared deviations from its mean.
#[derive(Clone, Debug)]
pub struct Deviations {
    n: u64,
    mean: Vec<f64>,
    squares: Vec<f64>,
    row: Vec<f64>,
}

/// `x` written densely into `row`, `width` values (0 where `x` has none).
fn densify(x: Features<'_>, width: usize, row: &mut Vec<f64>) {
    row.clear();
    row.resize(width.max(x.dim()), 0.0);
    x.for_each_nonzero(|k, v| row[k] = v);
    row.truncate(width);
}

impl Sums {
    pub fn add(&mut self, x: Features<'_>) {
        if x.dim() > self.sums.len() {
            self.sums.resize(x.dim(), 0.0);
        }
        densify(x, self.sums.len(), &mut self.row);
        for (sum, v) in self.sums.iter_mut().zip(&self.row) {
            *sum += v;
        }
        self.n += 1;
    }

    /// The samples added.
    pub fn count(&self) -> u64 {
        self.n
    }

    /// The widest sample's width.
    pub fn width(&self) -> usize {
        self.sums.len()
    }

    /// The means, ready for the second reading (of the same samples).
    pub fn deviations(&self) -> Deviations {
        let n = self.n.max(1) as f64;
        Deviations {
            n: 0,
            mean: self.sums.iter().map(|s| s / n).collect(),
            squares: vec![0.0; self.sums.len()],
            row: Vec::new(),
        }
    }
}

impl Deviations {
    pub fn add(&mut self, x: Features<'_>) {
        densify(x, self.mean.len(), &mut self.row);
        for ((square, v), mean) in self.squares.iter_mut().zip(&self.row).zip(&self.mean) {
            *square += (v - mean).powi(2);
        }
        self.n += 1;
    }

    pub fn finish(self) -> Standardiser {
        let n = self.n.max(1) as f64;
        let divisor = self
            .squares
            .iter()
            .map(|s| (s / n).sqrt())
            .map(|sd| if sd > 0.0 { sd } else { 1.0 })
            .collect();
        Standardiser {
            mean: self.mean,
            divisor,
        }
    }
}

impl Standardiser {
    /// Both readings over a data set in memory.
    pub fn of(data: &Dataset) -> Self {
        let mut sums = Sums::default();
        for i in 0..data.len() {
            sums.add(data.row(i));
        }
        let mut deviations = sums.deviations();
        for i in 0..data.len() {
            deviations.add(data.row(i));
        }
        deviations.finish()
    }

    pub fn mean(&self) -> &[f64] {
        &self.mean
    }

    /// What each feature is divided by: its standard deviation, or 1.
    pub fn divisor(&self) -> &[f64] {
        &self.divisor
    }

    /// `x` standardised into `out`, densely: features past the ones
    /// measured (absent from every sample, so 0 in all) stay as they are.
    pub fn apply(&self, x: Features<'_>, out: &mut Vec<f64>) {
        densify(x, self.mean.len().max(x.dim()), out);
        for ((v, mean), divisor) in out.iter_mut().zip(&self.mean).zip(&self.divisor) {
            *v = (*v - mean) / divisor;
        }
    }

    /// A data set standardised, dense, with its labels.
    pub fn dataset(&self, data: &Dataset) -> Dataset {
        let width = self.mean.len().max(data.n_features());
        let mut values = Vec::with_capacity(data.len() * width);
        let mut row = Vec::new();
        for i in 0..data.len() {
            self.apply(data.row(i), &mut row);
            row.resize(width, 0.0);
            values.extend_from_slice(&row);
        }
        Dataset::from_dense(values, width, data.labels().to_vec())
            .expect("standardised finite values are finite")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sparse_rows_count_their_absent_features_as_zero() {
        let mut sparse = Dataset::sparse();
        let mut dense = Dataset::dense(3);
        for (row, full) in [
            (vec![(0u32, 2.0)], [2.0, 0.0, 0.0]),
            (vec![(2, 4.0)], [0.0, 0.0, 4.0]),
            (vec![(0, 1.0), (2, 1.0)], [1.0, 0.0, 1.0]),
        ] {
            let (i, v): (Vec<u32>, Vec<f64>) = row.into_iter().unzip();
            let x = crate::features::SparseFeatures::new(&i, &v).unwrap();
            sparse.push(Features::Sparse(x), 1.0).unwrap();
            dense.push(Features::Dense(&full), 1.0).unwrap();
        }
        let s = Standardiser::of(&sparse);
        assert_eq!(s, Standardiser::of(&dense));
        assert_eq!(s.dataset(&sparse), s.dataset(&dense));
        assert_eq!(s.mean(), [1.0, 0.0, 5.0 / 3.0]);
        // The middle feature is 0 throughout: centred, not divided by 0.
        assert_eq!(s.divisor()[1], 1.0);
        let z = s.dataset(&dense);
        for k in [0, 2] {
            let column: Vec<f64> = (0..3).map(|i| s_value(&z, i, k)).collect();
            let mean = column.iter().sum::<f64>() / 3.0;
            let var = column.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / 3.0;
            assert!(
                mean.abs() < 1e-15 && (var - 1.0).abs() < 1e-12,
                "{k}: {mean} {var}"
            );
        }
    }

    fn s_value(data: &Dataset, i: usize, k: usize) -> f64 {
        match data.row(i) {
            Features::Dense(x) => x[k],
            Features::Sparse(_) => unreachable!("standardised data is dense"),
        }
    }

    #[test]
    fn a_wider_sample_keeps_its_unmeasured_features() {
        let data = Dataset::from_dense(vec![1.0, 3.0], 1, vec![1.0, -1.0]).unwrap();
        let s = Standardiser::of(&data);
        let mut out = Vec::new();
        s.apply(Features::Dense(&[3.0, 7.0]), &mut out);
        assert_eq!(out, [1.0, 7.0]);
    }
}
