//! Movement costs (AMBX-MOV-1/2, AMBX-VEH-2, AMB-VACT-9): what entering a hex costs a soldier
//! or a vehicle in Action Rounds (Operations moves are free, AMB-OPA-1), and how far a Move
//! may go.

use crate::data::map::{Feature, Terrain};
use crate::data::mission::Stance;
use crate::data::tables::{InfantryCosts, VehicleCosts};
use crate::data::vehicles::VehicleKind;
use crate::map::{Hex, MissionMap};

/// AMBX-MOV-1: the MP a soldier spends stepping from `from` into its neighbour `to`, or `None`
/// where he may not (through a wall).
pub fn infantry_cost(map: &MissionMap, costs: &InfantryCosts, from: Hex, to: Hex) -> Option<u8> {
    let dir = map.direction(from, to)?;
    let side = map.side(from, dir);
    let here = map.cell(from);
    let there = map.cell(to);
    let mut cost = match side {
        Some(Feature::Wall) => return None,
        // Into or out of a building through a window, either way.
        Some(Feature::Window) => costs.building_window,
        Some(Feature::Door | Feature::Breach) if there.terrain == Terrain::Building => {
            costs.building_door
        }
        _ => terrain_cost(costs, there.terrain),
    };
    // Inside one building the rooms are open: a door's cost.
    if there.terrain == Terrain::Building && side.is_none() && here.building == there.building {
        cost = costs.building_door;
    }
    if there.elev > here.elev {
        cost += costs.climb_per_level * (there.elev - here.elev);
        if side == Some(Feature::Embankment) {
            cost += costs.embankment_up;
        }
    }
    Some(cost)
}

fn terrain_cost(costs: &InfantryCosts, terrain: Terrain) -> u8 {
    match terrain {
        Terrain::Clear => costs.clear,
        Terrain::Road => costs.road,
        Terrain::Field => costs.field,
        Terrain::Bridge => costs.bridge,
        Terrain::Brush => costs.brush,
        Terrain::Rough => costs.rough,
        Terrain::Crater => costs.crater,
        Terrain::Forest => costs.forest,
        Terrain::Rubble => costs.rubble,
        Terrain::Stream => costs.stream,
        // Only through an opening, above.
        Terrain::Building => costs.building_door,
    }
}

/// AMBX-MOV-2, AMB-ACT-11: whether a soldier with `mpa` MP left, in `stance`, who has spent
/// `spent` MP this turn, may walk `path` (his hex first): prone he may not; crouching, one hex;
/// otherwise within his MP, or one hex whatever it costs as his first spending.
pub fn may_walk(
    map: &MissionMap,
    costs: &InfantryCosts,
    path: &[Hex],
    stance: Stance,
    mpa: u8,
    spent: u8,
) -> bool {
    let steps = path.len().saturating_sub(1);
    if steps == 0 || stance == Stance::Prone {
        return false;
    }
    if stance == Stance::Crouching && steps > 1 {
        return false;
    }
    let mut total = 0u16;
    for pair in path.windows(2) {
        match infantry_cost(map, costs, pair[0], pair[1]) {
            Some(c) => total += u16::from(c),
            None => return false,
        }
    }
    total + u16::from(spent) <= u16::from(mpa) || (steps == 1 && spent == 0)
}

/// AMBX-VEH-2, AMB-VACT-9: what a vehicle of `kind` spends entering `to` from `from`, `None`
/// where it may not go.
pub fn vehicle_cost(
    map: &MissionMap,
    costs: &VehicleCosts,
    kind: &VehicleKind,
    from: Hex,
    to: Hex,
    reverse: bool,
) -> Option<u8> {
    let dir = map.direction(from, to)?;
    let side = map.side(from, dir);
    let here = map.cell(from);
    let there = map.cell(to);
    if costs.forbidden.contains(&there.terrain) || matches!(side, Some(Feature::Wall)) {
        return None;
    }
    let mut cost = match there.terrain {
        Terrain::Road => costs.road,
        Terrain::Clear => costs.clear,
        Terrain::Field => costs.field,
        Terrain::Bridge => costs.bridge,
        Terrain::Brush => costs.brush,
        Terrain::Rough => costs.rough,
        Terrain::Forest if !kind.is_large() => costs.forest_small,
        _ => return None,
    };
    if there.elev > here.elev {
        cost += costs.climb_per_level * (there.elev - here.elev);
    }
    if side == Some(Feature::Embankment) {
        if !kind.armored {
            return None;
        }
        cost += costs.embankment_tank;
    }
    if reverse {
        cost += costs.reverse_extra;
    }
    Some(cost)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use crate::AmbushData;
    use std::path::Path;

    fn data() -> AmbushData {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/ambush");
        AmbushData::load(&dir).unwrap_or_else(|e| panic!("{e}"))
    }

    /// AMBX-MOV-1: S1's costs: road 1, brush 2, a door 1, a window 3, no walls, climbing an
    /// embankment 1 + 1 + 1.
    #[test]
    fn ambx_mov_1_entry_costs() {
        let data = data();
        let map = data.mission("S1").unwrap().hexes.as_ref().unwrap();
        let costs = &data.tables.movement.infantry;
        let h = |l: &str| map.hex(l).unwrap();
        assert_eq!(infantry_cost(map, costs, h("0104"), h("0204")), Some(1));
        assert_eq!(
            infantry_cost(map, costs, h("0204"), h("0305")),
            Some(2),
            "brush"
        );
        assert_eq!(
            infantry_cost(map, costs, h("0403"), h("0503")),
            Some(1),
            "door"
        );
        assert_eq!(
            infantry_cost(map, costs, h("0502"), h("0503")),
            Some(3),
            "window"
        );
        assert_eq!(
            infantry_cost(map, costs, h("0503"), h("0502")),
            Some(3),
            "window, out"
        );
        assert_eq!(
            infantry_cost(map, costs, h("0402"), h("0503")),
            None,
            "wall"
        );
        assert_eq!(
            infantry_cost(map, costs, h("0503"), h("0603")),
            Some(1),
            "inside"
        );
        assert_eq!(
            infantry_cost(map, costs, h("0601"), h("0701")),
            Some(3),
            "clear + climb + embankment"
        );
    }

    /// AMBX-MOV-2, T-ACT-2 (AMB-ACT-11): crouching one hex; the minimum move of one hex.
    #[test]
    fn t_act_2_crawling_and_the_minimum_move() {
        let data = data();
        let map = data.mission("S1").unwrap().hexes.as_ref().unwrap();
        let costs = &data.tables.movement.infantry;
        let h = |l: &str| map.hex(l).unwrap();
        let two = [h("0104"), h("0204"), h("0304")];
        assert!(!may_walk(map, costs, &two, Stance::Crouching, 5, 0));
        assert!(may_walk(map, costs, &two[..2], Stance::Crouching, 5, 0));
        assert!(may_walk(map, costs, &two, Stance::Standing, 5, 0));
        assert!(!may_walk(map, costs, &two, Stance::Prone, 5, 0));
        // Three MP of window with one MP of allowance: only as his first spending.
        let window = [h("0502"), h("0503")];
        assert!(may_walk(map, costs, &window, Stance::Standing, 1, 0));
        assert!(!may_walk(map, costs, &window, Stance::Standing, 1, 1));
    }

    /// AMBX-VEH-2, AMB-VACT-9: vehicles keep out of buildings and streams; large ones out of
    /// woods; roads are cheap.
    #[test]
    fn ambx_veh_2_vehicle_costs() {
        let data = data();
        let map = data.mission("S1").unwrap().hexes.as_ref().unwrap();
        let costs = &data.tables.movement.vehicle;
        let car = data.vehicles.get("kubelwagen").unwrap();
        let tank = data.vehicles.get("panzer_iv").unwrap();
        let h = |l: &str| map.hex(l).unwrap();
        assert_eq!(
            vehicle_cost(map, costs, car, h("0804"), h("0704"), false),
            Some(1)
        );
        assert_eq!(
            vehicle_cost(map, costs, car, h("0804"), h("0704"), true),
            Some(2),
            "reverse"
        );
        assert_eq!(
            vehicle_cost(map, costs, car, h("0805"), h("0806"), false),
            None,
            "stream"
        );
        assert_eq!(
            vehicle_cost(map, costs, car, h("0504"), h("0505"), false),
            None,
            "building"
        );
        assert_eq!(
            vehicle_cost(map, costs, car, h("0705"), h("0706"), false),
            Some(4),
            "a small car in the woods"
        );
        assert_eq!(
            vehicle_cost(map, costs, tank, h("0705"), h("0706"), false),
            None,
            "forest"
        );
    }
}
