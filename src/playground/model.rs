//! The session's model ([`crate::Model`], the command line's too) as the
//! page uses it. Points and streams carry the page's class labels (+1, −1,
//! 3, 4, 5, 6: see [`class_index`]); the multiclass model learns their
//! class indices.

use super::held_out::HeldOut;
use super::ready::Ready;
use crate::data::{class_index, Dataset};
use crate::error::Result;
use crate::eval::test_score;
use crate::features::Features;
use crate::grid::Grid;
use crate::learner::{Learner, LinearModel, Update};
use crate::multiclass::{ClassStep, Multiclass};
use crate::registry::AnyLearner;

pub use crate::model::Model;

impl Model {
    /// The model `setup` asks for: K classes by its reduction when it has
    /// more than two.
    pub fn of(setup: &Ready) -> Result<Self> {
        Model::from_checked(setup.algorithm, setup.learner_settings(), setup.classes())
    }

    /// `next`'s learner, starting from this model's weights (a learner
    /// switched mid-stream), and whether it could: a kernel learner's
    /// support set cannot carry over to a linear learner nor weights to a
    /// kernel learner, so then it starts afresh (false).
    pub fn switched(&self, next: &Ready) -> Result<(Self, bool)> {
        let settings = next.learner_settings();
        match self {
            Model::Binary(learner) => match learner.linear_model() {
                Some(model) => {
                    let next = AnyLearner::warm_started_checked(next.algorithm, settings, &model)?;
                    let carried = next.linear_model().is_some();
                    Ok((Model::Binary(next), carried))
                }
                None => Ok((Self::of(next)?, false)),
            },
            Model::Classes(multiclass) => {
                Multiclass::warm_started_checked(next.algorithm, settings, &multiclass.models())
                    .map(|classes| (Model::Classes(classes), true))
            }
        }
    }

    /// Learns one sample of label `y` (a page class label with more than
    /// two classes); returns the update and, with more than two classes,
    /// the classes it involved.
    pub fn learn(&mut self, x: Features<'_>, y: f64) -> (Update, Option<ClassStep>) {
        match self {
            Model::Binary(learner) => (learner.learn_one(x, y), None),
            Model::Classes(multiclass) => {
                let class = class_index(y).expect("the session checks a point's class");
                let step = multiclass.learn_one(x, class);
                (step.update, Some(step))
            }
        }
    }

    /// Scores the grid: one score per cell, or with K classes K scores per
    /// cell (cell by cell, class by class).
    pub fn score_grid(&self, grid: &Grid, out: &mut Vec<f32>) {
        match self {
            Model::Binary(learner) => {
                out.resize(grid.len(), 0.0);
                learner.score_grid(grid, out);
            }
            Model::Classes(multiclass) => {
                let k = multiclass.classes();
                out.resize(grid.len() * k, 0.0);
                let mut cell = 0;
                for j in 0..grid.ny {
                    for i in 0..grid.nx {
                        let x = [grid.x(i), grid.y(j)];
                        for class in 0..k {
                            out[cell * k + class] =
                                multiclass.score(Features::Dense(&x), class) as f32;
                        }
                        cell += 1;
                    }
                }
            }
        }
    }

    /// The score on `test` (page class labels): accuracy, or MAE for a
    /// regression; `cache`: a held-out set's cached kernel columns.
    pub fn test_score(&self, test: &Dataset, cache: Option<&mut HeldOut>) -> f64 {
        match (self, cache) {
            (Model::Binary(learner), Some(cache)) => cache.score(learner, test),
            (Model::Binary(learner), None) => test_score(learner, test),
            (Model::Classes(multiclass), _) => {
                let right = (0..test.len())
                    .filter(|&i| {
                        Some(multiclass.predict(test.row(i))) == class_index(test.label(i))
                    })
                    .count();
                right as f64 / test.len().max(1) as f64
            }
        }
    }

    /// On a fixed set (epochs over the points) a pocket's ratchet judges
    /// on that set, not on every sample seen, which would grow with each
    /// epoch: the pocket, or each class's pocket; the batch pocket
    /// searches over it.
    pub fn judge_on(&mut self, points: &Dataset) {
        match self {
            Model::Binary(learner) => learner.fix_batch(points),
            Model::Classes(multiclass) => {
                let mut classes = points.clone();
                classes.relabel(|label| class_index(label).map_or(-1.0, |k| k as f64));
                multiclass.judge_pockets_on(&classes);
            }
        }
    }

    /// The point of the judged set the learner learns next, when it
    /// chooses (the batch pocket); None: the points in order.
    pub fn pick(&mut self) -> Option<usize> {
        match self {
            Model::Binary(learner) => learner.pick(),
            Model::Classes(_) => None,
        }
    }

    /// The support vectors of a kernel learner on the plane, as
    /// (x, y, alpha, key, label) per vector, into `out` (the key tells
    /// the page which vector left: `SupportSet::keys`); empty otherwise.
    pub fn support_vectors(&self, out: &mut Vec<f64>) {
        out.clear();
        let Some(set) = self.binary().and_then(|l| l.support_set()) else {
            return;
        };
        for i in 0..set.len() {
            let (x, label) = set.vector(i);
            if let Features::Dense(p) = x {
                let y = p.get(1).copied().unwrap_or(0.0);
                out.extend([p[0], y, set.coefficients()[i], set.keys()[i] as f64, label]);
            }
        }
    }

    /// Each class's weights with more than two classes (none with two).
    pub fn class_models(&self) -> Vec<LinearModel> {
        match self {
            Model::Binary(_) => Vec::new(),
            Model::Classes(multiclass) => multiclass.models(),
        }
    }

    /// Applies `setup`'s live settings, keeping the weights.
    pub fn retune(&mut self, setup: &Ready) -> Result<()> {
        match self {
            Model::Binary(learner) => learner.retune_checked(setup.learner_settings()),
            Model::Classes(multiclass) => multiclass.retune_checked(setup.learner_settings()),
        }
    }
}
