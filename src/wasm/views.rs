//! What the page draws, read from a [`Playground`]: the shading grid, the
//! points, support vectors and curves as typed-array views into wasm memory,
//! and the model, its last update and counts as plain values.

use wasm_bindgen::prelude::*;

use super::plain;

use super::js;
use super::page::{object, Playground};
use crate::grid::{shade, shade_classes, Grid};
use crate::learner::Learner;
use crate::playground::Series;

#[wasm_bindgen]
impl Playground {
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
    ) -> Result<*const f32, JsValue> {
        let grid = Grid::new(nx, ny, (x_min, x_max), (y_min, y_max)).map_err(js)?;
        self.page.session().score_grid(&grid, &mut self.scores);
        Ok(self.scores.as_ptr())
    }

    /// Scores an `n` x `n` grid over the rectangle (as [`Playground::grid`])
    /// and shades it onto `context`, an `n` x `n` canvas. `colors` holds
    /// the classes' colours as 0xRRGGBB, +1's first: with two classes each
    /// cell takes the colour of its score's sign, more opaque where |score|
    /// is larger; with K, the winning class's colour, more opaque where it
    /// wins by more. Returns the scores' address (K per cell with K
    /// classes), for the contours.
    #[allow(clippy::too_many_arguments)]
    pub fn shade(
        &mut self,
        context: &web_sys::CanvasRenderingContext2d,
        n: usize,
        x_min: f64,
        x_max: f64,
        y_min: f64,
        y_max: f64,
        colors: Vec<u32>,
    ) -> Result<*const f32, JsValue> {
        let grid = Grid::new(n, n, (x_min, x_max), (y_min, y_max)).map_err(js)?;
        let classes = self.page.session().classes();
        if colors.len() < classes.max(2) {
            return Err(plain("fewer colours than classes"));
        }
        let rgb = |c: u32| [(c >> 16) as u8, (c >> 8) as u8, c as u8];
        let colors: Vec<[u8; 3]> = colors.into_iter().map(rgb).collect();
        self.page.session().score_grid(&grid, &mut self.scores);
        if classes > 2 {
            shade_classes(&self.scores, &colors[..classes], &mut self.pixels);
        } else {
            shade(&self.scores, colors[0], colors[1], &mut self.pixels);
        }
        let image = web_sys::ImageData::new_with_u8_clamped_array_and_sh(
            wasm_bindgen::Clamped(&self.pixels),
            n as u32,
            n as u32,
        )
        .map_err(|_| plain("the shading could not be made into an image"))?;
        context
            .put_image_data(&image, 0.0, 0.0)
            .map_err(|_| plain("the shading could not be drawn"))?;
        Ok(self.scores.as_ptr())
    }

    /// Address of the shown points, (x, y, label) f64 triples.
    pub fn points_ptr(&self) -> *const f64 {
        self.page.session().points().as_ptr()
    }

    /// Number of f64 values at `points_ptr` (3 per point).
    pub fn points_len(&self) -> usize {
        self.page.session().points().len()
    }

    /// Address of a flag per shown point (u8): 1 where a selective
    /// learner did not ask for the label. `unseen_len` is 0 when none was.
    pub fn unseen_ptr(&self) -> *const u8 {
        self.page.session().unseen().as_ptr()
    }

    pub fn unseen_len(&self) -> usize {
        self.page.session().unseen().len()
    }

    /// Address of the support vectors, (x, y, alpha, id, label) f64
    /// quintuples. Call `support_len` first: it refills the buffer.
    pub fn support_ptr(&self) -> *const f64 {
        self.support.as_ptr()
    }

    /// Fills the support-vector buffer; returns its length in f64 values.
    pub fn support_len(&mut self) -> usize {
        self.page.session().support_vectors(&mut self.support);
        self.support.len()
    }

    /// The support set's size (0 for a linear learner), without writing
    /// the buffer: the status lines count it every frame, and the buffer
    /// is written once a frame, for the plane.
    pub fn support_size(&self) -> usize {
        self.page
            .session()
            .learner()
            .map_or(0, |l| l.support_size())
    }

    /// Points in the curves (the live session's, whole, whatever sample
    /// the timeline shows).
    pub fn curve_len(&self) -> usize {
        self.page.live().curves().len()
    }

    /// Address of one curve series (0 samples, 1 online rate or MAE,
    /// 2 recent loss, 3 test score, 4 support size, 5 moving rate, 6 labels
    /// asked).
    pub fn curve_ptr(&self, series: usize) -> Result<*const f64, JsValue> {
        Ok(self.page.live().curves().series(which(series)?).as_ptr())
    }

    /// Class `k`'s online mistake rate at each curve point (more than two
    /// classes; empty otherwise).
    pub fn class_curve_ptr(&self, k: usize) -> *const f64 {
        self.page.live().curves().class_series(k).as_ptr()
    }

    /// The classes the session learns (0 for regression, else 2 to 6).
    pub fn classes(&self) -> usize {
        self.page.session().classes()
    }

    /// With more than two classes, each class's (w1, w2, b), in class order;
    /// empty otherwise.
    pub fn class_models(&self) -> Vec<f64> {
        self.page.session().class_models().concat()
    }

    /// Whether the test curve scores the shown points (epochs mode, or no
    /// stream used yet) rather than the stream's clean held-out set.
    pub fn test_on_points(&self) -> bool {
        self.page.session().scores_on_points()
    }

    /// (w1, w2, b) of the model that predicts; empty for a kernel learner.
    pub fn model(&self) -> Vec<f64> {
        self.page
            .session()
            .model()
            .map(Vec::from)
            .unwrap_or_default()
    }

    /// (w1, w2, b) of the weights the rule moves, when they differ (pocket,
    /// averaged perceptron); otherwise empty.
    pub fn moving_model(&self) -> Vec<f64> {
        self.page
            .session()
            .moving_model()
            .map(Vec::from)
            .unwrap_or_default()
    }

    /// The batch pocket's search units in Epochs, the plane's points
    /// standardised as the Pocket PLA post does: `{ mean, divisor, model }`
    /// (a coordinate's x′ = (x − mean)/divisor; `model`: (w1, w2, b) in
    /// those units, the command line's `batch-pocket` numbers); null for
    /// any other learner, and in a stream.
    pub fn batch_units(&self) -> Result<JsValue, JsValue> {
        object(&standard_units(self.page.session()))
    }

    /// (w1, w2, b, degrees turned) before the last aggressive update, or empty.
    pub fn ghost(&self) -> Vec<f64> {
        match self.page.session().ghost() {
            Some((plane, angle)) => vec![plane[0], plane[1], plane[2], angle],
            None => Vec::new(),
        }
    }

    /// The last sample and its update, by name (x, y, label, score,
    /// margin, loss, tau, after, aggressive, mistake, sq, size, added,
    /// removed), or null.
    pub fn last(&self) -> Result<JsValue, JsValue> {
        object(&self.page.session().last())
    }

    /// `{ samples, mistakes, streamed, passes, point, asked }`: samples
    /// learned, mistakes made (progressive), samples drawn from the stream;
    /// in epochs mode the passes over the points completed and the point
    /// the next step learns (from 0); the labels a selective learner asked
    /// for (left out for a learner that sees every label).
    pub fn counts(&self) -> Result<JsValue, JsValue> {
        #[derive(serde::Serialize)]
        struct Counts {
            samples: u64,
            mistakes: u64,
            streamed: u64,
            passes: u64,
            point: usize,
            /// Points a Reset queued that the next steps learn again.
            relearn: usize,
            #[serde(skip_serializing_if = "Option::is_none")]
            asked: Option<u64>,
        }
        let s = self.page.session();
        let p = s.progress();
        let (passes, point) = s.epoch_place();
        object(&Counts {
            samples: p.samples,
            mistakes: p.mistakes,
            streamed: s.samples_streamed(),
            passes,
            point,
            relearn: s.left_to_relearn(),
            asked: s.labels_asked(),
        })
    }

    pub fn algorithm(&self) -> String {
        self.page.session().algorithm().name().into()
    }

    /// Whether the learner is a kernel learner.
    pub fn is_kernel(&self) -> bool {
        self.page.session().algorithm().is_kernel()
    }

    /// "classification" or "regression".
    pub fn task(&self) -> String {
        self.page.session().task().name().into()
    }
}

/// A curve series by its number (0 samples, 1 online rate or MAE, 2 recent
/// loss, 3 test score, 4 support size, 5 moving mistake rate or absolute
/// error, 6 labels asked).
pub(super) fn which(series: usize) -> Result<Series, JsValue> {
    Series::ALL
        .get(series)
        .copied()
        .ok_or_else(|| plain("no such curve"))
}

/// See [`Playground::batch_units`].
#[derive(serde::Serialize)]
struct StandardUnits {
    mean: Vec<f64>,
    divisor: Vec<f64>,
    model: Vec<f64>,
}

/// The batch pocket's code is in the full module only (the `relatives`
/// feature): the first module has no batch pocket to ask.
fn standard_units(session: &crate::playground::Session) -> Option<StandardUnits> {
    #[cfg(feature = "relatives")]
    if let Some(crate::registry::AnyLearner::BatchPocket(l)) = session.learner() {
        let (units, model) = l.standard_units()?;
        let standard = units.standardiser();
        let mut w = model.weights;
        w.push(model.bias);
        return Some(StandardUnits {
            mean: standard.mean().to_vec(),
            divisor: standard.divisor().to_vec(),
            model: w,
        });
    }
    let _ = session;
    None
}
