//! When games end, and by which rule: for each turn, how many games each ending rule ended
//! then (13.1 catastrophic defeat, 13.2 the victory check, ...), side by side; the compared
//! run's bars are paler.

use super::{DrawResult, Plot, legend, nothing_to_plot, series_colour, svg};
use crate::{SimError, SimResults};
use plotters::prelude::*;

const TITLE: &str = "Turn of end, by ending rule";

pub(super) fn plot(results: &SimResults) -> Result<Plot, SimError> {
    Ok(Plot {
        name: "end-turns".to_owned(),
        title: TITLE.to_owned(),
        svg: svg(|root| draw(root, results))?,
    })
}

fn draw(
    root: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    results: &SimResults,
) -> DrawResult {
    // Every ending rule met in any run gets one colour, the same in both runs.
    let mut rules: Vec<&str> = results
        .runs
        .iter()
        .flat_map(|r| r.endings.iter().map(|e| e.rule.as_str()))
        .collect();
    rules.sort_unstable();
    rules.dedup();
    let series: Vec<(usize, &crate::summary::EndingFigures)> = results
        .runs
        .iter()
        .enumerate()
        .flat_map(|(r, run)| run.endings.iter().map(move |e| (r, e)))
        .collect();
    let turns = series.iter().flat_map(|(_, e)| e.turns.iter());
    let (Some(first), Some(last)) = (
        turns.clone().map(|t| t.turn).min(),
        turns.clone().map(|t| t.turn).max(),
    ) else {
        return nothing_to_plot(root, TITLE, "No game ended.");
    };
    let top = turns.map(|t| t.games).max().unwrap_or(1).max(1) as f64 * 1.3;
    let mut chart = ChartBuilder::on(root)
        .caption(TITLE, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(f64::from(first) - 0.6..f64::from(last) + 0.6, 0.0..top)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc("turn")
        .y_desc("games ended")
        .x_label_formatter(&|x| {
            if (x - x.round()).abs() < 1e-6 {
                format!("{}", x.round())
            } else {
                String::new()
            }
        })
        .y_label_formatter(&|y| format!("{y:.0}"))
        .draw()?;
    let width = 0.8 / series.len().max(1) as f64;
    let comparing = results.runs.len() > 1;
    for (i, (run, ending)) in series.iter().enumerate() {
        let colour = series_colour(rules.iter().position(|r| *r == ending.rule).unwrap_or(0));
        let style = if *run == 0 {
            colour.filled()
        } else {
            colour.mix(0.45).filled()
        };
        let left = -0.4 + width * i as f64;
        let label = match (comparing, results.runs.get(*run)) {
            (true, Some(r)) => format!("{}: {} ({} games)", r.label, ending.rule, ending.games),
            _ => format!("{} ({} games)", ending.rule, ending.games),
        };
        chart
            .draw_series(ending.turns.iter().map(|t| {
                let x = f64::from(t.turn) + left;
                Rectangle::new([(x, 0.0), (x + width, t.games as f64)], style)
            }))?
            .label(label)
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], style));
    }
    legend(&mut chart, SeriesLabelPosition::UpperRight)
}
