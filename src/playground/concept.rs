//! The teacher's hand on a session: a move of the preset's concept (its
//! line or a class centre) applies to the samples from the next one on,
//! is recorded in the log (so that links, the timeline and every Compare
//! panel replay it), adds a curve point at the move and starts the
//! learner's recovery (scoreboard.rs).

use super::log::{Event, QUANTUM};
use super::scoreboard::Recovery;
use super::session::Session;
use crate::data::{ConceptMove, Truth};
use crate::error::Result;

impl Session {
    /// Performs a concept event (see [`Session::apply`]).
    pub(super) fn move_concept(&mut self, event: &Event) -> Result<()> {
        let moved = match *event {
            Event::Concept { a, b } => ConceptMove::Line {
                a: a as f64 * QUANTUM,
                b: b as f64 * QUANTUM,
            },
            Event::Centre { class, x, y } => ConceptMove::Centre {
                class: class as usize,
                x: x as f64 * QUANTUM,
                y: y as f64 * QUANTUM,
            },
            _ => unreachable!("a concept event"),
        };
        self.feed.move_concept(moved)?;
        let task = self.task();
        self.scoreboard.concept_moved(task);
        // A point at the move: the level the recovery is judged against,
        // and the held-out score on the moved concept, drawn at once.
        let samples = self.scoreboard.progress().samples;
        if samples > 0 && self.scoreboard.curves().last_samples() != samples {
            self.record_curves();
        }
        Ok(())
    }

    /// The preset's concept now, as the page draws it (None for a file or
    /// a preset whose truth is not a line or class centres).
    pub fn truth(&self) -> Option<Truth> {
        self.feed.truth()
    }

    /// The learner's recovery after each concept move, in order.
    pub fn recoveries(&self) -> &[Recovery] {
        self.scoreboard.recoveries()
    }
}
