//! The Theory layer's calls (the page's full module only: the first one
//! leaves the layer's code out, see src/playground/theory_off.rs).

use wasm_bindgen::prelude::*;

use super::js;
use super::page::{object, Playground};

#[wasm_bindgen]
impl Playground {
    /// Switches the Theory layer on (the session's samples are then learned
    /// again: call `replay_for` until it returns 0) or off.
    pub fn set_theory(&mut self, on: bool) -> Result<(), JsValue> {
        self.page.set_theory(on).map_err(js)
    }

    /// What the panel shows: `{why_not, report, warm_from, search,
    /// search_limit, rounds, solving, kept_limit}` (the report is the last
    /// finished solve's, over `report.rounds` of the `rounds` seen), or
    /// null when the layer is off.
    pub fn theory(&mut self) -> Result<JsValue, JsValue> {
        match self.page.session_scoring().theory_mut() {
            Some(part) => object(&part.view()),
            None => Ok(JsValue::NULL),
        }
    }

    /// The layer's curves (`{samples, bounds, hinge_regret,
    /// zero_one_regret}`), or null when it is off or has none.
    pub fn theory_curves(&self) -> Result<JsValue, JsValue> {
        match self.page.session().theory().and_then(|part| part.curves()) {
            Some(curves) => object(curves),
            None => Ok(JsValue::NULL),
        }
    }

    /// Every text a report shows in words (the catalogue's theory part
    /// must translate each: tests/i18n/keys.mjs reads them here).
    pub fn theory_texts() -> Vec<String> {
        crate::theory::bounds::texts()
            .into_iter()
            .map(String::from)
            .collect()
    }

    /// The fewest-mistakes search under way as `[rounds, digest]` (empty:
    /// none): Compare searches once when its panels' keys agree.
    pub fn theory_search_key(&self) -> Vec<f64> {
        self.page
            .session()
            .theory()
            .and_then(|part| part.search_key())
            .map_or(Vec::new(), |(rounds, digest)| {
                vec![rounds as f64, digest as f64]
            })
    }

    /// The last fewest-mistakes line found: `[rounds, digest, mistakes,
    /// w1, w2, b]` (`[rounds, digest, mistakes]` when a constant is best;
    /// empty: none yet), for another panel's `theory_adopt`.
    pub fn theory_found(&self) -> Vec<f64> {
        let Some((rounds, digest, best)) = self.page.session().theory().and_then(|p| p.found())
        else {
            return Vec::new();
        };
        let mut out = vec![rounds as f64, digest as f64, best.mistakes as f64];
        out.extend(
            best.line
                .unwrap_or_default()
                .iter()
                .filter(|_| best.line.is_some()),
        );
        out
    }

    /// Ends this panel's search with another panel's line (`theory_found`)
    /// when both searched the same rounds; returns whether it did.
    pub fn theory_adopt(&mut self, found: Vec<f64>) -> bool {
        let [rounds, digest, mistakes, line @ ..] = found.as_slice() else {
            return false;
        };
        let best = crate::theory::BestLine {
            mistakes: *mistakes as u64,
            line: <[f64; 3]>::try_from(line).ok(),
        };
        self.page
            .session_scoring()
            .theory_mut()
            .is_some_and(|part| part.adopt(*rounds as u64, *digest as u32, best))
    }

    /// Solves the comparators and searches for the fewest-mistakes line
    /// for about `ms` milliseconds (the time a frame leaves); returns
    /// whether either has work left.
    pub fn theory_work(&mut self, ms: f64) -> bool {
        let deadline = js_sys::Date::now() + ms.max(0.5);
        self.page
            .session_scoring()
            .theory_mut()
            .is_some_and(|part| part.work(|| js_sys::Date::now() < deadline))
    }

    /// Solves the comparators for about `ms` milliseconds and leaves the
    /// search alone (Compare's panels waiting for the first one's line);
    /// returns whether either has work left.
    pub fn theory_solve(&mut self, ms: f64) -> bool {
        let deadline = js_sys::Date::now() + ms.max(0.5);
        self.page
            .session_scoring()
            .theory_mut()
            .is_some_and(|part| part.solve_only(|| js_sys::Date::now() < deadline))
    }
}
