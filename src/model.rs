//! What a session or a run learns: one learner for two classes or a
//! regression, or K classes learned by a reduction ([`Multiclass`]:
//! one-vs-rest, or a learner of K classes). The page's session
//! (`playground::model` adds what the plane needs: page labels, the grid,
//! epochs) and the command line's runs (each contender) hold this one type.

use crate::error::Result;
use crate::learner::{Learner, LinearModel};
use crate::multiclass::Multiclass;
use crate::registry::{Algorithm, AnyLearner};
use crate::settings::{Checked, Settings};

// One per session or contender, and the binary learner is the common case:
// boxing it would add a pointer hop to every sample for no saving.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum Model {
    Binary(AnyLearner),
    /// K classes, learned by their indices (0 to K − 1).
    Classes(Multiclass),
}

impl Model {
    /// `algorithm` for `classes` classes (0 to 2: one binary learner or a
    /// regression; more: by `settings.multiclass`), its settings checked.
    pub fn new(algorithm: Algorithm, settings: &Settings, classes: usize) -> Result<Self> {
        Self::from_checked(algorithm, &settings.clone().checked()?, classes)
    }

    /// [`Model::new`] with settings already in range.
    pub fn from_checked(algorithm: Algorithm, settings: &Checked, classes: usize) -> Result<Self> {
        match classes {
            0..=2 => AnyLearner::from_checked(algorithm, settings).map(Model::Binary),
            k => Multiclass::from_checked(algorithm, settings, k).map(Model::Classes),
        }
    }

    /// The binary learner (None with more than two classes).
    pub fn binary(&self) -> Option<&AnyLearner> {
        match self {
            Model::Binary(learner) => Some(learner),
            Model::Classes(_) => None,
        }
    }

    pub fn multiclass(&self) -> Option<&Multiclass> {
        match self {
            Model::Binary(_) => None,
            Model::Classes(multiclass) => Some(multiclass),
        }
    }

    /// The labels asked for so far, by a learner that asks for only some
    /// (the selective perceptron, alone or one vs rest); None otherwise.
    pub fn labels_asked(&self) -> Option<u64> {
        match self {
            Model::Binary(learner) => learner.labels_asked(),
            Model::Classes(multiclass) => multiclass.labels_asked(),
        }
    }

    /// The support set's size (0 for a linear model or K classes).
    pub fn support_size(&self) -> usize {
        self.binary().map_or(0, |l| l.support_size())
    }

    /// Whether its state beyond the weights is finite (see
    /// [`Learner::state_finite`]).
    pub fn state_finite(&self) -> bool {
        match self {
            Model::Binary(learner) => learner.state_finite(),
            Model::Classes(multiclass) => multiclass.state_finite(),
        }
    }

    /// The weight rows: one for two classes (None for a kernel learner),
    /// K for more.
    pub fn linear_models(&self) -> Vec<LinearModel> {
        match self {
            Model::Binary(learner) => learner.linear_model().into_iter().collect(),
            Model::Classes(multiclass) => multiclass.models(),
        }
    }
}
