//! Op Fire (`TOI-ACT-OPPREP`, `TOI-COMBAT-OPFIRE`, `TOI-MOVE-OPFIRE`): units put in Op Fire
//! mode may fire at an enemy unit as it enters a hex they see and reach, one attack per hex
//! entered; an attack that pins, disrupts or damages the mover (but lightly damages a heavy
//! vehicle) ends its move there. Other Op Fire units may join the attack (combined fire). A
//! squad's machine-gun crews may fire alone and keep the squad in Op Fire (`TOI-UNIT-MG`, Rapid
//! Op Fire), never twice at the same active unit in its activation.

use crate::action::{ToiAction, ToiEvent, ToiLog};
use crate::fire::Effect;
use crate::state::{Attack, Move, Step, Then, ToiGame, Token, UnitId};
use overlord_engine::{Refusal, RuleId};

/// `TOI-COMBAT-OPFIRE`.
pub const OP_FIRE: RuleId = RuleId("TOI-COMBAT-OPFIRE");
/// `TOI-ACT-OPPREP`.
pub const PREPARE: RuleId = RuleId("TOI-ACT-OPPREP");

/// `TOI-ACT-OPPREP`: why `unit` may not be put in Op Fire (pinned or disrupted squads,
/// `TOI-COMBAT-COND`; units with nothing to fire).
pub fn prepare_refusal(game: &ToiGame, unit: UnitId) -> Option<&'static str> {
    if game.hex_of(unit).is_none() {
        return Some("a squad aboard a vehicle fires only once it has left it (TOI-TRANS)");
    }
    // TOI-COMBAT-COND: never a pinned or disrupted squad, whatever lets it fire (Rally,
    // Desperate Defense).
    if matches!(
        game.unit(unit).kind,
        crate::state::Kind::Squad { condition, .. }
            if condition != crate::tables::results::Condition::Normal
    ) {
        return Some("pinned and disrupted squads are never put in Op Fire (TOI-COMBAT-COND)");
    }
    if let Some(why) = crate::fire::cannot_fire(game, unit) {
        return Some(why);
    }
    (crate::fire::weapon(game, unit, false).is_none()
        && crate::fire::weapon(game, unit, true).is_none())
    .then_some("the unit has nothing to fire with")
}

/// `TOI-ACT-OPPREP`: put `unit` in Op Fire mode; its activation ends keeping the token.
pub fn prepare(game: &mut ToiGame, unit: UnitId, log: &mut ToiLog) -> Result<(), Refusal> {
    if let Some(why) = prepare_refusal(game, unit) {
        return Err(Refusal::by_rule(PREPARE, why));
    }
    game.units[unit.index()].token = Token::OpFire;
    log.public(
        PREPARE,
        ToiEvent::Activated {
            unit,
            action: "prepare op fire",
        },
        || format!("{} prepares Op Fire", crate::text::unit_name(game, unit)),
    );
    game.end_activation(unit);
    Ok(())
}

/// Whether Op Fire unit `u` may fire at the mover where it stands now, with its machine-gun
/// crews alone (`mg_only`, `TOI-UNIT-MG`) or with everything.
fn may_fire(game: &ToiGame, u: UnitId, mover: UnitId, mg_only: bool) -> bool {
    let unit = game.unit(u);
    unit.nation == game.unit(mover).nation.enemy()
        && unit.token == Token::OpFire
        && game.op_fired & (1u128 << u.0) == 0
        && game.hex_of(u).is_some()
        && (!mg_only || crate::fire::mg_choice(game, u))
        && crate::fire::cannot_fire(game, u).is_none()
        && !crate::fire::halved_out(game, u, false)
        && crate::fire::band_with(game, u, mover, false, mg_only).is_some()
}

/// The enemy Op Fire units that may fire at the mover where it stands now (`TOI-COMBAT-OPFIRE`:
/// each once in the mover's activation).
pub fn shooters(game: &ToiGame, mover: UnitId) -> Vec<UnitId> {
    game.unit_ids()
        .filter(|&u| may_fire(game, u, mover, false) || may_fire(game, u, mover, true))
        .collect()
}

/// `TOI-UNIT-MG`: the Op Fire squads that may still join an Op Fire `attack` with their
/// machine-gun crews alone.
pub fn mg_supporters(game: &ToiGame, attack: &Attack) -> Vec<UnitId> {
    if attack.op_fire.is_none() {
        return Vec::new();
    }
    let nation = game.unit(attack.lead).nation;
    game.unit_ids()
        .filter(|&u| {
            u != attack.lead
                && attack.supporters & (1u128 << u.0) == 0
                && game.op_fired & (1u128 << u.0) == 0
                && game.unit(u).nation == nation
                && game.unit(u).token == Token::OpFire
                && crate::fire::mg_choice(game, u)
                && crate::fire::cannot_fire(game, u).is_none()
                // TOI-HALF: supporting from a halving position halves twice.
                && crate::fire::position_halvings(game, u) == 0
                && crate::fire::band_with(game, u, attack.target, false, true).is_some()
        })
        .collect()
}

/// The enemy's answers when the mover has entered a hex.
pub fn legal(game: &ToiGame, mv: Move, out: &mut Vec<ToiAction>) {
    let suppressive = crate::fire::suppressive_refusal(game, mv.unit).is_none();
    for lead in shooters(game, mv.unit) {
        for mg_only in [false, true] {
            if !may_fire(game, lead, mv.unit, mg_only) {
                continue;
            }
            out.push(ToiAction::OpFire {
                lead,
                suppressive: false,
                mg_only,
            });
            if suppressive {
                out.push(ToiAction::OpFire {
                    lead,
                    suppressive: true,
                    mg_only,
                });
            }
        }
    }
    out.push(ToiAction::Pass);
}

/// Answer the enemy's Op Fire prompt.
pub fn answer(
    game: &mut ToiGame,
    mv: Move,
    action: ToiAction,
    log: &mut ToiLog,
) -> Result<(), Refusal> {
    match action {
        ToiAction::Pass => {
            game.step = Step::Resume(mv);
            Ok(())
        }
        ToiAction::OpFire {
            lead,
            suppressive,
            mg_only,
        } => {
            if !may_fire(game, lead, mv.unit, mg_only) {
                return Err(Refusal::by_rule(
                    OP_FIRE,
                    "that unit is not in Op Fire with the moving unit in sight and range",
                ));
            }
            if suppressive && let Some(refusal) = crate::fire::suppressive_refusal(game, mv.unit) {
                return Err(refusal);
            }
            // TOI-COMBAT-COMBINED: other Op Fire units may join, one attack for the hex.
            let attack = Attack {
                lead,
                target: mv.unit,
                suppressive,
                supporters: 0,
                op_fire: Some(mv),
                mg_only: if mg_only { 1u128 << lead.0 } else { 0 },
            };
            if crate::fire::supporters(game, lead, mv.unit, Token::OpFire).is_empty()
                && mg_supporters(game, &attack).is_empty()
            {
                let effect = crate::fire::combined_attack(
                    game,
                    lead,
                    &[],
                    mv.unit,
                    suppressive,
                    false,
                    attack.mg_only,
                    log,
                )?;
                after(game, lead, mg_only, mv, effect, log);
            } else {
                game.step = Step::Combining(attack);
            }
            Ok(())
        }
        _ => Err(Refusal::by_rule(OP_FIRE, "fire or pass")),
    }
}

/// After an Op Fire attack led by `lead` on the mover: the lead is fatigued
/// (`TOI-COMBAT-OPFIRE`) unless its machine gun fired alone (`mg_only`, `TOI-UNIT-MG`: it stays
/// in Op Fire but fires no more at this mover), and the move goes on, waits for its losses, or
/// stops (`TOI-MOVE-OPFIRE`).
pub fn after(
    game: &mut ToiGame,
    lead: UnitId,
    mg_only: bool,
    mv: Move,
    effect: Effect,
    log: &mut ToiLog,
) {
    if crate::fire::fires_mg_alone(game, lead, mg_only) {
        game.op_fired |= 1u128 << lead.0;
    } else {
        game.units[lead.index()].token = Token::Fatigued;
    }
    log.public(OP_FIRE, ToiEvent::Note, || {
        format!("{} fired in Op Fire", crate::text::unit_name(game, lead))
    });
    match effect {
        Effect::Nothing => game.step = Step::Resume(mv),
        // Sturdy (AMB-27): lightly damaged, a heavy vehicle moves on with 1 MP less at once.
        Effect::Damaged { slight: true } => {
            game.step = Step::Resume(Move {
                mp: mv.mp.saturating_sub(crate::movement::THIRDS),
                ..mv
            });
        }
        Effect::Casualties(hits) => {
            game.step = Step::Casualties {
                unit: mv.unit,
                hits,
                then: Then::Resume(mv),
            };
        }
        // TOI-MOVE-OPFIRE: pinned, disrupted or damaged, the mover stops there, fatigued.
        Effect::Shaken | Effect::Damaged { slight: false } => game.step = Step::Stopped(mv),
        Effect::Gone => game.end_activation(mv.unit),
    }
}
