//! The bounds a learner has: the perceptron's (`perceptron_bounds.rs`),
//! PA's (`pa_bounds.rs`), and for AROW and SCW a line that says why none
//! is given.

use super::bound::{Bound, Evidence, Reason, Statement};
use super::covered::Covered;
use super::{pa_bounds, perceptron_bounds};
use crate::settings::BiasMode;

/// The second-order learners' mistake bounds, which we do not state.
const SECOND_ORDER: Statement = Statement {
    name: "second-order-mistake-bound",
    text: "AROW (Crammer, Kulesza & Dredze 2009) and SCW (Wang, Zhao & Hoi 2012) have mistake bounds in terms of uᵀΣ⁻¹u and log det of the final covariance; we could not check their exact statements, so only the comparators and the regret are reported for them",
    source: "Crammer, Kulesza & Dredze 2009; Wang, Zhao & Hoi 2012",
    counts: "mistakes",
    checked: false,
};

/// The bounds a learner has, evaluated.
pub fn bounds(covered: Covered, evidence: &Evidence<'_>) -> Vec<Bound> {
    if evidence.over.rounds() == 0 {
        return statements(covered)
            .iter()
            .map(|s| Bound::new(s, 0.0).refused(Reason::NoSamples))
            .collect();
    }
    match covered {
        Covered::Perceptron | Covered::AveragedPerceptron | Covered::Pocket => {
            perceptron_bounds::evaluate(evidence)
        }
        Covered::Pa | Covered::Pa1 { .. } | Covered::Pa2 { .. } => {
            pa_bounds::evaluate(covered, evidence)
        }
        Covered::SecondOrder { .. } => {
            vec![Bound::new(&SECOND_ORDER, evidence.mistakes as f64).refused(Reason::NotTranscribed)]
        }
    }
}

/// Every text a report can show in words: the statements with their
/// sources and counts, the reasons a bound does not apply, and the bias
/// forms (the page translates each as a catalogue key).
pub fn texts() -> Vec<&'static str> {
    let covered = [
        Covered::Perceptron,
        Covered::Pa,
        Covered::Pa1 { c: 1.0 },
        Covered::Pa2 { c: 1.0 },
        Covered::SecondOrder { c: None },
    ];
    let mut texts: Vec<&'static str> = covered
        .iter()
        .flat_map(|&c| statements(c))
        .flat_map(|s| [s.text, s.source, s.counts])
        .chain(Reason::ALL.iter().map(|r| r.text()))
        .chain(
            [BiasMode::Augmented, BiasMode::Decoupled, BiasMode::None]
                .map(super::covered::bias_form),
        )
        .collect();
    texts.sort_unstable();
    texts.dedup();
    texts
}

/// The statements a learner has, in the order `bounds` lists them.
pub fn statements(covered: Covered) -> &'static [Statement] {
    match covered {
        Covered::Perceptron | Covered::AveragedPerceptron | Covered::Pocket => {
            &perceptron_bounds::STATEMENTS
        }
        Covered::Pa => &pa_bounds::PA,
        Covered::Pa1 { .. } => &pa_bounds::PA1,
        Covered::Pa2 { .. } => &pa_bounds::PA2,
        Covered::SecondOrder { .. } => std::slice::from_ref(&SECOND_ORDER),
    }
}
