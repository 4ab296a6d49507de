//! `setup.toml`, `reinforcements.toml`, `scenarios.toml` and `markers.toml`: the setup cards,
//! the landing boxes, the reinforcement schedules and pools, the scenarios and the marker mix
//! (spec 7.1).

use overlord_datafile::files::At;
use overlord_datafile::located;
use serde::Deserialize;

/// The scenarios a line of a card belongs to; all three when the file leaves it out.
pub use crate::tables::Scenario;

/// Whether a card line with `scenarios` (empty: all) applies to `scenario`.
pub fn applies(scenarios: &[Scenario], scenario: Scenario) -> bool {
    scenarios.is_empty() || scenarios.contains(&scenario)
}

/// A German entry colour (6.6).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EntryColour {
    Blue,
    Green,
    Red,
    Orange,
}

impl EntryColour {
    pub const ALL: [EntryColour; 4] = [
        EntryColour::Green,
        EntryColour::Blue,
        EntryColour::Red,
        EntryColour::Orange,
    ];

    pub fn name(self) -> &'static str {
        match self {
            EntryColour::Blue => "blue",
            EntryColour::Green => "green",
            EntryColour::Red => "red",
            EntryColour::Orange => "orange",
        }
    }
}

/// A line of the German Initial Setup card, or of the Cherbourg card (`[[german]]`,
/// `[[cherbourg]]` in setup.toml).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    #[serde(skip)]
    pub at: At,
    pub unit: String,
    #[serde(default)]
    pub hex: Option<String>,
    #[serde(default, rename = "box")]
    pub in_box: Option<String>,
    #[serde(default)]
    pub scenario: Vec<Scenario>,
}

/// One of the nine invasion assaults (`[[assault]]`, 20.3).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Assault {
    #[serde(skip)]
    pub at: At,
    /// The map position of the assaulted beach hex (`beach-utah`).
    pub beach: String,
    pub units: Vec<String>,
    #[serde(default)]
    pub tanks: Option<String>,
}

/// A beach's Second Wave box (`[[second_wave]]`, 20.5).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SecondWave {
    #[serde(skip)]
    pub at: At,
    pub beach: String,
    pub units: Vec<String>,
}

/// The 29th Division's Next Wave box (`[[next_wave]]`, 20.3.3).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NextWave {
    #[serde(skip)]
    pub at: At,
    pub units: Vec<String>,
}

/// An airborne drop or a glider landing (`[[drop]]`, `[[glider]]`, 20.2).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Drop {
    #[serde(skip)]
    pub at: At,
    pub unit: String,
    pub position: String,
}

/// The starting values of the tracks (`[tracks]`).
#[derive(Clone, Copy, Debug, Deserialize, Default, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Tracks {
    pub german_supply: u8,
    pub fortress_supply: u8,
    pub us_supply: u8,
    pub cw_supply: u8,
    pub cherbourg_german_supply: u8,
}

/// A line of the German Reinforcement card (`[[german]]` in reinforcements.toml, 6.6).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GermanArrival {
    #[serde(skip)]
    pub at: At,
    pub unit: String,
    pub turn: u8,
    #[serde(default)]
    pub colour: Option<EntryColour>,
    #[serde(default)]
    pub hex: Option<String>,
    #[serde(default)]
    pub scenario: Vec<Scenario>,
}

/// A unit of the Allied "In Great Britain" box (`[[gb]]`, 6.5).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GbUnit {
    #[serde(skip)]
    pub at: At,
    pub unit: String,
    pub cost: u8,
    #[serde(default)]
    pub from_turn: Option<u8>,
    #[serde(default)]
    pub scenario: Vec<Scenario>,
}

/// A scenario (`[[scenario]]`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioDef {
    #[serde(skip)]
    pub at: At,
    pub id: String,
    pub name: String,
    pub turns: u8,
    pub rules: String,
}

/// An optional rule (`[[option]]`, 28).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionDef {
    #[serde(skip)]
    pub at: At,
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub scenarios: Vec<Scenario>,
}

located!(
    Placement,
    Assault,
    SecondWave,
    NextWave,
    Drop,
    GermanArrival,
    GbUnit,
    ScenarioDef,
    OptionDef
);
