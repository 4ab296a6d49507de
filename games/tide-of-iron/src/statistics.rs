//! What the game reports to batch simulation (`overlord sim`): the round, each side's figures
//! and vehicles lost round by round, and at the end each side's VP and objectives held.

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
}
