//! A session: one learner, its samples' source, the points on the plane and
//! the curves; every change goes through [`Session::apply`] with an
//! [`Event`], which both acts and records it in the [`EventLog`].

use super::curves::Curves;
use super::held_out::HeldOut;
use super::last_sample::{LastSample, Plane};
use super::log::{Event, EventLog};
use super::model::Model;
use super::share::{Setup, SharedState};
use super::source::{FileSource, SampleBuffer, Source};
use super::theory_part::TheoryPart;
use super::{LOSS_WINDOW, MAX_STEP, TEST_SET_SIZE};
use crate::data::{Dataset, Stream, StreamConfig};
use crate::error::{Error, Result};
use crate::eval::{MovingAverage, Progress};
use crate::learner::Task;
use crate::multiclass::Multiclass;
use crate::registry::{Algorithm, AnyLearner};
use crate::settings::{Key, Scope, Settings};

#[derive(Clone, Debug)]
pub struct Session {
    /// Where a shared log starts: the setup at the last reset.
    pub(super) initial: Setup,
    /// The setup now, after changes made mid-stream.
    pub(super) current: Setup,
    pub(super) model: Model,
    /// With more than two classes: (samples, mistakes) of each class.
    pub(super) by_class: Vec<[u64; 2]>,
    /// The seeded stream of the preset, or a loaded file.
    pub(super) source: Source,
    pub(super) buffer: SampleBuffer,
    pub(super) test: Dataset,
    /// Cached kernel columns behind the held-out curve (see held_out.rs).
    pub(super) held_out: HeldOut,
    /// (x, y, label) triples; label 0 for regression points.
    pub(super) points: Vec<f64>,
    /// Changes whenever `points` does (the pocket's judge set follows it).
    pub(super) points_version: u64,
    pub(super) judged_version: Option<u64>,
    pub(super) progress: Progress,
    pub(super) recent_loss: MovingAverage,
    pub(super) curves: Curves,
    pub(super) last: Option<LastSample>,
    /// The model before the last aggressive update, and the angle it turned.
    pub(super) ghost: Option<(Plane, f64)>,
    pub(super) log: EventLog,
    pub(super) cycle: usize,
    /// Passes over the points completed in epochs mode since the learner started.
    pub(super) passes: u64,
    /// Epochs mode was used: the points are the data set.
    pub(super) cycled: bool,
    /// The shown points as a data set, built when the points change.
    pub(super) points_cache: Option<(u64, Dataset)>,
    pub(super) grid: Vec<f32>,
    pub(super) support_buffer: Vec<f64>,
    /// The Theory layer, when it is on (see theory_part.rs).
    pub(super) theory: Option<TheoryPart>,
}

/// What a change of setting needs (see [`Session::edit`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Done: applied live, or started afresh.
    Done(Change),
    /// The samples are learned again: this link, replayed from its start
    /// (boxed: a link is large next to a `Change`).
    Replay(Box<SharedState>),
}

/// What a change of setting did to the session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// Applied mid-stream: the model was kept.
    Live,
    /// The session replayed its samples from the start with the new value.
    Replayed,
    /// New data (another preset or seed): the session started afresh.
    Restarted,
}

impl Session {
    pub fn new(setup: Setup) -> Result<Self> {
        setup.validate()?;
        let stream = Stream::new(stream_config(&setup.settings))?;
        Self::with_source(setup, Source::Stream(stream))
    }

    /// A session that learns from a loaded file instead of the preset's
    /// stream. The preset's task must be the file's (it stays in the link,
    /// so that the link's settings check out before the file is loaded).
    pub fn with_file(setup: Setup, file: FileSource) -> Result<Self> {
        setup.validate()?;
        if setup.settings.preset.task() != file.task {
            return Err(Error::Mismatch(format!(
                "{} holds {} data but the preset {} is {}",
                file.name,
                file.task.name(),
                setup.settings.preset.name(),
                setup.settings.preset.task().name()
            )));
        }
        Self::with_source(setup, Source::File(file))
    }

    fn with_source(setup: Setup, mut source: Source) -> Result<Self> {
        let test = match &mut source {
            Source::Stream(stream) => stream.test_set(TEST_SET_SIZE),
            Source::File(file) => {
                file.rewind();
                file.sample(TEST_SET_SIZE)
            }
        };
        Ok(Self {
            model: Model::new(&setup)?,
            by_class: vec![
                [0, 0];
                if setup.classes() > 2 {
                    setup.classes()
                } else {
                    0
                }
            ],
            test,
            held_out: HeldOut::default(),
            source,
            buffer: SampleBuffer::default(),
            initial: setup.clone(),
            current: setup,
            points: Vec::new(),
            points_version: 0,
            judged_version: None,
            progress: Progress::default(),
            recent_loss: MovingAverage::new(LOSS_WINDOW),
            curves: Curves::default(),
            last: None,
            ghost: None,
            log: EventLog::default(),
            cycle: 0,
            passes: 0,
            cycled: false,
            points_cache: None,
            grid: Vec::new(),
            support_buffer: Vec::new(),
            theory: None,
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

    fn replay(mut self, log: &EventLog) -> Result<Self> {
        for event in log.events() {
            self.apply(event.clone())?;
        }
        Ok(self)
    }

    /// What a link needs to rebuild this session. A file's data is not in
    /// the link, only its name and fingerprint (`file=name:fingerprint`):
    /// the page asks for the file before it replays.
    pub fn shared(&self) -> SharedState {
        let extras = match &self.source {
            Source::Stream(_) => Vec::new(),
            Source::File(file) => vec![("file".to_string(), file.link_key())],
        };
        SharedState {
            setup: self.initial.clone(),
            log: self.log.clone(),
            extras,
            notice: None,
        }
    }

    /// Whether the plane can draw the data (false for files wider than the
    /// plane: those train with the curves only).
    pub fn on_plane(&self) -> bool {
        self.source.on_plane()
    }

    /// Starts the learner afresh on the same data: the model, the curves
    /// and the counts are forgotten; the points stay on the plane (epochs
    /// cycle over them again from the first) and the stream or file goes
    /// on where it was. Recorded in the log, so a link replays it.
    pub fn reset(&mut self) {
        self.apply(Event::Reset)
            .expect("the current setup built a learner before");
    }

    /// Clears the plane: forgets the model, the points and the curves and
    /// rewinds the stream (or the file); the current setup becomes the new
    /// starting point, with an empty log.
    pub fn clear(&mut self) {
        *self = self
            .restarted(self.current.clone())
            .expect("the current setup is valid");
    }

    /// The learner and everything measured of it, as new (see [`Session::reset`]).
    fn restart_learner(&mut self) -> Result<()> {
        self.model = Model::new(&self.current)?;
        self.by_class.iter_mut().for_each(|tally| *tally = [0, 0]);
        self.held_out.clear();
        self.progress = Progress::default();
        self.recent_loss = MovingAverage::new(LOSS_WINDOW);
        self.curves = Curves::default();
        self.last = None;
        self.ghost = None;
        self.cycle = 0;
        self.passes = 0;
        self.judged_version = None;
        self.restart_theory(false)
    }

    /// A new session with `setup` on the same source, without the log.
    pub(super) fn restarted(&self, setup: Setup) -> Result<Self> {
        let mut session = match &self.source {
            Source::Stream(_) => Self::new(setup),
            Source::File(file) => Self::with_file(setup, file.clone()),
        }?;
        session.set_theory(self.theory.is_some())?;
        Ok(session)
    }

    /// Switches the Theory layer on (over the rounds from now: the page
    /// replays the session to cover them all, see `Page::set_theory`) or off.
    pub fn set_theory(&mut self, on: bool) -> Result<()> {
        self.theory = match (on, self.theory.take()) {
            (false, _) => None,
            (true, Some(part)) => Some(part),
            (true, None) => Some(TheoryPart::new(&self.current, self.on_plane())?),
        };
        Ok(())
    }

    /// The Theory layer, when it is on.
    pub fn theory(&self) -> Option<&TheoryPart> {
        self.theory.as_ref()
    }

    pub fn theory_mut(&mut self) -> Option<&mut TheoryPart> {
        self.theory.as_mut()
    }

    /// The layer starts afresh with the learner (at w = 0), or goes on
    /// from its weights (`warm`: a mid-stream switch or retune).
    fn restart_theory(&mut self, warm: bool) -> Result<()> {
        if self.theory.is_some() {
            let (setup, on_plane) = (&self.current, self.on_plane());
            self.theory = Some(if warm {
                TheoryPart::warm(setup, on_plane, self.progress.samples)?
            } else {
                TheoryPart::new(setup, on_plane)?
            });
        }
        Ok(())
    }

    /// Performs an event and records it. An invalid event changes nothing.
    pub fn apply(&mut self, event: Event) -> Result<()> {
        match event {
            Event::Stream(n) => self.stream_samples(check_step(n)?),
            Event::Point { x, y, label } => self.add_point(x, y, label)?,
            Event::Erase(i) => self.erase(i)?,
            Event::Epochs(n) => self.cycle_points(check_step(n)?),
            Event::Set(key, value) => self.set_live(key, value)?,
            Event::Reset => self.restart_learner()?,
            Event::Algorithm(algorithm) => {
                let next = Setup {
                    algorithm,
                    settings: self.current.settings.clone(),
                };
                next.validate()?;
                self.model = self.model.switched(&next)?;
                self.judged_version = None;
                self.held_out.clear();
                self.current = next;
                // The last update was another learner's: nothing to explain
                // until this one learns (nor a turn of its weights to ghost).
                self.last = None;
                self.ghost = None;
                self.restart_theory(true)?;
            }
        }
        self.log.push(event);
        Ok(())
    }

    /// Changes one setting from text (the page's controls), checked by the
    /// settings table. A live setting applies mid-stream and keeps the
    /// model; the learner's other settings replay the session's samples
    /// from the start; a new preset or seed starts afresh.
    pub fn set(&mut self, name: &str, text: &str) -> Result<Change> {
        match self.edit(name, text)? {
            Edit::Done(change) => Ok(change),
            Edit::Replay(state) => {
                *self = self.restarted(state.setup.clone())?.replay(&state.log)?;
                Ok(Change::Replayed)
            }
        }
    }

    /// [`Session::set`], except that a change the samples must be learned
    /// again for is returned as the link to replay (its setup with the new
    /// value from the first sample), for the caller to replay a slice at a
    /// time; the session is then unchanged. Live changes and restarts are
    /// done.
    pub fn edit(&mut self, name: &str, text: &str) -> Result<Edit> {
        let key = Key::from_name(name)?;
        let spec = key.spec();
        if spec.scope == Scope::Cli {
            return Err(Error::Mismatch(format!("{name} is not a page setting")));
        }
        let mut probe = self.current.settings.clone();
        probe.set_text(key, text)?;
        let value = probe.number(key);
        if spec.live {
            self.apply(Event::Set(key, value))?;
            return Ok(Edit::Done(Change::Live));
        }
        let mut setup = self.current.clone();
        setup.settings.set_number(key, value)?;
        if key == Key::Preset || key == Key::Seed {
            *self = self.restarted(setup.with_preset(setup.settings.preset))?;
            return Ok(Edit::Done(Change::Restarted));
        }
        // Same start, same samples, the new value from the first one on
        // (the learner's settings, and the classes and their reduction).
        let mut state = self.shared();
        state.setup.settings.set_number(key, value)?;
        state.setup.validate()?;
        Ok(Edit::Replay(Box::new(state)))
    }

    /// Whether `set(name, text)` would be accepted, changing nothing (so a
    /// page with several sessions can check every one before changing any).
    pub fn check_set(&self, name: &str, text: &str) -> Result<()> {
        let key = Key::from_name(name)?;
        if key.spec().scope == Scope::Cli {
            return Err(Error::Mismatch(format!("{name} is not a page setting")));
        }
        let mut next = self.current.clone();
        next.settings.set_text(key, text)?;
        if key == Key::Preset {
            next = next.with_preset(next.settings.preset);
        }
        next.validate()
    }

    /// A mid-stream change of a live setting; nothing changes if refused.
    fn set_live(&mut self, key: Key, value: f64) -> Result<()> {
        if !key.spec().live {
            return Err(Error::BadLink(format!(
                "{} cannot change mid-stream",
                key.name()
            )));
        }
        let mut next = self.current.clone();
        next.settings.set_number(key, value)?;
        next.validate()?;
        self.model.retune(&next)?;
        self.source.set_label_noise(next.settings.noise)?;
        // The last update was made with the value before: the explanation
        // would fill its rule with the new one.
        self.current = next;
        if key.spec().scope == Scope::Learner {
            self.last = None;
            self.restart_theory(true)?;
        }
        Ok(())
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
        let mut keys = self
            .algorithm()
            .settings_in_force(&self.current.learner_settings());
        keys.extend([Key::Preset, Key::Seed, Key::Noise]);
        if self.task() == Task::Classification && self.on_plane() && self.file().is_none() {
            keys.push(Key::Classes);
        }
        if self.classes() > 2 {
            keys.push(Key::Multiclass);
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

    /// The weight rows: one (none for a kernel learner), or K with K classes.
    pub fn linear_models(&self) -> Vec<crate::learner::LinearModel> {
        self.model.linear_models()
    }

    /// The K classes' model (None with two).
    pub fn multiclass(&self) -> Option<&Multiclass> {
        self.model.multiclass()
    }

    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    pub fn curves(&self) -> &Curves {
        &self.curves
    }

    pub fn last(&self) -> Option<&LastSample> {
        self.last.as_ref()
    }

    /// Samples drawn from the stream or the file (counting repeats).
    pub fn samples_streamed(&self) -> u64 {
        self.source.samples_drawn()
    }

    /// Epochs mode: the passes over the points completed, and the point
    /// (counted from 0) the next step learns.
    pub fn epoch_place(&self) -> (u64, usize) {
        (self.passes, self.cycle)
    }
}

fn stream_config(settings: &Settings) -> StreamConfig {
    StreamConfig {
        label_noise: settings.noise,
        ..StreamConfig::new(settings.preset, settings.seed)
    }
}

fn check_step(n: u64) -> Result<u64> {
    if n > MAX_STEP {
        return Err(Error::setting(
            "samples per step",
            "at most 1000000",
            n as f64,
        ));
    }
    Ok(n)
}
