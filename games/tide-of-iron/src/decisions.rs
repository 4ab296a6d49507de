//! Which chapter asks the question showing: the legal answers and the answer.

use crate::action::{ToiAction, ToiLog};
use crate::data::Nation;
use crate::state::{Step, ToiGame};
use overlord_engine::{Refusal, Seat};

/// Who answers the prompt showing.
pub fn decider(game: &ToiGame) -> Nation {
    match game.step {
        Step::Action { nation }
        | Step::Command { nation }
        | Step::StatusOpFire { nation }
        | Step::TeamOrder { nation }
        | Step::Transfers { nation }
        | Step::Draw { nation, .. }
        | Step::Reinforce { nation }
        | Step::Build { nation, .. }
        | Step::Specialize { nation, .. }
        | Step::Deploy { nation } => nation,
        Step::Card(play) => play.nation,
        Step::Moving(mv) | Step::ObstacleOrder(mv) => game.unit(mv.unit).nation,
        Step::Combining(attack) => game.unit(attack.lead).nation,
        Step::AssaultSupport(_)
        | Step::HiddenDefenders(_)
        | Step::DefenderLosses(_)
        | Step::Retreat(_)
        | Step::AdvanceAfter(_)
        | Step::AssaultLosses(_) => crate::assault::decider(game, game.step),
        Step::Casualties { unit, .. } => game.unit(unit).nation,
        // TOI-COMBAT-OPFIRE: the mover's enemy answers.
        Step::OpFire(mv) => game.unit(mv.unit).nation.enemy(),
        Step::Entered(_)
        | Step::Resume(_)
        | Step::Obstacles(_)
        | Step::Stopped(_)
        | Step::NextRound
        | Step::AfterAction
        | Step::Status
        | Step::StatusClean
        | Step::SetupDone
        | Step::Over => game.initiative,
    }
}

/// The seat that answers the prompt showing (`TOI-TEAM`): a unit's own player for what that
/// unit does or suffers, the acting member in his turn, the team's first player where the team
/// must agree (the Command Phase, cards, reactions, the Status Phase).
pub fn seat(game: &ToiGame) -> Seat {
    if !game.seating.by_division() {
        return crate::teams::captain(decider(game));
    }
    let own = |unit| crate::teams::seat_of_unit(game, unit);
    match game.step {
        Step::Action { nation } => crate::teams::seat_of(game, nation, game.division),
        Step::Moving(mv) | Step::ObstacleOrder(mv) => own(mv.unit),
        Step::Combining(attack) if attack.op_fire.is_none() => own(attack.lead),
        Step::Casualties { unit, .. } => own(unit),
        Step::AssaultSupport(a) | Step::AdvanceAfter(a) | Step::AssaultLosses(a) => own(a.squad),
        Step::Card(play) if play.division > 0 => {
            crate::teams::seat_of(game, play.nation, play.division)
        }
        // TOI-TEAM: each player builds and deploys his own division's units.
        Step::Build { unit, .. } | Step::Specialize { unit, .. } => own(unit),
        Step::Deploy { nation } => crate::deployment::next_to_deploy(game, nation)
            .map_or_else(|| crate::teams::captain(nation), own),
        _ => crate::teams::captain(decider(game)),
    }
}

/// The legal answers to the prompt showing (cleared first).
pub fn legal(game: &ToiGame, out: &mut Vec<ToiAction>) {
    out.clear();
    match game.step {
        Step::Action { nation } => crate::activation::legal(game, nation, out),
        Step::Moving(mv) => {
            crate::movement::legal(game, mv, out);
            // TOI-ACT-ASLT: once done moving, where it may stop, it may assault.
            if mv.assault
                && game
                    .hex_of(mv.unit)
                    .is_some_and(|h| crate::stacking::may_stop(game, h, mv.unit))
            {
                out.extend(
                    crate::assault::targets(game, mv.unit)
                        .into_iter()
                        .map(|hex| ToiAction::AssaultHex { hex }),
                );
            }
        }
        Step::AssaultSupport(_)
        | Step::HiddenDefenders(_)
        | Step::DefenderLosses(_)
        | Step::Retreat(_)
        | Step::AdvanceAfter(_) => crate::assault::legal(game, game.step, out),
        Step::OpFire(mv) => crate::opfire::legal(game, mv, out),
        Step::ObstacleOrder(mv) => crate::obstacles::legal(game, mv, out),
        Step::Combining(attack) => crate::combined::legal(game, attack, out),
        Step::Casualties { unit, .. } => crate::fire::casualty_choices(game, unit, out),
        Step::Command { nation } => crate::command::legal(game, nation, out),
        Step::Draw { nation, extra, .. } => crate::cards::draw_choices(game, extra, nation, out),
        Step::TeamOrder { nation } => {
            for division in [1u8, 2] {
                if !game.division_ended[nation.index()][usize::from(division - 1)] {
                    out.push(ToiAction::FirstDivision { division });
                }
            }
        }
        Step::Card(play) => crate::cards::choices(game, play, out),
        Step::StatusOpFire { .. } | Step::Transfers { .. } | Step::Reinforce { .. } => {
            crate::status::legal(game, game.step, out);
        }
        Step::Build { .. } | Step::Specialize { .. } | Step::Deploy { .. } => {
            crate::deployment::legal(game, game.step, out);
        }
        Step::Entered(_)
        | Step::Resume(_)
        | Step::Obstacles(_)
        | Step::Stopped(_)
        | Step::AssaultLosses(_)
        | Step::NextRound
        | Step::AfterAction
        | Step::Status
        | Step::StatusClean
        | Step::SetupDone
        | Step::Over => {}
    }
}

/// Hand `action`, known to be legal, to the chapter that asked.
pub fn answer(game: &mut ToiGame, action: ToiAction, log: &mut ToiLog) -> Result<(), Refusal> {
    match game.step {
        Step::Action { nation } => crate::activation::answer(game, nation, action, log),
        Step::Moving(mv) => match action {
            ToiAction::AssaultHex { hex } if mv.assault => {
                crate::assault::begin(game, mv.unit, hex, log)
            }
            _ => crate::movement::answer(game, mv, action, log),
        },
        Step::AssaultSupport(_)
        | Step::HiddenDefenders(_)
        | Step::DefenderLosses(_)
        | Step::Retreat(_)
        | Step::AdvanceAfter(_) => crate::assault::answer(game, game.step, action, log),
        Step::OpFire(mv) => crate::opfire::answer(game, mv, action, log),
        Step::ObstacleOrder(mv) => crate::obstacles::answer(game, mv, action, log),
        Step::Combining(attack) => crate::combined::answer(game, attack, action, log),
        Step::Casualties { unit, hits, then } => match action {
            ToiAction::Lose { slot } => crate::fire::lose(game, unit, hits, then, slot, log),
            _ => Err(Refusal::by_rule(
                crate::fire::CASUALTIES,
                "choose a figure to lose",
            )),
        },
        Step::Command { nation } => crate::command::answer(game, nation, action, log),
        Step::Draw { .. } => crate::cards::answer_draw(game, game.step, action, log),
        Step::TeamOrder { nation } => match action {
            ToiAction::FirstDivision { division }
                if (1..=2).contains(&division)
                    && !game.division_ended[nation.index()][usize::from(division - 1)] =>
            {
                crate::turn::first_member(game, nation, division);
                Ok(())
            }
            _ => Err(Refusal::by_rule(
                crate::teams::ORDER,
                "choose which of your team's players still in the Action Phase goes first",
            )),
        },
        Step::Card(play) => crate::cards::answer(game, play, action, log),
        Step::StatusOpFire { .. } | Step::Transfers { .. } | Step::Reinforce { .. } => {
            crate::status::answer(game, game.step, action, log)
        }
        Step::Build { .. } | Step::Specialize { .. } | Step::Deploy { .. } => {
            crate::deployment::answer(game, game.step, action, log)
        }
        Step::Entered(_)
        | Step::Resume(_)
        | Step::Obstacles(_)
        | Step::Stopped(_)
        | Step::AssaultLosses(_)
        | Step::NextRound
        | Step::AfterAction
        | Step::Status
        | Step::StatusClean
        | Step::SetupDone
        | Step::Over => Err(Refusal::new("no decision is due")),
    }
}
