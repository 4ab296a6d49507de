//! Scenario files: turns, sectors, variants, victory, and the setup as deals and placements
//! (rules 3, 21.1, 22, 23, Easy Fox; scenarios/*.toml).

use super::files::{At, located};
use super::vocab::{Division, Sector};
use overlord_hexmap::HexLabel;
use serde::Deserialize;

/// How a scenario is won (rules 13, 20, 21.2, Easy Fox).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VictoryKind {
    EasyFox,
    FirstWave,
    DDay,
    BeyondTheBeach,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Victory {
    pub kind: VictoryKind,
}

/// Shuffle a group of counters face-down and put one in each place (setup, rule 3).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deal {
    /// `wn_units:88`, `wn_depth`, `T`, ... (docs/omaha/data.md).
    pub counters: String,
    #[serde(default)]
    pub to: Vec<String>,
    #[serde(default)]
    pub take: Option<u8>,
    #[serde(default)]
    pub rest: Option<String>,
    #[serde(default)]
    pub under: bool,
    #[serde(skip)]
    pub at: At,
}

/// A US unit placed by the scenario (Beyond the Beach, rule 21.1).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UsPlacement {
    pub unit: String,
    /// A hex, a box id, `track:N`, `eliminated`, or a placement left to the player
    /// ([`Deploy`]).
    pub at: String,
    #[serde(default)]
    pub steps: Option<u8>,
    #[serde(default)]
    pub hero: Option<String>,
    #[serde(default)]
    pub command: Option<Division>,
    #[serde(skip, rename = "__at")]
    pub entry: At,
}

/// A placement the scenario leaves to the player before its first turn (21.1, P-DEPLOY).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deploy {
    /// `choose:beach`: a beach hex of the unit's sector at the water's edge.
    Beach,
    /// `choose:box`: a landing box of the unit's sector (5.3).
    Box,
}

impl Deploy {
    /// The placement an `at` leaves to the player, if it does.
    pub fn of(at: &str) -> Option<Deploy> {
        match at {
            "choose:beach" => Some(Deploy::Beach),
            "choose:box" => Some(Deploy::Box),
            _ => None,
        }
    }
}

/// Beach hexes that start Cleared (rule 21.1).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cleared {
    pub hexes: Vec<HexLabel>,
    #[serde(skip)]
    pub at: At,
}

located!(Deal, Cleared);

impl super::files::Located for UsPlacement {
    fn at_mut(&mut self) -> &mut At {
        &mut self.entry
    }
}

/// One scenario file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scenario {
    pub file: &'static str,
    pub id: String,
    pub name: String,
    pub turns: [u8; 2],
    pub extended_from: Option<u8>,
    pub sectors: Vec<Sector>,
    pub variants: Vec<String>,
    pub screaming_meemies_occurred: bool,
    pub victory: Option<Victory>,
    pub deals: Vec<Deal>,
    pub us: Vec<UsPlacement>,
    pub cleared: Vec<Cleared>,
}

/// The scenario files the game ships, by file name.
pub const SCENARIO_FILES: [&str; 4] = [
    "scenarios/easy-fox.toml",
    "scenarios/first-wave.toml",
    "scenarios/d-day.toml",
    "scenarios/beyond-the-beach.toml",
];
