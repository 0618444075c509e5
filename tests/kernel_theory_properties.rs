//! The kernel theory layer's invariant: no bound transcribed in a
//! feature space (Novikoff and Freund & Schapire for the kernel
//! perceptron; Crammer et al. 2006, Theorems 4 and 5, for kernel PA-I and
//! PA-II) is ever below what the learner did, over many seeds, presets,
//! kernels, C, budgets and passes; a bound whose learner removed support
//! vectors says why instead of giving a number; every number is finite.

use onlinelearn::theory::kernel::{KernelReport, KernelTheory};
use onlinelearn::theory::Reason;
use onlinelearn::{Algorithm, Preset, Settings};
use proptest::prelude::*;
use theory_run::{learn_and_record, presets};

mod theory_run;

const LEARNERS: [Algorithm; 3] = [
    Algorithm::KernelPerceptron,
    Algorithm::KernelPa1,
    Algorithm::KernelPa2,
];

/// Gaussian σ = 0.3, 1, 3; polynomial degree 2 and 3, offset 0 and 1.
fn kernel(settings: &mut Settings, which: usize) {
    let (kind, a, b) = [
        ("gaussian", "0.3", ""),
        ("gaussian", "1", ""),
        ("gaussian", "3", ""),
        ("polynomial", "2", "1"),
        ("polynomial", "3", "1"),
        ("polynomial", "2", "0"),
    ][which];
    settings.set("kernel", kind).unwrap();
    if kind == "gaussian" {
        settings.set("sigma", a).unwrap();
    } else {
        settings.set("degree", a).unwrap();
        settings.set("offset", b).unwrap();
    }
}

fn run(
    algorithm: Algorithm,
    settings: &Settings,
    preset: Preset,
    n: usize,
    passes: usize,
) -> KernelReport {
    let mut theory = KernelTheory::new(algorithm, settings).unwrap();
    let stream = (preset, settings.seed, n);
    learn_and_record(&mut theory, algorithm, settings, stream, passes);
    theory.report()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn no_kernel_bound_is_ever_below_what_the_learner_did(
        learner in 0..LEARNERS.len(),
        preset in 0..presets().len(),
        seed in 0u64..1_000_000,
        n in 5usize..120,
        which in 0..6usize,
        c in prop::sample::select(vec![0.01, 0.1, 1.0, 10.0]),
        budget in prop::sample::select(vec![None, Some(5u64), Some(40)]),
        passes in 1usize..3,
    ) {
        let algorithm = LEARNERS[learner];
        let mut settings = Settings { c, seed, budget, ..Settings::default() };
        kernel(&mut settings, which);
        let report = run(algorithm, &settings, presets()[preset], n, passes);
        prop_assert!(!report.bounds.is_empty());
        let mut numbers = vec![report.radius, report.hinge_best.value, report.regret.hinge];
        numbers.extend(report.margin);
        for b in &report.bounds {
            numbers.push(b.actual);
            numbers.extend(b.value);
            match b.value {
                Some(value) => prop_assert!(
                    b.actual <= value * (1.0 + 1e-9) + 1e-9,
                    "{}: {} > {} ({:?})", b.name, b.actual, value, report
                ),
                None => prop_assert!(b.reason.is_some(), "{:?}", b),
            }
            if report.removals > 0 {
                prop_assert_eq!(b.reason, Some(Reason::BudgetRemovals));
            }
        }
        prop_assert!(numbers.iter().all(|v| v.is_finite()), "{:?}", report);
        // The hinge minimiser's objective is at most the one at u = 0.
        prop_assert!(report.hinge_best.value <= report.hinge_best.c * report.rounds as f64 * (1.0 + 1e-12));
    }
}

#[test]
fn the_other_kernel_learners_say_why_they_have_no_bound_and_linear_ones_are_sent_back() {
    let settings = Settings::default();
    for &algorithm in Algorithm::ALL.iter().filter(|a| a.is_kernel()) {
        if LEARNERS.contains(&algorithm) {
            continue;
        }
        let report = run(algorithm, &settings, presets()[0], 30, 1);
        assert!(
            report
                .bounds
                .iter()
                .all(|b| b.reason == Some(Reason::NotTranscribed)),
            "{algorithm}"
        );
    }
    // The transcribed ones give numbers on a separable stream.
    let mut gaussian = Settings::default();
    kernel(&mut gaussian, 1);
    for algorithm in LEARNERS {
        let report = run(algorithm, &gaussian, presets()[0], 60, 2);
        assert!(
            report.bounds.iter().all(|b| b.value.is_some()),
            "{report:?}"
        );
    }
    let projectron = run(Algorithm::Projectron, &settings, presets()[0], 10, 1);
    assert!(projectron.bounds[0]
        .statement
        .contains("Orabona, Keshet & Caputo"));
    let err = KernelTheory::new(Algorithm::Perceptron, &settings).unwrap_err();
    assert!(
        err.to_string().contains("covers the kernel learners"),
        "{err}"
    );
}
