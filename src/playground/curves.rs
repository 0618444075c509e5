//! The page's learning curves, sampled on a schedule of sample counts (not
//! of animation frames), so that replaying a shared log draws the same
//! curves whatever the frame rate was.
//!
//! Every sample is recorded up to 64; then every 2nd up to 128, every 4th
//! up to 256, and so on: 32 points per doubling of the stream, so a chart
//! can append without ever holding more than a thousand points, and a
//! kernel learner's held-out score (500 test points against its whole
//! support set) is computed about 200 times in the first 1,000 samples,
//! not 500 (measured: APSM streams 2.6 times faster).

/// The series, in the order `Curves::series` takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Series {
    /// Samples seen (the x axis).
    Samples = 0,
    /// Cumulative online mistake rate (classification) or progressive MAE (regression).
    Online = 1,
    /// Moving average of the loss (hinge) or of the absolute error (regression).
    RecentLoss = 2,
    /// Held-out accuracy (classification) or held-out MAE (regression).
    Test = 3,
    /// Support-set size (kernel learners; 0 otherwise).
    Support = 4,
    /// Moving mistake rate over the last `LOSS_WINDOW` samples
    /// (classification) or moving absolute error (regression), restarted
    /// at a concept move: what the move's recovery is judged on.
    Recent = 5,
    /// The labels asked so far, by a learner that asks for only some (the
    /// selective sampling perceptron); for the others every label is seen,
    /// and this is the samples seen.
    Asked = 6,
}

pub const SERIES: usize = 7;

impl Series {
    /// Every series, in the order of their numbers (the page's and the
    /// Curves CSV's columns).
    pub const ALL: [Series; SERIES] = [
        Series::Samples,
        Series::Online,
        Series::RecentLoss,
        Series::Test,
        Series::Support,
        Series::Recent,
        Series::Asked,
    ];
}
const FIRST_RANGE: u64 = 64;

#[derive(Clone, Debug, PartialEq)]
pub struct Curves {
    series: [Vec<f64>; SERIES],
    /// With more than two classes: each class's online mistake rate (the
    /// share of its samples predicted wrong before learning them).
    by_class: Vec<Vec<f64>>,
    /// Record every `step` samples until `range`, then double both.
    step: u64,
    range: u64,
    /// After a concept move, the fine schedule again, counted from the
    /// move: (move's sample count, step, range), until its step is back
    /// to the main one.
    fine: Option<(u64, u64, u64)>,
}

impl Default for Curves {
    fn default() -> Self {
        Self {
            series: Default::default(),
            by_class: Vec::new(),
            step: 1,
            range: FIRST_RANGE,
            fine: None,
        }
    }
}

impl Curves {
    /// Whether the curve wants a point after `samples` samples.
    pub fn due(&self, samples: u64) -> bool {
        match self.fine {
            Some((from, step, _)) => samples > from && (samples - from).is_multiple_of(step),
            None => samples > 0 && samples.is_multiple_of(self.step),
        }
    }

    /// Starts the fine schedule again from `samples` (a concept moved
    /// there), so that the recovery after it is drawn sample by sample.
    pub fn refine_from(&mut self, samples: u64) {
        if self.step > 1 {
            self.fine = Some((samples, 1, FIRST_RANGE));
        }
    }

    /// The sample count of the last point (0 when there is none).
    pub fn last_samples(&self) -> u64 {
        self.series[0].last().map_or(0, |&s| s as u64)
    }

    /// Appends a point (call when [`Curves::due`]), with each class's
    /// mistake rate when there are more than two (else `by_class` is empty).
    pub fn record(&mut self, values: [f64; SERIES], by_class: &[f64]) {
        for (series, value) in self.series.iter_mut().zip(values) {
            series.push(value);
        }
        if self.by_class.len() != by_class.len() {
            self.by_class.resize(by_class.len(), Vec::new());
        }
        for (series, &value) in self.by_class.iter_mut().zip(by_class) {
            series.push(value);
        }
        let samples = values[Series::Samples as usize] as u64;
        // (A loop: after a concept move, points may skip the main range.)
        while samples >= self.range {
            self.range *= 2;
            self.step *= 2;
        }
        if let Some((from, step, range)) = &mut self.fine {
            if samples - *from >= *range {
                *range *= 2;
                *step *= 2;
            }
            if *step >= self.step {
                self.fine = None;
            }
        }
    }

    pub fn len(&self) -> usize {
        self.series[0].len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn series(&self, which: Series) -> &[f64] {
        &self.series[which as usize]
    }

    /// Class `k`'s mistake rate at each point (empty with two classes).
    pub fn class_series(&self, k: usize) -> &[f64] {
        self.by_class.get(k).map_or(&[], Vec::as_slice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedule_thins_out_by_doubling() {
        let mut curves = Curves::default();
        for n in 1..=100_000u64 {
            if curves.due(n) {
                curves.record([n as f64, 0.0, 0.0, 0.0, 0.0, 0.0, n as f64], &[]);
            }
        }
        let xs = curves.series(Series::Samples);
        assert_eq!(&xs[..3], &[1.0, 2.0, 3.0]);
        assert_eq!(xs[63], 64.0);
        assert_eq!(xs[64], 66.0);
        assert_eq!(xs[96], 132.0);
        assert!(curves.len() < 64 + 32 * 11, "{} points", curves.len());
        assert!(xs.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn a_concept_move_restarts_the_fine_schedule_until_it_meets_the_main_one() {
        let mut curves = Curves::default();
        let mut recorded = Vec::new();
        for n in 1..=40_000u64 {
            if n == 10_001 {
                curves.refine_from(10_001);
            }
            if curves.due(n) {
                curves.record([n as f64, 0.0, 0.0, 0.0, 0.0, 0.0, n as f64], &[]);
                recorded.push(n);
            }
        }
        let after: Vec<u64> = recorded.iter().copied().filter(|&n| n > 10_001).collect();
        // Every sample for 64 after the move, then every 2nd, 4th, ...
        assert_eq!(&after[..3], &[10_002, 10_003, 10_004]);
        assert_eq!(after[63], 10_065);
        assert_eq!(after[64], 10_067);
        // Back on the main schedule (every 512th from 16,384 on) once the
        // fine step reaches it; never coarser than it on the way.
        let late: Vec<u64> = after.iter().copied().filter(|&n| n > 27_000).collect();
        assert!(
            late.iter().all(|n| n % 512 == 0) && late.contains(&32_768),
            "{late:?}"
        );
        // (The main step is 512 up to 32,768.)
        assert!(after
            .windows(2)
            .all(|w| w[1] > 32_768 || w[1] - w[0] <= 512));
        assert!(recorded.len() < 800, "{} points", recorded.len());
    }
}
