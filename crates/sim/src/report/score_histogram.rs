//! The score (victory points) histogram: how many games ended on each score, one bar per run
//! side by side when comparing.

use super::{DrawResult, Plot, legend, nothing_to_plot, run_colour, svg};
use crate::{SimError, SimResults};
use plotters::prelude::*;

const TITLE: &str = "Score (VP) of the games that ended";

pub(super) fn plot(results: &SimResults) -> Result<Plot, SimError> {
    Ok(Plot {
        name: "score-histogram".to_owned(),
        title: TITLE.to_owned(),
        svg: svg(|root| draw(root, results))?,
    })
}

fn draw(
    root: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    results: &SimResults,
) -> DrawResult {
    let runs = &results.runs;
    let scores = runs.iter().flat_map(|r| r.score.histogram.iter());
    let (Some(low), Some(high)) = (
        scores.clone().map(|c| c.score).min(),
        scores.clone().map(|c| c.score).max(),
    ) else {
        return nothing_to_plot(root, TITLE, "No game ended.");
    };
    let top = scores.map(|c| c.games).max().unwrap_or(1).max(1) as f64 * 1.3;
    let mut chart = ChartBuilder::on(root)
        .caption(TITLE, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(f64::from(low) - 0.6..f64::from(high) + 0.6, 0.0..top)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc("score (VP)")
        .y_desc("games")
        // Scores are whole numbers: a tick between two says nothing.
        .x_label_formatter(&|x| {
            if (x - x.round()).abs() < 1e-6 {
                format!("{}", x.round())
            } else {
                String::new()
            }
        })
        .y_label_formatter(&|y| format!("{y:.0}"))
        .draw()?;
    let width = 0.8 / runs.len().max(1) as f64;
    for (r, run) in runs.iter().enumerate() {
        let colour = run_colour(r);
        let left = -0.4 + width * r as f64;
        chart
            .draw_series(run.score.histogram.iter().map(|c| {
                let x = f64::from(c.score) + left;
                Rectangle::new([(x, 0.0), (x + width, c.games as f64)], colour.filled())
            }))?
            .label(format!("{} (mean {:.2})", run.label, run.score.mean.mean))
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], colour.filled()));
    }
    legend(&mut chart, SeriesLabelPosition::UpperRight)
}
