//! The 55 cards: landing, event and German Fire sections (rules 2.3, 5.1, 6.1; cards.toml).

use super::files::{At, located};
use super::vocab::{ActionLetter, Calibre, Colour, Division, LandingLetter, Sector, Symbol};
use serde::Deserialize;

/// The landing section: a letter per target symbol, and the mine symbol (rules 5.1, 5.14).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LandingSection {
    pub diamond: LandingLetter,
    pub triangle: LandingLetter,
    pub circle: LandingLetter,
    #[serde(default)]
    pub mine: bool,
}

impl LandingSection {
    /// The letter paired with `symbol`.
    pub fn letter(&self, symbol: Symbol) -> LandingLetter {
        match symbol {
            Symbol::Diamond => self.diamond,
            Symbol::Triangle => self.triangle,
            Symbol::Circle => self.circle,
        }
    }
}

/// One coloured icon of the Fire section (rule 6.1).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Icon {
    pub colour: Colour,
    #[serde(default)]
    pub double: bool,
    #[serde(default)]
    pub star: bool,
    #[serde(default)]
    pub tank: bool,
    #[serde(default)]
    pub mark: Option<ActionLetter>,
}

/// The German Fire section (rule 6.1).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireSection {
    pub icons: Vec<Icon>,
    pub target: Symbol,
}

/// The artillery block: value and qualifying calibres (rule 6.5).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArtilleryBlock {
    pub value: u8,
    pub calibres: Vec<Calibre>,
}

/// Where an added depth marker goes (rule 9.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DepthWhere {
    One,
    EachSector,
    Sector,
}

/// A position hit by Unexpected US Naval Fire, chosen by the symbol of a drawn card.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NavalTarget {
    pub position: String,
    pub symbol: Symbol,
}

/// What an event does (rules 8.5, 9.2–9.5, 11, 13.12, "Event descriptions").
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EventEffect {
    None,
    AddDepthMarker {
        #[serde(rename = "where")]
        place: DepthWhere,
        #[serde(default)]
        sector: Option<Sector>,
    },
    Reinforcements {
        zones: Vec<char>,
    },
    /// 9.5: KG Meyer units (and Mobile markers of its box) moved to the Division box and the
    /// Mobile box; without counts on the card, 4 and 2 (AMB-17, UNVERIFIED).
    KampfgruppeMeyer {
        #[serde(default)]
        units: Option<u8>,
        #[serde(default)]
        markers: Option<u8>,
    },
    NavalGunfire {
        count: u8,
        #[serde(default)]
        division: Option<Division>,
    },
    Hero {
        division: Division,
        #[serde(default)]
        depth_marker: bool,
    },
    ArtilleryLimitsEngineers,
    PlungingFire,
    PrisonerTalks {
        sector: Sector,
    },
    RocketArtilleryDestroyed,
    GermansConcealed {
        symbol: Symbol,
    },
    AddStep {
        division: Division,
    },
    ScreamingMeemies,
    Smoke {
        wns: Vec<u8>,
    },
    Snipers {
        hq: String,
    },
    NavalFireHitsPosition {
        targets: Vec<NavalTarget>,
    },
    PatrolReport {
        sector: Sector,
    },
    GermanArtillery {
        sector: Sector,
    },
}

/// An event for a range of turns.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Event {
    /// First and last turn, inclusive.
    pub turns: [u8; 2],
    #[serde(default)]
    pub title: Option<String>,
    #[serde(flatten)]
    pub effect: EventEffect,
}

/// One card (rule 2.3).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    pub number: u8,
    /// Card 55, the US-actions summary, removed before play (rule 2.3).
    #[serde(default)]
    pub summary: bool,
    #[serde(default)]
    pub landing: Option<LandingSection>,
    #[serde(default)]
    pub fire: Option<FireSection>,
    #[serde(default)]
    pub artillery: Option<ArtilleryBlock>,
    #[serde(default)]
    pub event: Vec<Event>,
    #[serde(skip)]
    pub at: At,
}

located!(Card);

impl Card {
    /// The event in force on `turn`.
    pub fn event_on(&self, turn: u8) -> Option<&Event> {
        self.event
            .iter()
            .find(|e| e.turns[0] <= turn && turn <= e.turns[1])
    }
}
