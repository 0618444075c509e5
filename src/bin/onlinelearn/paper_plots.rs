//! The paper command's figures, drawn with plotters' SVG backend: the
//! paper protocol's curves (test error and dictionary size against samples
//! seen, with a band of ± one standard error) and the sweep's test error
//! against dictionary size.

use std::path::Path;

use onlinelearn::paper::{orderings, sweep, CurvePoint};
use onlinelearn::Algorithm;
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::palette::{colour, Result};

/// Two panels side by side: test error and dictionary size against samples.
pub fn paper_figure(path: &Path, title: &str, outcomes: &[orderings::Outcome]) -> Result {
    let root = SVGBackend::new(path, (1200, 520)).into_drawing_area();
    root.fill(&WHITE)?;
    let root = root.titled(title, ("sans-serif", 16))?;
    let (left, right) = root.split_horizontally(600);
    let series: Vec<(Algorithm, Vec<CurvePoint>)> = outcomes
        .iter()
        .map(|o| (o.contender.algorithm, o.curve()))
        .collect();
    panel(&left, "test error", 4, None, &series, |p| {
        (p.error.mean, p.error.se())
    })?;
    let legend = Some(SeriesLabelPosition::UpperLeft);
    panel(&right, "dictionary size", 0, legend, &series, |p| {
        (p.dictionary.mean, p.dictionary.se())
    })?;
    root.present()?;
    Ok(())
}

/// One panel: mean curves over samples seen, each with its ± SE band;
/// `digits` on the y labels; the legend where given.
fn panel(
    area: &DrawingArea<SVGBackend, Shift>,
    what: &str,
    digits: usize,
    legend: Option<SeriesLabelPosition>,
    series: &[(Algorithm, Vec<CurvePoint>)],
    value: impl Fn(&CurvePoint) -> (f64, f64),
) -> Result {
    let x_max = series
        .iter()
        .flat_map(|(_, c)| c.iter().map(|p| p.samples))
        .max()
        .unwrap_or(1) as f64;
    let y_max = series
        .iter()
        .flat_map(|(_, c)| c.iter().map(|p| value(p).0 + value(p).1))
        .fold(0.0, f64::max)
        * 1.05;
    // Errors from just under the lowest band, so that close curves part;
    // sizes from zero.
    let y_min = if digits > 0 {
        let low = series
            .iter()
            .flat_map(|(_, c)| c.iter().map(|p| value(p).0 - value(p).1))
            .fold(f64::INFINITY, f64::min);
        (low * 0.9).clamp(0.0, y_max * 0.9)
    } else {
        0.0
    };
    let mut chart = ChartBuilder::on(area)
        .margin(12)
        .margin_right(28)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(0.0..x_max, y_min..y_max.max(1e-9))?;
    chart
        .configure_mesh()
        .x_desc("training samples seen")
        .y_desc(what)
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_label_formatter(&|v| tick(*v, digits))
        .light_line_style(WHITE)
        .draw()?;
    for (algorithm, curve) in series {
        let c = colour(*algorithm);
        let upper = curve
            .iter()
            .map(|p| (p.samples as f64, value(p).0 + value(p).1));
        let lower = curve
            .iter()
            .rev()
            .map(|p| (p.samples as f64, (value(p).0 - value(p).1).max(y_min)));
        chart.draw_series(std::iter::once(Polygon::new(
            upper.chain(lower).collect::<Vec<_>>(),
            c.mix(0.18),
        )))?;
        chart
            .draw_series(LineSeries::new(
                curve.iter().map(|p| (p.samples as f64, value(p).0)),
                c.stroke_width(2),
            ))?
            .label(algorithm.label())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], c.stroke_width(2)));
    }
    if let Some(position) = legend {
        chart
            .configure_series_labels()
            .position(position)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK.mix(0.3))
            .draw()?;
    }
    Ok(())
}

/// The sweep: each learner's eight settings as a line of test error
/// (± SE) against mean dictionary size, log scale.
pub fn sweep_figure(
    path: &Path,
    title: &str,
    learners: &[Algorithm],
    outcomes: &[sweep::Outcome],
) -> Result {
    let root = SVGBackend::new(path, (900, 560)).into_drawing_area();
    root.fill(&WHITE)?;
    let root = root.titled(title, ("sans-serif", 15))?;
    let points = |a: Algorithm| -> Vec<(f64, f64, f64)> {
        let mut p: Vec<(f64, f64, f64)> = outcomes
            .iter()
            .filter(|o| o.setting.algorithm == a)
            .map(|o| {
                (
                    o.dictionary().mean.max(1.0),
                    o.test_error().mean,
                    o.test_error().se(),
                )
            })
            .collect();
        p.sort_by(|a, b| a.0.total_cmp(&b.0));
        p
    };
    let all: Vec<(f64, f64, f64)> = learners.iter().flat_map(|&a| points(a)).collect();
    let x_max = all.iter().map(|p| p.0).fold(1.0, f64::max) * 1.3;
    let x_min =
        (all.iter().map(|p| p.0).fold(f64::INFINITY, f64::min) * 0.7).clamp(0.5, x_max / 2.0);
    let y_max = all.iter().map(|p| p.1 + p.2).fold(0.0, f64::max) * 1.05;
    let y_min = all
        .iter()
        .map(|p| p.1 - p.2)
        .fold(f64::INFINITY, f64::min)
        .max(0.0)
        * 0.95;
    let mut chart = ChartBuilder::on(&root)
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(
            (x_min..x_max).log_scale(),
            y_min.min(y_max * 0.5)..y_max.max(1e-9),
        )?;
    chart
        .configure_mesh()
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_label_formatter(&|v| tick(*v, 4))
        .x_desc("dictionary size (mean over orderings, log scale)")
        .y_desc("test error")
        .light_line_style(WHITE)
        .draw()?;
    for &a in learners {
        let c = colour(a);
        let p = points(a);
        for &(x, y, se) in &p {
            chart.draw_series(std::iter::once(PathElement::new(
                vec![(x, y - se), (x, y + se)],
                c.stroke_width(1),
            )))?;
        }
        chart.draw_series(
            p.iter()
                .map(|&(x, y, _)| Circle::new((x, y), 3, c.filled())),
        )?;
        chart
            .draw_series(LineSeries::new(
                p.iter().map(|&(x, y, _)| (x, y)),
                c.stroke_width(2),
            ))?
            .label(a.label())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], c.stroke_width(2)));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.3))
        .draw()?;
    root.present()?;
    Ok(())
}

/// An axis label with at most `digits` decimals and no trailing zeros: ticks
/// 0.005 apart read 0.025 and 0.03, not 0.03 twice.
pub fn tick(value: f64, digits: usize) -> String {
    let text = format!("{value:.digits$}");
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::tick;

    #[test]
    fn close_ticks_get_distinct_labels() {
        let labels: Vec<String> = [0.02, 0.025, 0.03, 0.035].map(|v| tick(v, 4)).into();
        assert_eq!(labels, ["0.02", "0.025", "0.03", "0.035"]);
        assert_eq!(tick(1800.0, 0), "1800");
        assert_eq!(tick(0.0, 4), "0");
    }
}
