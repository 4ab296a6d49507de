//! The Status Phase's choices (`TOI-STAT`): putting units in Op Fire (`TOI-STAT-OPFIRE`, and
//! before round 1, `TOI-SETUP-7`) and placing the round's reinforcements (`TOI-STAT-REINF`),
//! each side in initiative order. The clean-up and the round marker are the turn's
//! (`turn.rs`); the strategy-card draw and the squad transfers come later.

use crate::action::{ToiAction, ToiEvent, ToiLog};
use crate::data::Nation;
use crate::state::{Location, Step, ToiGame, Token, UnitId};
use overlord_engine::{Refusal, RuleId};
use overlord_hexmap::HexId;

/// `TOI-STAT-OPFIRE`.
pub const STATUS_OP_FIRE: RuleId = RuleId("TOI-STAT-OPFIRE");
/// `TOI-SETUP-7`.
pub const SETUP_OP_FIRE: RuleId = RuleId("TOI-SETUP-7");
/// `TOI-STAT-REINF`.
pub const REINFORCEMENTS: RuleId = RuleId("TOI-STAT-REINF");

/// The units `nation` may put in Op Fire now: its own on the map, fresh, able to fire.
pub fn op_fire_candidates(game: &ToiGame, nation: Nation) -> Vec<UnitId> {
    game.unit_ids()
        .filter(|&u| {
            game.unit(u).nation == nation
                && game.unit(u).token == Token::Fresh
                && crate::opfire::prepare_refusal(game, u).is_none()
        })
        .collect()
}

/// The reinforcement `nation` places next, if any is due.
pub fn next_reinforcement(game: &ToiGame, nation: Nation) -> Option<UnitId> {
    game.unit_ids().find(|&u| {
        game.unit(u).nation == nation
            && matches!(game.unit(u).at, Location::Reserve(round) if round <= game.round())
    })
}

/// `TOI-STAT-REINF`: the hexes `unit` may be placed in: its nation's "R" hexes (green the US's,
/// grey the German's), with no enemy unit and room for it.
pub fn reinforcement_hexes(game: &ToiGame, unit: UnitId) -> Vec<HexId> {
    let nation = game.unit(unit).nation;
    let tag = match nation {
        Nation::Us => "reinforcement_green",
        Nation::De => "reinforcement_grey",
    };
    let field = &game.scenario().battlefield;
    field
        .hexes
        .ids()
        .filter(|&h| {
            !field.is_half(h)
                && field
                    .hexes
                    .hex(h)
                    .is_some_and(|hex| field.map.tags(hex).any(|t| t == tag))
                && !game.units_in(h).any(|u| game.unit(u).nation != nation)
                && crate::stacking::fits(game, h, unit)
        })
        .collect()
}

pub fn legal(game: &ToiGame, step: Step, out: &mut Vec<ToiAction>) {
    match step {
        Step::StatusOpFire { nation } => {
            out.extend(
                op_fire_candidates(game, nation)
                    .into_iter()
                    .map(|unit| ToiAction::PutOpFire { unit }),
            );
            out.push(ToiAction::Done);
        }
        Step::Reinforce { nation } => {
            if let Some(unit) = next_reinforcement(game, nation) {
                out.extend(
                    reinforcement_hexes(game, unit)
                        .into_iter()
                        .map(|hex| ToiAction::PlaceReinforcement { hex }),
                );
            }
        }
        _ => {}
    }
}

pub fn answer(
    game: &mut ToiGame,
    step: Step,
    action: ToiAction,
    log: &mut ToiLog,
) -> Result<(), Refusal> {
    let rule = if game.round() == 0 {
        SETUP_OP_FIRE
    } else {
        STATUS_OP_FIRE
    };
    match (step, action) {
        (Step::StatusOpFire { nation }, ToiAction::PutOpFire { unit }) => {
            if !op_fire_candidates(game, nation).contains(&unit) {
                return Err(Refusal::by_rule(
                    rule,
                    "only your fresh units able to fire go into Op Fire (pinned and disrupted squads never)",
                ));
            }
            game.units[unit.index()].token = Token::OpFire;
            log.public(rule, ToiEvent::Note, || {
                format!("{} is put in Op Fire", crate::text::unit_name(game, unit))
            });
            Ok(())
        }
        (Step::StatusOpFire { nation }, ToiAction::Done) => {
            if nation == game.initiative() {
                game.step = Step::StatusOpFire {
                    nation: nation.enemy(),
                };
            } else if game.round() == 0 {
                // TOI-SETUP-7 done: round 1 begins.
                game.step = Step::NextRound;
            } else {
                reinforce(game, game.initiative(), log);
            }
            Ok(())
        }
        (Step::Reinforce { nation }, ToiAction::PlaceReinforcement { hex }) => {
            let Some(unit) = next_reinforcement(game, nation) else {
                return Err(Refusal::by_rule(REINFORCEMENTS, "no reinforcement is due"));
            };
            if !reinforcement_hexes(game, unit).contains(&hex) {
                return Err(Refusal::by_rule(
                    REINFORCEMENTS,
                    "a reinforcement goes into one of your reinforcement hexes, with no enemy unit and room for it",
                ));
            }
            game.units[unit.index()].at = Location::Hex(hex);
            let label = game.scenario().battlefield.label(hex);
            log.public(REINFORCEMENTS, ToiEvent::Moved { unit, hex }, || {
                format!("{} arrives at {label}", crate::text::unit_name(game, unit))
            });
            reinforce(game, nation, log);
            Ok(())
        }
        _ => Err(Refusal::by_rule(
            rule,
            "not an answer to this step of the Status Phase",
        )),
    }
}

/// `TOI-STAT-REINF`: `nation`'s reinforcements due now, placed one at a time; those with no
/// hex to go to are lost; then the other side's, then the round marker.
pub fn reinforce(game: &mut ToiGame, nation: Nation, log: &mut ToiLog) {
    while let Some(unit) = next_reinforcement(game, nation) {
        if !reinforcement_hexes(game, unit).is_empty() {
            game.step = Step::Reinforce { nation };
            return;
        }
        game.units[unit.index()].at = Location::Gone;
        log.public(REINFORCEMENTS, ToiEvent::Note, || {
            format!(
                "{} cannot arrive: every reinforcement hex is held or full; it is lost",
                crate::text::unit_name(game, unit)
            )
        });
    }
    if nation == game.initiative() {
        reinforce(game, nation.enemy(), log);
    } else {
        game.step = Step::NextRound;
    }
}
