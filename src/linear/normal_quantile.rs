//! Φ⁻¹, the standard normal quantile, for SCW's φ = Φ⁻¹(η).
//!
//! Written here rather than taken from statrs: statrs is a native-only
//! dependency of this crate (the page's module does not carry it), and its
//! erfc_inv goes through std's exp and ln, which are glibc's natively and
//! libm's in wasm, so SCW's φ, and every update after it, could differ in
//! the last bits between the command line and the page. This uses the
//! `libm` crate only (the same code on both targets): Acklam's rational
//! approximation (relative error 1.15e-9), then one Halley step on
//! Φ(x) − p with libm's erfc, which brings it to within a few ulps
//! (checked against statrs below).

const A: [f64; 6] = [
    -3.969_683_028_665_376e1,
    2.209_460_984_245_205e2,
    -2.759_285_104_469_687e2,
    1.383_577_518_672_69e2,
    -3.066_479_806_614_716e1,
    2.506_628_277_459_239,
];
const B: [f64; 5] = [
    -5.447_609_879_822_406e1,
    1.615_858_368_580_409e2,
    -1.556_989_798_598_866e2,
    6.680_131_188_771_972e1,
    -1.328_068_155_288_572e1,
];
const C: [f64; 6] = [
    -7.784_894_002_430_293e-3,
    -3.223_964_580_411_365e-1,
    -2.400_758_277_161_838,
    -2.549_732_539_343_734,
    4.374_664_141_464_968,
    2.938_163_982_698_783,
];
const D: [f64; 4] = [
    7.784_695_709_041_462e-3,
    3.224_671_290_700_398e-1,
    2.445_134_137_142_996,
    3.754_408_661_907_416,
];
const P_LOW: f64 = 0.02425;

/// Φ⁻¹(p) for p in (0, 1); NaN outside.
pub fn normal_quantile(p: f64) -> f64 {
    if !(p > 0.0 && p < 1.0) {
        return f64::NAN;
    }
    let tail = |q: f64| {
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    };
    let x = if p < P_LOW {
        tail((-2.0 * libm::log(p)).sqrt())
    } else if p > 1.0 - P_LOW {
        -tail((-2.0 * libm::log(1.0 - p)).sqrt())
    } else {
        let q = p - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    };
    // One Halley step on Φ(x) − p.
    let e = 0.5 * libm::erfc(-x / std::f64::consts::SQRT_2) - p;
    let u = e * (2.0 * std::f64::consts::PI).sqrt() * libm::exp(x * x / 2.0);
    x - u / (1.0 + x * u / 2.0)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::normal_quantile;
    use statrs::distribution::{ContinuousCDF, Normal};

    #[test]
    fn agrees_with_statrs_across_the_range() {
        let normal = Normal::standard();
        for k in 1..1000 {
            let p = k as f64 / 1000.0;
            let (ours, theirs) = (normal_quantile(p), normal.inverse_cdf(p));
            assert!(
                (ours - theirs).abs() <= 4e-15 * theirs.abs().max(1.0),
                "p = {p}: {ours} vs {theirs}"
            );
        }
        // LIBOL's defaults for SCW-I and SCW-II, as MATLAB's norminv gives them.
        assert!((normal_quantile(0.75) - 0.674_489_750_196_081_7).abs() < 1e-15);
        assert!((normal_quantile(0.9) - 1.281_551_565_544_600_4).abs() < 1e-15);
        assert!(normal_quantile(1.0).is_nan() && normal_quantile(0.0).is_nan());
    }
}
