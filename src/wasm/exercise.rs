//! The exercises' calls (the page's full module only, with the Theory
//! layer's statements): "Be the adversary"'s arena, whose rule is the
//! perceptron convergence theorem's conditions (src/exercise/adversary.rs).

use wasm_bindgen::prelude::*;

use super::js;
use super::page::Playground;
use crate::exercise::Arena;

fn arena(angle: f64, margin: f64, reach: f64, bias: &str) -> Result<Arena, JsValue> {
    let bias = bias.parse().map_err(js)?;
    Arena::new(angle, margin, reach, bias).map_err(js)
}

#[wasm_bindgen]
impl Playground {
    /// The arena of a concept at `angle` (radians) with margin γ = `margin`
    /// in a disc of radius `reach`, for a learner with `bias`: [R, (R/γ)²].
    pub fn adversary_arena(
        angle: f64,
        margin: f64,
        reach: f64,
        bias: &str,
    ) -> Result<Vec<f64>, JsValue> {
        let arena = arena(angle, margin, reach, bias)?;
        Ok(vec![arena.radius(), arena.bound()])
    }

    /// The arena's judgement of the point (x, y) as a click would learn it:
    /// [x, y (snapped), label, verdict (0 accepted, 1 outside the disc,
    /// 2 within the margin), ‖x̃‖, y u·x̃].
    #[allow(clippy::too_many_arguments)]
    pub fn adversary_judge(
        angle: f64,
        margin: f64,
        reach: f64,
        bias: &str,
        x: f64,
        y: f64,
    ) -> Result<Vec<f64>, JsValue> {
        let judged = arena(angle, margin, reach, bias)?.judge(x, y);
        Ok(vec![
            judged.point[0],
            judged.point[1],
            judged.label,
            f64::from(judged.verdict.code()),
            judged.norm,
            judged.margin,
        ])
    }

    /// The theorem the game is played under: [statement, source, what it counts].
    pub fn adversary_theorem() -> Vec<String> {
        Arena::theorem().into_iter().map(String::from).collect()
    }
}
