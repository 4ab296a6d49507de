//! 27.2: the solitaire constraints, an option (`27.2`) that keeps one player from playing
//! either side with the foresight of the other. Each chapter asks its question here:
//!
//! - **Allied SupP** (combat, 17.2): in the Allied player turn each army spends at most the
//!   SupP it received this turn plus one ("at most one *extra* SupP per army", read as one
//!   beyond the turn's free SupP of 5.3), unless the modified weather roll is 5 or 6.
//! - **Allied air** (19.1): an air unit strafes and shifts only in its own army's zone (the US
//!   side of the Army Boundary for the US air units, the other side for the British).
//! - **Allied IPs** (16.1): an army starts no IP on the turn after one in which it started one.
//! - **German SupP** (5.2): of 2 or more SupP received, one goes to Fortress Cherbourg when it
//!   may receive any.
//! - **German returns** (6.2): SS units come back from the Eliminated box before non-SS ones
//!   when one can; replacements of units on the map are free of it.
//! - **German reinforcements** (6.6): they enter on their arrival turn unless entering is
//!   forbidden (no delay, no ending the phase while one can enter).
//! - **German IPs** (16.1): started only within 3 hexes of an Allied unit.
//!
//! docs/normandy44/interpretations.md lists the readings.

use crate::data::{Army, HexFlags, Side, UnitId};
use crate::state::{Normandy44, Phase, Step};
use overlord_engine::RuleId;
use overlord_hexmap::HexId;

/// 27.2: the solitaire constraints.
pub const SOLITAIRE: RuleId = RuleId("27.2");

/// How far from an Allied unit the German may start an IP under 27.2.
const GERMAN_IP_RANGE: u32 = 3;

/// Whether the game plays by 27.2.
pub fn on(game: &Normandy44) -> bool {
    game.options.solitaire
}

/// The SupP `army` may still spend in this Allied player turn, or `None` when 27.2 does not
/// limit them now (off, not the Allied turn, or a modified weather roll of 5 or 6).
pub fn allied_supply_left(game: &Normandy44, army: Army) -> Option<u8> {
    let allied_turn = matches!(game.step, Step::Phase(Side::Allied, _, _));
    if !on(game) || !allied_turn || game.weather.row >= 5 {
        return None;
    }
    let i = army.index();
    Some(
        game.solitaire.received[i]
            .saturating_add(1)
            .saturating_sub(game.solitaire.spent[i]),
    )
}

/// 27.2: `army` spends `points` SupP in its player turn.
pub fn spend_allied_supply(game: &mut Normandy44, army: Army, points: u8) {
    if matches!(game.step, Step::Phase(Side::Allied, _, _)) {
        let spent = &mut game.solitaire.spent[army.index()];
        *spent = spent.saturating_add(points);
    }
}

/// The army whose zone `hex` is in: the US side of the Army Boundary, or the British.
pub fn zone_army(game: &Normandy44, hex: HexId) -> Army {
    if game.data().map.flags(hex).has(HexFlags::US_SECTOR) {
        Army::Us
    } else {
        Army::Cw
    }
}

/// Why `army` may not start an IP now under 27.2: it started one last turn.
pub fn allied_ip_refusal(game: &Normandy44, army: Army) -> Option<&'static str> {
    let last = game.solitaire.ip_turn[army.index()];
    (on(game) && last != 0 && last.saturating_add(1) == game.turn)
        .then_some("an army starts no IP the turn after it started one (27.2)")
}

/// 27.2: `army` started an IP this turn.
pub fn record_allied_ip(game: &mut Normandy44, army: Army) {
    game.solitaire.ip_turn[army.index()] = game.turn;
}

/// Why the German may not start an IP in `hex` under 27.2: no Allied unit within 3 hexes.
pub fn german_ip_refusal(game: &Normandy44, hex: HexId) -> Option<&'static str> {
    if !on(game) {
        return None;
    }
    let map = &game.data().map;
    let near = game
        .occupied_hexes(Side::Allied)
        .into_iter()
        .any(|h| map.hexes.distance(h, hex) <= GERMAN_IP_RANGE);
    (!near).then_some("the German starts an IP only within 3 hexes of an Allied unit (27.2)")
}

/// Whether `unit` is an SS unit (its nation).
pub fn is_ss(game: &Normandy44, unit: UnitId) -> bool {
    game.data().unit(unit).nation == crate::data::Nation::Ss
}

/// Whether 27.2 makes due German reinforcements enter now (no delay, no ending the Movement
/// Phase while one can enter).
pub fn reinforcements_must_enter(game: &Normandy44) -> bool {
    on(game) && matches!(game.step, Step::Phase(Side::German, Phase::Movement, _))
}
