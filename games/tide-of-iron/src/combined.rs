//! Combined fire (`TOI-COMBAT-COMBINED`): the attacker of a Concentrated Fire or an Op Fire
//! attack adds supporters one at a time (fresh units for the first, Op Fire units for the
//! second, each seeing and reaching the target), then fires: the lead's full firepower and
//! half of each supporter's, at the least favourable range band; every participant is fatigued.

use crate::action::{ToiAction, ToiEvent, ToiLog};
use crate::state::{Attack, Step, Then, ToiGame, Token, UnitId};
use overlord_engine::{Refusal, RuleId};

/// `TOI-COMBAT-COMBINED`.
pub const COMBINED: RuleId = RuleId("TOI-COMBAT-COMBINED");

/// The token a supporter of `attack` must carry.
fn token(attack: &Attack) -> Token {
    if attack.op_fire.is_some() {
        Token::OpFire
    } else {
        Token::Fresh
    }
}

/// Whether `unit`'s team can pay what its support of `attack` costs (`TOI-TEAM-RESTR`).
fn affordable(game: &ToiGame, attack: &Attack, unit: UnitId) -> bool {
    support_cost(game, attack, unit) <= game.side(game.unit(unit).nation).command
}

/// The units that may still join `attack`.
pub fn candidates(game: &ToiGame, attack: &Attack) -> Vec<UnitId> {
    crate::fire::supporters(game, attack.lead, attack.target, token(attack))
        .into_iter()
        .filter(|&u| attack.supporters & (1u128 << u.0) == 0 && affordable(game, attack, u))
        .collect()
}

/// The squads that may still join `attack` with their machine guns alone (`TOI-UNIT-MG`), at
/// the same price as any supporter of the other division.
fn mg_candidates(game: &ToiGame, attack: &Attack) -> Vec<UnitId> {
    crate::opfire::mg_supporters(game, attack)
        .into_iter()
        .filter(|&u| affordable(game, attack, u))
        .collect()
}

/// Charge `unit`'s team for supporting `attack` across divisions, and say so.
fn pay_support(game: &mut ToiGame, attack: &Attack, unit: UnitId, log: &mut ToiLog) {
    let cost = support_cost(game, attack, unit);
    if cost == 0 {
        return;
    }
    game.sides[game.unit(unit).nation.index()].command -= cost;
    log.public(RuleId("TOI-TEAM-RESTR"), ToiEvent::Note, || {
        format!(
            "{} supports the other division's attack for 1 command",
            crate::text::unit_name(game, unit)
        )
    });
}

/// `TOI-TEAM-RESTR`: what `unit` joining `attack` costs its team in command: 1 for a unit of the
/// other division in team play, unless it stands with an officer (AMB-35).
pub fn support_cost(game: &ToiGame, attack: &Attack, unit: UnitId) -> u16 {
    let other = game.unit(unit).division != game.unit(attack.lead).division;
    let officer = game
        .hex_of(unit)
        .is_some_and(|h| game.trait_in_hex(h, game.unit(unit).nation, "rally"));
    u16::from(game.seating.by_division() && other && !officer)
}

pub fn legal(game: &ToiGame, attack: Attack, out: &mut Vec<ToiAction>) {
    out.extend(
        candidates(game, &attack)
            .into_iter()
            .map(|unit| ToiAction::Support { unit }),
    );
    out.extend(
        mg_candidates(game, &attack)
            .into_iter()
            .map(|unit| ToiAction::SupportWithMg { unit }),
    );
    out.push(ToiAction::Fire);
}

pub fn answer(
    game: &mut ToiGame,
    attack: Attack,
    action: ToiAction,
    log: &mut ToiLog,
) -> Result<(), Refusal> {
    match action {
        ToiAction::Support { unit } => {
            if !candidates(game, &attack).contains(&unit) {
                return Err(Refusal::by_rule(
                    COMBINED,
                    "that unit cannot support this attack (it must see and reach the target, and be fresh, or in Op Fire for Op Fire)",
                ));
            }
            pay_support(game, &attack, unit, log);
            game.step = Step::Combining(Attack {
                supporters: attack.supporters | (1u128 << unit.0),
                ..attack
            });
            Ok(())
        }
        ToiAction::SupportWithMg { unit } => {
            if !mg_candidates(game, &attack).contains(&unit) {
                return Err(Refusal::by_rule(
                    RuleId("TOI-UNIT-MG"),
                    "only a squad in Op Fire with a machine-gun crew and other figures, seeing and reaching the target with the machine gun, supports with it alone",
                ));
            }
            pay_support(game, &attack, unit, log);
            let bit = 1u128 << unit.0;
            game.step = Step::Combining(Attack {
                supporters: attack.supporters | bit,
                mg_only: attack.mg_only | bit,
                ..attack
            });
            Ok(())
        }
        ToiAction::Fire => {
            fire(game, attack, log)?;
            Ok(())
        }
        _ => Err(Refusal::by_rule(COMBINED, "add a supporter or fire")),
    }
}

/// Roll `attack` and go on: a Concentrated Fire ends the lead's activation; Op Fire lets the
/// move go on, or stops it (`TOI-MOVE-OPFIRE`).
pub fn fire(game: &mut ToiGame, attack: Attack, log: &mut ToiLog) -> Result<(), Refusal> {
    let supporters = attack.supporters();
    let effect = crate::fire::combined_attack(
        game,
        attack.lead,
        &supporters,
        attack.target,
        attack.suppressive,
        false,
        attack.mg_only,
        log,
    )?;
    for &s in &supporters {
        // TOI-UNIT-MG: a machine gun firing alone stays in Op Fire, once per active unit.
        if attack.op_fire.is_some()
            && crate::fire::fires_mg_alone(game, s, attack.mg_only & (1u128 << s.0) != 0)
        {
            game.op_fired |= 1u128 << s.0;
        } else {
            game.units[s.index()].token = Token::Fatigued;
        }
    }
    if !supporters.is_empty() {
        log.public(COMBINED, ToiEvent::Note, || {
            format!(
                "{} supporter(s) joined the attack and are fatigued",
                supporters.len()
            )
        });
    }
    match attack.op_fire {
        Some(mv) => {
            let alone = attack.mg_only & (1u128 << attack.lead.0) != 0;
            crate::opfire::after(game, attack.lead, alone, mv, effect, log);
        }
        None => match effect {
            crate::fire::Effect::Casualties(hits) => {
                game.step = Step::Casualties {
                    unit: attack.target,
                    hits,
                    then: Then::End(attack.lead),
                };
            }
            _ => game.end_activation(attack.lead),
        },
    }
    Ok(())
}
