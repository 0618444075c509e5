//! `stream --link`: the page address that streams the same samples. The
//! page's presets are these streams (same preset, seed and label noise give
//! the same samples natively and in wasm), so the link is the preset's,
//! with the `n` samples already streamed by the page's default learner.

use onlinelearn::playground::{Event, Page, MAX_STEP};
use onlinelearn::Preset;

use crate::link::{address, page_extras};

/// The features the page's `regression-nd` stream has (it offers no other).
const PAGE_FEATURES: usize = 4;

pub fn stream_link(
    preset: Preset,
    n: usize,
    seed: u64,
    noise: f64,
    features: usize,
    base: &str,
) -> Result<String, String> {
    if preset == Preset::RegressionNd && features != PAGE_FEATURES {
        return Err(format!(
            "--link: the page streams regression-nd with {PAGE_FEATURES} features, not {features}"
        ));
    }
    let hash = format!(
        "v={}&preset={}&seed={seed}&noise={}",
        onlinelearn::playground::LINK_VERSION,
        preset.name(),
        onlinelearn::number::text(noise)
    );
    let mut page = Page::open(&hash, None).map_err(|e| format!("--link: {e}"))?;
    let mut left = n as u64;
    while left > 0 {
        let step = left.min(MAX_STEP);
        page.session_mut()
            .apply(Event::Stream(step))
            .map_err(|e| format!("--link: {e}"))?;
        left -= step;
    }
    Ok(address(base, &page.hash(&page_extras(&page))))
}
