//! The browser binding, and the only file that knows about JavaScript.
//!
//! One opaque handle, [`Playground`], wraps a [`Session`]. Calls are batched
//! (one `stream(n)` per frame, one `grid(...)` per frame for the whole
//! shading); bulk data stays in wasm memory and JS reads it through typed
//! array views at the pointers returned here; small results come back as
//! short `Float64Array`s. Every error becomes a JS `Error` with the core's
//! message, and a panic (there should be none) is logged to the console by
//! the panic hook so the page can show it and rebuild the handle.

use wasm_bindgen::prelude::*;

use crate::grid::Grid;
use crate::linear::BiasMode;
use crate::playground::{Event, Param, Series, Session, SharedState, SERIES};

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

fn js(error: crate::Error) -> JsError {
    JsError::new(&error.to_string())
}

/// The playground session behind one canvas.
#[wasm_bindgen]
pub struct Playground {
    session: Session,
    extras: Vec<(String, String)>,
    support: Vec<f64>,
}

#[wasm_bindgen]
impl Playground {
    /// Builds a session from a URL hash (settings, then the log replayed).
    #[wasm_bindgen(constructor)]
    pub fn new(hash: &str) -> Result<Playground, JsError> {
        let state = SharedState::parse(hash).map_err(js)?;
        Ok(Playground {
            session: Session::from_shared(&state).map_err(js)?,
            extras: state.extras,
            support: Vec::new(),
        })
    }

    /// The hash that rebuilds this session; `extras` ("k=v&k=v") are the
    /// page's own keys, appended when they are safe.
    pub fn hash(&self, extras: &str) -> String {
        let mut state = self.session.shared();
        state.extras = SharedState::parse(extras)
            .map(|s| s.extras)
            .unwrap_or_default();
        state.to_hash()
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
        self.session.reset();
    }

    /// Learns the next `n` samples of the stream.
    pub fn stream(&mut self, n: u32) -> Result<(), JsError> {
        self.session.apply(Event::Stream(n as u64)).map_err(js)
    }

    /// Learns `n` more samples cycling over the shown points.
    pub fn epochs(&mut self, n: u32) -> Result<(), JsError> {
        self.session.apply(Event::Epochs(n as u64)).map_err(js)
    }

    /// Adds and learns a point (label +1 / -1; ignored for regression).
    pub fn click(&mut self, x: f64, y: f64, label: f64) -> Result<(), JsError> {
        self.session.click(x, y, label).map(|_| ()).map_err(js)
    }

    /// Erases the shown point nearest (x, y) within `radius`; whether one was.
    pub fn erase(&mut self, x: f64, y: f64, radius: f64) -> Result<bool, JsError> {
        self.session.erase_nearest(x, y, radius).map_err(js)
    }

    /// Changes `c`, `eps`, `lr`, `noise`, `sigma`, `budget` (0: none) or
    /// `eta` mid-stream, keeping the model.
    pub fn set_param(&mut self, name: &str, value: f64) -> Result<(), JsError> {
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
        let mode: BiasMode = name.parse().map_err(js)?;
        let code = BiasMode::ALL.iter().position(|&m| m == mode).unwrap_or(0);
        self.session
            .apply(Event::Set(Param::Bias, code as f64))
            .map_err(js)
    }

    /// Switches algorithm, starting from the current weights.
    pub fn set_algorithm(&mut self, name: &str) -> Result<(), JsError> {
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
