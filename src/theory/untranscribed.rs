//! The learners without a transcribed bound, and why, each in one line a
//! teacher can quote: their comparators and regret are given all the same
//! (they do not depend on the learner, `covered.rs`).
//!
//! A bound is transcribed only from a paper's text, with its theorem's
//! number and conditions (the PA family's, `pa_bounds.rs`), or derived by a
//! corollary we state (the selective perceptron's, `perceptron_bounds.rs`).
//! The papers below could not be read here (issue 34, item 5): where what a
//! paper proves is known from its abstract, the line says what it is; none
//! is given as a number.

use super::bound::Statement;
use crate::registry::Algorithm;

/// A learner's line: no number, and why (the kernel learners' too,
/// `kernel/untranscribed.rs`).
pub(crate) const fn why(name: &'static str, source: &'static str, text: &'static str) -> Statement {
    Statement {
        name,
        title: "No bound transcribed",
        text,
        source,
        counts: "mistakes",
        checked: false,
        unread: None,
    }
}

const ALMA: Statement = why(
    "alma-no-bound",
    "Gentile 2001",
    "Gentile (2001, JMLR 2) bounds the corrections (updates) ALMA needs to reach a fraction of the data's margin; we could not read the paper's text here to transcribe that theorem with its number and conditions, so no number is given",
);

const ROMMA: Statement = why(
    "romma-no-bound",
    "Li & Long 2002",
    "Li & Long (2002, Machine Learning 46) prove a mistake bound for ROMMA, the perceptron's; we could not read the paper's text here to transcribe it with its number and conditions (nor its aggressive form's), so no number is given",
);

const AROW: Statement = why(
    "arow-no-bound",
    "Crammer, Kulesza & Dredze 2009",
    "Crammer, Kulesza & Dredze (2009) derive a mistake bound for AROW, similar in form to the second-order perceptron's, that does not assume separability; we could not read the paper's text here to transcribe it with its number and conditions, so no number is given",
);

const SCW: Statement = why(
    "scw-no-bound",
    "Wang, Zhao & Hoi 2012",
    "Wang, Zhao & Hoi's paper (2012) could not be read here, so no bound of theirs is transcribed for SCW-I or SCW-II",
);

const SOP: Statement = why(
    "sop-no-bound",
    "Cesa-Bianchi, Conconi & Gentile 2005",
    "Cesa-Bianchi, Conconi & Gentile (2005, SIAM J. Comput. 34) bound the second-order perceptron's mistakes in terms of the eigenvalues of the data's correlation matrix; we could not read the paper's text here to transcribe the theorem with its number and conditions, so no number is given",
);

const LIBOL_SECOND_ORDER: Statement = why(
    "libol-second-order-no-bound",
    "Dredze, Crammer & Pereira 2008; Yang, Jin & Ye 2009; Orabona & Crammer 2010; Crammer & Lee 2010",
    "the papers of CW (Dredze, Crammer & Pereira 2008), IELLIP (Yang, Jin & Ye 2009), NAROW (Orabona & Crammer 2010) and NHERD (Crammer & Lee 2010) could not be read here, so no bound of theirs is transcribed",
);

const OGD: Statement = why(
    "ogd-no-bound",
    "Zinkevich 2003",
    "Zinkevich (2003) bounds the regret of online gradient descent on convex losses; we could not read the paper's text here to transcribe the theorem with its conditions, so no number is given (the regret above is measured, not bounded)",
);

const BALLSEPTRON: Statement = why(
    "ballseptron-no-bound",
    "Shalev-Shwartz & Singer 2005",
    "Shalev-Shwartz & Singer (2005) derive worst-case mistake bounds for the Ballseptron; we could not read the paper's text here to transcribe them with their numbers and conditions, so no number is given",
);

const PAUM: Statement = why(
    "paum-no-bound",
    "Li, Zaragoza, Herbrich, Shawe-Taylor & Kandola 2002",
    "the paper of PAUM (Li, Zaragoza, Herbrich, Shawe-Taylor & Kandola 2002) could not be read here, so no bound of theirs is transcribed",
);

const SHIFTING: Statement = why(
    "shifting-no-bound",
    "Cavallanti, Cesa-Bianchi & Gentile 2007",
    "the paper of the shifting perceptron (Cavallanti, Cesa-Bianchi & Gentile 2007) could not be read here, so no bound of theirs is transcribed",
);

const PEGASOS: Statement = why(
    "pegasos-no-bound",
    "Shalev-Shwartz, Singer & Srebro 2007",
    "Shalev-Shwartz, Singer & Srebro (2007) bound how fast Pegasos approaches the SVM objective's minimum, not its mistakes; we could not read the paper's text here to transcribe the theorem with its number and conditions, so no number is given",
);

const WINNOW: Statement = why(
    "winnow-no-bound",
    "Littlestone 1988; Littlestone 1989",
    "Littlestone's mistake bounds (1988, 1989) are for Winnow on attributes in {0, 1}; this balanced Winnow runs on real, signed features with its exponent divided by the largest |xᵢ| so far (our reading, as its card says), and the papers' text could not be read here to see whether a theorem of theirs covers that form, so no number is given",
);

const SELECTIVE: Statement = why(
    "selective-paper-no-bound",
    "Cesa-Bianchi, Gentile & Zaniboni 2006",
    "Cesa-Bianchi, Gentile & Zaniboni (2006) bound the selective perceptron's mistakes in expectation over its random draws; we could not read the paper's text here to transcribe that theorem with its number and conditions, so no number is given (the corollaries above bound its updates on every run)",
);

const BATCH_POCKET: Statement = why(
    "batch-pocket-no-bound",
    "Lao Ma 2019",
    "the batch pocket follows a tutorial post (Lao Ma 2019), not a paper with a theorem: no bound is given",
);

const KERNEL: Statement = why(
    "kernel-no-bound",
    "",
    "a kernel learner's theorems compare it with functions of its kernel's space, not with the lines these comparators are, so none is transcribed here; the regret above is against the best lines, and a kernel learner can beat them (negative regret)",
);

const OTHER: Statement = why("no-bound", "", "no bound is transcribed for this learner");

/// The line of a learner without a transcribed bound.
pub fn statement(algorithm: Algorithm) -> &'static Statement {
    use Algorithm as A;
    match algorithm {
        a if a.is_kernel() => &KERNEL,
        A::Alma => &ALMA,
        A::Romma | A::Aromma => &ROMMA,
        A::Arow => &AROW,
        A::Scw1 | A::Scw2 => &SCW,
        A::Sop => &SOP,
        A::Cw | A::Iellip | A::Narow | A::Nherd => &LIBOL_SECOND_ORDER,
        A::Ogd => &OGD,
        A::Ballseptron => &BALLSEPTRON,
        A::Paum => &PAUM,
        A::ShiftingPerceptron => &SHIFTING,
        A::Pegasos => &PEGASOS,
        A::Winnow => &WINNOW,
        A::SelectivePerceptron => &SELECTIVE,
        A::BatchPocket => &BATCH_POCKET,
        // The learners with transcribed bounds never ask (bounds.rs).
        _ => &OTHER,
    }
}
