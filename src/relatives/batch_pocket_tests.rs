use super::*;
use crate::data::{Preset, Standardiser, Stream, StreamConfig};
use crate::linear::BatchPocket;
use crate::settings::BiasMode;

fn learner(seed: u64, iterations: u64, bias: BiasMode) -> BatchPocketLearner {
    let settings = Settings {
        seed,
        iterations,
        bias,
        ..Settings::default()
    };
    BatchPocketLearner::from_settings(&settings.checked().unwrap()).unwrap()
}

fn points(preset: Preset, seed: u64, n: usize) -> Dataset {
    Stream::new(StreamConfig::new(preset, seed))
        .unwrap()
        .take(n)
}

/// One step of the page's Epochs: the learner picks, then learns the point.
fn epoch_step(l: &mut BatchPocketLearner, set: &Dataset) -> Option<Update> {
    let i = l.pick()?;
    Some(l.learn_one(set.row(i), set.label(i)))
}

#[test]
fn on_a_fixed_set_it_is_the_command_lines_search_draw_for_draw() {
    for (bias, seed) in [
        (BiasMode::Augmented, 0),
        (BiasMode::Augmented, 7),
        (BiasMode::None, 3),
    ] {
        let set = points(Preset::Overlapping, seed + 1, 120);
        let mut page = learner(seed, 1_000, bias);
        page.fix_batch(&set);
        // The command line's `batch-pocket` standardises the points first.
        let standard = Standardiser::of(&set).dataset(&set);
        let mut cli = BatchPocket::new(standard, bias, seed);
        let searched = |page: &BatchPocketLearner| page.standard_units().map(|u| u.1);
        assert_eq!(searched(&page), Some(cli.model()), "the same random start");
        loop {
            let (ours, theirs) = (epoch_step(&mut page, &set), cli.step());
            let (Some(update), Some(step)) = (ours, theirs) else {
                assert!(ours.is_none() && theirs.is_none(), "both stop together");
                break;
            };
            assert_eq!(update.aggressive, step.accepted);
            assert_eq!(page.mistakes(), step.mistakes as u64);
            assert_eq!(searched(&page), Some(cli.model()));
            assert!(update.mistake, "every try is on a point w misclassifies");
            let proposal = page.moving_model().expect("a try leaves its proposal");
            if step.accepted {
                assert_eq!(Some(proposal), page.linear_model());
            }
            if page.tries() == 1_000 {
                break;
            }
        }
        assert_eq!(page.tries(), cli.steps(), "bias {bias:?}, seed {seed}");
    }
}

#[test]
fn the_tries_stop_at_iterations_and_reset_runs_the_same_search_again() {
    let set = points(Preset::NoisyLabels, 4, 80);
    let mut l = learner(11, 5, BiasMode::Augmented);
    l.fix_batch(&set);
    let start = l.linear_model();
    let mut models = Vec::new();
    while let Some(update) = epoch_step(&mut l, &set) {
        assert!(update.details.branches[0] == 1 || update.details.branches[0] == 2);
        models.push(l.linear_model());
    }
    assert_eq!(
        (l.tries(), models.len()),
        (5, 5),
        "five tries, then no pick"
    );
    // A sample learned after the tries are done changes nothing.
    let before = l.linear_model();
    let update = l.learn_one(set.row(0), set.label(0));
    assert!(!update.aggressive);
    assert_eq!(update.details.branches[0], 4, "the tries-done clause");
    assert_eq!(l.linear_model(), before);
    assert_eq!(l.moving_model(), None, "no proposal without a try");
    // Raising iterations lets the run go on from where it stopped.
    l.retune(&Settings {
        iterations: 6,
        ..Settings::default()
    });
    assert!(epoch_step(&mut l, &set).is_some() && l.pick().is_none());
    l.reset();
    assert_eq!(
        l.linear_model(),
        start,
        "the same random start from the seed"
    );
    let again: Vec<_> = std::iter::from_fn(|| epoch_step(&mut l, &set).map(|_| l.linear_model()))
        .take(5)
        .collect();
    assert_eq!(again, models);
}

#[test]
fn in_a_stream_the_batch_is_every_sample_so_far_and_w_never_errs_more_there() {
    let data = points(Preset::Overlapping, 2, 400);
    let mut l = learner(5, 100, BiasMode::Augmented);
    let mut tries = 0;
    for i in 0..data.len() {
        let before = l.linear_model();
        let mistakes_before = l.mistakes();
        let update = l.learn_one(data.row(i), data.label(i));
        let seen = data.head(i + 1);
        let kept = Weights::from_model(&l.linear_model().unwrap(), BiasMode::Augmented);
        assert_eq!(
            l.mistakes(),
            kept.count_mistakes(&seen),
            "bookkeeping at {i}"
        );
        match update.details.branches[0] {
            // Kept: fewer mistakes than w would make with this sample in.
            1 => assert!(l.mistakes() < mistakes_before + 1),
            // (The first sample draws the random start.)
            _ if i > 0 => assert_eq!(l.linear_model(), before, "only a kept proposal moves w"),
            _ => {}
        }
        tries += (update.details.branches[0] <= 2) as u64;
    }
    assert_eq!(l.tries(), tries);
    assert!(tries <= 100);
    assert!(tries > 0);
}

#[test]
fn a_zero_sample_and_a_wide_one_leave_everything_finite() {
    let mut l = learner(0, 10, BiasMode::None);
    let u = l.learn_one(Features::Dense(&[0.0, 0.0]), 1.0);
    assert!(u.score.is_finite() && u.score_after.is_finite());
    let u = l.learn_one(Features::Dense(&[1.0, -2.0, 3.0, 0.5]), -1.0);
    assert!(u.score.is_finite());
    assert_eq!(l.linear_model().unwrap().bias, 0.0, "no bias without one");
    let mut fixed = learner(0, 10, BiasMode::Augmented);
    fixed.fix_batch(&Dataset::dense(2));
    assert_eq!(fixed.pick(), None, "an empty set has nothing to try");
}
