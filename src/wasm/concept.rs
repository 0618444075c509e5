//! The teacher's hand across the boundary: the preset's concept as the
//! page draws it, its moves (recorded in the log, snapped to its grid),
//! and the learner's recovery after each.

use wasm_bindgen::prelude::*;

use super::plain;

use super::js;
use super::page::Playground;
use crate::data::Truth;
use crate::playground::Event;

/// A coordinate in the log's units; a value that is not a number is refused.
/// (Its text by `number::text`: `{v}` would bring core's float formatting,
/// 6 KB gzip, into the page's module.)
fn units(name: &str, v: f64) -> Result<i64, JsValue> {
    if v.is_finite() {
        Ok(crate::playground::units(v))
    } else {
        Err(plain(&format!(
            "{name} must be a finite number, got {}",
            crate::number::text(v)
        )))
    }
}

#[wasm_bindgen]
impl Playground {
    /// The preset's concept now, as numbers (a serde enum cost the page's
    /// module 12 KB gzip): `[0, angle, offset]` for the boundary
    /// cos(angle)·x + sin(angle)·y + offset = 0 (class +1 where positive),
    /// `[1, slope, intercept]` for the regression line, `[2, x1, y1, x2,
    /// y2, ...]` for the class centres; empty for a file or a preset
    /// without one. (www/js/truth.js reads it.)
    pub fn truth_numbers(&self) -> Vec<f64> {
        match self.page.session().truth() {
            None => Vec::new(),
            Some(Truth::Line { angle, offset }) => vec![0.0, angle, offset],
            Some(Truth::Fit { slope, intercept }) => vec![1.0, slope, intercept],
            Some(Truth::Centres { centres }) => std::iter::once(2.0)
                .chain(centres.into_iter().flatten())
                .collect(),
        }
    }

    /// Moves the preset's line: a boundary's angle (radians) and offset,
    /// or a regression line's slope and intercept, from the next sample on.
    pub fn move_line(&mut self, a: f64, b: f64) -> Result<(), JsValue> {
        let event = Event::Concept {
            a: units("the angle or slope", a)?,
            b: units("the offset or intercept", b)?,
        };
        self.page.session_mut().apply(event).map_err(js)
    }

    /// Moves class `class`'s cluster centre (0-based) to (x, y).
    pub fn move_centre(&mut self, class: u8, x: f64, y: f64) -> Result<(), JsValue> {
        let event = Event::Centre {
            class,
            x: units("x", x)?,
            y: units("y", y)?,
        };
        self.page.session_mut().apply(event).map_err(js)
    }

    /// The fewest samples after a move at which a recovery is judged
    /// (`RECOVERY_FLOOR`): a recovery that short is shown as the floor.
    pub fn recovery_floor() -> f64 {
        crate::playground::RECOVERY_FLOOR as f64
    }

    /// The learner's recovery after each move (see `Recovery`), five
    /// numbers each: at, level, threshold, after (−1: not yet), and 1 if
    /// another move came first.
    pub fn recovery_numbers(&self) -> Vec<f64> {
        let mut out = Vec::new();
        for r in self.page.session().recoveries() {
            out.extend([
                r.at as f64,
                r.level,
                r.threshold,
                r.after.map_or(-1.0, |n| n as f64),
                if r.interrupted { 1.0 } else { 0.0 },
            ]);
        }
        out
    }
}
