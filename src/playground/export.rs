//! The model as a document, for the page's "Model (JSON)" export:
//! everything needed to use the model elsewhere (weights, or support
//! vectors with their coefficients and the kernel), the settings in force,
//! where the data came from, and the link `state` that rebuilds the whole
//! session when the file is opened in the page again.
//!
//! One serde type: the command line writes it with serde_json, the page
//! gets it through serde-wasm-bindgen and saves `JSON.stringify` of it.

use serde::Serialize;

use super::session::Session;
use super::source::Source;
use crate::features::Features;
use crate::kernel::KernelSpec;
use crate::learner::Learner;
use crate::multiclass::Multiclass;
use crate::registry::AnyLearner;
use crate::settings::{Choice, Reduction, SettingsSubset};

/// Identifies the file type; the page refuses JSON without it.
pub const MODEL_FORMAT: &str = "onlinelearn-model";
/// 2: "settings" (the settings in force) replaced version 1's "hyper".
pub const MODEL_VERSION: u32 = 2;

#[derive(Serialize)]
pub struct ModelExport<'a> {
    format: &'static str,
    version: u32,
    algorithm: &'static str,
    task: &'static str,
    /// The settings the learner uses, with the page's data settings.
    settings: SettingsSubset<'a>,
    data: DataOrigin,
    samples: u64,
    model: ModelDoc,
    /// A linear model learned on a file the plane standardised, as the
    /// same function of the file's own values (see `data.transform`).
    #[serde(skip_serializing_if = "Option::is_none")]
    model_in_file_units: Option<ModelDoc>,
    /// The link that rebuilds the session.
    state: String,
}

#[derive(Serialize)]
#[serde(tag = "source", rename_all = "lowercase")]
enum DataOrigin {
    Stream {
        preset: &'static str,
        seed: u64,
        noise: f64,
    },
    File {
        name: String,
        rows: usize,
        features: usize,
        fingerprint: String,
        /// How the file's values were mapped onto the plane, if they were.
        transform: Option<Transform>,
    },
}

#[derive(Serialize)]
struct Transform {
    rule: &'static str,
    mean: Vec<f64>,
    scale: Vec<f64>,
    target: Option<TargetScale>,
}

#[derive(Serialize)]
struct TargetScale {
    mean: f64,
    scale: f64,
}

/// The model as the document writes it (the session's [`crate::Model`]
/// is what learns; this is what a reader of the JSON gets).
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
enum ModelDoc {
    Linear {
        rule: &'static str,
        weights: Vec<f64>,
        bias: f64,
    },
    /// K classes: a weight row and a bias per class, in class order.
    Multiclass {
        rule: &'static str,
        reduction: &'static str,
        /// The classes as numbered on the page (keys 1 to 6).
        classes: Vec<u32>,
        weights: Vec<Vec<f64>>,
        bias: Vec<f64>,
    },
    Kernel {
        rule: &'static str,
        kernel: Kernel,
        offset: f64,
        support: Vec<SupportVector>,
    },
    /// FOGD: no support vectors, D random frequencies and 2D weights (in
    /// the builds that hold its code: the first module cannot run it, and
    /// leaves this variant's serialisation out).
    #[cfg(feature = "kernel")]
    Fourier {
        rule: &'static str,
        sigma: f64,
        /// uᵢ over the features seen, one row per frequency.
        frequencies: Vec<Vec<f64>>,
        /// The D cosine weights, then the D sine weights.
        weights: Vec<f64>,
    },
}

#[derive(Serialize)]
#[serde(tag = "name", rename_all = "lowercase")]
enum Kernel {
    Gaussian {
        rule: &'static str,
        sigma: f64,
    },
    Polynomial {
        rule: &'static str,
        degree: u32,
        offset: f64,
    },
    Linear {
        rule: &'static str,
    },
}

#[derive(Serialize)]
struct SupportVector {
    alpha: f64,
    label: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    x: Option<Vec<f64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    indices: Option<Vec<u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    values: Option<Vec<f64>>,
}

impl<'a> ModelExport<'a> {
    /// The session's model; `state` is the link hash that rebuilds it.
    pub fn new(session: &'a Session, state: String) -> Self {
        let setup = session.setup();
        Self {
            format: MODEL_FORMAT,
            version: MODEL_VERSION,
            algorithm: setup.algorithm.name(),
            task: session.task().name(),
            settings: setup.settings.subset(&session.settings_in_force()),
            data: data_origin(session),
            samples: session.progress().samples,
            model: match (session.learner(), session.multiclass()) {
                (Some(learner), _) => model(learner),
                (None, Some(multiclass)) => class_model(multiclass, setup.settings.multiclass),
                (None, None) => unreachable!("a session has a learner or K classes"),
            },
            model_in_file_units: file_units(session),
            state,
        }
    }
}

fn data_origin(session: &Session) -> DataOrigin {
    let s = session.settings();
    match session.feed.source() {
        Source::Stream(_) => DataOrigin::Stream {
            preset: s.preset.name(),
            seed: s.seed,
            noise: s.noise,
        },
        Source::File(file) => DataOrigin::File {
            name: file.name.clone(),
            rows: file.data.len(),
            features: file.data.n_features(),
            fingerprint: format!("{:016x}", file.fingerprint()),
            transform: file.transform.as_ref().map(|t| Transform {
                rule: "plane value = (file value - mean) * scale",
                mean: t.mean.clone(),
                scale: t.scale.clone(),
                target: t.target.map(|(mean, scale)| TargetScale { mean, scale }),
            }),
        },
    }
}

/// The linear model(s) in the file's units, when the plane standardised the file.
fn file_units(session: &Session) -> Option<ModelDoc> {
    let rows = session.file_models()?;
    Some(match session.multiclass() {
        None => {
            let m = rows.into_iter().next()?;
            ModelDoc::Linear {
                rule: "f(x) = w . x + bias, x in the file's units",
                weights: m.weights,
                bias: m.bias,
            }
        }
        Some(_) => rows_model(rows, session.settings().multiclass),
    })
}

fn class_model(multiclass: &Multiclass, reduction: Reduction) -> ModelDoc {
    rows_model(multiclass.models(), reduction)
}

fn rows_model(rows: Vec<crate::learner::LinearModel>, reduction: Reduction) -> ModelDoc {
    ModelDoc::Multiclass {
        rule: "class = the k with the largest w_k . x + bias_k (the lowest k on a tie)",
        reduction: reduction.name(),
        classes: (1..=rows.len() as u32).collect(),
        bias: rows.iter().map(|m| m.bias).collect(),
        weights: rows.into_iter().map(|m| m.weights).collect(),
    }
}

fn model(learner: &AnyLearner) -> ModelDoc {
    if let Some(m) = learner.linear_model() {
        return ModelDoc::Linear {
            rule: "f(x) = w . x + bias",
            weights: m.weights,
            bias: m.bias,
        };
    }
    #[cfg(feature = "kernel")]
    if let Some(m) = learner.fourier() {
        return ModelDoc::Fourier {
            rule: "f(x) = w . (cos(u_i . x), sin(u_i . x))_i / sqrt(D)",
            sigma: m.sigma,
            frequencies: m.frequencies,
            weights: m.weights,
        };
    }
    let set = learner
        .support_set()
        .expect("a learner is linear, has a support set or is FOGD");
    let kernel = match learner.kernel().expect("a kernel learner has a kernel") {
        KernelSpec::Gaussian { sigma } => Kernel::Gaussian {
            rule: "k(s, x) = exp(-|s - x|^2 / (2 sigma^2))",
            sigma,
        },
        KernelSpec::Polynomial { degree, offset } => Kernel::Polynomial {
            rule: "k(s, x) = (offset + s . x)^degree",
            degree,
            offset,
        },
        KernelSpec::Linear => Kernel::Linear {
            rule: "k(s, x) = s . x",
        },
    };
    let support = (0..set.len())
        .map(|i| {
            let (x, label) = set.vector(i);
            let alpha = set.coefficients()[i];
            match x {
                Features::Dense(v) => SupportVector {
                    alpha,
                    label,
                    x: Some(v.to_vec()),
                    indices: None,
                    values: None,
                },
                Features::Sparse(sp) => SupportVector {
                    alpha,
                    label,
                    x: None,
                    indices: Some(sp.indices().to_vec()),
                    values: Some(sp.values().to_vec()),
                },
            }
        })
        .collect();
    ModelDoc::Kernel {
        rule: "f(x) = sum_i alpha_i k(s_i, x) + offset",
        kernel,
        offset: learner.kernel_offset(),
        support,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Preset;
    use crate::playground::{Event, Setup};
    use crate::registry::Algorithm;
    use serde_json::Value;

    fn trained(algorithm: Algorithm) -> Session {
        let mut setup = Setup {
            algorithm,
            ..Setup::default()
        };
        setup.settings.preset = Preset::Xor;
        let mut s = Session::new(setup).unwrap();
        s.apply(Event::Stream(300)).unwrap();
        s
    }

    fn json(session: &Session, state: &str) -> Value {
        serde_json::to_value(ModelExport::new(session, state.into())).unwrap()
    }

    #[test]
    fn a_linear_model_exports_its_exact_weights() {
        let s = trained(Algorithm::Pa1);
        let doc = json(&s, "v=2&algo=pa1&log=x");
        let model = s.learner().unwrap().linear_model().unwrap();
        let weights: Vec<f64> = serde_json::from_value(doc["model"]["weights"].clone()).unwrap();
        assert_eq!(weights, model.weights, "shortest round-trip text");
        assert_eq!(doc["model"]["bias"], model.bias);
        assert_eq!(doc["state"], "v=2&algo=pa1&log=x");
        assert_eq!(doc["samples"], 300);
        assert_eq!(doc["data"]["source"], "stream");
        assert_eq!(doc["data"]["preset"], "xor");
        assert_eq!(doc["settings"]["c"], 0.1, "the settings in force");
        assert!(
            doc["settings"].get("sigma").is_none(),
            "only those in force"
        );
    }

    #[test]
    fn a_kernel_model_lists_every_support_vector_and_scores_alike() {
        let s = trained(Algorithm::Apsm);
        let doc = json(&s, "");
        let set = s.learner().unwrap().support_set().unwrap();
        let support = doc["model"]["support"].as_array().unwrap();
        assert_eq!(support.len(), set.len());
        assert!(set.len() > 5);
        let sigma = doc["model"]["kernel"]["sigma"].as_f64().unwrap();
        let mut f = doc["model"]["offset"].as_f64().unwrap();
        for v in support {
            let x: Vec<f64> = serde_json::from_value(v["x"].clone()).unwrap();
            let d2 = (x[0] - 0.3).powi(2) + (x[1] + 0.2).powi(2);
            f += v["alpha"].as_f64().unwrap() * (-d2 / (2.0 * sigma * sigma)).exp();
        }
        let direct = s.learner().unwrap().score(Features::Dense(&[0.3, -0.2]));
        assert!(
            (f - direct).abs() < 1e-9 * direct.abs().max(1.0),
            "{f} vs {direct}"
        );
    }

    #[test]
    fn fogd_exports_its_frequencies_and_weights_and_scores_alike() {
        let s = trained(Algorithm::Fogd);
        let m = &json(&s, "")["model"];
        assert_eq!(m["type"], "fourier");
        let u: Vec<Vec<f64>> = serde_json::from_value(m["frequencies"].clone()).unwrap();
        let w: Vec<f64> = serde_json::from_value(m["weights"].clone()).unwrap();
        let d = u.len();
        assert_eq!((d, w.len(), u[0].len()), (200, 400, 2));
        let (x, y) = (0.3, -0.2);
        let f: f64 = (0..d)
            .map(|i| {
                let p = u[i][0] * x + u[i][1] * y;
                w[i] * p.cos() + w[d + i] * p.sin()
            })
            .sum::<f64>()
            / (d as f64).sqrt();
        let direct = s.learner().unwrap().score(Features::Dense(&[x, y]));
        assert!(
            (f - direct).abs() < 1e-9 * direct.abs().max(1.0),
            "{f} vs {direct}"
        );
    }
}
