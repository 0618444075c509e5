//! AROW, SCW-I and SCW-II against a NumPy transcription of their papers'
//! equations (scripts/reference/second_order.py writes
//! tests/fixtures/second_order_reference.json): one pass in file order,
//! full and diagonal Σ, with and without the bias. Weights, bias and
//! progressive mistakes agree to 1e-9 relative.

mod transcription;

use onlinelearn::eval::Progress;
use onlinelearn::{Algorithm, AnyLearner, Learner, Settings};
use transcription::{assert_weights, fixture, load};

#[test]
fn second_order_learners_match_the_papers_equations() {
    let doc = fixture("second_order_reference.json");
    let mut checked = 0;
    for case in doc["cases"].as_array().unwrap() {
        let text = |k: &str| case[k].as_str().unwrap().to_string();
        let number = |k: &str| case[k].as_f64();
        let rows = case["rows"].as_u64().unwrap() as usize;
        let Some(data) = load(&text("data")).map(|all| all.head(rows)) else {
            eprintln!("skipping a case on {}: the data is not here", text("data"));
            continue;
        };
        let algorithm: Algorithm = text("algo").parse().unwrap();
        let mut settings = Settings::default();
        settings.set("bias", &text("bias_mode")).unwrap();
        settings.set("covariance", &text("covariance")).unwrap();
        settings.initial_variance = number("a").unwrap();
        if let Some(r) = number("r") {
            settings.r = r;
        }
        if let Some(c) = number("c") {
            settings.c = c;
            settings.confidence = number("confidence").unwrap();
        }
        let mut learner = AnyLearner::new(algorithm, &settings).unwrap();
        let mut progress = Progress::default();
        learner.learn_batch(&data, 0..data.len(), &mut progress);
        let name = format!("{case}");
        assert_eq!(
            progress.mistakes,
            case["mistakes"].as_u64().unwrap(),
            "mistakes: {name}"
        );
        assert_weights(&learner, case, &name);
        checked += 1;
    }
    assert!(checked >= 24, "only {checked} cases ran");
}
