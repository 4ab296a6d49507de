//! Which chapter asks the question showing: the legal answers and the answer, handed to the
//! chapter of the phase and stage the game is at.

use crate::action::{N44Action, N44Log};
use crate::state::{Normandy44, Phase, Stage, Step};
use crate::{
    combat, invasion, movement, recovery, reinforcement, replacement, weather, withdrawal,
};
use overlord_engine::Refusal;

/// The legal answers to the prompt showing (cleared first).
pub fn legal(game: &Normandy44, out: &mut Vec<N44Action>) {
    out.clear();
    // The list [`has_choice`] worked out for the turn driver, if the position is still the one
    // it was worked out in.
    if let Some(kept) = game.memo().kept_list::<KeptList>()
        && kept.is_for(game)
    {
        out.extend_from_slice(&kept.actions);
        return;
    }
    match game.step {
        Step::Over | Step::Initial | Step::Begin(_) | Step::Final => {}
        Step::Invasion(_) => invasion::legal(game, out),
        Step::InitialChoice => weather::legal(game, out),
        Step::FinalChoice => withdrawal::legal(game, out),
        Step::Phase(side, phase, stage) => match (phase, stage) {
            (Phase::Replacement, _) => replacement::legal(game, side, out),
            (Phase::Movement | Phase::ReserveMovement, _) => {
                movement::legal(game, side, out);
                reinforcement::legal(game, side, out);
            }
            (Phase::Combat | Phase::ReserveCombat, _) => combat::legal(game, side, out),
            (Phase::Recovery, Stage::Open) => recovery::legal(game, side, out),
            (Phase::Recovery | Phase::Supply, _) => out.push(N44Action::Done),
        },
    }
    crate::seats::filter(game, out);
}

/// Whether the prompt showing offers anything but ending the phase: what the turn driver asks
/// of every Open stage, answered without the whole list where a chapter can stop early.
pub fn has_choice(game: &Normandy44) -> bool {
    match game.step {
        Step::Phase(side, Phase::Movement | Phase::ReserveMovement, Stage::Open)
            if game.side_seats(side).len() == 1 =>
        {
            movement::has_choice(game, side) || reinforcement::has_choice(game, side)
        }
        _ => {
            let mut out = Vec::new();
            legal(game, &mut out);
            let choice = out.iter().any(|a| *a != N44Action::Done);
            if choice {
                // The driver stops here for a decision, and the player asks for this list next.
                game.memo().keep_list(KeptList::new(game, out));
            }
            choice
        }
    }
}

/// A legal list [`has_choice`] worked out, kept for the [`legal`] the player asks next: the
/// position it was worked out in is kept with it (its memo emptied) and compared whole but for
/// the units, whose every change forgets the list (`Memo::forget_for`), so a change made in
/// between by any means, a unit's or not, is never answered with it.
struct KeptList {
    position: Normandy44,
    actions: Vec<N44Action>,
}

impl KeptList {
    fn new(game: &Normandy44, actions: Vec<N44Action>) -> KeptList {
        let mut position = game.clone();
        position.forget_memo();
        KeptList { position, actions }
    }

    /// Whether `game` is the position the list was worked out in.
    fn is_for(&self, game: &Normandy44) -> bool {
        std::sync::Arc::ptr_eq(&self.position.data, &game.data)
            && self.position.last_turn == game.last_turn
            && self.position.same_but_units(game)
    }
}

/// Hand `action`, known to be legal, to the chapter that asked.
pub fn answer(game: &mut Normandy44, action: N44Action, log: &mut N44Log) -> Result<(), Refusal> {
    match game.step {
        Step::Invasion(_) => invasion::answer(game, action, log),
        Step::InitialChoice => weather::answer(game, action, log),
        Step::FinalChoice => withdrawal::answer(game, action, log),
        Step::Phase(side, phase, Stage::Open) if action == N44Action::Done => {
            if let Some(refusal) = reinforcement::done_refusal(game) {
                return Err(refusal);
            }
            // 27.1: the side's first player's Done hands the phase to the second.
            if !crate::seats::next_part(game, side, log) {
                crate::turn::end_phase(game, side, phase, log);
            }
            Ok(())
        }
        Step::Phase(side, phase, _) => match phase {
            Phase::Replacement => replacement::answer(game, side, action, log),
            Phase::Movement if reinforcement::answers(action) => {
                reinforcement::answer(game, side, action, log)
            }
            Phase::Movement | Phase::ReserveMovement => movement::answer(game, side, action, log),
            Phase::Combat | Phase::ReserveCombat => combat::answer(game, side, action, log),
            Phase::Recovery => recovery::answer(game, side, action, log),
            Phase::Supply => Err(Refusal::new("the Supply Phase has no decisions")),
        },
        Step::Over | Step::Initial | Step::Begin(_) | Step::Final => {
            Err(Refusal::new("no decision is due"))
        }
    }
}
