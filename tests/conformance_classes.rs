//! Checks every multiclass reduction must pass, with every learner it
//! takes (tests/conformance.rs has the binary learners'): finite reports,
//! a seed replayed, sparse learned as dense.

use onlinelearn::data::rng::seeded;
use onlinelearn::settings::Choice;
use onlinelearn::{Algorithm, BiasMode, Features, Settings, SparseFeatures};
use rand::Rng as _;

mod checks;
use checks::{as_sparse, finite_report, sparse_prone_row};

/// Every reduction with every learner it takes, in each value of the
/// reduction's own choices (the multiclass perceptron's form), over four
/// classes: the multiclass model as the command line and the page build it.
fn class_cases() -> Vec<(String, Algorithm, Settings)> {
    use onlinelearn::settings::Reduction;
    let mut out = Vec::new();
    for &reduction in Reduction::ALL {
        for &algorithm in Algorithm::ALL.iter().filter(|a| a.takes(reduction)) {
            let base = Settings {
                multiclass: reduction,
                banditron_gamma: 0.3,
                seed: 5,
                ..Settings::default()
            };
            let mut variants = vec![(String::new(), base.clone())];
            for &key in algorithm.reduction_reads(reduction) {
                for &word in key.spec().words {
                    let mut settings = base.clone();
                    settings.set(key.name(), word).unwrap();
                    variants.push((format!(" {}={word}", key.name()), settings));
                }
            }
            for bias in <BiasMode as Choice>::ALL.iter().copied() {
                for (what, settings) in &variants {
                    let settings = Settings {
                        bias,
                        ..settings.clone()
                    };
                    // AROW, SCW and most of LIBOL's learners refuse a decoupled bias.
                    if onlinelearn::multiclass::Multiclass::new(algorithm, &settings, 4).is_err() {
                        continue;
                    }
                    let name = format!("{algorithm} by {reduction} {bias}{what}");
                    out.push((name, algorithm, settings));
                }
            }
        }
    }
    out
}

/// Four-class samples: features within ±3, a quarter of them 0.
fn class_samples(seed: u64, dim: usize) -> Vec<(Vec<f64>, usize)> {
    let mut rng = seeded(seed);
    let n = 1 + rng.random_range(0..80);
    (0..n)
        .map(|_| {
            let x = sparse_prone_row(&mut rng, dim, 3.0);
            (x, rng.random_range(0..4))
        })
        .collect()
}

fn class_rows(m: &onlinelearn::multiclass::Multiclass, dim: usize) -> Vec<f64> {
    m.models()
        .into_iter()
        .flat_map(|mut row| {
            row.weights.resize(dim.max(row.weights.len()), 0.0);
            row.weights.into_iter().chain([row.bias])
        })
        .collect()
}

#[test]
fn every_reduction_stays_finite_replays_its_seed_and_learns_sparse_as_dense() {
    use onlinelearn::multiclass::Multiclass;
    let cases = class_cases();
    let reductions: std::collections::HashSet<_> =
        cases.iter().map(|(_, _, s)| s.multiclass).collect();
    assert_eq!(reductions.len(), 5, "every reduction is checked");
    for (name, algorithm, settings) in &cases {
        let make = || Multiclass::new(*algorithm, settings, 4).unwrap();
        for seed in 0..12 {
            let (mut dense, mut sparse, mut again) = (make(), make(), make());
            let mut zeros = make();
            for x in [&[0.0, 0.0, 0.0][..], &[][..]] {
                let step = zeros.learn_one(Features::Dense(x), 2);
                assert!(finite_report(&step.update), "{name}: {step:?}");
            }
            for (x, class) in class_samples(seed, 3) {
                let (idx, val) = as_sparse(&x);
                let s = Features::Sparse(SparseFeatures::new(&idx, &val).unwrap());
                let d = dense.learn_one(Features::Dense(&x), class);
                let sp = sparse.learn_one(s, class);
                assert!(finite_report(&d.update), "{name}: {d:?}");
                assert_eq!(d, again.learn_one(Features::Dense(&x), class), "{name}");
                assert_eq!((d.predicted, d.wrong), (sp.predicted, sp.wrong), "{name}");
                assert!(
                    (d.update.score - sp.update.score).abs() <= 1e-9 * (1.0 + d.update.score.abs()),
                    "{name}"
                );
            }
            let (rd, rs) = (class_rows(&dense, 3), class_rows(&sparse, 3));
            assert!(rd.iter().all(|v| v.is_finite()), "{name}");
            for (d, s) in rd.iter().zip(&rs) {
                assert!(
                    (d - s).abs() <= 1e-9 * (1.0 + d.abs()),
                    "{name}: {d} vs {s}"
                );
            }
            assert_eq!(rd, class_rows(&again, 3), "{name}");
        }
    }
    // The reductions' own settings name their range when refused.
    let mut s = Settings::default();
    let err = s.set("banditron-gamma", "1.5").unwrap_err().to_string();
    assert!(err.contains("Banditron γ must be"), "{err}");
    let err = s
        .set("crammer-singer-form", "matlab")
        .unwrap_err()
        .to_string();
    assert!(err.contains("paper, libol"), "{err}");
}
