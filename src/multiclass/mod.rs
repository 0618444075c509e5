//! More than two classes, learned by linear learners.
//!
//! Class labels are integers; their sorted order is the class index
//! ([`Classes`](crate::data::Classes), in data/). Two ways to learn them ([`Reduction`]):
//!
//! - **one-vs-rest**: one binary learner of the registry per class, trained
//!   on "this class (+1) or another (−1)"; the highest score wins. Every
//!   linear and second-order learner takes part. With PA-I and no bias it
//!   is scikit-learn's `SGDClassifier(loss="hinge", learning_rate="pa1")`.
//! - **crammer-singer**: the multiclass Passive-Aggressive of Crammer,
//!   Dekel, Keshet, Shalev-Shwartz & Singer (JMLR 2006, section 7) as
//!   LIBOL's M_PA*.m run it: W_y += τx and W_s −= τx, s the highest-scoring
//!   wrong class ([`passive_aggressive`]). With the perceptron it is
//!   Crammer & Singer 2003's max update.
//! - **crammer-singer-uniform**, **crammer-singer-proportional**: the
//!   perceptron's other two updates of Crammer & Singer 2003
//!   ([`ultraconservative`]).
//! - **banditron**: Kakade, Shalev-Shwartz & Tewari 2008's perceptron told
//!   only whether its guess was right ([`banditron`]).
//!
//! Ties, in the wrong class chosen and in prediction, go to the lowest
//! class index (MATLAB's and NumPy's max).

// The multiclass perceptron's updates and the Banditron are the
// perceptron relatives' family: the page's first module (built without
// the `relatives` feature) leaves their code out, as it does the binary
// relatives' (src/registry/families.rs), and loads the full module to run them.
#[cfg(feature = "relatives")]
mod banditron;
mod class_step;
#[cfg(not(feature = "relatives"))]
mod left_out;
mod passive_aggressive;
#[cfg(feature = "relatives")]
mod ultraconservative;

#[cfg(feature = "relatives")]
pub use banditron::Banditron;
pub use class_step::{ClassLearner, ClassStep};
#[cfg(not(feature = "relatives"))]
pub use left_out::{Banditron, Ultraconservative};
pub use passive_aggressive::CrammerSingerPa;
#[cfg(feature = "relatives")]
pub use ultraconservative::Ultraconservative;

/// Which wrong rows the multiclass perceptron's update moves, and how much
/// (see ultraconservative.rs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spread {
    /// The best-scoring wrong row loses all of x.
    Max,
    /// Each row of E loses x/|E|.
    Uniform,
    /// Each row of E loses its share of the gaps W_r·x − W_y·x.
    Proportional,
}

/// Whether this build holds the code `reduction` runs with `algorithm`:
/// the perceptron's updates and the Banditron only with the `relatives`
/// feature (the page's full module).
pub fn holds(algorithm: Algorithm, reduction: Reduction) -> bool {
    let perceptron = matches!(
        reduction,
        Reduction::CrammerSingerUniform
            | Reduction::CrammerSingerProportional
            | Reduction::Banditron
    ) || (reduction == Reduction::CrammerSinger
        && algorithm == Algorithm::Perceptron);
    !perceptron || cfg!(feature = "relatives")
}

use crate::data::Dataset;
use crate::error::{Code, Error, Result};
use crate::features::Features;
use crate::learner::{Learner, LinearModel, Update};
use crate::linear::Weights;
use crate::registry::{Algorithm, AnyLearner};
use crate::settings::{Checked, Choice, Reduction, Settings};

/// K classes learned by one-vs-rest, Crammer & Singer's PA or perceptron,
/// or the Banditron.
#[derive(Clone, Debug)]
pub enum Multiclass {
    /// A binary learner per class, and the samples at which at least one
    /// of them asked for its label (the selective perceptron asks for each
    /// class's own ±1 label apart; the sample's label was needed if any did).
    OneVsRest(Vec<AnyLearner>, u64),
    CrammerSinger(CrammerSingerPa),
    Perceptron(Ultraconservative),
    Banditron(Banditron),
}

impl Multiclass {
    /// The learners a reduction takes (the registry says which: Algorithm::takes).
    pub fn able(reduction: Reduction) -> Vec<Algorithm> {
        Algorithm::ALL
            .iter()
            .copied()
            .filter(|a| a.takes(reduction))
            .collect()
    }

    /// Refuses a learner that `reduction` does not take, naming those it does.
    pub fn check(algorithm: Algorithm, reduction: Reduction, classes: usize) -> Result<()> {
        let able = Self::able(reduction);
        if able.contains(&algorithm) {
            return Ok(());
        }
        let names: Vec<&str> = able.iter().map(|a| a.name()).collect();
        Err(Error::Mismatch(crate::msg!(
            Code::ReductionRefuses,
            learner = algorithm.label(),
            k = classes,
            reduction = reduction.name(),
            list = names
        )))
    }

    /// `algorithm` over `classes` classes by `settings.multiclass`.
    pub fn new(algorithm: Algorithm, settings: &Settings, classes: usize) -> Result<Self> {
        Self::from_checked(algorithm, &settings.clone().checked()?, classes)
    }

    /// [`Multiclass::new`] with settings already in range.
    pub fn from_checked(algorithm: Algorithm, settings: &Checked, classes: usize) -> Result<Self> {
        let reduction = settings.multiclass;
        Self::check(algorithm, reduction, classes)?;
        let binary = binary(settings);
        Ok(match reduction {
            Reduction::OneVsRest => {
                let first = AnyLearner::from_checked(algorithm, &binary)?;
                Multiclass::OneVsRest(vec![first; classes], 0)
            }
            Reduction::CrammerSinger if algorithm == Algorithm::Perceptron => {
                Multiclass::Perceptron(Ultraconservative::new(Spread::Max, settings, classes)?)
            }
            Reduction::CrammerSingerUniform => {
                Multiclass::Perceptron(Ultraconservative::new(Spread::Uniform, settings, classes)?)
            }
            Reduction::CrammerSingerProportional => Multiclass::Perceptron(Ultraconservative::new(
                Spread::Proportional,
                settings,
                classes,
            )?),
            Reduction::Banditron => Multiclass::Banditron(Banditron::new(settings, classes)?),
            Reduction::CrammerSinger => {
                Multiclass::CrammerSinger(CrammerSingerPa::new(algorithm, settings, classes)?)
            }
        })
    }

    /// The weight rows of the reductions that keep one row per class.
    fn rows(&self) -> &[Weights] {
        match self {
            Multiclass::OneVsRest(..) => &[],
            Multiclass::CrammerSinger(rule) => rule.rows(),
            Multiclass::Perceptron(rule) => rule.rows(),
            Multiclass::Banditron(rule) => rule.rows(),
        }
    }

    /// The number of classes.
    pub fn classes(&self) -> usize {
        match self {
            Multiclass::OneVsRest(learners, _) => learners.len(),
            _ => self.rows().len(),
        }
    }

    /// Class `k`'s score f_k(x).
    pub fn score(&self, x: Features<'_>, k: usize) -> f64 {
        match self {
            Multiclass::OneVsRest(learners, _) => learners[k].score(x),
            _ => self.rows()[k].score(x),
        }
    }

    /// The Banditron's top-class misses so far, ŷ ≠ y (the paper's M̂; its
    /// mistakes are those of its guesses ỹ). None for the other reductions.
    pub fn top_mistakes(&self) -> Option<u64> {
        match self {
            Multiclass::Banditron(rule) => Some(rule.top_mistakes()),
            _ => None,
        }
    }

    /// The samples whose label was asked for, by a reduction over a
    /// learner that asks for only some (the selective perceptron, one vs
    /// rest); None for the others, which see every label.
    pub fn labels_asked(&self) -> Option<u64> {
        match self {
            Multiclass::OneVsRest(learners, asked) => learners[0].labels_asked().map(|_| *asked),
            _ => None,
        }
    }

    /// The highest-scoring class other than `except`, the lowest on a tie.
    fn best(&self, x: Features<'_>, except: Option<usize>) -> usize {
        best((0..self.classes()).map(|k| self.score(x, k)), except)
    }

    /// The predicted class: the highest score, the lowest index on a tie.
    pub fn predict(&self, x: Features<'_>) -> usize {
        self.best(x, None)
    }

    /// Learns one sample of class `class`.
    pub fn learn_one(&mut self, x: Features<'_>, class: usize) -> ClassStep {
        match self {
            Multiclass::Perceptron(rule) => return rule.learn_one(x, class),
            Multiclass::Banditron(rule) => return rule.learn_one(x, class),
            _ => {}
        }
        let predicted = self.best(x, None);
        let wrong = self.best(x, Some(class));
        let score = self.score(x, class);
        let margin = score - self.score(x, wrong);
        let loss = (1.0 - margin).max(0.0);
        let mut kept = ClassStep::new(class, predicted, wrong, Update::default());
        let (tau, aggressive) = match self {
            Multiclass::OneVsRest(learners, asked) => {
                let mut tau = 0.0;
                let mut aggressive = false;
                let mut any_asked = false;
                for (k, learner) in learners.iter_mut().enumerate() {
                    let y = if k == class { 1.0 } else { -1.0 };
                    let before = learner.labels_asked();
                    let update = learner.learn_one(x, y);
                    any_asked |= learner.labels_asked() != before;
                    aggressive |= update.aggressive;
                    if k == class {
                        tau = update.tau;
                    }
                    if k == class || update.aggressive {
                        kept.keep(ClassLearner::new(k, y, &update));
                    }
                }
                *asked += u64::from(any_asked);
                (tau, aggressive)
            }
            Multiclass::CrammerSinger(rule) => rule.step(x, class, wrong, loss),
            Multiclass::Perceptron(_) | Multiclass::Banditron(_) => unreachable!("learned above"),
        };
        kept.update = Update {
            score,
            margin,
            loss,
            tau,
            score_after: self.score(x, class) - self.score(x, wrong),
            aggressive,
            mistake: predicted != class,
            ..Update::default()
        };
        kept
    }

    /// `algorithm` over `models.len()` classes, starting from these rows
    /// (a learner switched mid-stream keeps what was learned).
    pub fn warm_started(
        algorithm: Algorithm,
        settings: &Settings,
        models: &[LinearModel],
    ) -> Result<Self> {
        Self::warm_started_checked(algorithm, &settings.clone().checked()?, models)
    }

    /// [`Multiclass::warm_started`] with settings already in range.
    pub fn warm_started_checked(
        algorithm: Algorithm,
        settings: &Checked,
        models: &[LinearModel],
    ) -> Result<Self> {
        let mut next = Self::from_checked(algorithm, settings, models.len())?;
        match &mut next {
            Multiclass::OneVsRest(learners, _) => {
                for (learner, model) in learners.iter_mut().zip(models) {
                    *learner =
                        AnyLearner::warm_started_checked(algorithm, &binary(settings), model)?;
                }
            }
            Multiclass::CrammerSinger(rule) => warm(rule.rows_mut(), models, settings),
            Multiclass::Perceptron(rule) => warm(rule.rows_mut(), models, settings),
            Multiclass::Banditron(rule) => warm(rule.rows_mut(), models, settings),
        }
        Ok(next)
    }

    /// Applies live settings (C, say) mid-stream, keeping the rows.
    pub fn retune(&mut self, settings: &Settings) -> Result<()> {
        self.retune_checked(&settings.clone().checked()?)
    }

    /// [`Multiclass::retune`] with settings already in range.
    pub fn retune_checked(&mut self, settings: &Checked) -> Result<()> {
        let binary = binary(settings);
        match self {
            Multiclass::OneVsRest(learners, _) => learners
                .iter_mut()
                .try_for_each(|learner| learner.retune_checked(&binary)),
            Multiclass::CrammerSinger(rule) => {
                rule.retune(settings);
                Ok(())
            }
            Multiclass::Perceptron(rule) => {
                rule.retune(settings);
                Ok(())
            }
            Multiclass::Banditron(rule) => {
                rule.retune(settings);
                Ok(())
            }
        }
    }

    /// The one-vs-rest pockets judge on `data` (labels: class indices), each
    /// as "its class or another", as a binary pocket judges on the points.
    pub fn judge_pockets_on(&mut self, data: &Dataset) {
        if let Multiclass::OneVsRest(learners, _) = self {
            for (k, learner) in learners.iter_mut().enumerate() {
                if let AnyLearner::Pocket(pocket) = learner {
                    let mut own = data.clone();
                    own.relabel(|class| if class == k as f64 { 1.0 } else { -1.0 });
                    pocket.judge_on(own);
                }
            }
        }
    }

    /// The K weight rows (and biases), in class order.
    /// Whether each learner's state beyond its weights is finite (one vs
    /// rest's second-order learners' Σ; the other reductions keep weights
    /// only).
    pub fn state_finite(&self) -> bool {
        match self {
            Multiclass::OneVsRest(learners, _) => learners.iter().all(|l| l.state_finite()),
            _ => true,
        }
    }

    pub fn models(&self) -> Vec<LinearModel> {
        match self {
            Multiclass::OneVsRest(learners, _) => learners
                .iter()
                .map(|l| l.linear_model().expect("one-vs-rest runs linear learners"))
                .collect(),
            _ => self.rows().iter().map(Weights::model).collect(),
        }
    }
}

/// Rows that start from these models (a learner switched mid-stream).
fn warm(rows: &mut [Weights], models: &[LinearModel], settings: &Checked) {
    for (row, model) in rows.iter_mut().zip(models) {
        *row = Weights::from_model(model, settings.bias);
    }
}

/// The settings of each binary learner in one-vs-rest.
fn binary(settings: &Checked) -> Checked {
    settings.with_task(crate::learner::Task::Classification)
}

/// The index of the highest score (skipping `except`), the lowest on a tie.
fn best(scores: impl Iterator<Item = f64>, except: Option<usize>) -> usize {
    let mut best = None;
    for (k, score) in scores.enumerate() {
        if Some(k) == except {
            continue;
        }
        match best {
            Some((_, top)) if !(score > top) => {}
            _ => best = Some((k, score)),
        }
    }
    best.map_or(0, |(k, _)| k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_go_to_the_lowest_class() {
        assert_eq!(best([1.0, 3.0, 3.0].into_iter(), None), 1);
        assert_eq!(best([1.0, 3.0, 3.0].into_iter(), Some(1)), 2);
        assert_eq!(best([0.0, 0.0, 0.0].into_iter(), Some(0)), 1);
    }
}
