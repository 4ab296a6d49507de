//! The US roster: units, heroes, HQs and generals (rules 2.2.1, 2.23, 11; us_units.toml).

use super::files::{At, located};
use super::vocab::{Division, Symbol, Weapon};
use serde::Deserialize;

/// A US unit type (rule 2.23).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UsKind {
    Infantry,
    Ranger,
    Tank,
    Artillery,
    SpArtillery,
    Dukw,
    Aa,
    SpAa,
    AntiTank,
    Engineer,
}

impl UsKind {
    /// Tanks, SP artillery and SP AA are armored (rule 2.23).
    pub fn armored(self) -> bool {
        matches!(self, UsKind::Tank | UsKind::SpArtillery | UsKind::SpAa)
    }

    /// Regular and Ranger infantry companies.
    pub fn infantry(self) -> bool {
        matches!(self, UsKind::Infantry | UsKind::Ranger)
    }
}

/// A range on the counter: hexes, or U for unlimited (rule 2.2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum Range {
    Hexes(u8),
    Unlimited(UnlimitedMark),
}

/// The letter `U`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum UnlimitedMark {
    U,
}

/// A US unit (rule 2.2.1).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UsUnit {
    pub id: String,
    pub division: Division,
    pub kind: UsKind,
    #[serde(default)]
    pub heavy: bool,
    pub symbol: Symbol,
    pub controls_adjacent: bool,
    /// `None` for the first-wave tanks, which start in their box (setup 5).
    #[serde(default)]
    pub arrival: Option<u8>,
    /// A box id, beach letters, or a division (rule 5.3).
    pub landing: String,
    /// Attack strength with 1, 2, ... steps; its length is the unit's steps.
    pub attack: Vec<u8>,
    #[serde(default)]
    pub range: Option<Range>,
    /// Infantry: the weapons printed on each reduced side, 1 step first (rule 8.21).
    #[serde(default)]
    pub reduced_weapons: Vec<Vec<Weapon>>,
    #[serde(skip)]
    pub at: At,
}

impl UsUnit {
    /// Steps at full strength.
    pub fn steps(&self) -> usize {
        self.attack.len()
    }

    /// Counters on the sheet: units of 3 or 4 steps have a replacement counter (rule 2.2.1).
    pub fn counters(&self) -> u32 {
        if self.steps() >= 3 { 2 } else { 1 }
    }
}

/// A Hero counter (rule 11.1).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hero {
    pub name: String,
    pub division: Division,
    #[serde(skip)]
    pub at: At,
}

/// A regimental HQ (rule 11.2).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hq {
    pub id: String,
    pub division: Division,
    pub arrival: u8,
    pub landing: String,
    #[serde(skip)]
    pub at: At,
}

/// A General (rule 11.3).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct General {
    pub name: String,
    pub division: Division,
    pub arrival: u8,
    pub landing: String,
    #[serde(skip)]
    pub at: At,
}

located!(UsUnit, Hero, Hq, General);

/// Everything in us_units.toml.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UsRoster {
    pub units: Vec<UsUnit>,
    pub heroes: Vec<Hero>,
    pub hqs: Vec<Hq>,
    pub generals: Vec<General>,
}

impl UsRoster {
    /// The unit with this id.
    pub fn unit(&self, id: &str) -> Option<&UsUnit> {
        self.units.iter().find(|u| u.id == id)
    }
}
