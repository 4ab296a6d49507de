//! Advance after combat (14, 6.5.2, 22.1; ): where one attacking unit may
//! advance, up to two hexes in any direction or only into the vacated hex.

use super::mobility;
use crate::data::{RoadKind, Side, UnitId};
use crate::state::{AdvanceRight, Normandy44, UnitFlags};
use crate::tables::terrain::{
    Crossing, HexEntry, HexsideFeature, Mobility, Mover, Road, Terrain, advance_stops,
    cross_hexside, enter_hex,
};
use crate::zoc::Zones;
use overlord_hexmap::HexId;

/// One step of an advance from `from` into its neighbour `to` (direction `k`): `None` if it may
/// not be made, else whether the unit must stop there (14.3, 14.4).
#[allow(clippy::too_many_arguments)]
fn step(
    game: &Normandy44,
    zones: &Zones<'_>,
    mover: Mover,
    from: HexId,
    k: usize,
    to: HexId,
    vacated: HexId,
    first: bool,
) -> Option<bool> {
    if to.is_none() || game.occupant(to) == Some(mover.side.enemy()) {
        return None;
    }
    let map = &game.data.map;
    let here = map.terrain(from);
    let there = map.terrain(to);
    let hexside = map.side(from, k);
    let road = hexside.road.map(|r| match r {
        RoadKind::Main => Road::Main,
        RoadKind::Secondary => Road::Secondary,
    });
    let features: Vec<HexsideFeature> = HexsideFeature::ALL
        .into_iter()
        .filter(|&f| hexside.has(f))
        .collect();
    let flooded_hex = here == Terrain::Flooded || there == Terrain::Flooded;
    // 14.4: prohibited crossings; major rivers and flooded hexsides only as the first
    // hex; mechanized units across a flooded hexside only by road.
    match cross_hexside(&features, mover.mobility, road.is_some(), flooded_hex) {
        Crossing::Prohibited => return None,
        Crossing::Allowed {
            first_move_only: true,
            ..
        } if !first => return None,
        Crossing::Allowed { .. } => {}
    }
    // 9.5: a mechanized unit leaves a flooded hex only by road.
    if here == Terrain::Flooded && mover.mobility == Mobility::Mech && road.is_none() {
        return None;
    }
    let mut stop = match enter_hex(&[there], mover, road, game.weather.condition) {
        HexEntry::Prohibited | HexEntry::RoadOnly => return None,
        HexEntry::Enter { must_stop, .. } => must_stop,
    };
    // 14.4: bocage, and flooded hexes for non-mechanized units, stop an advance off road.
    stop |= advance_stops(&[there], mover.mobility, road.is_some());
    if to != vacated {
        // 14.3: no enemy bond, except to enter the vacated hex.
        if zones.blocks_step(from, to) {
            return None;
        }
        if zones.in_zoc(to) {
            // 14.3: not from an EZOC into the EZOC of the same enemy unit, except through the
            // vacated hex.
            if from != vacated
                && zones.in_zoc(from)
                && zones
                    .zoc_sources(from)
                    .any(|s| zones.zoc_sources(to).any(|t| t == s))
            {
                return None;
            }
            stop = true;
        }
    }
    Some(stop)
}

/// 14.1-14.4, 6.5.2, 22.1: where `unit` may advance after the defender left
/// `vacated`, with `right`: each destination with its path. A limited advance (and any advance
/// by an Allied reinforcement on its landing turn) enters only the vacated hex.
pub fn advance_destinations(
    game: &Normandy44,
    unit: UnitId,
    vacated: HexId,
    right: AdvanceRight,
) -> Vec<(HexId, Vec<HexId>)> {
    let Some(start) = game.hex_of(unit) else {
        return Vec::new();
    };
    if right == AdvanceRight::None {
        return Vec::new();
    }
    let side = game.side_of(unit);
    // 6.5.2, A-47: a unit landed this turn makes a limited advance, unless the game follows
    // the rulebook example's reading (the `A-47` option).
    let landed =
        game.unit(unit).flags.has(UnitFlags::LANDED) && !game.options.landed_units_full_advance;
    let limited = right == AdvanceRight::Limited || landed;
    let zones = crate::zoc::zones_of(game, side.enemy());
    let mover = Mover {
        side,
        mobility: mobility(game, unit),
    };
    let map = &game.data.map;
    let may_end =
        |hex: HexId| side == Side::German || crate::movement::within_boundary(game, unit, hex);
    let mut out: Vec<(HexId, Vec<HexId>)> = Vec::new();
    let add = |out: &mut Vec<(HexId, Vec<HexId>)>, path: Vec<HexId>| {
        if let Some(&end) = path.last()
            && end != start
            && may_end(end)
            && !out.iter().any(|(e, _)| *e == end)
        {
            out.push((end, path));
        }
    };
    for (k1, h1) in map.hexes.neighbours(start).into_iter().enumerate() {
        if limited && h1 != vacated {
            continue;
        }
        let Some(stop) = step(game, &zones, mover, start, k1, h1, vacated, true) else {
            continue;
        };
        add(&mut out, vec![h1]);
        if limited || stop {
            continue;
        }
        for (k2, h2) in map.hexes.neighbours(h1).into_iter().enumerate() {
            if h2 == start {
                continue;
            }
            if step(game, &zones, mover, h1, k2, h2, vacated, false).is_some() {
                add(&mut out, vec![h1, h2]);
            }
        }
    }
    out
}
