//! The points on the plane: clicks, erasures, epochs over them, and what
//! the page draws of the model (weights, ghost, support vectors).

use super::last_sample::{plane, Plane};
use super::log::{Event, QUANTUM};
use super::model::Model;
use super::session::Session;
use super::{MAX_COORDINATE, MAX_SHOWN_POINTS};
use crate::data::{class_index, Dataset};
use crate::error::{Error, Result};
use crate::features::Features;
use crate::learner::{Learner, Task, Update};
use crate::number::text;
use crate::registry::AnyLearner;
use crate::settings::Key;

impl Session {
    /// A click: snaps (x, y) to the log's grid, stores and learns the point.
    /// `label` is +1 or -1 for classification and ignored for regression.
    pub fn click(&mut self, x: f64, y: f64, label: f64) -> Result<Update> {
        for (name, v) in [("x", x), ("y", y)] {
            if !(v.abs() <= MAX_COORDINATE) {
                return Err(Error::BadSample(format!(
                    "{name} must be between -{limit} and {limit}, got {}",
                    text(v),
                    limit = text(MAX_COORDINATE),
                )));
            }
        }
        let label = match self.task() {
            Task::Regression => 0,
            Task::Classification => match class_index(label) {
                Some(k) if k < self.classes() => label as i8,
                _ => {
                    let allowed = match self.classes() {
                        2 => "+1 or -1".to_string(),
                        k => format!("+1, -1 or 3 to {k}"),
                    };
                    return Err(Error::BadSample(format!(
                        "a point's class must be {allowed}, got {}",
                        text(label)
                    )));
                }
            },
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
    /// unlearn); Reset and Epochs learn the points left without it.
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

    /// Refuses a `classes` value below a class whose points were learned
    /// since the plane was last cleared. A new value of `classes` replays the log, and
    /// a point of a class beyond it could not be learned again, even one
    /// erased since (the learner learned it, and the log keeps it). Any
    /// other setting passes.
    pub(super) fn check_points_fit(&self, name: &str, text: &str) -> Result<()> {
        if Key::from_name(name).ok() != Some(Key::Classes) {
            return Ok(());
        }
        let mut probe = self.current.settings.clone();
        probe.set_text(Key::Classes, text)?;
        let classes = probe.number(Key::Classes) as usize;
        let highest = self
            .log
            .events()
            .iter()
            .filter_map(|event| match event {
                Event::Point { label, .. } => class_index(*label as f64),
                _ => None,
            })
            .max();
        match highest {
            Some(k) if k >= classes => Err(Error::Mismatch(format!(
                "points of class {} were learned since the plane was last emptied: press Clear to empty it before lowering classes to {classes}",
                k + 1
            ))),
            _ => Ok(()),
        }
    }

    pub(super) fn add_point(&mut self, x: i64, y: i64, label: i8) -> Result<()> {
        if let Some(file) = self.file().filter(|f| !f.on_plane()) {
            return Err(Error::BadSample(format!(
                "{} has {} features: the plane cannot show its points, so clicks cannot add any",
                file.name,
                file.data.n_features()
            )));
        }
        let point = [x as f64 * QUANTUM, y as f64 * QUANTUM];
        let label = label as f64;
        let expected = match self.task() {
            Task::Classification => class_index(label).is_some_and(|k| k < self.classes()),
            Task::Regression => label == 0.0,
        };
        if !expected || point.iter().any(|v| !(v.abs() <= MAX_COORDINATE)) {
            return Err(Error::BadSample(format!(
                "point ({}, {}) with label {} does not fit this {} view",
                text(point[0]),
                text(point[1]),
                text(label),
                self.task().name()
            )));
        }
        // Shown first, so that a curve point recorded now counts it.
        self.show(point, label);
        self.learn(point, label);
        Ok(())
    }

    pub(super) fn erase(&mut self, i: u64) -> Result<()> {
        let count = self.points.len() / 3;
        if i as usize >= count {
            return Err(Error::BadSample(format!(
                "no point {i} to erase ({count} shown)"
            )));
        }
        let i = i as usize;
        self.points.drain(3 * i..3 * i + 3);
        self.points_version += 1;
        Ok(())
    }

    /// Epochs mode: learns from the shown points again, in order, cycling.
    pub(super) fn cycle_points(&mut self, n: u64) {
        let count = self.points.len() / 3;
        if count == 0 {
            return;
        }
        self.cycled = true;
        // On a fixed set the pocket's ratchet judges on that set (not on
        // every sample seen, which would grow with each epoch).
        if self.judged_version != Some(self.points_version) {
            let points = self.points_dataset().clone();
            match &mut self.model {
                Model::Binary(AnyLearner::Pocket(pocket)) => pocket.judge_on(points),
                Model::Classes(multiclass) => {
                    let mut classes = points;
                    classes.relabel(|label| class_index(label).map_or(-1.0, |k| k as f64));
                    multiclass.judge_pockets_on(&classes);
                }
                Model::Binary(_) => {}
            }
            self.judged_version = Some(self.points_version);
        }
        for _ in 0..n {
            let i = self.cycle % count;
            self.cycle = (i + 1) % count;
            self.passes += (self.cycle == 0) as u64;
            let p = &self.points[3 * i..3 * i + 3];
            self.learn([p[0], p[1]], p[2]);
        }
    }

    /// The shown points as a data set (rebuilt only after they change).
    pub(super) fn points_dataset(&mut self) -> &Dataset {
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

    pub(super) fn show(&mut self, point: [f64; 2], label: f64) {
        self.points.extend_from_slice(&[point[0], point[1], label]);
        let count = self.points.len() / 3;
        // Drop the oldest in chunks, so scrolling costs O(1) per point.
        if count > MAX_SHOWN_POINTS + MAX_SHOWN_POINTS / 4 {
            self.points.drain(..3 * (count - MAX_SHOWN_POINTS));
            self.cycle = 0;
        }
        self.points_version += 1;
    }

    /// The shown points as (x, y, label) triples.
    pub fn points(&self) -> &[f64] {
        &self.points
    }

    /// The support vectors of a kernel learner on the plane, as
    /// (x, y, alpha, id, label) per vector; empty for linear learners.
    pub fn support_vectors(&mut self) -> &[f64] {
        self.support_buffer.clear();
        if let Some(set) = self.model.binary().and_then(|l| l.support_set()) {
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
        let learner = self.model.binary()?;
        learner.linear_model().as_ref().map(plane)
    }

    /// With more than two classes, each class's (w1, w2, b) in class order
    /// (empty with two).
    pub fn class_models(&self) -> Vec<Plane> {
        match &self.model {
            Model::Classes(multiclass) => multiclass.models().iter().map(plane).collect(),
            Model::Binary(_) => Vec::new(),
        }
    }

    /// The weights the update rule moves, when predictions use others (the
    /// pocket's perceptron, the averaged perceptron's current vector).
    pub fn moving_model(&self) -> Option<Plane> {
        let learner = self.model.binary()?;
        learner.moving_model().as_ref().map(plane)
    }

    /// The model before the last aggressive update, and the angle in degrees
    /// the weight vector turned.
    pub fn ghost(&self) -> Option<(Plane, f64)> {
        self.ghost
    }
}
