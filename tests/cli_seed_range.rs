//! `--seed` past 2^53 − 1 (the largest whole number a link's JavaScript
//! reads exactly) is refused by every subcommand, never rounded; the range
//! says `random` where `random` is accepted.

mod command;

use command::{assert_learn_refused, fixture, run, stderr};

/// `stream` of two moons samples with `seed`.
fn stream_with_seed(seed: &str) -> std::process::Output {
    run(&["stream", "--preset", "moons", "--n", "2", "--seed", seed])
}

#[test]
fn stream_refuses_a_seed_above_two_to_the_53_minus_one() {
    let err = stderr(&stream_with_seed("9007199254740993"));
    assert!(err.contains("0 to 9007199254740991"), "{err}");
    // stream has no `random`: its message does not offer it.
    assert!(!err.contains("random"), "{err}");
    // The largest seed is a seed.
    assert!(stream_with_seed("9007199254740991").status.success());
}

#[test]
fn the_seed_range_of_learn_mentions_random() {
    assert_learn_refused(
        "--algo pa1 --seed 9007199254740993",
        &fixture("libol_noisy.csv"),
        "random",
    );
}
