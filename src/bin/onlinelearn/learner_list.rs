//! The learners as `--help` lists them under `--algo` and `--algos`: every
//! name, grouped by the registry's families (Compare's buttons on the page,
//! `onlinelearn::registry::GROUPS`), each with its rule in a line, from the
//! same `Info` the page's explanation panel reads, so the list cannot drift
//! from the registry.

use onlinelearn::registry::{group, GROUPS};
use onlinelearn::Algorithm;

/// A family's name for people, as the page's Compare buttons say it
/// (www/js/compare-families.js).
pub fn family_name(group: &str) -> &'static str {
    match group {
        "linear" => "The perceptron and PA",
        "pocket" => "The pockets",
        "second-order" => "AROW and SCW",
        "libol" => "LIBOL's binary learners",
        "relatives" => "The perceptron's relatives",
        "kernel" => "The kernel learners",
        _ => "Other learners",
    }
}

/// `what`, then the learners by family: `  name  rule` lines.
pub fn learner_help(what: &str) -> String {
    let width = Algorithm::ALL
        .iter()
        .map(|a| a.name().len())
        .max()
        .unwrap_or(0);
    let mut out = format!(
        "{what} One of these {} (--help of any setting says which of them use it):",
        Algorithm::ALL.len()
    );
    for family in GROUPS {
        out.push_str(&format!("\n\n{}:", family_name(family)));
        for algorithm in Algorithm::ALL.iter().filter(|&&a| group(a) == family) {
            let rule = algorithm.info().rule.split_whitespace().collect::<Vec<_>>();
            out.push_str(&format!(
                "\n  {:<width$}  {}",
                algorithm.name(),
                rule.join(" ")
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_learner_is_listed_once_under_its_family() {
        let text = learner_help("The learner.");
        for &a in Algorithm::ALL {
            let line = format!("\n  {} ", a.name());
            assert_eq!(text.matches(&line).count(), 1, "{}", a.name());
        }
        for family in GROUPS {
            assert!(text.contains(&format!("{}:", family_name(family))));
        }
    }
}
