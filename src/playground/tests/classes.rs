//! More than two classes on the plane: presets, clicks of classes 3 to 6,
//! the reductions, links.

use crate::data::{class_index, Preset, Stream, StreamConfig};
use crate::multiclass::Multiclass;
use crate::playground::*;
use crate::registry::Algorithm;

use super::opened as session;

fn rows(s: &Session) -> Vec<Vec<f64>> {
    s.linear_models()
        .into_iter()
        .map(|m| {
            let mut row = m.weights;
            row.push(m.bias);
            row
        })
        .collect()
}

#[test]
fn a_multiclass_preset_learns_its_stream_as_the_reduction_does() {
    let mut s = session(Algorithm::Pa1, Preset::ThreeClasses);
    assert_eq!(s.classes(), 3);
    s.apply(Event::Stream(2048)).unwrap();
    // The same stream, straight into the library's one-vs-rest.
    let settings = s.setup().learner_settings();
    let mut direct = Multiclass::new(Algorithm::Pa1, &settings, 3).unwrap();
    let mut stream = Stream::new(StreamConfig::new(Preset::ThreeClasses, settings.seed)).unwrap();
    let data = stream.take(2048);
    let mut mistakes = [0u64; 3];
    let mut seen = [0u64; 3];
    for i in 0..data.len() {
        let class = class_index(data.label(i)).unwrap();
        seen[class] += 1;
        mistakes[class] += (direct.learn_one(data.row(i), class).predicted != class) as u64;
    }
    let expected: Vec<Vec<f64>> = direct
        .models()
        .into_iter()
        .map(|m| [m.weights, vec![m.bias]].concat())
        .collect();
    assert_eq!(rows(&s), expected);
    assert_eq!(s.progress().mistakes, mistakes.iter().sum::<u64>());
    // Each class's curve ends (2,048 is on the curves' schedule) at that
    // class's own mistake rate.
    for k in 0..3 {
        let curve = s.curves().class_series(k);
        assert_eq!(curve.len(), s.curves().len());
        assert_eq!(*curve.last().unwrap(), mistakes[k] as f64 / seen[k] as f64);
    }
    let accuracy = *s.curves().series(Series::Test).last().unwrap();
    assert!(accuracy > 0.85, "held-out accuracy {accuracy}");
    // The grid holds three scores a cell, the rows' own.
    let grid = crate::grid::Grid::new(2, 1, (-1.0, 1.0), (0.0, 0.5)).unwrap();
    let mut scores = Vec::new();
    s.score_grid(&grid, &mut scores);
    assert_eq!(scores.len(), 6);
    let m = s.multiclass().unwrap();
    let x = [0.5, 0.25];
    assert_eq!(
        scores[3 + 2],
        m.score(crate::features::Features::Dense(&x), 2) as f32
    );
}

#[test]
fn clicking_a_third_class_replays_the_points_as_three_classes() {
    let mut s = session(Algorithm::Pa1, Preset::Overlapping);
    s.click(0.5, 0.5, 1.0).unwrap();
    s.click(-0.5, 0.5, -1.0).unwrap();
    let refused = s.click(0.0, -0.5, 3.0).unwrap_err().to_string();
    assert!(refused.contains("must be +1 or -1, got 3"), "{refused}");
    assert_eq!(s.set("classes", "3").unwrap(), Change::Replayed);
    assert_eq!(s.points().len(), 6, "the points stay");
    s.click(0.0, -0.5, 3.0).unwrap();
    assert!(s.click(0.0, -0.6, 4.0).is_err());
    assert!(
        s.click(0.0, -0.6, 2.0).is_err(),
        "class 2 is -1 on the page"
    );
    // The same three points, in order, by the library's one-vs-rest.
    let settings = s.setup().learner_settings();
    let mut direct = Multiclass::new(Algorithm::Pa1, &settings, 3).unwrap();
    for (x, class) in [([0.5, 0.5], 0), ([-0.5, 0.5], 1), ([0.0, -0.5], 2)] {
        direct.learn_one(crate::features::Features::Dense(&x), class);
    }
    assert_eq!(s.multiclass().unwrap().models(), direct.models());
    let last = s.last().unwrap().classes.unwrap();
    assert_eq!(last.class, 2);
    // Fewer classes than the points hold is refused, and changes nothing.
    let before = rows(&s);
    assert!(s.set("classes", "2").is_err());
    assert_eq!((s.classes(), rows(&s)), (3, before));
}

#[test]
fn a_link_keeps_the_classes_the_reduction_and_the_clicked_classes() {
    let mut s = session(Algorithm::Pa2, Preset::FourClasses);
    assert_eq!(
        s.set("multiclass", "crammer-singer").unwrap(),
        Change::Replayed
    );
    s.apply(Event::Stream(300)).unwrap();
    assert_eq!(s.set("classes", "6").unwrap(), Change::Replayed);
    for (k, label) in [1.0, -1.0, 3.0, 4.0, 5.0, 6.0].into_iter().enumerate() {
        s.click(0.1 * k as f64, -0.3, label).unwrap();
    }
    let hash = s.shared().to_hash();
    assert!(
        hash.contains("classes=6") && hash.contains("multiclass=crammer-singer"),
        "{hash}"
    );
    let again = Session::from_shared(&SharedState::parse(&hash).unwrap()).unwrap();
    assert_eq!(rows(&again), rows(&s));
    assert_eq!(again.points(), s.points());
    assert_eq!(again.classes(), 6);
    assert!(matches!(
        again.multiclass(),
        Some(Multiclass::CrammerSinger { .. })
    ));
}

#[test]
fn a_learner_that_cannot_take_the_reduction_is_refused_by_name() {
    let mut s = session(Algorithm::Arow, Preset::ThreeClasses);
    s.apply(Event::Stream(50)).unwrap();
    let before = rows(&s);
    let err = s
        .set("multiclass", "crammer-singer")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("AROW cannot learn 3 classes by crammer-singer")
            && err.contains("pa, pa1, pa2"),
        "{err}"
    );
    let err = s
        .apply(Event::Algorithm(Algorithm::KernelPerceptron))
        .unwrap_err()
        .to_string();
    assert!(err.contains("cannot learn 3 classes"), "{err}");
    assert_eq!(rows(&s), before, "nothing changed");
    // Switching to another linear learner keeps the rows.
    s.apply(Event::Algorithm(Algorithm::Pa1)).unwrap();
    assert_eq!(rows(&s), before);
}

#[test]
fn a_new_preset_takes_its_classes() {
    let mut s = session(Algorithm::Perceptron, Preset::Overlapping);
    assert_eq!(s.set("preset", "four-classes").unwrap(), Change::Restarted);
    assert_eq!(s.classes(), 4);
    assert!(s
        .settings_in_force()
        .contains(&crate::settings::Key::Multiclass));
    assert!(s.set("classes", "3").is_err(), "four-classes has four");
    s.set("preset", "moons").unwrap();
    assert_eq!(s.classes(), 2);
    assert!(!s
        .settings_in_force()
        .contains(&crate::settings::Key::Multiclass));
    let link = SharedState::parse("v=3&algo=pa1&preset=three-classes").unwrap();
    assert_eq!(link.setup.classes(), 3);
    assert!(
        SharedState::parse("v=3&algo=pa1&preset=three-classes&classes=2")
            .is_ok_and(|s| s.setup.classes() == 3)
    );
}

/// A file read as the page's worker reads it.
fn read_file(name: &str, text: &str) -> FileSource {
    let mut loader = crate::data::Loader::new(name, crate::data::Format::Csv, None);
    loader.feed(text);
    let file = loader.finish().unwrap();
    FileSource::new(name, file.loaded.data, file.task).unwrap()
}

#[test]
fn a_file_of_three_classes_opens_as_three_classes_and_replays() {
    // Labels 1, 2, 3 in clusters around three corners.
    let mut text = String::from("x,y,label\n");
    for i in 0..90 {
        let (k, t) = (i % 3, i as f64 * 0.37);
        let centre = [[1.0, 1.0], [-1.0, 1.0], [0.0, -1.0]][k];
        text.push_str(&format!(
            "{},{},{}\n",
            centre[0] + 0.2 * t.sin(),
            centre[1] + 0.2 * t.cos(),
            k + 1
        ));
    }
    let file = read_file("three.csv", &text);
    assert_eq!(file.classes, 3);
    let mut s = session(Algorithm::Pa1, Preset::Overlapping);
    assert_eq!(s.load_file(file.clone()).unwrap(), None);
    assert_eq!(s.classes(), 3, "the file's classes are the session's");
    s.apply(Event::Stream(180)).unwrap();
    assert_eq!(s.linear_models().len(), 3);
    assert_eq!(s.progress().samples, 180);
    assert!(
        s.progress().mistakes < 30,
        "{} mistakes",
        s.progress().mistakes
    );
    let state = SharedState::parse(&s.shared().to_hash()).unwrap();
    let copy = Session::from_shared_with_file(&state, file.clone()).unwrap();
    assert_eq!(rows(&copy), rows(&s));

    // A kernel learner cannot learn three classes: PA-I takes over, and says so.
    let mut kernel = session(Algorithm::Projectron, Preset::Overlapping);
    let note = kernel.load_file(file).unwrap().unwrap().to_string();
    assert_eq!(
        note,
        "Projectron cannot learn 3 classes by one-vs-rest; switched to PA-I"
    );
    assert_eq!(kernel.algorithm(), Algorithm::Pa1);

    // Wider data of three classes trains with the curves only, as K classes.
    let mut wide = String::new();
    for i in 0..60 {
        let k = i % 3;
        wide.push_str(&format!(
            "{},{},{},{}\n",
            k as f64,
            (i as f64 * 0.1).sin(),
            1.0 - k as f64,
            k + 1
        ));
    }
    let mut s = session(Algorithm::Pa2, Preset::Overlapping);
    s.load_file(read_file("wide.csv", &wide)).unwrap();
    assert!(!s.on_plane());
    s.apply(Event::Stream(120)).unwrap();
    assert_eq!(s.linear_models().len(), 3);
    assert_eq!(s.linear_models()[0].weights.len(), 3);
}

#[test]
fn fewer_classes_than_the_points_learned_is_refused_with_what_to_do() {
    let mut page = Page::open("v=3&algo=pa1&classes=4", None).unwrap();
    let s = page.session_mut();
    s.click(0.5, 0.5, 1.0).unwrap();
    s.click(-0.5, 0.5, 4.0).unwrap();
    // Erased, the point of class 4 is still learned: the log keeps it.
    assert!(s.erase_nearest(-0.5, 0.5, 0.1).unwrap());
    let said = "points of class 4 were learned since the plane was last emptied: press Clear to empty it before lowering classes to 3";
    assert_eq!(
        page.check_set("classes", "3", "").unwrap_err().to_string(),
        said
    );
    assert_eq!(page.set("classes", "3").unwrap_err().to_string(), said);
    assert_eq!(
        page.session().classes(),
        4,
        "the refused value changed nothing"
    );
    page.check_set("classes", "5", "").unwrap();
    // Not a class count at all: the settings table's own message.
    assert!(page
        .check_set("classes", "9", "")
        .unwrap_err()
        .to_string()
        .contains("from 2 to 6"));
    // A reset keeps the points (and the log), Clear empties the plane.
    page.session_mut().reset();
    assert!(page.set("classes", "3").is_err());
    page.session_mut().clear();
    assert_eq!(page.set("classes", "3").unwrap(), Change::Replayed);
}
