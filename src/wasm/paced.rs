//! The frame loop's stream: learning that stops at each curve point, so
//! that a kernel learner's held-out score (a multiply-add per support
//! vector and held-out sample: 6 million at 12,000 vectors) is summed over
//! the next frames instead of inside one (playground/learning.rs).

use wasm_bindgen::prelude::*;

use super::js;
use super::page::Playground;

#[wasm_bindgen]
impl Playground {
    /// Learns up to `n` samples of the stream, stopping at the next curve
    /// point; returns the samples learned (every session of Compare
    /// learns as many). A kernel learner's point may then be pending.
    pub fn stream_until_curve(&mut self, n: u32) -> Result<u32, JsValue> {
        let start = js_sys::Date::now();
        let learned = self.page.session_mut().stream_until_curve(n as u64);
        self.page.worked(js_sys::Date::now() - start);
        Ok(learned.map_err(js)? as u32)
    }

    /// Whether a curve point's held-out score is still being summed (the
    /// stream waits for it).
    pub fn curve_pending(&self) -> bool {
        self.page.live().curve_pending()
    }

    /// Sums up to `vectors` more support vectors of the pending curve
    /// point's score; returns whether some is still left.
    pub fn curve_work(&mut self, vectors: u32) -> bool {
        // Not through `session_mut` when nothing waits: it finishes a
        // replay under way at once (a long link, a language switch).
        if !self.page.live().curve_pending() {
            return false;
        }
        self.page.session_mut().curve_work(vectors as usize)
    }
}
