//! A small seeded random generator that gives the same numbers on every
//! platform: xoshiro256** seeded by SplitMix64, with the Gaussian drawn by
//! Box-Muller through the pure-Rust `libm` (native `ln`/`cos` come from the
//! system C library and may differ from wasm's in the last bit, which would
//! make a seeded stream differ between the command line and the page).

/// A deterministic pseudo-random generator (not for cryptography).
#[derive(Clone, Debug)]
pub struct Rng {
    state: [u64; 4],
    spare_normal: Option<f64>,
}

impl Rng {
    pub fn new(seed: u64) -> Self {
        let mut sm = seed;
        let mut next = || {
            sm = sm.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = sm;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        Self {
            state: [next(), next(), next(), next()],
            spare_normal: None,
        }
    }

    /// An independent generator for a named purpose (test set, shuffles...).
    pub fn derive(seed: u64, purpose: u64) -> Self {
        Self::new(seed ^ purpose.wrapping_mul(0xD6E8_FEB8_6659_FD93))
    }

    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.state;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// Uniform in [0, 1), 53 random bits.
    pub fn uniform(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Uniform in [low, high).
    pub fn uniform_in(&mut self, low: f64, high: f64) -> f64 {
        low + (high - low) * self.uniform()
    }

    /// Uniform integer in 0..n (n > 0), without modulo bias.
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        let n = n as u64;
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let r = self.next_u64();
            if r < zone {
                return (r % n) as usize;
            }
        }
    }

    /// True with probability p.
    pub fn bernoulli(&mut self, p: f64) -> bool {
        self.uniform() < p
    }

    /// Standard normal N(0, 1).
    pub fn normal(&mut self) -> f64 {
        if let Some(z) = self.spare_normal.take() {
            return z;
        }
        // 1 - uniform() is in (0, 1], so the log is finite.
        let u1 = 1.0 - self.uniform();
        let u2 = self.uniform();
        let radius = libm::sqrt(-2.0 * libm::log(u1));
        let angle = 2.0 * std::f64::consts::PI * u2;
        self.spare_normal = Some(radius * libm::sin(angle));
        radius * libm::cos(angle)
    }

    /// Fisher-Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// A random permutation of 0..n.
    pub fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut order: Vec<usize> = (0..n).collect();
        self.shuffle(&mut order);
        order
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_numbers_different_seed_different_numbers() {
        let a: Vec<u64> = (0..5)
            .scan(Rng::new(7), |r, _| Some(r.next_u64()))
            .collect();
        let b: Vec<u64> = (0..5)
            .scan(Rng::new(7), |r, _| Some(r.next_u64()))
            .collect();
        let c: Vec<u64> = (0..5)
            .scan(Rng::new(8), |r, _| Some(r.next_u64()))
            .collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn moments_are_right() {
        let mut rng = Rng::new(1);
        let n = 200_000;
        let (mut sum, mut sq, mut usum) = (0.0, 0.0, 0.0);
        for _ in 0..n {
            let z = rng.normal();
            sum += z;
            sq += z * z;
            usum += rng.uniform();
        }
        let n = n as f64;
        assert!((sum / n).abs() < 0.01, "normal mean {}", sum / n);
        assert!((sq / n - 1.0).abs() < 0.02, "normal variance {}", sq / n);
        assert!((usum / n - 0.5).abs() < 0.005, "uniform mean {}", usum / n);
    }

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut rng = Rng::new(3);
        let mut seen = [0usize; 7];
        for _ in 0..7000 {
            seen[rng.below(7)] += 1;
        }
        assert!(seen.iter().all(|&count| count > 800), "{seen:?}");
        let mut order = rng.permutation(50);
        order.sort();
        assert_eq!(order, (0..50).collect::<Vec<_>>());
    }
}
