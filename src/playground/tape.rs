//! The tape a replay records the learned samples on (learned.rs): a part
//! the session holds while `Session::learned` replays, and nothing else.

use crate::features::Features;

/// What the tape holds: each sample's features, then its target.
#[derive(Clone, Debug, Default)]
pub struct Tape {
    pub(super) width: usize,
    pub(super) values: Vec<f64>,
}

impl Tape {
    pub(super) fn record(&mut self, features: Features<'_>, target: f64) {
        let start = self.values.len();
        self.values.resize(start + self.width, 0.0);
        let row = &mut self.values[start..];
        features.for_each_nonzero(|i, v| {
            if let Some(slot) = row.get_mut(i) {
                *slot = v;
            }
        });
        self.values.push(target);
    }
}
