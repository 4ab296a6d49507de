//! T8, the German tank fire field (RB 23.3, "Campi di Fuoco dei Carri Tedeschi"; AMB-37).
//!
//! A German tank of variant 23 projects no printed fire points (23.3: printed points never apply
//! to tanks); its field is worked out from the terrain around it and moves with it. The table
//! itself is two small lookups ([`adjacent_level`], [`distance_two_level`]) and the AMB-37
//! hedgerow reading ([`across_hedgerow`]); [`tank_fire_field`] walks the dense index around the
//! tank's hex and applies them. Nothing here reads the game state: which hex the tank is in,
//! and what the field then does (US movement, LOC, the tank's own fire, 23.42's elevation
//! limits), is the rules modules' business.

use crate::data::FireLevel;
use crate::index::{Ground, HexId, Index};
use crate::tables::terrain::{HexFeature, Hexside};

/// The terrain of a hex as T8 reads it (23.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TankFireTerrain {
    /// "Vuoto o Boschi": clear (high ground, beach or flat with no feature other than a road or
    /// trail; tide lines and obstacles count as clear, 23.3 "German obstacles have no effect")
    /// or woods (orchards included).
    ClearOrWoods,
    /// "Bocage o Edifici".
    BocageOrBuildings,
    /// Terrain T8 does not list: sea hexes (not high ground, beach or flat) and rough hexes
    /// (a feature other than road or trail). They get no fire point (INTERP, T8 "anything
    /// else").
    Unlisted,
}

impl TankFireTerrain {
    /// The T8 terrain of a hex of `ground` with T5 hex `feature`.
    pub fn of(ground: Ground, feature: HexFeature) -> TankFireTerrain {
        match (ground, feature) {
            (Ground::Sea, _) | (_, HexFeature::Rough) => TankFireTerrain::Unlisted,
            (_, HexFeature::Clear | HexFeature::Woods) => TankFireTerrain::ClearOrWoods,
            (_, HexFeature::Bocage | HexFeature::Buildings) => TankFireTerrain::BocageOrBuildings,
        }
    }
}

/// T8 rows 1–2 (23.3): the fire point in a hex adjacent to the tank. Clear or woods: Intense;
/// bocage or buildings: Moderate. Hedgerows do not count here (23.3: they affect only the hexes
/// at distance 2). Never Sporadic.
pub fn adjacent_level(terrain: TankFireTerrain) -> Option<FireLevel> {
    match terrain {
        TankFireTerrain::ClearOrWoods => Some(FireLevel::Intense),
        TankFireTerrain::BocageOrBuildings => Some(FireLevel::Moderate),
        TankFireTerrain::Unlisted => None,
    }
}

/// T8 rows 3–4 (23.3, AMB-37): the fire point in a hex at distance 2 from the tank that is
/// adjacent to at least one Intense hex of the field (RB's "più lontano di 2 spazi" is a slip
/// for "at distance 2", AMB-37). Clear or woods not reached across a hedgerow: Intense; bocage
/// or buildings, or reached across a hedgerow ([`across_hedgerow`]): Moderate. Never Sporadic.
pub fn distance_two_level(terrain: TankFireTerrain, across_hedgerow: bool) -> Option<FireLevel> {
    match terrain {
        TankFireTerrain::ClearOrWoods if !across_hedgerow => Some(FireLevel::Intense),
        TankFireTerrain::ClearOrWoods | TankFireTerrain::BocageOrBuildings => {
            Some(FireLevel::Moderate)
        }
        TankFireTerrain::Unlisted => None,
    }
}

/// AMB-37: a hex at distance 2 is "reached across a hedgerow hexside" when the hexside between
/// it and **every** adjacent Intense hex of the field is a hedgerow. `sides` gives, for each of
/// those Intense hexes, the features of the hexside crossed. With no Intense neighbour the hex
/// is not in the field at all, and this answers `false`.
pub fn across_hedgerow<'a>(sides: impl IntoIterator<Item = &'a [Hexside]>) -> bool {
    let mut any = false;
    for side in sides {
        if !side.contains(&Hexside::Hedgerow) {
            return false;
        }
        any = true;
    }
    any
}

/// T8 (23.3, AMB-37): the fire field of a German tank in hex `tank`, as (hex, level) pairs in
/// hex-id order. Every hex adjacent to the tank gets [`adjacent_level`]; every hex at distance
/// exactly 2 adjacent to one of those Intense hexes gets [`distance_two_level`], with the
/// hedgerow test of [`across_hedgerow`] over its hexsides to those Intense hexes. The tank's own
/// hex and every other hex get nothing, and no hex is Sporadic. The hexside between the tank and
/// an adjacent hex never matters (hedgerows only count at distance 2; cliffs and bluffs limit
/// the tank's fire by 23.42, not its field).
pub fn tank_fire_field(index: &Index, tank: HexId) -> Vec<(HexId, FireLevel)> {
    let info = |h: HexId| index.hexes.get(usize::from(h));
    let terrain = |h: HexId| info(h).map(|i| TankFireTerrain::of(i.ground, i.feature));
    let Some(centre) = info(tank) else {
        return Vec::new();
    };
    let mut field: Vec<(HexId, FireLevel)> = centre
        .neighbours
        .iter()
        .filter_map(|&n| Some((n, adjacent_level(terrain(n)?)?)))
        .collect();
    let intense: Vec<HexId> = field
        .iter()
        .filter(|&&(_, level)| level == FireLevel::Intense)
        .map(|&(h, _)| h)
        .collect();
    // Distance-2 candidates: neighbours of an Intense hex that are neither the tank's hex nor
    // adjacent to it.
    let mut ring: Vec<HexId> = intense
        .iter()
        .filter_map(|&i| info(i))
        .flat_map(|i| i.neighbours.iter().copied())
        .filter(|&h| h != tank && !centre.neighbours.contains(&h))
        .collect();
    ring.sort_unstable();
    ring.dedup();
    for hex in ring {
        let Some(hex_info) = info(hex) else {
            continue;
        };
        let sides = hex_info
            .neighbours
            .iter()
            .zip(&hex_info.edges)
            .filter(|(n, _)| intense.contains(n))
            .map(|(_, edge)| edge.sides.as_slice());
        let across = across_hedgerow(sides);
        if let Some(level) = terrain(hex).and_then(|t| distance_two_level(t, across)) {
            field.push((hex, level));
        }
    }
    field.sort_unstable_by_key(|&(h, _)| h);
    field
}

#[cfg(test)]
mod tests {
    use super::*;
    use FireLevel::{Intense, Moderate};
    use TankFireTerrain::{BocageOrBuildings, ClearOrWoods, Unlisted};

    #[test]
    fn t8_23_3_terrain_clear_woods_bocage_buildings() {
        for ground in [Ground::Beach, Ground::Flat, Ground::High] {
            assert_eq!(TankFireTerrain::of(ground, HexFeature::Clear), ClearOrWoods);
            assert_eq!(TankFireTerrain::of(ground, HexFeature::Woods), ClearOrWoods);
            assert_eq!(
                TankFireTerrain::of(ground, HexFeature::Bocage),
                BocageOrBuildings
            );
            assert_eq!(
                TankFireTerrain::of(ground, HexFeature::Buildings),
                BocageOrBuildings
            );
            assert_eq!(TankFireTerrain::of(ground, HexFeature::Rough), Unlisted);
        }
        assert_eq!(
            TankFireTerrain::of(Ground::Sea, HexFeature::Clear),
            Unlisted
        );
    }

    #[test]
    fn t8_23_3_adjacent_rows() {
        assert_eq!(adjacent_level(ClearOrWoods), Some(Intense));
        assert_eq!(adjacent_level(BocageOrBuildings), Some(Moderate));
        assert_eq!(adjacent_level(Unlisted), None);
    }

    #[test]
    fn t8_23_3_amb_37_distance_two_rows() {
        assert_eq!(distance_two_level(ClearOrWoods, false), Some(Intense));
        assert_eq!(distance_two_level(ClearOrWoods, true), Some(Moderate));
        assert_eq!(distance_two_level(BocageOrBuildings, false), Some(Moderate));
        assert_eq!(distance_two_level(BocageOrBuildings, true), Some(Moderate));
        assert_eq!(distance_two_level(Unlisted, false), None);
        assert_eq!(distance_two_level(Unlisted, true), None);
    }

    /// 23.3: "no Sporadic points", whatever the terrain and hedgerows.
    #[test]
    fn t8_23_3_never_sporadic() {
        for t in [ClearOrWoods, BocageOrBuildings, Unlisted] {
            assert_ne!(adjacent_level(t), Some(FireLevel::Sporadic));
            for across in [false, true] {
                assert_ne!(distance_two_level(t, across), Some(FireLevel::Sporadic));
            }
        }
    }

    #[test]
    fn t8_amb_37_hedgerow_on_every_side_to_an_intense_hex() {
        let hedge: &[Hexside] = &[Hexside::Hedgerow];
        let hedge_and_slope: &[Hexside] = &[Hexside::Slope, Hexside::Hedgerow];
        let open: &[Hexside] = &[];
        let slope: &[Hexside] = &[Hexside::Slope];
        assert!(across_hedgerow([hedge]));
        assert!(across_hedgerow([hedge, hedge_and_slope]));
        // One open way in from an Intense hex is enough to be "not across a hedgerow".
        assert!(!across_hedgerow([hedge, open]));
        assert!(!across_hedgerow([open, hedge]));
        assert!(!across_hedgerow([slope]));
        assert!(!across_hedgerow(std::iter::empty::<&[Hexside]>()));
    }

    // ---- On the real map ------------------------------------------------------------------

    fn index() -> std::sync::Arc<crate::data::OmahaData> {
        crate::acceptance::data()
    }

    fn hex(index: &Index, label: &str) -> HexId {
        let label = label.parse().expect("a hex label");
        index.hex(label).expect("a map hex")
    }

    /// The level of `label` in the field of a tank in `tank`.
    fn level(index: &Index, tank: &str, label: &str) -> Option<FireLevel> {
        let target = hex(index, label);
        tank_fire_field(index, hex(index, tank))
            .into_iter()
            .find(|&(h, _)| h == target)
            .map(|(_, l)| l)
    }

    fn feature(index: &Index, label: &str) -> HexFeature {
        index.hexes[usize::from(hex(index, label))].feature
    }

    fn sides<'a>(index: &'a Index, a: &str, b: &str) -> &'a [Hexside] {
        &index
            .edge(hex(index, a), hex(index, b))
            .expect("adjacent")
            .sides
    }

    /// 23.3, T8 rows 1–2: a tank in 1324 has buildings in 1223, 1224 and 1323
    /// (Moderate), woods in 1325 and clear plateau in 1423 and 1424 (Intense).
    #[test]
    fn t8_23_3_adjacent_buildings_woods_clear() {
        let data = index();
        let index = &data.index;
        for (label, f, l) in [
            ("1223", HexFeature::Buildings, Moderate),
            ("1224", HexFeature::Buildings, Moderate),
            ("1323", HexFeature::Buildings, Moderate),
            ("1325", HexFeature::Woods, Intense),
            ("1423", HexFeature::Clear, Intense),
            ("1424", HexFeature::Clear, Intense),
        ] {
            assert_eq!(index.distance(hex(index, "1324"), hex(index, label)), 1);
            assert_eq!(feature(index, label), f, "{label}");
            assert_eq!(level(index, "1324", label), Some(l), "{label}");
        }
        // The tank's own hex is not in its field.
        assert_eq!(level(index, "1324", "1324"), None);
    }

    /// 23.3, T8 rows 1–2: bocage next to the tank is Moderate (a tank in the bocage of 1234 has
    /// 1233 and 1235 Moderate).
    #[test]
    fn t8_23_3_adjacent_bocage() {
        let data = index();
        let index = &data.index;
        for label in ["1233", "1235"] {
            assert_eq!(feature(index, label), HexFeature::Bocage, "{label}");
            assert_eq!(index.distance(hex(index, "1234"), hex(index, label)), 1);
            assert_eq!(level(index, "1234", label), Some(Moderate), "{label}");
        }
    }

    /// 23.3, T8 rows 3–4: from 1324, the bocage of 1326 behind the Intense woods of 1325 is
    /// Moderate, the clear 1422 behind the Intense 1423 is Intense.
    #[test]
    fn t8_23_3_distance_two_bocage_and_clear() {
        let data = index();
        let index = &data.index;
        let tank = hex(index, "1324");
        assert_eq!(index.distance(tank, hex(index, "1326")), 2);
        assert_eq!(feature(index, "1326"), HexFeature::Bocage);
        assert!(sides(index, "1325", "1326").is_empty());
        assert_eq!(level(index, "1324", "1326"), Some(Moderate));
        assert_eq!(index.distance(tank, hex(index, "1422")), 2);
        assert_eq!(feature(index, "1422"), HexFeature::Clear);
        assert_eq!(level(index, "1324", "1422"), Some(Intense));
    }

    /// AMB-37: from a tank in 1021, the clear hex 1221 is reached only from the Intense hexes
    /// 1121 and 1122, both across hedgerows: Moderate.
    #[test]
    fn t8_amb_37_hedgerow_from_every_intense_hex_is_moderate() {
        let data = index();
        let index = &data.index;
        let tank = hex(index, "1021");
        assert_eq!(index.distance(tank, hex(index, "1221")), 2);
        assert_eq!(feature(index, "1221"), HexFeature::Clear);
        let intense_next_to_1221: Vec<HexId> = tank_fire_field(index, tank)
            .into_iter()
            .filter(|&(h, l)| {
                l == Intense
                    && index.distance(tank, h) == 1
                    && index.distance(h, hex(index, "1221")) == 1
            })
            .map(|(h, _)| h)
            .collect();
        assert_eq!(
            intense_next_to_1221,
            [hex(index, "1121"), hex(index, "1122")]
        );
        assert!(sides(index, "1121", "1221").contains(&Hexside::Hedgerow));
        assert!(sides(index, "1122", "1221").contains(&Hexside::Hedgerow));
        assert_eq!(level(index, "1021", "1221"), Some(Moderate));
    }

    /// AMB-37: one Intense neighbour without a hedgerow is enough. From a tank in 1120, 1221 is
    /// reached from 1121 across a hedgerow but from 1220 across open ground: Intense. 1122,
    /// reached only from 1121 across a hedgerow, is Moderate.
    #[test]
    fn t8_amb_37_one_open_side_stays_intense() {
        let data = index();
        let index = &data.index;
        let tank = hex(index, "1120");
        for adjacent in ["1121", "1220"] {
            assert_eq!(index.distance(tank, hex(index, adjacent)), 1);
            assert_eq!(level(index, "1120", adjacent), Some(Intense));
        }
        assert!(sides(index, "1121", "1221").contains(&Hexside::Hedgerow));
        assert!(sides(index, "1220", "1221").is_empty());
        assert_eq!(level(index, "1120", "1221"), Some(Intense));
        assert_eq!(index.distance(tank, hex(index, "1122")), 2);
        assert!(sides(index, "1121", "1122").contains(&Hexside::Hedgerow));
        assert_eq!(level(index, "1120", "1122"), Some(Moderate));
    }

    /// 23.3: hedgerows affect only the hexes at distance 2. From 1021, the adjacent 1022 across a
    /// hedgerow is Intense; from 1121, so are 1122 and 1221.
    #[test]
    fn t8_23_3_hedgerow_next_to_the_tank_does_not_count() {
        let data = index();
        let index = &data.index;
        assert!(sides(index, "1021", "1022").contains(&Hexside::Hedgerow));
        assert_eq!(level(index, "1021", "1022"), Some(Intense));
        for label in ["1122", "1221"] {
            assert!(sides(index, "1121", label).contains(&Hexside::Hedgerow));
            assert_eq!(level(index, "1121", label), Some(Intense), "{label}");
        }
    }

    /// 23.3 (INTERP): sea and rough hexes are not in T8 and get no point; beach is clear; a
    /// sheer cliff between the tank and an adjacent hex changes nothing in the field (23.42 limits
    /// the fire, not the field).
    #[test]
    fn t8_23_3_sea_rough_beach_cliff() {
        let data = index();
        let index = &data.index;
        let ground = |l: &str| index.hexes[usize::from(hex(index, l))].ground;
        assert_eq!(feature(index, "0435"), HexFeature::Rough);
        assert_eq!(level(index, "0335", "0435"), None);
        assert!(sides(index, "0335", "0434").contains(&Hexside::SheerCliff));
        assert_eq!(level(index, "0335", "0434"), Some(Intense));
        for sea in ["0135", "0136"] {
            assert_eq!(ground(sea), Ground::Sea);
            assert_eq!(level(index, "0235", sea), None, "{sea}");
        }
        assert_eq!(ground("0236"), Ground::Beach);
        assert_eq!(level(index, "0235", "0236"), Some(Intense));
    }

    /// T8 on every hex of the map: the field holds only hexes at distance 1 or 2, never
    /// Sporadic; every listed adjacent hex is in it at its row's level; a distance-2 hex is in it
    /// exactly when it has listed terrain and an Intense neighbour at distance 1, at the level of
    /// rows 3–4 with AMB-37's hedgerow test.
    #[test]
    fn t8_23_3_amb_37_field_on_every_map_hex() {
        let data = index();
        let index = &data.index;
        for tank in 0..index.hexes.len() as HexId {
            let field = tank_fire_field(index, tank);
            assert!(
                field.windows(2).all(|w| w[0].0 < w[1].0),
                "sorted, no repeats"
            );
            let at = |h: HexId| field.iter().find(|&&(f, _)| f == h).map(|&(_, l)| l);
            let terrain = |h: HexId| {
                let i = &index.hexes[usize::from(h)];
                TankFireTerrain::of(i.ground, i.feature)
            };
            for &(h, l) in &field {
                assert_ne!(l, FireLevel::Sporadic);
                assert!(matches!(index.distance(tank, h), 1 | 2));
            }
            let intense: Vec<HexId> = index.hexes[usize::from(tank)]
                .neighbours
                .iter()
                .copied()
                .filter(|&n| at(n) == Some(Intense))
                .collect();
            for h in 0..index.hexes.len() as HexId {
                match index.distance(tank, h) {
                    1 => assert_eq!(at(h), adjacent_level(terrain(h))),
                    2 => {
                        let from: Vec<&[Hexside]> = intense
                            .iter()
                            .filter_map(|&i| index.edge(i, h))
                            .map(|e| e.sides.as_slice())
                            .collect();
                        let expected = if from.is_empty() {
                            None
                        } else {
                            distance_two_level(terrain(h), across_hedgerow(from))
                        };
                        assert_eq!(at(h), expected);
                    }
                    _ => assert_eq!(at(h), None),
                }
            }
        }
    }
}
