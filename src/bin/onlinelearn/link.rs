//! Page addresses: the hash out of a link as given (a whole address, `#...`
//! or the hash alone), the page's own keys as the page writes them, and
//! the address printed by `--link`.

use onlinelearn::playground::Page;

/// `--link` and `--link-base` of `learn` and `compare`.
#[derive(clap::Args)]
pub struct LinkArgs {
    /// Print the page address that opens this run, last (2-D data: its
    /// points in the link; wider data: the link that asks for the file).
    #[arg(long)]
    pub link: bool,
    /// The page's address for --link.
    #[arg(long, value_name = "URL", default_value = DEFAULT_LINK_BASE, requires = "link")]
    pub link_base: String,
}

/// Where `cargo xtask serve` serves the page (README, "Try it").
pub const DEFAULT_LINK_BASE: &str = "http://127.0.0.1:8000/";

/// Compare's learners when a link names none (the page's default, state.js).
const DEFAULT_COMPARED: [&str; 2] = ["pa", "pa1"];
/// Compare shows up to this many learners (state.js's MAX_COMPARED).
const MAX_COMPARED: usize = 16;
const LANGUAGES: [&str; 4] = ["en", "it", "zh-CN", "ja"];

/// The keys of a link that are neither a setting nor the session's own
/// (`file`, `was`): the page's (www/js/state.js, PAGE_KEYS), an exercise's
/// (EXERCISE_KEYS) and an embedded frame's (book/src/embedding.md).
pub const PAGE_KEYS: [&str; 21] = [
    "view", "speed", "algos", "lang", "theory", "truth", "at", "empty", "exercise", "rounds",
    "tries", "score", "reveal", "controls", "explain", "curves", "frontier", "autoplay", "label",
    "file", "was",
];

/// Refuses a link key that is none of PAGE_KEYS (the link's parser keeps
/// every such key for the page; `replay` does not ignore one silently).
pub fn check_page_keys(extras: &[(String, String)]) -> Result<(), String> {
    match extras
        .iter()
        .find(|(k, _)| !PAGE_KEYS.contains(&k.as_str()))
    {
        Some((key, _)) => Err(format!(
            "the link's key '{key}' is neither a setting nor one of the page's keys ({})",
            PAGE_KEYS.join(", ")
        )),
        None => Ok(()),
    }
}

/// The hash of a link: whatever follows the first `#` of an address, or
/// the text itself when it has none and reads as a hash (`v=3&algo=...`).
pub fn hash_of(link: &str) -> Result<String, String> {
    let link = link.trim();
    let hash = match link.split_once('#') {
        Some((_, hash)) => hash,
        None if link.contains("://") => return Err(
            "the link has no '#...' part: copy the whole address, with the session after its '#'"
                .into(),
        ),
        None => link,
    };
    if hash.is_empty() {
        return Err("the link is empty: copy the whole address, with its '#...'".into());
    }
    Ok(hash.to_string())
}

/// The page's view and the learners of its panels: one panel (`None`, the
/// link's own learner) or Compare's, one per learner.
pub fn panels(extras: &[(String, String)]) -> Result<Vec<Option<String>>, String> {
    let view = value(extras, "view");
    if view != Some("compare") {
        return Ok(vec![None]);
    }
    let named: Vec<String> = match value(extras, "algos") {
        Some(list) => {
            let mut named: Vec<String> = Vec::new();
            for name in list.split(',').filter(|n| !n.is_empty()) {
                name.parse::<onlinelearn::Algorithm>()
                    .map_err(|e| format!("the link's algos: {e}"))?;
                if !named.iter().any(|n| n == name) {
                    named.push(name.to_string());
                }
            }
            named
        }
        None => DEFAULT_COMPARED.iter().map(|s| s.to_string()).collect(),
    };
    if !(2..=MAX_COMPARED).contains(&named.len()) {
        return Err(format!(
            "the link's algos names {} learners; Compare shows 2 to {MAX_COMPARED}",
            named.len()
        ));
    }
    Ok(named.into_iter().map(Some).collect())
}

/// The page's keys as the page writes them into a saved model's `state`
/// (www/js/state.js, `pageExtras`): every key, with its default where the
/// link has none or one the page leaves out.
pub fn page_extras(page: &Page) -> String {
    let extras = pairs(&page.extras());
    let regression = page.live().task() == onlinelearn::Task::Regression;
    let view = match value(&extras, "view") {
        _ if regression => "regress",
        Some("regress") | None => "classify",
        Some(v @ ("classify" | "compare" | "epochs")) => v,
        Some(_) => "classify",
    };
    let speed = value(&extras, "speed")
        .and_then(|s| s.parse::<f64>().ok())
        .filter(|s| (1.0..=100_000.0).contains(s))
        .map_or(100, |s| s.round() as u64);
    let algos = value(&extras, "algos")
        .and_then(panels_of)
        .unwrap_or_else(|| DEFAULT_COMPARED.iter().map(|s| s.to_string()).collect());
    let mut text = format!("view={view}&speed={speed}&algos={}", algos.join(","));
    if let Some(lang) = value(&extras, "lang").filter(|l| LANGUAGES.contains(l)) {
        text.push_str(&format!("&lang={lang}"));
    }
    if value(&extras, "theory") == Some("1") {
        text.push_str("&theory=1");
    }
    if value(&extras, "truth") == Some("1") {
        text.push_str("&truth=1");
    }
    text
}

/// A link's `algos`, as the page keeps them (None: the page's default).
fn panels_of(list: &str) -> Option<Vec<String>> {
    let pairs = [
        ("view".to_string(), "compare".to_string()),
        ("algos".to_string(), list.to_string()),
    ];
    panels(&pairs)
        .ok()
        .map(|p| p.into_iter().flatten().collect())
}

/// The address of the page that opens `hash`.
pub fn address(base: &str, hash: &str) -> String {
    format!("{}#{hash}", base.split('#').next().unwrap_or(base))
}

fn pairs(text: &str) -> Vec<(String, String)> {
    text.split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (k.to_string(), v.to_string())
        })
        .collect()
}

fn value<'a>(pairs: &'a [(String, String)], key: &str) -> Option<&'a str> {
    pairs
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_is_what_follows_the_first_hash_sign() {
        assert_eq!(
            hash_of("http://h:8000/#v=3&algo=pa").unwrap(),
            "v=3&algo=pa"
        );
        assert_eq!(hash_of("#v=3").unwrap(), "v=3");
        assert_eq!(hash_of("v=3&algo=pa").unwrap(), "v=3&algo=pa");
        assert!(hash_of("http://h:8000/index.html")
            .unwrap_err()
            .contains("'#"));
        assert!(hash_of("http://h/#").is_err());
    }

    #[test]
    fn compare_names_its_learners_once_each_and_refuses_unknown_ones() {
        let pairs = |a: &str| {
            vec![
                ("view".to_string(), "compare".to_string()),
                ("algos".to_string(), a.to_string()),
            ]
        };
        assert_eq!(
            panels(&pairs("pa,pa1,pa")).unwrap(),
            [Some("pa".into()), Some("pa1".into())]
        );
        assert!(panels(&pairs("pa,nope")).unwrap_err().contains("nope"));
        assert!(panels(&pairs("pa")).unwrap_err().contains("2 to 16"));
        assert_eq!(panels(&[]).unwrap(), [None]);
    }
}
