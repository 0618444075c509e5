//! A page's links, files and sliced replays.
use super::*;
use crate::playground::{Change, Event};

fn points_file() -> (Dataset, String) {
    let mut data = Dataset::dense(2);
    for i in 0..40 {
        let x = [(i as f64 * 0.37).sin(), (i as f64 * 0.71).cos()];
        let y = if x[0] + x[1] >= 0.0 { 1.0 } else { -1.0 };
        data.push(crate::features::Features::Dense(&x), y).unwrap();
    }
    (data, "pts.csv".into())
}

#[test]
fn a_shared_file_learns_as_a_loaded_one_and_replays_a_waiting_link() {
    let (data, name) = points_file();
    let mut holder = Page::open("v=2&algo=pa1", None).unwrap();
    holder
        .load(&name, Task::Classification, data.clone(), None)
        .unwrap();
    holder.session_mut().apply(Event::Stream(7)).unwrap();
    let mut loaded = Page::open("v=2&algo=pa1", None).unwrap();
    loaded
        .load(&name, Task::Classification, data, None)
        .unwrap();
    let mut shared = Page::open("v=2&algo=pa1", None).unwrap();
    shared
        .load_shared(holder.session().file().unwrap())
        .unwrap();
    for page in [&mut loaded, &mut shared] {
        page.session_mut().apply(Event::Stream(25)).unwrap();
    }
    assert_eq!(
        shared.hash(""),
        loaded.hash(""),
        "from the first row, same link"
    );
    assert_eq!(
        shared.session().linear_models(),
        loaded.session().linear_models()
    );
    let mut waiting = Page::open(&loaded.hash(""), None).unwrap();
    let note = waiting
        .load_shared(holder.session().file().unwrap())
        .unwrap()
        .map(|m| m.to_string())
        .unwrap_or_default();
    assert!(note.contains("replayed the shared session"), "{note}");
}

#[test]
fn a_link_made_with_a_file_waits_for_it_then_replays() {
    let (data, name) = points_file();
    let mut page = Page::open("v=2&algo=pa1", None).unwrap();
    page.load(&name, Task::Classification, data.clone(), None)
        .unwrap();
    page.session_mut().apply(Event::Stream(25)).unwrap();
    let hash = page.hash("view=classify&speed=300");
    assert!(
        hash.contains("&file=pts.csv:") && hash.ends_with("&view=classify&speed=300"),
        "{hash}"
    );

    let mut copy = Page::open(&hash, None).unwrap();
    assert!(copy.pending_file().unwrap().starts_with("pts.csv:"));
    assert_eq!(
        copy.hash("view=classify&speed=300"),
        hash,
        "the link stays the one opened"
    );
    assert_eq!(copy.extras(), "view=classify&speed=300");
    let note = copy
        .load(&name, Task::Classification, data.clone(), None)
        .unwrap()
        .map(|m| m.to_string())
        .unwrap_or_default();
    assert_eq!(note, "replayed the shared session on pts.csv");
    assert_eq!(
        copy.hash("view=classify&speed=300"),
        hash,
        "mid-replay, the link is the whole one"
    );
    while copy.replay(7).unwrap() > 0 {}
    assert_eq!(copy.session().model(), page.session().model());
    assert_eq!(copy.pending_file(), None);

    // Another file (other contents): start afresh, and say why.
    let mut other = data.clone();
    other.relabel(|y| -y);
    let mut third = Page::open(&hash, None).unwrap();
    let note = third
        .load(&name, Task::Classification, other, None)
        .unwrap()
        .map(|m| m.to_string())
        .unwrap_or_default();
    assert!(
        note.starts_with("pts.csv is not the file the link was made with"),
        "{note}"
    );
    assert_eq!(third.session().progress().samples, 0);
}

#[test]
fn a_setting_that_learns_the_samples_again_replays_in_slices() {
    let mut page = Page::open("v=3&algo=arow&preset=moons&seed=5", None).unwrap();
    page.session_mut().apply(Event::Stream(300)).unwrap();
    page.session_mut()
        .apply(Event::Set(crate::settings::Key::R, 0.5))
        .unwrap();
    page.session_mut().apply(Event::Stream(200)).unwrap();
    let mut whole = page.session().clone();
    assert_eq!(
        whole.set("initial-variance", "3").unwrap(),
        Change::Replayed
    );
    assert_eq!(page.set("initial-variance", "3").unwrap(), Change::Replayed);
    assert_eq!(page.replay_progress(), (0, 501), "nothing replayed yet");
    assert_eq!(
        page.hash(""),
        whole.shared().to_hash(),
        "the link is the new one"
    );
    let mut slices = 0;
    while page.replay(64).unwrap() > 0 {
        slices += 1;
    }
    assert!(slices >= 7, "{slices} slices");
    assert_eq!(page.session().model(), whole.model());
    assert_eq!(page.session().progress(), whole.progress());
    // A refused value changes nothing and replays nothing.
    assert!(page.set("initial-variance", "-1").is_err());
    assert_eq!(page.replay_progress(), (0, 0));
}

#[test]
fn acting_on_the_preset_answers_the_wait() {
    let (data, name) = points_file();
    let mut page = Page::open("v=2", None).unwrap();
    page.load(&name, Task::Classification, data, None).unwrap();
    let hash = page.hash("");
    let mut copy = Page::open(&hash, None).unwrap();
    copy.session_mut().apply(Event::Stream(3)).unwrap();
    assert_eq!(copy.pending_file(), None);
    assert!(!copy.hash("").contains("file="));
}

/// Range checks made while `act` runs.
fn checks_in(act: impl FnOnce()) -> usize {
    let before = crate::settings::CHECKS.with(|n| n.get());
    act();
    crate::settings::CHECKS.with(|n| n.get()) - before
}

#[test]
fn an_edit_is_checked_once_and_made_without_a_second_check() {
    for (algo, key, value) in [
        ("kernel-pa1", "sigma", "0.7"),
        ("pa1", "c", "0.3"),
        ("arow", "r", "2"),
    ] {
        let mut page = Page::open(&format!("v=2&algo={algo}"), None).unwrap();
        page.session_mut().apply(Event::Stream(50)).unwrap();
        assert_eq!(
            checks_in(|| assert!(!page.check_set(key, value, "").unwrap())),
            1,
            "{algo}"
        );
        let mut change = None;
        assert_eq!(
            checks_in(|| change = Some(page.set(key, value).unwrap())),
            0,
            "{algo}"
        );
        assert_eq!(change, Some(Change::Live));
        assert_eq!(
            page.session()
                .settings()
                .text(crate::settings::Key::from_name(key).unwrap()),
            value
        );
        // Unchecked first, the edit is checked as it is made: once.
        assert_eq!(
            checks_in(|| {
                page.set(key, "0.5").unwrap();
            }),
            1,
            "{algo}"
        );
    }
}

/// A point of class 3 (the fourth class) at (100, 100), as a click adds it.
fn add_class_three(page: &mut Page) -> crate::error::Result<()> {
    page.session_mut().apply(Event::Point {
        x: 100,
        y: 100,
        label: 3,
    })
}

#[test]
fn the_routing_answer_comes_with_the_one_check() {
    // The page asks, with its keys, whether the session would then need
    // the full module: answered from the planned state, not by reading
    // its link back (which checked every setting again).
    let page = Page::open("v=2&algo=pa1", None).unwrap();
    let mut needs = None;
    assert_eq!(
        checks_in(|| needs = Some(page.check_set("c", "0.3", "view=compare").unwrap())),
        1
    );
    assert_eq!(needs, Some(false));
    assert_eq!(
        checks_in(|| needs = Some(page.check_set("c", "0.3", "theory=1").unwrap())),
        1
    );
    assert_eq!(
        needs,
        Some(true),
        "the Theory layer's code is in the full module"
    );
}

#[test]
fn a_plan_is_not_made_on_a_session_that_changed_since() {
    let mut page = Page::open("v=2&algo=pa1", None).unwrap();
    page.check_set("classes", "2", "").unwrap();
    add_class_three(&mut page).unwrap_err();
    page.set("classes", "3").unwrap();
    page.check_set("classes", "2", "").unwrap();
    add_class_three(&mut page).unwrap();
    let refused = page.set("classes", "2").unwrap_err();
    assert!(
        refused.to_string().contains("points of class 3"),
        "{refused}"
    );
    assert_eq!(page.session().classes(), 3);
}

#[test]
fn a_compare_panel_leaves_out_the_setting_changes_its_learner_refuses() {
    // Made on the page: PA-I learned with its bias decoupled, then the
    // reader switched to IELLIP, which refuses that (the page set the bias
    // back to augmented first). Compare's IELLIP panel runs IELLIP from the
    // start: it stopped at the decoupled bias, and the page was left
    // without figures.
    let link = "v=4&algo=iellip&start=pa1&log=AQwHAwAAAAAAAPA_BwMAAAAAAAAAAAgZ";
    let state = crate::playground::SharedState::parse(link).unwrap();
    let iellip = state.pinned(Algorithm::Iellip);
    // The switch and the refused change are left out; the rest is replayed.
    assert_eq!(iellip.log.events().len(), state.log.events().len() - 2);
    let notice = iellip
        .notice
        .clone()
        .expect("the panel says what it left out")
        .to_string();
    assert!(
        notice.starts_with("IELLIP's panel kept its settings") && notice.contains("decoupled"),
        "{notice}"
    );
    let panel = Page::open(link, Some(Algorithm::Iellip)).unwrap();
    assert_eq!(panel.session().algorithm(), Algorithm::Iellip);
    assert_eq!(
        panel.session().settings().bias,
        crate::settings::BiasMode::Augmented
    );
    assert!(panel.hash("").contains("algo=iellip"));
    // PA-I takes every change: nothing left out, no notice.
    let pa1 = state.pinned(Algorithm::Pa1);
    assert_eq!(pa1.log.events().len(), state.log.events().len() - 1);
    assert!(pa1.notice.is_none());
}

#[test]
fn a_compare_panel_gives_way_on_a_start_its_learner_refuses() {
    // PA-I's bias made decoupled before any sample, then IELLIP ticked in
    // Compare: its panel could not open, and the page lost every figure.
    let link = "v=4&algo=pa1&bias=decoupled&log=ATI";
    let state = crate::playground::SharedState::parse(link).unwrap();
    let iellip = state.pinned(Algorithm::Iellip);
    assert_eq!(
        iellip.setup.settings.bias,
        crate::settings::BiasMode::Augmented
    );
    assert_eq!(iellip.log, state.log, "the same samples");
    let notice = iellip.notice.clone().unwrap().to_string();
    assert!(
        notice.contains("IELLIP's panel") && notice.contains("decoupled"),
        "{notice}"
    );
    let panel = Page::open(link, Some(Algorithm::Iellip)).unwrap();
    assert_eq!(
        panel.session().settings().bias,
        crate::settings::BiasMode::Augmented
    );
    // A learner that takes the start keeps it.
    assert_eq!(
        state.pinned(Algorithm::Pa).setup.settings.bias,
        crate::settings::BiasMode::Decoupled
    );
}
