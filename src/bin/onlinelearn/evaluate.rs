//! The test file, read as a stream once learning is done: every learner
//! judges each sample, and the totals are those of the test file read
//! whole (see `onlinelearn::eval::HeldOut`). A test label the training
//! classes lack is a bad line, named where it is.

use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use onlinelearn::data::Standardiser;

use crate::contenders::Contender;
use crate::labels::LabelRule;
use crate::rows::{Rows, Stop};
use crate::source::Source;

/// How the test reading went.
pub struct Tested {
    pub samples: usize,
    pub skipped: usize,
    /// Why it stopped early, if it did.
    pub stopped: Option<Stop>,
}

/// `width`: the fields of the training file's CSV lines (see `rows::csv_width`).
pub fn evaluate(
    source: &Source,
    width: Option<usize>,
    rule: &LabelRule,
    contenders: &mut [Contender],
    skip_bad: bool,
    scaler: Option<Arc<Standardiser>>,
) -> Result<Tested, String> {
    let reader = source.open(Arc::new(AtomicU64::new(0)))?;
    // The training data's transform (`--scale standard`), as it was learned.
    let mut rows = Rows::new(source, reader, skip_bad)
        .expecting(width)
        .scaled(scaler);
    let mut samples = 0;
    let stopped = loop {
        let (x, label) = match rows.next() {
            Ok(Some(row)) => row,
            Ok(None) => break None,
            Err(stop) => break Some(stop),
        };
        let Ok(target) = rule.test(label) else {
            let message = format!(
                "class {} is not among the training classes ({})",
                onlinelearn::number::text(label),
                rule.names()
            );
            let error = rows.at_label(message);
            match rows.bad(error) {
                Ok(()) => continue,
                Err(stop) => break Some(stop),
            }
        };
        for c in contenders.iter_mut() {
            c.judge(x, target);
        }
        samples += 1;
    };
    if samples == 0 && stopped.is_none() {
        return Err(format!("{}: no samples", source.name));
    }
    Ok(Tested {
        samples,
        skipped: rows.skipped,
        stopped,
    })
}
