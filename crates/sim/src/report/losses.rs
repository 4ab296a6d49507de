//! Losses per turn: for each formation, the mean losses on each turn per game still in play
//! then, one line per formation (dashed for the compared run).

use super::turn_lines::{self, TurnLine};
use super::{Plot, svg};
use crate::{SimError, SimResults};
use plotters::prelude::*;

const TITLE: &str = "Mean losses per turn, per game in play";

pub(super) fn plot(results: &SimResults) -> Result<Plot, SimError> {
    Ok(Plot {
        name: "losses-per-turn".to_owned(),
        title: TITLE.to_owned(),
        svg: svg(|root| {
            turn_lines::draw(
                root,
                (TITLE, "losses", "The game reports no losses."),
                &lines(results),
                SeriesLabelPosition::UpperRight,
            )
        })?,
    })
}

fn lines(results: &SimResults) -> Vec<TurnLine> {
    let mut formations: Vec<&str> = results
        .runs
        .iter()
        .flat_map(|r| r.losses.iter().map(|l| l.formation.as_str()))
        .collect();
    formations.sort_unstable();
    formations.dedup();
    let comparing = results.runs.len() > 1;
    let mut lines = Vec::new();
    for (run_index, run) in results.runs.iter().enumerate() {
        for formation in &run.losses {
            lines.push(TurnLine {
                run: run_index,
                label: if comparing {
                    format!("{}: {}", run.label, formation.formation)
                } else {
                    formation.formation.clone()
                },
                colour: formations
                    .iter()
                    .position(|f| *f == formation.formation)
                    .unwrap_or(0),
                points: formation
                    .per_turn
                    .iter()
                    .map(|t| (f64::from(t.turn), t.mean))
                    .collect(),
            });
        }
    }
    lines
}
