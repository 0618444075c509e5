//! A file read once for what a run must know before it starts and a
//! stream cannot tell ahead: how many samples (OLRU's and OLRD's horizon),
//! how wide (AROW's and SCW's Σ), which classes; and, for a whole-file
//! shuffle (`--seed` without `--shuffle-buffer`), its rows themselves.
//! It reads exactly the rows learning reads, through the same `Rows`.

use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use onlinelearn::data::Classes;
use onlinelearn::registry::FULL_COVARIANCE_MAX;
use onlinelearn::{Dataset, ParseError};

use crate::rows::{Rows, Stop};
use crate::source::{Format, Source};

/// What a reading found.
pub struct Survey {
    /// Samples (good rows).
    pub rows: usize,
    /// The widest sample's width.
    pub width: usize,
    /// The first sample wider than a full Σ holds (learn.rs refuses it
    /// to a learner that keeps all of Σ).
    pub past_full_covariance: Option<ParseError>,
    /// The classes, when labels are classes.
    pub classes: Option<Classes>,
    /// The rows, labels as read, when kept.
    pub data: Option<Dataset>,
    /// Bad lines skipped (`--skip-bad`).
    pub skipped: usize,
    /// The bad line it stopped at (without `--skip-bad`).
    pub stopped: Option<ParseError>,
}

/// Reads `source` through. `classify` reads labels as classes: a label
/// that is not a whole number refuses the run, as it does a file read
/// whole. `keep` keeps the rows (and lists skipped lines, which a survey
/// leaves to the learning that follows it).
pub fn survey(
    source: &Source,
    skip_bad: bool,
    classify: bool,
    keep: bool,
) -> Result<Survey, String> {
    let reader = source.open(Arc::new(AtomicU64::new(0)))?;
    let mut rows = Rows::new(source, reader, skip_bad);
    if !keep {
        rows = rows.unlisted();
    }
    let mut found = Survey {
        rows: 0,
        width: 0,
        past_full_covariance: None,
        classes: classify.then(|| Classes::from_labels([]).expect("no labels")),
        data: None,
        skipped: 0,
        stopped: None,
    };
    loop {
        let (x, label) = match rows.next() {
            Ok(Some(row)) => row,
            Ok(None) => break,
            Err(Stop::Bad(error)) => {
                found.stopped = Some(error);
                break;
            }
            Err(stop) => return Err(stop.to_string()),
        };
        found.rows += 1;
        let width = x.dim();
        found.width = found.width.max(width);
        if keep {
            let data = found.data.get_or_insert_with(|| match source.format {
                Format::Libsvm => Dataset::sparse(),
                Format::Csv => Dataset::dense(x.dim()),
            });
            data.push(x, label)
                .expect("the readers refuse what a data set refuses");
        }
        if let Some(classes) = &mut found.classes {
            if let Err(message) = classes.add(label) {
                return Err(rows.at_label(message).to_string());
            }
        }
        if width > FULL_COVARIANCE_MAX && found.past_full_covariance.is_none() {
            let message = format!("a sample of {width} features");
            found.past_full_covariance = Some(rows.at_label(message));
        }
    }
    found.skipped = rows.skipped;
    Ok(found)
}
