//! The quality half of benches/browser/gif-encoders.mjs: decodes rust.gif
//! and gifenc.gif with the gif crate and prints each one's mean absolute
//! error (0-255 per channel) against the captured frames.
//!
//!     cargo run --release --example gif_quality -- target/gif-bench

use std::path::Path;

fn main() {
    let dir = std::env::args().nth(1).expect("the folder the bench wrote");
    let dir = Path::new(&dir);
    let meta: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("frames.json")).unwrap()).unwrap();
    let (w, h) = (
        meta["width"].as_u64().unwrap() as usize,
        meta["height"].as_u64().unwrap() as usize,
    );
    let frames = std::fs::read(dir.join("frames.rgba")).unwrap();
    let frame_len = 4 * w * h;
    for name in ["rust.gif", "gifenc.gif"] {
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::RGBA);
        let bytes = std::fs::read(dir.join(name)).unwrap();
        let mut decoder = options.read_info(bytes.as_slice()).unwrap();
        // Frames merged because they repeat are expanded by their delay.
        let (mut error, mut count, mut at) = (0.0f64, 0usize, 0usize);
        while let Some(frame) = decoder.read_next_frame().unwrap() {
            let repeats = (frame.delay as usize / 10).max(1);
            for _ in 0..repeats {
                let original = &frames[at * frame_len..(at + 1) * frame_len];
                for (i, (a, b)) in frame.buffer.iter().zip(original).enumerate() {
                    if i % 4 != 3 {
                        error += (*a as f64 - *b as f64).abs();
                        count += 1;
                    }
                }
                at += 1;
            }
        }
        println!(
            "  {name:<11} mean absolute error {:.2} (0-255) over {at} frames",
            error / count as f64
        );
    }
}
