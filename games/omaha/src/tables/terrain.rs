//! T5, terrain: T5a the Terrain Effects Chart (RB "Diagramma degli Effetti del Terreno":
//! movement, 7.3–7.5, 17.1) and T5b the Terrain defence table (PA "Tabella Difesa Terreno":
//! German defence, 8.15, 8.3 step 2, 8.31, 23.6), combined by T5-ALG (AMB-46).
//!
//! The map vocabulary (docs/omaha/data.md): hex tags `woods`, `buildings`, `bocage`, `rough`;
//! hexside features `shingle`, `seawall`, `slope`, `bluff`, `scalable_cliff`, `sheer_cliff`,
//! `hedgerow`, `at_ditch`; roads `main`, `secondary`, `trail`, `mined`.

/// The terrain of a hex as T5 reads it. Beach, flat and high ground (and the tide lines,
/// obstacles, and PA's "bluff, high ground" row) are [`HexFeature::Clear`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HexFeature {
    Clear,
    /// Woods or orchard.
    Woods,
    Buildings,
    Bocage,
    Rough,
}

impl HexFeature {
    /// The feature of a hex from its map tags; a hex with several takes the one that defends
    /// best (T5a note 1: effects are not cumulative), rough first.
    pub fn from_tags<'a>(tags: impl IntoIterator<Item = &'a str>) -> HexFeature {
        let mut best = HexFeature::Clear;
        for tag in tags {
            let feature = match tag {
                "rough" => HexFeature::Rough,
                "buildings" => HexFeature::Buildings,
                "bocage" => HexFeature::Bocage,
                "woods" => HexFeature::Woods,
                _ => continue,
            };
            if feature.rank() > best.rank() {
                best = feature;
            }
        }
        best
    }

    fn rank(self) -> u8 {
        match self {
            HexFeature::Clear => 0,
            HexFeature::Woods => 1,
            HexFeature::Bocage => 2,
            HexFeature::Buildings => 3,
            HexFeature::Rough => 4,
        }
    }
}

/// A hexside feature (T5a, T5b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hexside {
    Shingle,
    Seawall,
    Slope,
    /// "Duna" (bluff).
    Bluff,
    ScalableCliff,
    SheerCliff,
    Hedgerow,
    /// Anti-tank ditch and wall.
    AtDitch,
}

impl Hexside {
    /// The feature named by a map hexside tag.
    pub fn from_tag(tag: &str) -> Option<Hexside> {
        Some(match tag {
            "shingle" => Hexside::Shingle,
            "seawall" => Hexside::Seawall,
            "slope" => Hexside::Slope,
            "bluff" => Hexside::Bluff,
            "scalable_cliff" => Hexside::ScalableCliff,
            "sheer_cliff" => Hexside::SheerCliff,
            "hedgerow" => Hexside::Hedgerow,
            "at_ditch" => Hexside::AtDitch,
            _ => return None,
        })
    }
}

// ---- T5b: German defence ----------------------------------------------------------------

/// How much a German unit's and a depth marker's strength are multiplied (T5b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Multipliers {
    pub unit: u8,
    pub depth: u8,
}

impl Multipliers {
    /// ×1 / ×1.
    pub const NONE: Multipliers = Multipliers { unit: 1, depth: 1 };
    /// ×2 / ×1: woods and orchard; shingle and AT ditch & wall.
    pub const UNIT_ONLY: Multipliers = Multipliers { unit: 2, depth: 1 };
    /// ×2 / ×2: buildings and bocage; slope, and a bluff attacked downward.
    pub const BOTH: Multipliers = Multipliers { unit: 2, depth: 2 };

    /// Component-wise maximum (never ×4: T5 note 1, not cumulative).
    pub fn max(self, other: Multipliers) -> Multipliers {
        Multipliers {
            unit: self.unit.max(other.unit),
            depth: self.depth.max(other.depth),
        }
    }

    /// Component-wise minimum (8.31: the side least favourable to the defender).
    pub fn min(self, other: Multipliers) -> Multipliers {
        Multipliers {
            unit: self.unit.min(other.unit),
            depth: self.depth.min(other.depth),
        }
    }
}

/// T5b, left half: the multipliers of the defender's hex (T5a "German defence").
/// Buildings and bocage ×2/×2; woods and orchard ×2/×1 (depth not doubled); everything else
/// ×1/×1.
pub fn hex_defence(hex: HexFeature) -> Multipliers {
    match hex {
        HexFeature::Buildings | HexFeature::Bocage => Multipliers::BOTH,
        HexFeature::Woods => Multipliers::UNIT_ONLY,
        HexFeature::Clear | HexFeature::Rough => Multipliers::NONE,
    }
}

/// T5b, right half: an attack across one hexside.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SideDefence {
    /// No attack across it (cliffs; a bluff from below; 8.15).
    Prohibited,
    /// Allowed, with these multipliers.
    Allowed(Multipliers),
}

/// T5b (rule 8.15, TEC note 5): an adjacent attack across a hexside with `side` (None: no
/// feature). `attacker_above`: the attacker is on the high level and the defender on the low
/// one. A bluff attacked downward defends as a slope (×2/×2); upward it is prohibited. Cliffs
/// are prohibited either way. Seawall and hedgerow give nothing.
pub fn hexside_defence(side: Option<Hexside>, attacker_above: bool) -> SideDefence {
    match side {
        None | Some(Hexside::Seawall | Hexside::Hedgerow) => {
            SideDefence::Allowed(Multipliers::NONE)
        }
        Some(Hexside::Shingle | Hexside::AtDitch) => SideDefence::Allowed(Multipliers::UNIT_ONLY),
        Some(Hexside::Slope) => SideDefence::Allowed(Multipliers::BOTH),
        Some(Hexside::Bluff) if attacker_above => SideDefence::Allowed(Multipliers::BOTH),
        Some(Hexside::Bluff | Hexside::ScalableCliff | Hexside::SheerCliff) => {
            SideDefence::Prohibited
        }
    }
}

/// [`hexside_defence`] for a hexside carrying several features (the map allows it): prohibited
/// if any feature prohibits the attack, else the component-wise maximum (T5 note 1: not
/// cumulative; INTERP).
pub fn hexside_defence_all(sides: &[Hexside], attacker_above: bool) -> SideDefence {
    let mut best = Multipliers::NONE;
    for &side in sides {
        match hexside_defence(Some(side), attacker_above) {
            SideDefence::Prohibited => return SideDefence::Prohibited,
            SideDefence::Allowed(m) => best = best.max(m),
        }
    }
    SideDefence::Allowed(best)
}

/// T5-ALG (rules 8.3 step 2, 8.31, 23.6; AMB-46): the multipliers of an attack.
///
/// `adjacent_sides`: one entry per attacking hex **adjacent** to the target, the multipliers of
/// the hexside it attacks across (from [`hexside_defence`]). Ranged attackers are left out
/// (AMB-46; so is a heavy company firing across a cliff under 8.15's exception, which fires as
/// at range, 8.26). The least favourable side to the defender is taken component-wise (8.31,
/// which also gives TEC note 3: the hexside counts only if every attacker crosses it), then the
/// larger of that and the hex's multipliers (not cumulative). German tanks never benefit (23.6).
pub fn defence_multipliers(
    hex: HexFeature,
    adjacent_sides: &[Multipliers],
    german_tank: bool,
) -> Multipliers {
    if german_tank {
        return Multipliers::NONE;
    }
    let side = adjacent_sides
        .iter()
        .copied()
        .reduce(Multipliers::min)
        .unwrap_or(Multipliers::NONE);
    hex_defence(hex).max(side)
}

/// 8.3 step 2: the German defence of a unit of `unit` strength with, if revealed, a depth
/// marker of `revealed_depth` strength, under multipliers `m`. An unrevealed depth marker
/// adds nothing.
pub fn german_defence(unit: u8, revealed_depth: Option<u8>, m: Multipliers) -> u16 {
    u16::from(unit) * u16::from(m.unit)
        + revealed_depth.map_or(0, |d| u16::from(d) * u16::from(m.depth))
}

// ---- T5a: movement -----------------------------------------------------------------------

/// The columns of T5a.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mover {
    /// Infantry and Ranger companies.
    Infantry,
    /// HQs (and Command Posts), bound by the TEC (AMB-20).
    Hq,
    /// Generals: ignore the TEC's movement restrictions except rough terrain (11.3, AMB-20).
    General,
    /// All other US units (tanks, artillery, AA, AT, DUKW, engineers).
    Other,
}

impl Mover {
    /// Every column, in declaration order ([`Mover::column`]).
    pub const ALL: [Mover; 4] = [Mover::Infantry, Mover::Hq, Mover::General, Mover::Other];

    /// The index of this column in [`Mover::ALL`].
    pub fn column(self) -> usize {
        self as usize
    }
}

/// The road a move follows from one hex to the next (T5a roads; TEC note 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Road {
    /// Not along a road.
    None,
    /// Along a main road, secondary road or trail.
    Open,
    /// Along a mined road.
    Mined,
}

/// How a move may cross a hexside or enter a hex (T5a, 7.4, 7.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Crossing {
    /// An ordinary move.
    Allowed,
    /// Only with a Climb action (bluff, 7.4).
    Climb,
    /// Only with the Climb Cliff procedure (scalable cliff, 7.5).
    ClimbCliff,
    /// Not at all.
    Prohibited,
}

/// Whether `mover` gets the benefit of `road`: TEC note 6 for an open road; a mined road is
/// "No" for other units unless in an Engineer Base's range, where it is a normal road (T5a
/// extended column, 19.3).
fn road_open(mover: Mover, road: Road, engineer_range: bool) -> bool {
    match road {
        Road::None => false,
        Road::Open => true,
        Road::Mined => mover != Mover::Other || engineer_range,
    }
}

/// T5a (rules 7.3, 11.3, AMB-20): may `mover` enter a hex of `hex` terrain along `road`?
/// Rough terrain is closed to all (Generals included); woods and bocage are closed to other
/// units unless entered along a road; buildings are open to all. A mined road closes the move
/// to other units outside an Engineer Base's range.
pub fn hex_entry(mover: Mover, hex: HexFeature, road: Road, engineer_range: bool) -> bool {
    if mover == Mover::Other && road == Road::Mined && !engineer_range {
        return false;
    }
    match hex {
        HexFeature::Rough => false,
        HexFeature::Clear | HexFeature::Buildings => true,
        HexFeature::Woods | HexFeature::Bocage => {
            mover != Mover::Other || road_open(mover, road, engineer_range)
        }
    }
}

/// T5a (rules 7.3–7.5, 7.41, 11.3, 19.3; AMB-20, AMB-45): how `mover` may cross a hexside with
/// `side`, moving along `road`, with or without an Engineer Base's range over it.
///
/// - Infantry: bluff by Climb (7.4), scalable cliff by Climb Cliff (7.5), no sheer cliff.
/// - HQs: bluff in one action without a marker (7.41); no cliffs.
/// - Generals: anything (AMB-20).
/// - Other units: hedgerow, seawall, slope, bluff only along a road; shingle and AT ditch & wall
///   only along a road or within an Engineer Base's range (AMB-45, over the RB's "Yes"); cliffs
///   never.
///
/// Along a road (TEC note 6) every unit may cross terrain otherwise prohibited, so the crossing
/// is an ordinary move (INTERP: roads cross no cliff on the map).
pub fn hexside_crossing(mover: Mover, side: Hexside, road: Road, engineer_range: bool) -> Crossing {
    if mover == Mover::Other && road == Road::Mined && !engineer_range {
        return Crossing::Prohibited;
    }
    if mover == Mover::General || road_open(mover, road, engineer_range) {
        return Crossing::Allowed;
    }
    match (mover, side) {
        (_, Hexside::SheerCliff) => Crossing::Prohibited,
        (Mover::Infantry, Hexside::Bluff) => Crossing::Climb,
        (Mover::Infantry, Hexside::ScalableCliff) => Crossing::ClimbCliff,
        (Mover::Hq, Hexside::ScalableCliff) => Crossing::Prohibited,
        (Mover::Infantry | Mover::Hq | Mover::General, _) => Crossing::Allowed,
        (Mover::Other, Hexside::Shingle | Hexside::AtDitch) if engineer_range => Crossing::Allowed,
        (Mover::Other, _) => Crossing::Prohibited,
    }
}

/// T5a for one step: entering a hex with `hex` feature across `sides` with `road` along the
/// step; the hardest hexside decides. `entry_in_range` / `sides_in_range`: an Engineer Base's
/// range covers the hex entered / the hexsides crossed (19.31; always false before turn 17).
pub fn step_crossing(
    mover: Mover,
    hex: HexFeature,
    sides: &[Hexside],
    road: Road,
    entry_in_range: bool,
    sides_in_range: bool,
) -> Crossing {
    if !hex_entry(mover, hex, road, entry_in_range) {
        return Crossing::Prohibited;
    }
    sides
        .iter()
        .map(|&side| hexside_crossing(mover, side, road, sides_in_range))
        .max()
        .unwrap_or(Crossing::Allowed)
}

/// 17.1 (T5a extended column): an infantry two-hex move ends on entering a bocage hex without a
/// road or trail.
pub fn bocage_stops_infantry(hex: HexFeature, road: Road) -> bool {
    hex == HexFeature::Bocage && road == Road::None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn t5b_hex_rows() {
        assert_eq!(
            hex_defence(HexFeature::Buildings),
            Multipliers { unit: 2, depth: 2 }
        );
        assert_eq!(
            hex_defence(HexFeature::Bocage),
            Multipliers { unit: 2, depth: 2 }
        );
        assert_eq!(
            hex_defence(HexFeature::Woods),
            Multipliers { unit: 2, depth: 1 }
        );
        assert_eq!(
            hex_defence(HexFeature::Clear),
            Multipliers { unit: 1, depth: 1 }
        );
    }

    #[test]
    fn t5b_hexside_rows() {
        let allowed = |m| SideDefence::Allowed(m);
        for above in [false, true] {
            assert_eq!(
                hexside_defence(Some(Hexside::Slope), above),
                allowed(Multipliers::BOTH)
            );
            assert_eq!(
                hexside_defence(Some(Hexside::Shingle), above),
                allowed(Multipliers::UNIT_ONLY)
            );
            assert_eq!(
                hexside_defence(Some(Hexside::AtDitch), above),
                allowed(Multipliers::UNIT_ONLY)
            );
            assert_eq!(
                hexside_defence(Some(Hexside::Seawall), above),
                allowed(Multipliers::NONE)
            );
            assert_eq!(
                hexside_defence(Some(Hexside::Hedgerow), above),
                allowed(Multipliers::NONE)
            );
            assert_eq!(hexside_defence(None, above), allowed(Multipliers::NONE));
            assert_eq!(
                hexside_defence(Some(Hexside::ScalableCliff), above),
                SideDefence::Prohibited
            );
            assert_eq!(
                hexside_defence(Some(Hexside::SheerCliff), above),
                SideDefence::Prohibited
            );
        }
        // TEC note 5: a bluff downward is a slope; upward no attack (8.15).
        assert_eq!(
            hexside_defence(Some(Hexside::Bluff), true),
            allowed(Multipliers::BOTH)
        );
        assert_eq!(
            hexside_defence(Some(Hexside::Bluff), false),
            SideDefence::Prohibited
        );
    }

    #[test]
    fn t5b_several_features_on_one_hexside() {
        assert_eq!(
            hexside_defence_all(&[Hexside::Hedgerow, Hexside::Shingle], false),
            SideDefence::Allowed(Multipliers::UNIT_ONLY)
        );
        assert_eq!(
            hexside_defence_all(&[Hexside::Shingle, Hexside::Slope], false),
            SideDefence::Allowed(Multipliers::BOTH)
        );
        assert_eq!(
            hexside_defence_all(&[Hexside::Slope, Hexside::SheerCliff], true),
            SideDefence::Prohibited
        );
        assert_eq!(
            hexside_defence_all(&[], false),
            SideDefence::Allowed(Multipliers::NONE)
        );
    }

    #[test]
    fn t5_alg_not_cumulative() {
        // PA note: a unit in bocage attacked across a slope is only doubled.
        let m = defence_multipliers(HexFeature::Bocage, &[Multipliers::BOTH], false);
        assert_eq!(m, Multipliers::BOTH);
        // Woods (×2/×1) attacked across a slope (×2/×2): ×2/×2.
        let m = defence_multipliers(HexFeature::Woods, &[Multipliers::BOTH], false);
        assert_eq!(m, Multipliers::BOTH);
    }

    #[test]
    fn t5_alg_8_31_least_favourable_side() {
        // 8.31: across a slope and across shingle → shingle.
        let m = defence_multipliers(
            HexFeature::Clear,
            &[Multipliers::BOTH, Multipliers::UNIT_ONLY],
            false,
        );
        assert_eq!(m, Multipliers::UNIT_ONLY);
        // TEC note 3: a second attacker across no feature cancels the shingle.
        let m = defence_multipliers(
            HexFeature::Clear,
            &[Multipliers::UNIT_ONLY, Multipliers::NONE],
            false,
        );
        assert_eq!(m, Multipliers::NONE);
        // The hex still counts.
        let m = defence_multipliers(HexFeature::Woods, &[Multipliers::NONE], false);
        assert_eq!(m, Multipliers::UNIT_ONLY);
        assert_eq!(
            defence_multipliers(HexFeature::Clear, &[], false),
            Multipliers::NONE
        );
    }

    #[test]
    fn r_23_6_german_tanks_get_no_terrain() {
        let m = defence_multipliers(HexFeature::Bocage, &[Multipliers::BOTH], true);
        assert_eq!(m, Multipliers::NONE);
    }

    #[test]
    fn t_8_3a_attack_example_1_terrain() {
        // WN64 on high ground, attacker on high ground: no multiplier; defence 2.
        let m = defence_multipliers(HexFeature::Clear, &[Multipliers::NONE], false);
        assert_eq!(german_defence(2, None, m), 2);
    }

    #[test]
    fn t_8_3b_attack_example_2_terrain() {
        // Across shingle: the unit 2→4, the depth marker 1 stays 1.
        let SideDefence::Allowed(side) = hexside_defence(Some(Hexside::Shingle), false) else {
            unreachable!("shingle allows attacks")
        };
        // The tank is not adjacent to the target (AMB-46): only the infantry's side counts.
        let m = defence_multipliers(HexFeature::Clear, &[side], false);
        assert_eq!(german_defence(2, None, m), 4);
        assert_eq!(german_defence(2, Some(1), m), 5);
    }

    #[test]
    fn t_8_3c_attack_example_3_terrain() {
        // Bocage hex: the unit 2→4, the depth marker 1→2 (AMB-56).
        let m = defence_multipliers(
            HexFeature::Bocage,
            &[Multipliers::NONE, Multipliers::NONE],
            false,
        );
        assert_eq!(german_defence(2, None, m), 4);
        assert_eq!(german_defence(2, Some(1), m), 6);
    }

    #[test]
    fn t5a_hex_rows() {
        use Mover::{General, Hq, Infantry, Other};
        for mover in [Infantry, Hq, General, Other] {
            assert!(hex_entry(mover, HexFeature::Clear, Road::None, false));
            assert!(hex_entry(mover, HexFeature::Buildings, Road::None, false));
            assert!(!hex_entry(mover, HexFeature::Rough, Road::None, false));
            assert!(!hex_entry(mover, HexFeature::Rough, Road::Open, false));
        }
        for hex in [HexFeature::Woods, HexFeature::Bocage] {
            assert!(hex_entry(Infantry, hex, Road::None, false));
            assert!(hex_entry(Hq, hex, Road::None, false));
            assert!(!hex_entry(Other, hex, Road::None, false));
            assert!(hex_entry(Other, hex, Road::Open, false));
        }
    }

    #[test]
    fn t5a_roads_and_mined_roads() {
        // Mined road: infantry and leaders yes, others no unless in an Engineer Base's range.
        assert!(hex_entry(
            Mover::Infantry,
            HexFeature::Clear,
            Road::Mined,
            false
        ));
        assert!(hex_entry(Mover::Hq, HexFeature::Clear, Road::Mined, false));
        assert!(!hex_entry(
            Mover::Other,
            HexFeature::Clear,
            Road::Mined,
            false
        ));
        assert!(hex_entry(
            Mover::Other,
            HexFeature::Bocage,
            Road::Mined,
            true
        ));
        assert_eq!(
            hexside_crossing(Mover::Other, Hexside::Slope, Road::Mined, false),
            Crossing::Prohibited
        );
        assert_eq!(
            hexside_crossing(Mover::Other, Hexside::Slope, Road::Mined, true),
            Crossing::Allowed
        );
        // Note 6: along a road a unit crosses what is otherwise prohibited.
        assert_eq!(
            hexside_crossing(Mover::Other, Hexside::Bluff, Road::Open, false),
            Crossing::Allowed
        );
    }

    #[test]
    fn t5a_hexside_rows_infantry() {
        use Hexside::*;
        let c = |side| hexside_crossing(Mover::Infantry, side, Road::None, false);
        for side in [Shingle, Seawall, Slope, Hedgerow, AtDitch] {
            assert_eq!(c(side), Crossing::Allowed);
        }
        assert_eq!(c(Bluff), Crossing::Climb);
        assert_eq!(c(ScalableCliff), Crossing::ClimbCliff);
        assert_eq!(c(SheerCliff), Crossing::Prohibited);
    }

    /// T5a, 7.41, AMB-20: HQs cross a bluff but no cliff; a General crosses any hexside.
    #[test]
    fn t5a_hexside_rows_leaders_amb_20() {
        use Hexside::*;
        let hq = |side| hexside_crossing(Mover::Hq, side, Road::None, false);
        for side in [Shingle, Seawall, Slope, Hedgerow, AtDitch, Bluff] {
            assert_eq!(hq(side), Crossing::Allowed, "{side:?}");
        }
        assert_eq!(hq(ScalableCliff), Crossing::Prohibited);
        assert_eq!(hq(SheerCliff), Crossing::Prohibited);
        for side in [Bluff, ScalableCliff, SheerCliff, Shingle] {
            assert_eq!(
                hexside_crossing(Mover::General, side, Road::None, false),
                Crossing::Allowed
            );
        }
    }

    #[test]
    fn t5a_hexside_rows_other_units_amb_45() {
        use Hexside::*;
        let other = |side, engineers| hexside_crossing(Mover::Other, side, Road::None, engineers);
        for side in [Seawall, Slope, Hedgerow, Bluff, ScalableCliff, SheerCliff] {
            assert_eq!(other(side, false), Crossing::Prohibited, "{side:?}");
        }
        // AMB-45: shingle and AT ditch only within an Engineer Base's range (or by road).
        assert_eq!(other(Shingle, false), Crossing::Prohibited);
        assert_eq!(other(AtDitch, false), Crossing::Prohibited);
        assert_eq!(other(Shingle, true), Crossing::Allowed);
        assert_eq!(other(AtDitch, true), Crossing::Allowed);
        assert_eq!(other(Seawall, true), Crossing::Prohibited);
        assert_eq!(
            hexside_crossing(Mover::Other, Shingle, Road::Open, false),
            Crossing::Allowed
        );
    }

    #[test]
    fn t5a_17_1_bocage_stops_two_hex_moves() {
        assert!(bocage_stops_infantry(HexFeature::Bocage, Road::None));
        assert!(!bocage_stops_infantry(HexFeature::Bocage, Road::Open));
        assert!(!bocage_stops_infantry(HexFeature::Woods, Road::None));
    }

    #[test]
    fn t5_map_vocabulary() {
        assert_eq!(
            HexFeature::from_tags(["tide_mid", "obstacle"]),
            HexFeature::Clear
        );
        assert_eq!(HexFeature::from_tags(["woods"]), HexFeature::Woods);
        assert_eq!(
            HexFeature::from_tags(["woods", "buildings"]),
            HexFeature::Buildings
        );
        assert_eq!(
            HexFeature::from_tags(["bocage", "rough"]),
            HexFeature::Rough
        );
        assert_eq!(Hexside::from_tag("at_ditch"), Some(Hexside::AtDitch));
        assert_eq!(
            Hexside::from_tag("scalable_cliff"),
            Some(Hexside::ScalableCliff)
        );
        assert_eq!(Hexside::from_tag("sheer_cliff"), Some(Hexside::SheerCliff));
        assert_eq!(Hexside::from_tag("bluff"), Some(Hexside::Bluff));
        assert_eq!(Hexside::from_tag("seawall"), Some(Hexside::Seawall));
        assert_eq!(Hexside::from_tag("shingle"), Some(Hexside::Shingle));
        assert_eq!(Hexside::from_tag("slope"), Some(Hexside::Slope));
        assert_eq!(Hexside::from_tag("hedgerow"), Some(Hexside::Hedgerow));
        assert_eq!(Hexside::from_tag("road"), None);
    }
}
