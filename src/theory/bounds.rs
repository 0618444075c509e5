//! The bounds a learner has: the perceptron's (`perceptron_bounds.rs`, also
//! as our corollary for the selective perceptron), PA's (`pa_bounds.rs`),
//! and for every other learner a line that says why none is given
//! (`untranscribed.rs`).

use super::bound::{Bound, Evidence, Reason, Statement};
use super::covered::Covered;
use super::{pa_bounds, perceptron_bounds, untranscribed};
use crate::registry::Algorithm;
use crate::settings::{BiasMode, Settings};

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
            perceptron_bounds::evaluate(evidence, &perceptron_bounds::STATEMENTS)
        }
        Covered::Selective => {
            let mut all = perceptron_bounds::evaluate(evidence, &perceptron_bounds::ASKED);
            let paper = untranscribed::statement(Algorithm::SelectivePerceptron);
            all.push(Bound::new(paper, evidence.mistakes as f64).refused(Reason::NotTranscribed));
            all
        }
        Covered::Pa | Covered::Pa1 { .. } | Covered::Pa2 { .. } => {
            pa_bounds::evaluate(covered, evidence)
        }
        Covered::KernelPerceptron | Covered::KernelPa1 { .. } | Covered::KernelPa2 { .. } => {
            // Against lines a kernel learner has no theorem: its bounds
            // are in its feature space (`theory::kernel`).
            let why = untranscribed::statement(Algorithm::KernelPerceptron);
            vec![Bound::new(why, evidence.mistakes as f64).refused(Reason::NotTranscribed)]
        }
        Covered::Untranscribed { algorithm, .. } => {
            let why = untranscribed::statement(algorithm);
            vec![Bound::new(why, evidence.mistakes as f64).refused(Reason::NotTranscribed)]
        }
    }
}

/// Every text a report can show in words: the statements with their
/// sources and counts, the reasons a bound does not apply, and the bias
/// forms (the page translates each as a catalogue key).
pub fn texts() -> Vec<&'static str> {
    let settings = Settings::default();
    let mut texts: Vec<&'static str> = Algorithm::ALL
        .iter()
        .filter_map(|&a| Covered::of(a, &settings).ok())
        .flat_map(statements)
        .flat_map(|s| [s.text, s.title, s.source, s.counts])
        .chain(
            [
                perceptron_bounds::NOVIKOFF,
                perceptron_bounds::FREUND_SCHAPIRE,
            ]
            .iter()
            .filter_map(|s| s.unread),
        )
        .chain(kernel_texts())
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

/// The kernel theory's own words (`theory::kernel`): its statements for
/// the kernel learners (the transcribed ones are the linear layer's) and
/// its reasons.
fn kernel_texts() -> Vec<&'static str> {
    let settings = Settings::default();
    Algorithm::ALL
        .iter()
        .filter(|a| a.is_kernel())
        .filter_map(|&a| Covered::of(a, &settings).ok())
        .flat_map(super::kernel::bounds::statements)
        .flat_map(|s| [s.text, s.title, s.source, s.counts])
        .chain(Reason::KERNEL.iter().map(|r| r.text()))
        .collect()
}

/// The statements a learner has, in the order `bounds` lists them.
pub fn statements(covered: Covered) -> Vec<&'static Statement> {
    match covered {
        Covered::Perceptron | Covered::AveragedPerceptron | Covered::Pocket => {
            perceptron_bounds::STATEMENTS.iter().collect()
        }
        Covered::Selective => perceptron_bounds::ASKED
            .iter()
            .chain([untranscribed::statement(Algorithm::SelectivePerceptron)])
            .collect(),
        Covered::Pa => pa_bounds::PA.iter().collect(),
        Covered::Pa1 { .. } => pa_bounds::PA1.iter().collect(),
        Covered::Pa2 { .. } => pa_bounds::PA2.iter().collect(),
        Covered::KernelPerceptron | Covered::KernelPa1 { .. } | Covered::KernelPa2 { .. } => {
            vec![untranscribed::statement(Algorithm::KernelPerceptron)]
        }
        Covered::Untranscribed { algorithm, .. } => vec![untranscribed::statement(algorithm)],
    }
}
