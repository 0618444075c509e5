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
    /// y = a x + b + noise, one feature.
    Regression1d,
    /// y = w . x + b + noise, `n_features` Gaussian features.
    RegressionNd,
}

/// Samples per full turn of the drifting concept.
pub const DRIFT_PERIOD: f64 = 2000.0;

impl Preset {
    pub const ALL: [Preset; 10] = [
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
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Preset {
    type Err = Error;
    fn from_str(name: &str) -> Result<Self> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name() == name)
            .ok_or_else(|| Error::UnknownName {
                what: "preset",
                got: name.to_string(),
                expected: Preset::ALL.map(Preset::name).join(", "),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for p in Preset::ALL {
            assert_eq!(p.name().parse::<Preset>().unwrap(), p);
        }
        let err = "spirals".parse::<Preset>().unwrap_err().to_string();
        assert!(err.contains("spiral") && err.contains("spirals"), "{err}");
    }
}
