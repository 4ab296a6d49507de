//! Landing boxes and the off-map German artillery boxes (rules 2.1, 5.1–5.3, 6.51; boxes.toml).

use super::files::{At, located};
use super::vocab::Sector;
use overlord_hexmap::HexLabel;
use serde::Deserialize;

/// The ids of the landing boxes, east to west, as docs/omaha/data.md fixes them.
pub const LANDING_BOX_IDS: [&str; 20] = [
    "drift-east",
    "FR1",
    "FR2",
    "FG1",
    "FG2",
    "ER1",
    "ER2",
    "ER3",
    "EG1",
    "EG2",
    "DR1",
    "DR2",
    "DW1",
    "DW2",
    "DG1",
    "DG2",
    "CH1",
    "CH2",
    "CH3",
    "drift-west",
];

/// The beach hex a box lands on at each tide (rule 5.2).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LandHexes {
    pub low: HexLabel,
    pub mid: HexLabel,
    /// Some boxes point at no high-tide hex (rule 5.11).
    #[serde(default)]
    pub high: Option<HexLabel>,
}

/// A landing box (rule 2.1).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LandingBox {
    pub id: String,
    /// Beach letters; `None` for a drift-only box (rule 5.32).
    #[serde(default)]
    pub letters: Option<String>,
    pub sector: Sector,
    pub land: LandHexes,
    /// Hexes passed through to reach the high-tide hex (rule 5.14).
    #[serde(default)]
    pub high_path: Vec<HexLabel>,
    #[serde(skip)]
    pub at: At,
}

/// An off-map German artillery box with its observers (rule 6.51).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArtilleryBox {
    pub sector: Sector,
    pub observers: Vec<String>,
    #[serde(skip)]
    pub at: At,
}

located!(LandingBox, ArtilleryBox);

/// The beach letters of the Charlie boxes: Rangers only (5.33).
pub const CHARLIE: &str = "CH";
/// The beach letters of the Dog Green boxes: with Charlie's, T1's own infantry row.
pub const DOG_GREEN: &str = "DG";

impl LandingBox {
    /// 5.33: a Charlie box, where only Rangers may be placed.
    pub fn rangers_only(&self) -> bool {
        self.letters.as_deref() == Some(CHARLIE)
    }

    /// T1: infantry and Rangers landing from a Dog Green or Charlie box read their own row.
    pub fn dog_green_or_charlie(&self) -> bool {
        matches!(self.letters.as_deref(), Some(DOG_GREEN | CHARLIE))
    }
}

/// Everything in boxes.toml.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Boxes {
    /// East to west.
    pub landing: Vec<LandingBox>,
    pub artillery: Vec<ArtilleryBox>,
}

impl Boxes {
    /// The landing box with this id.
    pub fn landing_box(&self, id: &str) -> Option<&LandingBox> {
        self.landing.iter().find(|b| b.id == id)
    }
}
