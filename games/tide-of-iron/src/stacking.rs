//! Stacking (`TOI-STACK`): at most 3 units in a hex, at most 2 of them vehicles. A unit may
//! move through a full hex but not stop there.

use crate::state::{Kind, ToiGame, UnitId};
use overlord_engine::RuleId;
use overlord_hexmap::HexId;

/// `TOI-STACK`.
pub const STACK: RuleId = RuleId("TOI-STACK");

/// Most units in a hex, and most vehicles among them.
pub const MOST_UNITS: usize = 3;
pub const MOST_VEHICLES: usize = 2;

/// Whether `unit` may stop in `hex` with the units already there (itself not counted).
pub fn fits(game: &ToiGame, hex: HexId, unit: UnitId) -> bool {
    let others: Vec<UnitId> = game.units_in(hex).filter(|&u| u != unit).collect();
    let vehicle = |u: UnitId| matches!(game.unit(u).kind, Kind::Vehicle { .. });
    let vehicles = others.iter().filter(|&&u| vehicle(u)).count() + usize::from(vehicle(unit));
    others.len() < MOST_UNITS && vehicles <= MOST_VEHICLES
}

/// Whether a moving `unit` may stop in `hex`: room for it (`TOI-STACK`), and no enemy unit
/// there (`TOI-COMBAT-HIDDEN`: a hex of only hidden enemy squads may be passed through, never
/// stopped in; one revealed while the mover passes holds it no more than before).
pub fn may_stop(game: &ToiGame, hex: HexId, unit: UnitId) -> bool {
    let owner = game.unit(unit).nation;
    fits(game, hex, unit) && !game.units_in(hex).any(|u| game.unit(u).nation != owner)
}
