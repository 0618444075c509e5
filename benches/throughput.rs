//! Learn throughput (samples per second) of every learner, one pass from
//! zero weights: on dense 2-D streams held in memory, and on LIBSVM a9a
//! (32,561 sparse samples, 123 features, ~14 non-zeros each).
//!
//! cargo bench --bench throughput     (or: cargo xtask bench)

use std::time::Duration;

use common::bench_pass;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use onlinelearn::{Algorithm, Dataset, Preset, Settings, Stream, StreamConfig};

mod common;

const DENSE_SAMPLES: usize = 200_000;

fn one_pass(c: &mut Criterion, group_name: &str, data: &Dataset, hyper: &Settings) {
    let mut group = c.benchmark_group(group_name);
    group.throughput(Throughput::Elements(data.len() as u64));
    for &algorithm in Algorithm::ALL.iter().filter(|a| !a.is_kernel()) {
        // The pocket's ratchet re-reads every stored sample: it is measured, but
        // on a tenth of the stream so the run stays short.
        let data = if algorithm == Algorithm::Pocket {
            data.head(data.len() / 10)
        } else {
            data.clone()
        };
        group.throughput(Throughput::Elements(data.len() as u64));
        bench_pass(&mut group, algorithm, hyper, &data);
    }
    group.finish();
}

fn dense_2d(c: &mut Criterion) {
    let hyper = Settings {
        c: 0.1,
        ..Settings::default()
    };
    for preset in [Preset::Separable, Preset::NoisyLabels, Preset::Overlapping] {
        let data = Stream::new(StreamConfig::new(preset, 1))
            .unwrap()
            .take(DENSE_SAMPLES);
        one_pass(c, &format!("dense-2d/{preset}"), &data, &hyper);
    }
}

fn a9a(c: &mut Criterion) {
    let Some(data) = common::a9a() else {
        return;
    };
    one_pass(
        c,
        "a9a",
        &data,
        &Settings {
            c: 0.1,
            ..Settings::default()
        },
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2)).sample_size(20);
    targets = dense_2d, a9a
}
criterion_main!(benches);
