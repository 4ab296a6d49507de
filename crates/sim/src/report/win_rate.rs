//! The win rate of each run, with its 95 % Wilson interval as an error bar: one bar for a
//! plain run, two when comparing.

use super::{DrawResult, Plot, nothing_to_plot, run_colour, svg};
use crate::{SimError, SimResults};
use plotters::prelude::*;

const TITLE: &str = "Win rate with its 95 % interval";

pub(super) fn plot(results: &SimResults) -> Result<Plot, SimError> {
    Ok(Plot {
        name: "win-rate".to_owned(),
        title: TITLE.to_owned(),
        svg: svg(|root| draw(root, results))?,
    })
}

fn draw(
    root: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    results: &SimResults,
) -> DrawResult {
    let runs = &results.runs;
    if runs.iter().all(|r| r.win_rate.trials == 0) {
        return nothing_to_plot(root, TITLE, "No game ended.");
    }
    // An integer range is inclusive as a discrete axis: 0..count - 1 gives count segments.
    let count = runs.len() as i32;
    let labels: Vec<String> = runs.iter().map(|r| r.label.clone()).collect();
    let mut chart = ChartBuilder::on(root)
        .caption(TITLE, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d((0..count - 1).into_segmented(), 0.0..100.0)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(runs.len())
        .x_label_formatter(&|x| match x {
            SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => usize::try_from(*i)
                .ok()
                .and_then(|i| labels.get(i))
                .cloned()
                .unwrap_or_default(),
            SegmentValue::Last => String::new(),
        })
        .y_desc("games won (%)")
        .y_label_formatter(&|y| format!("{y:.0}"))
        .draw()?;
    // A third of the segment's width on each side is left empty.
    let segment = chart.plotting_area().dim_in_pixel().0 / runs.len().max(1) as u32;
    let margin = segment / 4;
    for (r, run) in (0..).zip(runs) {
        let colour = run_colour(r as usize);
        let rate = 100.0 * run.win_rate.rate;
        let mut bar = Rectangle::new(
            [
                (SegmentValue::Exact(r), 0.0),
                (SegmentValue::Exact(r + 1), rate),
            ],
            colour.mix(0.8).filled(),
        );
        bar.set_margin(0, 0, margin, margin);
        chart.draw_series(std::iter::once(bar))?;
        chart.draw_series(std::iter::once(ErrorBar::new_vertical(
            SegmentValue::CenterOf(r),
            100.0 * run.win_rate.low,
            rate,
            100.0 * run.win_rate.high,
            BLACK.stroke_width(2),
            16,
        )))?;
        chart.draw_series(std::iter::once(Text::new(
            format!(
                "{:.1}% [{:.1}, {:.1}]",
                rate,
                100.0 * run.win_rate.low,
                100.0 * run.win_rate.high
            ),
            (
                SegmentValue::CenterOf(r),
                (100.0 * run.win_rate.high + 4.0).min(96.0),
            ),
            ("sans-serif", 15).into_font().color(&BLACK).pos(
                plotters::style::text_anchor::Pos::new(
                    plotters::style::text_anchor::HPos::Center,
                    plotters::style::text_anchor::VPos::Bottom,
                ),
            ),
        )))?;
    }
    Ok(())
}
