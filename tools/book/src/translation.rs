//! A translation of the book: mdbook-i18n-helpers' gettext preprocessor
//! (its `translate_book`, as `mdbook-gettext` runs it), with what the
//! book adds around it:
//!
//! - each page's coverage, counted from the same messages `mdbook-xgettext`
//!   extracts: a page with any message untranslated (or fuzzy) gets the
//!   notice of notice.rs at its top, and a page less than half translated
//!   is marked `lang="en"` below it, so that a screen reader reads it as
//!   English and its figures speak English like its text;
//! - a report (JSON) of every page's coverage and of the PO file's stale
//!   messages: translations whose English is no longer in the book, which
//!   tests/e2e/book-languages.test.mjs refuses for the translated pages.
use std::cell::RefCell;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

use mdbook_driver::book::{Book, BookItem};
use mdbook_driver::errors::{Error, Result};
use mdbook_i18n_helpers::extract_messages;
use mdbook_i18n_helpers::gettext::{add_stripped_summary_translations, translate_book};
use mdbook_preprocessor::{Preprocessor, PreprocessorContext};
use polib::catalog::Catalog;

use crate::notice::notice;

pub struct Translation {
    lang: String,
    catalog: Catalog,
    report: PathBuf,
}

impl Translation {
    pub fn load(lang: &str, po: &Path, report: PathBuf) -> Result<Self> {
        // polib 0.2 unwraps the header's fields (it panics on a header
        // without POT-Creation-Date, PO-Revision-Date, Language-Team...):
        // caught here, so that a hand-made PO file gets an error naming it.
        let parsed = std::panic::catch_unwind(|| polib::po_file::parse(po)).map_err(|_| {
            Error::msg(format!(
                "{}: its header lacks a field (msginit writes them all: see docs/translating.md)",
                po.display()
            ))
        })?;
        let mut catalog = parsed.map_err(|e| Error::msg(format!("{}: {e}", po.display())))?;
        add_stripped_summary_translations(&mut catalog);
        Ok(Translation {
            lang: lang.to_string(),
            catalog,
            report: report.to_path_buf(),
        })
    }

    fn is_translated(&self, msgid: &str) -> bool {
        self.catalog
            .find_message(None, msgid, None)
            .is_some_and(|m| m.is_translated() && !m.flags().is_fuzzy())
    }
}

/// One page's coverage: how many of its messages are translated.
struct Coverage {
    path: String,
    translated: usize,
    total: usize,
}

impl Preprocessor for Translation {
    fn name(&self) -> &str {
        "translation"
    }

    fn run(&self, ctx: &PreprocessorContext, mut book: Book) -> Result<Book> {
        let summary = ctx.root.join(&ctx.config.book.src).join("SUMMARY.md");
        let summary = std::fs::read_to_string(&summary)?;
        let mut sources: HashSet<String> = extract_messages(&summary)?
            .into_iter()
            .map(|(_, m)| link_text(&m.message).to_string())
            .collect();
        let coverage = RefCell::new(Vec::new());
        let failure = RefCell::new(None);
        book.for_each_mut(|item| match item {
            BookItem::Chapter(chapter) => match extract_messages(&chapter.content) {
                Ok(messages) => {
                    let path = chapter.path.as_ref().map(|p| p.display().to_string());
                    let translated = messages
                        .iter()
                        .filter(|(_, m)| self.is_translated(&m.message))
                        .count();
                    coverage.borrow_mut().push(Coverage {
                        path: path.unwrap_or_default(),
                        translated,
                        total: messages.len(),
                    });
                    sources.insert(chapter.name.clone());
                    sources.extend(messages.into_iter().map(|(_, m)| m.message));
                }
                Err(e) => *failure.borrow_mut() = Some(e),
            },
            BookItem::PartTitle(title) => {
                sources.insert(title.clone());
            }
            BookItem::Separator => {}
        });
        if let Some(e) = failure.into_inner() {
            return Err(e.into());
        }
        translate_book(&self.catalog, &mut book)?;
        let coverage = coverage.into_inner();
        book.for_each_mut(|item| {
            let BookItem::Chapter(chapter) = item else {
                return;
            };
            let path = chapter.path.as_ref().map(|p| p.display().to_string());
            let page = coverage.iter().find(|c| Some(&c.path) == path.as_ref());
            if let Some(page) = page {
                if let Some(text) = notice(&self.lang, page.translated, page.total) {
                    // Mostly English: marked so (its few translated passages with it).
                    let english = page.translated * 2 < page.total;
                    chapter.content = with_notice(&text, &chapter.content, english);
                }
            }
        });
        self.write_report(&coverage, &sources)?;
        Ok(book)
    }

    fn supports_renderer(&self, renderer: &str) -> Result<bool> {
        Ok(renderer != "xgettext")
    }
}

impl Translation {
    fn write_report(&self, coverage: &[Coverage], sources: &HashSet<String>) -> Result<()> {
        let stale: Vec<&str> = self
            .catalog
            .messages()
            .filter(|m| m.is_translated() && !sources.contains(m.msgid()))
            // The stripped copies of SUMMARY.md's lines added on loading.
            .filter(|m| !m.source().is_empty())
            .map(|m| m.msgid())
            .collect();
        let pages: Vec<_> = coverage
            .iter()
            .map(|c| serde_json::json!({"path": c.path, "translated": c.translated, "total": c.total}))
            .collect();
        let report = serde_json::json!({"language": self.lang, "pages": pages, "stale": stale});
        std::fs::write(&self.report, serde_json::to_string_pretty(&report)?)?;
        Ok(())
    }
}

/// The page under its notice; a page mostly in English is marked so (a blank line after the `<div>` lets Markdown go on inside it).
fn with_notice(text: &str, content: &str, english: bool) -> String {
    let notice = format!("<p class=\"untranslated\" role=\"note\">{text}</p>\n\n");
    if english {
        format!("{notice}<div lang=\"en\">\n\n{content}\n\n</div>\n")
    } else {
        format!("{notice}{content}")
    }
}

/// SUMMARY.md's `[Title](page.md)` as xgettext keeps it: the link's text.
fn link_text(message: &str) -> &str {
    match (message.strip_prefix('['), message.rfind("](")) {
        (Some(_), Some(end)) if message.ends_with(')') => &message[1..end],
        _ => message,
    }
}
