//! The data Compare's budget sweep learns (src/frontier/sliced.rs): the
//! points on the plane (the last `MAX_SHOWN_POINTS` at most, in the order
//! they came) and the session's held-out set, both as the page has them.

use super::session::Session;
use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::learner::Task;

impl Session {
    /// The points on the plane as training data, and the held-out set.
    /// Refused off the plane (a file of more than two features) and for
    /// regression: the sweep measures a classifier's held-out error.
    pub fn frontier_data(&mut self) -> Result<(Dataset, Dataset)> {
        if self.task() != Task::Classification || !self.on_plane() {
            return Err(Error::Mismatch(
                "the budget sweep learns the points on the plane, two classes of two features"
                    .into(),
            ));
        }
        let train = self.points.dataset(Task::Classification).clone();
        Ok((train, self.feed.test_set().clone()))
    }
}
