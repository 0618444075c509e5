//! What the conformance checks of learners and of reductions share.

/// Every number of an update's report is finite.
pub fn finite_report(u: &onlinelearn::Update) -> bool {
    [u.score, u.margin, u.loss, u.tau, u.score_after]
        .iter()
        .all(|v| v.is_finite())
}

/// A dense sample as sparse (index, value) pairs, zeros left out.
pub fn as_sparse(x: &[f64]) -> (Vec<u32>, Vec<f64>) {
    x.iter()
        .enumerate()
        .filter(|(_, v)| **v != 0.0)
        .map(|(i, v)| (i as u32, *v))
        .unzip()
}

/// A random dense row of `dim` features within ±`scale`, a quarter of them
/// 0 (zeros are common so that sparse rows differ from dense ones).
pub fn sparse_prone_row(rng: &mut impl rand::Rng, dim: usize, scale: f64) -> Vec<f64> {
    (0..dim)
        .map(|_| {
            if rng.random_range(0..4) == 0 {
                0.0
            } else {
                rng.random_range(-scale..scale)
            }
        })
        .collect()
}
