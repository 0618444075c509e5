//! The truth behind a preset's stream, as the page draws it, and the
//! teacher's hand that moves it mid-stream: the boundary of the separable,
//! overlapping, noisy-labels and drifting presets (a line: its normal's
//! angle and its offset), the regression line (slope and intercept), and
//! the centres of the multiclass clusters. A move applies to the samples
//! drawn after it, and to the clean held-out set drawn from then on.

use std::f64::consts::PI;

use super::{Concept, Stream};
use crate::data::{Preset, DRIFT_PERIOD};
use crate::error::{Error, Result};

/// How far a moved boundary, line or centre may go: the plane's view.
pub const REACH: f64 = 1.5;
/// The steepest regression line a move may make.
pub const MAX_SLOPE: f64 = 5.0;

/// The concept as it is now.
#[derive(Clone, Debug, PartialEq)]
pub enum Truth {
    /// The class boundary cos(angle)·x + sin(angle)·y + offset = 0; class
    /// +1 where that is positive.
    Line { angle: f64, offset: f64 },
    /// The regression line y = slope·x + intercept.
    Fit { slope: f64, intercept: f64 },
    /// The centre of each class's cluster, in class order.
    Centres { centres: Vec<[f64; 2]> },
}

/// A move of the concept by hand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ConceptMove {
    /// A boundary's new angle and offset (classification), or a regression
    /// line's new slope and intercept.
    Line { a: f64, b: f64 },
    /// Class `class`'s cluster centred at (x, y) from now on.
    Centre { class: usize, x: f64, y: f64 },
}

impl Stream {
    /// The concept now; None for presets whose truth is not a line or
    /// class centres (XOR, circles, moons, spiral, regression-nd).
    pub fn truth(&self) -> Option<Truth> {
        let c = &self.concept;
        match self.config.preset {
            Preset::Separable => Some(Truth::Line {
                angle: c.angle,
                offset: c.offset,
            }),
            Preset::Overlapping | Preset::NoisyLabels => Some(Truth::Line {
                angle: c.angle,
                offset: c.shift,
            }),
            Preset::Drift => Some(Truth::Line {
                angle: drift_angle(c.angle, self.drawn),
                offset: c.shift,
            }),
            Preset::Regression1d => Some(Truth::Fit {
                slope: c.weights[0],
                intercept: 0.5 * c.offset,
            }),
            Preset::ThreeClasses | Preset::FourClasses => Some(Truth::Centres {
                centres: (0..self.config.preset.classes())
                    .map(|k| c.centre(self.config.preset, k))
                    .collect(),
            }),
            Preset::Xor
            | Preset::Circles
            | Preset::Moons
            | Preset::Spiral
            | Preset::RegressionNd => None,
        }
    }

    /// Moves the concept for the samples still to come; a move that does
    /// not fit the preset, or leaves the view, is refused with the reason.
    pub fn move_concept(&mut self, moved: ConceptMove) -> Result<()> {
        let preset = self.config.preset;
        let Some(truth) = self.truth() else {
            return Err(Error::Mismatch(format!(
                "the preset {} has no concept to move by hand (only a boundary, the regression line or class centres)",
                preset.name()
            ).into()));
        };
        let c = &mut self.concept;
        match (truth, moved) {
            (Truth::Line { .. }, ConceptMove::Line { a, b }) => {
                finite("angle", a)?;
                within("offset", b, REACH, IN_VIEW)?;
                match preset {
                    Preset::Separable => (c.angle, c.offset) = (a, b),
                    Preset::Drift => {
                        // The boundary turns on from the moved angle.
                        c.angle = a - drift_angle(0.0, self.drawn);
                        c.shift = b;
                    }
                    _ => (c.angle, c.shift) = (a, b),
                }
            }
            (Truth::Fit { .. }, ConceptMove::Line { a, b }) => {
                within("slope", a, MAX_SLOPE, "between -5 and 5")?;
                within("intercept", b, REACH, IN_VIEW)?;
                c.weights[0] = a;
                c.offset = 2.0 * b;
            }
            (Truth::Centres { centres }, ConceptMove::Centre { class, x, y }) => {
                if class >= centres.len() {
                    return Err(Error::setting(
                        "class",
                        "one of the preset's classes",
                        class as f64 + 1.0,
                    ));
                }
                within("x", x, REACH, IN_VIEW)?;
                within("y", y, REACH, IN_VIEW)?;
                let mut centres = centres;
                centres[class] = [x, y];
                c.centres = Some(centres);
            }
            (truth, moved) => {
                return Err(Error::Mismatch(
                    format!(
                        "the preset {} moves by {}, not by {}",
                        preset.name(),
                        match truth {
                            Truth::Centres { .. } => "a class centre",
                            _ => "its line",
                        },
                        match moved {
                            ConceptMove::Centre { .. } => "a class centre",
                            ConceptMove::Line { .. } => "a line",
                        }
                    )
                    .into(),
                ))
            }
        }
        Ok(())
    }
}

impl Concept {
    /// Class `k`'s cluster centre (the multiclass presets).
    pub(super) fn centre(&self, preset: Preset, k: usize) -> [f64; 2] {
        if let Some(centres) = &self.centres {
            return centres[k];
        }
        let (classes, distance) = match preset {
            Preset::ThreeClasses => (3, 0.55),
            _ => (4, 0.6),
        };
        let a = self.angle + 2.0 * PI * k as f64 / classes as f64;
        [distance * libm::cos(a), distance * libm::sin(a)]
    }
}

/// The drifting boundary's angle after `t` samples.
pub(super) fn drift_angle(start: f64, t: u64) -> f64 {
    start + 2.0 * PI * (t as f64) / DRIFT_PERIOD
}

const IN_VIEW: &str = "between -1.5 and 1.5";

fn finite(name: &'static str, v: f64) -> Result<()> {
    if v.is_finite() {
        Ok(())
    } else {
        Err(Error::setting(name, "a finite number", v))
    }
}

fn within(name: &'static str, v: f64, reach: f64, range: &'static str) -> Result<()> {
    if v.is_finite() && v.abs() <= reach {
        Ok(())
    } else {
        Err(Error::setting(name, range, v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::StreamConfig;
    use crate::features::Features;

    fn stream(preset: Preset) -> Stream {
        Stream::new(StreamConfig::new(preset, 21)).unwrap()
    }

    fn rows(data: &crate::data::Dataset) -> Vec<([f64; 2], f64)> {
        (0..data.len())
            .map(|i| match data.row(i) {
                Features::Dense(x) => ([x[0], x.get(1).copied().unwrap_or(0.0)], data.label(i)),
                Features::Sparse(_) => unreachable!(),
            })
            .collect()
    }

    #[test]
    fn a_move_to_where_the_concept_is_changes_no_sample() {
        for preset in Preset::ALL {
            let mut moved = stream(preset);
            let mut kept = stream(preset);
            moved.take(300);
            kept.take(300);
            match moved.truth() {
                Some(Truth::Line { angle, offset }) if preset != Preset::Drift => moved
                    .move_concept(ConceptMove::Line {
                        a: angle,
                        b: offset,
                    })
                    .unwrap(),
                Some(Truth::Fit { slope, intercept }) => moved
                    .move_concept(ConceptMove::Line {
                        a: slope,
                        b: intercept,
                    })
                    .unwrap(),
                Some(Truth::Centres { centres }) => {
                    let [x, y] = centres[1];
                    moved
                        .move_concept(ConceptMove::Centre { class: 1, x, y })
                        .unwrap()
                }
                _ => continue,
            }
            assert_eq!(moved.take(500), kept.take(500), "{preset}");
        }
    }

    #[test]
    fn samples_after_a_turn_follow_the_new_boundary() {
        for preset in [Preset::Separable, Preset::Drift, Preset::Overlapping] {
            let mut s = stream(preset);
            s.take(100);
            let (a, b) = (1.0, 0.2);
            s.move_concept(ConceptMove::Line { a, b }).unwrap();
            let Some(Truth::Line { angle, offset }) = s.truth() else {
                panic!("{preset}: a line")
            };
            assert!(
                (angle - a).abs() < 1e-12 && offset == b,
                "{preset}: {angle} {offset}"
            );
            // The drifting boundary goes on turning (7° in 40 samples).
            let n = if preset == Preset::Drift { 40 } else { 400 };
            let data = s.take(n);
            let agree = rows(&data)
                .iter()
                .filter(|([x, y], label)| {
                    let f = libm::cos(a) * x + libm::sin(a) * y + b;
                    (f >= 0.0) == (*label > 0.0)
                })
                .count();
            let least = if preset == Preset::Overlapping {
                0.82
            } else {
                0.9
            };
            assert!(
                agree as f64 >= least * n as f64,
                "{preset}: {agree} of {n} on the moved side"
            );
        }
    }

    #[test]
    fn a_moved_centre_draws_its_class_there_and_a_moved_line_its_targets() {
        let mut s = stream(Preset::FourClasses);
        s.move_concept(ConceptMove::Centre {
            class: 2,
            x: -1.0,
            y: 1.0,
        })
        .unwrap();
        let class3: Vec<[f64; 2]> = rows(&s.take(2000))
            .into_iter()
            .filter(|(_, label)| crate::data::class_index(*label) == Some(2))
            .map(|(x, _)| x)
            .collect();
        let mean = |k: usize| class3.iter().map(|x| x[k]).sum::<f64>() / class3.len() as f64;
        assert!(
            (mean(0) + 1.0).abs() < 0.05 && (mean(1) - 1.0).abs() < 0.05,
            "{} {}",
            mean(0),
            mean(1)
        );

        let mut s = stream(Preset::Regression1d);
        s.move_concept(ConceptMove::Line { a: 2.0, b: -0.5 })
            .unwrap();
        let residual = rows(&s.take(1000))
            .iter()
            .map(|([x, _], y)| (y - (2.0 * x - 0.5)).abs())
            .sum::<f64>()
            / 1000.0;
        assert!(
            residual < 0.1,
            "mean residual {residual} off the moved line"
        );
    }

    #[test]
    fn moves_that_do_not_fit_are_refused_and_change_nothing() {
        let mut xor = stream(Preset::Xor);
        let err = xor
            .move_concept(ConceptMove::Line { a: 0.0, b: 0.0 })
            .unwrap_err();
        assert!(err.to_string().contains("xor"), "{err}");
        let mut s = stream(Preset::Separable);
        let before = s.truth();
        for bad in [
            ConceptMove::Line { a: 0.0, b: 2.0 },
            ConceptMove::Line {
                a: f64::NAN,
                b: 0.0,
            },
            ConceptMove::Centre {
                class: 0,
                x: 0.0,
                y: 0.0,
            },
        ] {
            assert!(s.move_concept(bad).is_err(), "{bad:?}");
        }
        assert_eq!(s.truth(), before);
        let mut s = stream(Preset::ThreeClasses);
        let err = s
            .move_concept(ConceptMove::Centre {
                class: 3,
                x: 0.0,
                y: 0.0,
            })
            .unwrap_err();
        assert!(err.to_string().contains("class"), "{err}");
        let err = stream(Preset::Regression1d)
            .move_concept(ConceptMove::Line { a: 9.0, b: 0.0 })
            .unwrap_err();
        assert!(err.to_string().contains("between -5 and 5"), "{err}");
    }
}
