use super::*;
use crate::data::{Preset, Stream, StreamConfig};
use crate::paper::frontier::{run, Setup};

fn data() -> (Dataset, Dataset) {
    let mut stream = Stream::new(StreamConfig::new(Preset::Xor, 5)).unwrap();
    (stream.take(300), stream.test_set(200))
}

/// Every point of the sliced frontier, however the slices fall, equals the
/// command line's (`paper::frontier::run`, one ordering) on the same data:
/// a cap (budget), a cap of another name (APSM's dictionary), and knobs
/// searched for (ALD's ν, the Projectron's η, OLRU's c).
#[test]
fn every_point_equals_the_command_lines_on_the_same_data() {
    let (train, test) = data();
    let settings = Settings {
        sigma: 0.5,
        horizon: Some(train.len() as u64),
        ..Settings::default()
    };
    let sizes = vec![5, 12, 30];
    let setup = Setup {
        sizes: sizes.clone(),
        first_seed: 3,
        orderings: 1,
        threads: 1,
    };
    let algorithms = [
        Algorithm::KernelPerceptron,
        Algorithm::Apsm,
        Algorithm::AldProjection,
        Algorithm::Projectron,
        Algorithm::Olru,
    ];
    let cli = run(&train, &test, &algorithms, &settings, &setup, &|_, _, _| {}).unwrap();
    for (k, &algorithm) in algorithms.iter().enumerate() {
        // Slices of 1, 2, 7 steps: where a slice ends changes nothing.
        for slice in [1usize, 2, 7] {
            let mut sliced =
                SlicedFrontier::new(algorithm, &settings, 3, sizes.clone(), &train, test.clone())
                    .unwrap();
            let mut slices = 0;
            let mut fractions = vec![sliced.fraction()];
            loop {
                let mut left = slice;
                let more = sliced
                    .work(|| {
                        let go = left > 0;
                        left = left.saturating_sub(1);
                        go
                    })
                    .unwrap();
                slices += 1;
                fractions.push(sliced.fraction());
                if !more {
                    break;
                }
            }
            assert!(slices >= sizes.len(), "{algorithm}: it took several slices");
            assert_eq!(sliced.fraction(), 1.0);
            assert!(
                fractions.windows(2).all(|w| w[1] >= w[0]),
                "{algorithm}: the progress never goes back: {fractions:?}"
            );
            let got = sliced.points();
            assert_eq!(got.len(), sizes.len());
            for (i, p) in got.iter().enumerate() {
                let want = &cli[k * sizes.len() + i];
                assert_eq!(want.algorithm, algorithm);
                let run = want.runs[0];
                assert_eq!(
                    (
                        p.target,
                        p.key,
                        p.value,
                        p.support_size,
                        p.test_accuracy,
                        p.mistakes
                    ),
                    (
                        want.target,
                        want.key,
                        want.value,
                        run.support_size,
                        run.test_accuracy,
                        run.mistakes
                    ),
                    "{algorithm} at size {} in slices of {slice}",
                    want.target
                );
            }
        }
    }
}

/// A learner without a support set has no frontier, and says why.
#[test]
fn a_linear_learner_is_refused() {
    let (train, test) = data();
    let refused = SlicedFrontier::new(
        Algorithm::Pa1,
        &Settings::default(),
        0,
        vec![10],
        &train,
        test,
    );
    assert!(matches!(refused, Err(Unsized::NoSupportSet)));
}
