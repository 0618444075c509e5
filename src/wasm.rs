//! The browser binding, and the only file that knows about JavaScript.
//!
//! Two modules are built from it. The page's (default features) has one
//! opaque handle, [`page::Playground`], wrapping a [`Session`]. The Web
//! Worker's (`--features loader-module`) has [`worker::DataLoader`], the CSV
//! and LIBSVM readers, and nothing else: the page only downloads the readers
//! when a reader opens a file, which keeps its first load under budget.
//!
//! Calls are batched (one `stream(n)` per frame, one `grid(...)` per frame
//! for the whole shading); bulk data stays in wasm memory and JS reads it
//! through typed array views at the pointers returned here; small results
//! come back as short `Float64Array`s. Every error becomes a JS `Error` with
//! the core's message, and a panic (there should be none) is logged to the
//! console by the panic hook so the page can show it and rebuild the handle.

use wasm_bindgen::prelude::*;

#[cfg(doc)]
use crate::playground::Session;

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

fn js(error: crate::Error) -> JsError {
    JsError::new(&error.to_string())
}

#[cfg(not(feature = "loader-module"))]
pub mod page {
    use super::js;
    use wasm_bindgen::prelude::*;

    use crate::data::Dataset;
    use crate::grid::Grid;
    use crate::learner::{Learner, Task};
    use crate::linear::BiasMode;
    use crate::playground::{Event, FileSource, Param, Series, Session, SharedState, SERIES};

    /// The playground session behind one canvas.
    #[wasm_bindgen]
    pub struct Playground {
        session: Session,
        extras: Vec<(String, String)>,
        support: Vec<f64>,
        /// A link made while learning from a file: replayed once the reader
        /// loads that file.
        pending: Option<SharedState>,
    }

    #[wasm_bindgen]
    impl Playground {
        /// Builds a session from a URL hash (settings, then the log
        /// replayed). With `learner`, that learner runs the link's samples
        /// from the start, whatever learners the link switched between
        /// (a Compare panel).
        #[wasm_bindgen(constructor)]
        pub fn new(hash: &str, learner: Option<String>) -> Result<Playground, JsError> {
            let mut state = SharedState::parse(hash).map_err(js)?;
            if let Some(name) = learner {
                state = state.pinned(name.parse().map_err(js)?);
            }
            if state.extras.iter().any(|(k, _)| k == "file") {
                // The log's samples came from a file the link does not hold:
                // start from the settings and wait for the file.
                return Ok(Playground {
                    session: Session::new(state.settings.clone()).map_err(js)?,
                    extras: state
                        .extras
                        .iter()
                        .filter(|(k, _)| k != "file")
                        .cloned()
                        .collect(),
                    support: Vec::new(),
                    pending: Some(state),
                });
            }
            Ok(Playground {
                session: Session::from_shared(&state).map_err(js)?,
                extras: state.extras,
                support: Vec::new(),
                pending: None,
            })
        }

        /// The hash that rebuilds this session; `extras` ("k=v&k=v") are the
        /// page's own keys, appended when they are safe.
        pub fn hash(&self, extras: &str) -> String {
            let mut state = match &self.pending {
                // Not loaded yet: the link stays the one that was opened.
                Some(pending) => pending.clone(),
                None => self.session.shared(),
            };
            state.extras.retain(|(k, _)| k == "file");
            let page = SharedState::parse(extras)
                .map(|s| s.extras)
                .unwrap_or_default();
            state
                .extras
                .extend(page.into_iter().filter(|(k, _)| k != "file"));
            state.to_hash()
        }

        /// The model as JSON (weights, or support vectors and kernel; the
        /// hyper-parameters; the data's origin) with the link that rebuilds
        /// this session as its `state`. `extras` as for [`Playground::hash`].
        pub fn model_json(&self, extras: &str) -> String {
            crate::playground::model_json(&self.session, &self.hash(extras))
        }

        /// The file a link was made with, as `name:fingerprint`, while it has
        /// not been loaded; otherwise empty.
        pub fn pending_file(&self) -> String {
            self.pending
                .as_ref()
                .and_then(|s| s.extras.iter().find(|(k, _)| k == "file"))
                .map(|(_, v)| v.clone())
                .unwrap_or_default()
        }

        /// Forgets the pending link's file (the reader chose not to load it).
        pub fn drop_pending_file(&mut self) {
            self.pending = None;
        }

        /// The reader went on with the preset instead of opening the file a
        /// link asked for: from now on the link is this session's own.
        fn touched(&mut self) {
            self.pending = None;
        }

        /// Learns from a dense file from now on (`task`: classification or
        /// regression; `values` row-major). Returns a note for the reader
        /// (an algorithm swapped, or a link replayed), or an empty string.
        pub fn load_dense(
            &mut self,
            name: &str,
            task: &str,
            n_features: usize,
            values: Vec<f64>,
            labels: Vec<f64>,
        ) -> Result<String, JsError> {
            let data = Dataset::from_dense(values, n_features, labels).map_err(js)?;
            self.load(name, task, data)
        }

        /// Learns from a sparse file from now on (compressed rows, 0-based
        /// indices). Returns a note for the reader, or an empty string.
        pub fn load_sparse(
            &mut self,
            name: &str,
            task: &str,
            row_starts: Vec<u32>,
            indices: Vec<u32>,
            values: Vec<f64>,
            labels: Vec<f64>,
        ) -> Result<String, JsError> {
            let data = Dataset::from_csr(&row_starts, &indices, &values, &labels).map_err(js)?;
            self.load(name, task, data)
        }

        fn load(&mut self, name: &str, task: &str, data: Dataset) -> Result<String, JsError> {
            let task: Task = task.parse().map_err(js)?;
            let file = FileSource::new(name, data, task).map_err(js)?;
            if let Some(state) = self.pending.take() {
                let wanted = state
                    .extras
                    .iter()
                    .find(|(k, _)| k == "file")
                    .map(|(_, v)| v.clone());
                if wanted.as_deref() == Some(file.link_key().as_str()) {
                    match Session::from_shared_with_file(&state, file.clone()) {
                        Ok(session) => {
                            self.session = session;
                            return Ok(format!("replayed the shared session on {name}"));
                        }
                        Err(e) => {
                            self.load_file(file)?;
                            return Ok(format!("the shared session could not be replayed ({e}); starting afresh on {name}"));
                        }
                    }
                }
                let note = self.load_file(file)?;
                let wanted_name = wanted
                    .as_deref()
                    .and_then(|w| w.rsplit_once(':'))
                    .map_or("", |(n, _)| n);
                return Ok(format!(
                "{name} is not the file the link was made with ({wanted_name}, same name and contents); starting afresh{}",
                if note.is_empty() { String::new() } else { format!(". {note}") }
            ));
            }
            self.load_file(file)
        }

        fn load_file(&mut self, file: FileSource) -> Result<String, JsError> {
            Ok(self
                .session
                .load_file(file)
                .map_err(js)?
                .unwrap_or_default())
        }

        /// Back to the preset's stream.
        pub fn unload_file(&mut self) -> Result<(), JsError> {
            self.pending = None;
            self.session.unload_file().map_err(js)
        }

        /// The loaded file's name, or empty.
        pub fn file_name(&self) -> String {
            self.session
                .file()
                .map(|f| f.name.clone())
                .unwrap_or_default()
        }

        /// Rows and features of the loaded file (empty without one).
        pub fn file_shape(&self) -> Vec<f64> {
            self.session
                .file()
                .map(|f| vec![f.data.len() as f64, f.data.n_features() as f64])
                .unwrap_or_default()
        }

        /// Whether the plane can draw the data (a file wider than 2-D trains
        /// with the curves only).
        pub fn on_plane(&self) -> bool {
            self.session.on_plane()
        }

        /// The model's weights in full (all features, then the bias); empty
        /// for a kernel learner. For export.
        pub fn weights(&self) -> Vec<f64> {
            match self.session.learner().linear_model() {
                Some(model) => {
                    let mut w = model.weights.clone();
                    w.push(model.bias);
                    w
                }
                None => Vec::new(),
            }
        }

        /// The page's keys read from the hash this session was built from.
        pub fn extras(&self) -> String {
            let pairs: Vec<String> = self
                .extras
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            pairs.join("&")
        }

        pub fn reset(&mut self) {
            self.touched();
            self.session.reset();
        }

        /// Learns the next `n` samples of the stream.
        pub fn stream(&mut self, n: u32) -> Result<(), JsError> {
            self.touched();
            self.session.apply(Event::Stream(n as u64)).map_err(js)
        }

        /// Learns `n` more samples cycling over the shown points.
        pub fn epochs(&mut self, n: u32) -> Result<(), JsError> {
            self.touched();
            self.session.apply(Event::Epochs(n as u64)).map_err(js)
        }

        /// Adds and learns a point (label +1 / -1; ignored for regression).
        pub fn click(&mut self, x: f64, y: f64, label: f64) -> Result<(), JsError> {
            self.touched();
            self.session.click(x, y, label).map(|_| ()).map_err(js)
        }

        /// Erases the shown point nearest (x, y) within `radius`; whether one was.
        pub fn erase(&mut self, x: f64, y: f64, radius: f64) -> Result<bool, JsError> {
            self.touched();
            self.session.erase_nearest(x, y, radius).map_err(js)
        }

        /// Changes `c`, `eps`, `lr`, `noise`, `sigma`, `budget` (0: none) or
        /// `eta` mid-stream, keeping the model.
        pub fn set_param(&mut self, name: &str, value: f64) -> Result<(), JsError> {
            self.touched();
            let param = match name {
                "c" => Param::C,
                "eps" => Param::Epsilon,
                "lr" => Param::LearningRate,
                "noise" => Param::Noise,
                "sigma" => Param::Sigma,
                "budget" => Param::Budget,
                "eta" => Param::Eta,
                _ => return Err(JsError::new(&format!("unknown setting '{name}'"))),
            };
            self.session.apply(Event::Set(param, value)).map_err(js)
        }

        /// Changes the bias mode (`augmented`, `decoupled`, `none`).
        pub fn set_bias(&mut self, name: &str) -> Result<(), JsError> {
            self.touched();
            let mode: BiasMode = name.parse().map_err(js)?;
            let code = BiasMode::ALL.iter().position(|&m| m == mode).unwrap_or(0);
            self.session
                .apply(Event::Set(Param::Bias, code as f64))
                .map_err(js)
        }

        /// Switches algorithm, starting from the current weights.
        pub fn set_algorithm(&mut self, name: &str) -> Result<(), JsError> {
            self.touched();
            let algorithm = name.parse().map_err(js)?;
            self.session.apply(Event::Algorithm(algorithm)).map_err(js)
        }

        /// Scores an `nx` x `ny` grid over the rectangle into a buffer of
        /// `nx * ny` f32 (rows from the top); returns its address in memory.
        pub fn grid(
            &mut self,
            nx: usize,
            ny: usize,
            x_min: f64,
            x_max: f64,
            y_min: f64,
            y_max: f64,
        ) -> Result<*const f32, JsError> {
            let grid = Grid::new(nx, ny, (x_min, x_max), (y_min, y_max)).map_err(js)?;
            Ok(self.session.score_grid(&grid).as_ptr())
        }

        /// Address of the shown points, (x, y, label) f64 triples.
        pub fn points_ptr(&self) -> *const f64 {
            self.session.points().as_ptr()
        }

        /// Number of f64 values at `points_ptr` (3 per point).
        pub fn points_len(&self) -> usize {
            self.session.points().len()
        }

        /// Address of the support vectors, (x, y, alpha, id, label) f64
        /// quintuples. Call `support_len` first: it refills the buffer, which
        /// may move it.
        pub fn support_ptr(&self) -> *const f64 {
            self.support.as_ptr()
        }

        /// Fills the support-vector buffer; returns its length in f64 values.
        pub fn support_len(&mut self) -> usize {
            self.support = self.session.support_vectors().to_vec();
            self.support.len()
        }

        /// Points in the curves.
        pub fn curve_len(&self) -> usize {
            self.session.curves().len()
        }

        /// Address of one curve series (0 samples, 1 online rate or MAE,
        /// 2 recent loss, 3 test score, 4 support size).
        pub fn curve_ptr(&self, series: usize) -> Result<*const f64, JsError> {
            const ALL: [Series; SERIES] = [
                Series::Samples,
                Series::Online,
                Series::RecentLoss,
                Series::Test,
                Series::Support,
            ];
            let series = ALL
                .get(series)
                .ok_or_else(|| JsError::new("no such curve"))?;
            Ok(self.session.curves().series(*series).as_ptr())
        }

        /// Whether the test curve scores the shown points (epochs mode, or no
        /// stream used yet) rather than the stream's clean held-out set.
        pub fn test_on_points(&self) -> bool {
            self.session.scores_on_points()
        }

        /// (w1, w2, b) of the model that predicts; empty for a kernel learner.
        pub fn model(&self) -> Vec<f64> {
            self.session.model().map(Vec::from).unwrap_or_default()
        }

        /// (w1, w2, b) of the weights the rule moves, when they differ (pocket,
        /// averaged perceptron); otherwise empty.
        pub fn moving_model(&self) -> Vec<f64> {
            self.session
                .moving_model()
                .map(Vec::from)
                .unwrap_or_default()
        }

        /// (w1, w2, b, degrees turned) before the last aggressive update, or empty.
        pub fn ghost(&self) -> Vec<f64> {
            match self.session.ghost() {
                Some((plane, angle)) => vec![plane[0], plane[1], plane[2], angle],
                None => Vec::new(),
            }
        }

        /// The last sample and its update: x, y, label, score, margin, loss,
        /// tau, score after, aggressive (0/1), mistake (0/1), ||x||^2, support
        /// size, added (0/1), removed count; or empty.
        pub fn last(&self) -> Vec<f64> {
            match self.session.last() {
                None => Vec::new(),
                Some(s) => {
                    let u = &s.update;
                    vec![
                        s.point[0],
                        s.point[1],
                        s.label,
                        u.score,
                        u.margin,
                        u.loss,
                        u.tau,
                        u.score_after,
                        u.aggressive as u8 as f64,
                        u.mistake as u8 as f64,
                        s.squared_norm,
                        u.support.size as f64,
                        u.support.added as u8 as f64,
                        u.support.removed as f64,
                    ]
                }
            }
        }

        /// Samples learned, mistakes made (progressive), samples drawn from the stream.
        pub fn counts(&self) -> Vec<f64> {
            let p = self.session.progress();
            vec![
                p.samples as f64,
                p.mistakes as f64,
                self.session.samples_streamed() as f64,
            ]
        }

        pub fn algorithm(&self) -> String {
            self.session.settings().algorithm.name().into()
        }

        pub fn c(&self) -> f64 {
            self.session.settings().c
        }

        pub fn eps(&self) -> f64 {
            self.session.settings().epsilon
        }

        pub fn lr(&self) -> f64 {
            self.session.settings().learning_rate
        }

        pub fn bias(&self) -> String {
            self.session.settings().bias.name().into()
        }

        pub fn preset(&self) -> String {
            self.session.settings().preset.name().into()
        }

        pub fn seed(&self) -> f64 {
            self.session.settings().seed as f64
        }

        pub fn noise(&self) -> f64 {
            self.session.settings().noise
        }

        pub fn sigma(&self) -> f64 {
            self.session.settings().sigma
        }

        /// The kernel learners' budget, 0 for none.
        pub fn budget(&self) -> f64 {
            self.session.settings().budget.map_or(0.0, |b| b as f64)
        }

        pub fn eta(&self) -> f64 {
            self.session.settings().eta
        }

        /// Whether the learner is a kernel learner.
        pub fn is_kernel(&self) -> bool {
            self.session.settings().algorithm.is_kernel()
        }

        /// "classification" or "regression".
        pub fn task(&self) -> String {
            self.session.task().name().into()
        }
    }
}

#[cfg(feature = "loader-module")]
pub mod worker {
    use super::js;
    use wasm_bindgen::prelude::*;

    use crate::data::{Dataset, Format, Loaded, Loader};
    use crate::learner::Task;

    /// Parses a data file in pieces, in the page's Web Worker, with the same
    /// readers as the command line: whole lines in (the worker keeps a partial
    /// last line for the next piece), then the data as typed arrays for the
    /// main thread's `Playground::load_dense` or `Playground::load_sparse`.
    #[wasm_bindgen]
    pub struct DataLoader {
        name: String,
        format: Option<Format>,
        task: Option<Task>,
        loader: Option<Loader>,
        loaded: Option<(Loaded, Task)>,
    }

    #[wasm_bindgen]
    impl DataLoader {
        /// `format`: csv, libsvm or auto (from the name, then the first line);
        /// `task`: classification, regression or auto (from the labels).
        #[wasm_bindgen(constructor)]
        pub fn new(name: &str, format: &str, task: &str) -> Result<DataLoader, JsError> {
            let format = match format {
                "auto" => None,
                "csv" => Some(Format::Csv),
                "libsvm" => Some(Format::Libsvm),
                other => {
                    return Err(JsError::new(&format!(
                        "format must be csv, libsvm or auto, got '{other}'"
                    )))
                }
            };
            let task = match task {
                "auto" => None,
                other => Some(other.parse().map_err(js)?),
            };
            Ok(DataLoader {
                name: name.to_string(),
                format,
                task,
                loader: None,
                loaded: None,
            })
        }

        /// Parses whole lines; returns the lines read so far.
        pub fn feed(&mut self, text: &str) -> usize {
            let loader = self.loader.get_or_insert_with(|| {
                let format = self
                    .format
                    .unwrap_or_else(|| Format::detect(&self.name, text));
                Loader::new(&self.name, format, self.task)
            });
            loader.feed(text);
            loader.lines()
        }

        /// Ends the file. An error when no line was valid, listing the first
        /// bad ones.
        pub fn finish(&mut self) -> Result<(), JsError> {
            let loader = self.loader.take().unwrap_or_else(|| {
                Loader::new(&self.name, self.format.unwrap_or(Format::Csv), self.task)
            });
            let (loaded, task) = loader.finish();
            if loaded.data.is_empty() {
                let first: Vec<String> = loaded
                    .skipped
                    .iter()
                    .take(3)
                    .map(|e| e.to_string())
                    .collect();
                return Err(JsError::new(&if first.is_empty() {
                    format!("{}: the file holds no data", self.name)
                } else {
                    format!("{}: no valid rows; {}", self.name, first.join("; "))
                }));
            }
            self.loaded = Some((loaded, task));
            Ok(())
        }

        fn data(&self) -> Option<&Dataset> {
            self.loaded.as_ref().map(|(l, _)| &l.data)
        }

        pub fn rows(&self) -> usize {
            self.data().map_or(0, Dataset::len)
        }

        pub fn features(&self) -> usize {
            self.data().map_or(0, Dataset::n_features)
        }

        pub fn sparse(&self) -> bool {
            self.data().is_some_and(Dataset::is_sparse)
        }

        /// "classification" or "regression" (after `finish`).
        pub fn task(&self) -> String {
            self.loaded
                .as_ref()
                .map(|(_, t)| t.name().to_string())
                .unwrap_or_default()
        }

        /// Lines skipped in all.
        pub fn skipped(&self) -> usize {
            self.loaded.as_ref().map_or(0, |(l, _)| l.skipped_total)
        }

        /// The listed bad lines, one `file:line:column: message` per line.
        pub fn errors(&self) -> String {
            self.loaded
                .as_ref()
                .map(|(l, _)| {
                    l.skipped
                        .iter()
                        .map(|e| e.to_string())
                        .collect::<Vec<_>>()
                        .join("\n")
                })
                .unwrap_or_default()
        }

        pub fn labels(&self) -> Vec<f64> {
            self.data().map(|d| d.labels().to_vec()).unwrap_or_default()
        }

        /// Dense: row-major values. Sparse: the stored values.
        pub fn values(&self) -> Vec<f64> {
            match self.data() {
                Some(d) => match d.csr_parts() {
                    Some((_, _, values)) => values.to_vec(),
                    None => d
                        .dense_values(0..d.len())
                        .map(<[f64]>::to_vec)
                        .unwrap_or_default(),
                },
                None => Vec::new(),
            }
        }

        /// Sparse only: where each row starts in `indices` / `values`, then the end.
        pub fn row_starts(&self) -> Vec<u32> {
            self.data()
                .and_then(Dataset::csr_parts)
                .map(|(starts, _, _)| starts.iter().map(|&s| s as u32).collect())
                .unwrap_or_default()
        }

        /// Sparse only: 0-based feature indices.
        pub fn indices(&self) -> Vec<u32> {
            self.data()
                .and_then(Dataset::csr_parts)
                .map(|(_, i, _)| i.to_vec())
                .unwrap_or_default()
        }
    }
}
