//! The page's handle: a [`Page`] (one session, the page's keys, a link that
//! waits for its file) with batch calls and typed-array views.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::plain;

use super::js;
#[cfg(feature = "files")]
use crate::data::FileParts;
use crate::learner::Learner;
#[cfg(feature = "model-export")]
use crate::playground::ModelExport;
use crate::playground::{Change, Event, Page};
use crate::registry::Catalogue;

/// The playground session behind one canvas.
#[wasm_bindgen]
pub struct Playground {
    pub(super) page: Page,
    /// The view buffers, written once per frame and read by the page
    /// through typed-array views: the support vectors, the grid's scores
    /// and the shading's RGBA pixels.
    pub(super) support: Vec<f64>,
    pub(super) scores: Vec<f32>,
    pub(super) pixels: Vec<u8>,
    /// The learning time of a sample lately (ms), to cut long steps.
    pub(super) ms_per_sample: Option<f64>,
    /// A file arriving in parts (see files.rs).
    #[cfg(feature = "files")]
    pub(super) parts: Option<FileParts>,
    /// Compare's budget sweep under way or done (see frontier.rs).
    #[cfg(feature = "kernel")]
    pub(super) frontier: Option<crate::frontier::sliced::SlicedFrontier>,
}

/// A piece of learning takes about this long (as `WORK_MS` in
/// src/playground/timeline.rs): the timeline's checkpoints fall between
/// pieces.
const WORK_MS: f64 = 12.0;
/// The first piece of a session whose samples' cost is not known yet.
const FIRST_PIECE: u64 = 256;

/// A value as a plain JavaScript object (maps become objects).
pub(super) fn object(value: &impl Serialize) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| plain(&e.to_string()))
}

impl Playground {
    /// The handle of an opened page, with empty scratch buffers.
    fn around(page: Page) -> Playground {
        Playground {
            page,
            support: Vec::new(),
            scores: Vec::new(),
            pixels: Vec::new(),
            ms_per_sample: None,
            #[cfg(feature = "files")]
            parts: None,
            #[cfg(feature = "kernel")]
            frontier: None,
        }
    }

    /// A step of learning, timed: the timeline keeps a checkpoint after
    /// `WORK_MS` of learning, so that looking back replays about that
    /// long; a step that would take longer is learned in pieces of about
    /// that long (the same session: a step of n learned as k then n − k).
    fn learn(&mut self, event: Event) -> Result<(), JsValue> {
        let mut left = event.samples();
        if left == 0 {
            return self.page.session_mut().apply(event).map_err(js);
        }
        loop {
            let piece = match self.ms_per_sample {
                Some(ms) if ms > 0.0 => ((WORK_MS / ms) as u64).clamp(1, left),
                _ => left.min(FIRST_PIECE),
            };
            let start = js_sys::Date::now();
            let learned = self.page.session_mut().apply(event.with_samples(piece));
            let took = js_sys::Date::now() - start;
            self.page.worked(took);
            learned.map_err(js)?;
            if piece > 0 && took > 0.0 {
                let ms = took / piece as f64;
                self.ms_per_sample =
                    Some(self.ms_per_sample.map_or(ms, |old| 0.7 * old + 0.3 * ms));
            }
            left = left.saturating_sub(piece);
            if left == 0 {
                return Ok(());
            }
        }
    }
}

#[wasm_bindgen]
impl Playground {
    /// Opens a link (settings, then the log replayed). With `learner`,
    /// that learner runs the link's samples from the start, whatever
    /// learners the link switched between (a Compare panel).
    #[wasm_bindgen(constructor)]
    pub fn new(hash: &str, learner: Option<String>) -> Result<Playground, JsValue> {
        let learner = learner.map(|name| name.parse()).transpose().map_err(js)?;
        Ok(Playground::around(Page::open(hash, learner).map_err(js)?))
    }

    /// Opens a link without replaying its log: call [`Playground::replay`]
    /// until it returns 0 (the page does, a slice per frame, with progress).
    pub fn opening(hash: &str, learner: Option<String>) -> Result<Playground, JsValue> {
        let learner = learner.map(|name| name.parse()).transpose().map_err(js)?;
        Ok(Playground::around(
            Page::opening(hash, learner).map_err(js)?,
        ))
    }

    /// Whether the link (with `learner`, a learner about to be chosen)
    /// needs the page's full module: a learner whose code this module
    /// leaves out. A link that cannot be read needs it only if it names
    /// such a learner (ALMA with its bias decoupled: the full module's
    /// refusal says why, with the family's reasons and their translations);
    /// otherwise opening it here reports why.
    pub fn needs_full(hash: &str, learner: Option<String>) -> bool {
        use crate::playground::SharedState;
        let learner = learner.and_then(|name| name.parse().ok());
        match SharedState::parse(hash) {
            Ok(state) => state.needs_full(learner),
            Err(_) => SharedState::names_absent_learner(hash),
        }
    }

    /// The link to a fresh session with this one's learner and settings
    /// now (after mid-stream changes), without its log.
    pub fn setup_hash(&self) -> String {
        crate::playground::SharedState {
            setup: self.page.session().setup().clone(),
            ..Default::default()
        }
        .to_hash()
    }

    /// Replays up to `budget` units of the opened link's log (samples, or
    /// one per other event); returns the work left, 0 when done.
    pub fn replay(&mut self, budget: f64) -> Result<f64, JsValue> {
        let budget = if budget.is_finite() && budget >= 1.0 {
            budget as u64
        } else {
            1
        };
        self.page.replay(budget).map(|left| left as f64).map_err(js)
    }

    /// Replays the opened link's log (or a setting's replay) for about
    /// `ms` milliseconds, by the clock, read every `chunk` units; returns
    /// the work left, 0 when done. The page's slices: a time budget holds
    /// whatever a sample costs.
    pub fn replay_for(&mut self, ms: f64, chunk: f64) -> Result<f64, JsValue> {
        let deadline = js_sys::Date::now() + ms.max(1.0);
        let chunk = if chunk >= 1.0 { chunk as u64 } else { 1 };
        self.page
            .replay_while(u64::MAX, chunk, || js_sys::Date::now() < deadline)
            .map(|left| left as f64)
            .map_err(js)
    }

    /// [work done, work in all] of the replay under way ([0, 0]: none).
    pub fn replay_progress(&self) -> Vec<f64> {
        let (done, total) = self.page.replay_progress();
        vec![done as f64, total as f64]
    }

    /// A new seed from the browser's random source (crypto.getRandomValues,
    /// through getrandom), under 2^53 so that a link holds it exactly.
    pub fn fresh_seed() -> Result<f64, JsValue> {
        crate::data::rng::fresh_seed()
            .map(|seed| seed as f64)
            .map_err(|e| plain(&format!("no random source: {e}")))
    }

    /// Every learner and every setting, for the page's menus and controls.
    pub fn catalogue() -> Result<JsValue, JsValue> {
        object(&Catalogue::new())
    }

    /// Every message code and its English template, as [code, template]
    /// (the catalogues' keys for the core's messages: tests/i18n/keys.mjs
    /// reads them here, from the full module; the first leaves it out).
    #[cfg(feature = "kernel")]
    pub fn message_codes() -> Result<JsValue, JsValue> {
        let codes: Vec<_> = crate::error::Code::ALL
            .iter()
            .map(|c| (c.name(), c.template()))
            .collect();
        object(&codes)
    }

    /// The hash that rebuilds this session; `extras` ("k=v&k=v") are the
    /// page's own keys.
    pub fn hash(&self, extras: &str) -> String {
        self.page.hash(extras)
    }

    /// The model as an object (weights, or support vectors and kernel; the
    /// settings in force; the data's origin; the link as `state`). In the
    /// full module only: most visits never save a model, and its writer
    /// (serde's for this document) is 4.8 KB gzip of the first module's
    /// download (measured 2026-12-02); the page's Save model moves the
    /// session to the full module first (www/js/save-buttons.js).
    #[cfg(feature = "model-export")]
    pub fn model_export(&self, extras: &str) -> Result<JsValue, JsValue> {
        object(&ModelExport::new(
            self.page.session(),
            self.page.hash(extras),
        ))
    }

    /// The file a link was made with, as `name:fingerprint`, while it has
    /// not been loaded; otherwise empty.
    pub fn pending_file(&self) -> String {
        self.page.pending_file().unwrap_or_default().to_string()
    }

    /// Forgets the pending link's file (the reader chose not to load it).
    pub fn drop_pending_file(&mut self) {
        self.page.drop_pending_file();
    }

    /// What an older link's replay cannot promise; empty otherwise.
    pub fn notice(&self) -> Result<JsValue, JsValue> {
        object(&self.page.notice())
    }

    /// Back to the preset's stream.
    pub fn unload_file(&mut self) -> Result<(), JsValue> {
        self.page.unload_file().map_err(js)
    }

    /// The loaded file's name, or empty.
    pub fn file_name(&self) -> String {
        self.page
            .session()
            .file()
            .map(|f| f.name.clone())
            .unwrap_or_default()
    }

    /// Rows and features of the loaded file (empty without one).
    pub fn file_shape(&self) -> Vec<f64> {
        self.page
            .session()
            .file()
            .map(|f| vec![f.data.len() as f64, f.data.n_features() as f64])
            .unwrap_or_default()
    }

    /// Whether the plane can draw the data (a file wider than 2-D trains
    /// with the curves only).
    pub fn on_plane(&self) -> bool {
        self.page.session().on_plane()
    }

    /// The model's weights in full (all features, then the bias; with K
    /// classes, K such rows one after another); empty for a kernel learner.
    pub fn weights(&self) -> Vec<f64> {
        let mut w = Vec::new();
        for model in self.page.session().linear_models() {
            w.extend(model.weights);
            w.push(model.bias);
        }
        w
    }

    /// The page's keys read from the link this session was built from.
    pub fn extras(&self) -> String {
        self.page.extras()
    }

    /// The learner starts afresh on the same points (see `Session::reset`).
    pub fn reset(&mut self) {
        self.page.session_mut().reset();
    }

    /// Clears the points, the model and the curves; the stream starts again.
    pub fn clear(&mut self) {
        self.page.clear();
    }

    /// Learns the next `n` samples of the stream.
    pub fn stream(&mut self, n: u32) -> Result<(), JsValue> {
        self.learn(Event::Stream(n as u64))
    }

    /// Learns `n` more samples cycling over the shown points.
    pub fn epochs(&mut self, n: u32) -> Result<(), JsValue> {
        self.learn(Event::Epochs(n as u64))
    }

    /// [the sample shown, the samples in all] (equal while live).
    pub fn position(&self) -> Vec<f64> {
        let (t, total) = self.page.position();
        vec![t as f64, total as f64]
    }

    /// Adds and learns a point (label +1 / -1; ignored for regression).
    pub fn click(&mut self, x: f64, y: f64, label: f64) -> Result<(), JsValue> {
        self.page
            .session_mut()
            .click(x, y, label)
            .map(|_| ())
            .map_err(js)
    }

    /// Erases the shown point nearest (x, y) within `radius`; whether one was.
    pub fn erase(&mut self, x: f64, y: f64, radius: f64) -> Result<bool, JsValue> {
        self.page
            .session_mut()
            .erase_nearest(x, y, radius)
            .map_err(js)
    }

    /// Changes one setting from the text a control holds, checked by the
    /// settings table (the error names the range). Returns "live" (the
    /// model kept), "replayed" (the samples learned again from the start
    /// with the new value) or "restarted" (new data).
    pub fn set(&mut self, name: &str, text: &str) -> Result<String, JsValue> {
        let change = self.page.set(name, text).map_err(js)?;
        Ok(match change {
            Change::Live => "live",
            Change::Replayed => "replayed",
            Change::Restarted => "restarted",
        }
        .into())
    }

    /// Whether `set(name, text)` would be accepted (its one range check:
    /// `set` makes the plan it keeps); changes nothing. Returns whether
    /// the session would then need the full module (with the page's
    /// `extras`), which this module may lack.
    pub fn check(&self, name: &str, text: &str, extras: &str) -> Result<bool, JsValue> {
        self.page.check_set(name, text, extras).map_err(js)
    }

    /// The constant a kernel learner adds to its expansion (APSM's b); 0 otherwise.
    pub fn kernel_offset(&self) -> f64 {
        self.page
            .session()
            .learner()
            .map_or(0.0, |learner| learner.kernel_offset())
    }

    /// Switches learner, starting from the current weights.
    pub fn set_algorithm(&mut self, name: &str) -> Result<(), JsValue> {
        let algorithm = name.parse().map_err(js)?;
        self.page
            .session_mut()
            .apply(Event::Algorithm(algorithm))
            .map_err(js)
    }

    /// Every setting's value, by name.
    pub fn settings(&self) -> Result<JsValue, JsValue> {
        object(self.page.session().settings())
    }

    /// The names of the settings the learner reads that apply now, with
    /// the page's own (preset, seed, label noise).
    pub fn in_force(&self) -> Vec<String> {
        self.page
            .session()
            .settings_in_force()
            .iter()
            .map(|k| k.name().to_string())
            .collect()
    }
}
