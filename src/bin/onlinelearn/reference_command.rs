//! `onlinelearn book-reference --out DIR` (hidden from --help): the book's
//! reference pages, written from the code when `cargo xtask book` stages
//! the book (xtask/src/book.rs), never committed, so they cannot drift:
//!
//! - `learners/<name>.md`, a page per learner (reference_learner.rs), and
//!   `learners/index.md`, the list by family;
//! - `cli.md`, every subcommand's `--help`, from the parser itself;
//! - `catalogue.json`, the catalogue the page and the npm package's types
//!   read (`Playground.catalogue()`), for the element's attributes page
//!   (xtask/book-attributes.mjs);
//! - `SUMMARY.md`: the table of contents' lines of the learners' pages,
//!   which the stage puts in place of the placeholder of book/src/SUMMARY.md.

use std::path::{Path, PathBuf};

use clap::Args;
use onlinelearn::registry::{group, Catalogue, GROUPS};
use onlinelearn::Algorithm;

use crate::learner_list::family_name;
use crate::reference_learner::{escape, learner_page, page_name};
use crate::reference_matches::{fixtures, matches_section, test_sources};

#[derive(Args)]
pub struct ReferenceArgs {
    /// The folder to write the pages into (created).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// The repository, whose tests and fixtures say what each learner matches.
    #[arg(long, value_name = "DIR", default_value = ".")]
    repo: PathBuf,
}

/// The learners in the order of their families (Compare's buttons), then
/// the registry's within each: the order of the list and of the contents.
pub fn by_family() -> Vec<Algorithm> {
    GROUPS
        .iter()
        .flat_map(|&family| {
            Algorithm::ALL
                .iter()
                .copied()
                .filter(move |&a| group(a) == family)
        })
        .collect()
}

pub fn book_reference(args: &ReferenceArgs) -> Result<(), String> {
    let learners = args.out.join("learners");
    std::fs::create_dir_all(&learners).map_err(|e| format!("{}: {e}", learners.display()))?;
    let fixtures = fixtures(&args.repo)?;
    let tests = test_sources(&args.repo)?;
    let catalogue = Catalogue::new();
    let mut summary = String::new();
    for algorithm in by_family() {
        let card = catalogue
            .learners
            .iter()
            .find(|c| c.name == algorithm.name())
            .ok_or_else(|| format!("{algorithm} is missing from the catalogue"))?;
        let matches = matches_section(algorithm, &fixtures, &tests);
        let name = page_name(algorithm);
        write(
            &learners.join(format!("{name}.md")),
            &learner_page(algorithm, card, &matches),
        )?;
        summary.push_str(&format!(
            "- [{}](reference/learners/{name}.md)\n",
            escape(algorithm.label())
        ));
    }
    write(&learners.join("index.md"), &learner_index())?;
    write(&args.out.join("SUMMARY.md"), &summary)?;
    write(&args.out.join("cli.md"), &cli_page())?;
    let json = serde_json::to_string_pretty(&catalogue).map_err(|e| e.to_string())?;
    write(&args.out.join("catalogue.json"), &json)
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Every learner, by family, each with its rule and source.
fn learner_index() -> String {
    let mut out = String::from(
        "# Every learner\n\n*Written from the registry when the book is built: a page per \
         learner, with its rule, its source, its settings and what it matches.*\n",
    );
    for family in GROUPS {
        out.push_str(&format!("\n## {}\n\n", family_name(family)));
        out.push_str("| learner | rule | source |\n|---|---|---|\n");
        for algorithm in by_family().into_iter().filter(|&a| group(a) == family) {
            let info = algorithm.info();
            out.push_str(&format!(
                "| [{}]({}.md) (`{}`) | {} | {} |\n",
                escape(info.label),
                page_name(algorithm),
                info.name,
                escape(info.rule),
                escape(info.source)
            ));
        }
    }
    out
}

/// `onlinelearn --help`, then each subcommand's `--help`, as the parser
/// prints them (the hidden ones left out).
fn cli_page() -> String {
    let mut command = crate::commands::cli_command();
    command.build();
    let mut out = String::from(
        "# The command line's help\n\n*Each subcommand's `--help`, printed by the parser \
         itself when the book is built. The [command line chapter](../cli.md) shows them \
         at work.*\n\n## `onlinelearn --help`\n\n",
    );
    out.push_str(&fenced(&command.render_long_help().to_string()));
    let names: Vec<String> = command
        .get_subcommands()
        .filter(|c| !c.is_hide_set() && c.get_name() != "help")
        .map(|c| c.get_name().to_string())
        .collect();
    for name in names {
        let sub = command.find_subcommand_mut(&name).expect("listed above");
        out.push_str(&format!("\n## `onlinelearn {name} --help`\n\n"));
        out.push_str(&fenced(&sub.render_long_help().to_string()));
    }
    out
}

fn fenced(text: &str) -> String {
    format!("```text\n{}\n```\n", text.trim_end())
}
