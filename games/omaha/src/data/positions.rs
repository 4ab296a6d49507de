//! German positions: the WNs, the reinforcement positions, their fire fields and advance paths
//! (rules 2.1, 6.2, 16.8; positions.toml).

use super::files::{At, located};
use super::vocab::{Colour, FireLevel};
use overlord_hexmap::HexLabel;
use serde::Deserialize;

/// The fire points a position projects, by level (rule 2.1).
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireField {
    #[serde(default)]
    pub intense: Vec<HexLabel>,
    #[serde(default)]
    pub moderate: Vec<HexLabel>,
    #[serde(default)]
    pub sporadic: Vec<HexLabel>,
}

impl FireField {
    /// Every fire point with its level.
    pub fn points(&self) -> impl Iterator<Item = (HexLabel, FireLevel)> + '_ {
        fn at(
            hexes: &[HexLabel],
            level: FireLevel,
        ) -> impl Iterator<Item = (HexLabel, FireLevel)> + '_ {
            hexes.iter().map(move |&h| (h, level))
        }
        at(&self.intense, FireLevel::Intense)
            .chain(at(&self.moderate, FireLevel::Moderate))
            .chain(at(&self.sporadic, FireLevel::Sporadic))
    }
}

/// The printed artillery symbol of one WN hex (setup, rule 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WnArtillery {
    None,
    #[serde(rename = "75")]
    C75,
    #[serde(rename = "88")]
    C88,
    Rocket,
}

/// A Widerstandsnest position, one or two hexes (rule 2.1).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Wn {
    pub number: u8,
    /// One hex, or two: north then south.
    pub hexes: Vec<HexLabel>,
    pub colour: Colour,
    /// One per hex.
    pub artillery: Vec<WnArtillery>,
    #[serde(default)]
    pub fire: FireField,
    #[serde(skip)]
    pub at: At,
}

impl Wn {
    /// `WN62`.
    pub fn id(&self) -> String {
        format!("WN{}", self.number)
    }

    /// The names of its hexes as rules use them: `WN60`, or `WN62N` and `WN62S`.
    pub fn hex_names(&self) -> Vec<(String, HexLabel)> {
        match self.hexes.as_slice() {
            [one] => vec![(self.id(), *one)],
            hexes => hexes
                .iter()
                .zip(["N", "S"])
                .map(|(&hex, half)| (format!("{}{half}", self.id()), hex))
                .collect(),
        }
    }
}

/// A reinforcement position (rules 2.1, 9.3).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reinforcement {
    /// Zone letter and priority (`C1`); `None` for a position without ID (rule 9.41).
    #[serde(default)]
    pub id: Option<String>,
    pub hex: HexLabel,
    pub colour: Colour,
    #[serde(default)]
    pub building: bool,
    #[serde(default)]
    pub vp: bool,
    #[serde(default)]
    pub advance: Vec<String>,
    #[serde(default)]
    pub fire: FireField,
    #[serde(skip)]
    pub at: At,
}

impl Reinforcement {
    /// `C1`, or `R-1014` for a position without ID.
    pub fn name(&self) -> String {
        self.id.clone().unwrap_or_else(|| format!("R-{}", self.hex))
    }

    /// The zone letter and the priority value (rule 9.3, INTERP AMB-02).
    pub fn zone_priority(&self) -> Option<(char, u8)> {
        let id = self.id.as_deref()?;
        let mut chars = id.chars();
        let zone = chars.next()?;
        let priority = chars.as_str().parse().ok()?;
        Some((zone, priority))
    }
}

/// The hexes an Advance moves through from one position to another (rule 16.82).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdvancePath {
    pub from: String,
    pub to: String,
    pub path: Vec<HexLabel>,
    #[serde(skip)]
    pub at: At,
}

located!(Wn, Reinforcement, AdvancePath);

/// Everything in positions.toml.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Positions {
    pub wns: Vec<Wn>,
    pub reinforcements: Vec<Reinforcement>,
    pub advance_paths: Vec<AdvancePath>,
}

/// A position of either kind, for checks that treat them alike.
pub struct AnyPosition<'a> {
    pub name: String,
    pub hexes: Vec<HexLabel>,
    pub colour: Colour,
    pub fire: &'a FireField,
    pub at: &'a At,
}

impl Positions {
    /// Every position, WNs first.
    pub fn all(&self) -> Vec<AnyPosition<'_>> {
        let wns = self.wns.iter().map(|wn| AnyPosition {
            name: wn.id(),
            hexes: wn.hexes.clone(),
            colour: wn.colour,
            fire: &wn.fire,
            at: &wn.at,
        });
        let reinforcements = self.reinforcements.iter().map(|r| AnyPosition {
            name: r.name(),
            hexes: vec![r.hex],
            colour: r.colour,
            fire: &r.fire,
            at: &r.at,
        });
        wns.chain(reinforcements).collect()
    }

    /// The WN with this number.
    pub fn wn(&self, number: u8) -> Option<&Wn> {
        self.wns.iter().find(|wn| wn.number == number)
    }

    /// The reinforcement position with this id (`C1`) or name (`R-1014`).
    pub fn reinforcement(&self, name: &str) -> Option<&Reinforcement> {
        self.reinforcements.iter().find(|r| r.name() == name)
    }

    /// Whether `name` is a position (`WN62`, `C1`, `R-1014`).
    pub fn has(&self, name: &str) -> bool {
        self.reinforcement(name).is_some() || self.wns.iter().any(|wn| wn.id() == name)
    }

    /// Whether `name` is a position or a half of a two-hex WN (`WN62N`), and its hex.
    pub fn place(&self, name: &str) -> Option<HexLabel> {
        self.wns
            .iter()
            .flat_map(Wn::hex_names)
            .find(|(n, _)| n == name)
            .map(|(_, hex)| hex)
            .or_else(|| self.reinforcement(name).map(|r| r.hex))
    }
}
