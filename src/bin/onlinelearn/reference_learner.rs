//! One learner's reference page, in Markdown, from what the code declares
//! about it: its registry entry (`Info`: rule, source, notes, family), the
//! settings table's rows of the settings it reads (range, defaults, help)
//! and the catalogue the page reads (refused words, multiclass reductions).
//! What it matches comes from the reference fixtures (reference_matches.rs).

use onlinelearn::registry::{group, LearnerCard};
use onlinelearn::settings::{Choice, Key, Kind, Reduction, Settings};
use onlinelearn::Algorithm;

use crate::learner_list::family_name;

/// The page's file name, without `.md`: the learner's name, with `+`
/// spelled out (`projectron-plus-plus`), as a path safe in any link.
pub fn page_name(algorithm: Algorithm) -> String {
    algorithm.name().replace('+', "-plus")
}

/// Text from the code, safe inside Markdown and a table cell: `|`, `*`,
/// `_` and angle brackets would otherwise be read as markup, and mdBook's
/// smart punctuation would make the `--` of a flag a dash.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '|' | '*' | '_' | '\\' | '`' | '[' | ']' => {
                out.push('\\');
                out.push(c);
            }
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            _ => out.push(c),
        }
    }
    out.replace("--", "\\-\\-")
}

/// Every setting the learner reads in any of its forms (each word of each
/// choice it reads, with and without a budget: OLRD's and SPA's lists
/// depend on them), then those its multiclass reductions read; in the
/// table's order.
pub fn keys_read(algorithm: Algorithm) -> Vec<Key> {
    let reads = algorithm.info().reads;
    let base = Settings::default();
    let mut variants = vec![Settings::page()];
    for &key in reads(&base) {
        for &word in key.spec().words {
            let mut settings = base.clone();
            if settings.set_text(key, word).is_ok() {
                variants.push(settings);
            }
        }
    }
    let mut budgeted = base.clone();
    budgeted.budget = Some(100);
    variants.push(budgeted);
    variants.push(base);
    let mut keys: Vec<Key> = variants.iter().flat_map(|s| reads(s).to_vec()).collect();
    keys.extend(
        Reduction::ALL
            .iter()
            .flat_map(|&r| algorithm.reduction_reads(r).to_vec()),
    );
    keys.sort_by_key(|&k| k as usize);
    keys.dedup();
    keys
}

/// The page of `algorithm`; `card` is its entry in the page's catalogue,
/// `matches` the section on its reference tests.
pub fn learner_page(algorithm: Algorithm, card: &LearnerCard, matches: &str) -> String {
    let info = algorithm.info();
    let mut out = format!("# {} (`{}`)\n\n", escape(info.label), info.name);
    out.push_str(
        "*Written from the learner's registry entry and the settings table by \
         `onlinelearn book-reference` when the book is built; \
         [every learner](index.md).*\n\n",
    );
    out.push_str(&facts(algorithm, card));
    out.push_str("\n## The rule\n\n");
    out.push_str(&format!("{}\n", escape(info.rule)));
    if !info.update.is_empty() {
        out.push_str(&format!("\nThe update: {}\n", escape(info.update)));
    }
    if !info.note.is_empty() {
        out.push_str(&format!("\n{}\n", capitalised(&escape(info.note))));
    }
    out.push_str(&format!(
        "\nIts step, as the explanation panel names it: {}. An update that changes nothing is passive when {}.\n",
        escape(info.step),
        escape(info.passive)
    ));
    if !info.branches.is_empty() {
        out.push_str(
            "\nThe branches its rule can take, as the explanation panel words them \
             (braces: the numbers of the update shown):\n\n",
        );
        for branch in info.branches {
            out.push_str(&format!("- {}\n", escape(branch)));
        }
    }
    out.push_str("\n## The source\n\n");
    out.push_str(&format!("{}.\n", escape(info.source)));
    out.push_str(&forms(algorithm));
    if !info.size.is_empty() {
        out.push_str(&format!(
            "\nIt takes no `--budget`: its support set's size is set by {}.\n",
            escape(info.size)
        ));
    }
    out.push_str("\n## Settings\n\n");
    out.push_str(&settings_table(algorithm, card));
    out.push_str("\n## What it matches\n\n");
    out.push_str(matches);
    out
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Its families, tasks, reductions, randomness and place in the paper.
fn facts(algorithm: Algorithm, card: &LearnerCard) -> String {
    let info = algorithm.info();
    let mut facts = vec![format!(
        "**Family**: {} (Compare's button `{}`; the menu's `{}` family)",
        family_name(group(algorithm)),
        group(algorithm),
        serde_json::to_value(info.family)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    )];
    facts.push(format!(
        "**Tasks**: classification{}",
        if info.regression {
            " and regression"
        } else {
            ""
        }
    ));
    facts.push(if card.multiclass.is_empty() {
        "**More than two classes**: no reduction takes it".to_string()
    } else {
        format!(
            "**More than two classes**: `--multiclass {}`",
            card.multiclass.join("`, `")
        )
    });
    if info.stochastic {
        facts.push(
            "**Randomised**: it draws random numbers from the session's seeded generator \
             (`--seed`), so the same seed gives the same run"
                .to_string(),
        );
    }
    if info.in_paper {
        facts.push(
            "**In Meng & Song (2023)**: one of the eight kernel learners the paper compares \
             ([reproduced](../../paper.md))"
                .to_string(),
        );
    }
    facts.push(format!(
        "**Try it**: `onlinelearn learn --algo {} --train FILE`; on the page, `#algo={}`",
        info.name, info.name
    ));
    facts.iter().map(|f| format!("- {f}\n")).collect()
}

/// The form settings it reads (paper, authors' code, LIBOL's code): where
/// the project's notes on faithfulness live, one help line each.
fn forms(algorithm: Algorithm) -> String {
    let forms: Vec<Key> = keys_read(algorithm)
        .into_iter()
        .filter(|k| k.spec().name.ends_with("-form") && !algorithm.reduction_uses(*k))
        .collect();
    if forms.is_empty() {
        return "\nIt has one form: no setting picks another source's variant.\n".to_string();
    }
    let mut out = String::from(
        "\nWhere its sources differ, a setting picks the form (the default first):\n\n",
    );
    let defaults = Settings::default();
    for key in forms {
        let spec = key.spec();
        out.push_str(&format!(
            "- `--{}` ({}; default `{}`): {}\n",
            spec.name,
            spec.words.join(", "),
            defaults.text(key),
            escape(spec.help)
        ));
    }
    out
}

/// A row per setting it reads: flag, what it does, range, defaults, when.
fn settings_table(algorithm: Algorithm, card: &LearnerCard) -> String {
    let keys = keys_read(algorithm);
    if keys.is_empty() {
        return "It reads no setting.\n".to_string();
    }
    let defaults = Settings::default();
    let page = Settings::page();
    let read_by_default = (algorithm.info().reads)(&defaults);
    let mut out = String::from(
        "| flag / link key | what it does | values | default | page default | applies |\n|---|---|---|---|---|---|\n",
    );
    for key in keys {
        let spec = key.spec();
        let values = match spec.kind {
            Kind::Choice => spec.words.join(", "),
            _ => spec.range.words(),
        };
        let mut applies = Vec::new();
        if let Some(condition) = spec.when {
            applies.push(format!("with `{}`", condition.words));
        }
        if algorithm.reduction_uses(key) {
            applies.push("with a reduction that reads it".to_string());
        } else if !read_by_default.contains(&key) {
            applies.push("in another form (see the source)".to_string());
        }
        if spec.live {
            applies.push("changes live".to_string());
        } else {
            applies.push("a change replays the samples".to_string());
        }
        let refused: Vec<&str> = card
            .refused
            .iter()
            .filter(|[name, _]| *name == spec.name)
            .map(|[_, word]| *word)
            .collect();
        if !refused.is_empty() {
            applies.push(format!("refuses {}", refused.join(", ")));
        }
        out.push_str(&format!(
            "| `--{}` | {}: {} | {} | `{}` | `{}` | {} |\n",
            spec.name,
            escape(spec.label),
            escape(spec.help),
            escape(&values),
            defaults.text(key),
            page.text(key),
            applies.join("; ")
        ));
    }
    out.push_str(
        "\nA setting it does not read is refused, never ignored \
         ([every flag](../cli.md)).\n",
    );
    out
}
