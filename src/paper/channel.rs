//! The paper's simulated data (its Section 4.1): "the same as [6]"
//! (Slavakis, Theodoridis & Yamada 2008), with x ∈ R⁴ and y ∈ {+1, −1}.
//! [6] is a nonlinear channel equalisation task, and neither the seed text
//! nor our sources give its numbers, so the channel below is stated, not
//! cited: it is the one of Slavakis & Theodoridis's APSM equalisation
//! experiments as we know it, and the README says so.
//!
//! Symbols s_n ∈ {+1, −1} go through a linear filter and a memoryless
//! nonlinearity, then Gaussian noise at `snr_db`:
//!   t_n = −0.8 s_n + 0.7 s_(n−1),   r_n = t_n + 0.25 t_n² + 0.11 t_n³ + noise.
//! The equaliser sees the last four received values,
//! x_n = (r_n, r_(n−1), r_(n−2), r_(n−3)), and classifies the symbol sent
//! `DELAY` steps earlier, y_n = s_(n−DELAY).

use crate::data::rng::normal;
use crate::data::{Dataset, Rng};
use rand::Rng as _;

/// The equaliser's window: x ∈ R⁴, as the paper says.
pub const WINDOW: usize = 4;
/// The symbol the equaliser decides on: sent two steps before the newest
/// received value, so that both of its echoes are in the window.
pub const DELAY: usize = 2;
/// Signal-to-noise ratio of the received signal, in dB.
pub const SNR_DB: f64 = 15.0;

/// `n` samples of a fresh channel realisation from `rng`.
pub fn samples(n: usize, rng: &mut Rng) -> Dataset {
    let warm_up = WINDOW.max(DELAY + 1);
    let total = n + warm_up;
    let symbols: Vec<f64> = (0..total)
        .map(|_| if rng.random::<f64>() < 0.5 { -1.0 } else { 1.0 })
        .collect();
    let clean: Vec<f64> = (0..total)
        .map(|i| {
            let previous = if i == 0 { 0.0 } else { symbols[i - 1] };
            let t = -0.8 * symbols[i] + 0.7 * previous;
            t + 0.25 * t * t + 0.11 * t * t * t
        })
        .collect();
    let power = clean.iter().map(|v| v * v).sum::<f64>() / total as f64;
    let noise_sd = (power / libm::pow(10.0, SNR_DB / 10.0)).sqrt();
    let received: Vec<f64> = clean.iter().map(|v| v + noise_sd * normal(rng)).collect();
    let mut values = Vec::with_capacity(n * WINDOW);
    let mut labels = Vec::with_capacity(n);
    for i in warm_up..total {
        values.extend((0..WINDOW).map(|k| received[i - k]));
        labels.push(symbols[i - DELAY]);
    }
    Dataset::from_dense(values, WINDOW, labels).expect("finite values and ±1 labels")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::rng::seeded;
    use crate::features::Features;

    fn value(data: &Dataset, i: usize, j: usize) -> f64 {
        match data.row(i) {
            Features::Dense(v) => v[j],
            Features::Sparse(_) => unreachable!("channel samples are dense"),
        }
    }

    #[test]
    fn four_features_balanced_labels_and_the_stated_noise() {
        let data = samples(20_000, &mut seeded(3));
        assert_eq!((data.len(), data.n_features()), (20_000, WINDOW));
        let positive = (0..data.len()).filter(|&i| data.label(i) == 1.0).count();
        assert!((9_500..10_500).contains(&positive), "{positive}");
        // Feature j is r_(n-j). The label s_(n-DELAY) reaches r_(n-DELAY)
        // through -0.8 s and r_(n-DELAY+1) through 0.7 s: both correlate
        // with it with the filter's signs; the other two do not.
        let corr = |j: usize| {
            (0..data.len())
                .map(|i| value(&data, i, j) * data.label(i))
                .sum::<f64>()
                / data.len() as f64
        };
        assert!(corr(DELAY) < -0.5, "{}", corr(DELAY));
        assert!(corr(DELAY - 1) > 0.3, "{}", corr(DELAY - 1));
        assert!(
            corr(0).abs() < 0.1 && corr(3).abs() < 0.1,
            "{} {}",
            corr(0),
            corr(3)
        );
        // Another realisation differs.
        assert_ne!(
            value(&samples(10, &mut seeded(4)), 0, 0),
            value(&data, 0, 0)
        );
    }
}
