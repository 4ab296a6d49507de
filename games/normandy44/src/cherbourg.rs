//! The Cherbourg scenario's airborne zones (26.3.2, 26.3.3): from turn 3 the 101st Airborne
//! moves and attacks only within 4 hexes of Carentan (2512), the 82nd only within 3 hexes of its
//! drop hexes (2710, 2810, 2811). A unit outside its zone at the start of a Movement Phase must
//! try to come back: it may only end a move nearer to the zone; it may not attack until inside.
//! (The rest of 26.1's map limits, row xx15 and the H-line, are movement's.)
//!
//! Movement asks [`may_end_move`] for every destination; combat asks [`may_attack`] for every
//! attacker. A unit belongs to a division when its formation, or one above it, is an airborne
//! formation whose id or name carries "101" or "82".

use crate::data::{Scenario, UnitId};
use crate::state::Normandy44;
use overlord_engine::RuleId;
use overlord_hexmap::HexId;

/// 26.3: the Cherbourg scenario's special rules.
pub const ZONES: RuleId = RuleId("26.3");
/// 26.3.2: Carentan, the 101st's anchor.
pub const CARENTAN: &str = "2512";
/// 26.3.3: the 82nd's drop hexes.
pub const DROPS_82: [&str; 3] = ["2710", "2810", "2811"];
/// The zones apply from this turn.
pub const FROM_TURN: u8 = 3;

/// The hexes a unit's zone is measured from, and its radius, if it has one now.
fn zone(game: &Normandy44, unit: UnitId) -> Option<(Vec<HexId>, u32)> {
    if game.scenario() != Scenario::Cherbourg || game.turn() < FROM_TURN {
        return None;
    }
    let data = game.data();
    let mut formation = data.unit(unit).formation.clone();
    let mut guard = 0;
    while let Some(id) = formation {
        let f = data.formations.iter().find(|f| f.id == id)?;
        let named = |n: &str| f.id.contains(n) || f.name.contains(n);
        if f.airborne && named("101") {
            return Some((data.map.hex(CARENTAN).into_iter().collect(), 4));
        }
        if f.airborne && named("82") {
            return Some((DROPS_82.iter().filter_map(|l| data.map.hex(l)).collect(), 3));
        }
        formation = f.parent.clone();
        guard += 1;
        if guard > 8 {
            return None;
        }
    }
    None
}

/// How far `hex` lies outside `unit`'s zone (0 inside), or `None` when it has no zone.
fn outside_by(game: &Normandy44, unit: UnitId, hex: HexId) -> Option<u32> {
    let (centres, radius) = zone(game, unit)?;
    let map = &game.data().map;
    let nearest = centres.iter().map(|&c| map.hexes.distance(c, hex)).min()?;
    Some(nearest.saturating_sub(radius))
}

/// 26.3.2, 26.3.3: whether `unit` may end a move in `to`: inside its zone, or, when it starts
/// outside, nearer to it.
pub fn may_end_move(game: &Normandy44, unit: UnitId, to: HexId) -> bool {
    let Some(there) = outside_by(game, unit, to) else {
        return true;
    };
    if there == 0 {
        return true;
    }
    game.hex_of(unit)
        .and_then(|from| outside_by(game, unit, from))
        .is_some_and(|here| there < here)
}

/// 26.3.2, 26.3.3: whether `unit` may attack the hex `target`: both inside its zone.
pub fn may_attack(game: &Normandy44, unit: UnitId, target: HexId) -> bool {
    let inside = |hex: HexId| outside_by(game, unit, hex).is_none_or(|d| d == 0);
    game.hex_of(unit).is_some_and(inside) && inside(target)
}
