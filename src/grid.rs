//! A rectangular grid over the 2-D plane, for the page's score shading:
//! the whole grid is scored in one call, never one call per pixel.

use crate::error::{Error, Result};

/// `nx` x `ny` cell centres over [x_min, x_max] x [y_min, y_max], row by
/// row from the top (y_max) down, the order of canvas pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grid {
    pub nx: usize,
    pub ny: usize,
    pub x_min: f64,
    pub x_max: f64,
    pub y_min: f64,
    pub y_max: f64,
}

/// Largest grid side accepted (the page uses 200).
pub const MAX_GRID_SIDE: usize = 1024;

impl Grid {
    pub fn new(
        nx: usize,
        ny: usize,
        (x_min, x_max): (f64, f64),
        (y_min, y_max): (f64, f64),
    ) -> Result<Self> {
        if !(1..=MAX_GRID_SIDE).contains(&nx) || !(1..=MAX_GRID_SIDE).contains(&ny) {
            return Err(Error::setting(
                "grid size",
                "between 1 and 1024 cells a side",
                nx.max(ny) as f64,
            ));
        }
        let bounds = [x_min, x_max, y_min, y_max];
        if bounds.iter().any(|v| !v.is_finite()) || x_min >= x_max || y_min >= y_max {
            return Err(Error::setting_text(
                "grid bounds",
                "finite, with x_min < x_max and y_min < y_max",
                bounds.map(crate::number::text).join(", "),
            ));
        }
        Ok(Self {
            nx,
            ny,
            x_min,
            x_max,
            y_min,
            y_max,
        })
    }

    pub fn len(&self) -> usize {
        self.nx * self.ny
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// x of column `i`'s centre.
    #[inline]
    pub fn x(&self, i: usize) -> f64 {
        self.x_min + (i as f64 + 0.5) * (self.x_max - self.x_min) / self.nx as f64
    }

    /// y of row `j`'s centre (row 0 is the top).
    #[inline]
    pub fn y(&self, j: usize) -> f64 {
        self.y_max - (j as f64 + 0.5) * (self.y_max - self.y_min) / self.ny as f64
    }
}

/// Colours scores as the plane shows them, into RGBA pixels (4 bytes a
/// score): the class colour of the score's sign, more opaque the larger
/// |score| (alpha 18 at 0 to 88 from |score| = 2 on). The alpha is rounded
/// half to even, as a canvas's `Uint8ClampedArray` rounds, so the page
/// looks as it did when JavaScript coloured the grid; a NaN score is
/// transparent. Done here because it is twice as fast as the same loop in
/// JavaScript (0.25 vs 0.6 ms for 200 x 200 in node).
pub fn shade(scores: &[f32], positive: [u8; 3], negative: [u8; 3], pixels: &mut Vec<u8>) {
    pixels.clear();
    pixels.reserve(4 * scores.len());
    for &score in scores {
        let score = score as f64;
        let [r, g, b] = if score >= 0.0 { positive } else { negative };
        pixels.extend_from_slice(&[r, g, b, alpha(score.abs())]);
    }
}

/// The shading's opacity for a strength (|score|, or a class's lead): 18 at
/// 0 to 88 from 2 on, rounded half to even; a NaN is transparent.
fn alpha(strength: f64) -> u8 {
    if strength.is_nan() {
        0
    } else {
        (18.0 + 70.0 * strength.min(2.0) / 2.0).round_ties_even() as u8
    }
}

/// Colours K classes' scores (K per cell, class by class) as the plane
/// shows them: the winning class's colour (the lowest on a tie, as the
/// model predicts), its alpha from the winning lead over the runner-up as
/// [`shade`]'s from |score|: 18 at a boundary to 88 from a lead of 2 on.
pub fn shade_classes(scores: &[f32], colors: &[[u8; 3]], pixels: &mut Vec<u8>) {
    let k = colors.len();
    pixels.clear();
    pixels.reserve(4 * scores.len() / k);
    for cell in scores.chunks_exact(k) {
        let (mut best, mut top, mut second) = (0, f32::NEG_INFINITY, f32::NEG_INFINITY);
        for (class, &score) in cell.iter().enumerate() {
            if score > top {
                (best, second, top) = (class, top, score);
            } else if score > second {
                second = score;
            }
        }
        let [r, g, b] = colors[best];
        pixels.extend_from_slice(&[r, g, b, alpha((top - second) as f64)]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_centres_run_left_to_right_top_to_bottom() {
        let g = Grid::new(4, 2, (0.0, 4.0), (0.0, 2.0)).unwrap();
        assert_eq!((g.x(0), g.x(3)), (0.5, 3.5));
        assert_eq!((g.y(0), g.y(1)), (1.5, 0.5));
        assert_eq!(g.len(), 8);
    }

    #[test]
    fn class_shading_takes_the_winner_and_its_lead() {
        let colors = [[1, 1, 1], [2, 2, 2], [3, 3, 3]];
        let mut pixels = Vec::new();
        // Class 2 leads by 0.25 (alpha 26.75 -> 27); a tie goes to class 0
        // at the boundary's alpha 18; a lead of 5 saturates at 88.
        shade_classes(
            &[0.0, 0.5, 0.75, 1.0, 1.0, -1.0, -3.0, 2.0, -4.0],
            &colors,
            &mut pixels,
        );
        assert_eq!(pixels, vec![3, 3, 3, 27, 1, 1, 1, 18, 2, 2, 2, 88]);
    }

    #[test]
    fn bad_grids_are_refused() {
        assert!(Grid::new(0, 2, (0.0, 1.0), (0.0, 1.0)).is_err());
        assert!(Grid::new(5000, 2, (0.0, 1.0), (0.0, 1.0)).is_err());
        assert!(Grid::new(2, 2, (1.0, 1.0), (0.0, 1.0)).is_err());
        assert!(Grid::new(2, 2, (0.0, f64::NAN), (0.0, 1.0)).is_err());
    }

    #[test]
    fn shading_takes_the_sign_colour_and_rounds_alpha_half_to_even() {
        let mut pixels = Vec::new();
        // |s| = 0.25 gives 26.75 -> 27; 0.1 gives 21.5 -> 22 (even);
        // 0.3 gives 28.5 -> 28 (even); past 2 the alpha stays at 88.
        shade(
            &[0.0, -0.25, 0.1, -0.3, 5.0, f32::NAN],
            [1, 2, 3],
            [4, 5, 6],
            &mut pixels,
        );
        let alpha: Vec<u8> = pixels.chunks(4).map(|p| p[3]).collect();
        let expected = [0.0f64, 0.25, 0.1, 0.3, 2.0].map(|s| {
            let a = 18.0 + 70.0 * (s as f32 as f64) / 2.0;
            // Round half to even, written out.
            let (floor, frac) = (a.floor(), a - a.floor());
            (if frac > 0.5 || (frac == 0.5 && floor % 2.0 == 1.0) {
                floor + 1.0
            } else {
                floor
            }) as u8
        });
        assert_eq!(&alpha[..5], &expected);
        assert_eq!(alpha[5], 0);
        assert_eq!(&pixels[..3], &[1, 2, 3]);
        assert_eq!(&pixels[4..7], &[4, 5, 6]);
        assert_eq!(pixels.len(), 24);
    }
}
