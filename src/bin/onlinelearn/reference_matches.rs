//! What a learner matches, and how closely, read from the reference tests
//! themselves: each fixture tests/fixtures/<name>.json (written by a
//! script of scripts/reference/, which the fixture names) is replayed by
//! tests/<name>.rs, whose opening comment says what is compared and to
//! what tolerance. A learner's section counts its cases in each fixture
//! (by the library or transcription each names) and quotes that comment,
//! so the page says what the tests hold, not what a text once claimed.

use std::collections::BTreeMap;
use std::path::Path;

use onlinelearn::Algorithm;
use serde_json::Value;

use crate::reference_learner::escape;

/// One fixture: its file stem and the cases it holds.
pub struct Fixture {
    stem: String,
    /// The script that writes it, as the fixture or its test names it.
    generator: String,
    /// The test's opening `//!` comment, a line per paragraph.
    held_by: String,
    cases: Vec<Value>,
}

/// Every tests/fixtures/*_reference.json (and reference.json) that a test
/// of the same name replays, sorted by name.
pub fn fixtures(repo: &Path) -> Result<Vec<Fixture>, String> {
    let folder = repo.join("tests/fixtures");
    let mut stems: Vec<String> = std::fs::read_dir(&folder)
        .map_err(|e| format!("{}: {e}", folder.display()))?
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().to_string_lossy().into_owned();
            let stem = name.strip_suffix(".json")?.to_string();
            (stem.ends_with("reference") && repo.join(format!("tests/{stem}.rs")).exists())
                .then_some(stem)
        })
        .collect();
    stems.sort();
    stems.iter().map(|stem| fixture(repo, stem)).collect()
}

fn fixture(repo: &Path, stem: &str) -> Result<Fixture, String> {
    let path = repo.join(format!("tests/fixtures/{stem}.json"));
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let json: Value =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let test = repo.join(format!("tests/{stem}.rs"));
    let source = std::fs::read_to_string(&test).map_err(|e| format!("{}: {e}", test.display()))?;
    // Its paragraphs, each one line (quoted on the page as they stand).
    let held_by = source
        .lines()
        .map_while(|line| line.strip_prefix("//!"))
        .map(|line| match line.trim() {
            "" => "\n",
            text => text,
        })
        .collect::<Vec<_>>()
        .join(" ")
        .split('\n')
        .map(str::trim)
        .collect::<Vec<_>>()
        .join("\n");
    let named = ["generator", "generated_by"]
        .iter()
        .find_map(|key| json[*key].as_str().map(str::to_string));
    // A fixture that does not name its script: the script its test names.
    let generator = named.unwrap_or_else(|| {
        held_by
            .split(|c: char| c.is_whitespace() || c == '(' || c == ')' || c == ';' || c == '`')
            .find(|word| word.starts_with("scripts/reference/") && word.ends_with(".py"))
            .unwrap_or("")
            .to_string()
    });
    // The cases: the list `cases`, or every list of objects that name an
    // algo (the kernel fixture's `exact`, `exact_a1a`, `statistical`).
    let mut cases = Vec::new();
    if let Some(object) = json.as_object() {
        for (section, value) in object {
            for case in value.as_array().into_iter().flatten() {
                if case.get("algo").is_some() {
                    let mut case = case.clone();
                    case["section"] = Value::String(section.clone());
                    cases.push(case);
                }
            }
        }
    }
    Ok(Fixture {
        stem: stem.to_string(),
        generator,
        held_by,
        cases,
    })
}

/// What one case was computed by, when the fixture says: the library or
/// transcription (`library`, `source`), the reduction, the form, or the
/// kernel fixture's section.
fn origin(case: &Value) -> String {
    let mut parts = Vec::new();
    for key in ["library", "source"] {
        if let Some(text) = case[key].as_str() {
            parts.push(text.to_string());
        }
    }
    if let Some(reduction) = case["multiclass"].as_str() {
        parts.push(format!("--multiclass {reduction}"));
    }
    if let Some(form) = case["form"].as_str() {
        parts.push(format!("{form} form"));
    }
    if let Some(section) = case["section"].as_str().filter(|s| *s != "cases") {
        parts.push(match section {
            "exact" => "exact, on the 4-D data".to_string(),
            "exact_a1a" => "exact, on a1a's first rows (sparse)".to_string(),
            "statistical" => "in distribution, over seeds".to_string(),
            other => other.to_string(),
        });
    }
    parts.join(", ")
}

/// The section on `algorithm`'s reference tests: a paragraph per fixture
/// that holds cases of it (or a sentence saying that none does), then the
/// test files that name it (`tests`: [`test_sources`]).
pub fn matches_section(
    algorithm: Algorithm,
    fixtures: &[Fixture],
    tests: &[(String, String)],
) -> String {
    let mut out = String::new();
    for fixture in fixtures {
        let mut by_origin: BTreeMap<String, usize> = BTreeMap::new();
        for case in &fixture.cases {
            if case["algo"].as_str() == Some(algorithm.name()) {
                *by_origin.entry(origin(case)).or_default() += 1;
            }
        }
        if by_origin.is_empty() {
            continue;
        }
        let total: usize = by_origin.values().sum();
        let origins: Vec<String> = by_origin
            .iter()
            .map(|(origin, n)| match origin.is_empty() {
                true => format!("{n}"),
                false => format!("{n} {}", escape(origin)),
            })
            .collect();
        out.push_str(&format!(
            "**`tests/{stem}.rs`**, {total} case{s} of `tests/fixtures/{stem}.json` \
             ({origins}){generator}. The test says:\n\n> {held_by}\n\n",
            stem = fixture.stem,
            s = if total == 1 { "" } else { "s" },
            origins = origins.join("; "),
            generator = match fixture.generator.is_empty() {
                true => String::new(),
                false => format!(", written by `{}`", fixture.generator),
            },
            held_by = escape(&fixture.held_by).replace('\n', "\n>\n> "),
        ));
    }
    if out.is_empty() {
        out.push_str(
            "No reference fixture holds a case of it: no library's or transcription's \
             numbers are compared with it.\n\n",
        );
    }
    out.push_str(
        "The conformance suite (`tests/conformance.rs`: no panic, finite outputs, \
         the same seed the same run) runs on it as on every learner.",
    );
    let naming: Vec<String> = tests
        .iter()
        // This file's own test names learners to check the pages.
        .filter(|(file, text)| file != "tests/reference_pages.rs" && names(text, algorithm))
        .map(|(file, _)| format!("`{file}`"))
        .collect();
    if !naming.is_empty() {
        out.push_str(&format!(" Tests that name it: {}.", naming.join(", ")));
    }
    out.push('\n');
    out
}

/// Whether a test's source names the learner: `Algorithm::Pa1` or `"pa1"`.
fn names(text: &str, algorithm: Algorithm) -> bool {
    let variant = format!("Algorithm::{algorithm:?}");
    let by_variant = text.match_indices(&variant).any(|(at, _)| {
        !text[at + variant.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
    });
    by_variant || text.contains(&format!("\"{}\"", algorithm.name()))
}

/// tests/*.rs, as (path, text), sorted by path.
pub fn test_sources(repo: &Path) -> Result<Vec<(String, String)>, String> {
    let folder = repo.join("tests");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&folder).map_err(|e| format!("{}: {e}", folder.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.extension().is_some_and(|e| e == "rs") {
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let name = path.file_name().unwrap().to_string_lossy();
            out.push((format!("tests/{name}"), text));
        }
    }
    out.sort();
    Ok(out)
}
