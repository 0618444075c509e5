//! What learning one sample of K classes did, as the page explains it.

use crate::data::MAX_CLASSES;
use crate::learner::Update;

/// What learning one sample did: the class predicted before, the
/// highest-scoring wrong class s, and the update as the page explains it:
/// score F_y, margin F_y − F_s, the multiclass hinge loss max(0, 1 − margin),
/// τ (Crammer & Singer's step; in one-vs-rest the true class's learner's),
/// and after it, F_y − F_s again. One-vs-rest also keeps what its class
/// learners did ([`ClassStep::learners`]): each steps on its own binary
/// loss, which the multiclass margin does not decide.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClassStep {
    pub class: usize,
    pub predicted: usize,
    pub wrong: usize,
    pub update: Update,
    learners: [ClassLearner; MAX_CLASSES],
    kept: usize,
}

/// One one-vs-rest class learner's own update, told y_k = +1 for its class
/// and −1 for the others: its binary score f_k(x), margin y_k f_k(x), loss
/// and step, and after it f_k(x) and the margin y_k f_k(x).
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct ClassLearner {
    /// The class index (0 for the first class).
    pub class: usize,
    pub score: f64,
    pub margin: f64,
    pub loss: f64,
    pub tau: f64,
    pub after: f64,
    pub reached: f64,
    pub aggressive: bool,
}

impl ClassLearner {
    /// Class `class`'s learner, told `y`, reported `update`.
    pub fn new(class: usize, y: f64, update: &Update) -> Self {
        Self {
            class,
            score: update.score,
            margin: update.margin,
            loss: update.loss,
            tau: update.tau,
            after: update.score_after,
            reached: y * update.score_after,
            aggressive: update.aggressive,
        }
    }
}

impl ClassStep {
    pub fn new(class: usize, predicted: usize, wrong: usize, update: Update) -> Self {
        Self {
            class,
            predicted,
            wrong,
            update,
            learners: [ClassLearner::default(); MAX_CLASSES],
            kept: 0,
        }
    }

    /// Keeps a class learner's update, in the order given. The page has at
    /// most [`MAX_CLASSES`], so all fit; past them (a command-line run of
    /// more classes) the true class's still replaces the last kept.
    pub fn keep(&mut self, learner: ClassLearner) {
        if self.kept < MAX_CLASSES {
            self.learners[self.kept] = learner;
            self.kept += 1;
        } else if learner.class == self.class {
            self.learners[MAX_CLASSES - 1] = learner;
        }
    }

    /// One-vs-rest: the true class's learner and every other that stepped,
    /// in class order. Empty for Crammer & Singer's single model.
    pub fn learners(&self) -> &[ClassLearner] {
        &self.learners[..self.kept]
    }
}
