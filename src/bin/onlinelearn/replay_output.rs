//! What `replay` prints: the page's summary of each panel, its Model (JSON)
//! export and its Curves (CSV), as the page writes them (www/js/summary.js,
//! www/js/export.js).

use onlinelearn::playground::{ModelExport, Page, Series, Session};
use onlinelearn::{Learner, Task};
use serde::Serialize;

use crate::js_number::js_number;

/// One line per panel: samples, mistakes, support size, the test score.
pub fn summary(pages: &[Page]) -> String {
    let mut out = String::new();
    if let Some(file) = pages[0].live().file() {
        out.push_str(&format!(
            "data: {} ({} rows, fingerprint {:016x}, checked)\n",
            file.name,
            file.data.len(),
            file.fingerprint()
        ));
    }
    for page in pages {
        out.push_str(&panel_line(page.session()));
        out.push('\n');
    }
    out
}

/// "1 mistake", "2 mistakes": a count with its noun, as the page says it.
fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn panel_line(s: &Session) -> String {
    let p = s.progress();
    let regression = s.task() == Task::Regression;
    let mut parts = vec![format!(
        "{}: {} learned",
        s.algorithm().label(),
        counted(p.samples, "sample", "samples")
    )];
    if !regression && p.samples > 0 {
        parts.push(format!(
            "{} ({:.1}%)",
            counted(p.mistakes, "mistake", "mistakes"),
            100.0 * p.mistakes as f64 / p.samples as f64
        ));
    }
    if let Some(set) = s.learner().and_then(|l| l.support_set()) {
        parts.push(counted(
            set.len() as u64,
            "support vector",
            "support vectors",
        ));
    }
    if s.classes() > 2 {
        parts.push(format!("{} classes", s.classes()));
    }
    let curves = s.curves();
    if let Some(&test) = curves.series(Series::Test).last() {
        let on_points = s.scores_on_points();
        parts.push(match (regression, on_points) {
            (true, true) => format!("mean absolute error on the points {}", js_number(test)),
            (true, false) => format!("held-out mean absolute error {}", js_number(test)),
            (false, true) => format!("accuracy on the points {:.1}%", 100.0 * test),
            (false, false) => format!("held-out accuracy {:.1}%", 100.0 * test),
        });
    }
    parts.join(", ")
}

/// The page's Model (JSON): the model of a single panel, or Compare's
/// `onlinelearn-models` with one per panel; `extras` are the page's keys.
/// Each model's `state` is its panel's link (naming the panel's learner),
/// the document's the first panel's, as export.js writes them.
pub fn model_json(pages: &[Page], extras: &str) -> Result<String, String> {
    let state = pages[0].hash(extras);
    let mut models: Vec<ModelExport> = pages
        .iter()
        .map(|p| ModelExport::new(p.session(), p.hash(extras)))
        .collect();
    let text = if models.len() == 1 {
        serde_json::to_string_pretty(&models.remove(0))
    } else {
        serde_json::to_string_pretty(&Models {
            format: "onlinelearn-models",
            version: 2,
            state: &state,
            models,
        })
    };
    text.map_err(|e| e.to_string())
}

/// Compare's document (export.js's `modelJson`), its keys in the page's order.
#[derive(Serialize)]
struct Models<'a> {
    format: &'static str,
    version: u32,
    state: &'a str,
    models: Vec<ModelExport<'a>>,
}

/// The page's Curves (CSV): a row per recorded point of each panel, the
/// numbers spelled as JavaScript spells them.
pub fn curves_csv(pages: &[Page]) -> String {
    let regression = pages[0].live().task() == Task::Regression;
    // (The last column: the moving rate a concept move's recovery is judged on.)
    let (online, test, recent) = if regression {
        ("progressive_mae", "test_mae", "recent_abs_error")
    } else {
        (
            "online_mistake_rate",
            "test_accuracy",
            "recent_mistake_rate",
        )
    };
    let mut out =
        format!("learner,samples,{online},recent_loss,{test},support_size,{recent},labels_asked\n");
    let series = Series::ALL;
    for page in pages {
        let session = page.live();
        let curves = session.curves();
        for i in 0..curves.len() {
            out.push_str(page.session().algorithm().label());
            for s in series {
                out.push(',');
                out.push_str(&js_number(curves.series(s)[i]));
            }
            out.push('\n');
        }
    }
    out
}
