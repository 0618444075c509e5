//! `onlinelearn replay` on links it must not replay as if they were sound
//! (issue 24): cut short, hostile, from a newer page, from an older page
//! whose replay differs from what its author saw, or naming learners or a
//! view it does not know. Each is an error that names what is wrong, and
//! nothing is printed as a model.

mod command;

use command::{run, stderr, stdout};

fn refused(link: &str) -> String {
    let out = run(&["replay", link, "--json"]);
    assert!(out.stdout.is_empty(), "no model printed for {link}");
    stderr(&out)
}

#[test]
fn a_truncated_link_names_the_cut_log() {
    // "AfQD" is 500 samples; cut after the tag, the varint is missing.
    assert!(refused("http://127.0.0.1:8000/#v=3&algo=pa1&log=AfQ").contains("cut short"));
    // Cut inside a point's coordinates.
    assert!(refused("#v=3&algo=pa1&log=AsgB").contains("cut short"));
}

#[test]
fn a_hostile_link_is_an_error_not_a_panic() {
    for (link, names) in [
        ("v=3&algo=pa1&log=!!!", "base64url"),
        ("v=3&algo=pa1&c=-1", "c"),
        ("v=3&algo=pa1&c=1e999", "c"),
        ("v=3&algo=rm%20-rf", "algorithm"),
        ("v=3&algo=pa1&seed=99999999999999999999999", "seed"),
        ("v=3&algo=pa1&view=compare&algos=pa,../../etc", "algos"),
        ("v=3&algo=pa1&view=compare&algos=pa", "2 to 16"),
        ("v=3&algo=pa1&file=x:zz", "file"),
        // 2^62 samples: refused before any is learned.
        ("v=3&algo=pa1&log=AYCAgICAgICAQA", "samples to replay"),
    ] {
        let error = refused(link);
        assert!(
            error.to_lowercase().contains(names),
            "{link}: {error} should name {names}"
        );
        assert!(!error.contains("panicked"), "{link}: {error}");
    }
    let error = refused("http://127.0.0.1:8000/index.html");
    assert!(
        error.contains("'#"),
        "an address without its session: {error}"
    );
}

#[test]
fn a_link_from_a_newer_page_names_the_versions_read() {
    let error = refused("#v=5&algo=pa1&log=AfQD");
    assert!(
        error.contains("version '5'") && error.contains("1 to 4"),
        "{error}"
    );
}

#[test]
fn a_link_from_an_older_page_is_refused_where_its_replay_differs() {
    // Version 1 (no `v`) with streamed samples: today's random draws differ.
    let old = "algo=pa1&preset=moons&seed=3&log=AfQD";
    let error = refused(old);
    assert!(
        error.contains("older version") && error.contains("--as-today"),
        "{error}"
    );
    // Asked for, it replays with today's code and says so.
    let out = run(&["replay", old, "--as-today"]);
    assert!(stdout(&out).contains("500 samples learned"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("older version"));
    // An older link whose replay is exact (clicked points only) just replays.
    stdout(&run(&["replay", "algo=pa1&log=AsgB-QE"]));
}
