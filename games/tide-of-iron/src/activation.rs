//! The Action Phase's actions (`TOI-ACT`): which fresh units may be activated and with what, and
//! the end of an activation (the unit fatigued, the side's turn counted down).

use crate::action::{ToiAction, ToiEvent, ToiLog};
use crate::data::{CardPhase, Nation};
use crate::state::{Location, ToiGame, Token, UnitId};
use overlord_engine::{Refusal, RuleId};

/// `TOI-ACT`.
pub const ACTION: RuleId = RuleId("TOI-ACT");
/// `TOI-ACT-FATIGUE`.
pub const FATIGUE: RuleId = RuleId("TOI-ACT-FATIGUE");
/// `TOI-ACT-END`.
pub const END: RuleId = RuleId("TOI-ACT-END");

/// `nation`'s fresh units on the map: the ones it may activate (`TOI-ACT`); when divisions
/// play apart, the acting division's only (`TOI-TEAM-4`).
pub fn fresh_units(game: &ToiGame, nation: Nation) -> impl Iterator<Item = UnitId> + '_ {
    game.unit_ids().filter(move |&u| {
        let unit = game.unit(u);
        unit.nation == nation
            && unit.token == Token::Fresh
            && matches!(unit.at, Location::Hex(_) | Location::Aboard(_))
            && crate::teams::acting(game, u)
    })
}

/// `TOI-TEAM-ORDER`: whether `nation`'s `division` can take an action: a fresh unit of its own,
/// or a card of the team's to activate or try again.
pub fn division_can_act(game: &ToiGame, nation: Nation, division: u8) -> bool {
    game.unit_ids().any(|u| {
        let unit = game.unit(u);
        unit.nation == nation
            && unit.division == division
            && unit.token == Token::Fresh
            && matches!(unit.at, Location::Hex(_) | Location::Aboard(_))
    }) || !crate::cards::playable(game, nation, CardPhase::Action).is_empty()
        || !crate::cards::retries(game, nation).is_empty()
}

/// Whether `nation` can take an action at all (a side that cannot ends its phase, `TOI-ACT-END`):
/// a fresh unit, or a card to activate or try again.
pub fn can_act(game: &ToiGame, nation: Nation) -> bool {
    fresh_units(game, nation).next().is_some()
        || !crate::cards::playable(game, nation, CardPhase::Action).is_empty()
        || !crate::cards::retries(game, nation).is_empty()
}

/// The actions `nation` may take now.
pub fn legal(game: &ToiGame, nation: Nation, out: &mut Vec<ToiAction>) {
    for unit in fresh_units(game, nation) {
        let mobile = crate::movement::immobile(game, unit).is_none();
        let mp = crate::movement::movement_points(game, unit);
        // TOI-TRANS: a fresh squad aboard may be activated with any action, but fires only once
        // it has left the vehicle.
        if crate::movement::carrier(game, unit).is_some() {
            if mobile && crate::movement::may_disembark(game, unit, mp) {
                out.push(ToiAction::Advance { unit });
                if !heavy_weapon(game, unit) {
                    out.push(ToiAction::FireAndMovement { unit });
                    out.push(ToiAction::AssaultWith { unit });
                }
            }
            out.push(ToiAction::Fatigue { unit });
            continue;
        }
        if mobile
            && (!crate::movement::destinations(game, unit, mp).is_empty()
                || !crate::movement::vehicles_to_board(game, unit).is_empty())
        {
            out.push(ToiAction::Advance { unit });
        }
        // TOI-ACT-FM: not for heavy-weapon squads.
        if mobile && !heavy_weapon(game, unit) && crate::fire::cannot_fire(game, unit).is_none() {
            out.push(ToiAction::FireAndMovement { unit });
        }
        // TOI-ACT-ASLT: squads only, no heavy weapon.
        if mobile && !heavy_weapon(game, unit) && !crate::movement::is_vehicle(game, unit) {
            out.push(ToiAction::AssaultWith { unit });
        }
        if crate::opfire::prepare_refusal(game, unit).is_none() {
            out.push(ToiAction::PrepareOpFire { unit });
        }
        for target in crate::fire::targets(game, unit, false) {
            out.push(ToiAction::ConcentratedFire { unit, target });
            if matches!(game.unit(target).kind, crate::state::Kind::Squad { .. }) {
                out.push(ToiAction::SuppressiveFire { unit, target });
            }
        }
        crate::area::legal(game, unit, out);
        // TOI-SPEC-MEDIC, TOI-SPEC-ENG: the specialists' actions.
        for target in crate::specialization::heal_targets(game, unit) {
            out.push(ToiAction::Heal { unit, target });
        }
        if crate::specialization::may_entrench(game, unit) {
            out.push(ToiAction::Entrench {
                unit,
                occupy: false,
            });
            if game.unit(unit).fort == crate::state::Fort::None {
                out.push(ToiAction::Entrench { unit, occupy: true });
            }
        }
        for hex in crate::specialization::smoke_hexes(game, unit) {
            out.push(ToiAction::ThrowSmoke { unit, hex });
        }
        out.push(ToiAction::Fatigue { unit });
    }
    // TOI-ACT-CARD, TOI-KW-CONTACT: the cards, each an action.
    for card in crate::cards::playable(game, nation, CardPhase::Action) {
        out.push(ToiAction::PlayCard { card });
    }
    for card in crate::cards::retries(game, nation) {
        out.push(ToiAction::RetryContact { card });
    }
    out.push(ToiAction::EndActionPhase);
}

/// Whether `unit` is a squad with a heavy weapon (a machine gun or a mortar crew): it takes
/// neither Fire and Movement nor Assault (`TOI-ACT-FM`, `TOI-ACT-ASLT`).
pub fn heavy_weapon(game: &ToiGame, unit: UnitId) -> bool {
    match game.unit(unit).kind {
        crate::state::Kind::Squad { figures, .. } => figures.iter().any(|&f| {
            game.data().figures.get(usize::from(f)).is_some_and(|d| {
                matches!(
                    d.class,
                    crate::data::FigureClass::MgCrew | crate::data::FigureClass::MortarCrew
                )
            })
        }),
        crate::state::Kind::Vehicle { .. } => false,
    }
}

/// `TOI-ACT-CONC`: `unit` fires at `target`; with fresh units able to join
/// (`TOI-COMBAT-COMBINED`), the attack is built first.
fn concentrate(
    game: &mut ToiGame,
    unit: UnitId,
    target: UnitId,
    suppressive: bool,
    log: &mut ToiLog,
) -> Result<(), Refusal> {
    if crate::fire::supporters(game, unit, target, Token::Fresh).is_empty() {
        return crate::fire::concentrated_fire(game, unit, target, suppressive, log);
    }
    if let Some(why) = crate::fire::cannot_concentrate(game, unit) {
        return Err(Refusal::by_rule(crate::fire::CONCENTRATED, why));
    }
    if crate::fire::halved_out(game, unit, false) {
        return Err(Refusal::by_rule(
            RuleId("TOI-HALF"),
            "its firepower would be halved twice: it cannot attack",
        ));
    }
    if suppressive && let Some(refusal) = crate::fire::suppressive_refusal(game, target) {
        return Err(refusal);
    }
    if crate::fire::band(game, unit, target, false).is_none() {
        return Err(Refusal::by_rule(
            crate::fire::CONCENTRATED,
            "the target is out of sight or out of range",
        ));
    }
    log.public(
        crate::fire::CONCENTRATED,
        ToiEvent::Activated {
            unit,
            action: "concentrated fire",
        },
        || format!("{} fires", crate::text::unit_name(game, unit)),
    );
    game.step = crate::state::Step::Combining(crate::state::Attack {
        lead: unit,
        target,
        suppressive,
        supporters: 0,
        op_fire: None,
        mg_only: 0,
    });
    Ok(())
}

/// Take `action` for `nation`.
pub fn answer(
    game: &mut ToiGame,
    nation: Nation,
    action: ToiAction,
    log: &mut ToiLog,
) -> Result<(), Refusal> {
    if action == ToiAction::EndActionPhase {
        // TOI-TEAM-ORDER: a member ends his own Action Phase; his partner may go on.
        if game.seating.by_division() {
            game.division_ended[nation.index()][usize::from(game.division.clamp(1, 2) - 1)] = true;
            game.sides[nation.index()].ended = game.division_ended[nation.index()] == [true, true];
        } else {
            game.sides[nation.index()].ended = true;
        }
        log.public(END, ToiEvent::Note, || {
            format!("The {} Action Phase is over", nation.name())
        });
        game.step = crate::state::Step::AfterAction;
        return Ok(());
    }
    if let ToiAction::PlayCard { card } | ToiAction::RetryContact { card } = action {
        game.turn_of = nation;
        let retry = matches!(action, ToiAction::RetryContact { .. });
        let result = if retry {
            crate::cards::retry(game, nation, card, log)
        } else {
            crate::cards::play(game, nation, card, CardPhase::Action, log)
        };
        if result.is_ok() {
            let side = &mut game.sides[nation.index()];
            side.actions_left = side.actions_left.saturating_sub(1);
        }
        return result;
    }
    let unit = match action {
        ToiAction::Advance { unit }
        | ToiAction::FireAndMovement { unit }
        | ToiAction::AssaultWith { unit }
        | ToiAction::AreaFire { unit, .. }
        | ToiAction::PrepareOpFire { unit }
        | ToiAction::ConcentratedFire { unit, .. }
        | ToiAction::SuppressiveFire { unit, .. }
        | ToiAction::Heal { unit, .. }
        | ToiAction::Entrench { unit, .. }
        | ToiAction::ThrowSmoke { unit, .. }
        | ToiAction::Fatigue { unit } => unit,
        _ => return Err(Refusal::by_rule(ACTION, "not an action")),
    };
    if !fresh_units(game, nation).any(|u| u == unit) {
        return Err(Refusal::by_rule(
            ACTION,
            "only a fresh unit of yours may be activated (TOI-ACT)",
        ));
    }
    game.turn_of = nation;
    let side = &mut game.sides[nation.index()];
    side.actions_left = side.actions_left.saturating_sub(1);
    match action {
        ToiAction::Advance { unit } => {
            crate::movement::start(game, unit, crate::movement::Kinds::Advance, log)
        }
        ToiAction::FireAndMovement { unit } => {
            if heavy_weapon(game, unit) {
                return Err(Refusal::by_rule(
                    crate::movement::FIRE_AND_MOVEMENT,
                    "a squad with a machine gun or mortar may not take Fire and Movement",
                ));
            }
            crate::movement::start(game, unit, crate::movement::Kinds::FireAndMovement, log)
        }
        ToiAction::PrepareOpFire { unit } => crate::opfire::prepare(game, unit, log),
        ToiAction::AreaFire {
            unit,
            hex,
            suppressive,
        } => crate::area::fire(game, unit, hex, suppressive, log),
        ToiAction::AssaultWith { unit } => {
            if heavy_weapon(game, unit) || crate::movement::is_vehicle(game, unit) {
                return Err(Refusal::by_rule(
                    crate::movement::ASSAULT_ACTION,
                    "only squads without a machine gun or mortar assault",
                ));
            }
            crate::movement::start(game, unit, crate::movement::Kinds::Assault, log)
        }
        ToiAction::ConcentratedFire { unit, target } => concentrate(game, unit, target, false, log),
        ToiAction::Heal { unit, target } => crate::specialization::heal(game, unit, target, log),
        ToiAction::Entrench { unit, occupy } => {
            crate::specialization::entrench(game, unit, occupy, log)
        }
        ToiAction::SuppressiveFire { unit, target } => concentrate(game, unit, target, true, log),
        ToiAction::ThrowSmoke { unit, hex } => {
            crate::specialization::throw_smoke(game, unit, hex, log)
        }
        _ => {
            log.public(
                FATIGUE,
                ToiEvent::Activated {
                    unit,
                    action: "fatigue",
                },
                || format!("{} is fatigued", crate::text::unit_name(game, unit)),
            );
            game.end_activation(unit);
            Ok(())
        }
    }
}
