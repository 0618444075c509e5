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
    fn bad_grids_are_refused() {
        assert!(Grid::new(0, 2, (0.0, 1.0), (0.0, 1.0)).is_err());
        assert!(Grid::new(5000, 2, (0.0, 1.0), (0.0, 1.0)).is_err());
        assert!(Grid::new(2, 2, (1.0, 1.0), (0.0, 1.0)).is_err());
        assert!(Grid::new(2, 2, (0.0, f64::NAN), (0.0, 1.0)).is_err());
    }
}
