//! Where a session's samples come from: the preset's seeded stream or a
//! loaded file, the buffer each sample is read into (used again and
//! again), and the clean held-out set behind the test curve, with its
//! cached kernel columns (held_out.rs).

use super::held_out::HeldOut;
use super::model::Model;
use super::source::{FileSource, SampleBuffer, Source};
use super::TEST_SET_SIZE;
use crate::data::{ConceptMove, Dataset, Preset, Truth};
use crate::error::{Error, Result};

#[derive(Debug)]
pub struct Feed {
    source: Source,
    buffer: SampleBuffer,
    test: Dataset,
    held_out: HeldOut,
    /// While the timeline replays a look back: the live session's held-out
    /// scores, which a replay on the same path would compute again.
    borrowed: Option<Borrowed>,
}

/// The held-out scores of the live session's curves, named by its
/// scoreboard's generation and each point's sample count.
#[derive(Debug)]
pub struct Borrowed {
    pub generation: u32,
    pub samples: Vec<f64>,
    pub scores: Vec<f64>,
}

/// A copy (a timeline's checkpoint) leaves the held-out columns out: a
/// kernel learner's are 500 numbers per support vector (20 MB at 5,000),
/// and they are computed again, to the same bits, when next needed.
impl Clone for Feed {
    fn clone(&self) -> Self {
        Self {
            source: self.source.clone(),
            buffer: SampleBuffer::default(),
            test: self.test.clone(),
            held_out: HeldOut::default(),
            borrowed: None,
        }
    }
}

impl Feed {
    /// From the start of `source`, with its held-out set drawn.
    pub fn new(mut source: Source) -> Self {
        let test = match &mut source {
            Source::Stream(stream) => stream.test_set(TEST_SET_SIZE),
            Source::File(file) => {
                file.rewind();
                file.sample(TEST_SET_SIZE)
            }
        };
        Self {
            source,
            buffer: SampleBuffer::default(),
            test,
            held_out: HeldOut::default(),
            borrowed: None,
        }
    }

    /// The held-out set as it is now (the budget sweep's).
    #[cfg(any(not(target_arch = "wasm32"), feature = "kernel"))]
    pub fn test_set(&self) -> &Dataset {
        &self.test
    }

    pub fn source(&self) -> &Source {
        &self.source
    }

    /// The loaded file, if the session learns from one.
    pub fn file(&self) -> Option<&FileSource> {
        match &self.source {
            Source::File(file) => Some(file),
            Source::Stream(_) => None,
        }
    }

    /// The next sample's label (or target), its features left in the
    /// buffer (taken out with `take_buffer`, so that the session can learn
    /// from it while it holds itself mutably).
    pub fn next(&mut self, buffer: &mut SampleBuffer) -> f64 {
        self.source.next(buffer)
    }

    pub fn take_buffer(&mut self) -> SampleBuffer {
        std::mem::take(&mut self.buffer)
    }

    pub fn return_buffer(&mut self, buffer: SampleBuffer) {
        self.buffer = buffer;
    }

    pub fn set_label_noise(&mut self, noise: f64) -> Result<()> {
        self.source.set_label_noise(noise)
    }

    /// Starts the held-out score of `model` (accuracy, or MAE for
    /// regression): Some(score) when it is known at once, None when a
    /// kernel learner's columns are to be summed by `held_out_work`.
    /// On the drifting preset the held-out set follows the concept as it
    /// turns: drawn again at each start.
    /// `point`: the (generation, index, samples) of the curve point it is
    /// for, which a borrowed score answers when it has it.
    pub fn start_held_out(
        &mut self,
        model: &Model,
        preset: Preset,
        point: (u32, usize, f64),
    ) -> Option<f64> {
        if let Some(known) = &self.borrowed {
            let (generation, index, samples) = point;
            if known.generation == generation && known.samples.get(index) == Some(&samples) {
                return Some(known.scores[index]);
            }
        }
        if let (Source::Stream(stream), Preset::Drift) = (&self.source, preset) {
            self.test = stream.test_set(TEST_SET_SIZE);
            self.held_out.clear();
        }
        match model.binary() {
            Some(learner) => self.held_out.start(learner, &self.test),
            None => Some(model.test_score(&self.test, None)),
        }
    }

    /// Sums up to `vectors` more of the score `start_held_out` began for
    /// `model`, unchanged since: Some(score) once done. A copy of the
    /// session holds no sums (see `Clone`): it starts them again.
    pub fn held_out_work(&mut self, model: &Model, vectors: usize) -> Option<f64> {
        let learner = model
            .binary()
            .expect("a summed score is a binary learner's");
        if !self.held_out.summing() {
            if let Some(score) = self.held_out.start(learner, &self.test) {
                return Some(score);
            }
        }
        self.held_out.work(learner, &self.test, vectors)
    }

    /// Scores to borrow while replaying (None: compute every one).
    #[cfg(feature = "timeline")]
    pub fn borrow(&mut self, scores: Option<Borrowed>) {
        self.borrowed = scores;
    }

    /// Moves the preset's concept for the samples to come, and draws the
    /// held-out set again from it. A file has no concept to move.
    pub fn move_concept(&mut self, moved: ConceptMove) -> Result<()> {
        let stream = match &mut self.source {
            Source::Stream(stream) => stream,
            Source::File(file) => {
                return Err(Error::Mismatch(
                    format!(
                        "the concept can be moved on a preset's stream, not on a file ({})",
                        file.name
                    )
                    .into(),
                ))
            }
        };
        stream.move_concept(moved)?;
        self.test = stream.test_set(TEST_SET_SIZE);
        self.held_out.clear();
        Ok(())
    }

    /// The preset's concept now (None for a file, or a preset without one).
    pub fn truth(&self) -> Option<Truth> {
        match &self.source {
            Source::Stream(stream) => stream.truth(),
            Source::File(_) => None,
        }
    }

    /// Forgets the cached kernel columns (the learner changed).
    pub fn forget_scores(&mut self) {
        self.held_out.clear();
    }
}
