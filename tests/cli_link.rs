//! `learn --link` and `compare --link` (issue 24): the page address that
//! opens the same run. Opened here with the page's own `Page` (what the
//! page's wasm wraps), or replayed with `replay --data` for a wider file,
//! it must learn the weights the command line printed, to the bit, and
//! the same mistakes.

mod command;

use command::{run, stderr, stdout, temp_file};
use onlinelearn::playground::{Page, QUANTUM};
use onlinelearn::Learner;
use serde_json::Value;

/// `ARGS --json --link`: the report(s) and the address, printed last.
fn learned(args: &[&str]) -> (Value, String) {
    let mut all = args.to_vec();
    all.extend(["--json", "--link", "--link-base", "https://example.org/p/"]);
    let text = stdout(&run(&all));
    let (json, address) = text.trim_end().rsplit_once('\n').unwrap();
    let hash = address
        .strip_prefix("https://example.org/p/#")
        .unwrap_or_else(|| panic!("an address last: {address}"));
    (serde_json::from_str(json).unwrap(), hash.to_string())
}

fn weights(report: &Value) -> Vec<f64> {
    let mut w: Vec<f64> = serde_json::from_value(report["weights"].clone()).unwrap();
    w.push(report["bias"].as_f64().unwrap());
    w
}

fn page_weights(page: &Page) -> Vec<f64> {
    let m = page.session().learner().unwrap().linear_model().unwrap();
    let mut w = m.weights;
    w.push(m.bias);
    w
}

/// A coordinate as the page's clicks hold it (k × 1e-3), and as the page's
/// Points (CSV) writes it: the shortest text that reads back to it.
fn grid(k: i64) -> f64 {
    k as f64 * QUANTUM
}

/// Points on the page's 1e-3 grid, labels 0 and 1 (read as −1 and +1).
fn grid_points() -> String {
    let mut text = String::from("x,y,label\n");
    for i in 0..90 {
        let (x, y) = (grid((i * 37) % 2000 - 1000), grid((i * 53) % 1800 - 900));
        text.push_str(&format!("{x},{y},{}\n", u8::from(x - 0.5 * y > 0.1)));
    }
    text
}

#[test]
fn two_dimensional_data_goes_into_the_link_as_points_and_learns_the_same_weights() {
    let path = temp_file("link-grid.csv", &grid_points());
    // Off the grid by a little: the link asks for the file instead.
    let off = temp_file(
        "link-off.csv",
        &grid_points()
            .replacen("\n-1,", "\n-1.0001,", 1)
            .replacen(",0\n", ",0\n0.3333,0.1,1\n", 1),
    );
    let (_, hash) = learned(&["learn", "--algo", "pa1", "--train", off.to_str().unwrap()]);
    assert!(hash.contains("file=link-off.csv:"), "{hash}");
    let (report, hash) = learned(&[
        "learn",
        "--algo",
        "pa1",
        "--c",
        "0.3",
        "--passes",
        "3",
        "--train",
        path.to_str().unwrap(),
    ]);
    assert!(
        !hash.contains("file="),
        "the points are in the link: {hash}"
    );
    let page = Page::open(&hash, None).unwrap();
    assert_eq!(page_weights(&page), weights(&report), "{hash}");
    let progress = page.session().progress();
    assert_eq!(progress.samples, 270);
    assert_eq!(progress.mistakes, report["mistakes"].as_u64().unwrap());
}

#[test]
fn a_regression_line_goes_into_the_link_as_points() {
    let mut text = String::from("x,y\n");
    for i in 0..60 {
        let x = grid(i * 50 - 1500);
        text.push_str(&format!("{x},{}\n", grid(i * 40 - 1400 + (i % 7) * 9)));
    }
    let path = temp_file("link-line.csv", &text);
    let (report, hash) = learned(&[
        "learn",
        "--algo",
        "pa2",
        "--task",
        "regression",
        "--c",
        "0.5",
        "--eps",
        "0.01",
        "--train",
        path.to_str().unwrap(),
    ]);
    assert!(
        hash.contains("preset=regression-1d") && !hash.contains("file="),
        "{hash}"
    );
    let page = Page::open(&hash, None).unwrap();
    assert_eq!(page_weights(&page), weights(&report));
}

#[test]
fn a_wider_file_gives_the_link_that_asks_for_it_and_replays_on_it() {
    let mut text = String::new();
    for i in 0..80 {
        let v: Vec<f64> = (0..4)
            .map(|k| ((i * (k + 3) * 7919) % 1000) as f64 / 250.0 - 2.0)
            .collect();
        let label = if v[0] + v[2] > v[1] { 1 } else { -1 };
        text.push_str(&format!(
            "{label} 1:{} 2:{} 3:{} 4:{}\n",
            v[0], v[1], v[2], v[3]
        ));
    }
    let path = temp_file("link-wide.svm", &text);
    let train = path.to_str().unwrap();
    let (reports, hash) = learned(&[
        "compare",
        "--algos",
        "perceptron,pa1",
        "--passes",
        "2",
        "--train",
        train,
    ]);
    assert!(
        hash.contains("file=link-wide.svm:") && hash.contains("view=compare"),
        "{hash}"
    );
    // The page would ask for the file; replay is given it.
    let out = stdout(&run(&["replay", &hash, "--data", train, "--json"]));
    let doc: Value = serde_json::from_str(&out).unwrap();
    for (model, report) in doc["models"]
        .as_array()
        .unwrap()
        .iter()
        .zip(reports.as_array().unwrap())
    {
        assert_eq!(model["algorithm"], report["algo"]);
        let mut w: Vec<f64> = serde_json::from_value(model["model"]["weights"].clone()).unwrap();
        w.push(model["model"]["bias"].as_f64().unwrap());
        assert_eq!(w, weights(report), "{}", report["algo"]);
        assert_eq!(model["samples"], 160);
    }
}

#[test]
fn a_run_the_page_cannot_show_is_refused_before_learning() {
    let path = temp_file("link-refused.csv", &grid_points());
    let out = run(&[
        "learn",
        "--algo",
        "pa1",
        "--seed",
        "4",
        "--train",
        path.to_str().unwrap(),
        "--link",
    ]);
    assert!(out.stdout.is_empty(), "nothing learned");
    assert!(stderr(&out).contains("--seed"), "names the flag");
}

#[test]
fn stream_link_opens_the_page_on_the_same_samples() {
    let out = run(&[
        "stream",
        "--preset",
        "moons",
        "--n",
        "300",
        "--seed",
        "7",
        "--noise",
        "0.1",
        "--link",
        "--link-base",
        "https://example.org/p/",
    ]);
    // The CSV on standard output, the address on standard error.
    let csv = stdout(&out);
    let address = String::from_utf8(out.stderr.clone()).unwrap();
    let hash = address
        .trim()
        .strip_prefix("https://example.org/p/#")
        .unwrap_or_else(|| panic!("an address: {address}"));
    let page = Page::open(hash, None).unwrap();
    assert_eq!(page.session().progress().samples, 300);
    // The page's shown points are the CSV's rows, to the bit.
    let points = page.session().points();
    for (i, line) in csv.lines().skip(1).enumerate() {
        let row: Vec<f64> = line.split(',').map(|v| v.parse().unwrap()).collect();
        assert_eq!(&points[3 * i..3 * i + 3], &row[..], "row {i}");
    }
    // A stream the page does not have is refused before any CSV is written.
    let refused = run(&[
        "stream",
        "--preset",
        "regression-nd",
        "--features",
        "3",
        "--link",
    ]);
    assert!(refused.stdout.is_empty());
    assert!(
        stderr(&refused).contains("no link for regression-nd"),
        "{}",
        stderr(&refused)
    );
}

/// book/src/cli.md: regression-nd has no link with any --features, the
/// page's 4 included (its plane draws one feature), and the refusal says
/// so and names regression-1d, before any CSV is written.
#[test]
fn stream_link_refuses_regression_nd_with_any_features() {
    for features in [&[][..], &["--features", "4"][..]] {
        let mut args = vec!["stream", "--preset", "regression-nd", "--n", "2", "--link"];
        args.extend_from_slice(features);
        let refused = run(&args);
        assert!(refused.stdout.is_empty());
        let message = stderr(&refused);
        assert!(
            message.contains("--link: the page has no link for regression-nd")
                && message.contains("--preset regression-1d"),
            "{message}"
        );
    }
}
