//! Losses per turn: for each formation, the mean losses on each turn per game still in play
//! then, one line per formation (dashed for the compared run).

use super::{DrawResult, Plot, legend, nothing_to_plot, series_colour, svg};
use crate::{SimError, SimResults};
use plotters::prelude::*;

const TITLE: &str = "Mean losses per turn, per game in play";

pub(super) fn plot(results: &SimResults) -> Result<Plot, SimError> {
    Ok(Plot {
        name: "losses-per-turn".to_owned(),
        title: TITLE.to_owned(),
        svg: svg(|root| draw(root, results))?,
    })
}

fn draw(
    root: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    results: &SimResults,
) -> DrawResult {
    let points = results
        .runs
        .iter()
        .flat_map(|r| r.losses.iter().flat_map(|l| l.per_turn.iter()));
    let (Some(first), Some(last)) = (
        points.clone().map(|t| t.turn).min(),
        points.clone().map(|t| t.turn).max(),
    ) else {
        return nothing_to_plot(root, TITLE, "The game reports no losses.");
    };
    let top = points.map(|t| t.mean).fold(0.0, f64::max).max(0.1) * 1.15;
    let mut chart = ChartBuilder::on(root)
        .caption(TITLE, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(f64::from(first) - 0.3..f64::from(last) + 0.3, 0.0..top)?;
    chart
        .configure_mesh()
        .x_desc("turn")
        .y_desc("losses")
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
    let mut formations: Vec<&str> = results
        .runs
        .iter()
        .flat_map(|r| r.losses.iter().map(|l| l.formation.as_str()))
        .collect();
    formations.sort_unstable();
    formations.dedup();
    for (run_index, run) in results.runs.iter().enumerate() {
        for formation in &run.losses {
            let colour = series_colour(
                formations
                    .iter()
                    .position(|f| *f == formation.formation)
                    .unwrap_or(0),
            );
            let line: Vec<(f64, f64)> = formation
                .per_turn
                .iter()
                .map(|t| (f64::from(t.turn), t.mean))
                .collect();
            let label = if comparing {
                format!("{}: {}", run.label, formation.formation)
            } else {
                formation.formation.clone()
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
    legend(&mut chart, SeriesLabelPosition::UpperRight)
}
