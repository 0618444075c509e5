//! `onlinelearn replay LINK --frontier SIZES`: Compare's budget sweep as the
//! page computes it (www/js/frontier-chart.js, src/frontier/sliced.rs),
//! here with `onlinelearn frontier`'s own code (one ordering, the link's
//! seed as `--seed`) on the same data: each panel's points on the plane
//! and its held-out set. The page's "Copy as command" beside the sweep
//! gives this command; tests/e2e/frontier.test.mjs runs it.

use onlinelearn::frontier::sizing;
use onlinelearn::paper::frontier::{run, Setup};
use onlinelearn::playground::Page;

/// One line per panel and size: the learner, the size asked, the setting
/// and its value, the support size reached, the held-out accuracy (every
/// digit) and the mistakes on the points. A panel without a support set
/// says so; when no panel has one, that is the error.
pub fn frontier_lines(pages: &mut [Page], sizes: &[usize]) -> Result<String, String> {
    let mut out = String::new();
    let mut sized = 0;
    for page in pages.iter_mut() {
        let session = page.session_mut();
        let (algorithm, settings) = (session.algorithm(), session.settings().clone());
        if sizing(algorithm, &settings).is_err() {
            out.push_str(&format!(
                "{}: no support-set size to set\n",
                algorithm.name()
            ));
            continue;
        }
        sized += 1;
        let (train, test) = session.frontier_data().map_err(|e| e.to_string())?;
        let setup = Setup {
            sizes: sizes.to_vec(),
            first_seed: settings.seed,
            orderings: 1,
            threads: 1,
        };
        let points = run(
            &train,
            &test,
            &[algorithm],
            &settings,
            &setup,
            &|_, _, _| {},
        )
        .map_err(|e| e.to_string())?;
        for p in points {
            let r = p.runs[0];
            out.push_str(&format!(
                "{}: size {}: {} {} -> {} support vectors, held-out accuracy {}, {} mistakes\n",
                algorithm.name(),
                p.target,
                p.key.name(),
                p.value,
                r.support_size,
                r.test_accuracy,
                r.mistakes
            ));
        }
    }
    if sized == 0 {
        // Not one panel has a size to sweep: a refusal, not a result.
        return Err(out.trim_end().to_string());
    }
    Ok(out)
}
