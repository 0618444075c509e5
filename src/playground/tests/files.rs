//! A loaded file on the page: a wide one trains with the curves only, a
//! regression file swaps a learner that cannot learn it, and says so; a
//! file on the plane streams in its order and its link replays.

use crate::data::rng::{normal, seeded};
use crate::data::{Dataset, Preset};
use crate::learner::Task;
use crate::playground::*;
use crate::registry::Algorithm;

use super::{session, setup};

#[test]
fn a_wide_file_trains_with_the_curves_only() {
    // Five features: label = sign of their sum.
    let mut rng = seeded(3);
    let (mut values, mut labels) = (Vec::new(), Vec::new());
    for _ in 0..400 {
        let x: Vec<f64> = (0..5).map(|_| normal(&mut rng)).collect();
        labels.push(if x.iter().sum::<f64>() >= 0.0 {
            1.0
        } else {
            -1.0
        });
        values.extend(x);
    }
    let data = Dataset::from_dense(values, 5, labels).unwrap();
    let mut s = session(Algorithm::Pa1, Preset::Overlapping);
    s.load_file(FileSource::new("wide.csv", data, Task::Classification).unwrap())
        .unwrap();
    assert!(!s.on_plane());
    s.apply(Event::Stream(2000)).unwrap();
    assert!(s.points().is_empty(), "nothing to draw on the plane");
    assert!(!s.scores_on_points());
    assert_eq!(s.progress().samples, 2000);
    let test = s.curves().series(Series::Test);
    assert!(
        *test.last().unwrap() > 0.9,
        "the sum rule is learned: {test:?}"
    );
    let mut support = Vec::new();
    s.support_vectors(&mut support);
    assert!(support.is_empty());
    assert!(
        s.apply(Event::Epochs(10)).is_ok(),
        "epochs over no shown points do nothing"
    );
    assert!(s.click(0.1, 0.2, 1.0).is_err(), "no plane to click on");
    assert_eq!(s.progress().samples, 2000);
}

#[test]
fn a_regression_file_swaps_a_classifier_and_says_so() {
    let data = Dataset::from_dense(vec![0.0, 1.0, 2.0, 3.0], 1, vec![1.0, 3.0, 5.0, 7.5]).unwrap();
    let mut s = session(Algorithm::Projectron, Preset::Xor);
    let file = FileSource::new("line.csv", data, Task::Regression).unwrap();
    let note = s.load_file(file.clone()).unwrap().unwrap().to_string();
    assert!(note.contains("switched to PA-I"), "{note}");
    assert_eq!(
        (s.settings().preset, s.algorithm()),
        (Preset::Regression1d, Algorithm::Pa1)
    );
    s.apply(Event::Stream(3)).unwrap();
    assert_eq!(s.points().len(), 9);
    assert_eq!(s.points()[2], 0.0, "regression points carry no class");
    let wrong = setup(Algorithm::Pa1, Preset::Xor);
    assert!(
        Session::with_file(wrong, file).is_err(),
        "the preset's task must be the file's"
    );
}

fn pocket_file() -> FileSource {
    let text = std::fs::read_to_string("../shared/data/pocket-pla.csv")
        .or_else(|_| std::fs::read_to_string("www/data/pocket-pla.csv"))
        .unwrap();
    let mut loader = crate::data::Loader::new("pocket-pla.csv", crate::data::Format::Csv, None);
    loader.feed(&text);
    let file = loader.finish().unwrap();
    FileSource::new("pocket-pla.csv", file.loaded.data, file.task).unwrap()
}

#[test]
fn a_plane_file_streams_in_order_standardised_and_its_link_replays_once_loaded() {
    let file = pocket_file();
    let rows = file.data.len();
    let first = [
        file.data.row(0).dot(&[1.0, 0.0]),
        file.data.row(0).dot(&[0.0, 1.0]),
    ];
    let mut s = session(Algorithm::Pa, Preset::Regression1d);
    assert_eq!(s.load_file(file.clone()).unwrap(), None);
    assert_eq!(
        s.settings().preset,
        Preset::Overlapping,
        "the preset follows the file's task"
    );
    assert!(s.on_plane());
    s.apply(Event::Stream(rows as u64 + 5)).unwrap();
    assert_eq!(s.samples_streamed(), rows as u64 + 5);
    assert_eq!(
        &s.points()[..2],
        &first,
        "the file's first row, standardised"
    );
    assert_eq!(
        s.points().len(),
        3 * rows,
        "then it cycles, learning its rows again without showing them again"
    );
    assert!(s
        .points()
        .chunks(3)
        .all(|p| p[0].abs() < 3.0 && p[1].abs() < 3.0));
    s.click(0.5, 0.5, -1.0).unwrap();
    s.apply(Event::Stream(40)).unwrap();

    let shared = s.shared();
    let key = &shared.extras[0];
    assert_eq!(key.0, "file");
    assert!(key.1.starts_with("pocket-pla.csv:") && key.1.len() == "pocket-pla.csv:".len() + 16);
    let parsed = SharedState::parse(&shared.to_hash()).unwrap();
    let replayed = Session::from_shared_with_file(&parsed, pocket_file()).unwrap();
    assert_eq!(replayed.model(), s.model());
    assert_eq!(replayed.points(), s.points());

    s.clear();
    assert_eq!(
        s.file().map(|f| f.name.as_str()),
        Some("pocket-pla.csv"),
        "clear keeps the file"
    );
    assert_eq!(s.samples_streamed(), 0);
    s.unload_file().unwrap();
    assert!(s.file().is_none());
    assert!(s.shared().extras.is_empty());
}

/// A LIBSVM file read as the page reads it, one feature index 100000.
fn too_wide_for_a_full_covariance() -> FileSource {
    let mut loader = crate::data::Loader::new("w.svm", crate::data::Format::Libsvm, None);
    loader.feed("+1 1:1 100000:1\n-1 2:1\n");
    let file = loader.finish().unwrap();
    FileSource::new("w.svm", file.loaded.data, file.task).unwrap()
}

#[test]
fn a_file_too_wide_for_a_full_covariance_is_refused_before_it_is_learned() {
    // A full Σ of 100001² numbers is 80 GB: its allocation aborted the module.
    let refused = |result: crate::error::Result<()>| {
        let message = result.unwrap_err().to_string();
        assert!(message.contains("w.svm: 100000 features"), "{message}");
        assert!(message.contains("at most 4096 features"), "{message}");
    };
    let mut arow = session(Algorithm::Arow, Preset::Overlapping);
    refused(arow.load_file(too_wide_for_a_full_covariance()).map(drop));
    let mut pa = session(Algorithm::Pa1, Preset::Overlapping);
    pa.load_file(too_wide_for_a_full_covariance()).unwrap();
    refused(pa.apply(Event::Algorithm(Algorithm::Arow)));
    // Its diagonal takes any width, and the full form is then refused.
    arow.set("covariance", "diagonal").unwrap();
    arow.load_file(too_wide_for_a_full_covariance()).unwrap();
    arow.apply(Event::Stream(10)).unwrap();
    refused(arow.set("covariance", "full").map(drop));
}
