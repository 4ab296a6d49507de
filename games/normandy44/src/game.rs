//! The game under the engine's contract. For now its components: loaded, checked, listed and
//! drawn (`overlord validate`, `overlord scenarios`, `overlord map`); the rules come next.

use crate::data::{N44Data, ScenarioId};
use overlord_engine::{Components, DataErrors, GameInfo, OptionInfo, ScenarioInfo};
use std::path::Path;

/// What the game says about itself.
pub fn info() -> GameInfo {
    GameInfo {
        id: "normandy44",
        name: "Normandy '44",
        rules_version: "1",
        min_seats: 2,
        max_seats: 2,
    }
}

impl Components for N44Data {
    fn load(dir: &Path) -> Result<Self, DataErrors> {
        N44Data::load(dir)
    }

    fn scenarios(&self) -> Vec<ScenarioInfo> {
        self.scenarios
            .iter()
            .map(|s| ScenarioInfo {
                id: s.id.clone(),
                name: s.name.clone(),
                seats: 2,
                options: self
                    .options
                    .iter()
                    .filter(|o| {
                        ScenarioId::parse(&s.id)
                            .is_some_and(|id| crate::data::applies(&o.scenarios, id))
                    })
                    .map(|o| OptionInfo {
                        id: o.id.clone(),
                        name: o.name.clone(),
                    })
                    .collect(),
            })
            .collect()
    }

    fn summary(&self) -> String {
        let count = |side| self.units.iter().filter(|u| u.side == side).count();
        format!(
            "{} hexes, {} named places, {} German and {} Allied units, {} cadre types, \
             {} German reinforcements, {} units in Great Britain, {} scenarios",
            self.map.hexes.len(),
            self.map
                .hexes
                .ids()
                .filter(|&h| self.map.name(h).is_some())
                .count(),
            count(crate::data::Side::German),
            count(crate::data::Side::Allied),
            self.cadres.len(),
            self.german_arrivals.len(),
            self.gb.len(),
            self.scenarios.len()
        )
    }

    fn map_svg(&self) -> Option<String> {
        Some(crate::picture::svg(self))
    }
}
