//! The perceptron's relatives (Ballseptron, PAUM, the shifting perceptron,
//! Pegasos, balanced Winnow, the selective sampling perceptron) against a
//! NumPy transcription of their papers' equations (PAUM also in its
//! authors' form, b += η y; scripts/reference/relatives.py writes
//! tests/fixtures/relatives_reference.json): one pass in file order on
//! dense data (seed 000's), noisy data (libol_noisy.csv) and sparse data
//! (a1a, read sparse here and dense there), with and without the bias.
//! Weights and bias agree to 1e-9 relative; progressive mistakes, the
//! number of updates and the labels the selective perceptron asked for
//! exactly. A case leaves out the a1a samples (its `skip`) that meet a
//! rule's threshold to rounding: a1a's rows of 0s and 1s land exactly on
//! PAUM's τ, and there each side's rounding, not the rule, picks the
//! branch.
//!
//! The selective perceptron's draws are the fixture's (`draws`, by seed):
//! the transcription asks when u < p with those u, and the first test
//! checks that our seeded generator gives exactly them, so the match is
//! draw for draw, not in distribution.

mod transcription;

use onlinelearn::data::rng::seeded;
use transcription::{case_settings, fixture, Cases};

#[test]
fn the_transcriptions_draws_are_our_seeded_generators() {
    use rand::Rng as _;
    let doc = fixture("relatives_reference.json");
    let draws = doc["draws"].as_object().unwrap();
    assert_eq!(draws.len(), 2);
    for (seed, list) in draws {
        let mut rng = seeded(seed.parse().unwrap());
        let list: Vec<f64> = serde_json::from_value(list.clone()).unwrap();
        assert_eq!(list.len(), 600);
        for (t, u) in list.iter().enumerate() {
            assert_eq!(rng.random::<f64>(), *u, "seed {seed}, draw {t}");
        }
    }
}

#[test]
fn the_relatives_match_their_papers_equations() {
    let doc = fixture("relatives_reference.json");
    let mut cases = Cases::default();
    for case in doc["cases"].as_array().unwrap() {
        // The case's settings: its own keys are setting names.
        let settings = |case: &_, _| case_settings(case, |_| None);
        cases.run(case, settings, |learner, what| {
            assert_eq!(
                learner.labels_asked(),
                case.get("asked").map(|a| a.as_u64().unwrap()),
                "labels asked: {what}"
            );
        });
    }
    // Every case on the dense and the noisy data, and on a1a when it is
    // here: 18 settings with and without b, and PAUM's authors' form with b.
    cases.assert_all_ran(38);
}
