//! The budget frontier: a kernel learner's held-out error against the size
//! of its support set, at a few sizes. Meng & Song (2023) claim ALD
//! projection errs least "when the dictionary is small": a claim about
//! this frontier, which `onlinelearn frontier` and the page's Compare view
//! draw.
//!
//! A learner reaches a size one of two ways ([`Sizing`]):
//!
//! - its setting caps the set (a budget, APSM's dictionary L): the size
//!   is that setting's value, and the set holds at most that many;
//! - its setting sets the size only indirectly (the Projectron's η, ALD's
//!   ν, SPA's β, OLRU's c): the value that reaches a size is searched for
//!   ([`search`]), on one run, and the size it reached is what is
//!   reported, never the size asked for.
//!
//! Every knob is searched on one scale, a position s from 0 (the largest
//! set the knob allows) to 1 (the smallest), so that the one search fits
//! them all ([`Knob::value`]).

pub mod search;
pub mod sliced;

use crate::features::Features;
use crate::kernel::{Kernel, KernelSpec};
use crate::registry::Algorithm;
use crate::settings::{Key, Settings};

/// How a learner's support set is brought to a size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Sizing {
    /// The setting is a hard cap: a size is its value.
    Cap(Key),
    /// The setting moves the size without capping it: searched for.
    Knob(Knob),
}

/// Why a learner has no size to set.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Unsized {
    /// Not a kernel learner: it keeps weights, no support set.
    NoSupportSet,
    /// A kernel learner that keeps no support vectors (FOGD's random
    /// features): its size is its `Key`, not a support set's.
    NoVectors(Key),
    /// Its size setting does not apply at these settings (OLRD's and
    /// SPA's authors forms): the setting, and the learner's own words on
    /// what sets its size.
    NotInForce(Key),
}

/// A setting that moves the size of the set, with the scale it is
/// searched on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Knob {
    pub key: Key,
    scale: Scale,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Scale {
    /// A threshold on the distance from the set's span (η) or on its
    /// square (ν), from 0 (every sample that qualifies joins) to just
    /// under the largest possible, √k(x,x) or k(x,x) (almost none joins).
    /// Close to the top a small change matters (a3a at σ = 1 keeps ~200
    /// vectors at ν = 0.9999, ~1,800 at 0.1): the gap below the top moves
    /// over eight decades, 10^(−8s).
    BelowTop { squared: bool },
    /// The divisor of a sampling probability (SPA's p = min(α, ℓ)/β):
    /// from β = α (p = min(α, ℓ)/α) up six decades.
    Divisor,
    /// The factor of a probability (OLRU's P = min(1, c T^−a)): from the
    /// c that makes P = 1 down six decades.
    Factor,
}

/// Decades the gap below the top moves over.
const TOP_DECADES: f64 = 8.0;
/// Decades a probability's divisor or factor moves over.
const PROBABILITY_DECADES: f64 = 6.0;

/// How `algorithm` is brought to a size at `settings`.
pub fn sizing(algorithm: Algorithm, settings: &Settings) -> Result<Sizing, Unsized> {
    let sweep = match algorithm.info().sweep {
        Some(sweep) if algorithm.is_kernel() => sweep,
        _ => return Err(Unsized::NoSupportSet),
    };
    let key = sweep.key;
    let sizing = match key {
        Key::Budget | Key::Dictionary => Sizing::Cap(key),
        Key::Eta => knob(key, Scale::BelowTop { squared: false }),
        Key::Nu => knob(key, Scale::BelowTop { squared: true }),
        Key::SpaBeta => knob(key, Scale::Divisor),
        Key::OlruC => knob(key, Scale::Factor),
        // FOGD's D features, and any size setting without a rule here.
        _ => return Err(Unsized::NoVectors(key)),
    };
    // With the setting given a value (a budget must be some number to cap).
    let mut probe = settings.clone();
    probe
        .set_number(key, sweep.values[0])
        .expect("a sweep's values are in range");
    if !algorithm.settings_in_force(&probe).contains(&key) {
        return Err(Unsized::NotInForce(key));
    }
    Ok(sizing)
}

fn knob(key: Key, scale: Scale) -> Sizing {
    Sizing::Knob(Knob { key, scale })
}

/// The learners with a size to set at `settings`, in the registry's order.
pub fn sized_learners(settings: &Settings) -> Vec<Algorithm> {
    Algorithm::ALL
        .iter()
        .copied()
        .filter(|&a| sizing(a, settings).is_ok())
        .collect()
}

impl Sizing {
    /// The setting that sets the size.
    pub fn key(self) -> Key {
        match self {
            Sizing::Cap(key) => key,
            Sizing::Knob(knob) => knob.key,
        }
    }
}

impl Knob {
    /// The knob's value at position `s` in [0, 1] (0: the largest set it
    /// allows, 1: the smallest), rounded to three significant digits of
    /// what moves (the gap below the top, the divisor, the factor), so
    /// that it reads well and `learn` reads its text back to the same
    /// number. `top`: the largest k(x, x) of the data ([`largest_self_kernel`]).
    pub fn value(&self, s: f64, settings: &Settings, top: f64) -> f64 {
        let s = s.clamp(0.0, 1.0);
        match self.scale {
            Scale::BelowTop { squared } => {
                let top = if squared { top } else { top.sqrt() };
                let gap = top * 10f64.powf(-TOP_DECADES * s);
                let decimals = 2 - gap.log10().floor() as i32;
                decimal(top - gap, decimals).max(0.0)
            }
            Scale::Divisor => {
                let alpha = settings.spa_alpha;
                significant(alpha * 10f64.powf(PROBABILITY_DECADES * s), f64::round).max(alpha)
            }
            Scale::Factor => {
                let horizon = crate::kernel::olru::horizon(settings) as f64;
                // Rounded up: at s = 0, P is 1, not a hair under it.
                let one = horizon.powf(settings.olru_a);
                significant(one * 10f64.powf(-PROBABILITY_DECADES * s), f64::ceil)
            }
        }
    }

    /// Whether the knob's value depends on the data's largest k(x, x).
    pub fn needs_top(&self) -> bool {
        matches!(self.scale, Scale::BelowTop { .. })
    }
}

/// `settings` with the size setting at `value` (a budget's count, a
/// knob's number).
pub fn sized(settings: &Settings, key: Key, value: f64) -> crate::error::Result<Settings> {
    let mut s = settings.clone();
    s.set_number(key, value)?;
    Ok(s)
}

/// The largest k(x, x) over `rows`: 1 for the Gaussian kernel without
/// looking, else the largest of the rows' own.
pub fn largest_self_kernel<'a>(
    kernel: KernelSpec,
    rows: impl Iterator<Item = Features<'a>>,
) -> f64 {
    if kernel.gaussian_sigma().is_some() {
        return 1.0;
    }
    rows.map(|x| kernel.self_similarity(x))
        .fold(0.0, f64::max)
        .max(f64::MIN_POSITIVE)
}

/// `v` with `decimals` decimals, read back from its text, so that the
/// shortest text of the result is those digits ("0.99999683", not
/// "0.9999968299999999").
fn decimal(v: f64, decimals: i32) -> f64 {
    let decimals = decimals.clamp(0, 17) as usize;
    crate::number::parse(&format!("{v:.decimals$}")).unwrap_or(v)
}

/// `v` to three significant digits, rounded by `round` (to nearest, up).
fn significant(v: f64, round: fn(f64) -> f64) -> f64 {
    if !(v > 0.0) || !v.is_finite() {
        return v;
    }
    let exponent = v.log10().floor() as i32;
    let unit = 10f64.powi(exponent - 2);
    let digits = round(v / unit);
    if exponent >= 2 {
        digits * unit
    } else {
        decimal(digits * unit, 2 - exponent)
    }
}

#[cfg(test)]
mod tests;
