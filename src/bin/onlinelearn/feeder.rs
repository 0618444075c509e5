//! Samples in blocks, labels mapped, for the learners. A block is a
//! `Dataset` of a few thousand rows, refilled rather than reallocated, so
//! a stream of any length lives in one block's memory. The learners learn
//! a block with `learn_batch`, the loop a file read whole goes through,
//! so they see the very samples, in the very order, that loop would.
//!
//! Reading and learning take turns on one thread. A second thread that
//! read while the learners learned was measured, and saved nothing on
//! this project's 2-core machine, shared with other work: PA-I on a9a
//! sixty times over (142 MB) took 0.55 s either way (reading is nearly
//! all of it), and AROW 4.6 s on one thread against 5.2 s on two (the
//! learning is nearly all of it, and the two threads contend for the
//! cores). The overlap can save at most the smaller of the two parts.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use onlinelearn::{Dataset, ParseError};

use crate::labels::{LabelRule, Refusal};
use crate::rows::{Rows, Stop};

/// A block closes at this many rows...
const BLOCK_ROWS: usize = 4096;
/// ...or stored values (512 KB of them), whichever comes first, so that
/// wide dense rows do not make large blocks.
const BLOCK_VALUES: usize = 1 << 16;

/// Why a reading ended before its input did.
#[derive(Debug)]
pub enum Halt {
    /// A bad line, or a failed read.
    Stop(Stop),
    /// The direct label rule met a label it cannot place (see labels.rs).
    Unplaced(ParseError),
    /// A sample wider than the learners were set up for (the second-order
    /// learners keep all of Σ up to a width; see learn.rs).
    Wide(ParseError),
    /// A sample wider than a full Σ can be kept for at all (see
    /// [`too_wide`]).
    TooWide(ParseError),
}

/// What a sample wider than a limit means.
#[derive(Clone, Copy, Debug)]
pub enum WidthLimit {
    /// The second-order learners were not told the form of Σ: past this
    /// width they keep its diagonal, which a file is read once to know.
    Unsaid(usize),
    /// They keep all of Σ, which holds this many features at most
    /// ([`onlinelearn::registry::FULL_COVARIANCE_MAX`]): past it, Σ's
    /// allocation alone would abort the run, so the run stops.
    Full(usize),
}

/// How a sample `width` features wide halts the reading, if it does.
fn halt_past(limit: Option<WidthLimit>, width: usize) -> Option<fn(ParseError) -> Halt> {
    match limit? {
        WidthLimit::Unsaid(limit) if width > limit => Some(Halt::Wide),
        WidthLimit::Full(limit) if width > limit => Some(Halt::TooWide),
        _ => None,
    }
}

/// Why a run stops at a sample `at` wider than a full Σ holds: what
/// holds, and the flag that learns it.
pub fn too_wide(at: &ParseError) -> String {
    let most = onlinelearn::registry::FULL_COVARIANCE_MAX;
    format!(
        "{at}: a full covariance Σ is kept for at most {most} features ((d + 1)² numbers); --covariance diagonal keeps its diagonal, for any width"
    )
}

/// Parsed rows with their labels mapped by the run's rule.
pub struct Feeder {
    rows: Rows,
    pub rule: LabelRule,
    sparse: bool,
    /// Halt at a sample wider than this.
    width_limit: Option<WidthLimit>,
    /// Bytes read from storage, for a compressed file (whose text is
    /// longer than the file): where the bar stands.
    stored: Option<Arc<AtomicU64>>,
    /// Samples handed on.
    pub samples: usize,
}

impl Feeder {
    /// `sparse`: blocks of sparse rows (LIBSVM data as read); `stored`: the
    /// bytes read from a compressed file, None for text.
    pub fn new(
        rows: Rows,
        sparse: bool,
        rule: LabelRule,
        width_limit: Option<WidthLimit>,
        stored: Option<Arc<AtomicU64>>,
    ) -> Self {
        Self {
            rows,
            rule,
            sparse,
            width_limit,
            stored,
            samples: 0,
        }
    }

    /// How far into the input it has read, in the bar's bytes.
    fn position(&self) -> u64 {
        match &self.stored {
            Some(read) => read.load(Ordering::Relaxed),
            None => self.rows.consumed,
        }
    }

    /// Bad lines skipped (`--skip-bad`).
    pub fn skipped(&self) -> usize {
        self.rows.skipped
    }

    /// Refills `block` (None: a new one) with up to a block of samples.
    /// Ok(false) when the input is done.
    fn fill(&mut self, block: &mut Option<Dataset>) -> Result<bool, Halt> {
        if let Some(b) = block {
            b.clear();
        }
        loop {
            let full = block
                .as_ref()
                .is_some_and(|b| b.len() >= BLOCK_ROWS || b.stored_values() >= BLOCK_VALUES);
            if full {
                return Ok(true);
            }
            let Some((x, label)) = self.rows.next().map_err(Halt::Stop)? else {
                return Ok(false);
            };
            if let Some(halt) = halt_past(self.width_limit, x.dim()) {
                let message = format!("a sample of {} features", x.dim());
                return Err(halt(self.rows.at_label(message)));
            }
            let target = match self.rule.train(label) {
                Ok(target) => target,
                Err(Refusal::Unplaced(label)) => {
                    let message = format!("label {}", onlinelearn::number::text(label));
                    return Err(Halt::Unplaced(self.rows.at_label(message)));
                }
                Err(Refusal::NotAmong(label)) => {
                    let message = format!(
                        "label {} is not among the classes (--classes {})",
                        onlinelearn::number::text(label),
                        self.rule.names().replace(' ', "")
                    );
                    let error = self.rows.at_label(message);
                    self.rows.bad(error).map_err(Halt::Stop)?;
                    continue;
                }
            };
            let sparse = self.sparse;
            block
                .get_or_insert_with(|| {
                    if sparse {
                        Dataset::sparse()
                    } else {
                        Dataset::dense(x.dim())
                    }
                })
                .push(x, target)
                .expect("the readers refuse what a data set refuses");
            self.samples += 1;
        }
    }
}

/// A block, and how far into the input its last row ends (bytes).
pub type Block = (Dataset, u64);

/// Reads `feeder` to its end, handing each block to `learn`, in order;
/// returns why the reading ended early.
pub fn drive(feeder: &mut Feeder, mut learn: impl FnMut(&Block)) -> Option<Halt> {
    let mut block = None;
    loop {
        let more = feeder.fill(&mut block);
        if let Some(filled) = block.take().filter(|b| !b.is_empty()) {
            let pair = (filled, feeder.position());
            learn(&pair);
            block = Some(pair.0);
        }
        match more {
            Ok(true) => continue,
            Ok(false) => return None,
            Err(halt) => return Some(halt),
        }
    }
}
