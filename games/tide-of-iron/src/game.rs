//! What the game says about itself, and its components under the engine's contract.

use crate::data::ToiData;
use overlord_engine::{Components, DataErrors, GameInfo, ScenarioInfo};
use std::path::Path;

/// What the game says about itself (two to four players in two teams).
pub fn info() -> GameInfo {
    GameInfo {
        id: "tide-of-iron",
        name: "Tide of Iron",
        rules_version: "0",
        min_seats: 2,
        max_seats: 4,
    }
}

impl Components for ToiData {
    fn load(dir: &Path) -> Result<Self, DataErrors> {
        ToiData::load(dir)
    }

    /// None yet: the scenarios come with the rules.
    fn scenarios(&self) -> Vec<ScenarioInfo> {
        Vec::new()
    }

    fn map_svg(&self) -> Option<String> {
        crate::picture::svg(self)
    }

    fn summary(&self) -> String {
        format!(
            "{} figures and vehicles, {} terrain types, {} board faces, {} overlays",
            self.figures.len(),
            self.terrain.len(),
            self.boards.len(),
            self.overlays.len()
        )
    }
}
