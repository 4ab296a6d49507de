//! Component limits (`TOI-LIMITS`, spec 1.37): how many of each limited component the box
//! holds (spec 1.2, `TOI-COMP`). Dice, activation, damage and condition tokens, command tokens
//! and control markers are not limited: they never run out (the engine keeps no count of them).

/// Hidden-squad markers, per nation.
pub const HIDDEN_MARKERS: usize = 4;
/// Transport markers, per nation: how many of its vehicles may carry squads at once.
pub const TRANSPORT_MARKERS: usize = 8;
/// Entrenchment/pillbox markers (one double-sided marker each), both nations together.
pub const FORTIFICATION_MARKERS: usize = 12;
/// Razor-wire/tank-trap markers (one double-sided marker each).
pub const WIRE_AND_TRAP_MARKERS: usize = 14;
/// Smoke markers.
pub const SMOKE_MARKERS: usize = 6;
/// Minefield markers.
pub const MINEFIELD_MARKERS: usize = 6;
/// Specialization tokens of each kind.
pub const SPECIALIZATION_TOKENS: usize = 6;

use super::{MarkerKind, Markers};
use overlord_hexmap::HexId;

/// How many markers the box holds for `kind`: entrenchments and pillboxes share their
/// double-sided markers, as razor wire and tank traps do.
pub fn box_holds(kind: MarkerKind) -> usize {
    match kind {
        MarkerKind::Entrenchment | MarkerKind::Pillbox => FORTIFICATION_MARKERS,
        MarkerKind::Wire | MarkerKind::TankTraps => WIRE_AND_TRAP_MARKERS,
        MarkerKind::Minefield => MINEFIELD_MARKERS,
        MarkerKind::Smoke => SMOKE_MARKERS,
    }
}

/// How many markers of `kind`'s pool lie on the hexes `markers`.
pub fn in_use(markers: &[(HexId, Markers)], kind: MarkerKind) -> usize {
    markers
        .iter()
        .map(|(_, m)| match kind {
            MarkerKind::Entrenchment | MarkerKind::Pillbox => {
                usize::from(m.entrenchments) + usize::from(m.pillboxes)
            }
            MarkerKind::Wire | MarkerKind::TankTraps => usize::from(m.wire) + usize::from(m.traps),
            MarkerKind::Minefield => usize::from(m.mines),
            MarkerKind::Smoke => usize::from(m.smoke),
        })
        .sum()
}
