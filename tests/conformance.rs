//! Checks every learner must pass, run for each by one macro (in the manner
//! of River's `river/checks`); each update rule's own properties are in
//! tests/rule_properties.rs.

use onlinelearn::data::rng::seeded;
use onlinelearn::data::Dataset;
use onlinelearn::eval::Progress;
use onlinelearn::settings::{Choice, CovarianceForm};
use onlinelearn::{
    Algorithm, AnyLearner, BiasMode, Family, Features, Key, Learner, Settings, SparseFeatures, Task,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use rand::Rng as _;

mod checks;
use checks::{as_sparse, finite_report, sparse_prone_row};

/// What a learner has learned, comparable across learners of any kind: its
/// scores at fixed probe points, its support size and linear weights.
fn fingerprint(l: &dyn Learner, dim: usize) -> Vec<f64> {
    let mut out: Vec<f64> = (0..12)
        .map(|k| {
            let probe: Vec<f64> = (0..dim)
                .map(|i| ((k * 7 + i * 3) % 11) as f64 / 4.0 - 1.3)
                .collect();
            l.score(Features::Dense(&probe))
        })
        .collect();
    out.push(l.support_size() as f64);
    if let Some(mut m) = l.linear_model() {
        // Sparse input grows w only as far as the largest index seen.
        m.weights.resize(dim.max(m.weights.len()), 0.0);
        out.extend(m.weights);
        out.push(m.bias);
    }
    out
}

/// One learner in one configuration worth checking.
struct Case {
    name: String,
    algorithm: Algorithm,
    settings: Settings,
    task: Task,
    /// Feature values within +-scale (kernel learners see small ones, so
    /// the Gaussian kernel does not vanish).
    scale: f64,
}

impl Case {
    fn make(&self) -> AnyLearner {
        AnyLearner::new(self.algorithm, &self.settings).unwrap()
    }
}

/// Every learner of the registry (found there, not listed here): linear
/// ones in every bias mode, the ones that regress for regression too,
/// kernel ones as they are and with a small budget when they read one.
fn cases() -> Vec<Case> {
    let base = Settings {
        c: 0.5,
        dictionary: 30,
        horizon: Some(200),
        seed: 3,
        ..Settings::default()
    };
    let mut out = Vec::new();
    for &algorithm in Algorithm::ALL {
        let mut push = |name: String, settings: Settings, scale: f64| {
            out.push(Case {
                name,
                algorithm,
                task: settings.task,
                settings,
                scale,
            });
        };
        if algorithm.is_kernel() {
            push(algorithm.name().into(), base.clone(), 3.0);
            if algorithm.settings_in_force(&base).contains(&Key::Budget) {
                let budgeted = Settings {
                    budget: Some(5),
                    ..base.clone()
                };
                push(format!("{algorithm} budget 5"), budgeted, 3.0);
            }
            // Each value of its forms (SPA's, OLRD's, the Forgetron's...),
            // those that apply only with a budget too (BSGD's maintenance).
            let with_budget = Settings {
                budget: Some(5),
                ..base.clone()
            };
            for &key in algorithm.settings_in_force(&with_budget).iter() {
                let spec = key.spec();
                if spec.words.is_empty() || key == Key::Kernel {
                    continue;
                }
                for &word in spec.words {
                    let mut settings = Settings {
                        budget: Some(5),
                        ..base.clone()
                    };
                    settings.set(spec.name, word).unwrap();
                    push(format!("{algorithm} {}={word}", spec.name), settings, 3.0);
                }
            }
            continue;
        }
        let second_order = algorithm.info().family == Family::SecondOrder;
        if second_order {
            let diagonal = Settings {
                covariance: CovarianceForm::Diagonal,
                ..base.clone()
            };
            push(format!("{algorithm} diagonal"), diagonal, 100.0);
        }
        for task in Task::ALL.into_iter().filter(|&t| algorithm.supports(t)) {
            for bias in <BiasMode as Choice>::ALL.iter().copied() {
                let settings = Settings {
                    task,
                    bias,
                    ..base.clone()
                };
                // AROW, SCW and most of LIBOL's learners refuse a decoupled
                // bias (theirs has a row of Σ, or counts in ‖w‖ and ‖x‖).
                if bias == BiasMode::Decoupled && AnyLearner::new(algorithm, &settings).is_err() {
                    continue;
                }
                push(
                    format!("{algorithm} {} {bias}", task.name()),
                    settings,
                    100.0,
                );
            }
        }
        // Each value of its other choices: LIBOL's forms, OGD's losses.
        for &key in algorithm.settings_in_force(&base).iter() {
            let spec = key.spec();
            if spec.words.is_empty() || matches!(key, Key::Bias | Key::Covariance) {
                continue;
            }
            for &word in spec.words {
                let mut settings = base.clone();
                settings.set(spec.name, word).unwrap();
                // Plain gradient descent on the square loss diverges while
                // ηₜ‖x‖² > 2, as it should: the values stay within its range.
                let scale = if word == "square" { 1.0 } else { 100.0 };
                push(format!("{algorithm} {}={word}", spec.name), settings, scale);
            }
        }
    }
    out
}

/// Runs a check on every case, naming the case that fails.
fn each_case(check: impl Fn(&Case) -> Result<(), TestCaseError>) -> Result<(), TestCaseError> {
    for case in cases() {
        check(&case).map_err(|e| TestCaseError::fail(format!("{}: {e}", case.name)))?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn reports_and_model_stay_finite(seed in 0u64..1000) {
        each_case(|case| {
            let mut l = case.make();
            for (x, y) in samples(seed, case.task, 3, case.scale) {
                let u = l.learn_one(Features::Dense(&x), y);
                prop_assert!(finite_report(&u), "{u:?}");
                prop_assert!(l.score(Features::Dense(&x)).is_finite());
                if let Some(set) = l.support_set() {
                    prop_assert!(set.coefficients().iter().all(|a| a.is_finite()));
                    prop_assert_eq!(u.support.size as usize, set.len());
                }
            }
            prop_assert!(fingerprint(&l, 3).iter().all(|v| v.is_finite()));
            Ok(())
        })?;
    }

    #[test]
    fn same_input_same_result(seed in 0u64..1000) {
        each_case(|case| {
            let (mut a, mut b) = (case.make(), case.make());
            for (x, y) in samples(seed, case.task, 2, case.scale) {
                prop_assert_eq!(a.learn_one(Features::Dense(&x), y), b.learn_one(Features::Dense(&x), y));
            }
            prop_assert_eq!(fingerprint(&a, 2), fingerprint(&b, 2));
            Ok(())
        })?;
    }

    #[test]
    fn sparse_input_learns_like_dense(seed in 0u64..1000) {
        each_case(|case| {
            let (mut dense, mut sparse) = (case.make(), case.make());
            for (x, y) in samples(seed, case.task, 4, case.scale) {
                let (idx, val) = as_sparse(&x);
                let s = Features::Sparse(SparseFeatures::new(&idx, &val).unwrap());
                let (ud, us) = (dense.learn_one(Features::Dense(&x), y), sparse.learn_one(s, y));
                prop_assert!((ud.score - us.score).abs() <= 1e-9 * (1.0 + ud.score.abs()), "{} vs {}", ud.score, us.score);
            }
            let (fd, fs) = (fingerprint(&dense, 4), fingerprint(&sparse, 4));
            for (d, s) in fd.iter().zip(&fs) {
                prop_assert!((d - s).abs() <= 1e-9 * (1.0 + d.abs()), "{d} vs {s}");
            }
            Ok(())
        })?;
    }

    #[test]
    fn batch_learning_equals_one_at_a_time(seed in 0u64..1000) {
        each_case(|case| {
            let mut data = Dataset::dense(2);
            let (mut one, mut batch) = (case.make(), case.make());
            let mut p_one = Progress::default();
            for (x, y) in samples(seed, case.task, 2, case.scale) {
                data.push(Features::Dense(&x), y).unwrap();
                p_one.record(y, &one.learn_one(Features::Dense(&x), y));
            }
            let mut p_batch = Progress::default();
            batch.learn_batch(&data, 0..data.len(), &mut p_batch);
            prop_assert_eq!(fingerprint(&one, 2), fingerprint(&batch, 2));
            prop_assert_eq!(p_one, p_batch);
            Ok(())
        })?;
    }
}

/// A seeded stream of (features, label) for one proptest case.
fn samples(seed: u64, task: Task, dim: usize, scale: f64) -> Vec<(Vec<f64>, f64)> {
    let mut rng = seeded(seed);
    let n = 1 + rng.random_range(0..80);
    (0..n)
        .map(|_| {
            let x = sparse_prone_row(&mut rng, dim, scale);
            let y = match task {
                Task::Classification => {
                    if rng.random_bool(0.5) {
                        1.0
                    } else {
                        -1.0
                    }
                }
                Task::Regression => rng.random_range(-10.0..10.0),
            };
            (x, y)
        })
        .collect()
}

#[test]
fn zero_vectors_and_duplicates_are_safe() {
    for case in cases() {
        let mut l = case.make();
        let y = if case.task == Task::Classification {
            1.0
        } else {
            2.5
        };
        for x in [&[0.0, 0.0][..], &[][..], &[0.0, 0.0][..]] {
            let u = l.learn_one(Features::Dense(x), y);
            assert!(finite_report(&u), "{}: {u:?}", case.name);
        }
        // The same point with both labels, many times.
        for k in 0..40 {
            let label = if k % 2 == 0 { y } else { -y };
            let u = l.learn_one(Features::Dense(&[0.7, -0.3]), label);
            assert!(finite_report(&u), "{}: {u:?}", case.name);
        }
        l.learn_one(Features::Dense(&[1.0, -2.0]), y);
        assert!(
            fingerprint(&l, 2).iter().all(|v| v.is_finite()),
            "{}",
            case.name
        );
    }
}

#[test]
fn reset_forgets_everything() {
    for case in cases() {
        let mut l = case.make();
        let y = if case.task == Task::Classification {
            -1.0
        } else {
            3.0
        };
        l.learn_one(Features::Dense(&[1.0, 2.0]), y);
        l.learn_one(Features::Dense(&[-1.0, 0.5]), -y);
        l.reset();
        assert_eq!(
            fingerprint(&l, 2),
            fingerprint(&case.make(), 2),
            "{}",
            case.name
        );
    }
}

#[test]
fn every_learner_of_the_registry_is_checked() {
    let checked: std::collections::HashSet<Algorithm> =
        cases().iter().map(|c| c.algorithm).collect();
    assert_eq!(checked.len(), Algorithm::ALL.len());
}
