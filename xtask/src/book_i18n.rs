//! The book's translations (book/src/docs/translating.md): each language
//! of the page, from its PO file book/po/<lang>.po, into target/book/<lang>/
//! by tools/book (mdbook-i18n-helpers' gettext functions), which also
//! writes the page's coverage and the PO file's stale messages to
//! target/book-src/coverage-<lang>.json for tests/e2e/book-languages.test.mjs.
//!
//! A translation's pages reach the figures' files one folder further up
//! than the English ones: the book's single embed/ is at the English root,
//! so four languages ship one copy of the wasm module.

use std::path::Path;
use std::process::Command;

use crate::{root, run, Result};

/// The page's languages other than English (www/js/i18n.js), as the PO
/// files and the folders of the built book name them.
pub const LANGUAGES: [&str; 3] = ["zh-CN", "ja", "it"];

/// Builds the translation into `lang` of the book staged in `stage` into
/// `dest` (book.rs then points its figures at the English root's embed/).
pub fn build_translation(tool: &Path, stage: &Path, dest: &Path, lang: &str) -> Result {
    run(Command::new(tool)
        .arg(stage)
        .arg(dest)
        .arg("--lang")
        .arg(lang)
        .arg("--po")
        .arg(root().join(format!("book/po/{lang}.po")))
        .arg("--report")
        .arg(stage.join(format!("coverage-{lang}.json"))))
}

/// Points the translation's pages in `dir` at the English root's embed/: a
/// lesson's `../embed/embed.js` (and print.html's `embed/embed.js`) gets
/// one more `../`.
pub fn embed_one_folder_up(dir: &Path) -> Result {
    for entry in std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_dir() {
            embed_one_folder_up(&path)?;
        } else if path.extension().is_some_and(|e| e == "html") {
            let html =
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            if html.contains("embed/embed.js\"") {
                let fixed = html
                    .replace("src=\"../embed/embed.js\"", "src=\"../../embed/embed.js\"")
                    .replace("src=\"embed/embed.js\"", "src=\"../embed/embed.js\"");
                std::fs::write(&path, fixed).map_err(|e| format!("{}: {e}", path.display()))?;
            }
        }
    }
    Ok(())
}
