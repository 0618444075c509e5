//! A session: one learner and everything around it, as owned parts: the
//! [`Recording`] a link holds (the setup it started from and its events),
//! the [`Model`] (which alone knows two classes from K), the [`Feed`] of
//! samples (stream or file, and the held-out set), the [`PlanePoints`],
//! the [`Scoreboard`] (progressive counts and curves) and the Theory
//! layer. Every change goes through [`Session::apply`] with an [`Event`],
//! which acts on the parts and records it; the methods are spread by job:
//! points.rs (clicks, erasures, epochs), learning.rs (one sample),
//! files.rs (a loaded file), and here the setup and its changes.

use super::curves::Curves;
use super::feed::Feed;
use super::last_sample::{LastSample, Plane};
use super::log::Event;
use super::model::Model;
use super::plane_points::PlanePoints;
use super::ready::Ready;
use super::recording::Recording;
use super::scoreboard::Scoreboard;
use super::share::{Setup, SharedState};
use super::source::{FileSource, Source};
use super::theory_part::TheoryPart;
use super::MAX_STEP;
use crate::data::{Stream, StreamConfig};
use crate::error::{Error, Result};
use crate::eval::Progress;
use crate::learner::Task;
use crate::multiclass::Multiclass;
use crate::registry::{Algorithm, AnyLearner};
use crate::settings::{Key, Settings};

#[derive(Clone, Debug)]
pub struct Session {
    /// What a link holds: the setup at the last Clear, and the events since.
    pub(super) recording: Recording,
    /// The setup now, after changes made mid-stream (checked: see ready.rs).
    pub(super) current: Ready,
    pub(super) model: Model,
    /// The points version the pocket's ratchet judges on (epochs).
    pub(super) judged_version: Option<u64>,
    pub(super) feed: Feed,
    pub(super) points: PlanePoints,
    pub(super) scoreboard: Scoreboard,
    /// The last update, for the explanation panel.
    pub(super) last: Option<LastSample>,
    /// The model before the last aggressive update, and the angle it turned.
    pub(super) ghost: Option<(Plane, f64)>,
    /// The Theory layer, when it is on (see theory_part.rs).
    pub(super) theory: Option<TheoryPart>,
    /// Which state this is: a new number at every change (see
    /// [`Session::stamp`]).
    pub(super) stamp: u64,
    /// Where in the log the learner last started afresh: the events
    /// before it (the restarting one included) and the samples they
    /// learned; the timeline numbers the samples from there.
    pub(super) learner_start: (usize, u64),
    /// A paced stream (`stream_until_curve`) runs, and whether it reached
    /// a curve point; and whether that point's score is still being summed.
    pub(super) until_curve: bool,
    pub(super) curve_reached: bool,
    pub(super) curve_pending: bool,
    /// While on, every sample learned is written down (learned.rs).
    #[cfg(feature = "timeline")]
    pub(super) tape: Option<super::tape::Tape>,
}

impl Session {
    pub fn new(setup: Setup) -> Result<Self> {
        Self::ready(setup.ready()?)
    }

    /// A session from a setup already checked.
    pub(super) fn ready(setup: Ready) -> Result<Self> {
        let stream = Stream::new(stream_config(&setup.settings))?;
        Self::with_source(setup, Source::Stream(stream))
    }

    /// A session that learns from a loaded file instead of the preset's
    /// stream. The preset's task must be the file's (it stays in the link,
    /// so that the link's settings check out before the file is loaded).
    pub fn with_file(setup: Setup, file: FileSource) -> Result<Self> {
        Self::ready_with_file(setup.ready()?, file)
    }

    fn ready_with_file(setup: Ready, file: FileSource) -> Result<Self> {
        if setup.settings.preset.task() != file.task {
            return Err(Error::Mismatch(
                format!(
                    "{} holds {} data but the preset {} is {}",
                    file.name,
                    file.task.name(),
                    setup.settings.preset.name(),
                    setup.settings.preset.task().name()
                )
                .into(),
            ));
        }
        Self::with_source(setup, Source::File(file))
    }

    fn with_source(setup: Ready, source: Source) -> Result<Self> {
        if let Source::File(file) = &source {
            file.fits(&setup)?;
        }
        Ok(Self {
            model: Model::of(&setup)?,
            scoreboard: Scoreboard::new(setup.classes()),
            judged_version: None,
            feed: Feed::new(source),
            points: PlanePoints::default(),
            recording: Recording::new(setup.clone()),
            current: setup,
            last: None,
            ghost: None,
            theory: None,
            stamp: next_stamp(),
            learner_start: (0, 0),
            until_curve: false,
            curve_reached: false,
            curve_pending: false,
            #[cfg(feature = "timeline")]
            tape: None,
        })
    }

    /// Rebuilds a shared session: its setup, then its log replayed.
    pub fn from_shared(state: &SharedState) -> Result<Self> {
        Self::new(state.setup.clone())?.replay(&state.log)
    }

    /// Rebuilds a session shared while learning from a file, once the
    /// reader has loaded that file again.
    pub fn from_shared_with_file(state: &SharedState, file: FileSource) -> Result<Self> {
        Self::with_file(state.setup.clone(), file)?.replay(&state.log)
    }

    pub(super) fn replay(mut self, log: &super::log::EventLog) -> Result<Self> {
        for event in log.events() {
            self.apply(event.clone())?;
        }
        Ok(self)
    }

    /// What a link needs to rebuild this session. A file's data is not in
    /// the link, only its name and fingerprint (`file=name:fingerprint`):
    /// the page asks for the file before it replays.
    pub fn shared(&self) -> SharedState {
        let extras = match self.feed.file() {
            None => Vec::new(),
            Some(file) => vec![("file".to_string(), file.link_key())],
        };
        self.recording.shared(extras)
    }

    /// Whether the plane can draw the data (false for files wider than the
    /// plane: those train with the curves only).
    pub fn on_plane(&self) -> bool {
        self.feed.source().on_plane()
    }

    /// Starts the learner afresh on the same data: the model, the curves
    /// and the counts are forgotten; the points stay on the plane, and the
    /// next steps learn them again in the order they were added (epochs
    /// cycle over them again from the first); once they are learned, the
    /// stream or file goes on where it was. Recorded in the log, so a
    /// link replays it.
    pub fn reset(&mut self) {
        self.apply(Event::Reset)
            .expect("the current setup built a learner before");
    }

    /// Clears the plane: forgets the model, the points and the curves and
    /// rewinds the stream (or the file); the current setup becomes the new
    /// starting point, with an empty log.
    pub fn clear(&mut self) {
        *self = self
            .restarted_ready(self.current.clone())
            .expect("the current setup is valid");
    }

    /// The learner and everything measured of it, as new (see
    /// [`Session::reset`]); `relearn`: the points shown are queued to be
    /// learned again (a link's [`Event::LegacyReset`] leaves them).
    fn restart_learner(&mut self, relearn: bool) -> Result<()> {
        self.model = Model::of(&self.current)?;
        self.restarted(relearn)
    }

    /// What follows a learner's fresh start: the counts, the curves, the
    /// explanation and the Theory layer start again, and the points shown
    /// are (`relearn`) queued to be learned again.
    pub(super) fn restarted(&mut self, relearn: bool) -> Result<()> {
        let log = self.recording.log();
        // Called while the restarting event is made: it is the next one.
        self.learner_start = (log.events().len() + 1, log.samples());
        self.feed.forget_scores();
        self.scoreboard = self.scoreboard.next(self.classes());
        self.last = None;
        self.ghost = None;
        self.points.restart_cycle();
        if relearn {
            self.points.queue_relearn();
        }
        self.judged_version = None;
        self.restart_theory(false)
    }

    /// A new session with `setup` on the same source, without the log.
    pub(super) fn restarted_ready(&self, setup: Ready) -> Result<Self> {
        let mut session = match self.feed.file() {
            None => Self::ready(setup),
            Some(file) => Self::ready_with_file(setup, file.clone()),
        }?;
        session.set_theory(self.theory.is_some())?;
        Ok(session)
    }

    /// Performs an event and records it. An invalid event changes nothing.
    pub fn apply(&mut self, event: Event) -> Result<()> {
        self.finish_curve_now();
        match event {
            Event::Stream(n) => {
                self.stream_samples(check_step(n)?);
            }
            Event::Point { x, y, label } => self.add_point(x, y, label)?,
            Event::Erase(i) => self.erase(i)?,
            Event::Epochs(n) => self.cycle_points(check_step(n)?),
            Event::Set(key, value) => self.set_live(key, value)?,
            Event::Reset => self.restart_learner(true)?,
            Event::LegacyReset => self.restart_learner(false)?,
            Event::Concept { .. } | Event::Centre { .. } => self.move_concept(&event)?,
            Event::Algorithm(algorithm) => {
                let next = self.current.with_algorithm(algorithm)?;
                if let Some(file) = self.feed.file() {
                    file.fits(&next)?;
                }
                let (model, carried) = self.model.switched(&next)?;
                self.model = model;
                self.current = next;
                if carried {
                    self.judged_version = None;
                    self.feed.forget_scores();
                    // The last update was another learner's: nothing to explain
                    // until this one learns (nor a turn of its weights to ghost).
                    self.last = None;
                    self.ghost = None;
                    self.restart_theory(true)?;
                } else {
                    // Nothing of the model carried over: the learner starts
                    // afresh, and its counts and curves with it. The stream
                    // goes on (links made before replay to the same
                    // weights); Reset learns the points shown again.
                    self.restarted(false)?;
                }
            }
        }
        self.recording.push(event);
        self.stamp = next_stamp();
        Ok(())
    }

    /// A number that changes with every change of the session (two
    /// sessions never share one unless one is a copy of the other, as it
    /// was): a plan made at one stamp holds at that stamp.
    pub fn stamp(&self) -> u64 {
        self.stamp
    }

    /// Where the learner last started afresh: the log's events up to and
    /// including the one that restarted it, and the samples learned
    /// before (both 0 when it never did since the session began).
    pub fn learner_start(&self) -> (usize, u64) {
        self.learner_start
    }

    /// The preset's task, which a loaded file's task always matches.
    pub fn task(&self) -> Task {
        self.current.settings.preset.task()
    }

    /// The learner and settings now (after mid-stream changes).
    pub fn setup(&self) -> &Setup {
        &self.current
    }

    pub fn settings(&self) -> &Settings {
        &self.current.settings
    }

    pub fn algorithm(&self) -> Algorithm {
        self.current.algorithm
    }

    /// The settings the session's learner reads that apply, with the
    /// page's own (preset, seed, label noise).
    pub fn settings_in_force(&self) -> Vec<Key> {
        let mut keys = self.learner_settings_in_force();
        keys.extend([Key::Preset, Key::Seed, Key::Noise]);
        if self.task() == Task::Classification && self.on_plane() && self.file().is_none() {
            keys.push(Key::Classes);
        }
        if self.classes() > 2 {
            keys.push(Key::Multiclass);
        }
        keys
    }

    /// The settings the learner reads that apply, with those of its
    /// reduction when there are more than two classes (the Banditron's γ).
    /// Only the reductions whose code is the `relatives` family's read
    /// settings of their own, so a build without it (the page's first
    /// module, which moves to the full module to run them) skips the look.
    pub fn learner_settings_in_force(&self) -> Vec<Key> {
        let settings = self.current.learner_settings();
        let mut keys = self.algorithm().settings_in_force(settings);
        if cfg!(feature = "relatives") && self.classes() > 2 {
            keys.extend_from_slice(self.algorithm().reduction_reads(settings.multiclass));
        }
        keys
    }

    /// The classes learned: 0 for regression, else 2 to 6.
    pub fn classes(&self) -> usize {
        self.current.classes()
    }

    /// The binary learner (None with more than two classes).
    pub fn learner(&self) -> Option<&AnyLearner> {
        self.model.binary()
    }

    /// The labels a selective learner asked for (binary, or one per
    /// sample any class's learner asked for); None for the others.
    pub fn labels_asked(&self) -> Option<u64> {
        self.model.labels_asked()
    }

    /// The weight rows: one (none for a kernel learner), or K with K classes.
    pub fn linear_models(&self) -> Vec<crate::learner::LinearModel> {
        self.model.linear_models()
    }

    /// The K classes' model (None with two).
    pub fn multiclass(&self) -> Option<&Multiclass> {
        self.model.multiclass()
    }

    pub fn progress(&self) -> &Progress {
        self.scoreboard.progress()
    }

    pub fn curves(&self) -> &Curves {
        self.scoreboard.curves()
    }

    pub fn last(&self) -> Option<&LastSample> {
        self.last.as_ref()
    }

    /// Samples drawn from the stream or the file (counting repeats).
    pub fn samples_streamed(&self) -> u64 {
        self.feed.source().samples_drawn()
    }

    /// Epochs mode: the passes over the points completed, and the point
    /// (counted from 0) the next step learns.
    pub fn epoch_place(&self) -> (u64, usize) {
        self.points.place()
    }
}

/// A stamp no session has had.
pub(super) fn next_stamp() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

fn stream_config(settings: &Settings) -> StreamConfig {
    StreamConfig {
        label_noise: settings.noise,
        ..StreamConfig::new(settings.preset, settings.seed)
    }
}

pub(super) fn check_step(n: u64) -> Result<u64> {
    if n > MAX_STEP {
        return Err(Error::setting(
            "samples per step",
            "at most 1000000",
            n as f64,
        ));
    }
    Ok(n)
}
