//! "Be the adversary" (src/exercise/adversary.rs): no strategy that keeps
//! the game's rules forces the page's perceptron into more updates than
//! (R/γ)², the conclusion of Block's and Novikoff's theorem whose
//! conditions the rules are. The adversaries play the session the page
//! plays (clicks, snapped to the log's grid), over every bias mode and
//! learning rate, a concept at any angle, any margin and disc the game
//! allows: a greedy one that always places the point the perceptron gets
//! most wrong, and a random one.

use onlinelearn::exercise::{Arena, Verdict};
use onlinelearn::playground::Page;
use onlinelearn::settings::BiasMode;
use proptest::prelude::*;

const BIASES: [(BiasMode, &str); 3] = [
    (BiasMode::Augmented, "augmented"),
    (BiasMode::Decoupled, "decoupled"),
    (BiasMode::None, "none"),
];

/// A fresh perceptron session (w = 0, nothing on the plane).
fn session(bias: &str, eta: f64) -> Page {
    Page::open(&format!("v=3&algo=perceptron&bias={bias}&lr={eta}"), None).unwrap()
}

/// y w̃·x̃ of the point (x, label) under the session's model now.
fn learner_margin(page: &Page, x: [f64; 2], label: f64) -> f64 {
    let [w1, w2, b] = page.session().model().unwrap();
    label * (w1 * x[0] + w2 * x[1] + b)
}

/// Places a point the arena accepts; returns whether the perceptron updated on it.
fn place(page: &mut Page, arena: &Arena, x: [f64; 2]) -> Option<bool> {
    let judged = arena.judge(x[0], x[1]);
    (judged.verdict == Verdict::Accepted).then(|| {
        let update = page
            .session_mut()
            .click(judged.point[0], judged.point[1], judged.label)
            .unwrap();
        update.aggressive
    })
}

/// The candidates a greedy adversary looks at: a polar grid over the disc.
fn candidates(reach: f64) -> Vec<[f64; 2]> {
    let mut out = Vec::new();
    for ring in 1..=12 {
        let r = reach * ring as f64 / 12.0;
        for k in 0..96 {
            let a = std::f64::consts::TAU * k as f64 / 96.0;
            out.push([r * a.cos(), r * a.sin()]);
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The greedy adversary: each turn, of the points the rules allow, the
    /// one the perceptron gets most wrong (an update whenever one can be
    /// forced), until none is left or 400 turns.
    #[test]
    fn a_greedy_adversary_never_forces_more_than_the_bound(
        angle in 0.0..std::f64::consts::TAU,
        margin in 0.05..0.6f64,
        reach in 0.3..1.4f64,
        bias in 0..3usize,
        eta in 0.05..5.0f64,
    ) {
        prop_assume!(margin < reach * 0.9);
        let (mode, name) = BIASES[bias];
        let arena = Arena::new(angle, margin, reach, mode).unwrap();
        let mut page = session(name, eta);
        let grid: Vec<([f64; 2], f64)> = candidates(reach)
            .into_iter()
            .map(|x| arena.judge(x[0], x[1]))
            .filter(|j| j.verdict == Verdict::Accepted)
            .map(|j| (j.point, j.label))
            .collect();
        prop_assume!(!grid.is_empty());
        let mut updates = 0u64;
        for _turn in 0..400 {
            let worst = grid
                .iter()
                .map(|&(x, y)| (learner_margin(&page, x, y), x))
                .min_by(|a, b| a.0.total_cmp(&b.0))
                .unwrap();
            if worst.0 > 0.0 {
                break; // no point the rules allow can be got wrong any more
            }
            updates += u64::from(place(&mut page, &arena, worst.1).unwrap());
        }
        prop_assert!(updates as f64 <= arena.bound(), "{updates} updates > (R/γ)² = {}", arena.bound());
    }

    /// Points anywhere: those the rules refuse are not learned; the rest
    /// never take the updates past the bound.
    #[test]
    fn a_random_adversary_never_forces_more_than_the_bound(
        angle in 0.0..std::f64::consts::TAU,
        margin in 0.05..0.6f64,
        reach in 0.3..1.4f64,
        bias in 0..3usize,
        points in prop::collection::vec((-1.5..1.5f64, -1.5..1.5f64), 1..300),
    ) {
        prop_assume!(margin < reach * 0.9);
        let (mode, name) = BIASES[bias];
        let arena = Arena::new(angle, margin, reach, mode).unwrap();
        let mut page = session(name, 1.0);
        let mut updates = 0u64;
        let mut learned = 0u64;
        for (x, y) in points {
            if let Some(updated) = place(&mut page, &arena, [x, y]) {
                updates += u64::from(updated);
                learned += 1;
            }
        }
        prop_assert_eq!(page.session().progress().samples, learned);
        prop_assert!(updates as f64 <= arena.bound(), "{updates} updates > (R/γ)² = {}", arena.bound());
    }
}

/// The bound is not loose for nothing: a greedy adversary forces several
/// updates (so the test above plays a real game), and a point refused by
/// the rules is never learned.
#[test]
fn the_greedy_adversary_forces_updates_and_refused_points_are_not_learned() {
    let arena = Arena::new(0.3, 0.2, 1.0, BiasMode::None).unwrap();
    let mut page = session("none", 1.0);
    let grid: Vec<[f64; 2]> = candidates(1.0)
        .into_iter()
        .filter(|x| arena.judge(x[0], x[1]).verdict == Verdict::Accepted)
        .collect();
    let mut updates = 0;
    for _ in 0..100 {
        let pick = grid.iter().copied().find(|&x| {
            let j = arena.judge(x[0], x[1]);
            learner_margin(&page, j.point, j.label) <= 0.0
        });
        let Some(x) = pick else { break };
        updates += u64::from(place(&mut page, &arena, x).unwrap());
    }
    assert!(updates >= 3, "only {updates} updates forced");
    assert!(updates as f64 <= arena.bound());
    let before = page.session().progress().samples;
    assert_eq!(
        place(&mut page, &arena, [0.05, 0.0]),
        None,
        "within the margin"
    );
    assert_eq!(
        place(&mut page, &arena, [1.2, 0.0]),
        None,
        "outside the disc"
    );
    assert_eq!(page.session().progress().samples, before);
}
