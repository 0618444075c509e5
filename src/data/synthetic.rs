//! Seeded synthetic streams: the presets of the playground and the command
//! line. The same seed gives the same samples natively and in wasm (all
//! randomness and transcendental functions come from [`Rng`] and `libm`).
//!
//! Two-dimensional presets live roughly in the square [-1, 1]^2, the page's
//! plane. Each stream has three independent generators derived from its seed:
//! one fixes the concept (the true boundary, the regression line), one draws
//! the training samples, and one draws the clean held-out test set.

use crate::data::rng::{derived, normal};
use rand::Rng as _;
use std::f64::consts::PI;

mod draw;
mod truth;

pub use truth::{ConceptMove, Truth};

use draw::{draw, Noise};

use super::{Dataset, Preset, Rng};
use crate::error::{check, Error, Result};
use crate::features::Features;
use crate::report::Task;

/// What stream to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct StreamConfig {
    pub preset: Preset,
    pub seed: u64,
    /// Probability of flipping a classification label (regression: of
    /// replacing the target by an outlier), on top of the preset's own noise.
    pub label_noise: f64,
    /// Features of `regression-nd` (every other preset has a fixed count).
    pub n_features: usize,
}

impl StreamConfig {
    pub fn new(preset: Preset, seed: u64) -> Self {
        Self {
            preset,
            seed,
            label_noise: 0.0,
            n_features: 4,
        }
    }
}

/// An endless seeded stream of samples.
#[derive(Clone, Debug)]
pub struct Stream {
    config: StreamConfig,
    concept: Concept,
    samples: Rng,
    drawn: u64,
}

/// The fixed truth behind a stream, drawn once from the seed.
#[derive(Clone, Debug)]
struct Concept {
    /// Direction angle of the boundary normal or cluster axis.
    angle: f64,
    offset: f64,
    /// Regression weights (length n_features).
    weights: Vec<f64>,
    /// How far a teacher's hand moved the overlapping clusters or the
    /// drifting boundary off the origin (0 until then).
    shift: f64,
    /// The class centres a teacher's hand placed (None: from `angle`).
    centres: Option<Vec<[f64; 2]>>,
}

const CONCEPT: u64 = 1;
const SAMPLES: u64 = 2;
const TEST: u64 = 3;

impl Stream {
    pub fn new(config: StreamConfig) -> Result<Self> {
        check::unit_interval("label noise", config.label_noise)?;
        if config.preset == Preset::RegressionNd && !(1..=10_000).contains(&config.n_features) {
            return Err(Error::setting(
                "n_features",
                "between 1 and 10000",
                config.n_features as f64,
            ));
        }
        let mut rng = derived(config.seed, CONCEPT);
        let angle = rng.random_range(0.0..2.0 * PI);
        let offset = rng.random_range(-0.3..0.3);
        let n = match config.preset {
            Preset::RegressionNd => config.n_features,
            _ => 1,
        };
        let weights = match config.preset {
            Preset::Regression1d => vec![rng.random_range(-0.8..0.8)],
            _ => (0..n).map(|_| normal(&mut rng)).collect(),
        };
        Ok(Self {
            samples: derived(config.seed, SAMPLES),
            concept: Concept {
                angle,
                offset,
                weights,
                shift: 0.0,
                centres: None,
            },
            config,
            drawn: 0,
        })
    }

    pub fn config(&self) -> &StreamConfig {
        &self.config
    }

    pub fn task(&self) -> Task {
        self.config.preset.task()
    }

    pub fn n_features(&self) -> usize {
        match self.config.preset {
            Preset::Regression1d => 1,
            Preset::RegressionNd => self.config.n_features,
            _ => 2,
        }
    }

    /// Changes the label noise of the samples still to come.
    pub fn set_label_noise(&mut self, label_noise: f64) -> Result<()> {
        self.config.label_noise = check::unit_interval("label noise", label_noise)?;
        Ok(())
    }

    /// How many samples the stream has produced.
    pub fn samples_drawn(&self) -> u64 {
        self.drawn
    }

    /// Writes the next sample's features into `x` (length `n_features`) and
    /// returns its label.
    pub fn next_into(&mut self, x: &mut [f64]) -> f64 {
        let t = self.drawn;
        self.drawn += 1;
        let noise = Noise::Train {
            label_noise: self.config.label_noise,
            flip_every_30th: self.config.preset == Preset::NoisyLabels && t % 30 == 29,
        };
        draw(
            self.config.preset,
            &self.concept,
            &mut self.samples,
            t,
            x,
            noise,
        )
    }

    /// The next `n` samples as a data set.
    pub fn take(&mut self, n: usize) -> Dataset {
        let mut data = Dataset::dense(self.n_features());
        let mut x = vec![0.0; self.n_features()];
        for _ in 0..n {
            let y = self.next_into(&mut x);
            data.push(Features::Dense(&x), y)
                .expect("synthetic samples are finite");
        }
        data
    }

    /// A clean held-out set of `n` samples from the same concept: no label
    /// noise, and for the drifting concept the boundary as it is now. Always
    /// the same points for the same seed.
    pub fn test_set(&self, n: usize) -> Dataset {
        let mut rng = derived(self.config.seed, TEST);
        let mut data = Dataset::dense(self.n_features());
        let mut x = vec![0.0; self.n_features()];
        for _ in 0..n {
            let y = draw(
                self.config.preset,
                &self.concept,
                &mut rng,
                self.drawn,
                &mut x,
                Noise::Clean,
            );
            data.push(Features::Dense(&x), y)
                .expect("synthetic samples are finite");
        }
        data
    }
}

#[cfg(test)]
mod tests {
    use super::draw::sign;
    use super::*;

    fn stream(preset: Preset, seed: u64) -> Stream {
        Stream::new(StreamConfig::new(preset, seed)).unwrap()
    }

    #[test]
    fn same_seed_same_stream() {
        for p in Preset::ALL {
            let a = stream(p, 5).take(50);
            let b = stream(p, 5).take(50);
            let c = stream(p, 6).take(50);
            assert_eq!(a, b, "{p}");
            assert_ne!(a, c, "{p}");
        }
    }

    #[test]
    fn noisy_labels_flips_exactly_every_30th_label() {
        let noisy = stream(Preset::NoisyLabels, 1).take(3000);
        let concept = &stream(Preset::NoisyLabels, 1).concept;
        // Re-derive each label from its cluster: with spread 0.2 and distance
        // 0.5 the sign of the projection on the axis gives the class except
        // for rare tails, so count disagreements at every 30th sample.
        let (c, s) = (libm::cos(concept.angle), libm::sin(concept.angle));
        let mut flipped_at_29 = 0;
        let mut flipped_elsewhere = 0;
        for i in 0..3000 {
            let Features::Dense(x) = noisy.row(i) else {
                unreachable!()
            };
            let side = sign(c * x[0] + s * x[1]);
            if side != noisy.label(i) {
                if i % 30 == 29 {
                    flipped_at_29 += 1;
                } else {
                    flipped_elsewhere += 1;
                }
            }
        }
        // A cluster's Gaussian tail crosses the axis with probability
        // Phi(-2.5) = 0.6%, which is all the disagreement a clean label has.
        assert!(
            flipped_at_29 >= 95,
            "only {flipped_at_29} of 100 flips seen"
        );
        assert!(
            flipped_elsewhere <= 40,
            "{flipped_elsewhere} of 2900 clean labels disagree"
        );
    }

    #[test]
    fn separable_stream_has_a_margin_and_balanced_classes() {
        let s = stream(Preset::Separable, 3);
        let data = s.clone().take(2000);
        let (c, sn) = (libm::cos(s.concept.angle), libm::sin(s.concept.angle));
        let mut positives = 0;
        for i in 0..data.len() {
            let Features::Dense(x) = data.row(i) else {
                unreachable!()
            };
            let f = c * x[0] + sn * x[1] + s.concept.offset;
            assert!(f.abs() >= 0.1);
            assert_eq!(sign(f), data.label(i));
            positives += (data.label(i) > 0.0) as usize;
        }
        assert!((400..1600).contains(&positives), "{positives}");
    }

    #[test]
    fn label_noise_flips_about_the_asked_fraction() {
        let mut cfg = StreamConfig::new(Preset::Separable, 9);
        let clean = Stream::new(cfg.clone()).unwrap().take(5000);
        cfg.label_noise = 0.2;
        let noisy = Stream::new(cfg).unwrap().take(5000);
        let flips = (0..5000)
            .filter(|&i| clean.label(i) != noisy.label(i))
            .count();
        assert!(
            (850..1150).contains(&flips),
            "{flips} flips of 5000 at p = 0.2"
        );
        assert!(Stream::new(StreamConfig {
            label_noise: 1.5,
            ..StreamConfig::new(Preset::Xor, 1)
        })
        .is_err());
    }

    #[test]
    fn test_set_is_clean_and_fixed_and_drift_rotates() {
        let mut s = stream(Preset::Drift, 4);
        let before = s.test_set(200);
        assert_eq!(before, s.test_set(200));
        s.take(500); // a quarter turn
        let after = s.test_set(200);
        let changed = (0..200)
            .filter(|&i| before.label(i) != after.label(i))
            .count();
        assert!(
            changed > 60,
            "a quarter turn changed only {changed} of 200 labels"
        );
        assert_eq!(before.row(0), after.row(0), "same points, new labels");
    }

    #[test]
    fn multiclass_label_noise_moves_labels_to_other_classes_only() {
        let clean = stream(Preset::FourClasses, 5).take(4000);
        let mut cfg = StreamConfig::new(Preset::FourClasses, 5);
        cfg.label_noise = 0.3;
        let noisy = Stream::new(cfg).unwrap().take(4000);
        let changed = (0..4000)
            .filter(|&i| clean.label(i) != noisy.label(i))
            .count();
        // Each flip lands on another class, so about 30% change.
        assert!((1050..1350).contains(&changed), "{changed} of 4000 changed");
        assert_eq!(clean.row(7), noisy.row(7), "same points, new labels");
    }

    #[test]
    fn every_preset_stays_in_view_and_has_the_right_shape() {
        for p in Preset::ALL {
            let s = stream(p, 11);
            let data = s.clone().take(1000);
            assert_eq!(data.n_features(), s.n_features());
            if s.n_features() == 2 {
                // Gaussian tails may leave the square, but rarely.
                let outside = (0..data.len())
                    .filter(|&i| {
                        let Features::Dense(x) = data.row(i) else {
                            unreachable!()
                        };
                        x.iter().any(|v| v.abs() > 1.25)
                    })
                    .count();
                assert!(outside <= 10, "{p}: {outside} of 1000 points out of view");
            }
            if p.task() == Task::Classification {
                // Every class turns up, and nothing else (page labels: ±1, 3, 4).
                let mut seen = vec![0; p.classes()];
                for &y in data.labels() {
                    seen[crate::data::class_index(y).expect("a class label")] += 1;
                }
                assert!(
                    seen.iter().all(|&n| n > 1000 / (2 * p.classes())),
                    "{p}: {seen:?}"
                );
            }
        }
    }
}
