//! Properties of SILK and BSGD, issue 23's last two budgeted kernel
//! learners, on random streams: what their sources state of each rule.

use onlinelearn::settings::BsgdMaintenance;
use onlinelearn::{Algorithm, AnyLearner, Features, Learner, Settings};
use proptest::prelude::*;

mod kernel_streams;
use kernel_streams::{points, probe_scores};

fn learner(algorithm: Algorithm, settings: Settings) -> AnyLearner {
    AnyLearner::new(algorithm, &settings).unwrap()
}

fn coefficients(l: &AnyLearner) -> Vec<f64> {
    l.support_set().unwrap().coefficients().to_vec()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// With λ = 0 nothing shrinks (τ = 0) and the implicit step is PA-I's
    /// τ = min(C, ℓ/k(x, x)): unbudgeted SILK is kernel PA-I, to the bit.
    #[test]
    fn silk_without_regulariser_or_budget_is_kernel_pa1(stream in points(1..100), c in 0.05..2.0f64) {
        let silk = Settings { c, silk_lambda: 0.0, ..Settings::default() };
        let (mut silk, mut pa) = (learner(Algorithm::Silk, silk), learner(Algorithm::KernelPa1, Settings { c, ..Settings::default() }));
        for (x, y) in &stream {
            let (a, b) = (silk.learn_one(Features::Dense(x), *y), pa.learn_one(Features::Dense(x), *y));
            prop_assert_eq!(a.tau, b.tau);
        }
        prop_assert_eq!(probe_scores(&silk), probe_scores(&pa));
    }

    /// SILK's buffer holds at most B, and what leaves it is the smallest
    /// |α| of the B + 1 after the step: every survivor is at least as large.
    #[test]
    fn silk_drops_the_smallest_coefficient(stream in points(1..150), budget in 1u64..8, lambda in 0.0..0.5f64) {
        let mut l = learner(Algorithm::Silk, Settings { budget: Some(budget), silk_lambda: lambda, ..Settings::default() });
        for (x, y) in &stream {
            let u = l.learn_one(Features::Dense(x), *y);
            let set = l.support_set().unwrap();
            prop_assert!(set.len() <= budget as usize);
            if u.support.removed == 0 {
                continue;
            }
            let smallest = u.details.named().find(|(n, _)| *n == "smallest").unwrap().1;
            for a in set.coefficients() {
                prop_assert!(a.abs() >= smallest, "{} < {smallest}", a.abs());
            }
        }
    }

    /// BSGD keeps its budget under every maintenance; removal's and
    /// projection's weight degradation is the paper's: removal's the least
    /// ‖αⱼ‖² k(xⱼ, xⱼ) of the B + 1 (6.1), projection's never more (6.4).
    #[test]
    fn bsgd_keeps_its_budget_and_projection_degrades_no_more_than_removal(
        stream in points(1..150),
        budget in 1u64..8,
        lambda in 0.001..1.0f64,
        which in 0usize..3,
    ) {
        let maintenance = [BsgdMaintenance::Removal, BsgdMaintenance::Projection, BsgdMaintenance::Merging][which];
        let settings = Settings { budget: Some(budget), bsgd_lambda: lambda, bsgd_maintenance: maintenance, ..Settings::default() };
        let mut l = learner(Algorithm::Bsgd, settings);
        for (t, (x, y)) in stream.iter().enumerate() {
            let eta = 1.0 / (lambda * (t + 1) as f64);
            let before = coefficients(&l);
            let u = l.learn_one(Features::Dense(x), *y);
            prop_assert!(l.support_size() <= budget as usize);
            if u.support.removed == 0 {
                continue;
            }
            // The B + 1 after the step: the old set shrunk by 1 − ηλ, and x.
            let least = before
                .iter()
                .map(|a| a * (1.0 - eta * lambda))
                .chain([eta * y])
                .map(|a| a * a)
                .fold(f64::INFINITY, f64::min);
            let degradation = u.details.named().find(|(n, _)| *n == "degradation").unwrap().1;
            match maintenance {
                BsgdMaintenance::Removal => prop_assert!((degradation - least).abs() <= 1e-9 * least),
                BsgdMaintenance::Projection => prop_assert!(degradation <= least * (1.0 + 1e-9) && degradation >= -1e-9 * least),
                BsgdMaintenance::Merging => prop_assert!(degradation >= -1e-9 * (least + before.iter().map(|a| a * a).sum::<f64>())),
            }
        }
    }
}

/// Merging needs the Gaussian kernel; removal and projection take any.
#[test]
fn bsgd_refuses_merging_under_another_kernel() {
    let mut s = Settings {
        budget: Some(10),
        ..Settings::default()
    };
    s.set("kernel", "polynomial").unwrap();
    let err = AnyLearner::new(Algorithm::Bsgd, &s)
        .err()
        .unwrap()
        .to_string();
    assert_eq!(
        err,
        "BSGD merges only under the Gaussian kernel: choose removal or projection"
    );
    s.set("bsgd-maintenance", "projection").unwrap();
    assert!(AnyLearner::new(Algorithm::Bsgd, &s).is_ok());
    s.budget = None;
    s.set("bsgd-maintenance", "merging").unwrap();
    assert!(AnyLearner::new(Algorithm::Bsgd, &s).is_ok());
}
