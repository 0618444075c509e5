//! BSGD's merging of two support vectors (Wang, Crammer & Vucetic, JMLR 13,
//! 2012, Section 6.3), for the Gaussian kernel k(x, x′) = e^(−‖x − x′‖²/2σ²).
//!
//! αₘΦ(xₘ) + αₙΦ(xₙ) is replaced by α_z Φ(z), z = h xₘ + (1 − h) xₙ on
//! the line through them (Eq. 6.7), h maximising (6.6):
//!
//! f(h) = r k^((1−h)²) + (1 − r) k^(h²),  r = αₘ/(αₘ + αₙ),  k = k(xₘ, xₙ),
//!
//! then α_z = αₘ k(xₘ, z) + αₙ k(xₙ, z) = αₘ k^((1−h)²) + αₙ k^(h²), and
//! the weight degradation (6.8) is ‖αₘΦ(xₘ) + αₙΦ(xₙ) − α_zΦ(z)‖² =
//! αₘ² + αₙ² + 2αₘαₙk − α_z² (k(x, x) = 1).
//!
//! The paper asks for "any efficient line search (e.g. the golden
//! search)". Ours: f′ changes sign between 0 and 1 when 0 ≤ r ≤ 1 and
//! between 1 and r when r > 1 (r < 0 is the same problem with the two
//! swapped, h ↔ 1 − h), so a golden-section search over [0, max(1, r)] to
//! 1/1000 of that bracket, then up to four Newton steps on f′(h) = 0
//! (kept while f″ < 0 and h stays in the bracket), which settle h to
//! rounding, so two implementations agree past the search's tolerance.
//! scripts/reference/bsgd_silk.py runs the same search.

/// The golden ratio's conjugate, (√5 − 1)/2.
const GOLDEN: f64 = 0.618_033_988_749_894_9;

/// The golden-section search stops at this fraction of its bracket.
const BRACKET_SHARE: f64 = 1e-3;

/// One merge: the point z = h xₘ + (1 − h) xₙ, z's coefficient and the
/// weight degradation ‖Δ‖².
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Merge {
    pub h: f64,
    pub alpha: f64,
    pub degradation: f64,
}

/// The best merge of αₘ at xₘ and αₙ at xₙ, `c` = ‖xₘ − xₙ‖²/2σ² (so
/// k(xₘ, xₙ) = e^(−c)); None when αₘ + αₙ = 0 (r is undefined: the
/// paper's merging assumes αₘ + αₙ ≠ 0).
pub fn merge(am: f64, an: f64, c: f64) -> Option<Merge> {
    let sum = am + an;
    if sum == 0.0 {
        return None;
    }
    let r = am / sum;
    let h = if r < 0.0 {
        1.0 - best_h(1.0 - r, c)
    } else {
        best_h(r, c)
    };
    let alpha = am * (-c * (1.0 - h) * (1.0 - h)).exp_m() + an * (-c * h * h).exp_m();
    let degradation = am * am + an * an + 2.0 * am * an * (-c).exp_m() - alpha * alpha;
    Some(Merge {
        h,
        alpha,
        degradation,
    })
}

/// A lower bound on the weight degradation of merging αₘ and αₙ at
/// k(xₘ, xₙ) = e^(−c), for any h: (1 − h)² + h² ≥ ½, so z's two kernel
/// values u, v ≤ 1 have uv ≤ q = e^(−c/2), and the most of s u + t v
/// (s ≥ t ≥ 0) on that set is s + t q: |α_z| ≤ max(|αₘ|, |αₙ|) +
/// min(|αₘ|, |αₙ|) q. It lets BSGD skip the line search of a partner that
/// cannot beat the best found (a pruning that never changes which partner
/// wins).
pub fn least_degradation(am: f64, an: f64, c: f64) -> f64 {
    let q = (-c / 2.0).exp_m();
    let k = q * q;
    let (big, small) = (am.abs().max(an.abs()), am.abs().min(an.abs()));
    let most = big + small * q;
    am * am + an * an + 2.0 * am * an * k - most * most
}

/// libm's exp: the same bits natively and in wasm (see KernelSpec).
trait ExpM {
    fn exp_m(self) -> f64;
}

impl ExpM for f64 {
    #[inline]
    fn exp_m(self) -> f64 {
        libm::exp(self)
    }
}

/// The h that maximises r e^(−c(1−h)²) + (1 − r) e^(−ch²), for r ≥ 0.
fn best_h(r: f64, c: f64) -> f64 {
    let f = |h: f64| r * (-c * (1.0 - h) * (1.0 - h)).exp_m() + (1.0 - r) * (-c * h * h).exp_m();
    let (low, high) = (0.0, r.max(1.0));
    let (mut a, mut b) = (low, high);
    let tolerance = BRACKET_SHARE * (high - low);
    let mut p = b - GOLDEN * (b - a);
    let mut q = a + GOLDEN * (b - a);
    let (mut fp, mut fq) = (f(p), f(q));
    while b - a >= tolerance {
        // Maximising: keep the side of the larger value (ties keep the left).
        if fp >= fq {
            b = q;
            q = p;
            fq = fp;
            p = b - GOLDEN * (b - a);
            fp = f(p);
        } else {
            a = p;
            p = q;
            fp = fq;
            q = a + GOLDEN * (b - a);
            fq = f(q);
        }
    }
    let mut h = (a + b) / 2.0;
    for _ in 0..4 {
        let (u, v) = ((-c * (1.0 - h) * (1.0 - h)).exp_m(), (-c * h * h).exp_m());
        let slope = 2.0 * c * (r * (1.0 - h) * u - (1.0 - r) * h * v);
        let curve = r * u * (4.0 * c * c * (1.0 - h) * (1.0 - h) - 2.0 * c)
            + (1.0 - r) * v * (4.0 * c * c * h * h - 2.0 * c);
        if !(curve < 0.0) {
            break;
        }
        let next = h - slope / curve;
        if !(low..=high).contains(&next) {
            break;
        }
        h = next;
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_merge_keeps_the_function_when_the_points_coincide() {
        let m = merge(0.3, 0.5, 0.0).unwrap();
        assert_eq!(m.alpha, 0.8);
        assert!(m.degradation.abs() < 1e-15);
    }

    #[test]
    fn h_is_a_maximum_of_the_papers_objective() {
        for (am, an, c) in [
            (1.0, 1.0, 0.3),
            (1.0, 3.0, 2.0),
            (2.0, -0.5, 0.7),
            (-0.4, 1.0, 0.1),
        ] {
            let m = merge(am, an, c).unwrap();
            let r = am / (am + an);
            let f =
                |h: f64| r * (-c * (1.0 - h) * (1.0f64 - h)).exp() + (1.0 - r) * (-c * h * h).exp();
            for d in [1e-4, -1e-4] {
                assert!(f(m.h) >= f(m.h + d), "{am} {an} {c}: h = {}", m.h);
            }
            // Equal coefficients merge half way.
            if am == an {
                assert!((m.h - 0.5).abs() < 1e-12);
            }
            assert!(m.degradation >= -1e-12);
        }
        assert_eq!(merge(1.0, -1.0, 0.5), None);
    }

    #[test]
    fn the_bound_never_exceeds_a_merges_degradation() {
        let values = [-3.0, -1.0, -0.2, 0.1, 0.5, 1.0, 2.5];
        for am in values {
            for an in values {
                for c in [0.0, 0.01, 0.3, 1.0, 4.0, 30.0] {
                    if let Some(m) = merge(am, an, c) {
                        let bound = least_degradation(am, an, c);
                        assert!(
                            bound <= m.degradation + 1e-12,
                            "{am} {an} {c}: {bound} > {}",
                            m.degradation
                        );
                    }
                }
            }
        }
    }
}
