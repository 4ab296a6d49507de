//! Control of hexes (24.3, A-43): a hex is controlled by the side occupying it, or else by the
//! last side to have a unit enter it, by any means (movement, retreat, advance, placement,
//! landing). At the start every hex is German (setup), beach hexes included.
//!
//! The state keeps the "last to enter" side per hex ([`Normandy44::set_control`]); occupation
//! wins over it here, so a hex is never read as the enemy's while a side's units stand in it.
//! Every chapter that puts a unit in a hex other than by movement (retreat, advance, landing,
//! entry, mobilization, return from the Eliminated box) records it with [`enter`] or [`place`];
//! movement already marks every hex its paths enter.

use crate::data::{Side, UnitId};
use crate::state::{Location, Normandy44};
use overlord_hexmap::HexId;

/// The side controlling `hex`: its occupant, else the last side to enter it.
pub fn controller(game: &Normandy44, hex: HexId) -> Side {
    game.occupant(hex).unwrap_or(if game.allied_controls(hex) {
        Side::Allied
    } else {
        Side::German
    })
}

/// Whether `side` controls `hex`.
pub fn controls(game: &Normandy44, side: Side, hex: HexId) -> bool {
    controller(game, hex) == side
}

/// A unit of `side` entered `hex` by any means: the hex is now `side`'s.
pub fn enter(game: &mut Normandy44, hex: HexId, side: Side) {
    game.set_control(hex, side);
}

/// Put `unit` in `hex` (a retreat's or an advance's end, a landing, a placement) and give its side
/// control of the hex. Hexes passed through on the way are the caller's to [`enter`].
pub fn place(game: &mut Normandy44, unit: UnitId, hex: HexId) {
    game.unit_mut(unit).at = Location::Hex(hex);
    let side = game.side_of(unit);
    game.set_control(hex, side);
}
