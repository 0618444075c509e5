//! `onlinelearn replay LINK` (issue 24): a session built on the page, here
//! through the same `Page` the page's wasm wraps, acted on as the page acts
//! (streams, clicks, erasures, settings and learners changed mid-stream,
//! epochs, a fork on the timeline, a data file, Compare's panels), and its
//! link replayed by the built command line. Its `--json` must equal the
//! page's Model (JSON) export value for value (every weight to the bit:
//! serde_json reads floats back exactly here), its summary the page's
//! counts, its `--curves` the page's curves.

mod command;

use command::{run, stdout, temp_file};
use onlinelearn::data::{Format, Loader};
use onlinelearn::playground::{Event, ModelExport, Page, Series};
use onlinelearn::{Algorithm, Learner, Task};
use serde_json::Value;

/// The page's own keys as the page writes them into a link (state.js).
fn page_keys(page: &Page, algos: &str) -> String {
    let view = match (page.live().task(), algos.contains(',')) {
        (Task::Regression, _) => "regress",
        (_, true) if page.extras().contains("view=compare") => "compare",
        _ => "classify",
    };
    let algos = if algos.contains(',') { algos } else { "pa,pa1" };
    format!("view={view}&speed=100&algos={algos}")
}

/// What the page's Model (JSON) saves for these panels (export.js).
fn page_export(pages: &[Page], algos: &str) -> Value {
    let keys = page_keys(&pages[0], algos);
    let state = pages[0].hash(&keys);
    // Each panel's model holds its own link (naming its learner).
    let models: Vec<Value> = pages
        .iter()
        .map(|p| serde_json::to_value(ModelExport::new(p.session(), p.hash(&keys))).unwrap())
        .collect();
    if models.len() == 1 {
        models.into_iter().next().unwrap()
    } else {
        serde_json::json!({"format": "onlinelearn-models", "version": 2, "state": state, "models": models})
    }
}

/// `replay LINK --json EXTRA...`, parsed.
fn replayed(link: &str, extra: &[&str]) -> Value {
    let mut args = vec!["replay", link, "--json"];
    args.extend_from_slice(extra);
    serde_json::from_str(&stdout(&run(&args))).unwrap()
}

/// The page's link for `pages` (the address bar's), replayed and compared.
fn assert_replays(pages: &[Page], algos: &str, extra: &[&str]) -> Value {
    let expected = page_export(pages, algos);
    let link = format!(
        "http://127.0.0.1:8000/#{}",
        expected["state"].as_str().unwrap()
    );
    let got = replayed(&link, extra);
    assert_eq!(got, expected, "replay of {link}");
    // The summary: each panel's samples and mistakes, as the page counts them.
    let mut args = vec!["replay", link.as_str()];
    args.extend_from_slice(extra);
    let summary = stdout(&run(&args));
    for page in pages {
        let p = page.session().progress();
        let noun = |n: u64, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        let line = format!(
            "{}: {} learned",
            page.session().algorithm().label(),
            noun(p.samples, "sample")
        );
        assert!(summary.contains(&line), "{line} in {summary}");
        if page.live().task() == Task::Classification && p.samples > 0 {
            assert!(
                summary.contains(&format!("{line}, {}", noun(p.mistakes, "mistake"))),
                "{summary}"
            );
        }
    }
    got
}

fn click(page: &mut Page, x: f64, y: f64, label: f64) {
    page.session_mut().click(x, y, label).unwrap();
}

fn act(page: &mut Page, event: Event) {
    page.session_mut().apply(event).unwrap();
}

#[test]
fn a_preset_with_clicks_erasures_and_changes_mid_stream_replays_to_the_bit() {
    let mut page = Page::open("v=3&algo=pa1&preset=moons&seed=11&noise=0.1", None).unwrap();
    act(&mut page, Event::Stream(300));
    click(&mut page, 0.25, -0.5, 1.0);
    click(&mut page, -0.75, 0.125, -1.0);
    act(&mut page, Event::Stream(120));
    page.session_mut().erase_nearest(0.25, -0.5, 0.05).unwrap();
    page.set("c", "0.35").unwrap();
    act(&mut page, Event::Stream(200));
    act(&mut page, Event::Algorithm(Algorithm::Arow));
    act(&mut page, Event::Stream(150));
    page.set("noise", "0.2").unwrap();
    act(&mut page, Event::Stream(77));
    let doc = assert_replays(&[page], "", &[]);
    assert_eq!(doc["algorithm"], "arow");
    assert_eq!(doc["samples"], 849, "every kind of step was learned");
}

#[test]
fn one_mistake_is_one_mistake() {
    // w = 0 predicts +1: a first point of class −1 is a mistake.
    let mut page = Page::open("v=3&algo=perceptron&preset=separable&seed=2", None).unwrap();
    click(&mut page, 0.5, 0.25, -1.0);
    let link = page.hash(&page_keys(&page, ""));
    let summary = stdout(&run(&["replay", &format!("http://127.0.0.1:8000/#{link}")]));
    assert!(
        summary.contains("Perceptron: 1 sample learned, 1 mistake (100.0%)"),
        "{summary}"
    );
}

#[test]
fn epochs_over_clicked_points_replay_to_the_bit() {
    let mut page = Page::open("v=3&algo=perceptron&preset=separable&seed=2", None).unwrap();
    for (i, &(x, y)) in [
        (0.5, 0.25),
        (-0.4, 0.1),
        (0.3, -0.6),
        (-0.2, -0.35),
        (0.9, 0.7),
    ]
    .iter()
    .enumerate()
    {
        click(&mut page, x, y, if i % 2 == 0 { 1.0 } else { -1.0 });
    }
    act(&mut page, Event::Epochs(37));
    page.session_mut().reset();
    act(&mut page, Event::Epochs(12));
    assert_replays(&[page], "", &[]);
}

#[test]
fn a_kernel_learner_replays_its_support_vectors_and_coefficients() {
    let mut page = Page::open("v=3&algo=projectron&preset=xor&seed=4&sigma=0.7", None).unwrap();
    act(&mut page, Event::Stream(400));
    click(&mut page, 0.6, 0.6, -1.0);
    act(&mut page, Event::Stream(100));
    let doc = assert_replays(&[page], "", &[]);
    let support = doc["model"]["support"].as_array().unwrap();
    assert!(support.len() > 5, "{} support vectors", support.len());
}

#[test]
fn regression_and_multiclass_sessions_replay_to_the_bit() {
    let mut page = Page::open("v=3&algo=pa2&preset=regression-1d&seed=5&eps=0.05", None).unwrap();
    act(&mut page, Event::Stream(250));
    click(&mut page, 0.5, 1.25, 0.0);
    act(&mut page, Event::Stream(50));
    let doc = assert_replays(&[page], "", &[]);
    assert_eq!(doc["task"], "regression");

    let mut page = Page::open("v=3&algo=pa1&preset=four-classes&seed=9", None).unwrap();
    act(&mut page, Event::Stream(300));
    click(&mut page, 0.1, 0.2, 3.0);
    page.set("multiclass", "crammer-singer").unwrap();
    act(&mut page, Event::Stream(100));
    let doc = assert_replays(&[page], "", &[]);
    assert_eq!(doc["model"]["type"], "multiclass");
    assert_eq!(doc["model"]["weights"].as_array().unwrap().len(), 4);
}

#[test]
fn compare_replays_one_model_per_panel_on_the_same_samples() {
    let algos = "pa,apsm,aromma";
    let hash = format!("v=3&algo=pa&preset=circles&seed=3&view=compare&algos={algos}");
    let mut pages: Vec<Page> = algos
        .split(',')
        .map(|a| Page::open(&hash, Some(a.parse().unwrap())).unwrap())
        .collect();
    for page in &mut pages {
        act(page, Event::Stream(200));
        click(page, -0.3, 0.4, 1.0);
        act(page, Event::Stream(60));
    }
    let doc = assert_replays(&pages, algos, &[]);
    let names: Vec<&str> = doc["models"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["algorithm"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["pa", "apsm", "aromma"]);
}

#[test]
fn a_fork_on_the_timeline_replays_the_forked_run() {
    let mut page = Page::open("v=3&algo=pa1&preset=drift&seed=8", None).unwrap();
    act(&mut page, Event::Stream(600));
    page.seek(250).unwrap();
    page.set("c", "2").unwrap();
    act(&mut page, Event::Stream(90));
    let state = page.hash("");
    assert!(state.contains("&was="), "a fork's link: {state}");
    let doc = assert_replays(&[page], "", &[]);
    assert_eq!(doc["samples"], 340);
}

/// 2-D points outside the plane's view (the page standardises them).
fn points_csv(shift: f64) -> String {
    let mut text = String::from("x,y,label\n");
    for i in 0..120 {
        let t = i as f64 * 0.37;
        let label = if (t.sin() * 3.0 + t.cos()) > 0.5 {
            1
        } else {
            -1
        };
        text.push_str(&format!(
            "{},{},{label}\n",
            t.sin() * 4.0 + shift,
            t.cos() * 2.5
        ));
    }
    text
}

/// A page that opened `name` as the page's worker reads it, then learned.
fn page_with_file(name: &str, text: &str) -> Page {
    let mut loader = Loader::new(name, Format::detect(name, text), None);
    loader.feed(text);
    let file = loader.finish().unwrap();
    let mut page = Page::open("v=3&algo=pa1&c=0.5", None).unwrap();
    page.load(name, file.task, file.loaded.data, None).unwrap();
    act(&mut page, Event::Stream(300));
    page.set("c", "0.05").unwrap();
    act(&mut page, Event::Stream(40));
    page
}

#[test]
fn a_session_on_a_file_replays_on_that_file_and_refuses_another() {
    let text = points_csv(0.0);
    let path = temp_file("replay-points.csv", &text);
    let page = page_with_file("replay-points.csv", &text);
    let link = page.hash(&page_keys(&page, ""));
    assert!(link.contains("file=replay-points.csv:"), "{link}");
    let doc = assert_replays(&[page], "", &["--data", path.to_str().unwrap()]);
    assert!(doc["data"]["transform"].is_object(), "standardised: {doc}");

    // Without the file: the error names it and its fingerprint.
    let out = run(&["replay", &link]);
    let error = command::stderr(&out);
    assert!(
        error.contains("replay-points.csv") && error.contains("--data"),
        "{error}"
    );
    // Another file: refused with both fingerprints.
    let other = temp_file("replay-other.csv", &points_csv(0.5));
    let error = command::stderr(&run(&["replay", &link, "--data", other.to_str().unwrap()]));
    let wanted = link.split("replay-points.csv:").nth(1).unwrap()[..16].to_string();
    assert!(
        error.contains(&wanted),
        "the link's fingerprint in: {error}"
    );
    assert!(error.contains("is not the file"), "{error}");
    // A link without a file given one: refused, not silently ignored.
    let error = command::stderr(&run(&[
        "replay",
        "v=3&algo=pa1&log=AfQD",
        "--data",
        other.to_str().unwrap(),
    ]));
    assert!(error.contains("not from a file"), "{error}");
}

#[test]
fn the_curves_are_the_pages_curves() {
    let mut page = Page::open("v=3&algo=apsm&preset=xor&seed=6", None).unwrap();
    act(&mut page, Event::Stream(150));
    let link = page.hash(&page_keys(&page, ""));
    let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("replay-curves.csv");
    stdout(&run(&["replay", &link, "--curves", out.to_str().unwrap()]));
    let text = std::fs::read_to_string(&out).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next().unwrap(),
        "learner,samples,online_mistake_rate,recent_loss,test_accuracy,support_size,recent_mistake_rate,labels_asked"
    );
    let rows: Vec<Vec<String>> = lines
        .map(|l| l.split(',').map(String::from).collect())
        .collect();
    let curves = page.live().curves();
    assert_eq!(rows.len(), curves.len());
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row[0], "APSM");
        let series = Series::ALL;
        for (k, s) in series.iter().enumerate() {
            let value: f64 = row[k + 1].parse().unwrap();
            assert_eq!(
                value.to_bits(),
                curves.series(*s)[i].to_bits(),
                "row {i} column {k}"
            );
        }
    }
}

#[test]
fn link_prints_the_address_that_opens_the_same_session() {
    let mut page = Page::open("v=3&algo=pa&preset=spiral&seed=1", None).unwrap();
    act(&mut page, Event::Stream(123));
    let link = page.hash("");
    let text = stdout(&run(&[
        "replay",
        &link,
        "--link",
        "--link-base",
        "https://example.org/play/",
    ]));
    let address = text.lines().last().unwrap();
    let hash = address
        .strip_prefix("https://example.org/play/#")
        .expect(address);
    let again = Page::open(hash, None).unwrap();
    let weights = |p: &Page| {
        p.session()
            .learner()
            .unwrap()
            .linear_model()
            .unwrap()
            .weights
    };
    assert_eq!(weights(&again), weights(&page));
    assert_eq!(
        again.session().progress().mistakes,
        page.session().progress().mistakes
    );
}

#[test]
fn concept_moves_by_the_teachers_hand_replay_to_the_bit() {
    // A turned boundary, and a class centre moved, mid-stream.
    let mut page = Page::open("v=3&algo=pa1&preset=noisy-labels&seed=8", None).unwrap();
    act(&mut page, Event::Stream(300));
    act(&mut page, Event::Concept { a: 2100, b: -150 });
    act(&mut page, Event::Stream(400));
    let doc = assert_replays(&[page], "", &[]);
    assert_eq!(doc["samples"], 700);
    let mut page = Page::open("v=3&algo=pa1&preset=four-classes&seed=8&classes=4", None).unwrap();
    act(&mut page, Event::Stream(200));
    act(
        &mut page,
        Event::Centre {
            class: 1,
            x: -900,
            y: 1200,
        },
    );
    act(&mut page, Event::Stream(300));
    assert_replays(&[page], "", &[]);
}
