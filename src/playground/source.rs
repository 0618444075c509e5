//! Where a session's samples come from: the seeded synthetic stream of its
//! preset, or a file the reader loaded on the page.
//!
//! A file is cycled in its own order. Two-dimensional classification data
//! (and one-dimensional regression data) is drawn as it streams: as it is
//! when it already lies in the plane's view, else standardised to fit.
//! Wider data trains with the curves only.

use std::sync::{Arc, OnceLock};

use crate::data::{class_index, Dataset, Stream};
use crate::error::{Code, Error, Result};
use crate::features::{Features, SparseFeatures};
use crate::learner::{LinearModel, Task};

/// A loaded file and where the session is in it.
#[derive(Clone, Debug)]
pub struct FileSource {
    pub name: String,
    /// The classes of a classification file (2 to 6; 0 for a regression):
    /// its labels are the page's labels of classes 1 to K.
    pub classes: usize,
    /// Shared, not copied, by the sessions that learn from it (a reset, a
    /// replayed link, another learner in compare mode).
    pub data: Arc<Dataset>,
    pub task: Task,
    /// How the file's values were mapped onto the plane, if they were.
    pub transform: Option<Transform>,
    /// The data's fingerprint (its link key), once known: hashing 45 MB
    /// took a quarter of a second in wasm, so it is computed once, and by
    /// the page's file reader in its worker when there is one.
    fingerprint: Arc<OnceLock<u64>>,
    next: usize,
    drawn: u64,
}

/// Plane value = (file value - mean) * scale, per feature (and for a
/// regression target); the model is learned on plane values.
#[derive(Clone, Debug, PartialEq)]
pub struct Transform {
    pub mean: Vec<f64>,
    pub scale: Vec<f64>,
    /// (mean, scale) of a regression target.
    pub target: Option<(f64, f64)>,
}

impl Transform {
    /// A model learned on plane values as the same function of the file's
    /// values: w_k s_k and b − Σ w_k s_k m_k (the scores are equal, so a
    /// classification is the same), and for a regression, whose target
    /// was scaled too, then mapped back: y = m_y + f / s_y.
    pub fn to_file_units(&self, model: &LinearModel) -> LinearModel {
        let weights: Vec<f64> = model
            .weights
            .iter()
            .zip(&self.scale)
            .map(|(w, s)| w * s)
            .collect();
        let shift: f64 = weights.iter().zip(&self.mean).map(|(w, m)| w * m).sum();
        let (y_mean, y_scale) = self.target.unwrap_or((0.0, 1.0));
        LinearModel {
            weights: weights.iter().map(|w| w / y_scale).collect(),
            bias: y_mean + (model.bias - shift) / y_scale,
        }
    }
}

/// Half the width of the plane's view: data inside it is shown as it is.
pub const PLANE_REACH: f64 = 1.5;

#[derive(Clone, Debug)]
pub enum Source {
    Stream(Stream),
    File(FileSource),
}

/// One sample's features, copied out of the source.
#[derive(Clone, Debug, Default)]
pub struct SampleBuffer {
    dense: Vec<f64>,
    indices: Vec<u32>,
    values: Vec<f64>,
    sparse: bool,
}

impl SampleBuffer {
    pub fn features(&self) -> Features<'_> {
        if self.sparse {
            Features::Sparse(SparseFeatures::new_unchecked(&self.indices, &self.values))
        } else {
            Features::Dense(&self.dense)
        }
    }

    /// The first two coordinates (the plane's x and y).
    pub fn plane_point(&self) -> [f64; 2] {
        let dense = &self.dense;
        [
            dense.first().copied().unwrap_or(0.0),
            dense.get(1).copied().unwrap_or(0.0),
        ]
    }
}

impl FileSource {
    /// Checks the data and, when the plane can show it but its values reach
    /// outside the view, standardises it: each coordinate (and a regression
    /// target) to mean 0 and a standard deviation of 0.5, so nearly all
    /// points land in [-1.5, 1.5]. Data already inside is kept as it is, so
    /// that exported points load back where they were.
    pub fn new(name: &str, data: Dataset, task: Task) -> Result<Self> {
        if data.is_empty() {
            return Err(Error::BadSample(crate::msg!(Code::NoRows, file = name)));
        }
        if task == Task::Classification {
            if let Some(row) = data.labels().iter().position(|&y| class_index(y).is_none()) {
                return Err(Error::BadSample(
                    format!(
                    "{name}: row {} has label {}, not the page's label of a class (+1, -1, 3 to 6)",
                    row + 1,
                    crate::number::text(data.label(row))
                )
                    .into(),
                ));
            }
        }
        let classes = match task {
            Task::Classification => classes_of(&data),
            Task::Regression => 0,
        };
        let plane_width = match task {
            Task::Classification => 2,
            Task::Regression => 1,
        };
        let (data, transform) = if data.n_features() != plane_width {
            (data, None)
        } else if inside_view(&data, task) {
            // Dense, so that the plane can draw it.
            (data.into_dense(), None)
        } else {
            let (data, transform) = standardised(data, task);
            (data, Some(transform))
        };
        Ok(Self {
            name: name.to_string(),
            classes,
            data: Arc::new(data),
            task,
            transform,
            fingerprint: Arc::default(),
            next: 0,
            drawn: 0,
        })
    }

    /// The data's fingerprint, as computed elsewhere from the same file
    /// (the page's worker): it is taken as is.
    pub fn with_fingerprint(self, fingerprint: u64) -> Self {
        let _ = self.fingerprint.set(fingerprint);
        self
    }

    /// FNV-1a of the data as held (after any transform): equal data, equal
    /// fingerprint.
    pub fn fingerprint(&self) -> u64 {
        *self.fingerprint.get_or_init(|| self.data.fingerprint())
    }

    /// Whether the plane can draw this data.
    pub fn on_plane(&self) -> bool {
        !self.data.is_sparse()
            && self.data.n_features()
                == match self.task {
                    Task::Classification => 2,
                    Task::Regression => 1,
                }
    }

    /// What a link records of the file: its name (letters, digits and
    /// `-_.` only, at most 64 of them) and the fingerprint of its data, so
    /// that the page can ask for it and check it is the same file.
    pub fn link_key(&self) -> String {
        let name: String = self
            .name
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                    c
                } else {
                    '_'
                }
            })
            .take(64)
            .collect();
        format!("{name}:{:016x}", self.fingerprint())
    }

    /// Back to the first row.
    pub fn rewind(&mut self) {
        self.next = 0;
        self.drawn = 0;
    }

    /// Up to `n` rows spread over the file, to score the model on.
    pub fn sample(&self, n: usize) -> Dataset {
        let step = (self.data.len() / n.max(1)).max(1);
        let rows: Vec<usize> = (0..self.data.len()).step_by(step).take(n).collect();
        self.data.select(&rows)
    }
}

impl Source {
    pub fn on_plane(&self) -> bool {
        match self {
            Source::Stream(_) => true,
            Source::File(f) => f.on_plane(),
        }
    }

    /// Whether the sample just drawn is a file's row drawn before, in an
    /// earlier pass, while the whole file fits in the `kept` points the
    /// plane keeps (so that it is still shown there).
    pub fn repeats_shown_rows(&self, kept: usize) -> bool {
        match self {
            Source::Stream(_) => false,
            Source::File(f) => f.data.len() <= kept && f.drawn > f.data.len() as u64,
        }
    }

    pub fn samples_drawn(&self) -> u64 {
        match self {
            Source::Stream(s) => s.samples_drawn(),
            Source::File(f) => f.drawn,
        }
    }

    pub fn set_label_noise(&mut self, noise: f64) -> Result<()> {
        match self {
            Source::Stream(s) => s.set_label_noise(noise),
            // A file's labels are what they are.
            Source::File(_) => Ok(()),
        }
    }

    /// Copies the next sample into `buffer` and returns its label.
    pub fn next(&mut self, buffer: &mut SampleBuffer) -> f64 {
        match self {
            Source::Stream(stream) => {
                buffer.sparse = false;
                buffer.dense.resize(stream.n_features(), 0.0);
                stream.next_into(&mut buffer.dense)
            }
            Source::File(file) => {
                let i = file.next;
                file.next = (i + 1) % file.data.len();
                file.drawn += 1;
                match file.data.row(i) {
                    Features::Dense(x) => {
                        buffer.sparse = false;
                        buffer.dense.clear();
                        buffer.dense.extend_from_slice(x);
                    }
                    Features::Sparse(s) => {
                        buffer.sparse = true;
                        buffer.indices.clear();
                        buffer.indices.extend_from_slice(s.indices());
                        buffer.values.clear();
                        buffer.values.extend_from_slice(s.values());
                    }
                }
                file.data.label(i)
            }
        }
    }
}

/// The classes a file of page labels holds: 2, or the highest class's number.
pub fn classes_of(data: &Dataset) -> usize {
    data.labels()
        .iter()
        .filter_map(|&y| class_index(y))
        .max()
        .map_or(2, |k| (k + 1).max(2))
}

/// Whether every value the plane shows (and a regression target) is in view.
fn inside_view(data: &Dataset, task: Task) -> bool {
    let features = (0..data.len()).all(|i| match data.row(i) {
        Features::Dense(x) => x.iter().all(|v| v.abs() <= PLANE_REACH),
        Features::Sparse(s) => s.values().iter().all(|v| v.abs() <= PLANE_REACH),
    });
    features
        && (task == Task::Classification || data.labels().iter().all(|y| y.abs() <= PLANE_REACH))
}

/// Each feature (and a regression target) to mean 0, standard deviation 0.5.
/// Column by column over the rows, into one array made at its size (the
/// page's main thread runs this on a file's opening: no copies row by row).
fn standardised(data: Dataset, task: Task) -> (Dataset, Transform) {
    let dense = data.into_dense();
    let d = dense.n_features();
    let n = dense.len() as f64;
    let row = |i: usize| match dense.row(i) {
        Features::Dense(x) => x,
        Features::Sparse(_) => unreachable!("a dense data set"),
    };
    let scale = |values: &mut dyn Iterator<Item = f64>| -> (f64, f64) {
        let values: Vec<f64> = values.collect();
        let mean = values.iter().sum::<f64>() / n;
        let sd = (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n).sqrt();
        (mean, if sd > 0.0 { 0.5 / sd } else { 1.0 })
    };
    let factors: Vec<(f64, f64)> = (0..d)
        .map(|k| scale(&mut (0..dense.len()).map(|i| row(i)[k])))
        .collect();
    let (y_mean, y_factor) = match task {
        Task::Regression => scale(&mut dense.labels().iter().copied()),
        Task::Classification => (0.0, 1.0),
    };
    let mut values = Vec::with_capacity(dense.len() * d);
    for i in 0..dense.len() {
        values.extend(
            row(i)
                .iter()
                .zip(&factors)
                .map(|(&v, &(mean, factor))| (v - mean) * factor),
        );
    }
    let labels = dense
        .labels()
        .iter()
        .map(|&y| (y - y_mean) * y_factor)
        .collect();
    let out = Dataset::from_dense(values, d, labels).expect("standardised values are finite");
    let transform = Transform {
        mean: factors.iter().map(|f| f.0).collect(),
        scale: factors.iter().map(|f| f.1).collect(),
        target: (task == Task::Regression).then_some((y_mean, y_factor)),
    };
    (out, transform)
}

#[cfg(test)]
#[path = "source_tests.rs"]
mod tests;
