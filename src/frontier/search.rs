//! The search for a knob's value that brings a support set to a size: a
//! bisection on the knob's position s ([`super::Knob::value`]: 0 keeps the
//! most vectors, 1 the fewest), each trial one run of the learner on the
//! same samples. It asks for trials and is told their sizes, so that the
//! command line runs them at once and the page a slice per frame.
//!
//! 1. s = 1, the smallest set the knob allows: if it already holds the
//!    target or more, nothing smaller exists and the search ends there.
//! 2. s = 0, the largest: if it holds the target or fewer, nothing larger
//!    exists and the search ends there.
//! 3. Otherwise bisect between the two: a set above the target moves s
//!    up, one below moves it down, until a trial lands within
//!    [`Search::tolerance`] of the target, [`MAX_TRIALS`] trials are
//!    spent, or the bracket is narrower than [`RESOLUTION`].
//!
//! A trial may stop as soon as its set holds more than [`Search::limit`]
//! vectors: all the search needs to know of it is that it is too large,
//! and a knob that keeps every sample would otherwise cost a full run at
//! the largest size. The chosen trial ([`Search::best`]) is the finished
//! one nearest the target (the size it reached is reported, not the
//! target); a learner's size is not quite monotone in its knob (a
//! different set learns differently), so the nearest is not always the
//! last.

/// The most trials one search runs.
pub const MAX_TRIALS: usize = 16;

/// Bisection stops when the bracket on s is narrower than this.
pub const RESOLUTION: f64 = 1e-4;

/// One run of the learner at a knob position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Trial {
    pub s: f64,
    /// The knob's value at `s` (the search itself reads only `s`).
    pub value: f64,
    /// Its set's size at the end, or when it stopped past the limit.
    pub size: usize,
    /// Whether it learned every sample (else it stopped past the limit,
    /// and `size` is only a lower bound).
    pub finished: bool,
}

/// A search for the knob position whose set reaches `target` vectors.
#[derive(Clone, Debug)]
pub struct Search {
    pub target: usize,
    /// The bracket: positions below `lo` hold more than the target,
    /// above `hi` fewer (as far as the trials tell).
    lo: f64,
    hi: f64,
    pub trials: Vec<Trial>,
    done: bool,
}

impl Search {
    pub fn new(target: usize) -> Self {
        Self {
            target: target.max(1),
            lo: 0.0,
            hi: 1.0,
            trials: Vec::new(),
            done: false,
        }
    }

    /// The size within which a trial counts as on target: 2% of it, at
    /// least one vector.
    pub fn tolerance(&self) -> usize {
        (self.target / 50).max(1)
    }

    /// A trial may stop once its set holds more than this many vectors.
    pub fn limit(&self) -> usize {
        self.target + self.target / 4 + self.tolerance()
    }

    /// The next position to try, or None when the search is over.
    pub fn next(&self) -> Option<f64> {
        if self.done {
            return None;
        }
        Some(match self.trials.len() {
            0 => 1.0,
            1 => 0.0,
            _ => 0.5 * (self.lo + self.hi),
        })
    }

    /// What the trial at `s` (the last [`Search::next`]) came to.
    pub fn tried(&mut self, trial: Trial) {
        let first = self.trials.is_empty();
        let second = self.trials.len() == 1;
        self.trials.push(trial);
        let above = !trial.finished || trial.size > self.target;
        let below = trial.finished && trial.size < self.target;
        if trial.finished && trial.size.abs_diff(self.target) <= self.tolerance() {
            self.done = true;
        } else if first {
            // The smallest set is at or above the target: nothing smaller.
            self.done = !below;
        } else if second {
            // The largest set is at or below the target: nothing larger.
            self.done = !above;
        } else if above {
            self.lo = trial.s;
        } else {
            self.hi = trial.s;
        }
        self.done |= self.trials.len() >= MAX_TRIALS || self.hi - self.lo < RESOLUTION;
    }

    /// Whether the search is over.
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// The chosen trial: the finished one whose size is nearest the target
    /// (on a tie the smaller set), or, when none finished, the one at the
    /// largest position (the fewest vectors tried).
    pub fn best(&self) -> Option<Trial> {
        let finished = self
            .trials
            .iter()
            .filter(|t| t.finished)
            .min_by_key(|t| (t.size.abs_diff(self.target), t.size));
        finished
            .or_else(|| self.trials.iter().max_by(|a, b| a.s.total_cmp(&b.s)))
            .copied()
    }
}
