//! The model as JSON, for the page's "Model (JSON)" export: everything
//! needed to use the model elsewhere (weights, or support vectors with
//! their coefficients and the kernel), the hyper-parameters, where the data
//! came from, and the link `state` that rebuilds the whole session when the
//! file is loaded back into the page.
//!
//! Written by hand: the format is small, and the crate stays free of a JSON
//! dependency. Every number is finite (learners never hold NaN), and Rust
//! prints the shortest text that reads back to the same f64.

use std::fmt::Write;

use super::{Session, Source};
use crate::features::Features;
use crate::learner::Learner;

/// Identifies the file type; the page refuses JSON without it.
pub const MODEL_FORMAT: &str = "onlinelearn-model";
pub const MODEL_VERSION: u32 = 1;

/// The session's model as a JSON document; `state` is the link hash.
pub fn model_json(session: &Session, state: &str) -> String {
    let s = session.settings();
    let learner = session.learner();
    let mut out = String::from("{\n");
    field(&mut out, "format", &text(MODEL_FORMAT));
    field(&mut out, "version", &MODEL_VERSION.to_string());
    field(&mut out, "algorithm", &text(s.algorithm.name()));
    field(&mut out, "task", &text(session.task().name()));
    let budget = s.budget.map_or("null".to_string(), |b| b.to_string());
    field(
        &mut out,
        "hyper",
        &format!(
            "{{\"c\": {}, \"epsilon\": {}, \"learning_rate\": {}, \"bias\": {}, \"sigma\": {}, \"budget\": {budget}, \"eta\": {}}}",
            s.c,
            s.epsilon,
            s.learning_rate,
            text(s.bias.name()),
            s.sigma,
            s.eta
        ),
    );
    field(&mut out, "data", &data_json(session));
    field(&mut out, "samples", &session.progress().samples.to_string());
    field(&mut out, "model", &model(learner));
    let _ = write!(out, "  \"state\": {}\n}}\n", text(state));
    out
}

fn data_json(session: &Session) -> String {
    let s = session.settings();
    match &session.source {
        Source::Stream(_) => format!(
            "{{\"source\": \"stream\", \"preset\": {}, \"seed\": {}, \"noise\": {}}}",
            text(s.preset.name()),
            s.seed,
            s.noise
        ),
        Source::File(file) => {
            let transform = match &file.transform {
                None => "null".to_string(),
                Some(t) => format!(
                    "{{\"rule\": \"plane value = (file value - mean) * scale\", \"mean\": {}, \"scale\": {}, \"target\": {}}}",
                    numbers(&t.mean),
                    numbers(&t.scale),
                    t.target.map_or("null".to_string(), |(m, k)| format!(
                        "{{\"mean\": {m}, \"scale\": {k}}}"
                    ))
                ),
            };
            format!(
                "{{\"source\": \"file\", \"name\": {}, \"rows\": {}, \"features\": {}, \"fingerprint\": \"{:016x}\", \"transform\": {transform}}}",
                text(&file.name),
                file.data.len(),
                file.data.n_features(),
                file.data.fingerprint()
            )
        }
    }
}

fn model(learner: &crate::algorithms::AnyLearner) -> String {
    if let Some(m) = learner.linear_model() {
        return format!(
            "{{\"type\": \"linear\", \"rule\": \"f(x) = w . x + bias\", \"weights\": {}, \"bias\": {}}}",
            numbers(&m.weights),
            m.bias
        );
    }
    let Some(set) = learner.support_set() else {
        return "null".to_string();
    };
    let spec = match learner {
        crate::algorithms::AnyLearner::Kernel(k) => Some(k.kernel()),
        _ => None,
    };
    let kernel = match spec {
        Some(crate::kernel::KernelSpec::Gaussian { sigma }) => {
            format!("{{\"name\": \"gaussian\", \"rule\": \"k(s, x) = exp(-|s - x|^2 / (2 sigma^2))\", \"sigma\": {sigma}}}")
        }
        Some(other) => text(&format!("{other:?}")),
        None => "null".to_string(),
    };
    let mut vectors = Vec::with_capacity(set.len());
    for i in 0..set.len() {
        let (x, label) = set.vector(i);
        let x = match x {
            Features::Dense(v) => format!("\"x\": {}", numbers(v)),
            Features::Sparse(sp) => format!(
                "\"indices\": [{}], \"values\": {}",
                sp.indices()
                    .iter()
                    .map(|k| k.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
                numbers(sp.values())
            ),
        };
        vectors.push(format!(
            "    {{\"alpha\": {}, \"label\": {label}, {x}}}",
            set.coefficients()[i]
        ));
    }
    format!(
        "{{\"type\": \"kernel\", \"rule\": \"f(x) = sum_i alpha_i k(s_i, x) + offset\", \"kernel\": {kernel}, \"offset\": {}, \"support\": [\n{}\n  ]}}",
        learner.kernel_offset(),
        vectors.join(",\n")
    )
}

fn field(out: &mut String, name: &str, value: &str) {
    let _ = writeln!(out, "  \"{name}\": {value},");
}

fn numbers(values: &[f64]) -> String {
    let items: Vec<String> = values.iter().map(|v| v.to_string()).collect();
    format!("[{}]", items.join(", "))
}

/// A JSON string literal.
fn text(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('"');
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::Algorithm;
    use crate::data::Preset;
    use crate::kernel::KernelAlgorithm;
    use crate::playground::{Event, Settings};

    fn trained(algorithm: Algorithm) -> Session {
        let mut s = Session::new(Settings {
            algorithm,
            preset: Preset::Xor,
            ..Settings::default()
        })
        .unwrap();
        s.apply(Event::Stream(300)).unwrap();
        s
    }

    /// Pulls the numbers out of `"key": [..]`.
    fn array(json: &str, key: &str) -> Vec<f64> {
        let start = json.find(&format!("\"{key}\": [")).unwrap() + key.len() + 5;
        let end = start + json[start..].find(']').unwrap();
        json[start..end]
            .split(',')
            .map(|v| v.trim().parse().unwrap())
            .collect()
    }

    #[test]
    fn a_linear_model_exports_its_exact_weights() {
        let s = trained(Algorithm::Pa1);
        let json = model_json(&s, "algo=pa1&log=x");
        let model = s.learner().linear_model().unwrap();
        assert_eq!(
            array(&json, "weights"),
            model.weights,
            "shortest round-trip text"
        );
        assert!(json.contains(&format!("\"bias\": {}", model.bias)));
        assert!(json.contains("\"state\": \"algo=pa1&log=x\""));
        assert!(json.contains("\"samples\": 300"));
        assert!(json.contains("\"source\": \"stream\", \"preset\": \"xor\""));
    }

    #[test]
    fn a_kernel_model_lists_every_support_vector_and_scores_alike() {
        let mut s = trained(Algorithm::Kernel(KernelAlgorithm::Apsm));
        let json = model_json(&s, "");
        let set = s.learner().support_set().unwrap();
        assert_eq!(json.matches("\"alpha\"").count(), set.len());
        assert!(set.len() > 5);
        // Rebuild f at a point from the JSON's numbers alone.
        let sigma = s.settings().sigma;
        let offset: f64 = {
            let at = json.find("\"offset\": ").unwrap() + 10;
            json[at..json[at..].find(',').unwrap() + at]
                .parse()
                .unwrap()
        };
        let mut f = offset;
        for entry in json.split("{\"alpha\": ").skip(1) {
            let alpha: f64 = entry[..entry.find(',').unwrap()].parse().unwrap();
            let x = array(entry, "x");
            let d2 = (x[0] - 0.3).powi(2) + (x[1] + 0.2).powi(2);
            f += alpha * (-d2 / (2.0 * sigma * sigma)).exp();
        }
        let direct = s.learner().score(Features::Dense(&[0.3, -0.2]));
        assert!(
            (f - direct).abs() < 1e-9 * direct.abs().max(1.0),
            "{f} vs {direct}"
        );
        let _ = s.support_vectors();
    }

    #[test]
    fn strings_are_escaped() {
        assert_eq!(text("a\"b\\c\nd"), "\"a\\\"b\\\\c\\u000ad\"");
    }
}
