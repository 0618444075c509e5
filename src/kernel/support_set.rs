//! The support set every kernel learner shares: support vectors s_i with
//! coefficients alpha_i (f(x) = sum_i alpha_i k(s_i, x)), the stream
//! position each joined at, an optional incremental inverse Gram matrix,
//! and a hard budget that [`SupportSet::enforce_budget`] never lets the set
//! exceed.

use super::function::{Kernel, KernelSpec};
use super::inverse_gram::InverseGram;
use crate::data::{Dataset, Rng};
use crate::features::Features;
use rand::Rng as _;

/// Which support vector to drop when the budget is exceeded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Removal {
    Oldest,
    Random,
    /// The last to join (the Stoptron's: a smaller budget keeps the set
    /// it would have stopped at).
    Newest,
}

/// `x` as a dense slice at least `width` long (sparse rows go through `scratch`).
fn densify<'a>(x: Features<'a>, width: usize, scratch: &'a mut Vec<f64>) -> &'a [f64] {
    match x {
        Features::Dense(v) => v,
        Features::Sparse(s) => {
            scratch.clear();
            scratch.resize(x.dim().max(width), 0.0);
            for (&i, &v) in s.indices().iter().zip(s.values()) {
                scratch[i as usize] = v;
            }
            scratch
        }
    }
}

#[derive(Clone, Debug)]
pub struct SupportSet {
    /// The vectors; labels hold each one's class (for drawing).
    vectors: Option<Dataset>,
    coefficients: Vec<f64>,
    /// Stream position (sample number) at which each vector joined (what
    /// the explanations say; a vector BSGD merged joined with the sample
    /// that made it, so two may share one).
    ids: Vec<u64>,
    /// Each vector's key, never given twice in the set's life: what caches
    /// of a vector's values (the held-out columns) and the page's fading
    /// of removed vectors know it by.
    keys: Vec<u64>,
    next_key: u64,
    /// ||s_i||^2, for the fast kernel column.
    squared_norms: Vec<f64>,
    inverse: Option<InverseGram>,
    budget: Option<usize>,
}

impl SupportSet {
    /// `track_inverse`: keep K^-1 up to date (Projectron, ALD projection).
    pub fn new(budget: Option<usize>, track_inverse: bool) -> Self {
        Self {
            vectors: None,
            coefficients: Vec::new(),
            ids: Vec::new(),
            keys: Vec::new(),
            next_key: 0,
            squared_norms: Vec::new(),
            inverse: track_inverse.then(InverseGram::default),
            budget,
        }
    }

    pub fn len(&self) -> usize {
        self.coefficients.len()
    }

    pub fn is_empty(&self) -> bool {
        self.coefficients.is_empty()
    }

    pub fn budget(&self) -> Option<usize> {
        self.budget
    }

    pub fn coefficients(&self) -> &[f64] {
        &self.coefficients
    }

    pub fn coefficients_mut(&mut self) -> &mut [f64] {
        &mut self.coefficients
    }

    pub fn ids(&self) -> &[u64] {
        &self.ids
    }

    /// Each vector's key (unique, ascending in the set's order).
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// Support vector `i` and the label of the sample it came from.
    pub fn vector(&self, i: usize) -> (Features<'_>, f64) {
        let data = self.vectors.as_ref().expect("index within the set");
        (data.row(i), data.label(i))
    }

    pub fn vectors(&self) -> Option<&Dataset> {
        self.vectors.as_ref()
    }

    pub fn inverse(&self) -> Option<&InverseGram> {
        self.inverse.as_ref()
    }

    /// [k(s_i, x)]_i into `out`. A sparse x is spread into `scratch` once,
    /// so each support vector costs one pass over its own non-zeros.
    pub fn kernel_vector(
        &self,
        kernel: &KernelSpec,
        x: Features<'_>,
        out: &mut Vec<f64>,
        scratch: &mut Vec<f64>,
    ) {
        out.clear();
        let Some(data) = &self.vectors else { return };
        let dense_x = densify(x, data.n_features(), scratch);
        let xx = x.squared_norm();
        out.extend((0..data.len()).map(|i| self.entry(kernel, i, dense_x, xx)));
    }

    /// k(s_j, x) for every row x of `rows`, with the same arithmetic as
    /// [`SupportSet::kernel_vector`] (so sums over it match `score` bit
    /// for bit): the page caches these columns for its held-out curve.
    pub fn kernel_column(&self, kernel: &KernelSpec, j: usize, rows: &Dataset, out: &mut Vec<f64>) {
        out.clear();
        let Some(data) = &self.vectors else { return };
        let mut scratch = Vec::new();
        out.extend((0..rows.len()).map(|i| {
            let x = rows.row(i);
            let dense_x = densify(x, data.n_features(), &mut scratch);
            self.entry(kernel, j, dense_x, x.squared_norm())
        }));
    }

    /// k(s_i, x), x densified, xx = ||x||^2.
    fn entry(&self, kernel: &KernelSpec, i: usize, dense_x: &[f64], xx: f64) -> f64 {
        let data = self.vectors.as_ref().expect("index within the set");
        let dot = match data.row(i) {
            Features::Dense(s) => s.iter().zip(dense_x).map(|(a, b)| a * b).sum(),
            Features::Sparse(s) => s
                .indices()
                .iter()
                .zip(s.values())
                .map(|(&k, v)| v * dense_x.get(k as usize).copied().unwrap_or(0.0))
                .sum(),
        };
        kernel.from_dot(dot, xx, self.squared_norms[i])
    }

    /// sum_i alpha_i k(s_i, x).
    pub fn score(&self, kernel: &KernelSpec, x: Features<'_>) -> f64 {
        let mut k = Vec::with_capacity(self.len());
        self.kernel_vector(kernel, x, &mut k, &mut Vec::new());
        self.score_from(&k)
    }

    /// sum_i alpha_i k_i for a kernel vector already computed.
    pub fn score_from(&self, k: &[f64]) -> f64 {
        self.coefficients.iter().zip(k).map(|(a, k)| a * k).sum()
    }

    /// Appends a support vector without touching the inverse Gram matrix
    /// (for learners that do not keep one).
    pub fn push(&mut self, x: Features<'_>, label: f64, alpha: f64, id: u64) {
        let data = self.vectors.get_or_insert_with(|| match x {
            Features::Dense(v) => Dataset::dense(v.len()),
            Features::Sparse(_) => Dataset::sparse(),
        });
        if data.push(x, label).is_err() {
            // A dense vector of another width: keep everything as sparse rows.
            let mut sparse = Dataset::sparse();
            for i in 0..data.len() {
                sparse
                    .push(data.row(i), data.label(i))
                    .expect("rows are finite");
            }
            sparse.push(x, label).expect("the sample is finite");
            *data = sparse;
        }
        self.coefficients.push(alpha);
        self.ids.push(id);
        self.keys.push(self.next_key);
        self.next_key += 1;
        self.squared_norms.push(x.squared_norm());
    }

    /// Appends a vector and grows K^-1: `k` is its kernel column against the
    /// set, `kxx` = k(x, x), `d` = K^-1 k and `delta2` = kxx - k . d > 0.
    /// (Every argument is a quantity the caller already computed; bundling
    /// them in a struct would only rename them.)
    #[allow(clippy::too_many_arguments)]
    pub fn push_spanning(
        &mut self,
        x: Features<'_>,
        label: f64,
        alpha: f64,
        id: u64,
        k: &[f64],
        kxx: f64,
        d: &[f64],
        delta2: f64,
    ) {
        self.push(x, label, alpha, id);
        if let Some(inverse) = &mut self.inverse {
            inverse.grow(k, kxx, d, delta2);
        }
    }

    /// Removes support vector `i` (and its row and column of K^-1).
    pub fn remove(&mut self, i: usize) {
        if let Some(data) = &mut self.vectors {
            data.remove(i);
        }
        self.coefficients.remove(i);
        self.ids.remove(i);
        self.keys.remove(i);
        self.squared_norms.remove(i);
        if let Some(inverse) = &mut self.inverse {
            inverse.remove(i);
        }
    }

    /// Drops vectors until the budget holds; returns how many were dropped.
    pub fn enforce_budget(&mut self, removal: Removal, rng: &mut Rng) -> u32 {
        let mut removed = 0;
        while self.budget.is_some_and(|b| self.len() > b) {
            let i = match removal {
                Removal::Oldest => 0,
                // Never the newest, as Cavallanti, Cesa-Bianchi & Gentile's
                // random budget perceptron removes one of the old set before
                // adding (and the 2023 authors' RandomPA_New.m draws from
                // all but the last): len > budget >= 1, so there is one.
                Removal::Random => rng.random_range(0..self.len() - 1),
                Removal::Newest => self.len() - 1,
            };
            self.remove(i);
            removed += 1;
        }
        removed
    }

    /// Changes the budget (None: unbounded); call `enforce_budget` after.
    pub fn set_budget(&mut self, budget: Option<usize>) {
        self.budget = budget;
    }

    /// Recomputes K^-1 (if kept) for another kernel.
    pub fn rebuild_inverse(&mut self, kernel: &KernelSpec) {
        if let (Some(inverse), Some(data)) = (&mut self.inverse, &self.vectors) {
            *inverse =
                InverseGram::from_kernel(data.len(), |i, j| kernel.eval(data.row(i), data.row(j)));
        }
    }

    /// Starts (from the vectors held) or stops keeping K^-1 (BSGD's
    /// projection, whose budget can be set mid-stream).
    pub fn keep_inverse(&mut self, kernel: &KernelSpec, keep: bool) {
        match (keep, &self.inverse) {
            (true, None) => {
                self.inverse = Some(InverseGram::default());
                self.rebuild_inverse(kernel);
            }
            (false, Some(_)) => self.inverse = None,
            _ => {}
        }
    }

    /// Scales every coefficient (APSM's projection onto a ball).
    pub fn scale(&mut self, factor: f64) {
        self.coefficients.iter_mut().for_each(|a| *a *= factor);
    }

    pub fn clear(&mut self) {
        self.vectors = None;
        self.coefficients.clear();
        self.ids.clear();
        self.keys.clear();
        self.squared_norms.clear();
        if let Some(inverse) = &mut self.inverse {
            inverse.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::rng::seeded;

    #[test]
    fn budget_is_never_exceeded_and_oldest_goes_first() {
        let mut set = SupportSet::new(Some(3), false);
        let mut rng = seeded(1);
        for id in 0..10u64 {
            set.push(Features::Dense(&[id as f64]), 1.0, 1.0, id);
            set.enforce_budget(Removal::Oldest, &mut rng);
            assert!(set.len() <= 3);
        }
        assert_eq!(set.ids(), &[7, 8, 9]);
        // Random removal: never the newest; across seeds, older vectors survive.
        let mut kept_older = false;
        for seed in 0..8 {
            let mut rng = seeded(seed);
            let mut random = SupportSet::new(Some(3), false);
            for id in 0..10u64 {
                random.push(Features::Dense(&[id as f64]), 1.0, 1.0, id);
                assert_eq!(
                    random.enforce_budget(Removal::Random, &mut rng),
                    (id >= 3) as u32
                );
                assert!(random.ids().contains(&id), "the newest stays");
            }
            kept_older |= random.ids().iter().any(|&id| id < 7);
        }
        assert!(kept_older, "random removal keeps some older vectors");
    }

    #[test]
    fn scores_are_coefficient_weighted_kernel_sums() {
        let kernel = KernelSpec::Linear;
        let mut set = SupportSet::new(None, false);
        set.push(Features::Dense(&[1.0, 0.0]), 1.0, 2.0, 0);
        set.push(Features::Dense(&[0.0, 1.0]), -1.0, -1.0, 1);
        let x = Features::Dense(&[3.0, 4.0]);
        assert_eq!(set.score(&kernel, x), 2.0 * 3.0 - 4.0);
        let mut k = Vec::new();
        set.kernel_vector(&kernel, x, &mut k, &mut Vec::new());
        assert_eq!(set.score_from(&k), set.score(&kernel, x));
        set.remove(0);
        assert_eq!(set.score(&kernel, x), -4.0);
    }

    #[test]
    fn mixed_widths_fall_back_to_sparse_storage() {
        let mut set = SupportSet::new(None, false);
        set.push(Features::Dense(&[1.0, 2.0]), 1.0, 1.0, 0);
        set.push(Features::Dense(&[1.0, 2.0, 3.0]), 1.0, 1.0, 1);
        assert_eq!(set.len(), 2);
        assert!(set.vectors().unwrap().is_sparse());
        assert_eq!(
            set.score(&KernelSpec::Linear, Features::Dense(&[1.0, 1.0, 1.0])),
            3.0 + 6.0
        );
    }
}
