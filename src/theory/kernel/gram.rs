//! Rows of the Gram matrix Q_pq = y_p y_q k(x_p, x_q), computed as the
//! solvers ask and kept.
//!
//! Why a cache: both solvers (`hull.rs`, `dual.rs`) keep Qλ or Qα up to
//! date, so a step that moves one weight reads that sample's row, and the
//! same few rows (the support vectors') are read over and over, epoch
//! after epoch. Measured (tests/kernel_theory_reference.rs,
//! `the_gram_cache_computes_fewer_kernel_values_for_the_same_answer`,
//! release build, 320 points, Gaussian σ = 0.5): the whole theory solved
//! with rows cached computed 68,212 kernel values in 0.13 s; with none
//! kept (a cache of 0 entries) 340.7 million in 5.6 s, for the same
//! answer. Rows are kept only up to
//! `MAX_CACHED` entries in all (64 MiB); past that a row is computed
//! afresh at each read, which is slower but right.
//!
//! A row grows at its end as samples are seen (positions only grow), so
//! a warm start keeps every row already computed.

use super::points::Points;

/// Entries kept in all: 8 Mi doubles, 64 MiB.
pub const MAX_CACHED: usize = 1 << 23;

#[derive(Debug, Default)]
pub struct Gram {
    rows: Vec<Vec<f64>>,
    cached: usize,
    /// Entries this cache may keep (`MAX_CACHED` unless a test says).
    cap: Option<usize>,
    scratch: Vec<f64>,
    /// Kernel values computed so far (a measure of the work).
    pub computed: u64,
}

/// A copy starts with no rows: they are a cache, recomputed from the same
/// samples to the same values, and the page's timeline keeps copies of
/// its session (up to 16 MiB of rows each would add up).
impl Clone for Gram {
    fn clone(&self) -> Self {
        Self {
            cap: self.cap,
            ..Self::default()
        }
    }
}

impl Gram {
    /// A cache of at most `cap` entries (0: none kept).
    pub fn with_cap(cap: usize) -> Self {
        Self {
            cap: Some(cap),
            ..Self::default()
        }
    }

    /// Row p over positions 0..points.seen().
    pub fn row(&mut self, points: &Points, p: usize) -> &[f64] {
        let m = points.seen();
        if self.rows.len() <= p {
            self.rows.resize_with(p + 1, Vec::new);
        }
        let have = self.rows[p].len();
        let cap = self.cap.unwrap_or(MAX_CACHED);
        if have >= m {
            return &self.rows[p][..m];
        }
        if self.cached + (m - have) <= cap {
            let row = &mut self.rows[p];
            row.extend((have..m).map(|q| points.q(p, q)));
            self.computed += (m - have) as u64;
            self.cached += m - have;
            return &self.rows[p][..m];
        }
        self.scratch.clear();
        self.scratch.extend((0..m).map(|q| points.q(p, q)));
        self.computed += m as u64;
        &self.scratch
    }

    /// Entry Q_pq (from a cached row when there is one).
    pub fn entry(&mut self, points: &Points, p: usize, q: usize) -> f64 {
        match self.rows.get(p) {
            Some(row) if row.len() > q => row[q],
            _ => {
                self.computed += 1;
                points.q(p, q)
            }
        }
    }

    /// out = Q w over every position (w zero past its end); returns the
    /// rows read (each costs a pass).
    pub fn product(&mut self, points: &Points, w: &[f64], out: &mut Vec<f64>) -> u64 {
        let m = points.seen();
        out.clear();
        out.resize(m, 0.0);
        let mut read = 0;
        for (p, &wp) in w.iter().enumerate().take(m) {
            if wp != 0.0 {
                read += 1;
                let row = self.row(points, p);
                for (o, &v) in out.iter_mut().zip(row) {
                    *o += wp * v;
                }
            }
        }
        read
    }

    /// Grows out = Q w to the positions seen now, for positions added
    /// since (their weights are 0, so the old entries stand).
    pub fn extend_product(&mut self, points: &Points, w: &[f64], out: &mut Vec<f64>) {
        let (from, m) = (out.len(), points.seen());
        if from >= m {
            return;
        }
        out.resize(m, 0.0);
        for (p, &wp) in w.iter().enumerate().take(from) {
            if wp != 0.0 {
                let row = self.row(points, p);
                for (o, &v) in out[from..].iter_mut().zip(&row[from..]) {
                    *o += wp * v;
                }
            }
        }
    }
}
