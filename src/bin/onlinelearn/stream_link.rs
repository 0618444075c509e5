//! `stream --link`: the page address that streams the same samples. The
//! page's presets are these streams (same preset, seed and label noise give
//! the same samples natively and in wasm), so the link is the preset's,
//! with the `n` samples already streamed by the page's default learner.

use onlinelearn::playground::{Event, Page, MAX_STEP};
use onlinelearn::Preset;

use crate::link::{address, page_extras};

pub fn stream_link(
    preset: Preset,
    n: usize,
    seed: u64,
    noise: f64,
    base: &str,
) -> Result<String, String> {
    // The page's link refuses regression-nd whatever its features
    // (playground/ready.rs): its plane draws a regression over one feature.
    if preset == Preset::RegressionNd {
        return Err(
            "--link: the page has no link for regression-nd (its plane draws a regression over one feature): use --preset regression-1d, or drop --link".into(),
        );
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
