//! The places most often still held against the players at the end: the share of games each
//! held out, most often first (the first run's order), one bar per run.

use super::{DrawResult, Plot, legend, nothing_to_plot, run_colour, svg};
use crate::{SimError, SimResults};
use plotters::prelude::*;

const TITLE: &str = "Places most often holding out at the end";

/// Places shown at most: a long tail of rarely held places says little.
const SHOWN: usize = 15;

pub(super) fn plot(results: &SimResults) -> Result<Plot, SimError> {
    Ok(Plot {
        name: "holding-out".to_owned(),
        title: TITLE.to_owned(),
        svg: svg(|root| draw(root, results))?,
    })
}

fn draw(
    root: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    results: &SimResults,
) -> DrawResult {
    let mut places: Vec<&str> = Vec::new();
    for run in &results.runs {
        for held in &run.holding_out {
            if places.len() < SHOWN && !places.contains(&held.place.as_str()) {
                places.push(&held.place);
            }
        }
    }
    if places.is_empty() {
        return nothing_to_plot(root, TITLE, "No place held out at the end of any game.");
    }
    // An integer range is inclusive as a discrete axis: 0..count - 1 gives count segments.
    let count = places.len() as i32;
    let mut chart = ChartBuilder::on(root)
        .caption(TITLE, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(150)
        // The most often held at the top.
        .build_cartesian_2d(0.0..100.0, (0..count - 1).into_segmented())?;
    let name_of = |y: &SegmentValue<i32>| match y {
        SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => usize::try_from(count - 1 - *i)
            .ok()
            .and_then(|i| places.get(i))
            .map(|p| (*p).to_owned())
            .unwrap_or_default(),
        SegmentValue::Last => String::new(),
    };
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(places.len())
        .y_label_formatter(&name_of)
        .x_desc("games it held out (%)")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .draw()?;
    let runs = results.runs.len().max(1) as u32;
    let segment = chart.plotting_area().dim_in_pixel().1 / places.len().max(1) as u32;
    let share = (segment.saturating_sub(4)) / runs;
    for (r, run) in results.runs.iter().enumerate() {
        let colour = run_colour(r);
        let bars: Vec<Rectangle<(f64, SegmentValue<i32>)>> = places
            .iter()
            .zip(0..)
            .map(|(place, i)| {
                let rate = run
                    .holding_out
                    .iter()
                    .find(|h| h.place == *place)
                    .map_or(0.0, |h| h.rate);
                let y = count - 1 - i;
                let mut bar = Rectangle::new(
                    [
                        (0.0, SegmentValue::Exact(y)),
                        (100.0 * rate, SegmentValue::Exact(y + 1)),
                    ],
                    colour.filled(),
                );
                // Each run takes its share of the row, top to bottom, with 2 pixels left
                // above and below.
                let top = 2 + share * r as u32;
                bar.set_margin(top, segment.saturating_sub(top + share), 0, 0);
                bar
            })
            .collect();
        chart
            .draw_series(bars)?
            .label(run.label.clone())
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], colour.filled()));
    }
    legend(&mut chart, SeriesLabelPosition::LowerRight)
}
