//! The figures' colours, in one place for the paper's figures
//! (paper_plots) and the frontier's (frontier_plot): a paper learner has
//! the same colour in both.

use onlinelearn::Algorithm;
use plotters::style::RGBColor;

/// What drawing a figure returns.
pub type Result = std::result::Result<(), Box<dyn std::error::Error>>;

/// A colour as its hex code is written.
const fn rgb(hex: u32) -> RGBColor {
    RGBColor((hex >> 16) as u8, (hex >> 8) as u8, hex as u8)
}

/// One colour per paper learner, in the registry's order (Tableau 10: far
/// apart in hue and lightness, and readable by most colour-blind readers).
const PAPER: [RGBColor; 8] = [
    rgb(0x4e79a7),
    rgb(0xf28e2b),
    rgb(0x59a14f),
    rgb(0xb07aa1),
    rgb(0x9c755f),
    rgb(0x76b7b2),
    rgb(0xedc948),
    rgb(0xe15759),
];

/// The learners beyond the paper's eight (Dark2, then two more far from
/// it and from the paper's colours).
const FIELD: [RGBColor; 10] = [
    rgb(0x1b9e77),
    rgb(0xd95f02),
    rgb(0x7570b3),
    rgb(0xe7298a),
    rgb(0x66a61e),
    rgb(0xe6ab02),
    rgb(0xa6761d),
    rgb(0x666666),
    rgb(0x17becf),
    rgb(0x1d232b),
];

/// A paper learner's colour.
pub fn colour(algorithm: Algorithm) -> RGBColor {
    let i = Algorithm::in_paper()
        .position(|a| a == algorithm)
        .unwrap_or(0);
    PAPER[i % PAPER.len()]
}

/// The colour of the `i`-th learner beyond the paper's (from 0).
pub fn field_colour(i: usize) -> RGBColor {
    FIELD[i % FIELD.len()]
}
