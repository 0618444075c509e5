//! Shared by the native and the wasm determinism tests.

use onlinelearn::data::Fnv;
use onlinelearn::eval::Progress;
use onlinelearn::{Algorithm, AnyLearner, Learner, Preset, Settings, Stream, StreamConfig};

/// One line per preset: its name, the fingerprint of its first 2,000
/// samples (seed 42, 10% label noise), and the fingerprint of the PA-I model
/// trained on them, in hex. Then one line per randomised kernel learner:
/// its support set (ids and coefficients) after 600 xor samples, so that
/// rand's range and Bernoulli draws are checked on both targets too.
pub fn digest_lines() -> String {
    let mut out = String::new();
    for preset in Preset::ALL {
        let config = StreamConfig {
            label_noise: 0.1,
            ..StreamConfig::new(preset, 42)
        };
        let data = Stream::new(config).unwrap().take(2000);
        let settings = Settings {
            c: 0.1,
            task: preset.task(),
            ..Settings::default()
        };
        let mut learner = AnyLearner::new(Algorithm::Pa1, &settings).unwrap();
        learner.learn_batch(&data, 0..data.len(), &mut Progress::default());
        let model = learner.linear_model().unwrap();
        let mut hash = Fnv::default();
        model
            .weights
            .iter()
            .chain([&model.bias])
            .for_each(|w| hash.add(w.to_bits()));
        out.push_str(&format!(
            "{} {:016x} {:016x}\n",
            preset.name(),
            data.fingerprint(),
            hash.0
        ));
    }
    let data = Stream::new(StreamConfig::new(Preset::Xor, 42))
        .unwrap()
        .take(600);
    for algorithm in [
        Algorithm::KernelPerceptron,
        Algorithm::Spa,
        Algorithm::Olru,
        Algorithm::Olrd,
    ] {
        let settings = Settings {
            sigma: 0.5,
            seed: 42,
            budget: (algorithm == Algorithm::KernelPerceptron || algorithm == Algorithm::Olrd)
                .then_some(40),
            spa_beta: 2.0,
            horizon: Some(600),
            ..Settings::default()
        };
        let mut learner = AnyLearner::new(algorithm, &settings).unwrap();
        learner.learn_batch(&data, 0..data.len(), &mut Progress::default());
        let set = learner.support_set().unwrap();
        let mut hash = Fnv::default();
        set.ids().iter().for_each(|&id| hash.add(id));
        set.coefficients()
            .iter()
            .for_each(|a| hash.add(a.to_bits()));
        out.push_str(&format!(
            "{} {} {:016x}\n",
            algorithm.name(),
            set.len(),
            hash.0
        ));
    }
    out
}
