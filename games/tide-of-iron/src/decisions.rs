//! Which chapter asks the question showing: the legal answers and the answer.

use crate::action::{ToiAction, ToiLog};
use crate::data::Nation;
use crate::state::{Step, ToiGame};
use overlord_engine::Refusal;

/// Who answers the prompt showing.
pub fn decider(game: &ToiGame) -> Nation {
    match game.step {
        Step::Action { nation } | Step::Command { nation } => nation,
        Step::Moving { unit, .. } | Step::Casualties { unit, .. } => game.unit(unit).nation,
        Step::AfterAction | Step::Status | Step::Over => game.initiative,
    }
}

/// The legal answers to the prompt showing (cleared first).
pub fn legal(game: &ToiGame, out: &mut Vec<ToiAction>) {
    out.clear();
    match game.step {
        Step::Action { nation } => crate::activation::legal(game, nation, out),
        Step::Moving { unit, mp } => crate::movement::legal(game, unit, mp, out),
        Step::Casualties { unit, .. } => crate::fire::casualty_choices(game, unit, out),
        Step::Command { nation } => crate::command::legal(game, nation, out),
        Step::AfterAction | Step::Status | Step::Over => {}
    }
}

/// Hand `action`, known to be legal, to the chapter that asked.
pub fn answer(game: &mut ToiGame, action: ToiAction, log: &mut ToiLog) -> Result<(), Refusal> {
    match game.step {
        Step::Action { nation } => crate::activation::answer(game, nation, action, log),
        Step::Moving { unit, mp } => crate::movement::answer(game, unit, mp, action, log),
        Step::Casualties {
            unit,
            hits,
            attacker,
        } => match action {
            ToiAction::Lose { slot } => crate::fire::lose(game, unit, hits, attacker, slot, log),
            _ => Err(Refusal::by_rule(
                crate::fire::CASUALTIES,
                "choose a figure to lose",
            )),
        },
        Step::Command { nation } => crate::command::answer(game, nation, action, log),
        Step::AfterAction | Step::Status | Step::Over => Err(Refusal::new("no decision is due")),
    }
}
