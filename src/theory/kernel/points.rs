//! The samples the kernel theory judges, in the feature space of the
//! learner's kernel: each x stands for φ(x), known only through
//! k(x, z) = φ(x)·φ(z). There is no constant feature: every kernel
//! learner covered computes f(x) = Σ α_i k(s_i, x) with no bias
//! (`KernelHooks::bias` is 0 for them, and they do not read `--bias`), so
//! f lives in the kernel's own space H_k and so do the comparators. (A
//! polynomial kernel's offset is part of k, so its constant feature is in
//! φ already.)
//!
//! The solvers index samples by the order they were first seen
//! (positions), so that their vectors grow at the end as rounds arrive
//! (warm starts) and a sample stored but not yet learned costs nothing.

use std::collections::HashMap;

use crate::error::Result;
use crate::features::Features;
use crate::kernel::{Kernel, KernelSpec};
use crate::theory::samples::check_sample;

/// The samples, their labels ±1, and how often the learner saw each.
#[derive(Clone, Debug)]
pub struct Points {
    kernel: KernelSpec,
    starts: Vec<usize>,
    indices: Vec<u32>,
    values: Vec<f64>,
    labels: Vec<f64>,
    /// ‖x‖² (input space), for `KernelSpec::from_dot`.
    squared_norms: Vec<f64>,
    /// k(x, x) = ‖φ(x)‖².
    self_kernel: Vec<f64>,
    counts: Vec<u64>,
    /// Stored index of each position (the order first seen).
    order: Vec<usize>,
    rounds: u64,
    radius_squared: f64,
    /// The label each distinct x seen carries, by its exact bits.
    seen_x: HashMap<Vec<u64>, f64>,
    /// Two samples seen share x with opposite labels, or one has
    /// φ(x) = 0: the origin is in the hull of the y φ(x), exactly.
    opposed: bool,
}

impl Points {
    pub fn new(kernel: KernelSpec) -> Self {
        Self {
            kernel,
            starts: vec![0],
            indices: Vec::new(),
            values: Vec::new(),
            labels: Vec::new(),
            squared_norms: Vec::new(),
            self_kernel: Vec::new(),
            counts: Vec::new(),
            order: Vec::new(),
            rounds: 0,
            radius_squared: 0.0,
            seen_x: HashMap::new(),
            opposed: false,
        }
    }

    pub fn kernel(&self) -> KernelSpec {
        self.kernel
    }

    /// Stores a sample not yet learned; refuses non-finite values and
    /// labels other than ±1.
    pub fn push(&mut self, x: Features<'_>, y: f64) -> Result<usize> {
        check_sample(x, y)?;
        x.for_each_nonzero(|i, v| {
            if v != 0.0 {
                self.indices.push(i as u32);
                self.values.push(v);
            }
        });
        self.starts.push(self.indices.len());
        self.labels.push(y);
        self.squared_norms.push(x.squared_norm());
        self.self_kernel.push(self.kernel.self_similarity(x));
        self.counts.push(0);
        Ok(self.labels.len() - 1)
    }

    /// One more round on stored sample `i`.
    pub fn count(&mut self, i: usize) {
        if self.counts[i] == 0 {
            self.order.push(i);
            self.radius_squared = self.radius_squared.max(self.self_kernel[i]);
            if !self.opposed {
                let key: Vec<u64> = self
                    .row(i)
                    .flat_map(|(j, v)| [j as u64, v.to_bits()])
                    .collect();
                let label = self.labels[i];
                self.opposed = self.self_kernel[i] <= 0.0
                    || self.seen_x.insert(key, label).is_some_and(|l| l != label);
                if self.opposed {
                    self.seen_x = HashMap::new();
                }
            }
        }
        self.counts[i] += 1;
        self.rounds += 1;
    }

    fn row(&self, i: usize) -> impl Iterator<Item = (u32, f64)> + '_ {
        let range = self.starts[i]..self.starts[i + 1];
        self.indices[range.clone()]
            .iter()
            .copied()
            .zip(self.values[range].iter().copied())
    }

    /// Samples stored, seen or not.
    pub fn len(&self) -> usize {
        self.labels.len()
    }

    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// Distinct samples seen: the positions 0..seen().
    pub fn seen(&self) -> usize {
        self.order.len()
    }

    pub fn rounds(&self) -> u64 {
        self.rounds
    }

    /// R = max √k(x, x) over the samples seen.
    pub fn radius(&self) -> f64 {
        self.radius_squared.sqrt()
    }

    /// Every k(x, x) of the samples seen is 1 within `tolerance`.
    pub fn unit_norm(&self, tolerance: f64) -> bool {
        self.order
            .iter()
            .all(|&i| (self.self_kernel[i] - 1.0).abs() <= tolerance)
    }

    pub fn has_opposed_pair(&self) -> bool {
        self.opposed
    }

    /// How often the sample at position `p` was seen.
    #[inline]
    pub fn weight(&self, p: usize) -> u64 {
        self.counts[self.order[p]]
    }

    #[inline]
    pub fn label(&self, p: usize) -> f64 {
        self.labels[self.order[p]]
    }

    /// Q_pp = k(x_p, x_p).
    #[inline]
    pub fn diagonal(&self, p: usize) -> f64 {
        self.self_kernel[self.order[p]]
    }

    /// Q_pq = y_p y_q k(x_p, x_q), positions p and q.
    pub fn q(&self, p: usize, q: usize) -> f64 {
        let (i, j) = (self.order[p], self.order[q]);
        let k = if i == j {
            self.self_kernel[i]
        } else {
            let dot = merge_dot(self.row(i), self.row(j));
            self.kernel
                .from_dot(dot, self.squared_norms[i], self.squared_norms[j])
        };
        self.labels[i] * self.labels[j] * k
    }
}

/// x·z of two rows in index order.
fn merge_dot(
    mut a: impl Iterator<Item = (u32, f64)>,
    mut b: impl Iterator<Item = (u32, f64)>,
) -> f64 {
    let (mut x, mut z, mut dot) = (a.next(), b.next(), 0.0);
    while let (Some((i, u)), Some((j, v))) = (x, z) {
        match i.cmp(&j) {
            std::cmp::Ordering::Less => x = a.next(),
            std::cmp::Ordering::Greater => z = b.next(),
            std::cmp::Ordering::Equal => {
                dot += u * v;
                x = a.next();
                z = b.next();
            }
        }
    }
    dot
}
