//! `learn --theory`: the theory layer (`onlinelearn::theory`) over the
//! run. Every training sample is stored in file order; each round of each
//! pass is recorded against the sample it was (a second pass counts every
//! sample twice); the report comes once, at the end, and its solve is
//! timed apart from learning. A kernel learner is judged in the feature
//! space of its kernel (`onlinelearn::theory::kernel`, printed by
//! `kernel_theory.rs`), every other learner in the space of its x.

use std::io::{self, Write};
use std::ops::Range;
use std::time::Instant;

use onlinelearn::eval::Progress;
use onlinelearn::theory::kernel::{KernelReport, KernelTheory};
use onlinelearn::theory::{Report, Theory, ZeroOne};
use onlinelearn::{Algorithm, AnyLearner, Dataset, Features, Learner, Settings, Update};
use serde::Serialize;

/// The theory of one run, and the seconds its report took.
pub struct Outcome {
    pub report: Reported,
    pub seconds: f64,
}

/// A report of either layer (the JSON's `"theory"` object is the one of
/// the learner's layer: a kernel learner's names its `"space"`).
#[derive(Serialize)]
#[serde(untagged)]
pub enum Reported {
    Linear(Report),
    Kernel(KernelReport),
}

/// The layer that judges a learner.
enum Layer {
    Linear(Box<Theory>),
    Kernel(Box<KernelTheory>),
}

impl Layer {
    fn new(algorithm: Algorithm, settings: &Settings) -> onlinelearn::Result<Self> {
        Ok(if algorithm.is_kernel() {
            Layer::Kernel(Box::new(KernelTheory::new(algorithm, settings)?))
        } else {
            Layer::Linear(Box::new(Theory::new(algorithm, settings)?))
        })
    }

    fn add(&mut self, x: Features<'_>, y: f64) -> onlinelearn::Result<usize> {
        match self {
            Layer::Linear(t) => t.add(x, y),
            Layer::Kernel(t) => t.add(x, y),
        }
    }

    fn record(&mut self, i: usize, update: &Update) -> onlinelearn::Result<()> {
        match self {
            Layer::Linear(t) => t.record(i, update),
            Layer::Kernel(t) => t.record(i, update),
        }
    }

    fn report(&mut self) -> Reported {
        match self {
            Layer::Linear(t) => Reported::Linear(t.report(ZeroOne::Compute)),
            Layer::Kernel(t) => Reported::Kernel(t.report()),
        }
    }
}

/// Refuses `--theory` for what it does not cover, before any file is read.
pub fn check(algorithms: &[Algorithm], settings: &Settings) -> Result<(), String> {
    for &a in algorithms {
        Layer::new(a, settings).map_err(|e| format!("--theory: {e}"))?;
    }
    Ok(())
}

/// The refusal for data of more than two classes.
pub fn refuse_classes(file: &str, classes: usize) -> String {
    format!(
        "--theory covers two classes (its margins are y·f(x) with y = ±1); {file} has {classes}: learn it without --theory"
    )
}

/// The theory of a run while it learns, and the order of the pass being
/// learned (row r of the pass is training sample `order[r]`; none: file
/// order).
pub struct Tracker {
    theory: Layer,
    pub order: Option<Vec<usize>>,
}

/// A theory holding every training sample, none learned yet.
pub fn start(algorithm: Algorithm, settings: &Settings, data: &Dataset) -> Result<Tracker, String> {
    let mut theory = Layer::new(algorithm, settings).map_err(|e| e.to_string())?;
    for i in 0..data.len() {
        theory
            .add(data.row(i), data.label(i))
            .map_err(|e| format!("--theory: sample {}: {e}", i + 1))?;
    }
    Ok(Tracker {
        theory,
        order: None,
    })
}

impl Tracker {
    /// Learns `rows` of the pass `ordered` one at a time (the same updates
    /// as batch learning, which the conformance tests check) and records
    /// each round against its training sample.
    pub fn learn_rows(
        &mut self,
        learner: &mut AnyLearner,
        ordered: &Dataset,
        rows: Range<usize>,
        progress: &mut Progress,
    ) {
        for r in rows {
            let y = ordered.label(r);
            let update = learner.learn_one(ordered.row(r), y);
            progress.record(y, &update);
            let sample = self.order.as_ref().map_or(r, |o| o[r]);
            self.theory
                .record(sample, &update)
                .expect("every training row was added");
        }
    }
}

/// The report at the end of the run, timed.
pub fn finish(tracker: Tracker) -> Outcome {
    let mut theory = tracker.theory;
    let clock = Instant::now();
    let report = theory.report();
    Outcome {
        report,
        seconds: clock.elapsed().as_secs_f64(),
    }
}

pub(crate) fn number(v: f64) -> String {
    if v == 0.0 || (1e-3..1e6).contains(&v.abs()) {
        format!("{v:.4}")
    } else {
        format!("{v:.4e}")
    }
}

fn vector(u: &[f64]) -> String {
    const SHOWN: usize = 6;
    let mut parts: Vec<String> = u.iter().take(SHOWN).map(|&v| number(v)).collect();
    if u.len() > SHOWN {
        parts.push(format!("… {} more", u.len() - SHOWN));
    }
    format!("({})", parts.join(", "))
}

/// The text report's theory section.
pub fn print(out: &mut dyn Write, o: &Outcome) -> io::Result<()> {
    let r = match &o.report {
        Reported::Linear(r) => r,
        Reported::Kernel(r) => return crate::kernel_theory::print(out, r, o.seconds),
    };
    writeln!(
        out,
        "  theory                over {} samples, {} rounds",
        r.samples, r.rounds
    )?;
    writeln!(out, "    bias                {}", r.bias_form)?;
    writeln!(out, "    R = max ‖x‖         {}", number(r.radius))?;
    writeln!(out, "    separable           {}", r.separability)?;
    if let (Some(margin), Some(u)) = (r.margin, &r.hard_margin_u) {
        writeln!(
            out,
            "    hard margin         γ* = {}, u* = {}",
            number(margin),
            vector(u)
        )?;
    }
    let h = &r.hinge_best;
    writeln!(out,
        "    hinge best          min ½‖u‖² + C Σ max(0, 1 − y u·x) = {} at C = {} (duality gap {}), u = {}",
        number(h.value),
        number(h.c),
        number(h.duality_gap),
        vector(&h.u)
    )?;
    if let Some(s) = &r.squared_hinge_best {
        writeln!(out,
            "    squared hinge best  min ½‖u‖² + C Σ max(0, 1 − y u·x)² = {} at C = {} (duality gap {}), u = {}",
            number(s.value),
            number(s.c),
            number(s.duality_gap),
            vector(&s.u)
        )?;
    }
    match &r.zero_one_best {
        Some(z) => writeln!(
            out,
            "    fewest mistakes     {} by the best line (exact, over the rounds)",
            z.mistakes
        )?,
        None => writeln!(
            out,
            "    fewest mistakes     - (computed for two features only)"
        )?,
    }
    print_bounds(out, &r.bounds)?;
    let g = &r.regret;
    let zero_one = g.zero_one.map_or("-".to_string(), |z| {
        format!("{z} ({:.4} a round)", g.zero_one_per_round.unwrap_or(0.0))
    });
    writeln!(out,
        "    regret              hinge {} ({} a round) against the hinge best; mistakes {} against the best line",
        number(g.hinge),
        number(g.hinge_per_round),
        zero_one
    )?;
    writeln!(out, "    solved in           {:.3} s", o.seconds)?;
    Ok(())
}

fn comparator_name(c: onlinelearn::theory::Comparator) -> &'static str {
    use onlinelearn::theory::Comparator;
    match c {
        Comparator::HardMargin => "u = u*",
        Comparator::HingeMinimiser => "u = the hinge best",
        Comparator::SquaredHingeMinimiser => "u = the squared hinge best",
    }
}

/// Each bound: its value against the learner's count, or why none; and
/// the theorem's statement.
pub(crate) fn print_bounds(
    out: &mut dyn Write,
    bounds: &[onlinelearn::theory::Bound],
) -> io::Result<()> {
    for b in bounds {
        let actual = if b.counts == "Σℓ_t²" {
            number(b.actual)
        } else {
            format!("{}", b.actual)
        };
        match b.value {
            Some(value) => writeln!(
                out,
                "    {:<28}{} {} ≤ {} ({}; at {}{})",
                b.name,
                b.counts,
                actual,
                number(value),
                b.source,
                b.at.map_or("-", comparator_name),
                b.gamma
                    .map_or(String::new(), |g| format!(", γ = {}", number(g)))
            )?,
            None => writeln!(
                out,
                "    {:<28}{} = {}; no bound: {}{}",
                b.name,
                b.counts,
                actual,
                b.reason.map_or("-", |r| r.text()),
                // A line without a paper (no bound transcribed) names none.
                if b.source.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", b.source)
                }
            )?,
        }
        writeln!(out, "      theorem: {}", b.statement)?;
    }
    Ok(())
}
