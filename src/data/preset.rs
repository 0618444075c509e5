//! The synthetic data sets by name: what each draws, its task and its
//! name on the page, in links and on the command line.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, Result};
use crate::report::Task;

/// The synthetic data sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    /// Linearly separable with a margin: uniform points, a random boundary.
    Separable,
    /// Two overlapping Gaussian clusters (about 90% linearly separable).
    Overlapping,
    /// Seed 002: two well-separated clusters with every 30th label flipped.
    NoisyLabels,
    /// The XOR quadrants: no linear boundary exists.
    Xor,
    /// A disc inside a ring.
    Circles,
    /// Two interleaving half moons.
    Moons,
    /// Two interleaved spiral arms.
    Spiral,
    /// A boundary through the origin that rotates a full turn every
    /// `DRIFT_PERIOD` samples: the learner must keep forgetting.
    Drift,
    /// Three Gaussian clusters, one per class, 120 degrees apart.
    ThreeClasses,
    /// Four Gaussian clusters, one per class, at the corners of a square,
    /// overlapping more than the three.
    FourClasses,
    /// y = a x + b + noise, one feature.
    Regression1d,
    /// y = w . x + b + noise, `n_features` Gaussian features.
    RegressionNd,
}

/// Samples per full turn of the drifting concept.
pub const DRIFT_PERIOD: f64 = 2000.0;

impl Preset {
    pub const ALL: [Preset; 12] = [
        Preset::Separable,
        Preset::Overlapping,
        Preset::NoisyLabels,
        Preset::Xor,
        Preset::Circles,
        Preset::Moons,
        Preset::Spiral,
        Preset::Drift,
        Preset::Regression1d,
        Preset::RegressionNd,
        // After the others, so that the earlier presets keep their indices.
        Preset::ThreeClasses,
        Preset::FourClasses,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Preset::Separable => "separable",
            Preset::Overlapping => "overlapping",
            Preset::NoisyLabels => "noisy-labels",
            Preset::Xor => "xor",
            Preset::Circles => "circles",
            Preset::Moons => "moons",
            Preset::Spiral => "spiral",
            Preset::Drift => "drift",
            Preset::ThreeClasses => "three-classes",
            Preset::FourClasses => "four-classes",
            Preset::Regression1d => "regression-1d",
            Preset::RegressionNd => "regression-nd",
        }
    }

    pub fn task(self) -> Task {
        match self {
            Preset::Regression1d | Preset::RegressionNd => Task::Regression,
            _ => Task::Classification,
        }
    }

    /// The classes of its labels: 2 for every classification preset but
    /// the multiclass ones, 0 for regression.
    pub fn classes(self) -> usize {
        match self {
            Preset::ThreeClasses => 3,
            Preset::FourClasses => 4,
            Preset::Regression1d | Preset::RegressionNd => 0,
            _ => 2,
        }
    }
}

/// The label of class `index` (0-based) on the page: +1 and −1 for the
/// first two, the binary learners' labels, so that a two-class session's
/// points keep their meaning when a third class arrives; then 3, 4, 5, 6.
/// Written out (a stream's CSV, an export), classes are numbered 1 to K
/// instead: see [`class_number`].
pub fn class_label(index: usize) -> f64 {
    match index {
        0 => 1.0,
        1 => -1.0,
        k => (k + 1) as f64,
    }
}

/// The class index of a page label (None for a label no class has).
pub fn class_index(label: f64) -> Option<usize> {
    if label == 1.0 {
        Some(0)
    } else if label == -1.0 {
        Some(1)
    } else if label.fract() == 0.0 && (3.0..=MAX_CLASSES as f64).contains(&label) {
        Some(label as usize - 1)
    } else {
        None
    }
}

/// A page label as the class number 1 to K that files hold (sorted order
/// is class order, as the command line reads a multiclass file).
pub fn class_number(label: f64) -> f64 {
    class_index(label).map_or(label, |k| (k + 1) as f64)
}

/// The most classes the page's plane holds (keys 1 to 6).
pub const MAX_CLASSES: usize = 6;

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Preset {
    type Err = Error;
    fn from_str(name: &str) -> Result<Self> {
        crate::error::by_name(&Preset::ALL, Preset::name, "preset", name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn class_labels_round_trip() {
        for k in 0..MAX_CLASSES {
            assert_eq!(class_index(class_label(k)), Some(k));
            assert_eq!(class_number(class_label(k)), (k + 1) as f64);
        }
        for bad in [0.0, 2.0, 7.0, 3.5, f64::NAN] {
            assert_eq!(class_index(bad), None, "{bad}");
        }
    }

    #[test]
    fn names_round_trip() {
        for p in Preset::ALL {
            assert_eq!(p.name().parse::<Preset>().unwrap(), p);
        }
        let err = "spirals".parse::<Preset>().unwrap_err().to_string();
        assert!(err.contains("spiral") && err.contains("spirals"), "{err}");
    }
}
