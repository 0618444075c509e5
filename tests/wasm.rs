//! Runs in wasm (wasm-bindgen-test under node, via `cargo xtask test`): the
//! seeded streams and a PA-I run on each give bit-for-bit the numbers the
//! native build committed in tests/fixtures/stream_digests.txt.
#![cfg(target_arch = "wasm32")]

mod common;

use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
fn streams_and_learners_match_native_bit_for_bit() {
    assert_eq!(
        common::digest_lines(),
        include_str!("fixtures/stream_digests.txt")
    );
}

#[wasm_bindgen_test]
fn data_readers_and_errors_work_in_wasm() {
    use onlinelearn::data::{parse_libsvm, OnError};
    use onlinelearn::Task;
    let err = parse_libsvm(
        "a3a.t",
        "+1 1:1\n-1 0:1\n",
        Task::Classification,
        OnError::Fail,
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "a3a.t:2:4: feature index 0 is not allowed (LIBSVM indices start at 1)"
    );
}
