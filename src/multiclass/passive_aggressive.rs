//! Crammer & Singer's multiclass Passive-Aggressive (Crammer, Dekel, Keshet,
//! Shalev-Shwartz & Singer, JMLR 2006, section 7) as LIBOL's M_PA.m,
//! M_PA1.m and M_PA2.m run it: one weight row W_r per class; with s the
//! highest-scoring wrong class and ℓ = max(0, 1 − (F_y − F_s)),
//!
//! τ = ℓ / (2‖x‖²) (PA),  min(C, ℓ / (2‖x‖²)) (PA-I),  ℓ / (2‖x‖² + 1/(2C)) (PA-II);
//! W_y ← W_y + τx,  W_s ← W_s − τx
//!
//! (‖x‖² with the constant 1 of an augmented bias). Multiclass::learn_one
//! finds s and ℓ, as for one-vs-rest's report; this file takes the step.

use crate::error::Result;
use crate::features::Features;
use crate::learner::Task;
use crate::linear::{PaVariant, Weights};
use crate::registry::Algorithm;
use crate::settings::Checked;

/// The multiclass PA: its step, C and K rows.
#[derive(Clone, Debug)]
pub struct CrammerSingerPa {
    variant: PaVariant,
    c: f64,
    rows: Vec<Weights>,
}

impl CrammerSingerPa {
    /// `algorithm` (pa, pa1 or pa2: Multiclass::check says so first) over
    /// `classes` rows.
    pub fn new(algorithm: Algorithm, settings: &Checked, classes: usize) -> Result<Self> {
        // The rules the binary PA's would check, without building it.
        crate::registry::check_rules(algorithm, &settings.with_task(Task::Classification))?;
        let variant = match algorithm {
            Algorithm::Pa => PaVariant::Pa,
            Algorithm::Pa1 => PaVariant::Pa1,
            _ => PaVariant::Pa2,
        };
        Ok(Self {
            variant,
            c: settings.c,
            rows: vec![Weights::new(settings.bias); classes],
        })
    }

    pub fn rows(&self) -> &[Weights] {
        &self.rows
    }

    pub fn rows_mut(&mut self) -> &mut [Weights] {
        &mut self.rows
    }

    /// Live settings: C, from the next sample on.
    pub fn retune(&mut self, settings: &Checked) {
        self.c = settings.c;
    }

    /// The step on a sample of class `y` whose best wrong class is `wrong`
    /// and whose multiclass hinge loss is `loss`: (τ, whether rows moved).
    pub fn step(&mut self, x: Features<'_>, y: usize, wrong: usize, loss: f64) -> (f64, bool) {
        if loss <= 0.0 {
            return (0.0, false);
        }
        let norm = self.rows[y].step_norm(x.squared_norm());
        let tau = self.variant.tau(self.c, loss, 2.0 * norm);
        self.rows[y].add(x, tau);
        self.rows[wrong].add(x, -tau);
        (tau, true)
    }
}

#[cfg(test)]
mod tests {
    use crate::features::Features;
    use crate::multiclass::Multiclass;
    use crate::registry::Algorithm;
    use crate::settings::{Reduction, Settings};

    #[test]
    fn crammer_singer_moves_the_true_and_the_best_wrong_row() {
        let settings = Settings {
            multiclass: Reduction::CrammerSinger,
            bias: crate::settings::BiasMode::None,
            c: 10.0,
            ..Settings::default()
        };
        let mut m = Multiclass::new(Algorithm::Pa1, &settings, 3).unwrap();
        let x = Features::Dense(&[1.0, 2.0]);
        // All scores 0: the wrong class is 0 (lowest index), loss 1, tau = 1 / (2 * 5).
        let step = m.learn_one(x, 2);
        assert_eq!((step.predicted, step.wrong), (0, 0));
        assert_eq!(
            (step.update.margin, step.update.loss, step.update.tau),
            (0.0, 1.0, 0.1)
        );
        assert!(step.update.mistake && step.update.aggressive);
        let rows = m.models();
        assert_eq!(rows[2].weights, vec![0.1, 0.2]);
        assert_eq!(rows[0].weights, vec![-0.1, -0.2]);
        assert!(rows[1].weights.iter().all(|&w| w == 0.0));
        assert_eq!(m.predict(x), 2);
        let err = Multiclass::new(Algorithm::Arow, &settings, 3).unwrap_err();
        assert!(err
            .to_string()
            .contains("the learners that can: perceptron, pa, pa1, pa2"));
    }
}
