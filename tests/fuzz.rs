//! Fuzzing, a fixed number of iterations in every test run: whatever text a
//! reader or a link holds, the decoders return a value or an error, never
//! panic, and what they return is safe to use.

use onlinelearn::data::{parse_csv, parse_libsvm, CsvOptions, OnError};
use onlinelearn::kernel::{AnyKernelLearner, KernelAlgorithm, KernelHyper, KernelSpec};
use onlinelearn::playground::{EventLog, Session, SharedState};
use onlinelearn::{Algorithm, AnyLearner, Features, Hyper, Learner, Task};
use proptest::prelude::*;

/// Text that looks roughly like the input it fuzzes, and plain noise.
fn link_like() -> impl Strategy<Value = String> {
    let key =
        "(algo|c|eps|lr|bias|preset|seed|noise|log|sigma|budget|eta|view|algos|speed|[a-z%+]{0,6})";
    let value = prop_oneof![
        "[A-Za-z0-9_-]{0,40}",
        "-?[0-9]{0,4}(\\.[0-9]{0,6})?(e-?[0-9]{1,3})?",
        "(NaN|inf|none|pa1|overlapping|augmented)",
        ".{0,20}"
    ];
    let pair = (key, value).prop_map(|(k, v)| format!("{k}={v}"));
    prop_oneof![
        prop::collection::vec(pair, 0..12).prop_map(|pairs| format!("#{}", pairs.join("&"))),
        ".{0,300}",
    ]
}

fn csv_like() -> impl Strategy<Value = String> {
    let field = prop_oneof![
        "-?[0-9]{1,3}(\\.[0-9]{1,3})?",
        "(nan|1e400|\\+1|0|)",
        "[a-z ]{0,4}"
    ];
    let line = prop::collection::vec(field, 0..6).prop_map(|f| f.join(","));
    prop_oneof![
        prop::collection::vec(line, 0..30).prop_map(|l| l.join("\n")),
        ".{0,400}"
    ]
}

fn libsvm_like() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        "[0-9]{1,4}:-?[0-9]{1,2}(\\.[0-9])?",
        "(0:1|4294967296:1|3:|:|#c)",
        "[a-z]{1,3}"
    ];
    let line = ("(\\+1|-1|0|2|x)", prop::collection::vec(token, 0..8))
        .prop_map(|(label, tokens)| format!("{label} {}", tokens.join(" ")));
    prop_oneof![
        prop::collection::vec(line, 0..30).prop_map(|l| l.join("\n")),
        ".{0,400}"
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn links_never_panic_and_what_parses_opens(hash in link_like()) {
        if let Ok(state) = SharedState::parse(&hash) {
            // A link that parses must open (replaying its log may refuse, never panic).
            if let Ok(mut session) = Session::from_shared(&state) {
                let _ = session.apply(onlinelearn::playground::Event::Stream(3));
                prop_assert!(session.progress().samples <= 3 + 10_000_000);
            }
            // And it must round-trip.
            prop_assert!(SharedState::parse(&state.to_hash()).is_ok());
        }
    }

    #[test]
    fn event_logs_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..200), text in "[A-Za-z0-9_-]{0,120}") {
        let _ = EventLog::decode(&text);
        let encoded: String = bytes.iter().map(|b| char::from(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[*b as usize % 64])).collect();
        if let Ok(log) = EventLog::decode(&encoded) {
            let state = SharedState { log, ..SharedState::default() };
            let _ = Session::from_shared(&state);
        }
    }

    #[test]
    fn csv_reader_never_panics_and_keeps_only_finite_rows(text in csv_like()) {
        for task in [Task::Classification, Task::Regression] {
            for on_error in [OnError::Fail, OnError::Skip] {
                let options = CsvOptions { task, on_error, ..CsvOptions::default() };
                if let Ok(loaded) = parse_csv("fuzz.csv", &text, &options) {
                    for i in 0..loaded.data.len() {
                        prop_assert!(loaded.data.row(i).is_finite() && loaded.data.label(i).is_finite());
                    }
                    prop_assert!(loaded.skipped.iter().all(|e| e.line >= 1 && e.column >= 1));
                }
            }
        }
    }

    #[test]
    fn libsvm_reader_never_panics_and_keeps_only_finite_rows(text in libsvm_like()) {
        for task in [Task::Classification, Task::Regression] {
            if let Ok(loaded) = parse_libsvm("fuzz.t", &text, task, OnError::Skip) {
                for i in 0..loaded.data.len() {
                    prop_assert!(loaded.data.row(i).is_finite());
                    if task == Task::Classification {
                        prop_assert!(loaded.data.label(i).abs() == 1.0);
                    }
                }
            }
        }
    }
}

/// C = 1e-12 and 1e12, sigma tiny and huge: every number stays finite.
#[test]
fn hyper_parameter_extremes_keep_numbers_finite() {
    let points: Vec<([f64; 2], f64)> = (0..300)
        .map(|i| {
            let t = i as f64 * 0.37;
            (
                [1.3 * t.sin(), 1.1 * (1.7 * t).cos()],
                if (3.0 * t).sin() > 0.0 { 1.0 } else { -1.0 },
            )
        })
        .collect();
    let check = |mut learner: AnyLearner, what: &str| {
        for (x, y) in &points {
            let u = learner.learn_one(Features::Dense(x), *y);
            assert!(
                [u.score, u.loss, u.tau, u.score_after]
                    .iter()
                    .all(|v| v.is_finite()),
                "{what}: {u:?}"
            );
        }
        for (x, _) in &points {
            assert!(learner.score(Features::Dense(x)).is_finite(), "{what}");
        }
    };
    for c in [1e-12, 1e12] {
        for algorithm in [
            Algorithm::Pa1,
            Algorithm::Pa2,
            Algorithm::Kernel(KernelAlgorithm::Pa1),
            Algorithm::Kernel(KernelAlgorithm::Spa),
        ] {
            check(
                AnyLearner::new(
                    algorithm,
                    &Hyper {
                        c,
                        ..Hyper::default()
                    },
                )
                .unwrap(),
                &format!("{algorithm} C = {c}"),
            );
        }
    }
    for sigma in [1e-6, 1e6] {
        for algorithm in KernelAlgorithm::ALL {
            let hyper = KernelHyper {
                kernel: KernelSpec::Gaussian { sigma },
                budget: Some(50),
                ..KernelHyper::default()
            };
            let learner = AnyKernelLearner::new(algorithm, &hyper, 1.0, 1.0).unwrap();
            check(
                AnyLearner::Kernel(learner),
                &format!("{algorithm} sigma = {sigma}"),
            );
        }
    }
}
