//! Supply and isolation (18). Not written yet: the Supply Phase passes.

use crate::action::N44Log;
use crate::data::Side;
use crate::state::Normandy44;

/// 18.3: the Supply Phase of `side`.
pub fn supply_phase(_game: &mut Normandy44, _side: Side, _log: &mut N44Log) {}
