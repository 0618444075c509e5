use super::*;
use crate::data::{Preset, Stream, StreamConfig};

fn data() -> (Dataset, Dataset) {
    let mut stream = Stream::new(StreamConfig::new(Preset::Overlapping, 9)).unwrap();
    (stream.take(400), stream.test_set(300))
}

/// A point without its clock: (learner, size, error, its runs' numbers).
type Timeless = (Algorithm, usize, f64, Vec<(u64, usize, f64, u64)>);

fn without_time(points: &[Point]) -> Vec<Timeless> {
    points
        .iter()
        .map(|p| {
            let runs = p
                .runs
                .iter()
                .map(|r| (r.seed, r.support_size, r.test_accuracy, r.mistakes));
            (p.algorithm, p.target, p.value, runs.collect())
        })
        .collect()
}

#[test]
fn every_point_is_its_orderings_runs_and_threads_change_nothing() {
    let (train, test) = data();
    let settings = Settings {
        sigma: 0.5,
        horizon: Some(train.len() as u64),
        ..Settings::default()
    };
    let setup = Setup {
        sizes: vec![10, 30],
        first_seed: 7,
        orderings: 3,
        threads: 2,
    };
    let algorithms = [
        Algorithm::KernelPerceptron,
        Algorithm::AldProjection,
        Algorithm::Olru,
    ];
    let points = run(&train, &test, &algorithms, &settings, &setup, &|_, _, _| {}).unwrap();
    assert_eq!(points.len(), 6);
    let one_thread = Setup {
        threads: 1,
        ..setup.clone()
    };
    let again = run(
        &train,
        &test,
        &algorithms,
        &settings,
        &one_thread,
        &|_, _, _| {},
    )
    .unwrap();
    assert_eq!(without_time(&points), without_time(&again));
    for p in &points {
        assert_eq!(p.runs.len(), 3);
        for (i, r) in p.runs.iter().enumerate() {
            assert_eq!(r.seed, 7 + i as u64, "ordering i is seed S + i");
            let at = sized(&settings, p.key, p.value).unwrap();
            let alone =
                one_run(p.algorithm, &Settings { seed: r.seed, ..at }, &train, &test).unwrap();
            assert_eq!(
                (alone.support_size, alone.test_accuracy),
                (r.support_size, r.test_accuracy)
            );
        }
        match p.algorithm {
            Algorithm::KernelPerceptron => {
                assert_eq!((p.key, p.value), (Key::Budget, p.target as f64));
                assert!(p.search.is_none());
                assert!(p.runs.iter().all(|r| r.support_size <= p.target));
            }
            _ => {
                // The search ran on the first ordering: its chosen trial is
                // that ordering's run, to the vector.
                let (reached, finished) = p.reached().unwrap();
                if finished {
                    assert_eq!(reached, p.runs[0].support_size, "{}", p.algorithm);
                }
            }
        }
    }
    let orderings = [8u64, 9].map(|seed| order(train.len(), seed));
    assert_ne!(orderings[0], orderings[1], "each ordering its own shuffle");
}
