//! Compare's budget sweep (the page's full module only): this panel's
//! learner at a few sizes on the points on the plane, tested on the
//! held-out set, a slice per frame (src/frontier/sliced.rs, which equals
//! `onlinelearn frontier` with one ordering on the same data).

use wasm_bindgen::prelude::*;

use super::page::Playground;
use super::{js, plain};
use crate::frontier::sizing;
use crate::frontier::sliced::SlicedFrontier;

#[wasm_bindgen]
impl Playground {
    /// The setting that sets this panel's support-set size (`budget`,
    /// `dictionary`, `eta`, `nu`, ...), or empty when it has none to set
    /// (a linear learner, FOGD, a size setting not in force).
    pub fn frontier_key(&self) -> String {
        let session = self.page.session();
        sizing(session.algorithm(), session.settings())
            .map_or(String::new(), |s| s.key().name().into())
    }

    /// Starts the sweep afresh at `sizes` (ascending whole numbers) on the
    /// points on the plane now, with the session's seed as `--seed`.
    pub fn frontier_start(&mut self, sizes: Vec<f64>) -> Result<(), JsValue> {
        self.frontier = None;
        let sizes: Vec<usize> = sizes.iter().map(|&s| s.max(1.0) as usize).collect();
        let session = self.page.session_mut();
        let (train, test) = session.frontier_data().map_err(js)?;
        let (algorithm, settings) = (session.algorithm(), session.settings().clone());
        let sweep = SlicedFrontier::new(algorithm, &settings, settings.seed, sizes, &train, test)
            .map_err(|_| plain("this learner has no support-set size to set"))?;
        self.frontier = Some(sweep);
        Ok(())
    }

    /// Sweeps for about `ms` milliseconds; returns whether work is left.
    pub fn frontier_work(&mut self, ms: f64) -> Result<bool, JsValue> {
        let deadline = js_sys::Date::now() + ms.max(0.5);
        match &mut self.frontier {
            Some(sweep) => sweep.work(|| js_sys::Date::now() < deadline).map_err(js),
            None => Ok(false),
        }
    }

    /// The share of the sweep done, 0 to 1 (0 with none).
    pub fn frontier_fraction(&self) -> f64 {
        self.frontier.as_ref().map_or(0.0, |s| s.fraction())
    }

    /// The points done: `[size asked, setting's value, support size,
    /// held-out accuracy, mistakes]` per size, one after another.
    pub fn frontier_points(&self) -> Vec<f64> {
        let Some(sweep) = &self.frontier else {
            return Vec::new();
        };
        sweep
            .points()
            .iter()
            .flat_map(|p| {
                [
                    p.target as f64,
                    p.value,
                    p.support_size as f64,
                    p.test_accuracy,
                    p.mistakes as f64,
                ]
            })
            .collect()
    }

    /// Forgets the sweep (Cancel, a reset).
    pub fn frontier_cancel(&mut self) {
        self.frontier = None;
    }
}
