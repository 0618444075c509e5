//! The learners at work on a run's blocks: each block is learned in
//! chunks, every learner in turn on the same chunk, so that the bar moves
//! a few times a second and a progress line falls on its exact sample.
//! Where the chunks fall changes nothing: each learner learns every row
//! once, in order.

use std::time::{Duration, Instant};

use onlinelearn::Dataset;

use crate::contenders::Contender;
use crate::lines::Lines;
use crate::progress::StreamBar;

/// A chunk takes about this long: the bar moves a few times a second, and
/// a fast learner pays for a handful of clock reads a run rather than
/// one a sample.
const CHUNK_TIME: Duration = Duration::from_millis(100);

/// The first chunk, small so that a slow kernel learner's bar moves at once.
const FIRST_CHUNK: usize = 256;

/// Chunk sizes that grow or shrink to take about `CHUNK_TIME`.
pub struct Chunks {
    size: usize,
}

impl Default for Chunks {
    fn default() -> Self {
        Self { size: FIRST_CHUNK }
    }
}

impl Chunks {
    /// The end of the chunk from `at` in a block of `len` rows, stopping
    /// `due` rows ahead at most (a line's sample).
    pub fn end(&self, at: usize, len: usize, due: u64) -> usize {
        let due = usize::try_from(due).unwrap_or(usize::MAX);
        len.min(at.saturating_add(self.size))
            .min(at.saturating_add(due))
    }

    /// Adapts the size to the time the last chunk `took`.
    pub fn took(&mut self, took: Duration) {
        if took < CHUNK_TIME / 2 {
            self.size = self.size.saturating_mul(2);
        } else if took > CHUNK_TIME * 2 {
            self.size = (self.size / 2).max(1);
        }
    }
}

/// A run's learners, its progress lines and its bar.
pub struct Learning {
    pub contenders: Vec<Contender>,
    /// Samples learned, every pass counted.
    pub seen: u64,
    pub lines: Lines,
    pub bar: StreamBar,
    chunks: Chunks,
    /// Where in the input (bytes, the passes before counted) the block
    /// being learned starts and ends: the bar moves between the two.
    from: u64,
    to: u64,
}

impl Learning {
    pub fn new(contenders: Vec<Contender>, lines: Lines, bar: StreamBar) -> Self {
        Self {
            contenders,
            seen: 0,
            lines,
            bar,
            chunks: Chunks::default(),
            from: 0,
            to: 0,
        }
    }

    /// The next block ends `to` bytes into the input (the passes before
    /// counted).
    pub fn reading(&mut self, to: u64) {
        self.from = self.to;
        self.to = to;
    }

    /// Where the input ends: the next pass starts there.
    pub fn input_end(&self) -> u64 {
        self.to
    }

    /// Learns every row of `block`, in order.
    pub fn learn(&mut self, block: &Dataset) -> Result<(), String> {
        let mut at = 0;
        while at < block.len() {
            let end = self
                .chunks
                .end(at, block.len(), self.lines.due() - self.seen);
            let clock = Instant::now();
            for c in &mut self.contenders {
                c.learn(block, at..end, self.seen);
            }
            self.chunks.took(clock.elapsed());
            self.seen += (end - at) as u64;
            at = end;
            self.lines.at(self.seen, &self.contenders, &self.bar)?;
            let support = self.contenders.iter().find_map(Contender::support_size);
            let done = at as f64 / block.len() as f64;
            let bytes = self.from + ((self.to - self.from) as f64 * done) as u64;
            self.bar.show(self.seen, bytes, support);
        }
        Ok(())
    }

    /// The last line and curve row, and the bar off the screen.
    pub fn end(&mut self) -> Result<(), String> {
        self.bar.finish();
        self.lines.end(self.seen, &self.contenders, &self.bar)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_cover_a_block_stop_at_a_due_sample_and_adapt() {
        let mut chunks = Chunks::default();
        assert_eq!(chunks.end(0, 10_000, u64::MAX), FIRST_CHUNK);
        assert_eq!(chunks.end(0, 100, u64::MAX), 100);
        assert_eq!(chunks.end(10, 10_000, 5), 15);
        chunks.took(Duration::ZERO);
        assert_eq!(chunks.end(0, 10_000, u64::MAX), 2 * FIRST_CHUNK);
        chunks.took(CHUNK_TIME * 3);
        chunks.took(CHUNK_TIME * 3);
        assert_eq!(chunks.end(0, 10_000, u64::MAX), FIRST_CHUNK / 2);
    }
}
