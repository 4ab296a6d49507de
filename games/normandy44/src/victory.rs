//! Victory (23-26). Not written yet: the game ends after its last turn, won by the German
//! (the Allies have not shown the victory points they need).

use crate::action::{N44Event, N44Log};
use crate::state::Normandy44;
use overlord_engine::{Outcome, RuleId, Seat, SeatSet};

/// 24.3: the campaign's victory.
pub const CAMPAIGN: RuleId = RuleId("24.3");

/// The Final Phase's victory checks; true when the game is over.
pub fn final_phase(game: &mut Normandy44, log: &mut N44Log) -> bool {
    if game.turn < game.last_turn {
        return false;
    }
    let winners = SeatSet::only(Seat(0));
    game.outcome = Some(Outcome::per_seat(winners, false, &[1, -1], CAMPAIGN));
    log.public(CAMPAIGN, N44Event::Note, || "The game ends".to_owned());
    true
}
