//! What one update leaves for the page to show: the sample, the learner's
//! report on it, and the plane's view of a linear model (its line, and how
//! far the last update turned it).

use crate::learner::{LinearModel, Update};
use crate::multiclass::ClassStep;

/// The sample the learner saw last, and what it did with it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LastSample {
    /// Plane coordinates (regression: x and the target y).
    pub point: [f64; 2],
    /// +1 / -1 (classification) or the target (regression).
    pub label: f64,
    pub update: Update,
    /// ||x||^2 as the update saw it (with the constant 1 in augmented mode;
    /// k(x, x) for a kernel learner).
    pub squared_norm: f64,
    /// With more than two classes: the sample's class, the class predicted
    /// and the highest-scoring wrong class.
    pub classes: Option<ClassStep>,
}

/// What the explanation panel reads, by name.
impl serde::Serialize for LastSample {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let u = &self.update;
        let mut s = serializer.serialize_struct("LastSample", 19)?;
        s.serialize_field("x", &self.point[0])?;
        s.serialize_field("y", &self.point[1])?;
        s.serialize_field("label", &self.label)?;
        s.serialize_field("score", &u.score)?;
        s.serialize_field("margin", &u.margin)?;
        s.serialize_field("loss", &u.loss)?;
        s.serialize_field("tau", &u.tau)?;
        s.serialize_field("after", &u.score_after)?;
        s.serialize_field("aggressive", &u.aggressive)?;
        s.serialize_field("mistake", &u.mistake)?;
        s.serialize_field("sq", &self.squared_norm)?;
        s.serialize_field("size", &u.support.size)?;
        s.serialize_field("added", &u.support.added)?;
        s.serialize_field("removed", &u.support.removed)?;
        // Second-order learners: the score's variance, the covariance step
        // and their own loss (zeros for the others).
        s.serialize_field("v", &u.confidence.variance)?;
        s.serialize_field("beta", &u.confidence.beta)?;
        s.serialize_field("own", &u.confidence.loss)?;
        // More than two classes: the predicted and the highest-scoring
        // wrong class, as page labels; 0 with two (no class's label is 0;
        // a plain number also keeps serde's f64 path the only one here).
        let label = |pick: fn(&ClassStep) -> usize| {
            self.classes
                .as_ref()
                .map_or(0.0, |c| crate::data::class_label(pick(c)))
        };
        s.serialize_field("predicted", &label(|c| c.predicted))?;
        s.serialize_field("rival", &label(|c| c.wrong))?;
        s.end()
    }
}

/// (w1, w2, b): a linear model as the plane draws it.
pub type Plane = [f64; 3];

pub(super) fn plane(model: &LinearModel) -> Plane {
    let w = |i: usize| model.weights.get(i).copied().unwrap_or(0.0);
    [w(0), w(1), model.bias]
}

/// Angle between the (w1, w2) parts of two models, in degrees.
pub(super) fn turn_degrees(a: Plane, b: Plane) -> f64 {
    let (na, nb) = (a[0].hypot(a[1]), b[0].hypot(b[1]));
    if na == 0.0 || nb == 0.0 {
        return 0.0;
    }
    let cos = ((a[0] * b[0] + a[1] * b[1]) / (na * nb)).clamp(-1.0, 1.0);
    cos.acos().to_degrees()
}
