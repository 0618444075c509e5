//! `learn --theory` for a kernel learner: the text section of the kernel
//! theory layer (`onlinelearn::theory::kernel`), in the feature space of
//! the learner's kernel, named first.

use onlinelearn::theory::kernel::{KernelBest, KernelReport};

use crate::theory::{number, print_bounds};

fn best(b: &KernelBest) -> String {
    format!(
        "= {} at C = {} (duality gap {}), ‖u‖ = {}, {} support vectors{}",
        number(b.value),
        number(b.c),
        number(b.duality_gap),
        number(b.norm),
        b.support,
        if b.converged {
            ""
        } else {
            " (stopped at its epoch limit)"
        }
    )
}

/// The text report's theory section for a kernel learner.
pub fn print(r: &KernelReport, seconds: f64) {
    println!(
        "  theory                over {} samples, {} rounds, in {}",
        r.samples, r.rounds, r.space
    );
    println!("    in the theorems     x is φ(x), and x·z is k(x, z)");
    println!("    R = max √k(x,x)     {}", number(r.radius));
    println!("    separable           {}", r.separability);
    if let (Some(margin), Some(hard)) = (r.margin, &r.hard_margin) {
        println!(
            "    hard margin         γ* = 1/‖u*‖ = {} in the feature space, {} support vectors",
            number(margin),
            hard.support
        );
    }
    println!(
        "    hinge best          min ½‖u‖² + C Σ max(0, 1 − y u·φ(x)) {}",
        best(&r.hinge_best)
    );
    if let Some(s) = &r.squared_hinge_best {
        println!(
            "    squared hinge best  min ½‖u‖² + C Σ max(0, 1 − y u·φ(x))² {}",
            best(s)
        );
    }
    if r.removals > 0 {
        println!(
            "    budget              {} support vectors removed to keep the budget",
            r.removals
        );
    }
    print_bounds(&r.bounds);
    let g = &r.regret;
    println!(
        "    regret              hinge {} ({} a round) against the hinge best of the feature space",
        number(g.hinge),
        number(g.hinge_per_round)
    );
    println!("    solved in           {seconds:.3} s");
}
