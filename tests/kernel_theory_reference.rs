//! The kernel theory layer's comparators against solvers independent of
//! ours (tests/fixtures/kernel_theory_reference.json, written by
//! scripts/reference/kernel_theory.py on the Gram matrix's eigenvectors
//! as explicit features: HiGHS for separability, NNLS and SLSQP for the
//! hard margin, liblinear and L-BFGS-B for the soft margins). Separability,
//! γ* and the soft-margin minima must agree to 1e-6, for a Gaussian and a
//! polynomial kernel, on sets separable in the feature space and not.

use std::path::{Path, PathBuf};

use onlinelearn::data::{read_csv, CsvOptions};
use onlinelearn::theory::kernel::{KernelReport, KernelTheory};
use onlinelearn::{Algorithm, Dataset, Settings, Update};
use serde_json::Value;

const TOLERANCE: f64 = 1e-6;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn load(name: &str) -> Dataset {
    read_csv(&fixtures().join(name), &CsvOptions::default())
        .unwrap()
        .data
}

/// The learner's settings for a case's kernel at C.
fn settings(kernel: &Value, c: f64) -> Settings {
    let mut s = Settings {
        c,
        ..Settings::default()
    };
    let kind = kernel["kind"].as_str().unwrap();
    s.set("kernel", kind).unwrap();
    if kind == "gaussian" {
        s.set("sigma", &kernel["sigma"].to_string()).unwrap();
    } else {
        s.set("degree", &kernel["degree"].to_string()).unwrap();
        s.set("offset", &kernel["offset"].to_string()).unwrap();
    }
    s
}

/// Every sample seen once (the comparators do not read the updates).
fn theory(algorithm: Algorithm, data: &Dataset, settings: &Settings) -> KernelReport {
    let mut theory = KernelTheory::new(algorithm, settings).unwrap();
    for i in 0..data.len() {
        theory
            .learned(data.row(i), data.label(i), &Update::default())
            .unwrap();
    }
    theory.report()
}

fn close(got: f64, want: f64, what: &str) {
    assert!(
        (got - want).abs() <= TOLERANCE * want.abs().max(1.0),
        "{what}: {got} vs {want}"
    );
}

fn reference() -> Value {
    let path = fixtures().join("kernel_theory_reference.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn separability_margins_and_soft_margin_optima_agree_with_the_reference() {
    let reference = reference();
    let cases = reference["cases"].as_array().unwrap();
    assert!(cases.len() >= 6);
    let (mut separable, mut not) = (0, 0);
    for case in cases {
        let data = load(case["data"].as_str().unwrap());
        let what = format!("{} {}", case["data"], case["kernel"]);
        for (i, (hinge, squared)) in case["hinge"]
            .as_array()
            .unwrap()
            .iter()
            .zip(case["squared_hinge"].as_array().unwrap())
            .enumerate()
        {
            let c = hinge["c"].as_f64().unwrap();
            let s = settings(&case["kernel"], c);
            let pa1 = theory(Algorithm::KernelPa1, &data, &s);
            let pa2 = theory(Algorithm::KernelPa2, &data, &s);
            assert_eq!(
                pa1.separable,
                case["separable"].as_bool().unwrap(),
                "{what}"
            );
            assert!(pa1.hinge_best.converged && pa2.squared_hinge_best.as_ref().unwrap().converged);
            close(
                pa1.hinge_best.value,
                hinge["value"].as_f64().unwrap(),
                &format!("{what} hinge C = {c}"),
            );
            let got = pa2.squared_hinge_best.unwrap().value;
            close(
                got,
                squared["value"].as_f64().unwrap(),
                &format!("{what} squared hinge C = {c}"),
            );
            if i > 0 {
                continue;
            }
            if pa1.separable {
                separable += 1;
                close(
                    pa1.margin.unwrap(),
                    case["margin"].as_f64().unwrap(),
                    &format!("{what} γ*"),
                );
            } else {
                not += 1;
                assert!(
                    pa1.margin.is_none() && pa1.settled == "not-separable",
                    "{what}"
                );
            }
            assert!(pa1.space.contains("feature space of the"), "{}", pa1.space);
        }
    }
    assert!(
        separable >= 2 && not >= 2,
        "both kinds of set: {separable} {not}"
    );
}

/// The Gram rows' cache, measured: the kernel values computed for the
/// whole theory of 160 points (320 for the numbers in src/theory/kernel/gram.rs) with rows cached and with none kept (no
/// time limit: it prints the counts and the times, and checks that the
/// cache computes fewer values and gets the same answer).
#[test]
fn the_gram_cache_computes_fewer_kernel_values_for_the_same_answer() {
    let data = load("kernel_theory_noisy.csv");
    let s = settings(&serde_json::json!({"kind": "gaussian", "sigma": 0.5}), 1.0);
    let run = |cap: Option<usize>| {
        let mut theory = KernelTheory::new(Algorithm::KernelPerceptron, &s).unwrap();
        if let Some(cap) = cap {
            theory = theory.with_gram_cap(cap);
        }
        for pass in 0..4 {
            for i in 0..data.len() {
                // Shifted copies: 160 distinct points.
                let x = data.row(i);
                let mut v = vec![0.0; 2];
                x.for_each_nonzero(|j, value| v[j] = value + pass as f64 * 0.01);
                theory
                    .learned(
                        onlinelearn::Features::Dense(&v),
                        data.label(i),
                        &Update::default(),
                    )
                    .unwrap();
            }
        }
        let clock = std::time::Instant::now();
        let report = theory.report();
        (
            report,
            theory.kernel_values(),
            clock.elapsed().as_secs_f64(),
        )
    };
    let (cached, cached_values, cached_seconds) = run(None);
    let (uncached, uncached_values, uncached_seconds) = run(Some(0));
    println!(
        "cached: {cached_values} kernel values, {cached_seconds:.3} s; none kept: {uncached_values} kernel values, {uncached_seconds:.3} s"
    );
    assert!(
        cached_values * 4 < uncached_values,
        "{cached_values} vs {uncached_values}"
    );
    close(
        cached.hinge_best.value,
        uncached.hinge_best.value,
        "the same optimum",
    );
    assert_eq!(cached.separable, uncached.separable);
}

/// The page solves in slices between frames: a solve run a few steps at a
/// time, with rounds recorded meanwhile (they wait and join when it
/// ends), gives the same report as one call over the same rounds.
#[test]
fn a_solve_in_slices_equals_one_call() {
    let data = load("kernel_theory_xor.csv");
    let s = settings(&serde_json::json!({"kind": "gaussian", "sigma": 0.5}), 1.0);
    let mut sliced = KernelTheory::new(Algorithm::KernelPa2, &s).unwrap();
    let mut whole = KernelTheory::new(Algorithm::KernelPa2, &s).unwrap();
    let half = data.len() / 2;
    for i in 0..half {
        let (x, y) = (data.row(i), data.label(i));
        sliced.learned(x, y, &Update::default()).unwrap();
        whole.learned(x, y, &Update::default()).unwrap();
    }
    let (mut slices, mut report) = (0, None);
    let mut next = half;
    while report.is_none() {
        report = sliced.solve_some(&mut 7);
        slices += 1;
        if next < data.len() && report.is_none() {
            // A round recorded mid-solve waits for it.
            sliced
                .learned(data.row(next), data.label(next), &Update::default())
                .unwrap();
            next += 1;
        }
    }
    assert!(slices > 10, "{slices} slices");
    let report = report.unwrap();
    assert_eq!(report, whole.report(), "the report over the first half");
    // The waiting rounds joined: the next solve covers them too.
    assert_eq!(sliced.rounds().0, next as u64);
    for i in half..next {
        whole
            .learned(data.row(i), data.label(i), &Update::default())
            .unwrap();
    }
    let (a, b) = (sliced.report(), whole.report());
    assert_eq!(a.rounds, b.rounds);
    close(
        a.hinge_best.value,
        b.hinge_best.value,
        "warm and cold optima",
    );
    close(
        a.squared_hinge_best.unwrap().value,
        b.squared_hinge_best.unwrap().value,
        "squared",
    );
    assert_eq!(a.separable, b.separable);
}

/// A copy (the page's timeline keeps copies of its session) starts with no
/// Gram rows cached, and goes on to the same answer, exactly.
#[test]
fn a_copy_recomputes_its_gram_rows_to_the_same_answer() {
    let data = load("kernel_theory_ring.csv");
    let s = settings(
        &serde_json::json!({"kind": "polynomial", "degree": 2, "offset": 1.0}),
        1.0,
    );
    let mut original = KernelTheory::new(Algorithm::KernelPa1, &s).unwrap();
    for i in 0..20 {
        original
            .learned(data.row(i), data.label(i), &Update::default())
            .unwrap();
    }
    original.report();
    let mut copy = original.clone();
    assert_eq!(copy.kernel_values(), 0, "no rows copied");
    for i in 20..data.len() {
        for t in [&mut original, &mut copy] {
            t.learned(data.row(i), data.label(i), &Update::default())
                .unwrap();
        }
    }
    assert_eq!(original.report(), copy.report());
}
