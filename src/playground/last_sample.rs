//! What one update leaves for the page to show: the sample, the learner's
//! report on it, and the plane's view of a linear model (its line, and how
//! far the last update turned it).

use crate::learner::{margin, LinearModel, Task, Update};
use crate::multiclass::ClassStep;

/// The sample the learner saw last, and what it did with it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LastSample {
    /// Plane coordinates (regression: x and the target y).
    pub point: [f64; 2],
    /// +1 / -1 (classification) or the target (regression).
    pub label: f64,
    pub task: Task,
    pub update: Update,
    /// ||x||^2 as the update saw it (with the constant 1 in augmented mode;
    /// k(x, x) for a kernel learner).
    pub squared_norm: f64,
    /// With more than two classes: the sample's class, the class predicted
    /// and the highest-scoring wrong class.
    pub classes: Option<ClassStep>,
}

/// The numbers every [`LastSample`] serialises, by name (with [`FLAGS`]
/// and the class learners; then the learner's own numbers, its `Details`,
/// by names that must differ from these).
const NUMBERS: [&str; 20] = [
    "x",
    "y",
    "label",
    "score",
    "margin",
    "loss",
    "tau",
    "after",
    "reached",
    "sq",
    "size",
    "removed",
    "v",
    "beta",
    "own",
    "predicted",
    "rival",
    "branch1",
    "branch2",
    "branch3",
];

/// Its yes-or-no fields: aggressive, mistake, and whether x joined the
/// support set.
const FLAGS: [&str; 3] = ["aggressive", "mistake", "added"];

/// With more than two classes, what one-vs-rest's class learners did.
const LEARNERS: &str = "learners";

/// Every field a [`LastSample`] always serialises.
pub(super) fn fields() -> impl Iterator<Item = &'static str> {
    NUMBERS.into_iter().chain(FLAGS).chain([LEARNERS])
}

impl LastSample {
    /// The margin after the update, as `margin` is before it: y f(x) after
    /// (classification), y − f(x) after (regression), F_y − F_s after (more
    /// than two classes).
    pub fn reached(&self) -> f64 {
        match self.classes {
            Some(_) => self.update.score_after,
            None => margin(self.task, self.label, self.update.score_after),
        }
    }

    /// Every number of [`NUMBERS`], in its order.
    fn numbers(&self) -> [f64; NUMBERS.len()] {
        let u = &self.update;
        // More than two classes: the predicted and the highest-scoring
        // wrong class, as page labels; 0 with two (no class's label is 0).
        let label = |pick: fn(&ClassStep) -> usize| {
            self.classes
                .as_ref()
                .map_or(0.0, |c| crate::data::class_label(pick(c)))
        };
        let [b1, b2, b3] = u.details.branches.map(f64::from);
        [
            self.point[0],
            self.point[1],
            self.label,
            u.score,
            u.margin,
            u.loss,
            u.tau,
            u.score_after,
            self.reached(),
            self.squared_norm,
            f64::from(u.support.size),
            f64::from(u.support.removed),
            // Second-order learners: the score's variance, the covariance
            // step and their own loss (zeros for the others).
            u.confidence.variance,
            u.confidence.beta,
            u.confidence.loss,
            label(|c| c.predicted),
            label(|c| c.wrong),
            // The branches the rule took: indices into its entry's
            // branches, plus one (0: none).
            b1,
            b2,
            b3,
        ]
    }
}

/// What the explanation panel reads, by name: [`fields`], then the
/// learner's own numbers by the names it gave them. Every number goes
/// through one call of one serialiser (and the three flags through one
/// more): each further call site or value type is code in the page's
/// module (measured: an array field alone cost 0.3 KB gzip).
impl serde::Serialize for LastSample {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let u = &self.update;
        let size = fields().count() + u.details.names.len();
        let mut s = serializer.serialize_struct("LastSample", size)?;
        let numbers = NUMBERS.into_iter().zip(self.numbers());
        for (name, value) in numbers.chain(u.details.named()) {
            s.serialize_field(name, &value)?;
        }
        let flags = [u.aggressive, u.mistake, u.support.added];
        for (name, flag) in FLAGS.into_iter().zip(flags) {
            s.serialize_field(name, &flag)?;
        }
        // One-vs-rest: what the true class's learner and each that stepped did.
        let learners = self.classes.as_ref().map_or(&[][..], |c| c.learners());
        s.serialize_field(LEARNERS, learners)?;
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
