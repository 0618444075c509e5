//! The playground session: everything the page shows and does, in plain
//! Rust so that it is tested natively; `src/wasm.rs` only wraps it.
//!
//! A session holds one learner, the points on the plane (clicked or
//! streamed), a seeded stream with its clean held-out set, and the learning
//! curves. Every change goes through [`Session::apply`] with an [`Event`],
//! which both acts and records it in the [`EventLog`]; a shared link is the
//! starting [`Settings`] plus that log, and replaying it rebuilds the same
//! model, points and curves.

mod curves;
mod export;
mod log;
mod share;
mod source;

pub use curves::{Curves, Series, SERIES};
pub use export::{model_json, MODEL_FORMAT, MODEL_VERSION};
pub use log::{quantize, Event, EventLog, Param, QUANTUM};
pub use share::{Settings, SharedState};
pub use source::{FileSource, SampleBuffer, Source, Transform, PLANE_REACH};

use crate::algorithms::{AnyLearner, Hyper};
use crate::data::{Dataset, Preset, Stream, StreamConfig};
use crate::error::{check, Error, Result};
use crate::eval::{test_score, MovingAverage, Progress};
use crate::features::Features;
use crate::grid::Grid;
use crate::kernel::{KernelHyper, KernelSpec};
use crate::learner::{Learner, LinearModel, Task, Update};
use crate::linear::BiasMode;

/// Points kept on the plane; older streamed points scroll off (the learner
/// has learned from them all).
pub const MAX_SHOWN_POINTS: usize = 5000;
/// Size of the clean held-out set behind the test curve.
pub const TEST_SET_SIZE: usize = 500;
/// Window of the moving-average loss curve.
pub const LOSS_WINDOW: usize = 100;
/// Largest stream or epoch step one call may ask for.
pub const MAX_STEP: u64 = 1_000_000;
/// The stream length OLRU and OLRD plan for on the page.
pub const PLANNED_STREAM: u64 = 3000;
/// Clicked points must lie within this distance of the origin on each axis.
pub const MAX_COORDINATE: f64 = 10.0;

/// The sample the learner saw last, and what it did with it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LastSample {
    /// Plane coordinates (regression: x and the target y).
    pub point: [f64; 2],
    /// +1 / -1 (classification) or the target (regression).
    pub label: f64,
    pub update: Update,
    /// ||x||^2 as the update saw it (with the constant 1 in augmented mode).
    pub squared_norm: f64,
}

/// (w1, w2, b): a linear model as the plane draws it.
pub type Plane = [f64; 3];

fn plane(model: &LinearModel) -> Plane {
    let w = |i: usize| model.weights.get(i).copied().unwrap_or(0.0);
    [w(0), w(1), model.bias]
}

#[derive(Clone, Debug)]
pub struct Session {
    /// Settings at the last reset: where a shared log starts.
    initial: Settings,
    /// Settings now, after changes made mid-stream.
    settings: Settings,
    learner: AnyLearner,
    /// The seeded stream of the preset, or a loaded file.
    source: Source,
    buffer: SampleBuffer,
    test: Dataset,
    /// (x, y, label) triples; label 0 for regression points.
    points: Vec<f64>,
    /// Changes whenever `points` does (the pocket's judge set follows it).
    points_version: u64,
    judged_version: Option<u64>,
    progress: Progress,
    recent_loss: MovingAverage,
    curves: Curves,
    last: Option<LastSample>,
    /// The model before the last aggressive update, and the angle it turned.
    ghost: Option<(Plane, f64)>,
    log: EventLog,
    cycle: usize,
    /// Epochs mode was used: the points are the data set.
    cycled: bool,
    /// The shown points as a data set, built when the points change.
    points_cache: Option<(u64, Dataset)>,
    grid: Vec<f32>,
    support_buffer: Vec<f64>,
}

impl Session {
    pub fn new(settings: Settings) -> Result<Self> {
        settings.validate()?;
        let stream = Stream::new(settings.stream_config())?;
        Self::with_source(settings, Source::Stream(stream))
    }

    /// A session that learns from a loaded file instead of the preset's
    /// stream. The preset's task must be the file's (it stays in the link,
    /// so that the link's settings check out before the file is loaded).
    pub fn with_file(settings: Settings, file: FileSource) -> Result<Self> {
        settings.validate()?;
        if settings.preset.task() != file.task {
            return Err(Error::InvalidSample(format!(
                "{} holds {} data but the preset {} is {}",
                file.name,
                file.task.name(),
                settings.preset.name(),
                settings.preset.task().name()
            )));
        }
        Self::with_source(settings, Source::File(file))
    }

    fn with_source(settings: Settings, mut source: Source) -> Result<Self> {
        let test = match &mut source {
            Source::Stream(stream) => stream.test_set(TEST_SET_SIZE),
            Source::File(file) => {
                file.rewind();
                file.sample(TEST_SET_SIZE)
            }
        };
        Ok(Self {
            learner: AnyLearner::new(settings.algorithm, &settings.hyper())?,
            test,
            source,
            buffer: SampleBuffer::default(),
            initial: settings.clone(),
            settings,
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
            cycled: false,
            points_cache: None,
            grid: Vec::new(),
            support_buffer: Vec::new(),
        })
    }

    /// Rebuilds a shared session: its settings, then its log replayed.
    pub fn from_shared(state: &SharedState) -> Result<Self> {
        let mut session = Self::new(state.settings.clone())?;
        for event in state.log.events() {
            session.apply(event.clone())?;
        }
        Ok(session)
    }

    /// Rebuilds a session shared while learning from a file, once the
    /// reader has loaded that file again.
    pub fn from_shared_with_file(state: &SharedState, file: FileSource) -> Result<Self> {
        let mut session = Self::with_file(state.settings.clone(), file)?;
        for event in state.log.events() {
            session.apply(event.clone())?;
        }
        Ok(session)
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
            settings: self.initial.clone(),
            log: self.log.clone(),
            extras,
        }
    }

    /// Learns from `file` from now on, starting afresh with the current
    /// settings. The preset follows the file's task (the plain preset of
    /// that task when the current one does not fit), and an algorithm that
    /// cannot learn the task is swapped for PA-I; the message says so.
    pub fn load_file(&mut self, file: FileSource) -> Result<Option<String>> {
        let mut settings = self.settings.clone();
        let mut message = None;
        if settings.preset.task() != file.task {
            settings.preset = match file.task {
                Task::Classification => Preset::Overlapping,
                Task::Regression => Preset::Regression1d,
            };
        }
        if !settings.algorithm.supports(file.task) {
            message = Some(format!(
                "{} cannot learn {}; switched to PA-I",
                settings.algorithm.label(),
                file.task.name()
            ));
            settings.algorithm = crate::algorithms::Algorithm::Pa1;
        }
        *self = Self::with_file(settings, file)?;
        Ok(message)
    }

    /// Back to the preset's stream, starting afresh.
    pub fn unload_file(&mut self) -> Result<()> {
        let mut settings = self.settings.clone();
        if !settings.algorithm.supports(settings.preset.task()) {
            settings.algorithm = crate::algorithms::Algorithm::Pa1;
        }
        *self = Self::new(settings)?;
        Ok(())
    }

    /// The loaded file, if the session learns from one.
    pub fn file(&self) -> Option<&FileSource> {
        match &self.source {
            Source::File(file) => Some(file),
            Source::Stream(_) => None,
        }
    }

    /// Whether the plane can draw the data (false for files wider than the
    /// plane: those train with the curves only).
    pub fn on_plane(&self) -> bool {
        self.source.on_plane()
    }

    /// Forgets the model, points and curves and rewinds the stream (or the
    /// file); the current settings become the new starting point.
    pub fn reset(&mut self) {
        let source = match &self.source {
            Source::Stream(_) => None,
            Source::File(file) => Some(file.clone()),
        };
        *self = match source {
            None => Self::new(self.settings.clone()),
            Some(file) => Self::with_file(self.settings.clone(), file),
        }
        .expect("current settings are valid");
    }

    /// Performs an event and records it. An invalid event changes nothing.
    pub fn apply(&mut self, event: Event) -> Result<()> {
        match event {
            Event::Stream(n) => self.stream_samples(check_step(n)?),
            Event::Point { x, y, label } => self.add_point(x, y, label)?,
            Event::Erase(i) => self.erase(i)?,
            Event::Epochs(n) => self.cycle_points(check_step(n)?),
            Event::Set(param, value) => self.set(param, value)?,
            Event::Algorithm(algorithm) => {
                let mut next = self.settings.clone();
                next.algorithm = algorithm;
                next.validate()?;
                self.learner = match self.learner.linear_model() {
                    Some(model) => AnyLearner::warm_started(algorithm, &next.hyper(), &model)?,
                    None => AnyLearner::new(algorithm, &next.hyper())?,
                };
                self.judged_version = None;
                self.settings = next;
            }
        }
        self.log.push(event);
        Ok(())
    }

    /// A click: snaps (x, y) to the log's grid, stores and learns the point.
    /// `label` is +1 or -1 for classification and ignored for regression.
    pub fn click(&mut self, x: f64, y: f64, label: f64) -> Result<Update> {
        for (name, v) in [("x", x), ("y", y)] {
            if !(v.abs() <= MAX_COORDINATE) {
                return Err(Error::InvalidSample(format!(
                    "{name} must be between -{MAX_COORDINATE} and {MAX_COORDINATE}, got {v}"
                )));
            }
        }
        let label = match self.task() {
            Task::Regression => 0,
            Task::Classification if label == 1.0 => 1,
            Task::Classification if label == -1.0 => -1,
            Task::Classification => {
                return Err(Error::InvalidSample(format!(
                    "a point's class must be +1 or -1, got {label}"
                )))
            }
        };
        let units = |v: f64| (v / QUANTUM).round() as i64;
        self.apply(Event::Point {
            x: units(x),
            y: units(y),
            label,
        })?;
        Ok(self.last.expect("a point was just learned").update)
    }

    /// Erases the shown point nearest to (x, y) within `radius`, if any.
    /// The learner keeps what it learned from it (online learning cannot
    /// unlearn); reset and replay to see the model without it.
    pub fn erase_nearest(&mut self, x: f64, y: f64, radius: f64) -> Result<bool> {
        let nearest = self
            .points
            .chunks_exact(3)
            .enumerate()
            .map(|(i, p)| (i, (p[0] - x).powi(2) + (p[1] - y).powi(2)))
            .filter(|&(_, d)| d <= radius * radius)
            .min_by(|a, b| a.1.total_cmp(&b.1));
        match nearest {
            Some((i, _)) => self.apply(Event::Erase(i as u64)).map(|_| true),
            None => Ok(false),
        }
    }

    fn stream_samples(&mut self, n: u64) {
        let on_plane = self.on_plane();
        let mut buffer = std::mem::take(&mut self.buffer);
        for _ in 0..n {
            let y = self.source.next(&mut buffer);
            if on_plane {
                let x = buffer.plane_point();
                let (point, label) = match self.task() {
                    Task::Classification => ([x[0], x[1]], y),
                    Task::Regression => ([x[0], y], 0.0),
                };
                self.show(point, label);
                self.learn(point, label);
            } else {
                self.learn_features(buffer.features(), y, None);
            }
        }
        self.buffer = buffer;
    }

    fn add_point(&mut self, x: i64, y: i64, label: i8) -> Result<()> {
        if let Some(file) = self.file().filter(|f| !f.on_plane()) {
            return Err(Error::InvalidSample(format!(
                "{} has {} features: the plane cannot show its points, so clicks cannot add any",
                file.name,
                file.data.n_features()
            )));
        }
        let point = [x as f64 * QUANTUM, y as f64 * QUANTUM];
        let label = label as f64;
        let expected = match self.task() {
            Task::Classification => label != 0.0,
            Task::Regression => label == 0.0,
        };
        if !expected || point.iter().any(|v| !(v.abs() <= MAX_COORDINATE)) {
            return Err(Error::InvalidSample(format!(
                "point ({}, {}) with label {label} does not fit this {} view",
                point[0],
                point[1],
                self.task().name()
            )));
        }
        // Shown first, so that a curve point recorded now counts it.
        self.show(point, label);
        self.learn(point, label);
        Ok(())
    }

    fn erase(&mut self, i: u64) -> Result<()> {
        let count = self.points.len() / 3;
        if i as usize >= count {
            return Err(Error::InvalidSample(format!(
                "no point {i} to erase ({count} shown)"
            )));
        }
        let i = i as usize;
        self.points.drain(3 * i..3 * i + 3);
        self.points_version += 1;
        Ok(())
    }

    /// Epochs mode: learns from the shown points again, in order, cycling.
    fn cycle_points(&mut self, n: u64) {
        let count = self.points.len() / 3;
        if count == 0 {
            return;
        }
        self.cycled = true;
        // On a fixed set the pocket's ratchet judges on that set (not on
        // every sample seen, which would grow with each epoch).
        if matches!(self.learner, AnyLearner::Pocket(_))
            && self.judged_version != Some(self.points_version)
        {
            let points = self.points_dataset().clone();
            if let AnyLearner::Pocket(pocket) = &mut self.learner {
                pocket.judge_on(points);
            }
            self.judged_version = Some(self.points_version);
        }
        for _ in 0..n {
            let i = self.cycle % count;
            self.cycle = (i + 1) % count;
            let p = &self.points[3 * i..3 * i + 3];
            self.learn([p[0], p[1]], p[2]);
        }
    }

    /// The shown points as a data set (rebuilt only after they change).
    fn points_dataset(&mut self) -> &Dataset {
        if self.points_cache.as_ref().map(|(v, _)| *v) != Some(self.points_version) {
            let width = match self.task() {
                Task::Classification => 2,
                Task::Regression => 1,
            };
            let mut data = Dataset::dense(width);
            for p in self.points.chunks_exact(3) {
                let point = [p[0], p[1]];
                let (features, target) = self.split(&point, p[2]);
                data.push(Features::Dense(features), target)
                    .expect("shown points are finite");
            }
            self.points_cache = Some((self.points_version, data));
        }
        &self.points_cache.as_ref().expect("just built").1
    }

    /// Whether the test curve scores the shown points rather than the
    /// stream's held-out set: in epochs mode, and while no sample has come
    /// from the stream (the points are then all the data there is).
    pub fn scores_on_points(&self) -> bool {
        self.on_plane() && (self.cycled || self.source.samples_drawn() == 0)
    }

    /// Features and target of a plane point.
    fn split<'a>(&self, point: &'a [f64; 2], label: f64) -> (&'a [f64], f64) {
        match self.task() {
            Task::Classification => (&point[..], label),
            Task::Regression => (&point[..1], point[1]),
        }
    }

    fn learn(&mut self, point: [f64; 2], label: f64) {
        let (features, target) = self.split(&point, label);
        self.learn_features(Features::Dense(features), target, Some(point));
    }

    /// Learns one sample; `point` is where the plane shows it (None for
    /// data wider than the plane).
    fn learn_features(&mut self, features: Features<'_>, target: f64, point: Option<[f64; 2]>) {
        // The ghost (the model before an aggressive step) is drawn on the
        // plane only: off it, copying a wide weight vector per sample is waste.
        let before = point.and_then(|_| self.learner.linear_model());
        let update = self.learner.learn_one(features, target);
        self.progress.record(target, &update);
        let recent = match self.task() {
            Task::Classification => update.loss,
            Task::Regression => (target - update.score).abs(),
        };
        self.recent_loss.push(recent);
        if update.aggressive {
            if let (Some(before), Some(after)) = (before, self.learner.linear_model()) {
                let (before, after) = (plane(&before), plane(&after));
                self.ghost = Some((before, turn_degrees(before, after)));
            }
        }
        let squared_norm = features.squared_norm()
            + if self.settings.bias == BiasMode::Augmented {
                1.0
            } else {
                0.0
            };
        let label = match self.task() {
            Task::Classification => target,
            Task::Regression => point.map_or(target, |p| p[1]),
        };
        self.last = Some(LastSample {
            point: point.unwrap_or([0.0, 0.0]),
            label,
            update,
            squared_norm,
        });
        if self.curves.due(self.progress.samples) {
            self.record_curves();
        }
    }

    fn record_curves(&mut self) {
        if let (Source::Stream(stream), Preset::Drift) = (&self.source, self.settings.preset) {
            // The held-out set follows the concept as it turns.
            self.test = stream.test_set(TEST_SET_SIZE);
        }
        let held_out = if self.scores_on_points() {
            let points = self.points_dataset().clone();
            test_score(&self.learner, &points)
        } else {
            test_score(&self.learner, &self.test)
        };
        let p = &self.progress;
        let online = match self.task() {
            Task::Classification => p.mistake_rate(),
            Task::Regression => p.mae(),
        };
        self.curves.record([
            p.samples as f64,
            online,
            self.recent_loss.mean(),
            held_out,
            self.learner.support_size() as f64,
        ]);
    }

    fn show(&mut self, point: [f64; 2], label: f64) {
        self.points.extend_from_slice(&[point[0], point[1], label]);
        let count = self.points.len() / 3;
        // Drop the oldest in chunks, so scrolling costs O(1) per point.
        if count > MAX_SHOWN_POINTS + MAX_SHOWN_POINTS / 4 {
            self.points.drain(..3 * (count - MAX_SHOWN_POINTS));
            self.cycle = 0;
        }
        self.points_version += 1;
    }

    fn set(&mut self, param: Param, value: f64) -> Result<()> {
        let mut next = self.settings.clone();
        match param {
            Param::C => next.c = value,
            Param::Epsilon => next.epsilon = value,
            Param::LearningRate => next.learning_rate = value,
            Param::Bias => {
                next.bias = *BiasMode::ALL
                    .get(value as usize)
                    .filter(|_| value.fract() == 0.0 && value >= 0.0)
                    .ok_or_else(|| {
                        Error::InvalidSample(format!(
                            "bias mode code must be 0, 1 or 2, got {value}"
                        ))
                    })?
            }
            Param::Noise => next.noise = check::unit_interval("label noise", value)?,
            Param::Sigma => next.sigma = value,
            Param::Eta => next.eta = value,
            Param::Budget => {
                next.budget = match value {
                    0.0 => None,
                    v if v >= 1.0 && v.fract() == 0.0 => Some(v as usize),
                    v => {
                        return Err(Error::HyperParameter {
                            name: "budget",
                            range: "a whole number from 1 to 1000000 (0 for none)",
                            value: v,
                        })
                    }
                }
            }
        }
        next.validate()?;
        self.learner.retune(&next.hyper())?;
        self.source.set_label_noise(next.noise)?;
        self.settings = next;
        Ok(())
    }

    /// Scores a grid of the plane in one call (the page's shading).
    pub fn score_grid(&mut self, grid: &Grid) -> &[f32] {
        self.grid.resize(grid.len(), 0.0);
        self.learner.score_grid(grid, &mut self.grid);
        &self.grid
    }

    /// The preset's task, which a loaded file's task always matches.
    pub fn task(&self) -> Task {
        self.settings.preset.task()
    }

    /// Current settings (after mid-stream changes).
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn learner(&self) -> &AnyLearner {
        &self.learner
    }

    /// The shown points as (x, y, label) triples.
    pub fn points(&self) -> &[f64] {
        &self.points
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

    /// The support vectors of a kernel learner on the plane, as
    /// (x, y, alpha, id, label) per vector; empty for linear learners.
    pub fn support_vectors(&mut self) -> &[f64] {
        self.support_buffer.clear();
        if let Some(set) = self.learner.support_set() {
            for i in 0..set.len() {
                let (x, label) = set.vector(i);
                if let Features::Dense(p) = x {
                    let y = p.get(1).copied().unwrap_or(0.0);
                    self.support_buffer.extend([
                        p[0],
                        y,
                        set.coefficients()[i],
                        set.ids()[i] as f64,
                        label,
                    ]);
                }
            }
        }
        &self.support_buffer
    }

    /// The model predictions use, as (w1, w2, b).
    pub fn model(&self) -> Option<Plane> {
        self.learner.linear_model().as_ref().map(plane)
    }

    /// The weights the update rule moves, when predictions use others (the
    /// pocket's perceptron, the averaged perceptron's current vector).
    pub fn moving_model(&self) -> Option<Plane> {
        self.learner.moving_model().as_ref().map(plane)
    }

    /// The model before the last aggressive update, and the angle in degrees
    /// the weight vector turned.
    pub fn ghost(&self) -> Option<(Plane, f64)> {
        self.ghost
    }

    /// Samples drawn from the stream or the file (counting repeats).
    pub fn samples_streamed(&self) -> u64 {
        self.source.samples_drawn()
    }
}

fn check_step(n: u64) -> Result<u64> {
    if n > MAX_STEP {
        return Err(Error::HyperParameter {
            name: "samples per step",
            range: "at most 1000000",
            value: n as f64,
        });
    }
    Ok(n)
}

/// Angle between the (w1, w2) parts of two models, in degrees.
fn turn_degrees(a: Plane, b: Plane) -> f64 {
    let (na, nb) = (a[0].hypot(a[1]), b[0].hypot(b[1]));
    if na == 0.0 || nb == 0.0 {
        return 0.0;
    }
    let cos = ((a[0] * b[0] + a[1] * b[1]) / (na * nb)).clamp(-1.0, 1.0);
    cos.acos().to_degrees()
}

impl Settings {
    fn hyper(&self) -> Hyper {
        Hyper {
            c: self.c,
            epsilon: self.epsilon,
            learning_rate: self.learning_rate,
            bias: self.bias,
            task: self.preset.task(),
            kernel: KernelHyper {
                kernel: KernelSpec::Gaussian { sigma: self.sigma },
                budget: self.budget,
                eta: self.eta,
                // OLRU / OLRD plan for a stream of this length.
                horizon: PLANNED_STREAM,
                seed: self.seed,
                ..KernelHyper::default()
            },
        }
    }

    fn stream_config(&self) -> StreamConfig {
        StreamConfig {
            label_noise: self.noise,
            ..StreamConfig::new(self.preset, self.seed)
        }
    }

    /// Checks every value, naming the range of a bad one.
    pub fn validate(&self) -> Result<()> {
        self.hyper().validate()?;
        check::unit_interval("label noise", self.noise)?;
        if !self.algorithm.supports(self.preset.task()) {
            return Err(Error::InvalidSample(format!(
                "{} cannot learn {} ({}); choose PA, PA-I or PA-II",
                self.algorithm.label(),
                self.preset.name(),
                self.preset.task().name()
            )));
        }
        if self.preset == Preset::RegressionNd {
            return Err(Error::InvalidSample(
                "the plane shows 1-D regression; use regression-1d".into(),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
