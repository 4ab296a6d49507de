//! The game's turn figures (objectives held by each side...): each one's mean at the end of
//! every turn over the games still in play then, one line per figure (dashed for the compared
//! run).

use super::{DrawResult, Plot, legend, nothing_to_plot, series_colour, svg};
use crate::{SimError, SimResults};
use plotters::prelude::*;

const TITLE: &str = "The game's figures at the end of each turn, mean per game in play";

/// The plot, or `None` when the game reports no turn figures.
pub(super) fn plot(results: &SimResults) -> Result<Option<Plot>, SimError> {
    if results.runs.iter().all(|r| r.turn_figures.is_empty()) {
        return Ok(None);
    }
    Ok(Some(Plot {
        name: "turn-figures".to_owned(),
        title: TITLE.to_owned(),
        svg: svg(|root| draw(root, results))?,
    }))
}

fn draw(
    root: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    results: &SimResults,
) -> DrawResult {
    let points = results
        .runs
        .iter()
        .flat_map(|r| r.turn_figures.iter().flat_map(|f| f.per_turn.iter()));
    let (Some(first), Some(last)) = (
        points.clone().map(|t| t.turn).min(),
        points.clone().map(|t| t.turn).max(),
    ) else {
        return nothing_to_plot(root, TITLE, "The game reports no figures per turn.");
    };
    let top = points.clone().map(|t| t.mean).fold(0.0, f64::max).max(0.1) * 1.15;
    let bottom = points.map(|t| t.mean).fold(0.0, f64::min) * 1.15;
    let mut chart = ChartBuilder::on(root)
        .caption(TITLE, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(f64::from(first) - 0.3..f64::from(last) + 0.3, bottom..top)?;
    chart
        .configure_mesh()
        .x_desc("turn")
        .y_desc("mean")
        .x_label_formatter(&|x| {
            if (x - x.round()).abs() < 1e-6 {
                format!("{}", x.round())
            } else {
                String::new()
            }
        })
        .y_label_formatter(&|y| format!("{y:.1}"))
        .draw()?;
    let comparing = results.runs.len() > 1;
    let mut names: Vec<&str> = results
        .runs
        .iter()
        .flat_map(|r| r.turn_figures.iter().map(|f| f.name.as_str()))
        .collect();
    names.sort_unstable();
    names.dedup();
    for (run_index, run) in results.runs.iter().enumerate() {
        for figure in &run.turn_figures {
            let colour = series_colour(names.iter().position(|n| *n == figure.name).unwrap_or(0));
            let line: Vec<(f64, f64)> = figure
                .per_turn
                .iter()
                .map(|t| (f64::from(t.turn), t.mean))
                .collect();
            let label = if comparing {
                format!("{}: {}", run.label, figure.name)
            } else {
                figure.name.clone()
            };
            let style = colour.stroke_width(2);
            if run_index == 0 {
                chart
                    .draw_series(LineSeries::new(line.clone(), style))?
                    .label(label)
                    .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], style));
            } else {
                chart
                    .draw_series(DashedLineSeries::new(line.clone(), 6, 4, style))?
                    .label(label)
                    .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 6, y)], style));
            }
            chart.draw_series(
                line.iter()
                    .map(|&(x, y)| Circle::new((x, y), 3, colour.filled())),
            )?;
        }
    }
    legend(&mut chart, SeriesLabelPosition::LowerRight)
}
