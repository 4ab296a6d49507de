//! What the game reports to batch simulation (`overlord sim`): the round, each side's figures
//! and vehicles lost round by round, at the end each side's VP and objectives held, and where
//! each side's units were eliminated (a heat map per side on the battlefield).

use crate::data::Nation;
use crate::state::{EMPTY_SLOT, Kind, Location, ToiGame};
use overlord_engine::Statistics;

impl Statistics for ToiGame {
    fn turn(&self) -> Option<u32> {
        Some(u32::from(self.round()))
    }

    /// Figures (a vehicle counts one) each side has lost so far: what its units brought into
    /// play less what they hold now (replacements and heals give some back).
    fn losses(&self) -> Vec<(String, u32)> {
        Nation::ALL
            .iter()
            .map(|&nation| {
                let mut brought = 0u32;
                let mut held = 0u32;
                for (u, start) in self.unit_ids().zip(&self.scenario().units) {
                    let unit = self.unit(u);
                    if unit.nation != nation || matches!(unit.at, Location::Reserve(1..)) {
                        continue;
                    }
                    brought += start.figures.len() as u32;
                    if !matches!(unit.at, Location::Gone) {
                        held += match unit.kind {
                            Kind::Squad { figures, .. } => {
                                figures.iter().filter(|&&f| f != EMPTY_SLOT).count() as u32
                            }
                            Kind::Vehicle { .. } => 1,
                        };
                    }
                }
                (nation.name().to_owned(), brought.saturating_sub(held))
            })
            .collect()
    }

    fn counters(&self) -> Vec<(String, i64)> {
        let mut out = Vec::new();
        for nation in Nation::ALL {
            let held = (0..self.scenario().objectives.len())
                .filter(|&i| self.controller(i) == Some(nation))
                .count();
            out.push((
                format!("{} VP", nation.name()),
                i64::from(self.side(nation).vp),
            ));
            out.push((
                format!("objectives held by the {}", nation.name()),
                held as i64,
            ));
        }
        out
    }

    /// `TOI-CMD-CTRL`: the objectives each side controls at the end of each round.
    fn turn_figures(&self) -> Vec<(String, i64)> {
        Nation::ALL
            .iter()
            .map(|&nation| {
                let held = (0..self.scenario().objectives.len())
                    .filter(|&i| self.controller(i) == Some(nation))
                    .count();
                (
                    format!("objectives held by the {}", nation.name()),
                    held as i64,
                )
            })
            .collect()
    }

    /// Where each side's units were eliminated, destroyed or routed on the battlefield.
    fn fallen_at(&self) -> Vec<(String, String)> {
        let field = &self.scenario().battlefield;
        self.fallen
            .iter()
            .map(|&(nation, hex)| (fallen_name(nation), field.label(hex)))
            .collect()
    }

    /// The scenario's battlefield with where `whose` units fell shaded on it.
    fn heat_map(&self, whose: &str, counts: &[(String, u32)]) -> Option<String> {
        let nation = Nation::ALL.into_iter().find(|&n| fallen_name(n) == whose)?;
        crate::picture::heat_svg(
            &self.data,
            &self.scenario().id,
            counts,
            &format!("{} units eliminated here", nation.name()),
        )
    }
}

/// Whose losses a heat map shows: one map per side.
fn fallen_name(nation: Nation) -> String {
    format!("{} units", nation.name())
}
