//! Seeded streams and what a learner makes of them are fixed by
//! tests/fixtures/stream_digests.txt, which tests/wasm.rs checks in wasm too:
//! together they show the playground and the command line see the same data.
//!
//! After an intended change to a generator, regenerate the file with
//! `UPDATE_DIGESTS=1 cargo test --test streams`.

mod common;

#[test]
fn seeded_streams_match_the_committed_digests() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/stream_digests.txt");
    let actual = common::digest_lines();
    if std::env::var_os("UPDATE_DIGESTS").is_some() {
        std::fs::write(&path, &actual).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        actual, expected,
        "a generator changed; if intended, UPDATE_DIGESTS=1 cargo test --test streams"
    );
}
