//! The game's turn figures (objectives held by each side...): each one's mean at the end of
//! every turn over the games still in play then, one line per figure (dashed for the compared
//! run).

use super::turn_lines::{self, TurnLine};
use super::{Plot, svg};
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
        svg: svg(|root| {
            turn_lines::draw(
                root,
                (TITLE, "mean", "The game reports no figures per turn."),
                &lines(results),
                SeriesLabelPosition::LowerRight,
            )
        })?,
    }))
}

fn lines(results: &SimResults) -> Vec<TurnLine> {
    let mut names: Vec<&str> = results
        .runs
        .iter()
        .flat_map(|r| r.turn_figures.iter().map(|f| f.name.as_str()))
        .collect();
    names.sort_unstable();
    names.dedup();
    let comparing = results.runs.len() > 1;
    let mut lines = Vec::new();
    for (run_index, run) in results.runs.iter().enumerate() {
        for figure in &run.turn_figures {
            lines.push(TurnLine {
                run: run_index,
                label: if comparing {
                    format!("{}: {}", run.label, figure.name)
                } else {
                    figure.name.clone()
                },
                colour: names.iter().position(|n| *n == figure.name).unwrap_or(0),
                points: figure
                    .per_turn
                    .iter()
                    .map(|t| (f64::from(t.turn), t.mean))
                    .collect(),
            });
        }
    }
    lines
}
