//! The line with the fewest mistakes on points of the plane (the 0-1 loss,
//! exactly), by an angular sweep around each point: O(n² log n).
//!
//! A classifier is sign(w·x + b) with sign(0) = +1, as the learners
//! predict; with no bias, b = 0 and a point at the origin is always +1.
//! Why lines through two points suffice: any classifier can first be
//! nudged so no point lies on its line (raise b a little), then slid and
//! turned until its line touches two points without any point changing
//! side. The points on that line L were then labelled by a half-plane
//! restricted to L, which is a ray: a threshold along L, in either
//! direction, or all on one side. So the optimum is, over every line L
//! through two points and either side called +1, the mistakes strictly
//! off L plus the best threshold split of the points on L; and for lines
//! through the origin (no bias), the points on L either keep +1 (the exact
//! line) or split at the origin, one ray to each side.
//!
//! Around each pivot the other points are sorted by angle with exact
//! orientation tests (`robust`, Shewchuk's predicates), so collinear points
//! are collinear however their coordinates round; points at one place are
//! merged (they share every label a line gives). A two-pointer sweep then
//! counts each side of every line through the pivot in O(1).

use robust::{orient2d, Coord};
use std::cmp::Ordering;

use super::samples::Samples;
use super::visible_line::{visible_line, Found};

/// The fewest mistakes of any line, over the rounds (a sample seen twice
/// counts twice), and a line that attains them.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct BestLine {
    pub mistakes: u64,
    /// The boundary (w₁, w₂, b) of a best classifier, +1 where w·x + b > 0:
    /// the middle of the interval of equally good lines around the line
    /// through two points the sweep found (`visible_line.rs`), so that it
    /// separates visibly what it classifies. None when a constant
    /// prediction is best.
    pub line: Option<[f64; 3]>,
}

/// The sweeps' best so far: the mistakes, and the line that attains them.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Best {
    mistakes: u64,
    found: Option<Found>,
}

/// Points at one place, with their weighted labels.
#[derive(Clone, Copy, Debug)]
struct Site {
    at: [f64; 2],
    pos: u64,
    neg: u64,
}

/// Sites around a pivot that lie in one direction from it.
#[derive(Clone, Copy, Debug)]
struct Ray {
    /// A site of the ray (its direction's representative).
    rep: [f64; 2],
    /// Its sites in `order[start..end]`, nearest the pivot first.
    start: usize,
    end: usize,
    pos: u64,
    neg: u64,
}

fn coord(p: [f64; 2]) -> Coord<f64> {
    Coord { x: p[0], y: p[1] }
}

/// The sign of the turn pivot → a → b: positive counterclockwise.
fn turn(pivot: [f64; 2], a: [f64; 2], b: [f64; 2]) -> Ordering {
    orient2d(coord(pivot), coord(a), coord(b)).total_cmp(&0.0)
}

/// 0 for directions in [0, π), 1 for [π, 2π): exact coordinate comparisons.
fn half(pivot: [f64; 2], q: [f64; 2]) -> u8 {
    let up = q[1] > pivot[1] || (q[1] == pivot[1] && q[0] > pivot[0]);
    (!up) as u8
}

/// The fewest mistakes of any line (any line with a bias, else through
/// the origin) on the samples seen; None unless they are planar points.
pub fn best_line(samples: &Samples) -> Option<BestLine> {
    let mut search = LineSearch::new(samples)?;
    search.advance(usize::MAX);
    Some(search.best())
}

/// [`best_line`] a few sweeps at a time, so that the page can search
/// between frames: the samples are copied (merged by place) when the search
/// starts, and later samples do not change it.
#[derive(Clone, Debug)]
pub struct LineSearch {
    sites: Vec<Site>,
    /// Lines with a bias pivot on every site; without, on the origin only.
    has_bias: bool,
    /// The next pivot to sweep around.
    next: usize,
    best: Best,
}

impl LineSearch {
    /// A search over the samples seen; None unless they are planar points.
    pub fn new(samples: &Samples) -> Option<Self> {
        if !samples.is_plane() {
            return None;
        }
        let sites = merge(samples);
        let (pos, neg) = sites
            .iter()
            .fold((0, 0), |(p, n), s| (p + s.pos, n + s.neg));
        // The constant predictions: all +1 (and, with a bias, all -1).
        let mistakes = if samples.has_bias() {
            pos.min(neg)
        } else {
            neg
        };
        Some(Self {
            sites,
            has_bias: samples.has_bias(),
            next: 0,
            best: Best {
                mistakes,
                found: None,
            },
        })
    }

    /// The sweeps the whole search takes (one per distinct place, or one).
    pub fn pivots(&self) -> usize {
        if self.has_bias {
            self.sites.len()
        } else {
            1
        }
    }

    /// Sweeps done so far.
    pub fn done(&self) -> usize {
        self.next
    }

    pub fn finished(&self) -> bool {
        self.next >= self.pivots()
    }

    /// Sweeps around up to `pivots` more pivots; returns whether the search
    /// is finished. Each sweep is O(n log n).
    pub fn advance(&mut self, pivots: usize) -> bool {
        let end = self.pivots().min(self.next.saturating_add(pivots));
        for pivot in self.next..end {
            if self.has_bias {
                sweep(
                    &self.sites,
                    self.sites[pivot].at,
                    Some(pivot),
                    &mut self.best,
                );
            } else {
                sweep(&self.sites, [0.0, 0.0], None, &mut self.best);
            }
        }
        self.next = end;
        self.finished()
    }

    /// The best line of the sweeps so far: the answer once finished.
    pub fn best(&self) -> BestLine {
        let points = || self.sites.iter().map(|s| (s.at, s.pos, s.neg));
        BestLine {
            mistakes: self.best.mistakes,
            line: self
                .best
                .found
                .map(|found| visible_line(points(), found, self.has_bias)),
        }
    }
}

/// The seen samples merged by place, weighted by their counts.
fn merge(samples: &Samples) -> Vec<Site> {
    let mut points: Vec<([f64; 2], f64, u64)> = samples
        .seen()
        .map(|i| (samples.point(i), samples.label(i), samples.weight(i)))
        .collect();
    points.sort_by(|a, b| a.0[0].total_cmp(&b.0[0]).then(a.0[1].total_cmp(&b.0[1])));
    let mut sites: Vec<Site> = Vec::new();
    for (at, y, w) in points {
        // Exact equality: −0 and +0 are one place.
        let site = match sites.last_mut() {
            Some(last) if last.at[0] == at[0] && last.at[1] == at[1] => last,
            _ => {
                sites.push(Site { at, pos: 0, neg: 0 });
                sites.last_mut().unwrap()
            }
        };
        if y > 0.0 {
            site.pos += w;
        } else {
            site.neg += w;
        }
    }
    sites
}

/// Every line through `pivot` (a site's place, or the origin when
/// `pivot_site` is None: lines with no bias).
fn sweep(sites: &[Site], pivot: [f64; 2], pivot_site: Option<usize>, best: &mut Best) {
    let at_pivot = |s: &Site| s.at[0] == pivot[0] && s.at[1] == pivot[1];
    let (mut center_pos, mut center_neg) = (0, 0);
    let mut order: Vec<usize> = Vec::with_capacity(sites.len());
    for (i, s) in sites.iter().enumerate() {
        if Some(i) == pivot_site || at_pivot(s) {
            center_pos += s.pos;
            center_neg += s.neg;
        } else {
            order.push(i);
        }
    }
    let exact = |a: usize, b: usize| {
        let (p, q) = (sites[a].at, sites[b].at);
        half(pivot, p)
            .cmp(&half(pivot, q))
            .then_with(|| turn(pivot, p, q).reverse())
            .then_with(|| distance_order(pivot, p, q))
    };
    // Sorting by a rounded angle first and then by insertion with the
    // exact comparison gives the exact order at the cost of the first:
    // rounding misplaces only near-ties, a few places each. Five times
    // faster than sorting with the exact comparison alone.
    let mut keyed: Vec<(f64, usize)> = order
        .iter()
        .map(|&i| (pseudo_angle(pivot, sites[i].at), i))
        .collect();
    keyed.sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
    order.clear();
    order.extend(keyed.iter().map(|k| k.1));
    for k in 1..order.len() {
        let mut j = k;
        while j > 0 && exact(order[j - 1], order[j]) == Ordering::Greater {
            order.swap(j - 1, j);
            j -= 1;
        }
    }
    let rays = rays(sites, &order, pivot);
    let k = rays.len();
    if k == 0 {
        return;
    }
    // Prefix sums over the rays twice round, for the open left half-plane.
    let mut prefix = vec![(0u64, 0u64); 2 * k + 1];
    for j in 0..2 * k {
        let r = &rays[j % k];
        prefix[j + 1] = (prefix[j].0 + r.pos, prefix[j].1 + r.neg);
    }
    let (total_pos, total_neg) = (prefix[k].0, prefix[k].1);
    let mut end = 1;
    for i in 0..k {
        end = end.max(i + 1);
        while end < i + k && turn(pivot, rays[i].rep, rays[end % k].rep) == Ordering::Greater {
            end += 1;
        }
        let left = (
            prefix[end].0 - prefix[i + 1].0,
            prefix[end].1 - prefix[i + 1].1,
        );
        let opposite = (end < i + k && turn(pivot, rays[i].rep, rays[end % k].rep).is_eq())
            .then(|| &rays[end % k]);
        let (op_pos, op_neg) = opposite.map_or((0, 0), |o| (o.pos, o.neg));
        let right = (
            total_pos - left.0 - rays[i].pos - op_pos,
            total_neg - left.1 - rays[i].neg - op_neg,
        );
        let on_line = match pivot_site {
            Some(_) => split_along(sites, &order, &rays[i], opposite, (center_pos, center_neg)),
            // Through the origin: the origin's points stay +1; the rest
            // keep +1 on the exact line or split one ray to each side.
            None => {
                center_neg
                    + (rays[i].neg + op_neg)
                        .min(rays[i].neg + op_pos)
                        .min(rays[i].pos + op_neg)
            }
        };
        for left_is_positive in [true, false] {
            let off = if left_is_positive {
                left.1 + right.0
            } else {
                left.0 + right.1
            };
            if off + on_line < best.mistakes {
                best.mistakes = off + on_line;
                best.found = Some(Found {
                    pivot,
                    toward: rays[i].rep,
                    left_is_positive,
                });
            }
        }
    }
}

/// A number that grows with the angle of q − pivot in [0, 2π), without a
/// trigonometric call: the direction's L1-normalised x, read per half.
fn pseudo_angle(pivot: [f64; 2], q: [f64; 2]) -> f64 {
    let (dx, dy) = (q[0] - pivot[0], q[1] - pivot[1]);
    let p = dx / (dx.abs() + dy.abs());
    if half(pivot, q) == 0 {
        1.0 - p
    } else {
        3.0 + p
    }
}

/// Nearer the pivot first, for two places in one direction from it: the
/// nearer has the coordinate nearer the pivot's (compared exactly, never
/// through a rounded difference).
fn distance_order(pivot: [f64; 2], p: [f64; 2], q: [f64; 2]) -> Ordering {
    let axis = if p[0] != pivot[0] { 0 } else { 1 };
    let order = p[axis].total_cmp(&q[axis]);
    if p[axis] > pivot[axis] {
        order
    } else {
        order.reverse()
    }
}

/// The sorted places grouped by direction.
fn rays(sites: &[Site], order: &[usize], pivot: [f64; 2]) -> Vec<Ray> {
    let mut rays: Vec<Ray> = Vec::new();
    for (k, &i) in order.iter().enumerate() {
        let s = sites[i];
        match rays.last_mut() {
            Some(r)
                if half(pivot, r.rep) == half(pivot, s.at) && turn(pivot, r.rep, s.at).is_eq() =>
            {
                r.end = k + 1;
                r.pos += s.pos;
                r.neg += s.neg;
            }
            _ => rays.push(Ray {
                rep: s.at,
                start: k,
                end: k + 1,
                pos: s.pos,
                neg: s.neg,
            }),
        }
    }
    rays
}

/// The fewest mistakes of a threshold along the line: the opposite ray's
/// places (farthest first), the pivot, the ray's (nearest first). No
/// allocation: it runs once per line through every pivot.
fn split_along(
    sites: &[Site],
    order: &[usize],
    ray: &Ray,
    opposite: Option<&Ray>,
    center: (u64, u64),
) -> u64 {
    let far_side = opposite.map_or(&order[0..0], |o| &order[o.start..o.end]);
    let line = far_side
        .iter()
        .rev()
        .map(|&i| (sites[i].pos, sites[i].neg))
        .chain(std::iter::once(center))
        .chain(
            order[ray.start..ray.end]
                .iter()
                .map(|&i| (sites[i].pos, sites[i].neg)),
        );
    let (op_pos, op_neg) = opposite.map_or((0, 0), |o| (o.pos, o.neg));
    let (all_pos, all_neg) = (op_pos + center.0 + ray.pos, op_neg + center.1 + ray.neg);
    // Before the cut one label, after it the other, in both directions;
    // the cut before everything is all +1 or all −1.
    let (mut pos_before, mut neg_before) = (0, 0);
    let mut fewest = all_pos.min(all_neg);
    for (p, n) in line {
        pos_before += p;
        neg_before += n;
        let plus_after = pos_before + (all_neg - neg_before);
        let plus_before = neg_before + (all_pos - pos_before);
        fewest = fewest.min(plus_after).min(plus_before);
    }
    fewest
}

#[cfg(test)]
#[path = "best_line_tests.rs"]
mod tests;
