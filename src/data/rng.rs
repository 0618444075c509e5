//! Randomness: rand's API (`SeedableRng`, `Rng`, `SliceRandom`) over
//! rand_xoshiro's xoshiro256**, seeded by SplitMix64 (`seed_from_u64`).
//! Every draw gives the same bits on every target, so a seeded stream is
//! the same in the page and on the command line: `tests/streams.rs`
//! (native) and `tests/wasm.rs` (wasm32) check the same digests.
//!
//! One draw is our own: the Gaussian. rand_distr's `Normal` takes its
//! `ln`/`exp` from the C library or from libm, depending on which crate in
//! the build turns on num-traits' `std` (criterion does), so native and
//! wasm would no longer agree by construction; [`normal`] is Box-Muller
//! through the pure-Rust `libm`, which computes the same bits everywhere.

pub use rand::seq::SliceRandom;
pub use rand::{Rng as _, SeedableRng};

/// The project's generator (not for cryptography).
pub type Rng = rand_xoshiro::Xoshiro256StarStar;

/// A generator seeded by `seed`.
pub fn seeded(seed: u64) -> Rng {
    Rng::seed_from_u64(seed)
}

/// An independent generator for a named purpose (test set, shuffles...).
pub fn derived(seed: u64, purpose: u64) -> Rng {
    seeded(seed ^ purpose.wrapping_mul(0xD6E8_FEB8_6659_FD93))
}

/// A standard normal draw, N(0, 1), by Box-Muller on two uniforms.
pub fn normal(rng: &mut Rng) -> f64 {
    use rand::Rng as _;
    // 1 - u is in (0, 1], so the log is finite.
    let u1 = 1.0 - rng.random::<f64>();
    let u2 = rng.random::<f64>();
    // sqrt is IEEE's correctly rounded f64.sqrt on every target (one wasm
    // instruction), so std's gives libm's bits; libm's own is a software
    // loop of 0.5 KB in the page's module.
    (-2.0 * libm::log(u1)).sqrt() * libm::cos(2.0 * std::f64::consts::PI * u2)
}

/// True with probability `p`, clamped to [0, 1]: rand's `Bernoulli`.
/// Not `Rng::random_bool`, whose panic message formats `p` with `{:?}` and
/// so links core's float formatting (12 KB gzip) into the page's module.
pub fn chance(rng: &mut Rng, p: f64) -> bool {
    use rand::Rng as _;
    let p = if p.is_nan() { 0.0 } else { p.clamp(0.0, 1.0) };
    match rand::distr::Bernoulli::new(p) {
        Ok(bernoulli) => rng.sample(bernoulli),
        Err(_) => unreachable!("p is within [0, 1]"),
    }
}

/// A uniform index in 0..n (n ≥ 1) from one uniform draw u: ⌊u n⌋. Not
/// `random_range`, so that a transcription fed the same u (a port of the
/// generator and of rand's f64, scripts/reference/relatives.py) picks the
/// same index; the bias of ⌊u n⌋ is below n / 2^53.
pub fn index(rng: &mut Rng, n: usize) -> usize {
    use rand::Rng as _;
    ((rng.random::<f64>() * n as f64) as usize).min(n - 1)
}

/// A random permutation of 0..n.
pub fn permutation(rng: &mut Rng, n: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    order.shuffle(rng);
    order
}

/// A seed drawn from the operating system or the browser (getrandom), for
/// "a new seed": kept under 2^53 so that JavaScript and links hold it exactly.
pub fn fresh_seed() -> Result<u64, getrandom::Error> {
    Ok(getrandom::u64()? >> 11)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_numbers_different_seed_different_numbers() {
        let draw = |seed| {
            let mut rng = seeded(seed);
            (0..5).map(|_| rng.random::<u64>()).collect::<Vec<_>>()
        };
        assert_eq!(draw(7), draw(7));
        assert_ne!(draw(7), draw(8));
    }

    #[test]
    fn seeding_is_splitmix64_as_before() {
        // The first output of xoshiro256** seeded by SplitMix64(0): the
        // generator our links were made with before rand, unchanged.
        assert_eq!(seeded(0).random::<u64>(), 0x99ec_5f36_cb75_f2b4);
    }

    #[test]
    fn normal_has_mean_zero_and_unit_variance() {
        let mut rng = seeded(3);
        let draws: Vec<f64> = (0..20_000).map(|_| normal(&mut rng)).collect();
        let mean = draws.iter().sum::<f64>() / draws.len() as f64;
        let var = draws.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / draws.len() as f64;
        assert!(mean.abs() < 0.03, "{mean}");
        assert!((var - 1.0).abs() < 0.05, "{var}");
    }

    #[test]
    fn permutations_hold_every_index_once() {
        let mut p = permutation(&mut seeded(5), 100);
        assert_ne!(p, (0..100).collect::<Vec<_>>());
        p.sort_unstable();
        assert_eq!(p, (0..100).collect::<Vec<_>>());
    }

    #[test]
    fn fresh_seeds_differ_and_fit_in_a_double() {
        let (a, b) = (fresh_seed().unwrap(), fresh_seed().unwrap());
        assert_ne!(a, b);
        assert!(a < 1 << 53 && b < 1 << 53);
    }
}
