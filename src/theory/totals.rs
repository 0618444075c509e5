//! What a theory keeps of a learner's rounds besides its samples: the
//! learner's totals, the rounds waiting for a solve in slices to end, and
//! the comparators found over some rounds. The live theories (`tracker.rs`,
//! `kernel/tracker.rs`) take their rounds the same way (`takes_rounds!`),
//! and the frozen one (`frozen.rs`) holds the totals too.

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
    /// Support vectors removed to keep a budget (kernel learners).
    pub removals: u64,
}

impl Totals {
    pub fn add(&mut self, update: &Update) {
        self.mistakes += update.mistake as u64;
        self.updates += update.aggressive as u64;
        self.hinge += update.loss;
        self.squared_hinge += update.loss * update.loss;
        self.removals += update.support.removed as u64;
    }

    pub fn join(&mut self, other: &Totals) {
        self.mistakes += other.mistakes;
        self.updates += other.updates;
        self.hinge += other.hinge;
        self.squared_hinge += other.squared_hinge;
        self.removals += other.removals;
    }
}

/// The rounds recorded while a solve in slices runs: they wait, and join
/// when it ends, so that each solve's report is over its own rounds.
#[derive(Clone, Debug, Default)]
pub(super) struct Waiting {
    samples: Vec<usize>,
    totals: Totals,
}

impl Waiting {
    pub fn add(&mut self, i: usize, update: &Update) {
        self.samples.push(i);
        self.totals.add(update);
    }

    pub fn rounds(&self) -> u64 {
        self.samples.len() as u64
    }

    /// They join: each round's sample counted by `count`, their totals
    /// added to `totals`.
    pub fn join(&self, totals: &mut Totals, mut count: impl FnMut(usize)) {
        for &i in &self.samples {
            count(i);
        }
        totals.join(&self.totals);
    }
}

/// A live theory's `add`, `record` and `learned`, over its store of
/// samples (the field `$samples`: `Samples` or the kernel's `Points`), its
/// `totals` and its `job` (a solve in slices, whose `waiting` rounds wait).
macro_rules! takes_rounds {
    ($samples:ident) => {
        /// Stores a sample the learner will see (it counts from its first
        /// `record`). Returns its index.
        pub fn add(
            &mut self,
            x: $crate::features::Features<'_>,
            y: f64,
        ) -> $crate::error::Result<usize> {
            self.$samples.push(x, y)
        }

        /// The learner's round on sample `i`: `update` is what its
        /// `learn_one` returned. Rounds must start from a learner at w = 0
        /// (an empty one for a kernel learner: the bounds assume it).
        /// While a solve in slices is under way, the round waits for it to
        /// end.
        pub fn record(
            &mut self,
            i: usize,
            update: &$crate::learner::Update,
        ) -> $crate::error::Result<()> {
            let held = self.$samples.len();
            if i >= held {
                return Err($crate::error::Error::BadSample(
                    format!("no sample {i}: the theory layer holds {held}").into(),
                ));
            }
            match &mut self.job {
                Some(job) => job.waiting.add(i, update),
                None => {
                    self.$samples.count(i);
                    self.totals.add(update);
                }
            }
            Ok(())
        }

        /// A new sample and the learner's round on it: `add` then `record`.
        pub fn learned(
            &mut self,
            x: $crate::features::Features<'_>,
            y: f64,
            update: &$crate::learner::Update,
        ) -> $crate::error::Result<usize> {
            let i = self.add(x, y)?;
            self.record(i, update)?;
            Ok(i)
        }
    };
}
pub(super) use takes_rounds;

/// The comparators over some rounds.
#[derive(Clone, Debug)]
pub(super) struct Solved {
    pub rounds: u64,
    pub separation: Separation,
    pub hinge: Minimiser,
    pub squared: Option<Minimiser>,
}
