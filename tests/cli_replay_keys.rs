//! `onlinelearn replay` on links it has nothing to replay from, or whose
//! keys it does not know: each is refused with a message (exit 2), never
//! "replayed" silently.

mod command;

use command::{run, stderr, stdout};

#[test]
fn an_unknown_key_is_refused_by_name() {
    let err = stderr(&run(&["replay", "#v=4&algo=pa1&foo=1"]));
    assert!(
        err.contains("foo") && err.contains("neither a setting nor one of the page's keys"),
        "{err}"
    );
    // The page's own keys, an exercise's and an embedded frame's replay.
    for key in [
        "view=classify",
        "speed=100",
        "lang=en",
        "theory=1",
        "truth=1",
        "at=3",
        "exercise=margins",
        "rounds=3",
        "tries=2",
        "score=1",
        "reveal=1",
        "controls=play,step",
        "explain=1",
        "curves=1",
        "frontier=1",
        "autoplay=1",
        "label=hello",
    ] {
        stdout(&run(&["replay", &format!("#v=4&algo=pa1&{key}")]));
    }
}

#[test]
fn a_link_with_nothing_to_replay_is_refused() {
    // Nothing that reads as a link, even with --as-today.
    let err = stderr(&run(&["replay", "garbage", "--as-today"]));
    assert!(err.contains("nothing to replay"), "{err}");
    // No learner and no log.
    let err = stderr(&run(&["replay", "#v=4&view=classify"]));
    assert!(err.contains("nothing to replay"), "{err}");
    // A learner alone is a session (nothing learned yet), as the page opens it.
    assert!(stdout(&run(&["replay", "#v=4&algo=pa1"])).contains("0 samples"));
}

#[test]
fn a_frontier_of_linear_panels_only_is_refused() {
    for link in ["#v=4&algo=pa1", "#v=4&algo=pa1&view=compare&algos=pa,pa1"] {
        let out = run(&["replay", link, "--frontier", "5"]);
        assert!(out.stdout.is_empty(), "{link}: nothing printed");
        let err = stderr(&out);
        assert!(err.contains("no support-set size to set"), "{link}: {err}");
    }
}
