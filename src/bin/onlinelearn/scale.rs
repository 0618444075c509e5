//! `--scale standard`: each feature of the training file to mean 0 and
//! standard deviation 1 (`onlinelearn::data::Standardiser`, the Pocket PLA
//! post's and scikit-learn's StandardScaler's), measured by two readings of
//! the file before learning (its means, then its deviations), and applied
//! to every sample as it is read, the training file's and the test file's.
//! The rows measured are the rows learned: up to a bad line that stops the
//! run, past the ones `--skip-bad` skips.

use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use onlinelearn::data::{Standardiser, Sums};
use onlinelearn::settings::Scale;
use onlinelearn::{Algorithm, Features, Key};

use crate::commands::RunArgs;
use crate::plan::Plan;
use crate::rows::{Rows, Stop};
use crate::source::Source;

/// The widest data `--scale standard` takes: centring makes every sample
/// dense, so a sample of this many features is this many numbers.
pub const MAX_SCALED_FEATURES: usize = 10_000;

/// The transform of `--scale standard` (None without it); notes what it
/// does, and for the batch pocket without `--scale` that the post does it.
pub fn standardiser(
    algorithms: &[Algorithm],
    plan: &Plan,
    args: &RunArgs,
) -> Result<Option<Arc<Standardiser>>, String> {
    let train = &plan.train;
    if plan.settings.scale == Scale::None {
        if algorithms.contains(&Algorithm::BatchPocket) && !plan.given.contains(&Key::Scale) {
            args.feedback.note(
                "the batch pocket learns the values as read: the Pocket PLA post (and `onlinelearn batch-pocket`) standardises them first, which --scale standard does (--scale none says this is meant)",
            );
        }
        return Ok(None);
    }
    let mut sums = Sums::default();
    read(train, args.skip_bad, |x| sums.add(x))?;
    if sums.width() > MAX_SCALED_FEATURES {
        return Err(format!(
            "--scale standard centres every feature, so each sample of {} becomes {} numbers: at most {MAX_SCALED_FEATURES} features are taken",
            train.name,
            sums.width()
        ));
    }
    let mut deviations = sums.deviations();
    read(train, args.skip_bad, |x| deviations.add(x))?;
    args.feedback.note(&format!(
        "--scale standard: each feature of {} to mean 0 and standard deviation 1 over its {} samples (read for them first; the same transform for the test data)",
        train.name,
        sums.count()
    ));
    Ok(Some(Arc::new(deviations.finish())))
}

/// One reading of `source`'s samples, up to a bad line that stops it.
fn read(source: &Source, skip_bad: bool, mut each: impl FnMut(Features<'_>)) -> Result<(), String> {
    let reader = source.open(Arc::new(AtomicU64::new(0)))?;
    let mut rows = Rows::new(source, reader, skip_bad).unlisted();
    loop {
        match rows.next() {
            Ok(Some((x, _))) => each(x),
            Ok(None) | Err(Stop::Bad(_)) => return Ok(()),
            Err(stop) => return Err(stop.to_string()),
        }
    }
}
