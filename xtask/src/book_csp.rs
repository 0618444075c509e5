//! The book under the example post's strict Content-Security-Policy
//! (book/src/embedding.md), so that its live figures run as a blog's would.
//!
//! mdBook's theme writes a few inline scripts into every page (the path to
//! the root, the theme and sidebar chosen), some with the page's own values:
//! each page gets a `<meta http-equiv="Content-Security-Policy">` that
//! allows exactly its inline scripts by their SHA-256 hashes, never
//! 'unsafe-inline'. mdBook's few `style` attributes (a clearfix, a table
//! column's alignment, print.html's page breaks) become classes of
//! book/theme/csp.css; any other `style` attribute stops the build, naming
//! the page, so a new one is seen rather than blocked in the reader's browser.

use base64::Engine;
use sha2::{Digest, Sha256};
use std::path::Path;

use crate::Result;

/// The example post's policy (www/examples/blog.html), with `{scripts}`
/// standing for the hashes of one page's inline scripts.
const POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'{scripts}; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";

/// mdBook's `style` attributes and the class of book/theme/csp.css each becomes.
const STYLES: [(&str, &str); 5] = [
    ("clear: both", "csp-clear-both"),
    ("text-align: left", "csp-text-left"),
    ("text-align: center", "csp-text-center"),
    ("text-align: right", "csp-text-right"),
    (
        "break-before: page; page-break-before: always;",
        "csp-page-break",
    ),
];

/// Puts the policy into every HTML page under `book` (the built book).
pub fn apply(book: &Path) -> Result {
    for entry in std::fs::read_dir(book).map_err(|e| format!("{}: {e}", book.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_dir() {
            apply(&path)?;
        } else if path.extension().is_some_and(|e| e == "html") {
            let html =
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let strict = with_policy(&html).map_err(|e| format!("{}: {e}", path.display()))?;
            std::fs::write(&path, strict).map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    Ok(())
}

/// One page under the policy: its style attributes as classes, the meta tag first in its head.
pub fn with_policy(html: &str) -> Result<String> {
    let html = styles_as_classes(html)?;
    let hashes: String = inline_scripts(&html)
        .map(|body| {
            format!(
                " 'sha256-{}'",
                base64::engine::general_purpose::STANDARD.encode(Sha256::digest(body.as_bytes()))
            )
        })
        .collect();
    let meta = format!(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"{}\">",
        POLICY.replace("{scripts}", &hashes)
    );
    let head = html.find("<head>").ok_or("no <head>")? + "<head>".len();
    Ok(format!(
        "{}\n        {meta}{}",
        &html[..head],
        &html[head..]
    ))
}

/// The bodies of the page's `<script>` elements without attributes (mdBook's inline ones).
fn inline_scripts(html: &str) -> impl Iterator<Item = &str> {
    html.split("<script>")
        .skip(1)
        .map(|rest| rest.split("</script>").next().unwrap_or(""))
}

fn styles_as_classes(html: &str) -> Result<String> {
    let mut out = html.to_string();
    for (style, class) in STYLES {
        out = out.replace(&format!("style=\"{style}\""), &format!("class=\"{class}\""));
    }
    match out.find(" style=\"") {
        Some(at) => Err(format!(
            "a style attribute the book's policy would block (add it to STYLES in xtask/src/book_csp.rs): {}",
            &out[at..(at + 80).min(out.len())]
        )),
        None => Ok(out),
    }
}
