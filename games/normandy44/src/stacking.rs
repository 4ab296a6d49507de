//! Stacking (7): how a hex's units count, and whether more may join them.

use crate::data::{Class, UnitId};
use crate::state::Normandy44;
use crate::tables::costs::{StackTally, Stacker};
use overlord_engine::RuleId;
use overlord_hexmap::HexId;

/// 7.2: where the limit may be exceeded, and when it must be met.
pub const STACKING: RuleId = RuleId("7.2");

/// How `unit` counts for stacking, by its current face (7.1, A-49).
pub fn stacker(game: &Normandy44, unit: UnitId) -> Stacker {
    stacker_at(game, unit, game.unit(unit).step)
}

/// How `unit` would count for stacking showing the face of `step` (7.1, A-49).
fn stacker_at(game: &Normandy44, unit: UnitId, step: u8) -> Stacker {
    let cf = game.data.face(unit, step).map_or(0, |f| f.cf);
    match game.data.unit(unit).class {
        Class::Strongpoint => Stacker::Strongpoint,
        Class::Hq => Stacker::Hq,
        Class::BeachEngineer => Stacker::BeachEngineer,
        Class::Werfer => Stacker::Werfer,
        Class::Silhouette | Class::Flak => Stacker::Silhouette { cf },
        _ => Stacker::Unit { cf },
    }
}

/// 7.1: whether `hex` would be within the limit with `joining` added to the units already
/// there (a unit of `joining` already in the hex counts once).
pub fn fits(game: &Normandy44, hex: HexId, joining: &[UnitId]) -> bool {
    let mut tally = StackTally::default();
    for u in game.units_in(hex).filter(|u| !joining.contains(u)) {
        tally.add(stacker(game, u));
    }
    for &u in joining {
        tally.add(stacker(game, u));
    }
    tally.legal()
}

/// 7.1: the tally of the units in `hex`: [`fits`] for a unit from off the map is this tally
/// with the unit added, which a list of many such units works out once per hex.
pub fn tally(game: &Normandy44, hex: HexId) -> StackTally {
    let mut tally = StackTally::default();
    for u in game.units_in(hex) {
        tally.add(stacker(game, u));
    }
    tally
}

/// 7.1: whether the units in `hex` are within the limit.
/// 7.2: whether `hex` stays within the limit once `unit`, in it, shows the face of `step`: a
/// replacement that restores a step may raise its CF and so its stacking points, and
/// the limit may be exceeded only while moving, retreating, advancing or placing
/// reinforcements.
pub fn fits_at_step(game: &Normandy44, hex: HexId, unit: UnitId, step: u8) -> bool {
    let mut tally = StackTally::default();
    for u in game.units_in(hex) {
        tally.add(if u == unit {
            stacker_at(game, u, step)
        } else {
            stacker(game, u)
        });
    }
    tally.legal()
}

pub fn legal(game: &Normandy44, hex: HexId) -> bool {
    fits(game, hex, &[])
}
