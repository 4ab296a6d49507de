//! The replacement chapter. Not written yet: its phase offers only ending it.

use crate::action::{N44Action, N44Log};
use crate::data::Side;
use crate::state::Normandy44;
use overlord_engine::Refusal;

pub fn legal(_game: &Normandy44, _side: Side, out: &mut Vec<N44Action>) {
    out.push(N44Action::Done);
}

pub fn answer(
    _game: &mut Normandy44,
    _side: Side,
    _action: N44Action,
    _log: &mut N44Log,
) -> Result<(), Refusal> {
    Err(Refusal::new("this phase has no decisions yet"))
}
