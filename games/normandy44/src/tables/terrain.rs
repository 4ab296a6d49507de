//! Spec table 2.4, the Terrain Effects Chart (TEC), with the rules it summarises: movement
//! costs (9.1, 9.3–9.7, 9.11, 8.2), the defensive combat bonus (11.2), the attacker's halving,
//! the "1L\*" shift and the armor-shift limits across hexsides and out of or into hexes (11.1,
//! 11.3, 11.4.4, 11.7, 11.8, 16.1–16.3), one-hex retreat stops (13.3), advance stops (14.4),
//! strafing (19.1.4) and where an IP may be built (16.1). A-9 decides the uncertain cells.
//!
//! Movement points are counted in [`Sixths`] so that the ⅓ of a main road and the ½ of a
//! secondary road are exact.
//!
//! A hex may show several terrains (3.1 `terrain: Vec<HexTerrain>`). The functions over a
//! `&[Terrain]` resolve them: "OTIH" terrains (town and airfield for movement, airfield for
//! combat) defer to the others, and a hex with only OTIH terrains is read as clear; the DCB is the
//! best one (11.2); a combat or retreat effect that favours the defender applies if any terrain of
//! the hex has it; the movement cost is the most restrictive terrain's (a reading: the spec has no
//! rule for two priced terrains in one hex). An empty list reads as clear.

use std::ops::{Add, AddAssign};

use super::Side;
use super::weather::Weather;

/// Movement points in sixths of an MP: ⅓ MP = 2, ½ MP = 3, 1 MP = 6.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sixths(pub u16);

impl Sixths {
    pub const ZERO: Sixths = Sixths(0);
    /// ⅓ MP: a main road for mechanized units (9.3, TEC).
    pub const THIRD: Sixths = Sixths(2);
    /// ½ MP: a secondary road; a main road for non-mechanized units, and for German mechanized
    /// units in Clear and Overcast (9.7).
    pub const HALF: Sixths = Sixths(3);
    pub const ONE: Sixths = Sixths(6);
    pub const TWO: Sixths = Sixths(12);

    /// `mp` whole movement points.
    pub const fn mp(mp: u16) -> Sixths {
        Sixths(mp * 6)
    }

    /// How many times `cost` fits in `self` (for example, road hexes a movement allowance
    /// covers). A zero cost fits `u16::MAX` times.
    pub fn times(self, cost: Sixths) -> u16 {
        self.0.checked_div(cost.0).unwrap_or(u16::MAX)
    }
}

impl Add for Sixths {
    type Output = Sixths;
    fn add(self, rhs: Sixths) -> Sixths {
        Sixths(self.0.saturating_add(rhs.0))
    }
}

impl AddAssign for Sixths {
    fn add_assign(&mut self, rhs: Sixths) {
        *self = *self + rhs;
    }
}

/// 8.2 (TEC "Other modifiers"): the extra cost of leaving an enemy ZOC. Entering one costs
/// nothing extra but stops the unit.
pub const LEAVE_EZOC: Sixths = Sixths::ONE;

/// 11.8 (TEC "Hilltop"): the shift against a defender on a hilltop (one left).
pub const HILLTOP_SHIFT: i8 = -1;

/// 11.3 (TEC "1L\*"): the shift when every MAF unit attacks across a major-river or flooded
/// hexside and/or out of a flooded hex (one left).
pub const ALL_MAF_ACROSS_SHIFT: i8 = -1;

/// The TEC's two movement columns. Trucked units use [`Mobility::Mech`] (9.8.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mobility {
    NonMech,
    Mech,
}

/// Road types (9.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Road {
    Main,
    Secondary,
}

/// A moving unit, as the TEC's road costs see it (9.7 needs the side).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mover {
    pub side: Side,
    pub mobility: Mobility,
}

/// A hex terrain (3.1 `HexTerrain`, TEC "Hex terrain"). Hilltops are a separate flag of the hex
/// (brown hexes, 2.2, 11.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    Clear,
    Mixed,
    Bocage,
    Woods,
    Town,
    City,
    Flooded,
    /// The Marais de Gorges, impassable.
    Marsh,
    Airfield,
    /// Off the playing area.
    Sea,
}

/// A fortification in a hex (TEC "IP or Strongpoint in hex", 16.1, 16.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Fortification {
    #[default]
    None,
    /// An improved position (complete), including the permanent Osteck and Westeck.
    ImprovedPosition,
    /// A German strongpoint.
    Strongpoint,
}

/// What entering a hex asks of a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HexEntry {
    /// It may enter for `cost`; `must_stop`: it ends its move there (flooded hex off-road, 9.5).
    Enter { cost: Sixths, must_stop: bool },
    /// "P": only by following a road (mechanized units into a flooded hex, 9.5).
    RoadOnly,
    /// Never (the marsh, the sea).
    Prohibited,
}

impl HexEntry {
    /// How restrictive the entry is, for combining several terrains: the highest wins.
    fn severity(self) -> (u8, Sixths, bool) {
        match self {
            HexEntry::Enter { cost, must_stop } => (0, cost, must_stop),
            HexEntry::RoadOnly => (1, Sixths::ZERO, false),
            HexEntry::Prohibited => (2, Sixths::ZERO, false),
        }
    }
}

const fn enter(mp: u16) -> HexEntry {
    HexEntry::Enter {
        cost: Sixths::mp(mp),
        must_stop: false,
    }
}

impl Terrain {
    /// Every terrain.
    pub const ALL: [Terrain; 10] = [
        Terrain::Clear,
        Terrain::Mixed,
        Terrain::Bocage,
        Terrain::Woods,
        Terrain::Town,
        Terrain::City,
        Terrain::Flooded,
        Terrain::Marsh,
        Terrain::Airfield,
        Terrain::Sea,
    ];

    /// TEC "MP non-mech | MP mech", off road (9.1, 9.5): `None` for "OTIH" (town, airfield).
    pub fn entry(self, mobility: Mobility) -> Option<HexEntry> {
        use Mobility::{Mech, NonMech};
        Some(match (self, mobility) {
            (Terrain::Clear | Terrain::City, _) => enter(1),
            // mixed and bocage cost 1 MP for mech too (as extracted; *(uncertain)*).
            (Terrain::Mixed | Terrain::Bocage, _) => enter(1),
            (Terrain::Woods, NonMech) => enter(1),
            (Terrain::Woods, Mech) => enter(2),
            (Terrain::Town | Terrain::Airfield, _) => return None,
            // 9.5: 2 MP and stop unless on a road; mechanized units only by road.
            (Terrain::Flooded, NonMech) => HexEntry::Enter {
                cost: Sixths::TWO,
                must_stop: true,
            },
            (Terrain::Flooded, Mech) => HexEntry::RoadOnly,
            (Terrain::Marsh | Terrain::Sea, _) => HexEntry::Prohibited,
        })
    }

    /// Whether no unit may ever be in the hex, road or not (the marsh, A-9: no ZOC into it, no
    /// bond or supply through it; the sea).
    pub fn impassable(self) -> bool {
        matches!(self, Terrain::Marsh | Terrain::Sea)
    }

    /// TEC "Effect on combat", 11.2: the DCB of the terrain (airfield OTIH: 0 of its own).
    pub fn dcb(self) -> u8 {
        match self {
            Terrain::Mixed | Terrain::Woods => 2,
            Terrain::Bocage => 3,
            Terrain::Town => 4,
            Terrain::City => 5,
            Terrain::Clear
            | Terrain::Flooded
            | Terrain::Marsh
            | Terrain::Airfield
            | Terrain::Sea => 0,
        }
    }

    /// TEC "Attacker may get armor shift?", 11.3, 11.4.4: whether an attacker may get the armor
    /// shift against a defender in this terrain (no in woods, city and flooded hexes; airfield
    /// OTIH, so yes of its own).
    pub fn attacker_armor_shift_allowed(self) -> bool {
        !matches!(self, Terrain::Woods | Terrain::City | Terrain::Flooded)
    }

    /// 13.3 (TEC "Stops retreat"): whether a 2-hex retreat may stop after one hex here.
    pub fn stops_retreat(self) -> bool {
        matches!(
            self,
            Terrain::Bocage | Terrain::Town | Terrain::Woods | Terrain::City
        )
    }

    /// 14.4 (TEC "stops advance unless on road"): whether an advancing unit of `mobility` must
    /// stop on entering this terrain off road: bocage for every unit, flooded hexes for
    /// non-mechanized units (mechanized units may not enter them off road at all, 9.5).
    pub fn stops_advance_unless_on_road(self, mobility: Mobility) -> bool {
        match self {
            Terrain::Bocage => true,
            Terrain::Flooded => mobility == Mobility::NonMech,
            _ => false,
        }
    }

    /// 19.1.4 (TEC "cannot be strafed"): woods and city hexes cannot be strafed.
    pub fn can_be_strafed(self) -> bool {
        !matches!(self, Terrain::Woods | Terrain::City)
    }

    /// 16.1 (TEC "no IP may be built"): no IP in a city hex (nor where no unit can be).
    pub fn ip_allowed(self) -> bool {
        !matches!(self, Terrain::City | Terrain::Marsh | Terrain::Sea)
    }
}

/// The terrains of a hex that are not "OTIH" for movement; a hex showing only town or airfield
/// is clear underneath.
fn movement_terrains(terrains: &[Terrain]) -> impl Iterator<Item = Terrain> + '_ {
    let any = terrains
        .iter()
        .any(|t| !matches!(t, Terrain::Town | Terrain::Airfield));
    let fallback = (!any).then_some(Terrain::Clear);
    terrains
        .iter()
        .copied()
        .filter(|t| !matches!(t, Terrain::Town | Terrain::Airfield))
        .chain(fallback)
}

/// TEC, 9.1, 9.5: entering a hex showing `terrains` off road. OTIH terrains defer to the others;
/// with several priced terrains the most restrictive one applies (a reading; see the module
/// docs).
pub fn hex_entry(terrains: &[Terrain], mobility: Mobility) -> HexEntry {
    // The map's hexes show one terrain each: the movement search's case, answered directly.
    if let [terrain] = terrains {
        return match terrain {
            Terrain::Town | Terrain::Airfield => enter(1),
            _ => terrain.entry(mobility).unwrap_or(enter(1)),
        };
    }
    movement_terrains(terrains)
        .filter_map(|t| t.entry(mobility))
        .max_by_key(|e| e.severity())
        .unwrap_or(enter(1))
}

/// 9.3, 9.7 (TEC "Main road", "Secondary road", note "B"): the cost of a road hex entered along
/// the road. Secondary ½; main ½ for non-mechanized units and ⅓ for mechanized ones, except that
/// German mechanized units pay ½ in Clear and Overcast (⅓ in Storm).
pub fn road_cost(road: Road, mover: Mover, weather: Weather) -> Sixths {
    match (road, mover.mobility) {
        (Road::Secondary, _) | (Road::Main, Mobility::NonMech) => Sixths::HALF,
        (Road::Main, Mobility::Mech) => {
            if mover.side == Side::German && weather != Weather::Storm {
                Sixths::HALF
            } else {
                Sixths::THIRD
            }
        }
    }
}

/// TEC, 9.3, 9.5, 9.7: entering a hex showing `terrains`, along a road of type `road` (`None`:
/// off road). Along a road the road cost replaces the terrain's, flooded hexes included (no stop,
/// and open to mechanized units); the marsh and the sea stay impassable.
pub fn enter_hex(
    terrains: &[Terrain],
    mover: Mover,
    road: Option<Road>,
    weather: Weather,
) -> HexEntry {
    if terrains.iter().any(|t| t.impassable()) {
        return HexEntry::Prohibited;
    }
    match road {
        Some(road) => HexEntry::Enter {
            cost: road_cost(road, mover, weather),
            must_stop: false,
        },
        None => hex_entry(terrains, mover.mobility),
    }
}

/// 9.5: whether a unit of `mobility` in a flooded hex may leave it only by road (mechanized
/// units).
pub fn leaves_flooded_hex_only_by_road(mobility: Mobility) -> bool {
    mobility == Mobility::Mech
}

/// 9.7: the movement allowance of a unit with printed MA `printed`: German mechanized units
/// have MA −2 in Clear weather (trucked units too, 9.8.6).
pub fn movement_allowance(printed: u8, mover: Mover, weather: Weather) -> u8 {
    if mover.side == Side::German && mover.mobility == Mobility::Mech && weather == Weather::Clear {
        printed.saturating_sub(2)
    } else {
        printed
    }
}

/// 11.2, TEC "Effect on combat": the DCB of a hex showing `terrains`, the best of them (only one
/// DCB per defender; airfield OTIH).
pub fn dcb(terrains: &[Terrain]) -> u8 {
    terrains.iter().map(|t| t.dcb()).max().unwrap_or(0)
}

/// 11.2: the DCB a defending group gets: never more than the CF `receiving_cf` of its units
/// that receive it (strongpoints, silhouette units, FLAK, SM-marked units and units that retreated
/// in left out by the caller). A lone SP or silhouette unit therefore gets none.
pub fn capped_dcb(terrains: &[Terrain], receiving_cf: u16) -> u16 {
    u16::from(dcb(terrains)).min(receiving_cf)
}

/// 11.4.4, 16.1, 16.2, TEC: whether the attacker may get the armor shift against a defender in a
/// hex showing `terrains` with `fortification`: not into woods, city or flooded hexes, nor
/// against an IP or SP. A hilltop does not deny it.
pub fn attacker_armor_shift_into(terrains: &[Terrain], fortification: Fortification) -> bool {
    fortification == Fortification::None
        && terrains.iter().all(|t| t.attacker_armor_shift_allowed())
}

/// 13.3 (TEC "Stops retreat"): whether a 2-hex retreat may stop after one hex in a hex showing
/// `terrains` with `fortification` (city, town, woods, bocage, an IP or an SP). Friendly units
/// may also stop it (13.3), which the caller checks.
pub fn stops_retreat(terrains: &[Terrain], fortification: Fortification) -> bool {
    fortification != Fortification::None || terrains.iter().any(|t| t.stops_retreat())
}

/// 14.4: whether an advancing unit of `mobility` must stop on entering a hex showing `terrains`
/// (`along_road`: it follows a road into it).
pub fn advance_stops(terrains: &[Terrain], mobility: Mobility, along_road: bool) -> bool {
    !along_road
        && terrains
            .iter()
            .any(|t| t.stops_advance_unless_on_road(mobility))
}

/// 19.1.4: whether a hex showing `terrains` may be strafed (not woods, not city).
pub fn can_be_strafed(terrains: &[Terrain]) -> bool {
    terrains.iter().all(|t| t.can_be_strafed())
}

/// 16.1: whether the terrain allows an IP (not a city). The caller checks the other limits (no SP
/// or permanent IP in the hex, the counter mix).
pub fn ip_allowed(terrains: &[Terrain]) -> bool {
    terrains.iter().all(|t| t.ip_allowed())
}

/// The effect on an attacking unit of attacking out of its hex (11.1, 11.3): out of a flooded hex
/// the unit is halved, counts towards the "1L\*" shift and gets no armor shift.
pub fn attack_out_of(terrains: &[Terrain]) -> AttackEffect {
    if terrains.contains(&Terrain::Flooded) {
        AttackEffect {
            allowed: true,
            halved: true,
            counts_for_one_left: true,
            attacker_armor_shift: false,
            defender_armor_shift: true,
        }
    } else {
        AttackEffect::NONE
    }
}

/// A hexside feature (3.1 `HexsideFeature`, TEC "Hexside terrain").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HexsideFeature {
    MinorRiver,
    /// Including the Orne canal.
    MajorRiver,
    /// A flooded hexside.
    Flooded,
    /// One of the four Utah causeways: a flooded hexside with a bridge (9.11).
    Causeway,
    /// A blue impassable hexside (9.6).
    Impassable,
    /// An all-sea hexside.
    AllSea,
    /// The Carpiquet airfield hexside (11.7).
    Carpiquet,
    /// The Cherbourg Perimeter (16.3).
    CherbourgPerimeter,
}

/// What crossing a hexside asks of a moving unit (9.4–9.6, 9.11, TEC).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Crossing {
    /// It may cross for `extra` MP on top of the hex entered; `first_move_only` ("A"): only if
    /// it started its move adjacent to the hexside and the crossing is its first move.
    Allowed {
        extra: Sixths,
        first_move_only: bool,
    },
    /// Never.
    Prohibited,
}

impl Crossing {
    const FREE: Crossing = Crossing::Allowed {
        extra: Sixths::ZERO,
        first_move_only: false,
    };
}

impl HexsideFeature {
    /// Every feature.
    pub const ALL: [HexsideFeature; 8] = [
        HexsideFeature::MinorRiver,
        HexsideFeature::MajorRiver,
        HexsideFeature::Flooded,
        HexsideFeature::Causeway,
        HexsideFeature::Impassable,
        HexsideFeature::AllSea,
        HexsideFeature::Carpiquet,
        HexsideFeature::CherbourgPerimeter,
    ];

    /// 9.6, 8.5.5, 18.2: no movement, attack, ZOC, bond or supply across it.
    pub fn impassable(self) -> bool {
        matches!(self, HexsideFeature::Impassable | HexsideFeature::AllSea)
    }

    /// TEC "Hexside terrain" MP columns (9.4, 9.5, 9.11), crossing off road. `flooded_hex`: the
    /// unit enters or leaves a flooded hex through this hexside, which waives the flooded
    /// hexside's +1 (9.5; the "A" condition still applies, a literal reading).
    pub fn crossing(self, mobility: Mobility, flooded_hex: bool) -> Crossing {
        use Mobility::{Mech, NonMech};
        match (self, mobility) {
            (HexsideFeature::MinorRiver, NonMech) => Crossing::FREE,
            (HexsideFeature::MinorRiver, Mech) => Crossing::Allowed {
                extra: Sixths::ONE,
                first_move_only: false,
            },
            (HexsideFeature::MajorRiver, _) => Crossing::Allowed {
                extra: Sixths::ONE,
                first_move_only: true,
            },
            (HexsideFeature::Flooded, NonMech) => Crossing::Allowed {
                extra: if flooded_hex {
                    Sixths::ZERO
                } else {
                    Sixths::ONE
                },
                first_move_only: true,
            },
            // 9.5: mechanized units cross a flooded hexside only by road or causeway.
            (HexsideFeature::Flooded, Mech) => Crossing::Prohibited,
            (
                HexsideFeature::Causeway
                | HexsideFeature::Carpiquet
                | HexsideFeature::CherbourgPerimeter,
                _,
            ) => Crossing::FREE,
            (HexsideFeature::Impassable | HexsideFeature::AllSea, _) => Crossing::Prohibited,
        }
    }

    /// TEC "Effect on combat" and "armor shift?" of the hexside (11.1, 11.3, 11.4.4, 11.7, 16.3):
    /// what attacking across it does to an attacking unit of `attacker`'s side.
    pub fn attack_across(self, attacker: Side) -> AttackEffect {
        match self {
            HexsideFeature::MinorRiver | HexsideFeature::Carpiquet => AttackEffect {
                halved: true,
                ..AttackEffect::NONE
            },
            // A causeway is a flooded hexside with a bridge, and has no effect on combat (9.11).
            HexsideFeature::MajorRiver | HexsideFeature::Flooded | HexsideFeature::Causeway => {
                AttackEffect {
                    allowed: true,
                    halved: true,
                    counts_for_one_left: true,
                    attacker_armor_shift: false,
                    defender_armor_shift: true,
                }
            }
            HexsideFeature::CherbourgPerimeter => AttackEffect {
                allowed: true,
                halved: attacker == Side::Allied,
                counts_for_one_left: false,
                attacker_armor_shift: false,
                defender_armor_shift: false,
            },
            HexsideFeature::Impassable | HexsideFeature::AllSea => AttackEffect {
                allowed: false,
                ..AttackEffect::NONE
            },
        }
    }
}

/// 9.3–9.6, 9.11: crossing a hexside with `features` (none: an ordinary hexside). `along_road`:
/// a road crosses it and the unit follows it (a bridge is assumed over rivers and flooded
/// hexsides, 9.3, so only the road cost is paid). A causeway cancels the flooded hexside it
/// bridges (9.11). Impassable and all-sea hexsides are never crossed. With several features the
/// largest extra cost applies (a reading: the spec prices each feature alone).
pub fn cross_hexside(
    features: &[HexsideFeature],
    mobility: Mobility,
    along_road: bool,
    flooded_hex: bool,
) -> Crossing {
    if features.iter().any(|f| f.impassable()) {
        return Crossing::Prohibited;
    }
    if along_road {
        return Crossing::FREE;
    }
    let causeway = features.contains(&HexsideFeature::Causeway);
    let mut extra = Sixths::ZERO;
    let mut first_move_only = false;
    for f in features {
        if causeway && *f == HexsideFeature::Flooded {
            continue;
        }
        match f.crossing(mobility, flooded_hex) {
            Crossing::Prohibited => return Crossing::Prohibited,
            Crossing::Allowed {
                extra: e,
                first_move_only: a,
            } => {
                extra = extra.max(e);
                first_move_only |= a;
            }
        }
    }
    Crossing::Allowed {
        extra,
        first_move_only,
    }
}

/// What a retreat costs for crossing a hexside or passing a hex (13.2, TEC "Other notes").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RetreatPenalty {
    None,
    /// The group's non-mechanized units lose one step in total (13.2).
    StepLoss,
    /// The unit is eliminated (mechanized units; prohibited terrain).
    Eliminated,
}

impl HexsideFeature {
    /// 13.2: what retreating across this hexside costs a unit of `mobility`.
    /// `first_step`: the crossing is the first hex of the retreat (it "started adjacent");
    /// `along_road`: a road crosses it (bridged). Across an unbridged major river or flooded
    /// hexside later in the retreat, non-mechanized units lose a step and mechanized units are
    /// eliminated; mechanized units are eliminated across any flooded hexside off road (a
    /// causeway bridges it, 9.11); minor rivers have no effect; impassable and all-sea hexsides
    /// eliminate (prohibited terrain).
    pub fn retreat_across(
        self,
        mobility: Mobility,
        first_step: bool,
        along_road: bool,
    ) -> RetreatPenalty {
        let penalty = match mobility {
            Mobility::NonMech => RetreatPenalty::StepLoss,
            Mobility::Mech => RetreatPenalty::Eliminated,
        };
        match self {
            HexsideFeature::Impassable | HexsideFeature::AllSea => RetreatPenalty::Eliminated,
            _ if along_road => RetreatPenalty::None,
            HexsideFeature::MajorRiver if !first_step => penalty,
            HexsideFeature::Flooded if mobility == Mobility::Mech || !first_step => penalty,
            _ => RetreatPenalty::None,
        }
    }
}

/// 13.2: what retreating through hexside `features` costs (the worst of them; a causeway cancels
/// the flooded hexside it bridges, 9.11).
pub fn retreat_across(
    features: &[HexsideFeature],
    mobility: Mobility,
    first_step: bool,
    along_road: bool,
) -> RetreatPenalty {
    let causeway = features.contains(&HexsideFeature::Causeway);
    features
        .iter()
        .filter(|f| !(causeway && **f == HexsideFeature::Flooded))
        .map(|f| f.retreat_across(mobility, first_step, along_road))
        .max()
        .unwrap_or(RetreatPenalty::None)
}

/// 13.2, 9.5: what a retreat costs for entering a flooded hex off road: a mechanized unit may not
/// enter it (eliminated); a non-mechanized group loses a step if it passes **through** it
/// (`through`: enters and leaves it), not if it ends there. Along a road, nothing.
pub fn retreat_into_flooded_hex(
    mobility: Mobility,
    through: bool,
    along_road: bool,
) -> RetreatPenalty {
    match (along_road, mobility, through) {
        (true, _, _) => RetreatPenalty::None,
        (false, Mobility::Mech, _) => RetreatPenalty::Eliminated,
        (false, Mobility::NonMech, true) => RetreatPenalty::StepLoss,
        (false, Mobility::NonMech, false) => RetreatPenalty::None,
    }
}

/// What attacking across a hexside, or out of a hex, does to one attacking unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AttackEffect {
    /// Whether the attack may be made at all (not across impassable or all-sea hexsides).
    pub allowed: bool,
    /// The unit is halved (11.1; once, whatever the number of reasons).
    pub halved: bool,
    /// The unit counts towards "1L\*": if every MAF unit does, the attacker gets one left shift
    /// (11.3, [`ALL_MAF_ACROSS_SHIFT`]).
    pub counts_for_one_left: bool,
    /// The attacker's armor shift stays possible (11.3, 11.4.4).
    pub attacker_armor_shift: bool,
    /// The defender's armor shift (11.4.2) stays possible (not across the Perimeter, 16.3).
    pub defender_armor_shift: bool,
}

impl AttackEffect {
    /// No effect.
    pub const NONE: AttackEffect = AttackEffect {
        allowed: true,
        halved: false,
        counts_for_one_left: false,
        attacker_armor_shift: true,
        defender_armor_shift: true,
    };

    /// The effects of two reasons together (for example several features of one hexside, or the
    /// hexside and the attacker's hex): any prohibition, halving (still once) or denial wins.
    pub fn and(self, other: AttackEffect) -> AttackEffect {
        AttackEffect {
            allowed: self.allowed && other.allowed,
            halved: self.halved || other.halved,
            counts_for_one_left: self.counts_for_one_left || other.counts_for_one_left,
            attacker_armor_shift: self.attacker_armor_shift && other.attacker_armor_shift,
            defender_armor_shift: self.defender_armor_shift && other.defender_armor_shift,
        }
    }
}

/// 11.1, 11.3, 11.4.4, 11.7, 16.3: attacking across a hexside with `features` (a road across
/// it changes nothing: river effects on combat still apply, 9.3 TEC).
pub fn attack_across(features: &[HexsideFeature], attacker: Side) -> AttackEffect {
    features.iter().fold(AttackEffect::NONE, |acc, f| {
        acc.and(f.attack_across(attacker))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use HexsideFeature as H;
    use Mobility::{Mech, NonMech};
    use Terrain::*;

    const GERMAN_MECH: Mover = Mover {
        side: Side::German,
        mobility: Mech,
    };
    const ALLIED_MECH: Mover = Mover {
        side: Side::Allied,
        mobility: Mech,
    };
    const GERMAN_FOOT: Mover = Mover {
        side: Side::German,
        mobility: NonMech,
    };

    #[test]
    fn tec_one_terrain_answered_as_the_general_rule_answers_it() {
        // hex_entry's direct answer for a hex of one terrain (9.1, 9.5, OTIH) against the
        // general reading of several terrains, the same terrain twice.
        for terrain in Terrain::ALL {
            for mobility in [Mech, NonMech] {
                assert_eq!(
                    hex_entry(&[terrain], mobility),
                    hex_entry(&[terrain, terrain], mobility),
                    "{terrain:?} {mobility:?}"
                );
            }
        }
    }

    fn cost(mp_sixths: u16) -> HexEntry {
        HexEntry::Enter {
            cost: Sixths(mp_sixths),
            must_stop: false,
        }
    }

    #[test]
    fn rule_9_1_sixths_hold_thirds_and_halves_exactly() {
        assert_eq!(Sixths::THIRD + Sixths::THIRD + Sixths::THIRD, Sixths::ONE);
        assert_eq!(Sixths::HALF + Sixths::HALF, Sixths::ONE);
        assert_eq!(Sixths::mp(2), Sixths::TWO);
        assert_eq!(Sixths::mp(5).times(Sixths::THIRD), 15);
        assert_eq!(Sixths::ONE.times(Sixths::ZERO), u16::MAX);
        let mut s = Sixths::ZERO;
        s += Sixths::HALF;
        assert_eq!(s, Sixths(3));
        assert_eq!(LEAVE_EZOC, Sixths::ONE);
    }

    #[test]
    fn rule_9_1_tec_hex_terrain_movement_columns() {
        // (terrain, non-mech, mech) as in the TEC; None = OTIH.
        let rows = [
            (Clear, Some(cost(6)), Some(cost(6))),
            (Mixed, Some(cost(6)), Some(cost(6))),
            (Bocage, Some(cost(6)), Some(cost(6))),
            (Town, None, None),
            (Woods, Some(cost(6)), Some(cost(12))),
            (City, Some(cost(6)), Some(cost(6))),
            (
                Flooded,
                Some(HexEntry::Enter {
                    cost: Sixths::TWO,
                    must_stop: true,
                }),
                Some(HexEntry::RoadOnly),
            ),
            (
                Marsh,
                Some(HexEntry::Prohibited),
                Some(HexEntry::Prohibited),
            ),
            (Airfield, None, None),
            (Sea, Some(HexEntry::Prohibited), Some(HexEntry::Prohibited)),
        ];
        assert_eq!(rows.len(), Terrain::ALL.len());
        for (t, non_mech, mech) in rows {
            assert_eq!(t.entry(NonMech), non_mech, "{t:?}");
            assert_eq!(t.entry(Mech), mech, "{t:?}");
        }
    }

    #[test]
    fn rule_9_1_mixed_and_bocage_cost_one_for_mech_a_9() {
        assert_eq!(hex_entry(&[Mixed], Mech), cost(6));
        assert_eq!(hex_entry(&[Bocage], Mech), cost(6));
    }

    #[test]
    fn rule_9_1_otih_and_several_terrains() {
        // A town or airfield alone is clear underneath.
        assert_eq!(hex_entry(&[Town], Mech), cost(6));
        assert_eq!(hex_entry(&[Airfield, Town], NonMech), cost(6));
        assert_eq!(hex_entry(&[], NonMech), cost(6));
        // OTIH: the other terrain prices the hex.
        assert_eq!(hex_entry(&[Town, Woods], Mech), cost(12));
        assert_eq!(hex_entry(&[Airfield, Woods], NonMech), cost(6));
        // The most restrictive priced terrain.
        assert_eq!(hex_entry(&[Clear, Woods], Mech), cost(12));
        assert_eq!(hex_entry(&[Woods, Flooded], Mech), HexEntry::RoadOnly);
        assert_eq!(
            hex_entry(&[Woods, Flooded], NonMech),
            HexEntry::Enter {
                cost: Sixths::TWO,
                must_stop: true
            }
        );
        assert_eq!(hex_entry(&[Clear, Marsh], NonMech), HexEntry::Prohibited);
    }

    #[test]
    fn rule_9_3_roads_replace_the_terrain_cost() {
        for weather in [Weather::Storm, Weather::Overcast, Weather::Clear] {
            // Secondary road ½ for everybody.
            for mover in [GERMAN_MECH, ALLIED_MECH, GERMAN_FOOT] {
                assert_eq!(road_cost(Road::Secondary, mover, weather), Sixths::HALF);
            }
            // Main road: ½ non-mech, ⅓ Allied mech.
            assert_eq!(road_cost(Road::Main, GERMAN_FOOT, weather), Sixths::HALF);
            assert_eq!(road_cost(Road::Main, ALLIED_MECH, weather), Sixths::THIRD);
            // Along a road into woods or a town: the road cost, no stop.
            assert_eq!(
                enter_hex(&[Woods], ALLIED_MECH, Some(Road::Main), weather),
                cost(2)
            );
            assert_eq!(
                enter_hex(&[Town, Bocage], GERMAN_FOOT, Some(Road::Secondary), weather),
                cost(3)
            );
            // The marsh stays impassable.
            assert_eq!(
                enter_hex(&[Marsh], GERMAN_FOOT, Some(Road::Main), weather),
                HexEntry::Prohibited
            );
        }
        assert_eq!(
            enter_hex(&[Woods], ALLIED_MECH, None, Weather::Clear),
            cost(12)
        );
    }

    #[test]
    fn rule_9_7_german_mech_pay_half_on_main_roads_except_in_storm() {
        assert_eq!(
            road_cost(Road::Main, GERMAN_MECH, Weather::Clear),
            Sixths::HALF
        );
        assert_eq!(
            road_cost(Road::Main, GERMAN_MECH, Weather::Overcast),
            Sixths::HALF
        );
        assert_eq!(
            road_cost(Road::Main, GERMAN_MECH, Weather::Storm),
            Sixths::THIRD
        );
        // MA −2 in Clear for German mech only.
        assert_eq!(movement_allowance(5, GERMAN_MECH, Weather::Clear), 3);
        assert_eq!(movement_allowance(5, GERMAN_MECH, Weather::Overcast), 5);
        assert_eq!(movement_allowance(5, GERMAN_MECH, Weather::Storm), 5);
        assert_eq!(movement_allowance(5, ALLIED_MECH, Weather::Clear), 5);
        assert_eq!(movement_allowance(4, GERMAN_FOOT, Weather::Clear), 4);
        assert_eq!(movement_allowance(1, GERMAN_MECH, Weather::Clear), 0);
    }

    #[test]
    fn t_mv_04_clear_weather() {
        let hexes = |mover: Mover, weather: Weather| {
            let ma = movement_allowance(5, mover, weather);
            Sixths::mp(u16::from(ma)).times(road_cost(Road::Main, mover, weather))
        };
        // MA 3 in Clear at ½ per main-road hex: 6 hexes.
        assert_eq!(movement_allowance(5, GERMAN_MECH, Weather::Clear), 3);
        assert_eq!(hexes(GERMAN_MECH, Weather::Clear), 6);
        // Overcast: MA 5 at ½: 10.
        assert_eq!(hexes(GERMAN_MECH, Weather::Overcast), 10);
        // Storm: MA 5 at ⅓: 15.
        assert_eq!(hexes(GERMAN_MECH, Weather::Storm), 15);
        // Allied mech MA 5 always at ⅓: 15.
        for w in [Weather::Clear, Weather::Overcast, Weather::Storm] {
            assert_eq!(hexes(ALLIED_MECH, w), 15);
        }
    }

    #[test]
    fn rule_9_5_flooded_hexes() {
        // Non-mech: 2 MP and stop, unless on a road.
        assert_eq!(
            enter_hex(&[Flooded], GERMAN_FOOT, None, Weather::Overcast),
            HexEntry::Enter {
                cost: Sixths::TWO,
                must_stop: true
            }
        );
        assert_eq!(
            enter_hex(
                &[Flooded],
                GERMAN_FOOT,
                Some(Road::Secondary),
                Weather::Overcast
            ),
            cost(3)
        );
        // Mech: only by road.
        assert_eq!(
            enter_hex(&[Flooded], ALLIED_MECH, None, Weather::Overcast),
            HexEntry::RoadOnly
        );
        assert_eq!(
            enter_hex(&[Flooded], ALLIED_MECH, Some(Road::Main), Weather::Overcast),
            cost(2)
        );
        assert!(leaves_flooded_hex_only_by_road(Mech));
        assert!(!leaves_flooded_hex_only_by_road(NonMech));
    }

    #[test]
    fn t_mv_03_flooded_hex() {
        // A non-mech unit entering off road pays 2 MP and must stop.
        assert_eq!(
            hex_entry(&[Flooded], NonMech),
            HexEntry::Enter {
                cost: Sixths::TWO,
                must_stop: true
            }
        );
        // A mechanized unit off road is rejected; along a road it pays the road cost.
        assert_eq!(hex_entry(&[Flooded], Mech), HexEntry::RoadOnly);
        assert_eq!(
            enter_hex(&[Flooded], ALLIED_MECH, Some(Road::Main), Weather::Clear),
            HexEntry::Enter {
                cost: Sixths::THIRD,
                must_stop: false
            }
        );
        // A mechanized unit in a flooded hex may leave only by road.
        assert!(leaves_flooded_hex_only_by_road(Mech));
    }

    #[test]
    fn rule_9_4_tec_hexside_movement_columns() {
        let a = |extra: u16| Crossing::Allowed {
            extra: Sixths(extra),
            first_move_only: true,
        };
        let f = |extra: u16| Crossing::Allowed {
            extra: Sixths(extra),
            first_move_only: false,
        };
        // (feature, non-mech, mech), off road, not next to a flooded hex.
        let rows = [
            (H::MinorRiver, f(0), f(6)),
            (H::MajorRiver, a(6), a(6)),
            (H::Flooded, a(6), Crossing::Prohibited),
            (H::Causeway, f(0), f(0)),
            (H::Impassable, Crossing::Prohibited, Crossing::Prohibited),
            (H::AllSea, Crossing::Prohibited, Crossing::Prohibited),
            (H::Carpiquet, f(0), f(0)),
            (H::CherbourgPerimeter, f(0), f(0)),
        ];
        assert_eq!(rows.len(), HexsideFeature::ALL.len());
        for (feature, non_mech, mech) in rows {
            assert_eq!(feature.crossing(NonMech, false), non_mech, "{feature:?}");
            assert_eq!(feature.crossing(Mech, false), mech, "{feature:?}");
            assert_eq!(cross_hexside(&[feature], NonMech, false, false), non_mech);
            assert_eq!(cross_hexside(&[feature], Mech, false, false), mech);
        }
        assert_eq!(cross_hexside(&[], Mech, false, false), f(0));
    }

    #[test]
    fn t_mv_01_major_river() {
        // Non-mech, adjacent, first move: 1 + 1 = 2 MP into clear; "A" forbids it later.
        let crossing = cross_hexside(&[H::MajorRiver], NonMech, false, false);
        assert_eq!(
            crossing,
            Crossing::Allowed {
                extra: Sixths::ONE,
                first_move_only: true
            }
        );
        let Crossing::Allowed { extra, .. } = crossing else {
            panic!()
        };
        let HexEntry::Enter { cost: clear, .. } = hex_entry(&[Clear], NonMech) else {
            panic!()
        };
        assert_eq!(clear + extra, Sixths::mp(2));
        // A mechanized unit obeys the same rule.
        assert_eq!(
            cross_hexside(&[H::MajorRiver], Mech, false, false),
            crossing
        );
    }

    #[test]
    fn t_mv_02_minor_river() {
        let total = |mobility| {
            let Crossing::Allowed { extra, .. } =
                cross_hexside(&[H::MinorRiver], mobility, false, false)
            else {
                panic!()
            };
            let HexEntry::Enter { cost, .. } = hex_entry(&[Clear], mobility) else {
                panic!()
            };
            cost + extra
        };
        assert_eq!(total(Mech), Sixths::mp(2));
        assert_eq!(total(NonMech), Sixths::mp(1));
    }

    #[test]
    fn rule_9_3_roads_bridge_rivers_and_flooded_hexsides() {
        for f in [H::MinorRiver, H::MajorRiver, H::Flooded] {
            for m in [Mech, NonMech] {
                assert_eq!(cross_hexside(&[f], m, true, false), Crossing::FREE);
            }
        }
        // No road crosses an impassable hexside.
        assert_eq!(
            cross_hexside(&[H::Impassable], NonMech, true, false),
            Crossing::Prohibited
        );
    }

    #[test]
    fn rule_9_5_flooded_hexside_next_to_a_flooded_hex_costs_nothing_extra() {
        assert_eq!(
            cross_hexside(&[H::Flooded], NonMech, false, true),
            Crossing::Allowed {
                extra: Sixths::ZERO,
                first_move_only: true
            }
        );
        assert_eq!(
            cross_hexside(&[H::Flooded], Mech, false, true),
            Crossing::Prohibited
        );
    }

    #[test]
    fn rule_9_11_causeways_bridge_flooded_hexsides() {
        for m in [Mech, NonMech] {
            assert_eq!(
                cross_hexside(&[H::Flooded, H::Causeway], m, false, false),
                Crossing::FREE
            );
        }
        // No effect on combat: as a flooded hexside.
        assert_eq!(
            attack_across(&[H::Causeway], Side::Allied),
            attack_across(&[H::Flooded], Side::Allied)
        );
    }

    #[test]
    fn rule_9_6_impassable_hexsides() {
        for f in [H::Impassable, H::AllSea] {
            assert!(f.impassable());
            assert_eq!(
                cross_hexside(&[f, H::MinorRiver], NonMech, false, false),
                Crossing::Prohibited
            );
            assert!(!attack_across(&[f], Side::German).allowed);
        }
        assert!(!H::MajorRiver.impassable());
    }

    #[test]
    fn rule_11_2_dcb_per_terrain_and_the_best_of_several() {
        let expected = [
            (Clear, 0),
            (Mixed, 2),
            (Bocage, 3),
            (Woods, 2),
            (Town, 4),
            (City, 5),
            (Flooded, 0),
            (Marsh, 0),
            (Airfield, 0),
            (Sea, 0),
        ];
        for (t, d) in expected {
            assert_eq!(t.dcb(), d, "{t:?}");
            assert_eq!(dcb(&[t]), d, "{t:?}");
        }
        assert_eq!(dcb(&[Woods, Town]), 4);
        assert_eq!(dcb(&[Airfield, Bocage]), 3);
        assert_eq!(dcb(&[]), 0);
    }

    #[test]
    fn t_cbt_05_dcb_caps() {
        // 2-CF battalion + 4-CF silhouette in woods: 2 + 4 + min(2, 2) = 8; in a city the same.
        assert_eq!(2 + 4 + capped_dcb(&[Woods], 2), 8);
        assert_eq!(2 + 4 + capped_dcb(&[City], 2), 8);
        // Two 6-CF regiments in a town: 16.
        assert_eq!(6 + 6 + capped_dcb(&[Town], 12), 16);
        // A lone SP of CF 2 in a town: 2 (no unit receives the DCB).
        assert_eq!(2 + capped_dcb(&[Town], 0), 2);
        // A lone silhouette of CF 4 in bocage: 4.
        assert_eq!(4 + capped_dcb(&[Bocage], 0), 4);
        // A 2-CF cadre in bocage: 2 + min(3, 2) = 4.
        assert_eq!(2 + capped_dcb(&[Bocage], 2), 4);
    }

    #[test]
    fn rule_11_4_4_attacker_armor_shift_by_defender_hex() {
        let expected = [
            (Clear, true),
            (Mixed, true),
            (Bocage, true),
            (Woods, false),
            (Town, true),
            (City, false),
            (Flooded, false),
            (Airfield, true),
        ];
        for (t, allowed) in expected {
            assert_eq!(t.attacker_armor_shift_allowed(), allowed, "{t:?}");
            assert_eq!(
                attacker_armor_shift_into(&[t], Fortification::None),
                allowed,
                "{t:?}"
            );
        }
        // 16.1, 16.2: never against an IP or SP.
        for f in [Fortification::ImprovedPosition, Fortification::Strongpoint] {
            assert!(!attacker_armor_shift_into(&[Clear], f));
        }
        // Any denying terrain of the hex denies it.
        assert!(!attacker_armor_shift_into(
            &[Town, Woods],
            Fortification::None
        ));
    }

    #[test]
    fn rule_11_3_tec_hexside_combat_columns() {
        // (feature, halved, 1L*, attacker armor shift, defender armor shift) for an Allied
        // attacker.
        let rows = [
            (H::MinorRiver, true, false, true, true),
            (H::MajorRiver, true, true, false, true),
            (H::Flooded, true, true, false, true),
            (H::Causeway, true, true, false, true),
            (H::Carpiquet, true, false, true, true),
            (H::CherbourgPerimeter, true, false, false, false),
        ];
        for (f, halved, one_left, att, def) in rows {
            let e = f.attack_across(Side::Allied);
            assert!(e.allowed, "{f:?}");
            assert_eq!(e.halved, halved, "{f:?}");
            assert_eq!(e.counts_for_one_left, one_left, "{f:?}");
            assert_eq!(e.attacker_armor_shift, att, "{f:?}");
            assert_eq!(e.defender_armor_shift, def, "{f:?}");
        }
        assert_eq!(attack_across(&[], Side::Allied), AttackEffect::NONE);
        assert_eq!(ALL_MAF_ACROSS_SHIFT, -1);
    }

    #[test]
    fn rule_11_3_attacking_out_of_a_flooded_hex() {
        let e = attack_out_of(&[Flooded]);
        assert!(e.halved && e.counts_for_one_left && !e.attacker_armor_shift);
        assert_eq!(attack_out_of(&[Clear]), AttackEffect::NONE);
        // Into a flooded hex: no halving, but no armor shift.
        assert!(!attacker_armor_shift_into(&[Flooded], Fortification::None));
        // Halved once even with several reasons.
        let both = attack_out_of(&[Flooded]).and(H::MinorRiver.attack_across(Side::Allied));
        assert!(both.halved && both.counts_for_one_left && !both.attacker_armor_shift);
    }

    #[test]
    fn rule_11_7_carpiquet_halves_both_ways_and_allows_armor() {
        for side in [Side::German, Side::Allied] {
            let e = attack_across(&[H::Carpiquet], side);
            assert!(e.halved && e.attacker_armor_shift && !e.counts_for_one_left);
        }
    }

    #[test]
    fn rule_11_8_hilltop_one_left() {
        assert_eq!(HILLTOP_SHIFT, -1);
    }

    #[test]
    fn rule_16_3_perimeter_halves_allied_attackers_only_and_denies_armor_to_both() {
        let allied = attack_across(&[H::CherbourgPerimeter], Side::Allied);
        let german = attack_across(&[H::CherbourgPerimeter], Side::German);
        assert!(allied.halved);
        assert!(!german.halved);
        for e in [allied, german] {
            assert!(!e.attacker_armor_shift && !e.defender_armor_shift);
        }
    }

    #[test]
    fn rule_13_2_retreat_across_hexsides() {
        use RetreatPenalty::{Eliminated, None as Free, StepLoss};
        // (feature, non-mech later step, mech later step, non-mech first, mech first)
        let rows = [
            (H::MinorRiver, Free, Free, Free, Free),
            (H::MajorRiver, StepLoss, Eliminated, Free, Free),
            (H::Flooded, StepLoss, Eliminated, Free, Eliminated),
            (H::Causeway, Free, Free, Free, Free),
            (
                H::Impassable,
                Eliminated,
                Eliminated,
                Eliminated,
                Eliminated,
            ),
            (H::AllSea, Eliminated, Eliminated, Eliminated, Eliminated),
            (H::Carpiquet, Free, Free, Free, Free),
            (H::CherbourgPerimeter, Free, Free, Free, Free),
        ];
        for (f, nm_later, m_later, nm_first, m_first) in rows {
            assert_eq!(f.retreat_across(NonMech, false, false), nm_later, "{f:?}");
            assert_eq!(f.retreat_across(Mech, false, false), m_later, "{f:?}");
            assert_eq!(f.retreat_across(NonMech, true, false), nm_first, "{f:?}");
            assert_eq!(f.retreat_across(Mech, true, false), m_first, "{f:?}");
            // A road (bridge) removes every penalty but the impassable ones.
            let bridged = if f.impassable() { Eliminated } else { Free };
            assert_eq!(f.retreat_across(Mech, false, true), bridged, "{f:?}");
        }
        assert_eq!(
            retreat_across(&[H::Flooded, H::Causeway], Mech, false, false),
            Free
        );
        assert_eq!(
            retreat_across(&[H::MinorRiver, H::MajorRiver], NonMech, false, false),
            StepLoss
        );
        assert_eq!(retreat_across(&[], Mech, false, false), Free);
    }

    #[test]
    fn rule_13_2_retreat_through_a_flooded_hex() {
        use RetreatPenalty::{Eliminated, None as Free, StepLoss};
        assert_eq!(retreat_into_flooded_hex(NonMech, true, false), StepLoss);
        assert_eq!(retreat_into_flooded_hex(NonMech, false, false), Free);
        assert_eq!(retreat_into_flooded_hex(Mech, false, false), Eliminated);
        assert_eq!(retreat_into_flooded_hex(Mech, true, true), Free);
        assert_eq!(retreat_into_flooded_hex(NonMech, true, true), Free);
    }

    #[test]
    fn rule_13_3_one_hex_retreat_stops() {
        for t in Terrain::ALL {
            let stops = matches!(t, Bocage | Town | Woods | City);
            assert_eq!(t.stops_retreat(), stops, "{t:?}");
            assert_eq!(stops_retreat(&[t], Fortification::None), stops, "{t:?}");
        }
        assert!(stops_retreat(&[Clear], Fortification::Strongpoint));
        assert!(stops_retreat(&[Clear], Fortification::ImprovedPosition));
        assert!(stops_retreat(&[Clear, Town], Fortification::None));
    }

    #[test]
    fn rule_14_4_advance_stops_in_bocage_and_flooded_unless_on_road() {
        assert!(advance_stops(&[Bocage], Mech, false));
        assert!(advance_stops(&[Bocage], NonMech, false));
        assert!(!advance_stops(&[Bocage], NonMech, true));
        assert!(advance_stops(&[Flooded], NonMech, false));
        assert!(!advance_stops(&[Flooded], NonMech, true));
        // Mech may not enter a flooded hex off road at all (movement rules).
        assert!(!Flooded.stops_advance_unless_on_road(Mech));
        for t in [Clear, Mixed, Woods, Town, City, Airfield] {
            assert!(!advance_stops(&[t], NonMech, false), "{t:?}");
        }
    }

    #[test]
    fn rule_19_1_4_woods_and_city_cannot_be_strafed() {
        for t in Terrain::ALL {
            assert_eq!(can_be_strafed(&[t]), !matches!(t, Woods | City), "{t:?}");
        }
        assert!(!can_be_strafed(&[Town, Woods]));
    }

    #[test]
    fn rule_16_1_no_ip_in_a_city() {
        assert!(!ip_allowed(&[City]));
        assert!(!ip_allowed(&[City, Clear]));
        for t in [Clear, Mixed, Bocage, Woods, Town, Flooded, Airfield] {
            assert!(ip_allowed(&[t]), "{t:?}");
        }
    }

    #[test]
    fn rule_8_2_leaving_an_ezoc_costs_one_mp() {
        assert_eq!(LEAVE_EZOC, Sixths::mp(1));
    }
}
