//! Means, standard errors and the paired t-test over orderings.

use statrs::distribution::{ContinuousCDF, StudentsT};

/// Mean, sample standard deviation and standard error of the mean.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Summary {
    pub n: usize,
    pub mean: f64,
    pub sd: f64,
}

impl Summary {
    pub fn of(values: impl Iterator<Item = f64>) -> Self {
        let values: Vec<f64> = values.collect();
        let n = values.len();
        let mean = values.iter().sum::<f64>() / n.max(1) as f64;
        let var = if n > 1 {
            values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64
        } else {
            0.0
        };
        Self {
            n,
            mean,
            sd: var.sqrt(),
        }
    }

    /// The standard error of the mean, sd / √n.
    pub fn se(&self) -> f64 {
        self.sd / (self.n.max(1) as f64).sqrt()
    }
}

/// A paired comparison of two learners over the same orderings: the
/// differences a − b, their mean and standard error, Student's t with
/// n − 1 degrees of freedom and its two-sided p-value, and how often a
/// was lower, equal, higher.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Paired {
    pub difference: Summary,
    pub t: f64,
    pub p: f64,
    pub lower: usize,
    pub ties: usize,
    pub higher: usize,
}

impl Paired {
    /// `a[r]` and `b[r]` come from the same ordering `r`.
    pub fn test(a: &[f64], b: &[f64]) -> Self {
        assert_eq!(a.len(), b.len(), "paired samples");
        let d: Vec<f64> = a.iter().zip(b).map(|(a, b)| a - b).collect();
        let difference = Summary::of(d.iter().copied());
        let (t, p) = if difference.n < 2 {
            (f64::NAN, f64::NAN)
        } else if difference.sd == 0.0 {
            // Identical differences: no spread to test against.
            if difference.mean == 0.0 {
                (0.0, 1.0)
            } else {
                (difference.mean.signum() * f64::INFINITY, 0.0)
            }
        } else {
            let t = difference.mean / difference.se();
            let student = StudentsT::new(0.0, 1.0, (difference.n - 1) as f64)
                .expect("n - 1 >= 1 degrees of freedom");
            (t, 2.0 * student.sf(t.abs()))
        };
        Self {
            difference,
            t,
            p,
            lower: d.iter().filter(|&&x| x < 0.0).count(),
            ties: d.iter().filter(|&&x| x == 0.0).count(),
            higher: d.iter().filter(|&&x| x > 0.0).count(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_matches_a_hand_computation() {
        let s = Summary::of([1.0, 2.0, 3.0, 4.0].into_iter());
        assert_eq!(s.mean, 2.5);
        assert!((s.sd - (5.0f64 / 3.0).sqrt()).abs() < 1e-15);
        assert!((s.se() - s.sd / 2.0).abs() < 1e-15);
    }

    #[test]
    fn paired_test_matches_scipy() {
        // scripts/reference/paired_test.py (scipy.stats.ttest_rel)
        let a = [0.20, 0.22, 0.25, 0.21, 0.24];
        let b = [0.21, 0.25, 0.24, 0.24, 0.27];
        let p = Paired::test(&a, &b);
        assert!((p.t - -2.2499999999999987).abs() < 1e-9, "{}", p.t);
        assert!((p.p - 0.08764517650339479).abs() < 1e-9, "{}", p.p);
        assert_eq!((p.lower, p.ties, p.higher), (4, 0, 1));
        let same = Paired::test(&a, &a);
        assert_eq!((same.t, same.p), (0.0, 1.0));
    }
}
