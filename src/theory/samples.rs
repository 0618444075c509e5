//! The samples the theory layer judges, as the learner sees them: each x
//! with the constant 1 appended when the bias is a weight (x̃ = (x, 1)), or
//! as it is when the boundary passes through the origin. Every solver in
//! this folder reads samples only through `margin` (y u·x̃) and `add_to`
//! (u += s y x̃), so the bias form is decided here, once.
//!
//! Each sample counts as many times as the learner saw it (a second pass
//! sees every sample again), so the comparators and bounds are about the
//! sequence the learner was given, not only the set of points. A sample
//! added but not yet learned counts zero times and is left out of
//! everything, the radius R included.

use crate::error::{Error, Result};
use crate::features::Features;

/// Refuses what the theory layer cannot cover: a sample with a value that
/// is not finite (it has no margin), and a label other than ±1.
pub(in crate::theory) fn check_sample(x: Features<'_>, y: f64) -> Result<()> {
    if !x.is_finite() {
        return Err(Error::BadSample(
            "a sample with NaN or infinite values has no margin".into(),
        ));
    }
    if y != 1.0 && y != -1.0 {
        return Err(Error::Mismatch(
            format!(
                "the theory layer covers two classes labelled -1 and +1, got the label {}",
                crate::number::text(y)
            )
            .into(),
        ));
    }
    Ok(())
}

/// A comparator or iterate u = (w, b): b is used only when the samples
/// carry the constant 1 (`Samples::has_bias`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Vector {
    pub w: Vec<f64>,
    pub b: f64,
}

impl Vector {
    /// ‖u‖², the bias included (it is a weight on the constant 1).
    pub fn squared_norm(&self) -> f64 {
        self.w.iter().map(|v| v * v).sum::<f64>() + self.b * self.b
    }

    /// The weights with the bias last when the samples have one: the form
    /// the command line's `--json` prints.
    pub fn to_vec(&self, has_bias: bool) -> Vec<f64> {
        let mut out = self.w.clone();
        if has_bias {
            out.push(self.b);
        }
        out
    }

    pub fn scaled(&self, s: f64) -> Vector {
        Vector {
            w: self.w.iter().map(|v| v * s).collect(),
            b: self.b * s,
        }
    }
}

/// Samples stored as compressed rows (dense input is stored with its
/// zeros, so 2-D points keep both coordinates), with labels ±1, the squared
/// norm each has as the learner sees it, and how often each was seen.
#[derive(Clone, Debug, Default)]
pub struct Samples {
    has_bias: bool,
    starts: Vec<usize>,
    indices: Vec<u32>,
    values: Vec<f64>,
    labels: Vec<f64>,
    squared_norms: Vec<f64>,
    counts: Vec<u64>,
    dim: usize,
    radius_squared: f64,
    rounds: u64,
    /// Every stored row is dense with two values: the plane's points.
    plane: bool,
    /// The z = y x̃ of the samples seen, as exact bit patterns.
    seen_z: std::collections::HashSet<Vec<u64>>,
    /// Two samples seen have z_i = −z_j (or one has z = 0): Gordan's
    /// certificate that no separator exists, found exactly and at once.
    opposed: bool,
}

impl Samples {
    /// `has_bias`: append the constant 1 to every x (augmented bias).
    pub fn new(has_bias: bool) -> Self {
        Self {
            has_bias,
            starts: vec![0],
            plane: true,
            ..Self::default()
        }
    }

    pub fn has_bias(&self) -> bool {
        self.has_bias
    }

    /// Stores a sample that has not been learned yet (it counts zero
    /// times until `count` is called). Refuses non-finite values and
    /// labels other than ±1, with the reason.
    pub fn push(&mut self, x: Features<'_>, y: f64) -> Result<usize> {
        check_sample(x, y)?;
        self.plane &= matches!(x, Features::Dense(v) if v.len() == 2);
        x.for_each_nonzero(|i, v| {
            self.indices.push(i as u32);
            self.values.push(v);
        });
        self.starts.push(self.indices.len());
        self.labels.push(y);
        let extra = if self.has_bias { 1.0 } else { 0.0 };
        self.squared_norms.push(x.squared_norm() + extra);
        self.counts.push(0);
        self.dim = self.dim.max(x.dim());
        Ok(self.labels.len() - 1)
    }

    /// One more round of the learner on sample `i`.
    pub fn count(&mut self, i: usize) {
        if self.counts[i] == 0 && !self.opposed {
            let (z, negated) = (self.z_key(i, 1.0), self.z_key(i, -1.0));
            self.opposed = z == negated || self.seen_z.contains(&negated);
            self.seen_z.insert(z);
            if self.opposed {
                self.seen_z = Default::default();
            }
        }
        self.counts[i] += 1;
        self.rounds += 1;
        self.radius_squared = self.radius_squared.max(self.squared_norms[i]);
    }

    /// s·z_i as exact bits, its zeros dropped (so −0 and 0 agree).
    fn z_key(&self, i: usize, s: f64) -> Vec<u64> {
        let y = s * self.labels[i];
        let range = self.starts[i]..self.starts[i + 1];
        let mut key = Vec::with_capacity(2 * range.len() + 1);
        for (&j, &v) in self.indices[range.clone()].iter().zip(&self.values[range]) {
            if v != 0.0 {
                key.extend([j as u64, (y * v).to_bits()]);
            }
        }
        if self.has_bias {
            key.push(y.to_bits());
        }
        key
    }

    /// Two samples seen have opposite z = y x̃ (the same x̃ with opposite
    /// labels, or through the origin x and −x with one label), or one has
    /// z = 0: then the origin is in their hull, exactly.
    pub fn has_opposed_pair(&self) -> bool {
        self.opposed
    }

    /// Samples stored, counted or not.
    pub fn len(&self) -> usize {
        self.labels.len()
    }

    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// Rounds the learner played: the sum of the counts.
    pub fn rounds(&self) -> u64 {
        self.rounds
    }

    /// How often the learner saw sample `i` (0: not yet).
    #[inline]
    pub fn weight(&self, i: usize) -> u64 {
        self.counts[i]
    }

    /// The samples the learner has seen, in storage order.
    pub fn seen(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.len()).filter(|&i| self.counts[i] > 0)
    }

    #[inline]
    pub fn label(&self, i: usize) -> f64 {
        self.labels[i]
    }

    /// ‖x̃_i‖², the constant 1 included when there is a bias.
    #[inline]
    pub fn squared_norm(&self, i: usize) -> f64 {
        self.squared_norms[i]
    }

    /// R = max ‖x̃‖ over the samples seen (0 before any).
    pub fn radius(&self) -> f64 {
        self.radius_squared.sqrt()
    }

    /// Features of the widest sample, without the bias.
    pub fn dim(&self) -> usize {
        self.dim
    }

    /// All samples are points of the plane (dense, two features).
    pub fn is_plane(&self) -> bool {
        self.plane && !self.is_empty()
    }

    /// The point (x₁, x₂) of sample `i` when the samples are planar.
    pub fn point(&self, i: usize) -> [f64; 2] {
        let row = &self.values[self.starts[i]..self.starts[i + 1]];
        [row[0], row[1]]
    }

    /// An empty comparator of the right shape.
    pub fn zero(&self) -> Vector {
        Vector {
            w: vec![0.0; self.dim],
            b: 0.0,
        }
    }

    /// y_i u·x̃_i: the margin of sample `i` under u.
    #[inline]
    pub fn margin(&self, i: usize, u: &Vector) -> f64 {
        let range = self.starts[i]..self.starts[i + 1];
        let mut dot = 0.0;
        for (&j, &v) in self.indices[range.clone()].iter().zip(&self.values[range]) {
            dot += u.w.get(j as usize).copied().unwrap_or(0.0) * v;
        }
        if self.has_bias {
            dot += u.b;
        }
        self.labels[i] * dot
    }

    /// u += s y_i x̃_i (u is grown to the samples' width first).
    #[inline]
    pub fn add_to(&self, i: usize, u: &mut Vector, s: f64) {
        if u.w.len() < self.dim {
            u.w.resize(self.dim, 0.0);
        }
        let step = s * self.labels[i];
        let range = self.starts[i]..self.starts[i + 1];
        for (&j, &v) in self.indices[range.clone()].iter().zip(&self.values[range]) {
            u.w[j as usize] += step * v;
        }
        if self.has_bias {
            u.b += step;
        }
    }

    /// y_i y_j x̃_i·x̃_j (the dual's Q_ij), by a merge of the two rows.
    pub fn cross(&self, i: usize, j: usize) -> f64 {
        let (a, b) = (
            self.starts[i]..self.starts[i + 1],
            self.starts[j]..self.starts[j + 1],
        );
        let (ia, va) = (&self.indices[a.clone()], &self.values[a]);
        let (ib, vb) = (&self.indices[b.clone()], &self.values[b]);
        let (mut p, mut q, mut dot) = (0, 0, 0.0);
        while p < ia.len() && q < ib.len() {
            match ia[p].cmp(&ib[q]) {
                std::cmp::Ordering::Less => p += 1,
                std::cmp::Ordering::Greater => q += 1,
                std::cmp::Ordering::Equal => {
                    dot += va[p] * vb[q];
                    p += 1;
                    q += 1;
                }
            }
        }
        if self.has_bias {
            dot += 1.0;
        }
        self.labels[i] * self.labels[j] * dot
    }

    /// Σ_t loss(y_t u·x̃_t) over the rounds: each sample weighted by its count.
    pub fn total_loss(&self, u: &Vector, loss: impl Fn(f64) -> f64) -> f64 {
        self.seen()
            .map(|i| self.counts[i] as f64 * loss(self.margin(i, u)))
            .sum()
    }
}

/// The hinge loss of a margin, max(0, 1 − m).
#[inline]
pub fn hinge(margin: f64) -> f64 {
    (1.0 - margin).max(0.0)
}

/// The squared hinge loss, max(0, 1 − m)².
#[inline]
pub fn squared_hinge(margin: f64) -> f64 {
    let h = hinge(margin);
    h * h
}

/// Planar samples, each seen once: the unit tests' sets.
#[cfg(test)]
pub(crate) fn planar(points: &[([f64; 2], f64)], bias: bool) -> Samples {
    let mut s = Samples::new(bias);
    for (x, y) in points {
        let i = s.push(Features::Dense(x), *y).unwrap();
        s.count(i);
    }
    s
}

/// XOR's four corners: no line separates them.
#[cfg(test)]
pub(crate) const XOR: [([f64; 2], f64); 4] = [
    ([1.0, 1.0], 1.0),
    ([-1.0, -1.0], 1.0),
    ([1.0, -1.0], -1.0),
    ([-1.0, 1.0], -1.0),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bias_is_a_coordinate_that_counts_in_norms_and_margins() {
        let mut with = Samples::new(true);
        let mut without = Samples::new(false);
        for s in [&mut with, &mut without] {
            s.push(Features::Dense(&[3.0, 4.0]), -1.0).unwrap();
            s.count(0);
        }
        assert_eq!(with.squared_norm(0), 26.0);
        assert_eq!(without.radius(), 5.0);
        let u = Vector {
            w: vec![1.0, 0.0],
            b: 2.0,
        };
        assert_eq!(with.margin(0, &u), -5.0);
        assert_eq!(without.margin(0, &u), -3.0);
        let mut v = with.zero();
        with.add_to(0, &mut v, 0.5);
        assert_eq!(v.to_vec(true), vec![-1.5, -2.0, -0.5]);
        assert_eq!(with.cross(0, 0), 26.0);
    }

    #[test]
    fn labels_other_than_plus_minus_one_are_refused() {
        let mut s = Samples::new(true);
        let err = s.push(Features::Dense(&[1.0]), 2.0).unwrap_err();
        assert!(err.to_string().contains("two classes"), "{err}");
        assert!(s.push(Features::Dense(&[f64::NAN]), 1.0).is_err());
        assert!(s.is_empty());
    }
}
