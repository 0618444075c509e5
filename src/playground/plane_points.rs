//! The points the plane shows, as (x, y, label) triples: clicked or
//! streamed (the oldest scroll off past `MAX_SHOWN_POINTS`), erased,
//! cycled over in epochs mode, and queued after a Reset to be learned
//! again in the order they were added; and the same points as a data
//! set, built again only after they change.

use std::ops::Range;

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
    /// After a Reset: the points shown then that the next steps learn
    /// again, by index, first to last (empty once they all were).
    relearn: Range<usize>,
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
            relearn: self.relearn.clone(),
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
            let dropped = count - MAX_SHOWN_POINTS;
            self.points.drain(..3 * dropped);
            if !self.unseen.is_empty() {
                self.unseen.drain(..dropped);
            }
            self.cycle = 0;
            // Points scrolled off before they were learned again are gone.
            self.relearn = self.relearn.start.saturating_sub(dropped)
                ..self.relearn.end.saturating_sub(dropped);
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
        // An erased point is not learned again; those after it move up.
        let Range { start, end } = self.relearn;
        self.relearn = (start - (i < start) as usize)..(end - (i < end) as usize);
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
        // Epochs after a Reset go over the queued points in the same order.
        if self.relearn.start == i && !self.relearn.is_empty() {
            self.relearn.start += 1;
        }
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

    /// A Reset: every point shown is to be learned again, in the order
    /// added, before anything new (see [`PlanePoints::next_to_relearn`]).
    pub fn queue_relearn(&mut self) {
        self.relearn = 0..self.len();
    }

    /// The next point queued by a Reset, taken off the queue (None once
    /// all were learned again).
    pub fn next_to_relearn(&mut self) -> Option<(usize, [f64; 2], f64)> {
        let i = self.relearn.next()?;
        let (point, label) = self.get(i).expect("queued points are shown");
        Some((i, point, label))
    }

    /// Points the queue still holds.
    pub fn left_to_relearn(&self) -> usize {
        self.relearn.len()
    }

    /// Marks point `i` as one whose label a selective learner did (false)
    /// or did not (true) ask for.
    pub fn mark_unseen(&mut self, i: usize, unseen: bool) {
        if self.unseen.is_empty() && unseen {
            self.unseen = vec![0; self.len()];
        }
        if let Some(flag) = self.unseen.get_mut(i) {
            *flag = unseen as u8;
        }
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
