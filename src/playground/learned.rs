//! The samples the learner now in force learned, in order, as it saw them
//! (for Copy as Python, www/js/python.js, which writes them into a script
//! for River or scikit-learn). The plane keeps only the points still shown,
//! and epochs, erasures and a Reset make the learned sequence differ from
//! them; so the session's recording is replayed with a tape on the
//! learning path, instead of re-deriving the stream anywhere else.
//! In the page's full module only (with the timeline, which replays too).

use super::session::Session;
use super::tape::Tape;
use crate::error::{Error, Result};
use crate::learner::Task;
use crate::settings::Key;

/// The learned samples and what they were learned with.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Learned {
    pub algorithm: &'static str,
    /// "classification" or "regression".
    pub task: &'static str,
    /// 0 for regression, else 2 to 6.
    pub classes: usize,
    /// The learner's settings now, by the settings table's names (c, eps, lr, bias...).
    pub settings: Vec<(&'static str, String)>,
    /// Features per sample: 2 on the plane (1 for regression, whose
    /// second coordinate is the target), a file's width off it.
    pub width: usize,
    /// Each sample's features then its target, sample after sample, since
    /// the learner last started afresh (a Reset, or the start).
    pub rows: Vec<f64>,
    /// Samples learned when the learner, or a setting it reads, last
    /// changed after it had learned some (0: it learned all with today's).
    pub changed_after: u64,
}

impl Session {
    /// The samples the current learner learned since it last started
    /// afresh, and whether it or its settings changed on the way.
    pub fn learned(&self) -> Result<Learned> {
        let mut replay = self.restarted_ready(self.recording.initial().clone())?;
        // The Theory layer watches, it does not learn: leave it off.
        replay.set_theory(false)?;
        let width = match (self.feed.file(), self.task()) {
            (Some(file), _) if !file.on_plane() => file.data.n_features(),
            (_, Task::Regression) => 1,
            (_, Task::Classification) => 2,
        };
        replay.tape = Some(Tape {
            width,
            values: Vec::new(),
        });
        let mut changed_after = 0;
        for event in self.recording.log().events() {
            let before = replay.learner_fingerprint();
            let generation = replay.scoreboard.generation();
            replay.apply(event.clone())?;
            let changed = replay.learner_fingerprint() != before;
            let tape = replay.tape.as_mut().expect("the tape is on");
            // The learner started afresh (a Reset, or a switch that could
            // not carry its model over): its samples start here.
            if replay.scoreboard.generation() != generation {
                tape.values.clear();
                changed_after = 0;
            } else if changed && !tape.values.is_empty() {
                changed_after = (tape.values.len() / (width + 1)) as u64;
            }
        }
        let rows = replay.tape.take().map(|t| t.values).unwrap_or_default();
        if rows.len() / (width + 1) != replay.progress().samples as usize {
            return Err(Error::Mismatch(
                "the replayed session learned another count of samples".into(),
            ));
        }
        let settings = self.current.settings.clone();
        let keys = self.learner_settings_in_force();
        Ok(Learned {
            algorithm: self.algorithm().name(),
            task: self.task().name(),
            classes: self.classes(),
            settings: keys.iter().map(|&k| (k.name(), settings.text(k))).collect(),
            width,
            rows,
            changed_after,
        })
    }

    /// The learner and the values of the settings it reads.
    fn learner_fingerprint(&self) -> (&'static str, Vec<(Key, f64)>) {
        let settings = self.current.learner_settings();
        let keys = self.learner_settings_in_force();
        (
            self.algorithm().name(),
            keys.iter().map(|&k| (k, settings.number(k))).collect(),
        )
    }
}
