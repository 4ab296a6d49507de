//! The report a designer reads: one self-contained HTML page (no external file, script or
//! font) with the summary tables, the command that produced them, and SVG plots drawn by
//! plotters; and the same plots as PNGs on request (rasterised with resvg).
//!
//! One module per plot; each draws from the summaries alone, so a report can be drawn again
//! from a saved summary without playing a game.

mod end_turns;
mod holding_out;
mod html;
mod losses;
mod score_histogram;
mod turn_figures;
mod turn_lines;
mod win_rate;

use crate::{SimError, SimResults};
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::{Path, PathBuf};

pub use html::html;

/// One plot, as SVG text.
#[derive(Clone, Debug, PartialEq)]
pub struct Plot {
    /// The file stem of its PNG and its anchor in the page (`score-histogram`).
    pub name: String,
    /// Its caption.
    pub title: String,
    pub svg: String,
}

/// What the page says beside the figures.
#[derive(Clone, Copy, Debug)]
pub struct ReportInput<'a> {
    /// The game and scenario (`D-Day at Omaha Beach, first-wave`).
    pub title: &'a str,
    /// The command that produced the figures.
    pub command: &'a str,
    pub results: &'a SimResults,
}

/// The size of every plot, in SVG pixels.
pub(crate) const SIZE: (u32, u32) = (760, 420);

/// The colour of each run: the run as asked, then the compared one.
pub(crate) const RUN_COLOURS: [RGBColor; 2] = [RGBColor(31, 119, 180), RGBColor(230, 120, 20)];

/// More colours, for series that are not runs (formations, ending rules).
pub(crate) const SERIES_COLOURS: [RGBColor; 6] = [
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(23, 190, 207),
    RGBColor(127, 127, 127),
];

pub(crate) fn run_colour(run: usize) -> RGBColor {
    RUN_COLOURS.get(run).copied().unwrap_or(RGBColor(0, 0, 0))
}

pub(crate) fn series_colour(i: usize) -> RGBColor {
    SERIES_COLOURS
        .get(i % SERIES_COLOURS.len())
        .copied()
        .unwrap_or(RGBColor(0, 0, 0))
}

pub(crate) type DrawResult = Result<(), Box<dyn std::error::Error>>;

/// The legend of every plot: the series' labels in a framed, half-clear box at `at`.
pub(crate) fn legend<'a, CT: CoordTranslate>(
    chart: &mut ChartContext<'a, SVGBackend<'a>, CT>,
    at: SeriesLabelPosition,
) -> DrawResult {
    chart
        .configure_series_labels()
        .position(at)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()?;
    Ok(())
}

/// Draw on a white SVG page of [`SIZE`] and return its text.
pub(crate) fn svg(
    draw: impl FnOnce(&DrawingArea<SVGBackend<'_>, Shift>) -> DrawResult,
) -> Result<String, SimError> {
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, SIZE).into_drawing_area();
        let drawn = root
            .fill(&WHITE)
            .map_err(Into::into)
            .and_then(|()| draw(&root))
            .and_then(|()| root.present().map_err(Into::into));
        drawn.map_err(|error| SimError::Report(error.to_string()))?;
    }
    Ok(text)
}

/// A page that says there is nothing to plot (every plot is drawn, so the page keeps its
/// shape whatever the batch).
pub(crate) fn nothing_to_plot(
    root: &DrawingArea<SVGBackend<'_>, Shift>,
    title: &str,
    why: &str,
) -> DrawResult {
    root.titled(title, ("sans-serif", 20))?;
    root.draw(&Text::new(
        why.to_owned(),
        (40, 60),
        ("sans-serif", 16).into_font().color(&BLACK),
    ))?;
    Ok(())
}

/// Every plot of the report, in page order: the game's heat maps last.
pub fn plots(results: &SimResults) -> Result<Vec<Plot>, SimError> {
    let mut plots = vec![
        score_histogram::plot(results)?,
        win_rate::plot(results)?,
        end_turns::plot(results)?,
        losses::plot(results)?,
        holding_out::plot(results)?,
    ];
    plots.extend(turn_figures::plot(results)?);
    plots.extend(heat_maps(results));
    Ok(plots)
}

/// Each run's heat maps of where men or units fell, as the game drew them: named
/// `where-fallen-<whose>` (`-compared` after it for the second run).
fn heat_maps(results: &SimResults) -> impl Iterator<Item = Plot> + '_ {
    results.heat_maps.iter().map(|map| {
        let slug: String = map
            .whose
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '-'
                }
            })
            .collect();
        let compared = if map.compared { "-compared" } else { "" };
        Plot {
            name: format!("where-fallen-{slug}{compared}"),
            title: format!("Where {} fell, all games together ({})", map.whose, map.run),
            // An XML declaration may open a standalone document; inside the page it must go.
            svg: strip_xml_declaration(&map.svg).to_owned(),
        }
    })
}

fn strip_xml_declaration(svg: &str) -> &str {
    let svg = svg.trim_start();
    match (svg.starts_with("<?xml"), svg.find("?>")) {
        (true, Some(end)) => svg.get(end + 2..).unwrap_or(svg).trim_start(),
        _ => svg,
    }
}

/// Write each plot as `DIR/<name>.png` (the folder is made if need be); the paths written.
pub fn write_pngs(plots: &[Plot], dir: &Path) -> Result<Vec<PathBuf>, SimError> {
    std::fs::create_dir_all(dir).map_err(|error| {
        SimError::Report(format!("cannot make the folder {}: {error}", dir.display()))
    })?;
    plots
        .iter()
        .map(|plot| {
            // Twice the SVG's pixels: sharp enough for a slide.
            let png = overlord_mapdraw::svg_to_png(&plot.svg, 2.0)
                .map_err(|error| SimError::Report(format!("{}: {error}", plot.name)))?;
            let path = dir.join(format!("{}.png", plot.name));
            std::fs::write(&path, png).map_err(|error| {
                SimError::Report(format!("cannot write {}: {error}", path.display()))
            })?;
            Ok(path)
        })
        .collect()
}
