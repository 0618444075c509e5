//! The points the plane shows, as (x, y, label) triples: clicked or
//! streamed (the oldest scroll off past `MAX_SHOWN_POINTS`), erased, and
//! cycled over in epochs mode; and the same points as a data set, built
//! again only after they change.

use super::MAX_SHOWN_POINTS;
use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::features::Features;
use crate::learner::Task;

#[derive(Debug, Default)]
pub struct PlanePoints {
    points: Vec<f64>,
    /// One flag per point: 1 where a selective learner did not ask for
    /// the label (the plane draws it pale), else 0. Empty until one is
    /// marked, so other learners keep no flags.
    unseen: Vec<u8>,
    /// Changes whenever `points` does (the data set and the pocket's judge
    /// set follow it).
    version: u64,
    cache: Option<(u64, Dataset)>,
    /// Epochs: the point the next step learns, the passes completed, and
    /// whether epochs were used (the points are then the data set).
    cycle: usize,
    passes: u64,
    cycled: bool,
}

/// Features and target of a plane point: (x, y) and the label to
/// classify, x alone and y to regress.
pub fn split(task: Task, point: &[f64; 2], label: f64) -> (&[f64], f64) {
    match task {
        Task::Classification => (&point[..], label),
        Task::Regression => (&point[..1], point[1]),
    }
}

/// A copy (a timeline's checkpoint) leaves the data set out: it is built
/// again from the points when asked, and would double the copy's size.
impl Clone for PlanePoints {
    fn clone(&self) -> Self {
        Self {
            points: self.points.clone(),
            unseen: self.unseen.clone(),
            version: self.version,
            cache: None,
            cycle: self.cycle,
            passes: self.passes,
            cycled: self.cycled,
        }
    }
}

impl PlanePoints {
    pub fn show(&mut self, point: [f64; 2], label: f64) {
        self.points.extend_from_slice(&[point[0], point[1], label]);
        if !self.unseen.is_empty() {
            self.unseen.push(0);
        }
        let count = self.len();
        // Drop the oldest in chunks, so scrolling costs O(1) per point.
        if count > MAX_SHOWN_POINTS + MAX_SHOWN_POINTS / 4 {
            self.points.drain(..3 * (count - MAX_SHOWN_POINTS));
            if !self.unseen.is_empty() {
                self.unseen.drain(..count - MAX_SHOWN_POINTS);
            }
            self.cycle = 0;
        }
        self.version += 1;
    }

    pub fn erase(&mut self, i: u64) -> Result<()> {
        let count = self.len();
        if i as usize >= count {
            return Err(Error::BadSample(
                format!("no point {i} to erase ({count} shown)").into(),
            ));
        }
        let i = i as usize;
        self.points.drain(3 * i..3 * i + 3);
        if !self.unseen.is_empty() {
            self.unseen.remove(i);
        }
        self.version += 1;
        Ok(())
    }

    /// The point nearest to (x, y) within `radius`, if any.
    pub fn nearest(&self, x: f64, y: f64, radius: f64) -> Option<usize> {
        self.points
            .chunks_exact(3)
            .enumerate()
            .map(|(i, p)| (i, (p[0] - x).powi(2) + (p[1] - y).powi(2)))
            .filter(|&(_, d)| d <= radius * radius)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(i, _)| i)
    }

    /// Epochs: the next point in order, cycling (None with no points).
    pub fn next_in_cycle(&mut self) -> Option<([f64; 2], f64)> {
        let count = self.len();
        if count == 0 {
            return None;
        }
        self.cycled = true;
        let i = self.cycle % count;
        self.cycle = (i + 1) % count;
        self.passes += (self.cycle == 0) as u64;
        let p = &self.points[3 * i..3 * i + 3];
        Some(([p[0], p[1]], p[2]))
    }

    /// Point `i` (None past the last).
    pub fn get(&self, i: usize) -> Option<([f64; 2], f64)> {
        let p = self.points.get(3 * i..3 * i + 3)?;
        Some(([p[0], p[1]], p[2]))
    }

    /// Epochs start again from the first point (a Reset).
    pub fn restart_cycle(&mut self) {
        self.cycle = 0;
        self.passes = 0;
    }

    /// The points as a data set for `task`.
    pub fn dataset(&mut self, task: Task) -> &Dataset {
        if self.cache.as_ref().map(|(v, _)| *v) != Some(self.version) {
            let width = match task {
                Task::Classification => 2,
                Task::Regression => 1,
            };
            let mut data = Dataset::dense(width);
            for p in self.points.chunks_exact(3) {
                let point = [p[0], p[1]];
                let (features, target) = split(task, &point, p[2]);
                data.push(Features::Dense(features), target)
                    .expect("shown points are finite");
            }
            self.cache = Some((self.version, data));
        }
        &self.cache.as_ref().expect("just built").1
    }

    /// The last point shown: its label was not asked for by the learner.
    pub fn mark_last_unseen(&mut self) {
        if self.unseen.is_empty() {
            self.unseen = vec![0; self.len()];
        }
        if let Some(last) = self.unseen.last_mut() {
            *last = 1;
        }
    }

    /// A flag per point, 1 where the label was not asked for; empty when
    /// no point was ever marked.
    pub fn unseen(&self) -> &[u8] {
        &self.unseen
    }

    pub fn as_slice(&self) -> &[f64] {
        &self.points
    }

    pub fn len(&self) -> usize {
        self.points.len() / 3
    }

    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    pub fn version(&self) -> u64 {
        self.version
    }

    pub fn cycled(&self) -> bool {
        self.cycled
    }

    /// The passes over the points completed, and the point the next
    /// epoch step learns.
    pub fn place(&self) -> (u64, usize) {
        (self.passes, self.cycle)
    }
}
