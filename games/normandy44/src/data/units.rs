//! `units.toml` and `cadres.toml`: the formations, the combat units with a face per step, and
//! the cadre counters (2.3, 17.9).

use overlord_datafile::files::At;
use overlord_datafile::located;
use serde::Deserialize;

pub use crate::tables::Side;
pub use crate::tables::costs::Army;

/// Nationality or service, by the counter's colour (2.3.4).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum Nation {
    Us,
    British,
    Canadian,
    Heer,
    Ss,
    Luftwaffe,
    Kriegsmarine,
    Todt,
}

/// Unit size (2.3.2).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum Size {
    Battalion,
    Regiment,
    Brigade,
    Division,
    Corps,
    Army,
    None,
}

/// Unit type (2.3.3); whether a unit is mechanized and infantry-type follows from it.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum Class {
    Infantry,
    Airborne,
    Glider,
    Bicycle,
    Security,
    Engineer,
    Fortress,
    Ost,
    Armor,
    Silhouette,
    Panzergrenadier,
    Motorized,
    Recon,
    Flak,
    Antitank,
    Werfer,
    Hq,
    Strongpoint,
    BeachEngineer,
    Ranger,
    Commando,
}

impl Class {
    /// 2.3.3: the TEC column a unit uses.
    pub fn mechanized(self) -> bool {
        matches!(
            self,
            Class::Armor
                | Class::Silhouette
                | Class::Panzergrenadier
                | Class::Motorized
                | Class::Recon
                | Class::Flak
                | Class::Antitank
                | Class::Werfer
        )
    }

    /// 2.3.3: all non-mechanized units plus panzergrenadiers and motorized infantry (6.2, 16.1).
    /// HQs and strongpoints are neither: they are not infantry that builds or is replaced as such.
    pub fn infantry_type(self) -> bool {
        match self {
            Class::Hq | Class::Strongpoint | Class::BeachEngineer => false,
            Class::Panzergrenadier | Class::Motorized => true,
            other => !other.mechanized(),
        }
    }
}

/// The replacement type that restores a unit (6.2).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum ReplacementType {
    Infantry,
    Armor,
    Airborne,
    CanadianInfantry,
}

/// The colour of an armor value (2.3.1): grey = armored, red box = anti-tank.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum AvColour {
    Grey,
    Red,
}

/// The beach printed on an Allied counter (2.3.1).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum DdayBeach {
    Utah,
    Omaha,
    Gold,
    Juno,
    Sword,
    Pdh,
    Airborne,
}

/// One printed face of a unit: one step.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Face {
    pub cf: u8,
    pub ma: u8,
    /// Silhouette units have none and count as 0 (11.5).
    #[serde(default)]
    pub tq: Option<i8>,
    #[serde(default)]
    pub av: Option<u8>,
    #[serde(default)]
    pub av_colour: Option<AvColour>,
    /// CF printed in parentheses: the unit only defends (2.3.1, 10.7).
    #[serde(default)]
    pub defence_only: bool,
    /// The white box: no ZOC (8.1).
    #[serde(default)]
    pub no_zoc: bool,
}

impl Face {
    /// The TQ the rules use: a silhouette's is 0 (11.5).
    pub fn quality(&self) -> i8 {
        self.tq.unwrap_or(0)
    }
}

/// A division, corps, army or brigade group (`[[formation]]`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Formation {
    #[serde(skip)]
    pub at: At,
    pub id: String,
    pub name: String,
    pub side: Side,
    #[serde(default)]
    pub parent: Option<String>,
    #[serde(default)]
    pub airborne: bool,
}

/// One combat unit counter (`[[unit]]`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitDef {
    #[serde(skip)]
    pub at: At,
    pub id: String,
    pub name: String,
    pub short: String,
    pub side: Side,
    pub nation: Nation,
    #[serde(default)]
    pub army: Option<Army>,
    #[serde(default)]
    pub formation: Option<String>,
    pub size: Size,
    pub class: Class,
    #[serde(default)]
    pub tiger: bool,
    #[serde(default)]
    pub panther: bool,
    #[serde(default)]
    pub fallschirmjaeger: bool,
    #[serde(default)]
    pub bicycle: bool,
    #[serde(default)]
    pub restricted: bool,
    #[serde(default)]
    pub mobilization: bool,
    #[serde(default = "yes")]
    pub replaceable: bool,
    pub replacement: ReplacementType,
    #[serde(default)]
    pub cadre: Option<String>,
    #[serde(default)]
    pub dday_beach: Option<DdayBeach>,
    pub steps: Vec<Face>,
}

fn yes() -> bool {
    true
}

/// A cadre counter type (`[[cadre]]`, 17.9): what a 3-step unit's last step is.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CadreDef {
    #[serde(skip)]
    pub at: At,
    pub id: String,
    pub side: Side,
    pub nation: Nation,
    pub count: u8,
    pub face: Face,
}

located!(Formation, UnitDef, CadreDef);
