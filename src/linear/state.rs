//! What LIBOL's learners and the perceptron's relatives share: a linear
//! model kept in one field ([`Weights`], or LIBOL's second-order
//! [`Gaussian`](crate::libol::Gaussian)), and the same pass-through
//! `Learner` and `Configured` methods around it, written once by
//! [`linear_learner!`] (the twin of the kernel family's `kernel_learner!`).

use crate::features::Features;
use crate::grid::Grid;
use crate::learner::{score_cells, LinearModel};
use crate::settings::{BiasMode, Settings};

use super::Weights;

/// The model a linear learner keeps: its score, its bias mode, a warm
/// start, a reset, the plane's shading.
pub(crate) trait LinearState {
    fn score(&self, x: Features<'_>) -> f64;
    /// A new bias mode, keeping the weights (and the bias, unless the new
    /// mode has none).
    fn set_bias_mode(&mut self, mode: BiasMode);
    /// Another learner's weights as its own, in its own bias mode.
    fn warm_start(&mut self, model: &LinearModel);
    fn reset(&mut self);
    fn model(&self) -> LinearModel;
    /// See [`crate::learner::Learner::state_finite`].
    fn state_finite(&self) -> bool {
        true
    }
    /// The plane's shading: the score at every cell unless the model says
    /// more (the Gaussian's score in standard deviations).
    fn score_grid(&self, grid: &Grid, out: &mut [f32]) {
        score_cells(grid, out, |x| self.score(x));
    }
}

impl LinearState for Weights {
    fn score(&self, x: Features<'_>) -> f64 {
        Weights::score(self, x)
    }
    fn set_bias_mode(&mut self, mode: BiasMode) {
        self.set_mode(mode);
    }
    fn warm_start(&mut self, model: &LinearModel) {
        *self = Weights::from_model(model, self.mode());
    }
    fn reset(&mut self) {
        Weights::reset(self);
    }
    fn model(&self) -> LinearModel {
        Weights::model(self)
    }
}

/// What a linear learner adds to the shared methods: most keep a setting
/// or a counter beside the model, so both hooks default to nothing.
pub(crate) trait LinearHooks {
    /// Applies its own live settings (the bias mode is applied by the
    /// shared code, after these).
    fn tune(&mut self, _settings: &Settings) {}
    /// Forgets its own state (after the model is reset).
    fn clear(&mut self) {}
}

/// The `Learner` and `Configured` methods of a binary linear learner whose
/// model is the field `$state` (a [`LinearState`]). The type needs a method
/// `learn(x, y) -> Update` and an implementation of [`LinearHooks`].
macro_rules! linear_learner {
    ($type:ty, $state:ident) => {
        impl crate::learner::Configured for $type {
            fn retune(&mut self, settings: &crate::settings::Settings) {
                crate::linear::LinearHooks::tune(self, settings);
                crate::linear::LinearState::set_bias_mode(&mut self.$state, settings.bias);
            }

            fn warm_start(&mut self, model: &crate::learner::LinearModel) {
                crate::linear::LinearState::warm_start(&mut self.$state, model);
            }
        }

        impl crate::learner::Learner for $type {
            fn task(&self) -> crate::learner::Task {
                crate::learner::Task::Classification
            }

            fn score(&self, x: crate::features::Features<'_>) -> f64 {
                crate::linear::LinearState::score(&self.$state, x)
            }

            fn learn_one(
                &mut self,
                x: crate::features::Features<'_>,
                y: f64,
            ) -> crate::learner::Update {
                self.learn(x, y)
            }

            fn score_grid(&self, grid: &crate::grid::Grid, out: &mut [f32]) {
                crate::linear::LinearState::score_grid(&self.$state, grid, out);
            }

            fn reset(&mut self) {
                crate::linear::LinearState::reset(&mut self.$state);
                crate::linear::LinearHooks::clear(self);
            }

            fn linear_model(&self) -> Option<crate::learner::LinearModel> {
                Some(crate::linear::LinearState::model(&self.$state))
            }

            fn state_finite(&self) -> bool {
                crate::linear::LinearState::state_finite(&self.$state)
            }
        }
    };
}
pub(crate) use linear_learner;
