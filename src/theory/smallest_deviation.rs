//! Freund & Schapire's bound at its best γ: ((R + D)/γ)² is minimised
//! over γ for a direction u (a golden-section search over s = 1/γ). Both
//! the live theory and the frozen comparators evaluate it.

use super::samples::{Samples, Vector};

/// The smallest ((R + D)/γ)² over γ for the direction of `u` on every
/// sample seen, and that γ.
pub fn smallest(samples: &Samples, u: &Vector) -> Option<(f64, f64)> {
    let norm = u.squared_norm().sqrt();
    if !(norm > 0.0) {
        return None;
    }
    let margins: Vec<(f64, f64)> = samples
        .seen()
        .map(|i| (samples.margin(i, u) / norm, samples.weight(i) as f64))
        .collect();
    smallest_of(&margins, samples.radius(), samples.rounds())
}

/// The same from the margins of a unit u, each with its sample's count
/// (m_t, c_t), R and the rounds: the kernel theory's form, where u is
/// known only through its margins.
pub fn smallest_of(margins: &[(f64, f64)], radius: f64, rounds: u64) -> Option<(f64, f64)> {
    let rounds = rounds as f64;
    // √bound as a function of s = 1/γ.
    let root = |s: f64| {
        let deviation: f64 = margins
            .iter()
            .map(|&(m, c)| {
                let d = (1.0 - s * m).max(0.0);
                c * d * d
            })
            .sum();
        radius * s + deviation.sqrt()
    };
    if !(radius > 0.0) {
        return None;
    }
    let (mut lo, mut hi) = (0.0, rounds.sqrt() / radius);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (hi - ratio * (hi - lo), lo + ratio * (hi - lo));
    let (mut fa, mut fb) = (root(a), root(b));
    for _ in 0..200 {
        if fa <= fb {
            hi = b;
            (b, fb) = (a, fa);
            a = hi - ratio * (hi - lo);
            fa = root(a);
        } else {
            lo = a;
            (a, fa) = (b, fb);
            b = lo + ratio * (hi - lo);
            fb = root(b);
        }
    }
    let s = 0.5 * (lo + hi);
    let value = root(s);
    Some((value * value, 1.0 / s))
}
