//! `cargo xtask book`: the book (book/) built into target/book/ with the
//! mdBook library (tools/book). book/theme/ holds only what differs from
//! mdBook's own theme.
//!
//! The book is staged in target/book-src/ first, laid out like the
//! repository: book/src/ at its root, docs/*.md (and docs' pictures) under
//! docs/, the figures of results/ under results/. So a chapter shows
//! `results/a3a-paper.svg` or `docs/playground.png` by the path the README
//! always used, and a page written as docs/<topic>.md becomes a chapter
//! with one SUMMARY.md line, `- [Topic](docs/<topic>.md)`, without moving.
//!
//! The reference (src/reference/) is written from the code while staging,
//! never committed: a page per learner, every subcommand's help and the
//! catalogue by `onlinelearn book-reference` (the binary the native tests
//! build, so `cargo xtask test` compiles no second one), the element's
//! attributes by xtask/book-attributes.mjs from that catalogue. The lines
//! of the learners' pages replace SUMMARY.md's placeholder line.
//!
//! English is written at target/book/ itself; each translation goes to
//! target/book/<lang>/, built after it (mdBook empties its output folder),
//! from book/po/<lang>.po (book_i18n.rs).
//!
//! The lessons' live figures are the `<online-learner>` element: its files
//! (from the site, target/site) are copied to embed/ in the book, so that
//! target/book and dist/book each serve them; a page with figures loads
//! `embed/embed.js` itself, and only such a page does. Every page then gets
//! the example post's Content-Security-Policy (book_csp.rs).

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::{book_csp, book_i18n, cargo, root, run, setup, site, Result};

pub fn build_book() -> Result<PathBuf> {
    let tool = setup::book_cli()?;
    let stage = stage_book()?;
    let out = root().join("target/book");
    run(Command::new(&tool).arg(&stage).arg(&out))?;
    embed_in_print_page(&out.join("print.html"))?;
    for lang in book_i18n::LANGUAGES {
        let dest = out.join(lang);
        book_i18n::build_translation(&tool, &stage, &dest, lang)?;
        embed_in_print_page(&dest.join("print.html"))?;
        book_i18n::embed_one_folder_up(&dest)?;
    }
    copy_embed(&out.join("embed"))?;
    book_csp::apply(&out)?;
    Ok(out)
}

/// `cargo xtask book --pot`: the translators' template, book/po/messages.pot,
/// from the book as staged (the generated reference included).
pub fn write_template() -> Result<PathBuf> {
    let tool = setup::book_cli()?;
    let stage = stage_book()?;
    let out = root().join("book/po");
    run(Command::new(&tool).arg("--pot").arg(&stage).arg(&out))?;
    Ok(out.join("messages.pot"))
}

/// The book's sources laid out in target/book-src (see above).
pub fn stage_book() -> Result<PathBuf> {
    let stage = root().join("target/book-src");
    let _ = std::fs::remove_dir_all(&stage);
    let src = stage.join("src");
    std::fs::create_dir_all(&src).map_err(|e| format!("{}: {e}", src.display()))?;
    std::fs::copy(root().join("book/book.toml"), stage.join("book.toml"))
        .map_err(|e| format!("book/book.toml: {e}"))?;
    site::copy_dir(&root().join("book/src"), &src)?;
    site::copy_dir(&root().join("book/theme"), &stage.join("theme"))?;
    copy_files(
        &root().join("docs"),
        &src.join("docs"),
        &["md", "png", "svg"],
    )?;
    copy_files(&root().join("results"), &src.join("results"), &["svg"])?;
    write_reference(&src)?;
    Ok(stage)
}

/// print.html holds every chapter at the book's root, but mdBook rewrites
/// only their links and pictures for it: a lesson's
/// `<script src="../embed/embed.js">` is pointed at embed/ from there.
pub fn embed_in_print_page(page: &Path) -> Result {
    let html = std::fs::read_to_string(page).map_err(|e| format!("{}: {e}", page.display()))?;
    let fixed = html.replace("src=\"../embed/embed.js\"", "src=\"embed/embed.js\"");
    std::fs::write(page, fixed).map_err(|e| format!("{}: {e}", page.display()))
}

/// What `<online-learner>` requests (book/src/embedding.md, "Host the
/// files"), from the site, built first if it is not there.
const EMBED_FILES: [&str; 9] = [
    "embed.js",
    "embed.css",
    "exercise.css",
    "figure.css",
    "theory.css",
    "truth.css",
    "js",
    "pkg",
    "i18n",
];

fn copy_embed(to: &Path) -> Result {
    let mut site = root().join("target/site");
    if !site.join("embed.js").exists() {
        site = site::build_site()?;
    }
    std::fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    for name in EMBED_FILES {
        let from = site.join(name);
        if from.is_dir() {
            site::copy_dir(&from, &to.join(name))?;
        } else {
            std::fs::copy(&from, to.join(name)).map_err(|e| format!("{}: {e}", from.display()))?;
        }
    }
    Ok(())
}

/// Copies the files of one folder (not its subfolders) whose extension is
/// one of `extensions`.
fn copy_files(from: &Path, to: &Path, extensions: &[&str]) -> Result {
    std::fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    for entry in std::fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let wanted = path
            .extension()
            .is_some_and(|e| extensions.iter().any(|x| e == *x));
        if path.is_file() && wanted {
            std::fs::copy(&path, to.join(path.file_name().unwrap()))
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    Ok(())
}

/// SUMMARY.md's line that the learners' pages replace, each of their lines
/// indented as it is.
const PLACEHOLDER: &str = "<!-- the learners' reference pages: written by cargo xtask book -->";

/// The generated reference, into `src`/reference/, and its contents lines
/// into `src`/SUMMARY.md.
fn write_reference(src: &Path) -> Result {
    // The `test` profile's binary: the one `cargo test` builds for the
    // native tests (tests/reference_pages.rs runs it), already fresh
    // when `cargo xtask test` builds the book after them.
    run(cargo().args(["test", "--quiet", "--no-run", "--test", "reference_pages"]))?;
    let out = src.join("reference");
    run(Command::new(root().join("target/debug/onlinelearn"))
        .arg("book-reference")
        .arg("--out")
        .arg(&out))?;
    run(Command::new("node")
        .arg(root().join("xtask/book-attributes.mjs"))
        .arg(out.join("catalogue.json"))
        .arg(out.join("attributes.md")))?;
    let lines = read(&out.join("SUMMARY.md"))?;
    let summary = src.join("SUMMARY.md");
    let text = read(&summary)?;
    let placeholder = text
        .lines()
        .find(|line| line.trim() == PLACEHOLDER)
        .ok_or_else(|| format!("book/src/SUMMARY.md has no line {PLACEHOLDER}"))?;
    let indent = &placeholder[..placeholder.len() - placeholder.trim_start().len()];
    let generated: Vec<String> = lines.lines().map(|l| format!("{indent}{l}")).collect();
    let text = text.replacen(placeholder, &generated.join("\n"), 1);
    std::fs::write(&summary, text).map_err(|e| format!("{}: {e}", summary.display()))?;
    for helper in ["SUMMARY.md", "catalogue.json"] {
        let _ = std::fs::remove_file(out.join(helper));
    }
    Ok(())
}

fn read(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}
