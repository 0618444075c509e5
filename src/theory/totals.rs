//! What a theory keeps of a learner's rounds besides its samples: the
//! learner's totals, and the comparators found over some rounds. Both the
//! live theory (`tracker.rs`) and the frozen one (`frozen.rs`) hold them.

use super::bound::Minimiser;
use super::hard_margin::Separation;
use crate::learner::Update;

/// The learner's totals over its rounds.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Totals {
    pub mistakes: u64,
    /// Rounds on which the rule changed the model (for the perceptrons,
    /// the updates the mistake bounds count).
    pub updates: u64,
    pub hinge: f64,
    pub squared_hinge: f64,
}

impl Totals {
    pub fn add(&mut self, update: &Update) {
        self.mistakes += update.mistake as u64;
        self.updates += update.aggressive as u64;
        self.hinge += update.loss;
        self.squared_hinge += update.loss * update.loss;
    }

    pub fn join(&mut self, other: &Totals) {
        self.mistakes += other.mistakes;
        self.updates += other.updates;
        self.hinge += other.hinge;
        self.squared_hinge += other.squared_hinge;
    }
}

/// The comparators over some rounds.
#[derive(Clone, Debug)]
pub(super) struct Solved {
    pub rounds: u64,
    pub separation: Separation,
    pub hinge: Minimiser,
    pub squared: Option<Minimiser>,
}
