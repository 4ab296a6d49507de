//! The obstacles of the hex the moving unit entered (`TOI-FORT-MINE`, `TOI-FORT-WIRE`,
//! `TOI-FORT-TRAP`), resolved after any Op Fire (`TOI-TIMING` step 5), in the order the active
//! player chooses when several act on the unit (D-OBSTACLE-ORDER).

use crate::action::{Obstacle, ToiAction, ToiEvent, ToiLog};
use crate::data::Specialization;
use crate::movement::{MINES, WIRE, end, go_on, has_trait, is_vehicle};
use crate::state::{Kind, Move, Step, Then, ToiGame};
use crate::tables::results::{VehicleOutcome, vehicle_hits};
use overlord_engine::{Die, Refusal, RuleId};

/// `TOI-TIMING`: who orders simultaneous effects.
pub const TIMING: RuleId = RuleId("TOI-TIMING");
/// `TOI-FORT-TRAP`.
pub const TRAPS: RuleId = RuleId("TOI-FORT-TRAP");

/// The obstacles of its hex that act on the moving unit, in the order they resolve unless the
/// active player orders them: a minefield (any unit that moved in; an engineer squad only
/// stops), razor wire (squads and light vehicles; not tanks or engineers), tank traps
/// (vehicles).
pub fn met(game: &ToiGame, mv: Move) -> Vec<Obstacle> {
    let Some(hex) = game.hex_of(mv.unit) else {
        return Vec::new();
    };
    if !mv.moved {
        return Vec::new();
    }
    let m = game.markers(hex);
    let vehicle = is_vehicle(game, mv.unit);
    let tank = vehicle && has_trait(game, mv.unit, "overrun");
    let engineer = crate::specialization::is(game, mv.unit, Specialization::Engineer);
    let mut out = Vec::new();
    if m.mines {
        out.push(Obstacle::Minefield);
    }
    if m.wire && !tank && !engineer {
        out.push(Obstacle::Wire);
    }
    if m.traps && vehicle {
        out.push(Obstacle::TankTraps);
    }
    out
}

/// `TOI-TIMING` step 5: resolve the obstacles, or, when two or more act on the unit, ask the
/// active player which goes first.
pub fn resolve(game: &mut ToiGame, mv: Move, log: &mut ToiLog) {
    let met = met(game, mv);
    if met.len() >= 2 {
        game.step = Step::ObstacleOrder(mv);
    } else {
        apply(game, mv, &met, log);
    }
}

/// The obstacles the active player may resolve first.
pub fn legal(game: &ToiGame, mv: Move, out: &mut Vec<ToiAction>) {
    out.extend(
        met(game, mv)
            .into_iter()
            .map(|obstacle| ToiAction::ResolveFirst { obstacle }),
    );
}

/// D-OBSTACLE-ORDER: `first` resolves first, then the others in their usual order.
pub fn answer(
    game: &mut ToiGame,
    mv: Move,
    action: ToiAction,
    log: &mut ToiLog,
) -> Result<(), Refusal> {
    let ToiAction::ResolveFirst { obstacle: first } = action else {
        return Err(Refusal::by_rule(
            TIMING,
            "choose which obstacle of the hex resolves first",
        ));
    };
    let mut order = met(game, mv);
    let Some(i) = order.iter().position(|&o| o == first) else {
        return Err(Refusal::by_rule(TIMING, "that obstacle does not act here"));
    };
    order.remove(i);
    order.insert(0, first);
    log.public(TIMING, ToiEvent::Note, || {
        format!(
            "{}: the {} resolves first",
            crate::text::unit_name(game, mv.unit),
            first.name()
        )
    });
    apply(game, mv, &order, log);
    Ok(())
}

/// Resolve `order`, then stop the unit (any obstacle met stops it, as does having begun in a
/// minefield) or let it go on. A minefield rolls 4 dice, a hit on each 4-6 (no defence): a
/// squad's owner then removes the figures, a vehicle takes them as one attack's net hits.
fn apply(game: &mut ToiGame, mv: Move, order: &[Obstacle], log: &mut ToiLog) {
    let unit = mv.unit;
    let name = crate::text::unit_name(game, unit);
    let mut casualties = 0;
    for &obstacle in order {
        match obstacle {
            // TOI-FORT-MINE, TOI-SPEC-ENG: an engineer squad stops, fatigued, and loses nothing.
            Obstacle::Minefield
                if crate::specialization::is(game, unit, Specialization::Engineer) =>
            {
                log.public(MINES, ToiEvent::Note, || {
                    format!("{name} enters a minefield: engineers take no losses")
                });
            }
            Obstacle::Minefield => {
                let dice: Vec<u8> = (0..4)
                    .map(|_| game.rng.roll(Die::D6, MINES) as u8)
                    .collect();
                let hits = dice.iter().filter(|&&d| d >= 4).count() as u8;
                log.public(MINES, ToiEvent::Note, || {
                    format!("{name} enters a minefield: {dice:?}, {hits} hit(s)")
                });
                match game.unit(unit).kind {
                    Kind::Vehicle { figure, damage } => {
                        let fragile = has_trait(game, unit, "fragile");
                        match vehicle_hits(damage, hits, fragile) {
                            VehicleOutcome::Destroyed => {
                                game.destroy(unit);
                                game.end_activation(unit);
                                return;
                            }
                            VehicleOutcome::Damaged(now) => {
                                game.units[unit.index()].kind = Kind::Vehicle {
                                    figure,
                                    damage: now,
                                };
                            }
                        }
                    }
                    Kind::Squad { .. } => casualties = hits,
                }
            }
            Obstacle::Wire => log.public(WIRE, ToiEvent::Note, || {
                format!("{name} is stopped by the razor wire")
            }),
            Obstacle::TankTraps => log.public(TRAPS, ToiEvent::Note, || {
                format!("{name} is stopped by the tank traps")
            }),
        }
    }
    if casualties > 0 {
        game.step = Step::Casualties {
            unit,
            hits: casualties,
            then: Then::Stop(mv),
        };
    } else if !order.is_empty() || (mv.from_mines && mv.moved) {
        end(game, mv);
    } else {
        go_on(game, mv);
    }
}
