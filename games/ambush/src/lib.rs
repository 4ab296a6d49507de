//! Ambush! (solitaire, squad level: a US squad against programmed Germans revealed from a
//! mission sheet and a book of paragraphs; `../shared/rules/ambush.md`).
//!
//! The crate is layered as every game crate is (docs/ARCHITECTURE.md, "Adding a game"):
//!
//! 1. **Components.** [`data`]: the shared tables, the Weapon Type Chart and the weapons, the
//!    vehicles, the squads and the missions (each with its map, mission sheet, event column,
//!    German cards, victory conditions and paragraph book), loaded from `data/ambush/` and
//!    checked as the spec's section 7.17 and issue 30's validator ask, every problem with file,
//!    line and field. [`map`]: a mission's map as hexmap data (AMBX-MAP), its walls, doors,
//!    windows, embankments and crests on the hexsides. [`los`]: line of sight (AMB-LOS,
//!    AMBX-LOS), a pure function of the map and the two ends' stances.
//!    [`tables`]: the small fixed procedures (dice, the AR Track's placement, damage results,
//!    range bands), pure functions the chapters will call.
//!    [`state`]: the game state, flat and small; [`setup`]: a mission's starting position.
//!    [`sheet`]: what the mission sheet, the event column and the pools give now.
//!    [`command`]: the command total and the panic check on red numbers; [`status`]: what a
//!    soldier may still spend.
//! 2. **Chapters.** [`fire`]: a shot at a soldier, its DD and its resolution in the spec's
//!    dice order; [`assault`]: close combat, to kill or capture; [`german`]: the Germans'
//!    programmed choices (the card's action, the easiest target, the weapon); [`blast`]: booby
//!    traps, minefields and shells; [`grenade`]: a throw's legality, DD and scatter;
//!    [`movement`]: what a step costs a soldier or a vehicle; [`campaign`]: XP, improvements
//!    and replacements; [`vehicles`]: a tank's Crew Points, arcs, aspects and hit charts;
//!    [`operations`]: the squad entering hexes, the sheet, events, Activation Checks, the
//!    paragraph book's effects and Condition changes; [`rounds`]: awareness and the AR
//!    Track's placement with the panic check; [`victory`]: the mission's VP and success.
//! 3. **The decision machine.** [`attacks`]: shots, throws and assaults resolved and logged;
//!    [`german_actions`]: a German's card action carried out, with the table's fallbacks;
//!    [`activation`]: a US soldier's turn in a round, a small state machine of prompts;
//!    [`turn`]: the system procedures between decisions (a round opened, the Germans acting in
//!    AR Track order, a round ended, the mission ended); [`decisions`]: the legal actions of
//!    the prompt showing, and each answer handed to its chapter.
//! 4. **Faces.** [`picture`]: the mission map as the player sees it (`overlord map ambush
//!    --scenario S1`), with no hidden German on it; [`view`]: what the player may know
//!    (AMBX-HID); [`sight`]: line of sight from a selected soldier, for the browser; [`encoding`]: the fixed action space and observation for learning agents,
//!    made per scenario; [`text`]: the terminal's picture; [`bot`]: what the bots are told;
//!    [`statistics`]: the figures `overlord sim` reports; [`game`]: the engine's contract.
//!
//! Every rule of the spec is in (docs/ambush/interpretations.md lists the readings taken): the
//! components, Operations with the paragraph book, the Activation Phase with its rounds, the
//! squad's turns, the Germans' cards, vehicles, walls, equipment, and the campaign played
//! mission to mission ([`debrief`]).
//!
//! Everything under `data/ambush/` is authored by the Overlord project (the spec's section 7
//! and our missions), never the original game's: an owner of the booklet can encode it in the
//! same formats.

#[cfg(test)]
mod acceptance;
pub mod action;
pub mod activation;
pub mod assault;
pub mod attacks;
pub mod blast;
pub mod bot;
pub mod campaign;
pub mod command;
pub mod data;
pub mod debrief;
pub mod decisions;
pub mod driving;
pub mod encoding;
pub mod equipment;
pub mod fire;
pub mod game;
pub mod german;
pub mod german_actions;
pub mod grenade;
pub mod los;
pub mod map;
pub mod movement;
pub mod operations;
pub mod picture;
pub mod riding;
pub mod rounds;
pub mod setup;
pub mod sheet;
pub mod sight;
pub mod state;
pub mod statistics;
pub mod status;
pub mod tables;
#[cfg(test)]
mod testkit;
pub mod text;
pub mod turn;
pub mod vehicle_hits;
pub mod vehicles;
pub mod victory;
pub mod view;
pub mod walls;

pub use action::{AmbAction, AmbEvent};
pub use data::AmbushData;
pub use game::AmbOptions;
pub use state::Ambush;

use overlord_engine::{Components, DataErrors, GameInfo, ScenarioInfo};
use std::path::Path;

/// The scenario id of the campaign (`overlord play ambush --campaign`).
pub const CAMPAIGN: &str = "campaign";

/// What the game says about itself: one player, the US squad.
pub fn info() -> GameInfo {
    GameInfo {
        id: "ambush",
        name: "Ambush!",
        rules_version: "0",
        min_seats: 1,
        max_seats: 1,
    }
}

impl Components for AmbushData {
    /// One mission per file; one not in the campaign plays on its own (the mission editor's).
    const SCENARIO_FOLDER: Option<&'static str> = Some("missions");

    fn load(dir: &Path) -> Result<Self, DataErrors> {
        AmbushData::load(dir)
    }

    /// Each mission is a scenario, in campaign order; then the campaign, every mission in turn
    /// with the squad carried over (AMB-CAMP).
    fn scenarios(&self) -> Vec<ScenarioInfo> {
        self.missions
            .iter()
            .map(|m| ScenarioInfo {
                id: m.header.id.clone(),
                name: format!("{} ({})", m.header.name, m.header.date),
                seats: 1,
                options: Vec::new(),
            })
            .chain([ScenarioInfo {
                id: CAMPAIGN.to_owned(),
                name: format!("The campaign: {}", self.campaign.name),
                seats: 1,
                options: vec![overlord_engine::OptionInfo {
                    id: "generate-squad".to_owned(),
                    name: "Buy and roll a squad of your own (AMBX-SOL-2/3)".to_owned(),
                }],
            }])
            .collect()
    }

    fn summary(&self) -> String {
        let paragraphs: usize = self.missions.iter().map(|m| m.paragraphs.len()).sum();
        format!(
            "{} missions ({} paragraphs), {} squads, {} weapon types, {} weapons, {} vehicles",
            self.missions.len(),
            paragraphs,
            self.squads.len(),
            self.weapons.types.len(),
            self.weapons.weapons.len(),
            self.vehicles.len()
        )
    }

    /// The first mission's map: each mission has a map of its own (`--scenario`).
    fn map_svg(&self) -> Option<String> {
        self.missions.first().map(picture::mission_svg)
    }

    fn scenario_svg(&self, id: &str) -> Option<Result<String, String>> {
        Some(match self.mission(id) {
            Some(mission) => Ok(picture::mission_svg(mission)),
            None => Err(format!(
                "no mission `{id}`; `overlord scenarios ambush` lists them"
            )),
        })
    }
}
