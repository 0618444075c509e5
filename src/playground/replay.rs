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
    /// unit, so every call progresses).
    pub fn step(&mut self, session: &mut Session, budget: u64) -> Result<()> {
        let mut left = budget.max(1);
        while left > 0 {
            let Some(event) = self.state.log.events().get(self.next) else {
                break;
            };
            let (applied, finished) = match *event {
                Event::Stream(n) | Event::Epochs(n) => {
                    let k = (n - self.partial).min(left);
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
                replay.step(&mut session, budget).unwrap();
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
    }
}
