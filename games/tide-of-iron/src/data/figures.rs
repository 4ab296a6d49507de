//! The figures and vehicles (spec table 2.1, `TOI-UNIT-*`): `figures.toml`.

use overlord_datafile::files::At;
use overlord_datafile::located;
use serde::Deserialize;

/// A squad's specialization token (`TOI-SPEC`).
#[derive(Clone, Copy, Debug, Deserialize, serde::Serialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum Specialization {
    /// `TOI-SPEC-ENG`.
    Engineer,
    /// `TOI-SPEC-AT`.
    AntiTank,
    /// `TOI-SPEC-FLAME`.
    Flamethrower,
    /// `TOI-SPEC-MEDIC`.
    Medic,
}

impl Specialization {
    pub const ALL: [Specialization; 4] = [
        Specialization::Engineer,
        Specialization::AntiTank,
        Specialization::Flamethrower,
        Specialization::Medic,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Specialization::Engineer => "engineer",
            Specialization::AntiTank => "anti-tank",
            Specialization::Flamethrower => "flamethrower",
            Specialization::Medic => "medic",
        }
    }
}

/// The two nations of the base game.
#[derive(Clone, Copy, Debug, Deserialize, serde::Serialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum Nation {
    Us,
    De,
}

impl Nation {
    /// Both nations, the US first.
    pub const ALL: [Nation; 2] = [Nation::Us, Nation::De];

    /// Its index in per-nation arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The other nation.
    pub fn enemy(self) -> Nation {
        match self {
            Nation::Us => Nation::De,
            Nation::De => Nation::Us,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Nation::Us => "US",
            Nation::De => "German",
        }
    }
}

/// What a figure or vehicle is (`TOI-UNIT-*`).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum FigureClass {
    Regular,
    Elite,
    Officer,
    MgCrew,
    MortarCrew,
    Truck,
    Halftrack,
    Tank,
}

impl FigureClass {
    /// Infantry figures stand on squad bases; the others are vehicles.
    pub fn infantry(self) -> bool {
        matches!(
            self,
            FigureClass::Regular
                | FigureClass::Elite
                | FigureClass::Officer
                | FigureClass::MgCrew
                | FigureClass::MortarCrew
        )
    }
}

/// A direct attack: its range in hexes and its firepower (dice).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    pub range: u8,
    pub firepower: u8,
}

/// The mortar's area attack (`TOI-UNIT-MORTAR`).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Area {
    pub range: u8,
    /// Normal firepower.
    pub firepower: u8,
    /// Suppressive firepower.
    pub suppressive: u8,
    /// No target closer than this.
    pub minimum_range: u8,
}

/// The traits a figure may list (`TOI-UNIT-*`, the reference cards' abilities).
pub const TRAITS: [&str; 19] = [
    "resilience",
    "fast_recovery",
    "rally",
    "determination",
    "increased_mobility",
    "limited_choice_of_actions",
    "rapid_op_fire",
    "area_attack",
    "indirect_fire",
    "minimum_range",
    "no_op_fire",
    "no_mixed_fire",
    "transport",
    "efficient_road_movement",
    "fragile",
    "sturdy",
    "concussive_firepower",
    "overrun",
    "thick_armor",
];

/// The fields `ours` may name.
pub const AUTHORABLE: [&str; 11] = [
    "move",
    "vs_infantry",
    "vs_infantry.range",
    "vs_infantry.firepower",
    "vs_vehicle",
    "vs_vehicle.range",
    "vs_vehicle.firepower",
    "area",
    "armor",
    "transport",
    "traits",
];

/// One figure or vehicle type (`[[figure]]`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FigureDef {
    #[serde(skip)]
    pub at: At,
    pub id: String,
    pub name: String,
    pub nation: Nation,
    pub class: FigureClass,
    /// How many the box holds (`TOI-COMP`; FAQ-10); none: no limit.
    #[serde(default)]
    pub count: Option<u16>,
    /// Base slots an infantry figure takes (`TOI-UNIT-SQUAD`: heavy weapons 2); 0 for vehicles.
    #[serde(default)]
    pub slots: u8,
    /// Movement points.
    #[serde(rename = "move")]
    pub movement: u8,
    #[serde(default)]
    pub vs_infantry: Option<Attack>,
    #[serde(default)]
    pub vs_vehicle: Option<Attack>,
    #[serde(default)]
    pub area: Option<Area>,
    /// Armor (vehicles).
    #[serde(default)]
    pub armor: Option<u8>,
    /// Squads carried (`TOI-TRANS`).
    #[serde(default)]
    pub transport: Option<u8>,
    #[serde(default)]
    pub traits: Vec<String>,
    /// The fields authored by the Overlord project where the source is silent.
    #[serde(default)]
    pub ours: Vec<String>,
}

located!(FigureDef);

/// `TOI-SQUAD`, `TOI-SETUP-5`, `TOI-SPEC-ASSIGN`: why a starting base of `figures` (indices
/// into `all`) with `specs` specialization tokens is not a legal one, if it is not, with what is
/// at fault (`"squad"`: its figures, or `"spec"`: its tokens): its 4 slots filled exactly (a
/// machine gun or mortar crew fills two), one token at most, and none on a squad with a heavy
/// weapon.
pub fn base_fault(
    all: &[FigureDef],
    figures: &[u8],
    specs: usize,
) -> Option<(&'static str, String)> {
    let defs: Vec<&FigureDef> = figures
        .iter()
        .filter_map(|&f| all.get(usize::from(f)))
        .collect();
    let slots: u32 = defs.iter().map(|f| u32::from(f.slots)).sum();
    let heavy = defs
        .iter()
        .any(|f| matches!(f.class, FigureClass::MgCrew | FigureClass::MortarCrew));
    if slots < 4 {
        let why = format!("a starting squad fills its 4 slots (TOI-SQUAD); these fill {slots}");
        Some(("squad", why))
    } else if slots > 4 {
        let why = format!("a base has 4 slots (TOI-SQUAD); these figures need {slots}");
        Some(("squad", why))
    } else if specs > 1 {
        let why = "a base carries one specialization token at most (TOI-SPEC-ASSIGN)";
        Some(("spec", why.to_owned()))
    } else if specs == 1 && heavy {
        let why = "only squads without a machine gun or mortar are specialized (TOI-SPEC-ASSIGN)";
        Some(("spec", why.to_owned()))
    } else {
        None
    }
}
