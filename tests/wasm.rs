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

/// The page reads numbers with the browser's parseFloat (number::parse, to
/// keep 10 KB of Rust's parsing tables out of the page): it must agree with
/// Rust's parser bit for bit, on hard cases too (halfway points, subnormals,
/// long mantissas, overflow).
#[wasm_bindgen_test]
fn numbers_read_in_wasm_as_rust_reads_them() {
    use onlinelearn::number::parse;
    let texts = [
        "0.1",
        "-0",
        "1e-7",
        "2.5e+3",
        ".5",
        "7.",
        "9007199254740993",
        "2.2250738585072011e-308",
        "4.9e-324",
        "2.4703282292062327e-324",
        "1.7976931348623157e308",
        "1e309",
        "0.30000000000000004",
        "123456789012345678901234567890e-20",
        "8.98846567431158e307",
        "1.00000000000000011102230246251565404236316680908203125",
        "-inf",
        "NaN",
    ];
    for text in texts {
        let ours = parse(text).unwrap();
        let rust: f64 = text.parse().unwrap();
        assert!(
            ours.to_bits() == rust.to_bits() || (ours.is_nan() && rust.is_nan()),
            "{text}: {ours} vs {rust}"
        );
    }
    for bad in ["0x10", "", "Infinity1", "1e", " 2"] {
        assert_eq!(parse(bad), None, "{bad:?}");
    }
}

/// The shading's alpha, rounded in Rust, equals what a canvas's
/// Uint8ClampedArray stores for the same number (the page coloured the grid
/// in JavaScript before): scores on a fine lattice and on every tie.
#[wasm_bindgen_test]
fn shading_rounds_as_a_canvas_does() {
    let mut scores: Vec<f32> = (-25_000..=25_000).map(|k| k as f32 * 1e-4).collect();
    // 18 + 35|s| = m + 0.5 exactly where |s| = (m + 0.5 - 18) / 35.
    scores.extend((18..88).map(|m| ((m as f32 + 0.5) - 18.0) / 35.0));
    let mut pixels = Vec::new();
    onlinelearn::grid::shade(&scores, [0, 0, 0], [0, 0, 0], &mut pixels);
    let clamped = js_sys::Uint8ClampedArray::new_with_length(scores.len() as u32);
    for (i, &s) in scores.iter().enumerate() {
        let alpha = 18.0 + 70.0 * (s as f64).abs().min(2.0) / 2.0;
        js_sys::Reflect::set(&clamped, &(i as u32).into(), &alpha.into()).unwrap();
    }
    for (i, pixel) in pixels.chunks(4).enumerate() {
        assert_eq!(pixel[3], clamped.get_index(i as u32), "score {}", scores[i]);
    }
}
