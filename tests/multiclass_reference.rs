//! Multiclass against the references scripts/reference/multiclass.py
//! writes: one-vs-rest PA-I and PA-II against scikit-learn's
//! SGDClassifier (coef_, intercept_ and test accuracy, to 1e-9), Crammer &
//! Singer's PA against a NumPy transcription of LIBOL's M_PA*.m, the
//! multiclass perceptron's max, uniform and proportional updates against
//! transcriptions of the paper's rule and of LIBOL's M_Perceptron*.m, and
//! the Banditron against a transcription fed the same uniform draws
//! (weights, progressive mistakes, the Banditron's top-class mistakes, test
//! accuracy). On the
//! same data as CSV (dense) and as LIBSVM (sparse rows). The data's labels
//! are 1, 11, 21, 31: the class index comes from their order.

use std::path::Path;

use onlinelearn::data::Classes;
use onlinelearn::data::{read_csv, read_libsvm, CsvOptions, OnError};
use onlinelearn::multiclass::Multiclass;
use onlinelearn::{Algorithm, Dataset, Settings, Task};
use serde_json::Value;

fn fixture(name: &str) -> Dataset {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    let options = CsvOptions {
        task: Task::Regression,
        ..CsvOptions::default()
    };
    if name.ends_with(".csv") {
        read_csv(&path, &options).unwrap().data
    } else {
        read_libsvm(&path, Task::Regression, OnError::Fail)
            .unwrap()
            .data
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()) + 1e-12
}

#[test]
fn multiclass_matches_scikit_learn_and_libol() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/multiclass_reference.json");
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    for (train_file, test_file) in [
        ("multiclass_train.csv", "multiclass_test.csv"),
        ("multiclass_train.svm", "multiclass_test.svm"),
    ] {
        let (train, test) = (fixture(train_file), fixture(test_file));
        let classes = Classes::of(&train).unwrap();
        assert_eq!(classes.names(), &[1.0, 11.0, 21.0, 31.0]);
        let (train_classes, test_classes) = (
            classes.indices(&train).unwrap(),
            classes.indices(&test).unwrap(),
        );
        for case in doc["cases"].as_array().unwrap() {
            let mut settings = Settings::default();
            settings
                .set("multiclass", case["multiclass"].as_str().unwrap())
                .unwrap();
            settings
                .set("bias", case["bias"].as_str().unwrap())
                .unwrap();
            for key in ["c", "crammer-singer-form", "banditron-gamma", "seed"] {
                match &case[key] {
                    Value::Null => {}
                    Value::String(word) => settings.set(key, word).map(drop).unwrap(),
                    number => settings.set(key, &number.to_string()).map(drop).unwrap(),
                }
            }
            let algorithm: Algorithm = case["algo"].as_str().unwrap().parse().unwrap();
            let mut learner = Multiclass::new(algorithm, &settings, classes.len()).unwrap();
            let mistakes = (0..train.len())
                .filter(|&i| {
                    learner.learn_one(train.row(i), train_classes[i]).predicted != train_classes[i]
                })
                .count() as u64;
            let name = format!(
                "{} {} {} C={} form={} γ={} seed={} on {train_file}",
                case["multiclass"],
                case["algo"],
                case["bias"],
                case["c"],
                case["crammer-singer-form"],
                case["banditron-gamma"],
                case["seed"]
            );
            if let Some(want) = case["mistakes"].as_u64() {
                assert_eq!(mistakes, want, "mistakes of {name}");
            }
            if let Some(want) = case["top_mistakes"].as_u64() {
                assert_eq!(
                    learner.top_mistakes(),
                    Some(want),
                    "top-class mistakes of {name}"
                );
            }
            let models = learner.models();
            for (k, model) in models.iter().enumerate() {
                let want: Vec<f64> = serde_json::from_value(case["weights"][k].clone()).unwrap();
                for (j, w) in want.iter().enumerate() {
                    let got = model.weights.get(j).copied().unwrap_or(0.0);
                    assert!(close(got, *w), "{name}: class {k} weight {j}: {got} vs {w}");
                }
                let intercept = case["intercepts"][k].as_f64().unwrap();
                assert!(
                    close(model.bias, intercept),
                    "{name}: class {k} bias {} vs {intercept}",
                    model.bias
                );
            }
            let right = (0..test.len())
                .filter(|&i| learner.predict(test.row(i)) == test_classes[i])
                .count();
            let accuracy = right as f64 / test.len() as f64;
            assert!(
                close(accuracy, case["test_accuracy"].as_f64().unwrap()),
                "{name}: accuracy {accuracy}"
            );
        }
    }
}

#[test]
fn the_banditron_draws_the_uniforms_the_transcription_took() {
    use onlinelearn::data::rng::seeded;
    use rand::Rng as _;
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/multiclass_reference.json");
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let draws = doc["draws"].as_object().unwrap();
    assert!(!draws.is_empty());
    for (seed, values) in draws {
        let mut rng = seeded(seed.parse().unwrap());
        for (t, want) in values.as_array().unwrap().iter().enumerate() {
            let u: f64 = rng.random();
            assert_eq!(u, want.as_f64().unwrap(), "seed {seed}, draw {t}");
        }
    }
}
