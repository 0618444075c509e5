//! A learner's run watched by a theory layer, the linear one or the
//! kernel one: shared by the two property tests, which check the bounds
//! against what the learner did on the same rounds.

use onlinelearn::theory::kernel::KernelTheory;
use onlinelearn::theory::Theory;
use onlinelearn::Update;
use onlinelearn::{
    Algorithm, AnyLearner, Features, Learner, Preset, Settings, Stream, StreamConfig,
};

/// The two-class presets: the first eight of `Preset::ALL` (regression
/// and the multiclass presets come after them).
pub fn presets() -> &'static [Preset] {
    &Preset::ALL[..8]
}

/// What the run needs of a theory layer (both have these as their own
/// methods, with the same meaning).
pub trait Layer {
    fn add(&mut self, x: Features<'_>, y: f64);
    fn record(&mut self, i: usize, update: &Update);
}

macro_rules! layer {
    ($($theory:ty),*) => {$(
        impl Layer for $theory {
            fn add(&mut self, x: Features<'_>, y: f64) {
                <$theory>::add(self, x, y).unwrap();
            }
            fn record(&mut self, i: usize, update: &Update) {
                <$theory>::record(self, i, update).unwrap();
            }
        }
    )*};
}
layer!(Theory, KernelTheory);

/// `algorithm`'s `passes` over the first `n` samples of `preset`'s stream
/// (seed `seed`), each round recorded in `theory`. Streams start at w = 0:
/// the bounds assume it.
pub fn learn_and_record(
    theory: &mut impl Layer,
    algorithm: Algorithm,
    settings: &Settings,
    (preset, seed, n): (Preset, u64, usize),
    passes: usize,
) {
    let data = Stream::new(StreamConfig::new(preset, seed))
        .unwrap()
        .take(n);
    let mut learner = AnyLearner::new(algorithm, settings).unwrap();
    for i in 0..data.len() {
        theory.add(data.row(i), data.label(i));
    }
    for _ in 0..passes {
        for i in 0..data.len() {
            let update = learner.learn_one(data.row(i), data.label(i));
            theory.record(i, &update);
        }
    }
}
