//! The timeline's calls (the page's full module only: see
//! src/playground/history_off.rs for why the first one leaves them out).

use wasm_bindgen::prelude::*;

use super::plain;

use super::js;
use super::page::Playground;
use super::views::which;

#[wasm_bindgen]
impl Playground {
    /// The state after sample `t` (the timeline; at the end, the live
    /// session). Acting while looking back forks there.
    pub fn seek(&mut self, t: f64) -> Result<(), JsValue> {
        let t = if t.is_finite() && t >= 0.0 {
            t as u64
        } else {
            0
        };
        self.page.seek(t).map_err(js)
    }

    /// The checkpoints the timeline keeps (each a copy of the session).
    pub fn checkpoints(&self) -> usize {
        self.page.checkpoints()
    }

    /// Points in the curves of the run before the last fork (0: none).
    pub fn original_curve_len(&self) -> usize {
        self.page.original_curves().map_or(0, |c| c.len())
    }

    /// Address of one of that run's curve series (as `curve_ptr`).
    pub fn original_curve_ptr(&self, series: usize) -> Result<*const f64, JsValue> {
        let curves = self
            .page
            .original_curves()
            .ok_or_else(|| plain("no fork"))?;
        Ok(curves.series(which(series)?).as_ptr())
    }
}
