//! Property tests of the update rules themselves: hard PA lands on the
//! margin (and regression on the tube), PA-I's step is capped and PA-II's
//! damped, the perceptron separates separable data, PA-I's shortcut is
//! bit-identical to the textbook step.

use onlinelearn::{BiasMode, Features, Learner, PaVariant, PassiveAggressive, Perceptron, Task};
use proptest::prelude::*;

/// A stream of (features, label), values within +-scale.
fn stream(task: Task, dim: usize, scale: f64) -> impl Strategy<Value = Vec<(Vec<f64>, f64)>> {
    let label = match task {
        Task::Classification => prop_oneof![Just(1.0), Just(-1.0)].boxed(),
        Task::Regression => (-10.0..10.0f64).boxed(),
    };
    // Zeros are common so that sparse rows differ from dense ones.
    let value = prop_oneof![3 => -scale..scale, 1 => Just(0.0)];
    prop::collection::vec((prop::collection::vec(value, dim), label), 1..80)
}

fn close(a: f64, b: f64, scale: f64) -> bool {
    (a - b).abs() <= 1e-9 * scale.max(1.0)
}

proptest! {
    /// Hard PA projects onto the margin: after an aggressive update the
    /// sample scores exactly y (margin 1) in augmented mode.
    #[test]
    fn hard_pa_leaves_the_sample_at_margin_one(samples in stream(Task::Classification, 3, 100.0)) {
        let mut pa = PassiveAggressive::classifier(PaVariant::Pa, 1.0, BiasMode::Augmented).unwrap();
        for (x, y) in &samples {
            let u = pa.learn_one(Features::Dense(x), *y);
            if u.aggressive {
                let after = pa.score(Features::Dense(x));
                let scale = u.score.abs() + x.iter().map(|v| v.abs()).sum::<f64>();
                prop_assert!(close(y * after, 1.0, scale), "margin after update {}", y * after);
                prop_assert!(close(u.score_after, after, scale));
            } else {
                prop_assert!(y * u.score >= 1.0);
            }
        }
    }

    /// PA-I's step never exceeds C, and PA-II's never exceeds hard PA's.
    #[test]
    fn pa1_step_is_capped_and_pa2_step_is_damped(samples in stream(Task::Classification, 2, 100.0), c in 0.001..10.0f64) {
        let mut pa1 = PassiveAggressive::classifier(PaVariant::Pa1, c, BiasMode::Augmented).unwrap();
        let mut pa2 = PassiveAggressive::classifier(PaVariant::Pa2, c, BiasMode::Augmented).unwrap();
        for (x, y) in &samples {
            let u = pa1.learn_one(Features::Dense(x), *y);
            prop_assert!(u.tau <= c, "tau {} > C {c}", u.tau);
            let u = pa2.learn_one(Features::Dense(x), *y);
            let hard = u.loss / (x.iter().map(|v| v * v).sum::<f64>() + 1.0);
            prop_assert!(u.tau <= hard * (1.0 + 1e-12));
        }
    }

    /// Hard PA regression lands on the edge of the epsilon tube.
    #[test]
    fn hard_pa_regression_lands_on_the_tube(samples in stream(Task::Regression, 2, 100.0), eps in 0.0..2.0f64) {
        let mut pa = PassiveAggressive::regressor(PaVariant::Pa, 1.0, eps, BiasMode::Augmented).unwrap();
        for (x, y) in &samples {
            let u = pa.learn_one(Features::Dense(x), *y);
            let after = pa.score(Features::Dense(x));
            let scale = u.score.abs() + y.abs() + x.iter().map(|v| v.abs()).sum::<f64>();
            if u.aggressive {
                prop_assert!(close((y - after).abs(), eps, scale), "|y - f| = {} vs eps {eps}", (y - after).abs());
            } else {
                prop_assert!((y - u.score).abs() <= eps);
            }
        }
    }

    /// Novikoff's bound: on data separable with margin gamma by a unit
    /// vector, the perceptron makes at most (R / gamma)^2 mistakes, however
    /// many passes it takes and whatever its learning rate.
    #[test]
    fn perceptron_mistake_bound_holds_on_separable_streams(
        angle in 0.0..std::f64::consts::TAU,
        offset in -0.5..0.5f64,
        gamma in 0.05..0.3f64,
        eta in 0.01..10.0f64,
        points in prop::collection::vec((-1.0..1.0f64, -1.0..1.0f64), 20..200),
    ) {
        // Unit separator in the augmented space (w1, w2, b).
        let norm = (1.0 + offset * offset).sqrt();
        let w = [angle.cos() / norm, angle.sin() / norm, offset / norm];
        let data: Vec<([f64; 2], f64)> = points
            .into_iter()
            .map(|(a, b)| ([a, b], w[0] * a + w[1] * b + w[2]))
            .filter(|(_, f)| f.abs() >= gamma)
            .map(|(x, f)| (x, f.signum()))
            .collect();
        let r_squared = 3.0; // max ||(x1, x2, 1)||^2 in the unit square
        let bound = (r_squared / (gamma * gamma)).floor() as u64;
        let mut p = Perceptron::new(eta, BiasMode::Augmented).unwrap();
        let mut updates = 0;
        for _pass in 0..(bound + 1) {
            let mut pass_updates = 0;
            for (x, y) in &data {
                pass_updates += p.learn_one(Features::Dense(x), *y).aggressive as u64;
            }
            updates += pass_updates;
            if pass_updates == 0 {
                break;
            }
        }
        prop_assert!(updates <= bound, "{updates} updates > bound {bound}");
        for (x, y) in &data {
            prop_assert_eq!(p.predict(Features::Dense(x)), *y, "converged perceptron must separate");
        }
    }
}

proptest! {
    /// PA-I skips the division when the cap clearly applies; the result
    /// must be the textbook min(C, l / sq) to the bit, right at the boundary too.
    #[test]
    fn pa1_shortcut_is_bit_identical(c in 1e-6..1e6f64, sq in 1e-6..1e6f64, k in prop_oneof![0.0..10.0f64, 0.999_999_9..1.000_000_1f64]) {
        let loss = c * sq * k;
        prop_assert_eq!(PaVariant::Pa1.tau(c, loss, sq).to_bits(), c.min(loss / sq).to_bits());
    }
}
