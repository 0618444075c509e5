//! The epochs both dual solvers run, the linear one over the samples'
//! vectors (`dual.rs`) and the kernel one over a Gram matrix
//! (`kernel/dual.rs`): each epoch visits the active coordinates in a fresh
//! random order (shuffled once per epoch, however often a budget stops
//! it), takes one exact step on each and records the spread of the
//! projected gradient; a budget of steps may stop it anywhere and the next
//! call resumes where it stopped. What a space does differently is its
//! step and the end of an epoch: LIBLINEAR's shrinking in the linear one,
//! exact polishing of the free multipliers in the kernel one.

/// How a solve ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Solved {
    /// The projected gradient's spread fell below the tolerance.
    pub converged: bool,
    /// Epochs this call ran (0 when the warm start was already optimal).
    pub epochs: usize,
}

/// What a solver gives the epochs.
pub(crate) trait Coordinates {
    /// What the space keeps from one epoch to the next (the linear
    /// solver's shrinking thresholds; nothing in the kernel one).
    type Kept;

    /// Shuffles the active coordinates for a new epoch (with the solver's
    /// own seeded generator, so the same samples give the same solution).
    fn shuffle(&mut self, active: &mut [usize]);

    /// One exact step on coordinate `i`: its projected gradient, or None
    /// when the coordinate leaves the active set instead (shrinking). A
    /// step that reads more than its one unit of the budget takes it from
    /// `steps`.
    fn step(&mut self, i: usize, kept: &Self::Kept, steps: &mut u64) -> Option<f64>;

    /// An epoch ended, `settled` when the projected gradient's spread is
    /// within the tolerance (or no coordinate is active): true ends the
    /// solve as converged; otherwise the space may change the active set
    /// and what it keeps before the next epoch.
    fn epoch_ended(
        &mut self,
        epochs: &mut Epochs<Self::Kept>,
        settled: bool,
        steps: &mut u64,
    ) -> bool;

    /// The solve ends after at least one epoch, converged or not.
    fn finish(&mut self, _steps: &mut u64) {}
}

/// Where a solve is: its epoch, its place in the epoch, the active set.
/// Valid for the samples it began on.
#[derive(Clone, Debug)]
pub(crate) struct Epochs<K> {
    /// The coordinates, the active ones first.
    pub(super) order: Vec<usize>,
    pub(super) active: usize,
    pub(super) epoch: usize,
    /// The projected gradient's range this epoch.
    pub(super) low: f64,
    pub(super) high: f64,
    pub(super) kept: K,
    /// The next epoch has not begun (its shuffle is still to come).
    fresh: bool,
    /// The next place in `order` this epoch.
    at: usize,
    /// The rounds of the samples it began on (a check).
    rounds: u64,
}

impl<K> Epochs<K> {
    /// A solve over the coordinates `order`, all active, of samples that
    /// have seen `rounds` rounds.
    pub(super) fn new(order: Vec<usize>, rounds: u64, kept: K) -> Self {
        Self {
            active: order.len(),
            order,
            epoch: 0,
            low: f64::INFINITY,
            high: f64::NEG_INFINITY,
            kept,
            fresh: true,
            at: 0,
            rounds,
        }
    }

    /// A solve a budget stopped, to resume over the same samples.
    pub(super) fn resumed(stopped: Option<Self>, rounds: u64) -> Option<Self> {
        if let Some(epochs) = &stopped {
            debug_assert_eq!(epochs.rounds, rounds, "the samples changed mid-solve");
        }
        stopped
    }

    /// Runs epochs until the projected gradient's spread is below
    /// `tolerance` (Solved, converged) or `max_epochs` have run (Solved,
    /// not converged), within a budget of `steps`, each coordinate step
    /// costing one at least: Err(self) when the budget ran out first, to
    /// be resumed with the next call.
    pub(super) fn run<C: Coordinates<Kept = K>>(
        mut self,
        space: &mut C,
        tolerance: f64,
        max_epochs: usize,
        steps: &mut u64,
    ) -> Result<Solved, Self> {
        if self.order.is_empty() {
            return Ok(Solved {
                converged: true,
                epochs: 0,
            });
        }
        while self.epoch < max_epochs {
            if self.fresh {
                self.fresh = false;
                (self.low, self.high) = (f64::INFINITY, f64::NEG_INFINITY);
                space.shuffle(&mut self.order[..self.active]);
            }
            while self.at < self.active {
                if *steps == 0 {
                    return Err(self);
                }
                *steps -= 1;
                match space.step(self.order[self.at], &self.kept, steps) {
                    Some(pg) => {
                        self.at += 1;
                        self.low = self.low.min(pg);
                        self.high = self.high.max(pg);
                    }
                    None => {
                        self.active -= 1;
                        self.order.swap(self.at, self.active);
                    }
                }
            }
            self.at = 0;
            self.fresh = true;
            self.epoch += 1;
            let settled = self.high - self.low <= tolerance || self.active == 0;
            if space.epoch_ended(&mut self, settled, steps) {
                space.finish(steps);
                return Ok(Solved {
                    converged: true,
                    epochs: self.epoch,
                });
            }
        }
        space.finish(steps);
        Ok(Solved {
            converged: false,
            epochs: max_epochs,
        })
    }
}
