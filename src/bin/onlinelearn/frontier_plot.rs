//! `frontier --svg`: test error against support-set size (log scale), one
//! line per learner through its sizes, each point with a bar of ± one
//! standard error; the paper's eight learners solid, in the paper
//! figures' colours, the others dashed. The legend sits beside the chart,
//! where seventeen names do not hide a line.

use std::path::Path;

use onlinelearn::paper::frontier::Point;
use onlinelearn::Algorithm;
use plotters::element::DashedPathElement;
use plotters::prelude::*;

use crate::palette::{colour, field_colour, Result};
use crate::paper_plots::tick;

const WIDTH: u32 = 1100;
const HEIGHT: u32 = 620;
const LEGEND_WIDTH: u32 = 250;

/// A learner's colour, and whether it is one of the paper's (solid).
fn style(algorithm: Algorithm, learners: &[Algorithm]) -> (RGBColor, bool) {
    if algorithm.info().in_paper {
        return (colour(algorithm), true);
    }
    let others = learners.iter().filter(|a| !a.info().in_paper);
    let i = others.take_while(|&&a| a != algorithm).count();
    (field_colour(i), false)
}

/// A learner's points: (mean size, mean error, error's standard error), by size.
fn series(algorithm: Algorithm, points: &[Point]) -> Vec<(f64, f64, f64)> {
    let mut p: Vec<(f64, f64, f64)> = points
        .iter()
        .filter(|p| p.algorithm == algorithm)
        .map(|p| (p.support().mean.max(1.0), p.error().mean, p.error().se()))
        .collect();
    p.sort_by(|a, b| a.0.total_cmp(&b.0));
    p
}

/// `sizes`: the sizes asked for, the x axis's labelled ticks (with its
/// ends, where the sets reached fall outside them).
pub fn figure(
    path: &Path,
    title: &str,
    learners: &[Algorithm],
    sizes: &[usize],
    points: &[Point],
) -> Result {
    let root = SVGBackend::new(path, (WIDTH, HEIGHT)).into_drawing_area();
    root.fill(&WHITE)?;
    let root = root.titled(title, ("sans-serif", 15))?;
    let (left, right) = root.split_horizontally(WIDTH - LEGEND_WIDTH);
    let all: Vec<(f64, f64, f64)> = learners.iter().flat_map(|&a| series(a, points)).collect();
    let x_max = all.iter().map(|p| p.0).fold(1.0, f64::max) * 1.25;
    let x_min =
        (all.iter().map(|p| p.0).fold(f64::INFINITY, f64::min) * 0.8).clamp(0.5, x_max / 2.0);
    let y_max = all.iter().map(|p| p.1 + p.2).fold(0.0, f64::max) * 1.04;
    let y_min = (all.iter().map(|p| p.1 - p.2).fold(f64::INFINITY, f64::min) * 0.96)
        .clamp(0.0, y_max * 0.9);
    let ticks: Vec<f64> = sizes
        .iter()
        .map(|&n| n as f64)
        .filter(|n| (x_min..=x_max).contains(n))
        .collect();
    let mut chart = ChartBuilder::on(&left)
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(
            (x_min..x_max).log_scale().with_key_points(ticks),
            y_min..y_max.max(1e-9),
        )?;
    chart
        .configure_mesh()
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_label_formatter(&|v| tick(*v, 4))
        .x_desc("support-set size (mean over orderings, log scale)")
        .y_desc("test error")
        .light_line_style(WHITE)
        .draw()?;
    for &a in learners {
        let (c, solid) = style(a, learners);
        let p = series(a, points);
        for &(x, y, se) in &p {
            chart.draw_series(std::iter::once(PathElement::new(
                vec![(x, y - se), (x, y + se)],
                c.stroke_width(1),
            )))?;
        }
        let marker = if solid { c.filled() } else { c.stroke_width(2) };
        chart.draw_series(p.iter().map(|&(x, y, _)| Circle::new((x, y), 3, marker)))?;
        let line = p.iter().map(|&(x, y, _)| (x, y));
        if solid {
            chart.draw_series(LineSeries::new(line, c.stroke_width(2)))?;
        } else {
            chart.draw_series(DashedLineSeries::new(line, 6, 4, c.stroke_width(2)))?;
        }
    }
    legend(&right, learners)?;
    root.present()?;
    Ok(())
}

/// One row per learner: its line's sample and its name.
fn legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    learners: &[Algorithm],
) -> Result
where
    DB::ErrorType: 'static,
{
    let font = ("sans-serif", 13).into_font().color(&BLACK);
    area.draw(&Text::new(
        "solid: Meng & Song's eight",
        (8, 20),
        font.clone(),
    ))?;
    area.draw(&Text::new(
        "dashed: budgeted learners of the field",
        (8, 38),
        font.clone(),
    ))?;
    for (i, &a) in learners.iter().enumerate() {
        let y = 68 + 22 * i as i32;
        let (c, solid) = style(a, learners);
        let sample = vec![(8, y), (38, y)];
        if solid {
            area.draw(&PathElement::new(sample, c.stroke_width(2)))?;
        } else {
            area.draw(&DashedPathElement::new(sample, 6, 4, c.stroke_width(2)))?;
        }
        area.draw(&Text::new(a.label(), (46, y - 7), font.clone()))?;
    }
    Ok(())
}
