//! The fewest-mistakes line as it is drawn (issue 34, item 16). The sweep
//! (`best_line.rs`) finds a line through two points that attains the
//! fewest mistakes once the points on it are given the labels a small turn
//! or shift would give them; drawn as found it passes through a +1 and a
//! −1 point (margin 0) beside "0 mistakes". Here that move is made: among
//! the ways to label the points on the line with those mistakes (all +1 or
//! all −1 by a shift, split at a gap between two of them by a turn about
//! its middle; without a bias, a turn about the origin or no move), the
//! line is moved to the middle of the interval of equally good lines, up
//! to the first point it would cross, and the way that leaves the widest
//! gap to every point is drawn.

use robust::{orient2d, Coord};
use std::f64::consts::PI;

/// A best line as the sweep found it: through `pivot` towards `toward`,
/// +1 on its left (pivot → toward) or on its right.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Found {
    pub pivot: [f64; 2],
    pub toward: [f64; 2],
    pub left_is_positive: bool,
}

/// How the points on the line get their labels.
#[derive(Clone, Copy, Debug)]
enum Move {
    /// No move (through the origin, the points on it are +1).
    Stay,
    /// A shift: all of them +1 (`true`) or all −1.
    Shift(bool),
    /// A turn about the point at `at` along the line: those before it
    /// (smaller s) +1 and those after −1 when `before_positive`.
    Turn { at: f64, before_positive: bool },
}

const fn coord(p: [f64; 2]) -> Coord<f64> {
    Coord { x: p[0], y: p[1] }
}

fn dot(a: [f64; 2], b: [f64; 2]) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}

/// (w₁, w₂, b), +1 where w·x + b ≥ 0, with ‖w‖ = 1: the best line moved
/// to the middle of its interval. `points`: (place, +1 count, −1 count).
pub fn visible_line(
    points: impl Iterator<Item = ([f64; 2], u64, u64)>,
    found: Found,
    has_bias: bool,
) -> [f64; 3] {
    let p = found.pivot;
    let d = [found.toward[0] - p[0], found.toward[1] - p[1]];
    let length = d[0].hypot(d[1]);
    let u = [d[0] / length, d[1] / length];
    // The +1 side's unit normal.
    let n = if found.left_is_positive {
        [-u[1], u[0]]
    } else {
        [u[1], -u[0]]
    };
    let all: Vec<([f64; 2], u64, u64)> = points.collect();
    let place = |at: [f64; 2]| [at[0] - p[0], at[1] - p[1]];
    // Which points are on the line, exactly (a rounded distance is not 0).
    let (on_line, off_line): (Vec<_>, Vec<_>) = all
        .iter()
        .partition(|(at, ..)| orient2d(coord(p), coord(found.toward), coord(*at)) == 0.0);
    // The points on the line by their place along it.
    let mut on: Vec<(f64, u64, u64)> = on_line
        .iter()
        .map(|&&(at, pos, neg)| (dot(place(at), u), pos, neg))
        .collect();
    on.sort_by(|a, b| a.0.total_cmp(&b.0));
    let wrong = |positive: &dyn Fn(f64) -> bool| -> u64 {
        on.iter()
            .map(|&(s, pos, neg)| if positive(s) { neg } else { pos })
            .sum()
    };
    let mut moves: Vec<(u64, Move)> = Vec::new();
    if has_bias {
        moves.push((wrong(&|_| true), Move::Shift(true)));
        moves.push((wrong(&|_| false), Move::Shift(false)));
        for pair in on.windows(2) {
            let at = 0.5 * (pair[0].0 + pair[1].0);
            for before_positive in [true, false] {
                let count = wrong(&|s| (s < at) == before_positive);
                moves.push((
                    count,
                    Move::Turn {
                        at,
                        before_positive,
                    },
                ));
            }
        }
    } else {
        // Through the origin: the origin's points stay +1 whatever the turn.
        moves.push((wrong(&|_| true), Move::Stay));
        for before_positive in [true, false] {
            let count = wrong(&|s| s == 0.0 || (s < 0.0) == before_positive);
            moves.push((
                count,
                Move::Turn {
                    at: 0.0,
                    before_positive,
                },
            ));
        }
    }
    let fewest = moves.iter().map(|m| m.0).min().unwrap_or(0);
    // Each point off the line: its signed distance t to it and place s along it.
    let off: Vec<(f64, f64)> = off_line
        .iter()
        .map(|(at, ..)| (dot(place(*at), n), dot(place(*at), u)))
        .collect();
    let reach = off.iter().map(|&(t, s)| t.hypot(s)).fold(length, f64::max);
    let drawn = |m: Move| -> [f64; 3] {
        match m {
            Move::Stay => [n[0], n[1], -dot(n, p)],
            Move::Shift(positive) => {
                // Up to half way to the nearest point on the side it moves to.
                let gap = off
                    .iter()
                    .map(|&(t, _)| if positive { -t } else { t })
                    .filter(|&g| g > 0.0)
                    .fold(reach, f64::min);
                let shift = if positive { 0.5 * gap } else { -0.5 * gap };
                [n[0], n[1], -dot(n, p) + shift]
            }
            Move::Turn {
                at,
                before_positive,
            } => {
                let sigma = if before_positive { 1.0 } else { -1.0 };
                // The first angle in (0, π) at which the turned line meets a point off it.
                let first = off
                    .iter()
                    .map(|&(t, s)| {
                        let a = t.atan2(sigma * (s - at));
                        if a <= 0.0 {
                            a + PI
                        } else {
                            a
                        }
                    })
                    .fold(PI, f64::min);
                let (sin, cos) = (0.5 * first).sin_cos();
                let w = [
                    n[0] * cos - sigma * u[0] * sin,
                    n[1] * cos - sigma * u[1] * sin,
                ];
                let center = [p[0] + at * u[0], p[1] + at * u[1]];
                [w[0], w[1], -dot(w, center)]
            }
        }
    };
    // The gap a drawn line leaves to the nearest point.
    let gap = |line: [f64; 3]| {
        all.iter()
            .map(|(at, ..)| (line[0] * at[0] + line[1] * at[1] + line[2]).abs())
            .fold(f64::INFINITY, f64::min)
    };
    moves
        .iter()
        .filter(|m| m.0 == fewest)
        .map(|m| drawn(m.1))
        .max_by(|a, b| gap(*a).total_cmp(&gap(*b)))
        .unwrap_or([n[0], n[1], -dot(n, p)])
}
