//! Fuzzing, a fixed number of iterations in every test run: whatever text a
//! reader or a link holds, the decoders return a value or an error, never
//! panic, and what they return is safe to use.

use onlinelearn::data::{parse_csv, parse_libsvm, CsvOptions, Format, LoadedFile, Loader, OnError};
use onlinelearn::playground::{Event, EventLog, FileSource, ModelExport, Session, SharedState};
use onlinelearn::{Algorithm, AnyLearner, Features, Learner, Settings, Task};
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

/// Feeds `text` to the page's chunked loader, cut at the line break nearest `cut`.
fn load_in_pieces(text: &str, cut: usize, format: Format) -> onlinelearn::Result<LoadedFile> {
    let mut end = cut.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let at = text[..end].rfind('\n').map_or(0, |i| i + 1);
    let mut loader = Loader::new("fuzz", format, None);
    loader.feed(&text[..at]);
    loader.feed(&text[at..]);
    loader.finish()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The page's path for a file: chunks, task detection, the plane's
    /// standardisation, a session streaming it, and the model as JSON.
    #[test]
    fn a_loaded_file_never_panics_the_page(csv in csv_like(), libsvm in libsvm_like(), cut in 0usize..500) {
        for (text, format) in [(csv, Format::Csv), (libsvm, Format::Libsvm)] {
            let pieces = load_in_pieces(&text, cut, format);
            let mut whole = Loader::new("fuzz", format, None);
            whole.feed(&text);
            let whole = whole.finish();
            prop_assert_eq!(pieces.is_ok(), whole.is_ok());
            let (Ok(pieces), Ok(whole)) = (pieces, whole) else {
                continue;
            };
            prop_assert_eq!(&pieces.loaded.data, &whole.loaded.data, "chunking changes nothing");
            prop_assert_eq!(pieces.task, whole.task);
            prop_assert_eq!(pieces.loaded.skipped_total, whole.loaded.skipped_total);
            let Ok(file) = FileSource::new("fuzz", pieces.loaded.data, pieces.task) else { continue };
            let mut session = Session::new(Default::default()).unwrap();
            if session.load_file(file).is_err() {
                continue;
            }
            session.apply(Event::Stream(60)).unwrap();
            prop_assert!(session.points().iter().all(|v| v.is_finite()));
            let json = serde_json::to_value(ModelExport::new(&session, "algo=pa1".into())).expect("valid JSON");
            prop_assert_eq!(json["samples"].as_u64(), Some(60));
            // One row, or K rows with more than two classes.
            let weights = json["model"]["weights"].as_array().unwrap();
            let values: Vec<&serde_json::Value> = weights
                .iter()
                .flat_map(|w| w.as_array().map_or_else(|| vec![w], |row| row.iter().collect()))
                .collect();
            prop_assert!(values.iter().all(|w| w.as_f64().is_some_and(f64::is_finite)));
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
        // Every learner that reads C, found in the registry.
        for &algorithm in Algorithm::users_of(onlinelearn::Key::C).iter() {
            let settings = Settings {
                c,
                ..Settings::default()
            };
            check(
                AnyLearner::new(algorithm, &settings).unwrap(),
                &format!("{algorithm} C = {c}"),
            );
        }
    }
    for sigma in [1e-6, 1e6] {
        for &algorithm in Algorithm::ALL.iter().filter(|a| a.is_kernel()) {
            let settings = Settings {
                sigma,
                budget: Some(50),
                ..Settings::default()
            };
            let learner = AnyLearner::new(algorithm, &settings).unwrap();
            check(learner, &format!("{algorithm} sigma = {sigma}"));
        }
    }
}
