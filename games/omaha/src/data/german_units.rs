//! The German roster: WN units, off-map artillery, reinforcements, tanks and depth markers
//! (rules 2.2.1, 2.24, 3; german_units.toml).

use super::files::{At, located};
use super::vocab::{Calibre, Colour, GermanDivision, Sector, Weapon};
use serde::Deserialize;

/// The setup category of a WN unit (rule 3, step 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WnCategory {
    #[serde(rename = "88")]
    C88,
    #[serde(rename = "75")]
    C75,
    Rocket,
    None,
}

/// A WN unit.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WnUnit {
    pub id: String,
    pub category: WnCategory,
    pub strength: u8,
    #[serde(default)]
    pub required: Vec<Weapon>,
    #[serde(skip)]
    pub at: At,
}

/// An off-map artillery unit (rule 6.5).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArtilleryUnit {
    pub id: String,
    pub calibre: Calibre,
    pub sector: Sector,
    #[serde(skip)]
    pub at: At,
}

/// The box a reinforcement unit starts in (rule 2.2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
pub enum Pool {
    /// Tactical.
    T,
    /// Divisional.
    D,
    /// Kampfgruppe Meyer.
    M,
}

/// A reinforcement unit.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReinforcementUnit {
    pub id: String,
    pub pool: Pool,
    pub division: GermanDivision,
    #[serde(default)]
    pub regiment: Option<u16>,
    pub strength: u8,
    #[serde(default)]
    pub required: Vec<Weapon>,
    #[serde(skip)]
    pub at: At,
}

/// A German tank (variant 23).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TankUnit {
    pub id: String,
    pub colour: Colour,
    pub strength: u8,
    #[serde(default)]
    pub required: Vec<Weapon>,
    #[serde(skip)]
    pub at: At,
}

/// The back of a depth marker (rule 2.24).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DepthKind {
    Wn,
    Mobile,
    Building,
    Armor,
}

/// A depth marker (rule 2.24).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DepthMarker {
    pub id: String,
    pub kind: DepthKind,
    pub strength: u8,
    #[serde(default)]
    pub required: Vec<Weapon>,
    /// WN markers only: revealing it brings a Tactical reinforcement (rule 9.4).
    #[serde(default)]
    pub tactical_reinforcement: bool,
    #[serde(skip)]
    pub at: At,
}

located!(
    WnUnit,
    ArtilleryUnit,
    ReinforcementUnit,
    TankUnit,
    DepthMarker
);

/// Everything in german_units.toml.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GermanRoster {
    pub wn_units: Vec<WnUnit>,
    pub artillery: Vec<ArtilleryUnit>,
    pub reinforcements: Vec<ReinforcementUnit>,
    pub tanks: Vec<TankUnit>,
    pub depth_markers: Vec<DepthMarker>,
}

impl GermanRoster {
    /// Every counter id with the file entry it comes from.
    pub fn ids(&self) -> Vec<(&str, &At)> {
        let mut ids: Vec<(&str, &At)> = Vec::new();
        ids.extend(self.wn_units.iter().map(|u| (u.id.as_str(), &u.at)));
        ids.extend(self.artillery.iter().map(|u| (u.id.as_str(), &u.at)));
        ids.extend(self.reinforcements.iter().map(|u| (u.id.as_str(), &u.at)));
        ids.extend(self.tanks.iter().map(|u| (u.id.as_str(), &u.at)));
        ids.extend(self.depth_markers.iter().map(|u| (u.id.as_str(), &u.at)));
        ids
    }

    /// Counters on the sheet.
    pub fn counters(&self) -> u32 {
        u32::try_from(self.ids().len()).unwrap_or(u32::MAX)
    }
}
