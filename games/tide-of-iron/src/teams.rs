//! Two to four players (`TOI-TEAM`): who sits where and answers what. With two players each
//! nation is one seat. With four (`TOI-TEAM-4`) each player commands one division of his nation
//! (units carry their division); with three (`TOI-TEAM-3`) one nation has two players and the
//! other one, who plays it as two. Seats: 0 the US (its 1st division in team play), 1 the German
//! (its 1st), then the second players: the US 2nd division, the German 2nd.

use crate::data::Nation;
use crate::state::{ToiGame, UnitId};
use overlord_engine::{RuleId, Seat};

/// `TOI-TEAM`.
pub const TEAM: RuleId = RuleId("TOI-TEAM");
/// `TOI-TEAM-ORDER`.
pub const ORDER: RuleId = RuleId("TOI-TEAM-ORDER");

pub use crate::state::Seating;

/// The seat of the player commanding `nation`'s `division` (1 or 2).
pub fn seat_of(game: &ToiGame, nation: Nation, division: u8) -> Seat {
    let first = Seat(nation.index() as u8);
    if division < 2 {
        return first;
    }
    match game.seating {
        Seating::Two => first,
        Seating::Three(double) if double == nation => Seat(2),
        Seating::Three(_) => first,
        Seating::Four => Seat(2 + nation.index() as u8),
    }
}

/// The seat that speaks for `nation` where its players must agree (`TOI-TEAM-RES`: the
/// Command Phase, the cards, reactions): its 1st division's player.
pub fn captain(nation: Nation) -> Seat {
    Seat(nation.index() as u8)
}

/// The seat of the player commanding `unit`.
pub fn seat_of_unit(game: &ToiGame, unit: UnitId) -> Seat {
    let u = game.unit(unit);
    seat_of(game, u.nation, u.division)
}

/// The nation and the divisions (a bit each, 1 and 2) of `seat`.
pub fn commands(game: &ToiGame, seat: Seat) -> (Nation, u8) {
    let nation = if seat.0.is_multiple_of(2) {
        Nation::Us
    } else {
        Nation::De
    };
    let nation = match (game.seating, seat.0) {
        (Seating::Three(double), 2) => double,
        _ => nation,
    };
    let both = 0b11;
    let divisions = match game.seating {
        Seating::Two => both,
        Seating::Three(double) if double != nation => both,
        _ if seat.0 >= 2 => 0b10,
        _ => 0b01,
    };
    (nation, divisions)
}

/// Whether `unit` belongs to the division acting now, when divisions play apart.
pub fn acting(game: &ToiGame, unit: UnitId) -> bool {
    !game.seating.by_division() || game.unit(unit).division == game.division
}

/// The actions of a member's turn: half the scenario's, rounded up (`TOI-TEAM-ORDER`).
pub fn member_actions(game: &ToiGame) -> u8 {
    game.scenario().actions.div_ceil(2)
}

/// A seat's name: its nation, and its division when divisions have their own players.
pub fn label(game: &ToiGame, seat: Seat) -> String {
    let (nation, divisions) = commands(game, seat);
    match (game.seating.by_division(), divisions) {
        (false, _) | (_, 0b11) => nation.name().to_owned(),
        (true, 0b01) => format!("{} 1st division", nation.name()),
        _ => format!("{} 2nd division", nation.name()),
    }
}
