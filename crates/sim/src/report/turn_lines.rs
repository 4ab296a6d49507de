//! A plot of figures turn by turn, one line per series (dashed for the compared run), which
//! the losses per turn and the game's turn figures share.

use super::{DrawResult, legend, nothing_to_plot, series_colour};
use plotters::prelude::*;

/// One line of a plot by turn.
pub(super) struct TurnLine {
    /// 0 for the run as asked (solid), 1 for the compared one (dashed).
    pub run: usize,
    pub label: String,
    /// Which of `series_colour`'s colours it takes (the same series, the same colour in
    /// both runs).
    pub colour: usize,
    /// (turn, value) in turn order.
    pub points: Vec<(f64, f64)>,
}

/// Draw `lines` on axes from their first turn to their last, values from the lowest (or 0) to
/// the highest; `empty` says why there is nothing when no line has a point.
pub(super) fn draw(
    root: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    (title, y_desc, empty): (&str, &str, &str),
    lines: &[TurnLine],
    legend_at: SeriesLabelPosition,
) -> DrawResult {
    let points = lines.iter().flat_map(|l| l.points.iter());
    let (Some(first), Some(last)) = (
        points.clone().map(|p| p.0).reduce(f64::min),
        points.clone().map(|p| p.0).reduce(f64::max),
    ) else {
        return nothing_to_plot(root, title, empty);
    };
    let top = points.clone().map(|p| p.1).fold(0.0, f64::max).max(0.1) * 1.15;
    let bottom = points.map(|p| p.1).fold(0.0, f64::min) * 1.15;
    let mut chart = ChartBuilder::on(root)
        .caption(title, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(first - 0.3..last + 0.3, bottom..top)?;
    chart
        .configure_mesh()
        .x_desc("turn")
        .y_desc(y_desc)
        .x_label_formatter(&|x| {
            if (x - x.round()).abs() < 1e-6 {
                format!("{}", x.round())
            } else {
                String::new()
            }
        })
        .y_label_formatter(&|y| format!("{y:.1}"))
        .draw()?;
    for line in lines {
        let colour = series_colour(line.colour);
        let style = colour.stroke_width(2);
        if line.run == 0 {
            chart
                .draw_series(LineSeries::new(line.points.clone(), style))?
                .label(line.label.clone())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], style));
        } else {
            chart
                .draw_series(DashedLineSeries::new(line.points.clone(), 6, 4, style))?
                .label(line.label.clone())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 6, y)], style));
        }
        chart.draw_series(
            line.points
                .iter()
                .map(|&(x, y)| Circle::new((x, y), 3, colour.filled())),
        )?;
    }
    legend(&mut chart, legend_at)
}
