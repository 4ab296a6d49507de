//! Winning (`TOI-WIN`): in a VP scenario the most VP, a tie to the side holding the initiative
//! at the end of the last Status Phase.

use crate::action::{ToiEvent, ToiLog};
use crate::data::{Nation, Victory};
use crate::state::{Step, ToiGame};
use overlord_engine::{Outcome, RuleId, Seat, SeatSet};

/// `TOI-WIN`.
pub const WIN: RuleId = RuleId("TOI-WIN");

/// The seat of `nation` (the US seat 0, the German seat 1).
pub fn seat_of(nation: Nation) -> Seat {
    Seat(nation.index() as u8)
}

/// The game ends after the last round's Status Phase.
pub fn end(game: &mut ToiGame, log: &mut ToiLog) {
    let Victory::Points = game.scenario().victory;
    let (us, de) = (game.side(Nation::Us).vp, game.side(Nation::De).vp);
    let winner = match us.cmp(&de) {
        std::cmp::Ordering::Greater => Nation::Us,
        std::cmp::Ordering::Less => Nation::De,
        std::cmp::Ordering::Equal => game.initiative,
    };
    let margin = i32::from(us) - i32::from(de);
    // TOI-TEAM-4: team-mates win or lose together.
    let seats = game.seating.players();
    let mut winners = SeatSet::default();
    let mut scores = Vec::new();
    for s in 0..seats {
        let nation = crate::teams::commands(game, Seat(s)).0;
        if nation == winner {
            winners = winners.with(Seat(s));
        }
        scores.push(if nation == Nation::Us {
            margin
        } else {
            -margin
        });
    }
    game.outcome = Some(Outcome::per_seat(winners, false, &scores, WIN));
    game.step = Step::Over;
    log.public(WIN, ToiEvent::Note, || {
        let winners = match winner {
            Nation::Us => "The US win",
            Nation::De => "The Germans win",
        };
        format!("{winners}: US {us} VP, German {de} VP")
    });
}
