//! A mission's `[map.hex]` table as written (AMBX-MAP-1, -4, -5): one inline table per hex.
//! [`crate::map`] turns it into hexmap data once checked.

use serde::Deserialize;
use std::collections::BTreeMap;

/// AMBX-MAP-5: the terrain of a hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    Clear,
    Road,
    Field,
    Brush,
    Forest,
    Rough,
    Rubble,
    Crater,
    Building,
    Stream,
    Bridge,
}

impl Terrain {
    pub const ALL: [Terrain; 11] = [
        Terrain::Clear,
        Terrain::Road,
        Terrain::Field,
        Terrain::Brush,
        Terrain::Forest,
        Terrain::Rough,
        Terrain::Rubble,
        Terrain::Crater,
        Terrain::Building,
        Terrain::Stream,
        Terrain::Bridge,
    ];

    /// The name data files use.
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Clear => "clear",
            Terrain::Road => "road",
            Terrain::Field => "field",
            Terrain::Brush => "brush",
            Terrain::Forest => "forest",
            Terrain::Rough => "rough",
            Terrain::Rubble => "rubble",
            Terrain::Crater => "crater",
            Terrain::Building => "building",
            Terrain::Stream => "stream",
            Terrain::Bridge => "bridge",
        }
    }
}

/// AMBX-MAP-5: what a building is made of (wood: wall rating L; stone: M).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Material {
    Wood,
    Stone,
}

/// AMBX-MAP-2: the six directions of a flat-topped hex, 0 = N clockwise to 5 = NW.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, Deserialize,
)]
pub enum Dir {
    N,
    NE,
    SE,
    S,
    SW,
    NW,
}

impl Dir {
    pub const ALL: [Dir; 6] = [Dir::N, Dir::NE, Dir::SE, Dir::S, Dir::SW, Dir::NW];

    /// 0..=5 (AMBX-MAP-2).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The direction `(d + 3) mod 6`.
    pub fn opposite(self) -> Dir {
        Dir::ALL[(self.index() + 3) % 6]
    }

    pub fn name(self) -> &'static str {
        match self {
            Dir::N => "N",
            Dir::NE => "NE",
            Dir::SE => "SE",
            Dir::S => "S",
            Dir::SW => "SW",
            Dir::NW => "NW",
        }
    }
}

/// AMBX-MAP-4: a hexside feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Feature {
    Wall,
    Door,
    Window,
    /// Made by explosives (AMBX-DMG-4); a mission may start with one.
    Breach,
    Embankment,
    Crest,
}

impl Feature {
    pub const ALL: [Feature; 6] = [
        Feature::Wall,
        Feature::Door,
        Feature::Window,
        Feature::Breach,
        Feature::Embankment,
        Feature::Crest,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Feature::Wall => "wall",
            Feature::Door => "door",
            Feature::Window => "window",
            Feature::Breach => "breach",
            Feature::Embankment => "embankment",
            Feature::Crest => "crest",
        }
    }

    /// An opening in a building's wall (AMBX-LOS-6, AMBX-MOV-1).
    pub fn is_opening(self) -> bool {
        matches!(self, Feature::Door | Feature::Window | Feature::Breach)
    }
}

/// One hex as a mission writes it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexDef {
    pub terrain: Terrain,
    /// AMBX-MAP-5: 0..=3.
    pub elev: u8,
    #[serde(default)]
    pub building: Option<String>,
    #[serde(default)]
    pub material: Option<Material>,
    #[serde(default)]
    pub sides: BTreeMap<Dir, Feature>,
}
