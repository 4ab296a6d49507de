//! Stacking (7): how a hex's units count, and whether more may join them.

use crate::data::{Class, UnitId};
use crate::state::Normandy44;
use crate::tables::costs::{Stacker, stack_legal};
use overlord_hexmap::HexId;

/// How `unit` counts for stacking, by its current face (7.1, A-49).
pub fn stacker(game: &Normandy44, unit: UnitId) -> Stacker {
    let cf = game
        .data
        .face(unit, game.unit(unit).step)
        .map_or(0, |f| f.cf);
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
    let mut stack: Vec<Stacker> = game
        .units_in(hex)
        .filter(|u| !joining.contains(u))
        .map(|u| stacker(game, u))
        .collect();
    stack.extend(joining.iter().map(|&u| stacker(game, u)));
    stack_legal(&stack)
}

/// 7.1: whether the units in `hex` are within the limit.
pub fn legal(game: &Normandy44, hex: HexId) -> bool {
    fits(game, hex, &[])
}
