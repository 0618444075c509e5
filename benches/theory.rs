//! What the theory layer costs: `cargo bench --bench theory`. Simple
//! wall-clock timings (each step is seconds, not nanoseconds, so a
//! statistics harness adds nothing), printed as a table.
//!
//! - a9a (32,561 × 123, sparse): separability (the hull), the hinge and
//!   squared-hinge minimisers, a whole report;
//! - the page's pattern: a 2-D stream to 5,000 points, a report every 20
//!   samples (warm starts), and the fewest-mistakes line at 1,000 to 5,000.

use std::path::Path;
use std::time::Instant;

use onlinelearn::data::{read_libsvm, OnError};
use onlinelearn::theory::dual::{Dual, Problem, MAX_EPOCHS, TOLERANCE};
use onlinelearn::theory::hull::Hull;
use onlinelearn::theory::samples::Samples;
use onlinelearn::theory::{best_line::best_line, Theory, ZeroOne};
use onlinelearn::{
    Algorithm, AnyLearner, Dataset, Learner, Preset, Settings, Stream, StreamConfig, Task,
};

fn timed<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let clock = Instant::now();
    let out = f();
    println!("{what:<60} {:>10.3} s", clock.elapsed().as_secs_f64());
    out
}

fn samples_of(data: &Dataset, bias: bool) -> Samples {
    let mut s = Samples::new(bias);
    for i in 0..data.len() {
        let k = s.push(data.row(i), data.label(i)).unwrap();
        s.count(k);
    }
    s
}

fn a9a() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/a9a");
    let Ok(loaded) = read_libsvm(&path, Task::Classification, OnError::Fail) else {
        println!("a9a: ../shared/data/a9a not found, skipped");
        return;
    };
    let s = samples_of(&loaded.data, true);
    let verdict = timed("a9a: separability (hull)", || Hull::default().solve(&s));
    println!("  {verdict:?}");
    for problem in [Problem::Hinge { c: 1.0 }, Problem::SquaredHinge { c: 1.0 }] {
        let mut dual = Dual::new(problem);
        let solved = timed(&format!("a9a: {problem:?} minimiser"), || {
            dual.solve(&s, TOLERANCE, MAX_EPOCHS)
        });
        println!("  {solved:?}, value {}", dual.primal_value(&s));
    }
    let settings = Settings::default();
    let mut theory = Theory::new(Algorithm::Pa1, &settings).unwrap();
    let mut learner = AnyLearner::new(Algorithm::Pa1, &settings).unwrap();
    for i in 0..loaded.data.len() {
        let update = learner.learn_one(loaded.data.row(i), loaded.data.label(i));
        theory
            .learned(loaded.data.row(i), loaded.data.label(i), &update)
            .unwrap();
    }
    timed("a9a: the whole report for PA-I", || {
        theory.report(ZeroOne::Compute)
    });
}

fn page(preset: Preset) {
    let data = Stream::new(StreamConfig::new(preset, 7))
        .unwrap()
        .take(5000);
    let settings = Settings::default();
    let mut theory = Theory::new(Algorithm::Pa1, &settings).unwrap();
    let mut learner = AnyLearner::new(Algorithm::Pa1, &settings).unwrap();
    let (mut worst, mut total, mut calls) = (0.0f64, 0.0, 0);
    for i in 0..data.len() {
        let update = learner.learn_one(data.row(i), data.label(i));
        theory.learned(data.row(i), data.label(i), &update).unwrap();
        if (i + 1) % 20 == 0 {
            let clock = Instant::now();
            theory.report(ZeroOne::Last);
            let took = clock.elapsed().as_secs_f64();
            worst = worst.max(took);
            total += took;
            calls += 1;
        }
    }
    println!(
        "{:<60} {:>10.3} s (mean {:.2} ms, worst {:.2} ms)",
        format!("{}: 5,000 samples, a warm report every 20", preset.name()),
        total,
        1e3 * total / calls as f64,
        1e3 * worst
    );
    for n in [1000, 2000, 5000] {
        let s = samples_of(&data.select(&(0..n).collect::<Vec<_>>()), true);
        timed(
            &format!("{}: the fewest-mistakes line at {n} points", preset.name()),
            || best_line(&s),
        );
    }
}

fn main() {
    a9a();
    for preset in [Preset::Separable, Preset::Overlapping, Preset::NoisyLabels] {
        page(preset);
    }
}
