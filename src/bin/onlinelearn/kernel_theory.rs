//! `learn --theory` for a kernel learner: the text section of the kernel
//! theory layer (`onlinelearn::theory::kernel`), in the feature space of
//! the learner's kernel, named first.

use std::io::{self, Write};

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
pub fn print(out: &mut dyn Write, r: &KernelReport, seconds: f64) -> io::Result<()> {
    writeln!(
        out,
        "  theory                over {} samples, {} rounds, in {}",
        r.samples, r.rounds, r.space
    )?;
    writeln!(out, "    in the theorems     x is φ(x), and x·z is k(x, z)")?;
    writeln!(out, "    R = max √k(x,x)     {}", number(r.radius))?;
    writeln!(out, "    separable           {}", r.separability)?;
    if let (Some(margin), Some(hard)) = (r.margin, &r.hard_margin) {
        writeln!(
            out,
            "    hard margin         γ* = 1/‖u*‖ = {} in the feature space, {} support vectors",
            number(margin),
            hard.support
        )?;
    }
    writeln!(
        out,
        "    hinge best          min ½‖u‖² + C Σ max(0, 1 − y u·φ(x)) {}",
        best(&r.hinge_best)
    )?;
    if let Some(s) = &r.squared_hinge_best {
        writeln!(
            out,
            "    squared hinge best  min ½‖u‖² + C Σ max(0, 1 − y u·φ(x))² {}",
            best(s)
        )?;
    }
    if r.removals > 0 {
        writeln!(
            out,
            "    budget              {} support vectors removed to keep the budget",
            r.removals
        )?;
    }
    print_bounds(out, &r.bounds)?;
    let g = &r.regret;
    writeln!(
        out,
        "    regret              hinge {} ({} a round) against the hinge best of the feature space",
        number(g.hinge),
        number(g.hinge_per_round)
    )?;
    writeln!(out, "    solved in           {seconds:.3} s")?;
    Ok(())
}
