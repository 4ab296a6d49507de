//! Movement (9). Not written yet: the phase opens and closes, and nothing moves.

use crate::action::{N44Action, N44Log};
use crate::data::Side;
use crate::state::{Normandy44, UnitFlags};
use overlord_engine::Refusal;

/// The Movement Phase's (or Reserve Movement Segment's) opening steps.
pub fn begin(game: &mut Normandy44, side: Side, _reserve: bool, _log: &mut N44Log) {
    let ids: Vec<_> = game
        .unit_ids()
        .filter(|&u| game.side_of(u) == side)
        .collect();
    for unit in ids {
        let state = game.unit_mut(unit);
        state.spent = 0;
        state.flags.set(
            UnitFlags::MOVED | UnitFlags::TACTICAL | UnitFlags::ZOC_MOVE,
            false,
        );
    }
}

/// The phase's closing steps.
pub fn end(_game: &mut Normandy44, _side: Side, _log: &mut N44Log) {}

pub fn legal(_game: &Normandy44, _side: Side, out: &mut Vec<N44Action>) {
    out.push(N44Action::Done);
}

pub fn answer(
    _game: &mut Normandy44,
    _side: Side,
    _action: N44Action,
    _log: &mut N44Log,
) -> Result<(), Refusal> {
    Err(Refusal::new("movement is not written yet"))
}
