//! One pass of `learn` and `compare` over the training data: the rows in
//! memory (a whole-file shuffle, from the seed and the pass), or the file
//! as it is read, through a shuffle buffer if asked.

use std::borrow::Cow;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use onlinelearn::data::rng::{derived, permutation};
use onlinelearn::data::Standardiser;
use onlinelearn::Dataset;

use crate::commands::RunArgs;
use crate::feeder::{drive, Feeder, Halt, WidthLimit};
use crate::labels::LabelRule;
use crate::learning::Learning;
use crate::plan::Plan;
use crate::rows::Rows;
use crate::shuffle::Shuffler;

/// The kept rows with their labels mapped by `rule` (known classes).
pub fn relabelled(data: &Dataset, rule: &LabelRule) -> Dataset {
    let mut data = data.clone();
    data.relabel(|label| rule.test(label).unwrap_or(label));
    data
}

/// One pass over rows in memory, shuffled from the seed and the pass, so
/// that every learner and every run with that seed sees the same order.
pub fn learn_in_memory(
    learning: &mut Learning,
    data: &Dataset,
    plan: &Plan,
    pass: usize,
) -> Result<(), String> {
    let order = plan
        .shuffle
        .then(|| permutation(&mut derived(plan.settings.seed, pass as u64), data.len()));
    let ordered = match &order {
        Some(order) => Cow::Owned(data.select(order)),
        None => Cow::Borrowed(data),
    };
    for c in &mut learning.contenders {
        if let Some(tracker) = &mut c.tracker {
            tracker.order = order.clone();
        }
    }
    learning.learn(&ordered)
}

/// One pass over the training data as it is read, through a shuffle
/// buffer if asked; returns why it ended early, and the feeder (its rule
/// has the classes seen). The bad lines up to `listed_through` were
/// listed by an earlier reading.
#[allow(clippy::too_many_arguments)] // the run's plan, the attempt's rules, the pass's place
pub fn stream_pass(
    learning: &mut Learning,
    plan: &Plan,
    args: &RunArgs,
    rule: LabelRule,
    width_limit: Option<WidthLimit>,
    scaler: &Option<Arc<Standardiser>>,
    pass: usize,
    listed_through: usize,
) -> Result<(Option<Halt>, Feeder), String> {
    let train = &plan.train;
    let stored = Arc::new(AtomicU64::new(0));
    let reader = train.open(stored.clone())?;
    let rows = Rows::new(train, reader, args.skip_bad)
        .scaled(scaler.clone())
        .listed_through(listed_through);
    let compressed = train.gzip().then_some(stored);
    let sparse = train.format == crate::source::Format::Libsvm && scaler.is_none();
    let mut feeder = Feeder::new(rows, sparse, rule, width_limit, compressed);
    let mut shuffler = plan
        .flags
        .shuffle_buffer
        .map(|n| Shuffler::new(n, derived(plan.settings.seed, pass as u64)));
    let before = learning.input_end();
    let mut failed = None;
    let mut learn = |learning: &mut Learning, block: &Dataset| {
        if failed.is_none() {
            failed = learning.learn(block).err();
        }
    };
    let halt = drive(&mut feeder, |(block, at)| {
        learning.reading(before + at);
        match &mut shuffler {
            Some(shuffler) => shuffler.push(block, &mut |b| learn(learning, b)),
            None => learn(learning, block),
        }
    });
    if let (Some(shuffler), None) = (shuffler, &halt) {
        shuffler.finish(&mut |b| learn(learning, b));
    }
    match failed {
        Some(error) => Err(error),
        None => Ok((halt, feeder)),
    }
}
