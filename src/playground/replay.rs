//! A shared link's log replayed a slice at a time, so that opening a long
//! session (tens of thousands of samples, eight kernel learners in Compare)
//! never blocks the page: the page asks for a slice per frame, shows the
//! progress and can stop. Slicing changes nothing: a stream of n samples
//! learned as k then n − k is the same session (the log merges them back).

use super::log::Event;
use super::session::Session;
use super::share::SharedState;
use crate::error::Result;

#[derive(Clone, Debug)]
pub struct Replay {
    /// The link being replayed: what the page's link stays until the end.
    state: SharedState,
    next: usize,
    /// Samples of the event at `next` (a stream or epochs step) already applied.
    partial: u64,
    done: u64,
    total: u64,
}

/// The work an event costs: its samples, or 1.
fn work(event: &Event) -> u64 {
    match event {
        Event::Stream(n) | Event::Epochs(n) => *n,
        _ => 1,
    }
}

impl Replay {
    pub fn new(state: SharedState) -> Self {
        let total = state.log.events().iter().map(work).sum();
        Self {
            state,
            next: 0,
            partial: 0,
            done: 0,
            total,
        }
    }

    /// The link being replayed.
    pub fn state(&self) -> &SharedState {
        &self.state
    }

    /// Applies up to `budget` units of work (at least one event's first
    /// unit, so every call progresses), asking `more()` every `chunk`
    /// units whether to go on (the page passes a clock, and a chunk sized
    /// from the session's cost so far: a slice then ends on time whatever a
    /// sample costs, which varies a thousandfold between learners and grows
    /// with a kernel learner's set).
    pub fn step_while(
        &mut self,
        session: &mut Session,
        budget: u64,
        chunk: u64,
        mut more: impl FnMut() -> bool,
    ) -> Result<()> {
        let chunk = chunk.max(1);
        let mut left = budget.max(1);
        let mut since_asked = 0;
        while left > 0 {
            if since_asked >= chunk {
                if !more() {
                    break;
                }
                since_asked = 0;
            }
            let Some(event) = self.state.log.events().get(self.next) else {
                break;
            };
            let (applied, finished) = match *event {
                Event::Stream(n) | Event::Epochs(n) => {
                    let k = (n - self.partial).min(left).min(chunk - since_asked);
                    let slice = match event {
                        Event::Stream(_) => Event::Stream(k),
                        _ => Event::Epochs(k),
                    };
                    if k > 0 {
                        session.apply(slice)?;
                    }
                    self.partial += k;
                    (k, self.partial == n)
                }
                _ => {
                    session.apply(event.clone())?;
                    (1, true)
                }
            };
            left = left.saturating_sub(applied.max(1));
            since_asked += applied.max(1);
            self.done += applied;
            if finished {
                self.next += 1;
                self.partial = 0;
            }
        }
        Ok(())
    }

    pub fn finished(&self) -> bool {
        self.next >= self.state.log.events().len()
    }

    /// Work done and in all (samples, plus one per other event).
    pub fn progress(&self) -> (u64, u64) {
        (self.done, self.total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_of_any_size_rebuild_the_same_session() {
        let mut source = Session::new(
            SharedState::parse("v=2&algo=projectron&preset=xor&seed=4")
                .unwrap()
                .setup,
        )
        .unwrap();
        source.apply(Event::Stream(130)).unwrap();
        source
            .apply(Event::Point {
                x: 100,
                y: -200,
                label: 1,
            })
            .unwrap();
        source.set("sigma", "0.7").unwrap();
        source.apply(Event::Stream(77)).unwrap();
        source.apply(Event::Epochs(9)).unwrap();
        let state = source.shared();
        let whole = Session::from_shared(&state).unwrap();
        for budget in [1, 7, 64, 10_000] {
            let mut session = Session::new(state.setup.clone()).unwrap();
            let mut replay = Replay::new(state.clone());
            let mut calls = 0;
            while !replay.finished() {
                replay
                    .step_while(&mut session, budget, budget, || true)
                    .unwrap();
                calls += 1;
            }
            assert_eq!(replay.progress(), (130 + 1 + 1 + 77 + 9, 218));
            assert!(calls >= 218 / budget as usize, "{budget}: {calls} calls");
            assert_eq!(
                session.shared().to_hash(),
                state.to_hash(),
                "budget {budget}"
            );
            assert_eq!(session.model(), whole.model(), "budget {budget}");
            assert_eq!(session.curves().len(), whole.curves().len());
        }
        // Asked every chunk of units, a slice ends where it is told to.
        let mut session = Session::new(state.setup.clone()).unwrap();
        let mut replay = Replay::new(state.clone());
        let mut asked = 0;
        replay
            .step_while(&mut session, u64::MAX, 16, || {
                asked += 1;
                asked < 3
            })
            .unwrap();
        assert_eq!(replay.progress().0, 3 * 16);
        while !replay.finished() {
            replay
                .step_while(&mut session, u64::MAX, 5, || true)
                .unwrap();
        }
        assert_eq!(session.model(), whole.model());
    }
}
