//! One pass over LIBSVM a9a (32,561 sparse samples, Gaussian kernel
//! sigma = 1) by every kernel learner with its support set held near 200
//! vectors, and its time as a multiple of the budgeted kernel perceptron's
//! (the bound: at most 10x).
//!
//! Learners with a hard budget get B = 200. The others get the value of
//! their own size setting that gives about 200 vectors on a9a; the size
//! each actually reached is printed beside its ratio.
//!
//! cargo bench --bench kernel
//!
//! `KERNEL_BENCH=forgetron,nogd cargo bench --bench kernel` times only
//! those (beside the kernel perceptron, the reference).

use std::hint::black_box;
use std::time::{Duration, Instant};

use common::bench_pass;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use onlinelearn::eval::Progress;
use onlinelearn::{Algorithm, AnyLearner, Dataset, Key, Learner, Settings};

mod common;

const SIZE: u64 = 200;
const BOUND: f64 = 10.0;

/// Settings giving about 200 support vectors after one pass over a9a: the
/// budget where the learner takes one, else its own size setting (values
/// measured with `onlinelearn learn --json` on a9a).
fn settings(algorithm: Algorithm, n: usize) -> Settings {
    let mut s = Settings {
        horizon: Some(n as u64),
        ..Settings::default()
    };
    let with_budget = Settings {
        budget: Some(SIZE),
        ..s.clone()
    };
    if algorithm
        .settings_in_force(&with_budget)
        .contains(&Key::Budget)
    {
        return with_budget;
    }
    match algorithm {
        Algorithm::Apsm => s.dictionary = SIZE,
        Algorithm::Projectron | Algorithm::ProjectronPlus => s.eta = 1.0 - 5e-5,
        Algorithm::AldProjection => s.nu = 1.0 - 5e-5,
        Algorithm::Olru => {
            s.olru_a = 0.0;
            s.olru_c = 0.006;
        }
        Algorithm::Spa => s.spa_beta = 128.0,
        // No support vectors: D = 200 random features (400 weights).
        Algorithm::Fogd => s.fogd_d = SIZE,
        _ => {}
    }
    s
}

/// The settings each learner is timed with, by name: BSGD once per
/// budget maintenance (merging, its default, first).
fn variants(algorithm: Algorithm, n: usize) -> Vec<(String, Settings)> {
    let s = settings(algorithm, n);
    if algorithm != Algorithm::Bsgd {
        return vec![(algorithm.name().to_string(), s)];
    }
    ["merging", "removal", "projection"]
        .map(|m| {
            let mut s = s.clone();
            s.set("bsgd-maintenance", m).unwrap();
            (format!("bsgd ({m})"), s)
        })
        .into()
}

fn one_pass(algorithm: Algorithm, settings: &Settings, data: &Dataset) -> AnyLearner {
    let mut learner = AnyLearner::new(algorithm, settings).unwrap();
    learner.learn_batch(data, 0..data.len(), &mut Progress::default());
    learner
}

/// The median of five passes, in seconds.
fn median_seconds(algorithm: Algorithm, settings: &Settings, data: &Dataset) -> f64 {
    let mut times: Vec<f64> = (0..5)
        .map(|_| {
            let start = Instant::now();
            black_box(one_pass(algorithm, settings, data));
            start.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[2]
}

fn a9a(c: &mut Criterion) {
    let Some(data) = common::a9a() else {
        return;
    };
    let only = std::env::var("KERNEL_BENCH").unwrap_or_default();
    let kernel: Vec<Algorithm> = Algorithm::ALL
        .iter()
        .copied()
        .filter(|a| a.is_kernel())
        .filter(|a| only.is_empty() || only.split(',').any(|n| n == a.name()))
        .collect();

    // The ratios, measured back to back in this one run.
    let perceptron = settings(Algorithm::KernelPerceptron, data.len());
    let reference = median_seconds(Algorithm::KernelPerceptron, &perceptron, &data);
    eprintln!("\none pass over a9a, about {SIZE} support vectors; time / budgeted kernel perceptron (bound {BOUND}x):");
    for &algorithm in &kernel {
        for (name, settings) in variants(algorithm, data.len()) {
            let size = match algorithm {
                Algorithm::Fogd => format!("{SIZE} features"),
                _ => format!(
                    "{} vectors",
                    one_pass(algorithm, &settings, &data).support_size()
                ),
            };
            let seconds = median_seconds(algorithm, &settings, &data);
            let ratio = seconds / reference;
            let verdict = if ratio <= BOUND { "within" } else { "OVER" };
            eprintln!("  {name:<18} {size:>13} {seconds:>8.3} s {ratio:>6.1}x  {verdict}");
        }
    }

    let mut group = c.benchmark_group("a9a-kernel/about-200");
    group.throughput(Throughput::Elements(data.len() as u64));
    for &algorithm in &kernel {
        bench_pass(
            &mut group,
            algorithm,
            &settings(algorithm, data.len()),
            &data,
        );
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(3)).sample_size(10);
    targets = a9a
}
criterion_main!(benches);
