//! The beaches, the Mulberries and Cherbourg as several chapters ask about them (6.5, 17.4,
//! 21.1, A-42), and the supply questions the Initial and Replacement Phases ask before the
//! supply chapter's line tracing (18.2) answers them.
//!
//! Which unit is which: a beach's engineer is the beach-engineer unit whose printed D-Day beach
//! is that beach (else the one in that beach's Second Wave box); the Cherbourg city hexes are
//! the city hexes inside the Cherbourg Perimeter (3606, 3705 and 3706 on the map); Pointe du Hoc
//! is the Pointe du Hoc assault hex and Arromanches-les-Bains the British Mulberry's hex.

use crate::data::{Army, Beach, Side, UnitId};
use crate::state::{Location, Mulberry, Normandy44};
use crate::supply_lines;
use crate::tables::costs::LandingSite;
use overlord_hexmap::HexId;

/// 17.8, A-42: the beach engineer of `beach`, if the counter mix has one.
pub fn engineer_of(game: &Normandy44, beach: Beach) -> Option<UnitId> {
    game.data().beach_engineers[beach.index()]
}

/// The beach whose engineer `unit` is.
pub fn beach_of_engineer(game: &Normandy44, unit: UnitId) -> Option<Beach> {
    Beach::ALL
        .into_iter()
        .find(|&b| engineer_of(game, b) == Some(unit))
}

/// the beachhead hex of `beach`: its landing hex and supply source.
pub fn beachhead(game: &Normandy44, beach: Beach) -> HexId {
    game.data().map.beachheads[beach.index()]
}

/// 21.1, A-42: a beach is open (active) while its engineer is in its beachhead hex.
pub fn beach_active(game: &Normandy44, beach: Beach) -> bool {
    engineer_of(game, beach).is_some_and(|e| game.hex_of(e) == Some(beachhead(game, beach)))
}

/// 6.5.3, A-42: whether the engineer of `beach` is away from its beachhead hex (eliminated,
/// in Great Britain, or not landed yet).
pub fn engineer_off_beach(game: &Normandy44, beach: Beach) -> bool {
    engineer_of(game, beach).is_some_and(|e| game.hex_of(e) != Some(beachhead(game, beach)))
}

/// 21.1: the hex of `army`'s Mulberry (the US one on an Omaha beach hex, the British one at
/// Arromanches-les-Bains).
pub fn mulberry_hex(game: &Normandy44, army: Army) -> HexId {
    game.data().map.mulberries[army.index()]
}

/// 21.1: whether `army`'s Mulberry is complete.
pub fn mulberry_complete(game: &Normandy44, army: Army) -> bool {
    game.mulberries[army.index()] == Mulberry::Complete
}

/// 6.5.2, 21.1: what kind of landing site `hex` is for `army`: one of its beachheads, or its
/// complete Mulberry.
pub fn landing_site(game: &Normandy44, army: Army, hex: HexId) -> Option<LandingSite> {
    if mulberry_complete(game, army) && mulberry_hex(game, army) == hex {
        return Some(match army {
            Army::Us => LandingSite::UsMulberry,
            Army::Cw => LandingSite::BritishMulberry,
        });
    }
    Beach::ALL
        .into_iter()
        .find(|&b| b.army() == army && beachhead(game, b) == hex)
        .map(LandingSite::Beach)
}

/// The Cherbourg city hexes (5.2, 17.4, 23.2).
pub fn cherbourg_cities(game: &Normandy44) -> &[HexId] {
    supply_lines::cherbourg_cities(&game.data().map)
}

/// 5.2: whether Fortress Cherbourg may receive SupP: it is still on the track (17.4) and some
/// Cherbourg city hex traces a line of supply (18.2) to the south map edge.
pub fn fortress_traces_south(game: &Normandy44) -> bool {
    !game.fortress_removed && supply_lines::cherbourg_traces_south(game)
}

/// 4.1 A.4, 6.2, 17.2, 17.3, A-59: whether `unit` is in supply now, by a live trace (18.2)
/// whatever marker it carries. Units off the map (in Great Britain, in a box) are in supply.
pub fn unit_in_supply(game: &Normandy44, unit: UnitId) -> bool {
    match game.unit(unit).at {
        Location::Hex(_) => supply_lines::in_supply(game, unit),
        _ => true,
    }
}

/// 6.2 (b): whether a town or city hex of `side` is in supply, for a unit returning there: a
/// unit of `side` there would trace a line of supply (18.2). The answer is the memo's, kept
/// per hex with the units' own ([`supply_lines::hex_in_supply`]).
pub fn hex_in_supply(game: &Normandy44, side: Side, hex: HexId) -> bool {
    supply_lines::hex_in_supply(game, side, hex)
}

/// Whether `side` controls `hex` (A-43: every hex not Allied-controlled is German).
pub fn controls(game: &Normandy44, side: Side, hex: HexId) -> bool {
    game.allied_controls(hex) == (side == Side::Allied)
}

/// 17.4: the Cotentin Artillery HQ: the German HQ whose id or name says "Cotentin" (the data
/// has no field for it; docs/normandy44/data.md says so), found when the data is read.
pub fn cotentin_hq(game: &Normandy44) -> Option<UnitId> {
    game.data().cotentin_hq
}
