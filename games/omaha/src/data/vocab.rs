//! The words the Omaha data files use (docs/omaha/data.md, "Common vocabularies").

use serde::{Deserialize, Serialize};
use std::fmt;

/// Half of the map: East (1st Division) or West (29th Division) (rule 2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sector {
    East,
    West,
}

impl Sector {
    /// Its place in the state's per-sector pairs (fire cards, landing cards, bases): East
    /// first.
    pub fn slot(self) -> usize {
        usize::from(self == Sector::West)
    }

    /// The region id of this sector in map.toml.
    pub fn region(self) -> &'static str {
        match self {
            Sector::East => "east",
            Sector::West => "west",
        }
    }
}

/// A US division (rule 2.2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Division {
    #[serde(rename = "1st")]
    First,
    #[serde(rename = "29th")]
    TwentyNinth,
}

impl Division {
    /// The other US division.
    pub fn other(self) -> Division {
        match self {
            Division::First => Division::TwentyNinth,
            Division::TwentyNinth => Division::First,
        }
    }

    /// The sector the division lands in (rule 1).
    pub fn sector(self) -> Sector {
        match self {
            Division::First => Sector::East,
            Division::TwentyNinth => Sector::West,
        }
    }
}

impl fmt::Display for Division {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Division::First => "1st",
            Division::TwentyNinth => "29th",
        })
    }
}

/// A German division (rule 2.2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GermanDivision {
    #[serde(rename = "716th")]
    D716,
    #[serde(rename = "352nd")]
    D352,
}

/// The six colours of German positions (rule 2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    Red,
    Purple,
    Green,
    Blue,
    Orange,
    Brown,
}

impl Colour {
    pub const ALL: [Colour; 6] = [
        Colour::Red,
        Colour::Purple,
        Colour::Green,
        Colour::Blue,
        Colour::Orange,
        Colour::Brown,
    ];

    /// How the colour is drawn.
    pub fn rgb(self) -> &'static str {
        match self {
            Colour::Red => "#d0202a",
            Colour::Purple => "#7b3fa0",
            Colour::Green => "#1f8a3a",
            Colour::Blue => "#1f5fc0",
            Colour::Orange => "#f08a10",
            Colour::Brown => "#7a4a1e",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", format!("{self:?}").to_lowercase())
    }
}

/// A US target symbol (rule 2.2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Symbol {
    Diamond,
    Triangle,
    Circle,
}

/// The intensity of a fire point (rule 2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FireLevel {
    Intense,
    Moderate,
    Sporadic,
}

/// The tide of a turn (rule 5.21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tide {
    Low,
    Mid,
    High,
}

impl Tide {
    /// The hex tag of this tide line in map.toml.
    pub fn tag(self) -> &'static str {
        match self {
            Tide::Low => "tide_low",
            Tide::Mid => "tide_mid",
            Tide::High => "tide_high",
        }
    }
}

/// A weapon (or FL, flanking) of the US Weapons chart (T3, rule 8.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Weapon {
    BZ,
    BG,
    BR,
    DE,
    MO,
    RD,
    MG,
    AR,
    NA,
    FL,
}

/// A column of the Landing table (T1, rule 5.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LandingLetter {
    A,
    B,
    C,
    D,
}

/// A German action letter on a Fire card icon (rule 6.1, 16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ActionLetter {
    F,
    R,
    M,
    P,
    A,
}

/// An artillery calibre (rules 3, 6.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Calibre {
    #[serde(rename = "75")]
    C75,
    #[serde(rename = "88")]
    C88,
    #[serde(rename = "105")]
    C105,
    #[serde(rename = "150")]
    C150,
}
