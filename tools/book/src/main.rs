//! `book <book folder> <output folder>`: builds the mdBook in the first folder
//! into the second with mdBook's HTML renderer. A binary of our own (not
//! `cargo install mdbook`) so that Cargo.lock pins it and `cargo xtask book`
//! builds it like the wasm-bindgen CLI.
use std::path::PathBuf;

fn main() {
    let args: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    let [source, out] = args.as_slice() else {
        eprintln!("usage: book <book folder> <output folder>");
        std::process::exit(2);
    };
    let result = mdbook_driver::MDBook::load(source).and_then(|mut book| {
        book.config.build.build_dir = out.clone();
        book.build()
    });
    if let Err(error) = result {
        eprintln!("error: {error:?}");
        std::process::exit(1);
    }
}
