//! The timeline: the state after sample t equals a fresh session replayed
//! to t, bit for bit, for a linear, a second-order and a budgeted kernel
//! learner through clicks, erasures, live settings, switches, epochs and
//! resets; checkpoints stay bounded; a fork goes on from t and its link
//! brings the original run back.

use crate::playground::*;
use crate::settings::Key;

/// A fresh session from `setup`, the log's events applied up to sample
/// `t`: a step crossing t cut there, events after sample t left out. Kept
/// apart from timeline.rs's own replay, so that a shared mistake shows.
fn fresh_to(setup: &Setup, log: &EventLog, t: u64) -> Session {
    let mut s = Session::new(setup.clone()).unwrap();
    let mut at = 0;
    for event in log.events() {
        if at >= t {
            break;
        }
        let event = match event {
            Event::Stream(n) => Event::Stream((*n).min(t - at)),
            Event::Epochs(n) => Event::Epochs((*n).min(t - at)),
            other => other.clone(),
        };
        at += match event {
            Event::Stream(n) | Event::Epochs(n) => n,
            Event::Point { .. } => 1,
            _ => 0,
        };
        s.apply(event).unwrap();
    }
    s
}

fn same(a: &Session, b: &Session, what: &str) {
    assert_eq!(a.model(), b.model(), "{what}: weights");
    assert_eq!(a.linear_models(), b.linear_models(), "{what}: rows");
    assert_eq!(a.points(), b.points(), "{what}: points");
    assert_eq!(a.progress(), b.progress(), "{what}: counts");
    assert_eq!(a.truth(), b.truth(), "{what}: the concept");
    assert_eq!(a.recoveries(), b.recoveries(), "{what}: recoveries");
    for series in Series::ALL {
        assert_eq!(
            a.curves().series(series),
            b.curves().series(series),
            "{what}: {series:?}"
        );
    }
    assert_eq!(
        a.last().map(|l| l.update),
        b.last().map(|l| l.update),
        "{what}: last"
    );
    let (mut sa, mut sb) = (Vec::new(), Vec::new());
    a.support_vectors(&mut sa);
    b.support_vectors(&mut sb);
    assert_eq!(sa, sb, "{what}: support set");
    assert_eq!(a.ghost(), b.ghost(), "{what}: ghost");
}

/// A session with every kind of event, acted on through the page (so the
/// timeline keeps its checkpoints as the page does).
fn busy(hash: &str) -> Page {
    let mut page = Page::open(hash, None).unwrap();
    type Act = Box<dyn Fn(&mut Session)>;
    let acts: Vec<Act> = vec![
        Box::new(|s| s.apply(Event::Stream(1500)).unwrap()),
        Box::new(|s| {
            s.click(0.4, -0.3, 1.0).unwrap();
        }),
        Box::new(|s| {
            s.click(-0.5, 0.2, -1.0).unwrap();
        }),
        Box::new(|s| s.apply(Event::Stream(2500)).unwrap()),
        // The teacher's hand (XOR has no concept to move: refused, a no-op).
        Box::new(|s| {
            let _ = s.apply(Event::Concept { a: 1200, b: 100 });
        }),
        Box::new(|s| s.apply(Event::Stream(300)).unwrap()),
        Box::new(|s| {
            s.erase_nearest(0.4, -0.3, 0.05).unwrap();
        }),
        Box::new(|s| s.apply(Event::Set(Key::Noise, 0.1)).unwrap()),
        Box::new(|s| s.apply(Event::Stream(1800)).unwrap()),
        Box::new(|s| s.apply(Event::Epochs(700)).unwrap()),
        Box::new(|s| s.apply(Event::Stream(900)).unwrap()),
    ];
    for act in acts {
        act(page.session_mut());
    }
    page
}

#[test]
fn every_sample_looked_at_is_a_fresh_replay_to_it() {
    for hash in [
        "#v=3&algo=pa1&preset=noisy-labels&seed=4",
        "#v=3&algo=arow&preset=overlapping&seed=5",
        "#v=3&algo=projectron&preset=xor&sigma=0.4&budget=40&seed=6",
    ] {
        let mut page = busy(hash);
        let live = page.live().clone();
        let (_, total) = page.position();
        assert_eq!(total, live.recording.log().samples());
        assert!(page.checkpoints() > 1, "{hash}: checkpoints kept");
        let setup = live.recording.initial().clone();
        let log = live.recording.log().clone();
        for t in [
            0,
            1,
            700,
            1500,
            1501,
            1502,
            2000,
            4001,
            4002,
            5803,
            6000,
            6502,
            6503,
            total - 1,
        ] {
            page.seek(t).unwrap();
            assert_eq!(page.position(), (t, total));
            same(
                page.session(),
                &fresh_to(&setup, &log, t),
                &format!("{hash} at {t}"),
            );
        }
        page.seek(total).unwrap();
        same(page.session(), &live, &format!("{hash} at the end"));
        assert!(page.seek(total + 1).is_err());
    }
}

#[test]
fn after_a_reset_the_timeline_numbers_the_samples_from_it() {
    for hash in [
        "#v=3&algo=pa1&preset=noisy-labels&seed=4",
        "#v=3&algo=projectron&preset=xor&sigma=0.4&budget=40&seed=6",
    ] {
        let mut page = busy(hash);
        let origin = page.live().recording.log().samples();
        page.session_mut().reset();
        page.session_mut().apply(Event::Stream(900)).unwrap();
        page.session_mut().click(0.1, 0.2, 1.0).unwrap();
        let live = page.live().clone();
        assert_eq!(page.position(), (901, 901), "{hash}: as the status counts");
        assert_eq!(live.progress().samples, 901);
        let (setup, log) = (
            live.recording.initial().clone(),
            live.recording.log().clone(),
        );
        for t in [1, 2, 450, 899, 900] {
            page.seek(t).unwrap();
            assert_eq!(page.position(), (t, 901));
            same(
                page.session(),
                &fresh_to(&setup, &log, origin + t),
                &format!("{hash} at {t}"),
            );
        }
        // Sample 0: just after the Reset, not before it.
        page.seek(0).unwrap();
        let mut start = fresh_to(&setup, &log, origin);
        start.reset();
        same(page.session(), &start, &format!("{hash} at the reset"));
        assert_eq!(page.session().progress().samples, 0);
        page.seek(901).unwrap();
        same(page.session(), &live, &format!("{hash} at the end"));
        // A second Reset moves the start again.
        page.session_mut().reset();
        page.session_mut().apply(Event::Stream(5)).unwrap();
        assert_eq!(page.position(), (5, 5));
    }
}

#[test]
fn checkpoints_stay_bounded_on_a_long_session() {
    let mut page = Page::open("#v=3&algo=pa&preset=overlapping", None).unwrap();
    for _ in 0..300 {
        page.session_mut().apply(Event::Stream(1000)).unwrap();
    }
    page.session_mut();
    assert!(
        page.checkpoints() <= timeline::MAX_CHECKPOINTS,
        "{}",
        page.checkpoints()
    );
    assert!(page.checkpoints() > timeline::MAX_CHECKPOINTS / 4);
    let live = page.live().clone();
    page.seek(123_457).unwrap();
    let setup = live.recording.initial().clone();
    same(
        page.session(),
        &fresh_to(&setup, live.recording.log(), 123_457),
        "deep",
    );
}

#[test]
fn acting_on_the_past_forks_there_and_the_link_brings_the_original_back() {
    let mut page = busy("#v=3&algo=pa1&preset=noisy-labels&seed=4");
    let original = page.live().clone();
    page.seek(3000).unwrap();
    page.session_mut().apply(Event::Set(Key::C, 0.02)).unwrap();
    page.session_mut().apply(Event::Stream(500)).unwrap();
    // The fork went on from sample 3000: its log is the original's to
    // there, then the change.
    assert_eq!(page.position(), (3500, 3500));
    let mut expected = fresh_to(original.recording.initial(), original.recording.log(), 3000);
    expected.apply(Event::Set(Key::C, 0.02)).unwrap();
    expected.apply(Event::Stream(500)).unwrap();
    same(page.session(), &expected, "the fork");
    assert_eq!(page.original_curves(), Some(original.curves()));
    // The link replays both: the fork, and the original for its curves.
    let hash = page.hash("view=classify");
    assert!(hash.contains("&was="), "{hash}");
    let mut opened = Page::opening(&hash, None).unwrap();
    while opened.replay(997).unwrap() > 0 {}
    same(opened.live(), page.live(), "the fork, opened");
    assert_eq!(opened.original_curves(), Some(original.curves()));
    assert_eq!(opened.hash("view=classify"), hash);
    assert_eq!(opened.extras(), "view=classify");
    // Clear: a new start, no fork.
    opened.clear();
    assert_eq!(opened.original_curves(), None);
    assert_eq!(opened.position(), (0, 0));
    assert!(!opened.hash("").contains("was="));
}

#[test]
fn a_bad_fork_in_a_link_is_refused_with_a_message() {
    let err = Page::open("#v=3&algo=pa&was=%%%", None).unwrap_err();
    assert!(
        err.to_string().contains("was (the run before a fork)"),
        "{err}"
    );
}
