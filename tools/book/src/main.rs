//! The book's builder: a binary of our own over the mdBook library (not
//! `cargo install mdbook`) so that Cargo.lock pins it and `cargo xtask book`
//! builds it like the wasm-bindgen CLI.
//!
//! - `book <book folder> <output folder>`: the English book, with mdBook's
//!   HTML renderer.
//! - `book <book folder> <output folder> --lang <tag> --po <file> --report <file>`:
//!   a translation, its text from the PO file by mdbook-i18n-helpers'
//!   gettext functions; every page not wholly translated says so at its top
//!   (translation.rs), and the report lists each page's coverage and the
//!   PO file's stale messages (translations of text no longer in the book).
//! - `book --pot <book folder> <output folder>`: the template, messages.pot,
//!   by mdbook-i18n-helpers' xgettext renderer.
mod notice;
mod translation;

use std::path::PathBuf;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Err(error) = run(&args) {
        eprintln!("error: {error:?}");
        std::process::exit(1);
    }
}

fn run(args: &[String]) -> mdbook_driver::errors::Result<()> {
    let usage =
        "usage: book [--pot] <book folder> <output folder> [--lang TAG --po FILE --report FILE]";
    let template = args.first().is_some_and(|a| a == "--pot");
    let rest = if template { &args[1..] } else { args };
    let [source, out, options @ ..] = rest else {
        return Err(mdbook_driver::errors::Error::msg(usage));
    };
    let option = |name: &str| {
        options
            .windows(2)
            .find(|pair| pair[0] == name)
            .map(|pair| PathBuf::from(&pair[1]))
    };
    let mut book = mdbook_driver::MDBook::load(source)?;
    book.config.build.build_dir = PathBuf::from(out);
    if template {
        // File names without line numbers: a line added above a paragraph
        // does not rewrite every reference below it in the PO files.
        book.config.set("output.xgettext.granularity", 0)?;
        return book.execute_build_process(&mdbook_i18n_helpers::renderers::Xgettext);
    }
    if let Some(lang) = option("--lang") {
        let (Some(po), Some(report)) = (option("--po"), option("--report")) else {
            return Err(mdbook_driver::errors::Error::msg(usage));
        };
        let lang = lang.to_string_lossy().into_owned();
        book.config.book.language = Some(lang.clone());
        book.with_preprocessor(translation::Translation::load(&lang, &po, report)?);
    }
    book.build()
}
