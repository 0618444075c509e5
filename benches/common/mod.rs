//! Shared by the learner benches (`throughput.rs`, `kernel.rs`): LIBSVM
//! a9a from the shared data folder, and criterion's timing of one pass.

use std::hint::black_box;
use std::path::Path;

use criterion::measurement::WallTime;
use criterion::{BatchSize, BenchmarkGroup};
use onlinelearn::data::{read_libsvm, OnError};
use onlinelearn::eval::Progress;
use onlinelearn::{Algorithm, AnyLearner, Dataset, Learner, Settings, Task};

/// a9a (32,561 sparse samples, 123 features), or None, said on standard
/// error, when ../shared/data/a9a is not there.
pub fn a9a() -> Option<Dataset> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/a9a");
    match read_libsvm(&path, Task::Classification, OnError::Fail) {
        Ok(loaded) => Some(loaded.data),
        Err(_) => {
            eprintln!("skipping a9a: {} not found", path.display());
            None
        }
    }
}

/// One pass of `algorithm` at `settings` over `data`, timed as the
/// group's bench of its name: each run starts from a new learner, made
/// outside the timing.
pub fn bench_pass(
    group: &mut BenchmarkGroup<'_, WallTime>,
    algorithm: Algorithm,
    settings: &Settings,
    data: &Dataset,
) {
    group.bench_function(algorithm.name(), |b| {
        b.iter_batched(
            || AnyLearner::new(algorithm, settings).unwrap(),
            |mut learner| {
                let mut progress = Progress::default();
                learner.learn_batch(data, 0..data.len(), &mut progress);
                black_box((learner, progress))
            },
            BatchSize::LargeInput,
        )
    });
}
