//! The book's generated reference (`onlinelearn book-reference`, which
//! `cargo xtask book` runs while staging the book): a page for every
//! learner of the registry, listed in the table of contents' lines, with
//! its settings' flags and what its reference fixtures hold; every
//! subcommand's help; the catalogue for the element's attributes.

use std::path::{Path, PathBuf};
use std::process::Command;

use onlinelearn::settings::TABLE;
use onlinelearn::Algorithm;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The pages, written into a fresh folder.
fn generated() -> PathBuf {
    static ONCE: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    ONCE.get_or_init(|| {
        let out =
            std::env::temp_dir().join(format!("onlinelearn-reference-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&out);
        let status = Command::new(env!("CARGO_BIN_EXE_onlinelearn"))
            .arg("book-reference")
            .arg("--out")
            .arg(&out)
            .current_dir(ROOT)
            .status()
            .unwrap();
        assert!(status.success(), "onlinelearn book-reference failed");
        out
    })
    .clone()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn page_of(algorithm: Algorithm) -> PathBuf {
    let name = algorithm.name().replace('+', "-plus");
    generated().join(format!("learners/{name}.md"))
}

#[test]
fn every_learner_of_the_registry_has_a_page_and_a_line_in_the_contents() {
    let summary = read(&generated().join("SUMMARY.md"));
    let index = read(&generated().join("learners/index.md"));
    for &algorithm in Algorithm::ALL {
        let page = page_of(algorithm);
        assert!(page.exists(), "{algorithm} has no reference page");
        let file = page.file_name().unwrap().to_string_lossy().into_owned();
        assert_eq!(
            summary
                .matches(&format!("(reference/learners/{file})"))
                .count(),
            1,
            "{algorithm} is not once in the contents"
        );
        assert!(
            index.contains(&format!("]({file})")),
            "{algorithm} is not in the list"
        );
    }
    let pages = std::fs::read_dir(generated().join("learners"))
        .unwrap()
        .count();
    assert_eq!(
        pages,
        Algorithm::ALL.len() + 1,
        "a page per learner and the list"
    );
}

#[test]
fn a_learner_page_says_its_rule_source_settings_and_what_it_matches() {
    for &algorithm in Algorithm::ALL {
        let info = algorithm.info();
        let page = read(&page_of(algorithm));
        assert!(
            page.contains(&format!("(`{}`)", info.name)),
            "{algorithm}: title"
        );
        for section in [
            "## The rule",
            "## The source",
            "## Settings",
            "## What it matches",
        ] {
            assert!(page.contains(section), "{algorithm}: {section}");
        }
        for &key in (info.reads)(&onlinelearn::Settings::default()) {
            assert!(
                page.contains(&format!("| `--{}` |", key.name())),
                "{algorithm}: the row of --{}",
                key.name()
            );
        }
    }
    // PA-I's reference cases: River's and scikit-learn's, held to 1e-9.
    let pa1 = read(&page_of(Algorithm::Pa1));
    assert!(
        pa1.contains("river 0.26.1") && pa1.contains("scikit-learn 1.9.1"),
        "{pa1}"
    );
    assert!(
        pa1.contains("tests/reference.rs") && pa1.contains("1e-9"),
        "{pa1}"
    );
    // SPA's forms and the setting only its paper form reads.
    let spa = read(&page_of(Algorithm::Spa));
    assert!(
        spa.contains("`--spa-form` (paper, authors; default `paper`)"),
        "{spa}"
    );
    // OLRD reads its c only without a budget or in the authors' form.
    assert!(read(&page_of(Algorithm::Olrd)).contains("| `--olrd-c` |"));
    // The perceptron's reductions read the Banditron's gamma.
    assert!(read(&page_of(Algorithm::Perceptron)).contains("| `--banditron-gamma` |"));
    // The pocket has no reference fixture, and the page says so.
    assert!(read(&page_of(Algorithm::Pocket)).contains("No reference fixture holds a case of it"));
}

#[test]
fn the_command_line_page_holds_every_subcommand_help() {
    let page = read(&generated().join("cli.md"));
    for sub in [
        "learn",
        "compare",
        "replay",
        "batch-pocket",
        "paper",
        "frontier",
        "stream",
    ] {
        assert!(
            page.contains(&format!("## `onlinelearn {sub} --help`")),
            "{sub}"
        );
    }
    assert!(
        !page.contains("book-reference"),
        "the hidden subcommand stays hidden"
    );
    // A setting's flag, as its row of the table writes its help.
    assert!(page.contains("--spa-beta <NUMBER>"));
}

#[test]
fn the_catalogue_names_every_learner_and_page_setting() {
    let json: serde_json::Value =
        serde_json::from_str(&read(&generated().join("catalogue.json"))).unwrap();
    let learners = json["learners"].as_array().unwrap();
    assert_eq!(learners.len(), Algorithm::ALL.len());
    let settings = json["settings"].as_array().unwrap();
    let shown = TABLE
        .iter()
        .filter(|s| s.scope != onlinelearn::settings::Scope::Cli);
    assert_eq!(settings.len(), shown.count());
}
