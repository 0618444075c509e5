//! One sample of a preset: the geometry and noise of every synthetic data
//! set, drawn from the stream's generator.

use rand::Rng as _;
use std::f64::consts::PI;

use super::truth::drift_angle;
use super::Concept;
use crate::data::rng::{chance, normal};
use crate::data::{class_index, class_label, Preset, Rng};
use crate::report::Task;

#[derive(Clone, Copy)]
pub(super) enum Noise {
    Clean,
    Train {
        label_noise: f64,
        flip_every_30th: bool,
    },
}

pub(super) fn draw(
    preset: Preset,
    concept: &Concept,
    rng: &mut Rng,
    t: u64,
    x: &mut [f64],
    noise: Noise,
) -> f64 {
    let (c, s) = (libm::cos(concept.angle), libm::sin(concept.angle));
    let class = |rng: &mut Rng| if chance(rng, 0.5) { 1.0 } else { -1.0 };
    let mut y = match preset {
        Preset::Separable => loop {
            // Rejecting a band around the boundary guarantees a margin, so
            // the perceptron's mistake bound applies.
            let (a, b) = (rng.random_range(-1.0..1.0), rng.random_range(-1.0..1.0));
            let f = c * a + s * b + concept.offset;
            if f.abs() >= 0.1 {
                x[0] = a;
                x[1] = b;
                break sign(f);
            }
        },
        Preset::Overlapping | Preset::NoisyLabels => {
            let (distance, spread) = if preset == Preset::Overlapping {
                (0.4, 0.3)
            } else {
                (0.5, 0.2)
            };
            let y = class(rng);
            x[0] = y * distance * c + spread * normal(rng);
            x[1] = y * distance * s + spread * normal(rng);
            if concept.shift != 0.0 {
                // Moved by hand: the boundary c·x + s·y + shift = 0.
                x[0] -= concept.shift * c;
                x[1] -= concept.shift * s;
            }
            y
        }
        Preset::Xor => {
            x[0] = rng.random_range(-1.0..1.0);
            x[1] = rng.random_range(-1.0..1.0);
            sign(x[0] * x[1])
        }
        Preset::Circles => {
            let y = class(rng);
            let radius = if y > 0.0 { 0.45 } else { 0.9 };
            let a = rng.random_range(0.0..2.0 * PI);
            x[0] = radius * libm::cos(a) + 0.07 * normal(rng);
            x[1] = radius * libm::sin(a) + 0.07 * normal(rng);
            y
        }
        Preset::Moons => {
            // scikit-learn's make_moons, centred and scaled into the square.
            let y = class(rng);
            let a = rng.random_range(0.0..PI);
            let (mx, my) = if y < 0.0 {
                (libm::cos(a), libm::sin(a))
            } else {
                (1.0 - libm::cos(a), 0.5 - libm::sin(a))
            };
            x[0] = 0.65 * (mx - 0.5 + 0.1 * normal(rng));
            x[1] = 0.65 * (my - 0.25 + 0.1 * normal(rng));
            y
        }
        Preset::Spiral => {
            let y = class(rng);
            let u = rng.random::<f64>();
            let radius = 0.05 + 0.9 * u;
            let a = 3.0 * PI * u + if y > 0.0 { 0.0 } else { PI };
            x[0] = radius * libm::cos(a) + 0.04 * normal(rng);
            x[1] = radius * libm::sin(a) + 0.04 * normal(rng);
            y
        }
        Preset::Drift => {
            let angle = drift_angle(concept.angle, t);
            x[0] = rng.random_range(-1.0..1.0);
            x[1] = rng.random_range(-1.0..1.0);
            let f = libm::cos(angle) * x[0] + libm::sin(angle) * x[1];
            // (Adding a zero shift would change nothing: sign(-0.0) is +1.)
            sign(f + concept.shift)
        }
        Preset::ThreeClasses | Preset::FourClasses => {
            let spread = if preset == Preset::ThreeClasses {
                0.22
            } else {
                0.28
            };
            let k = rng.random_range(0..preset.classes());
            let [cx, cy] = concept.centre(preset, k);
            x[0] = cx + spread * normal(rng);
            x[1] = cy + spread * normal(rng);
            class_label(k)
        }
        Preset::Regression1d => {
            x[0] = rng.random_range(-1.0..1.0);
            concept.weights[0] * x[0] + 0.5 * concept.offset + 0.08 * normal(rng)
        }
        Preset::RegressionNd => {
            let mut y = concept.offset;
            for (xi, wi) in x.iter_mut().zip(&concept.weights) {
                *xi = normal(rng);
                y += wi * *xi;
            }
            y + 0.1 * normal(rng)
        }
    };
    if let Noise::Train {
        label_noise,
        flip_every_30th,
    } = noise
    {
        // Always draw, so that the noise level does not shift later samples.
        let corrupt = chance(rng, label_noise);
        let classes = preset.classes();
        if classes > 2 {
            // A noisy label is one of the other classes, each as likely.
            let other = rng.random_range(1..classes);
            if corrupt {
                let k = class_index(y).expect("a preset's label is a class");
                y = class_label((k + other) % classes);
            }
        } else if preset.task() == Task::Classification {
            if corrupt != flip_every_30th {
                y = -y;
            }
        } else {
            let outlier = 2.0 * normal(rng);
            if corrupt {
                y += outlier;
            }
        }
    }
    y
}

pub(super) fn sign(v: f64) -> f64 {
    if v >= 0.0 {
        1.0
    } else {
        -1.0
    }
}
