//! Who plays: the solo game (one seat decides everything) or the cooperative two-player game
//! (P-SETUP, rule 1, 7.22), one player per US division: the 1st Division's player
//! (`Seat(0)`, the East sector) and the 29th Division's (`Seat(1)`, the West sector).
//!
//! Two players change only who chooses (rule 1 ▶): every prompt belongs to the division
//! whose units, sector or actions it is about (the game asks it of each prompt, through
//! [`of_unit`], [`of_sector`] and [`of_division`]), and a unit that moves deeper than one hex
//! across the sector line passes to the other player (7.22, [`pass_deep_units`]).
//! Both players see the whole board: the game hides nothing from one US player that it shows
//! the other.

use crate::action::{OmahaEvent, OmahaLog};
use crate::data::{Division, Sector};
use crate::index::{HexId, UsId};
use crate::state::{Omaha, UsLoc};
use overlord_engine::{RuleId, Seat, SeatSet};

/// The two-player clause of 7.22 (units passing between the players).
pub const SECTOR_LINE: RuleId = RuleId("7.22");
/// P-SETUP's two-player mode, rule 1.
pub const TWO_PLAYER: RuleId = RuleId("1");

/// The seats of the game: 2 in the two-player game, else 1.
pub fn count(state: &Omaha) -> u8 {
    if state.options.two_player { 2 } else { 1 }
}

/// Every seat of the game: all of them win or lose together (a cooperative game).
pub fn all(state: &Omaha) -> SeatSet {
    SeatSet::first(count(state))
}

/// The seat of `division`'s player.
pub fn of_division(state: &Omaha, division: Division) -> Seat {
    match division {
        Division::TwentyNinth if state.options.two_player => Seat(1),
        _ => Seat(0),
    }
}

/// The seat of the player whose division lands in `sector` (rule 1: the 1st Division on the
/// eastern half, the 29th on the western).
pub fn of_sector(state: &Omaha, sector: Sector) -> Seat {
    match sector {
        Sector::East => of_division(state, Division::First),
        Sector::West => of_division(state, Division::TwentyNinth),
    }
}

/// The seat of the player who commands `unit`.
pub fn of_unit(state: &Omaha, unit: UsId) -> Seat {
    state
        .us
        .get(usize::from(unit))
        .map_or(Seat(0), |u| of_division(state, u.command))
}

/// What a seat is called at the table.
pub fn label(state: &Omaha, seat: Seat) -> String {
    match (state.options.two_player, seat.0) {
        (false, _) => "US player".to_owned(),
        (true, 0) => "1st Division".to_owned(),
        (true, _) => "29th Division".to_owned(),
    }
}

/// Whether `hex` lies deeper than one hex inside the sector other than `division`'s: in the
/// other sector with no neighbour in `division`'s.
fn deep_across(state: &Omaha, hex: HexId, division: Division) -> bool {
    let hexes = &state.data.index.hexes;
    let own = division.sector();
    hexes.get(usize::from(hex)).is_some_and(|h| {
        h.sector != own
            && h.neighbours
                .iter()
                .all(|&n| hexes.get(usize::from(n)).is_none_or(|x| x.sector != own))
    })
}

/// 7.22, two-player: a unit that has moved deeper than one hex across the sector line passes
/// to the other division's player (its command changes, so it acts with that division from
/// then on). Checked after every action; nothing happens in the solo game.
pub fn pass_deep_units(state: &mut Omaha, log: &mut OmahaLog) {
    if !state.options.two_player {
        return;
    }
    for i in 0..state.us.len() {
        let u = state.us[i];
        let UsLoc::Hex(hex) = u.loc else {
            continue;
        };
        if !deep_across(state, hex, u.command) {
            continue;
        }
        let to = u.command.other();
        state.us[i].command = to;
        let name = state.name(i as UsId).to_owned();
        let from = u.command;
        log.public(SECTOR_LINE, OmahaEvent::Note, || {
            format!(
                "{name} is deeper than one hex across the sector line: it passes from the {from} Division's player to the {to} Division's (7.22)."
            )
        });
    }
}
