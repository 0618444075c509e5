//! Learn throughput (samples per second) of every kernel learner on LIBSVM
//! a3a (3,185 sparse samples, Gaussian kernel sigma = 1), one pass, with the
//! support set held near 100 and near 500 vectors.
//!
//! Learners with a hard budget get B = 100 / 500. The others get the value of
//! their own knob that gives about that many vectors on a3a (from the paper
//! sweep in results/a3a-sigma1.txt); the size each actually reached is printed.
//!
//! cargo bench --bench kernel

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use onlinelearn::data::{read_libsvm, OnError};
use onlinelearn::eval::Progress;
use onlinelearn::{Algorithm, AnyLearner, Key, Learner, Settings, Task};

/// Settings giving about `size` support vectors on a3a: the budget where
/// the learner takes one, else the value of the setting that sets its size.
fn settings(algorithm: Algorithm, size: usize) -> Settings {
    let small = size <= 100;
    let mut s = Settings {
        horizon: Some(3185),
        olru_a: 0.0,
        ..Settings::default()
    };
    if algorithm
        .settings_in_force(&Settings {
            budget: Some(1),
            ..s.clone()
        })
        .contains(&Key::Budget)
    {
        s.budget = Some(size as u64);
        return s;
    }
    match algorithm {
        Algorithm::Apsm => s.dictionary = size as u64,
        Algorithm::Projectron | Algorithm::ProjectronPlus => {
            s.eta = if small { 1.0 - 1e-4 } else { 1.0 - 2e-2 }
        }
        Algorithm::AldProjection => s.nu = if small { 1.0 - 3e-5 } else { 1.0 - 1e-3 },
        Algorithm::Olru => s.olru_c = if small { 0.035 } else { 0.18 },
        Algorithm::Spa => s.spa_beta = if small { 24.0 } else { 3.0 },
        _ => {}
    }
    s
}

fn a3a(c: &mut Criterion) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/a3a");
    let Ok(loaded) = read_libsvm(&path, Task::Classification, OnError::Fail) else {
        eprintln!("skipping: {} not found", path.display());
        return;
    };
    let data = loaded.data;
    for size in [100, 500] {
        let mut group = c.benchmark_group(format!("a3a-kernel/about-{size}"));
        group.throughput(Throughput::Elements(data.len() as u64));
        for &algorithm in Algorithm::ALL.iter().filter(|a| a.is_kernel()) {
            let make = || AnyLearner::new(algorithm, &settings(algorithm, size)).unwrap();
            let mut probe = make();
            probe.learn_batch(&data, 0..data.len(), &mut Progress::default());
            eprintln!(
                "{algorithm} (about {size}): {} support vectors after one pass",
                probe.support_size()
            );
            group.bench_function(algorithm.name(), |b| {
                b.iter_batched(
                    make,
                    |mut learner| {
                        let mut progress = Progress::default();
                        learner.learn_batch(&data, 0..data.len(), &mut progress);
                        black_box((learner, progress))
                    },
                    BatchSize::LargeInput,
                )
            });
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(2)).sample_size(10);
    targets = a3a
}
criterion_main!(benches);
