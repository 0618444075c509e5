//! The kernel learners without a bound in the feature space, and why.
//! A bound is transcribed only from its paper's text, with its number and
//! conditions (issue 38, item 3); these were not transcribed in this
//! work, and none is given from memory. Their comparators in the feature
//! space and their regret are given all the same (they do not depend on
//! the learner).

use crate::registry::Algorithm;
use crate::theory::bound::Statement;
use crate::theory::untranscribed::why;

const PROJECTRON: Statement = why(
    "projectron-no-bound",
    "Orabona, Keshet & Caputo, JMLR 10 (2009)",
    "Orabona, Keshet & Caputo (\"Bounded Kernel-Based Online Learning\", JMLR 10, 2009) prove relative mistake bounds for the Projectron and Projectron++; their text was not read and transcribed with its theorem numbers and conditions here, so no number is given",
);

const FORGETRON: Statement = why(
    "forgetron-no-bound",
    "Dekel, Shalev-Shwartz & Singer, SIAM J. Comput. 37 (2008)",
    "Dekel, Shalev-Shwartz & Singer (\"The Forgetron: a kernel-based perceptron on a budget\", SIAM J. Comput. 37, 2008) prove a mistake bound for the Forgetron under conditions on its budget; their text was not read and transcribed with its theorem's number and conditions here, so no number is given",
);

const STOPTRON: Statement = why(
    "stoptron-no-bound",
    "Orabona, Keshet & Caputo, JMLR 10 (2009)",
    "the Stoptron is the baseline of Orabona, Keshet & Caputo (JMLR 10, 2009): the kernel perceptron that stops adding support vectors at its budget; no theorem of theirs for it was transcribed here, so no number is given",
);

const OTHER: Statement = why(
    "kernel-paper-no-bound",
    "",
    "no bound of this learner's paper was transcribed in the feature space here (a bound is given only from its paper's text, with its number and conditions), so no number is given; its comparators and regret above do not depend on one",
);

/// The line of a kernel learner without a bound in the feature space.
pub fn statement(algorithm: Algorithm) -> &'static Statement {
    match algorithm {
        Algorithm::Projectron | Algorithm::ProjectronPlus => &PROJECTRON,
        Algorithm::Forgetron => &FORGETRON,
        Algorithm::Stoptron => &STOPTRON,
        _ => &OTHER,
    }
}
