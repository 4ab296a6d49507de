//! Assault (`TOI-ACT-ASLT`, `TOI-COMBAT-ASSAULT`): a squad that moved with Assault may push into
//! an adjacent enemy hex with up to two supporting squads; both sides roll at close range
//! (4-6), the attacker against the hex's cover, the defenders with no cover for the attackers;
//! each side removes its losses; if the attacker scored more hits, the defenders retreat
//! together and the attackers may advance. Hidden defenders (`TOI-COMBAT-HIDDEN`, FAQ-6) may
//! reveal themselves to fight; those that stay hidden add nothing and lose nothing, and retreat
//! revealed with the others if the assault succeeds. Flamethrowers add 2 each and burn the
//! defenders' cover; a medic among the defenders bandages them (`TOI-SPEC`).

use crate::action::{ToiAction, ToiEvent, ToiLog};
use crate::data::{FigureClass, Nation, Specialization};
use crate::state::{Assault, EMPTY_SLOT, Kind, Location, Step, Then, ToiGame, Token, UnitId};
use crate::tables::dice::RangeBand;
use crate::tables::results::{Condition, VehicleOutcome, vehicle_hits};
use crate::tables::strength::half_up;
use overlord_engine::{Die, Refusal, RuleId};
use overlord_hexmap::HexId;

/// `TOI-COMBAT-ASSAULT`.
pub const ASSAULT: RuleId = RuleId("TOI-COMBAT-ASSAULT");

/// At most two supporting squads (step 1).
const MOST_SUPPORTERS: u32 = 2;

/// The vs-infantry firepower of a squad's figures that have one (mortars none), or of a
/// vehicle.
fn infantry_fp(game: &ToiGame, unit: UnitId) -> u8 {
    let data = game.data();
    match game.unit(unit).kind {
        Kind::Squad { figures, .. } => figures
            .iter()
            .filter_map(|&f| data.figures.get(usize::from(f)))
            .filter_map(|f| f.vs_infantry)
            .map(|a| a.firepower)
            .fold(0u8, u8::saturating_add),
        Kind::Vehicle { .. } => crate::fire::weapon(game, unit, false).map_or(0, |(fp, _)| fp),
    }
}

/// Whether `unit` is a tank (a heavy vehicle): a hex holding one is never assaulted.
fn heavy_vehicle(game: &ToiGame, unit: UnitId) -> bool {
    match game.unit(unit).kind {
        Kind::Vehicle { figure, .. } => game
            .data()
            .figures
            .get(usize::from(figure))
            .is_some_and(|f| f.class == FigureClass::Tank),
        Kind::Squad { .. } => false,
    }
}

/// The hexes `squad` may assault from where it stands: adjacent, holding an enemy unit, and
/// no enemy tank.
pub fn targets(game: &ToiGame, squad: UnitId) -> Vec<HexId> {
    let Some(at) = game.hex_of(squad) else {
        return Vec::new();
    };
    let enemy = game.unit(squad).nation.enemy();
    let field = &game.scenario().battlefield;
    field
        .hexes
        .neighbours_on_map(at)
        .filter(|&h| {
            let units: Vec<UnitId> = game.units_in(h).collect();
            // TOI-COMBAT-HIDDEN: a hex of only hidden squads is no target.
            units
                .iter()
                .any(|&u| game.unit(u).nation == enemy && !game.unit(u).hidden)
                && !units.iter().any(|&u| heavy_vehicle(game, u))
        })
        .collect()
}

/// Begin the assault of `hex` by the moving `squad`: its supporters first, if any may join.
pub fn begin(
    game: &mut ToiGame,
    squad: UnitId,
    hex: HexId,
    log: &mut ToiLog,
) -> Result<(), Refusal> {
    if !targets(game, squad).contains(&hex) {
        return Err(Refusal::by_rule(
            ASSAULT,
            "an assault goes into an adjacent hex holding an enemy unit and no enemy tank",
        ));
    }
    let assault = Assault {
        squad,
        hex,
        supporters: 0,
        tired: 0,
        attacker_hits: 0,
        defender_hits: 0,
        to_remove: 0,
    };
    log.public(ASSAULT, ToiEvent::Note, || {
        format!(
            "{} assaults {}",
            crate::text::unit_name(game, squad),
            game.scenario().battlefield.label(hex)
        )
    });
    if candidates(game, &assault).is_empty() {
        to_the_defender(game, assault, log);
    } else {
        game.step = Step::AssaultSupport(assault);
    }
    Ok(())
}

/// The hidden squads in the assaulted hex.
fn hidden_defenders(game: &ToiGame, a: &Assault) -> Vec<UnitId> {
    let enemy = game.unit(a.squad).nation.enemy();
    game.units_in(a.hex)
        .filter(|&u| game.unit(u).nation == enemy && game.unit(u).hidden)
        .collect()
}

/// FAQ-6: with the attackers known, the defender chooses which hidden squads reveal themselves
/// to fight; with none hidden, the dice.
fn to_the_defender(game: &mut ToiGame, a: Assault, log: &mut ToiLog) {
    if hidden_defenders(game, &a).is_empty() {
        roll(game, a, log);
    } else {
        game.step = Step::HiddenDefenders(a);
    }
}

/// Step 1: the squads that may still support: the attacker's, next to the assaulted hex, not
/// pinned or disrupted, no heavy weapon, fresh or fatigued alike.
pub fn candidates(game: &ToiGame, assault: &Assault) -> Vec<UnitId> {
    // TOI-FORT-SMOKE: no supporter joins an assault into smoke.
    if assault.supporters.count_ones() >= MOST_SUPPORTERS || game.smoke(assault.hex) {
        return Vec::new();
    }
    let nation = game.unit(assault.squad).nation;
    let field = &game.scenario().battlefield;
    game.unit_ids()
        .filter(|&u| {
            u != assault.squad
                && assault.supporters & (1u128 << u.0) == 0
                && game.unit(u).nation == nation
                && matches!(
                    game.unit(u).kind,
                    Kind::Squad {
                        condition: Condition::Normal,
                        ..
                    }
                )
                && !crate::activation::heavy_weapon(game, u)
                && game
                    .hex_of(u)
                    .is_some_and(|h| field.hexes.distance(h, assault.hex) == 1)
        })
        .collect()
}

pub fn legal(game: &ToiGame, step: Step, out: &mut Vec<ToiAction>) {
    match step {
        Step::AssaultSupport(a) => {
            out.extend(
                candidates(game, &a)
                    .into_iter()
                    .map(|unit| ToiAction::Support { unit }),
            );
            out.push(ToiAction::Fire);
        }
        Step::HiddenDefenders(a) => {
            out.extend(
                hidden_defenders(game, &a)
                    .into_iter()
                    .map(|unit| ToiAction::Reveal { unit }),
            );
            out.push(ToiAction::Done);
        }
        Step::DefenderLosses(a) => {
            for u in defenders(game, &a) {
                // T-ASLT-01: the defender gives a vehicle as many hits as he likes, up to those
                // that destroy it, each number read as one attack's.
                if let Kind::Vehicle { .. } = game.unit(u).kind {
                    let most = hits_to_destroy(game, u).min(a.to_remove);
                    out.extend((1..=most).map(|hits| ToiAction::HitVehicle { unit: u, hits }));
                }
                if let Kind::Squad { figures, .. } = game.unit(u).kind {
                    let mut seen = Vec::new();
                    for (slot, &f) in figures.iter().enumerate() {
                        if f != EMPTY_SLOT && !seen.contains(&f) {
                            seen.push(f);
                            out.push(ToiAction::LoseFrom {
                                unit: u,
                                slot: slot as u8,
                            });
                        }
                    }
                }
            }
        }
        Step::Retreat(a) => {
            out.extend(
                retreat_hexes(game, &a)
                    .into_iter()
                    .map(|hex| ToiAction::RetreatTo { hex }),
            );
        }
        Step::AdvanceAfter(a) => {
            out.extend(
                advancers(game, &a)
                    .into_iter()
                    .map(|unit| ToiAction::AdvanceInto { unit }),
            );
            out.push(ToiAction::Done);
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
    match (step, action) {
        (Step::AssaultSupport(a), ToiAction::Support { unit }) => {
            if !candidates(game, &a).contains(&unit) {
                return Err(Refusal::by_rule(
                    ASSAULT,
                    "supporters are up to 2 of your squads next to the assaulted hex, not pinned, disrupted or with a heavy weapon",
                ));
            }
            let bit = 1u128 << unit.0;
            let tired = if game.unit(unit).token == Token::Fresh {
                0
            } else {
                bit
            };
            game.step = Step::AssaultSupport(Assault {
                supporters: a.supporters | bit,
                tired: a.tired | tired,
                ..a
            });
            Ok(())
        }
        (Step::AssaultSupport(a), ToiAction::Fire) => {
            to_the_defender(game, a, log);
            Ok(())
        }
        (Step::HiddenDefenders(a), ToiAction::Reveal { unit }) => {
            if !hidden_defenders(game, &a).contains(&unit) {
                return Err(Refusal::by_rule(
                    crate::hidden::HIDDEN,
                    "not a hidden squad in the assaulted hex",
                ));
            }
            crate::hidden::reveal(game, unit, "it fights the assault", log);
            to_the_defender(game, a, log);
            Ok(())
        }
        (Step::HiddenDefenders(a), ToiAction::Done) => {
            roll(game, a, log);
            Ok(())
        }
        (Step::DefenderLosses(a), ToiAction::LoseFrom { unit, slot }) => {
            if !defenders(game, &a).contains(&unit) {
                return Err(Refusal::by_rule(ASSAULT, "not a defending squad"));
            }
            remove_figure(game, unit, slot, log)?;
            let left = Assault {
                to_remove: a.to_remove.saturating_sub(1),
                ..a
            };
            defender_losses(game, left, log);
            Ok(())
        }
        (Step::DefenderLosses(a), ToiAction::HitVehicle { unit, hits }) => {
            let most = hits_to_destroy(game, unit).min(a.to_remove);
            if !defenders(game, &a).contains(&unit) || !(1..=most).contains(&hits) {
                return Err(Refusal::by_rule(
                    ASSAULT,
                    "a defending vehicle takes from 1 hit to those that destroy it, no more than are left",
                ));
            }
            hit_vehicle(game, unit, hits, log);
            let left = Assault {
                to_remove: a.to_remove - hits,
                ..a
            };
            defender_losses(game, left, log);
            Ok(())
        }
        (Step::Retreat(a), ToiAction::RetreatTo { hex }) => {
            if !retreat_hexes(game, &a).contains(&hex) {
                return Err(Refusal::by_rule(
                    ASSAULT,
                    "not a hex the defenders may retreat to",
                ));
            }
            retreat(game, a, hex, log);
            Ok(())
        }
        (Step::AdvanceAfter(a), ToiAction::AdvanceInto { unit }) => {
            if !advancers(game, &a).contains(&unit) {
                return Err(Refusal::by_rule(
                    ASSAULT,
                    "that unit may not advance into the hex",
                ));
            }
            game.units[unit.index()].at = Location::Hex(a.hex);
            // FAQ-9: it leaves any fortification it stood in, and enters none.
            game.units[unit.index()].fort = crate::state::Fort::None;
            log.public(ASSAULT, ToiEvent::Moved { unit, hex: a.hex }, || {
                format!("{} advances", crate::text::unit_name(game, unit))
            });
            if advancers(game, &a).is_empty() {
                finish(game, a);
            }
            Ok(())
        }
        (Step::AdvanceAfter(a), ToiAction::Done) => {
            finish(game, a);
            Ok(())
        }
        _ => Err(Refusal::by_rule(
            ASSAULT,
            "not an answer to this step of the assault",
        )),
    }
}

/// Steps 2-6: both rolls at close range; then the attacker's losses, from the active squad
/// first.
fn roll(game: &mut ToiGame, a: Assault, log: &mut ToiLog) {
    let participants = a.participants();
    for &u in &participants {
        crate::hidden::reveal(game, u, "it assaulted", log);
    }
    let strength = participants.iter().enumerate().fold(0u8, |s, (i, &u)| {
        // TOI-FORT-WIRE (FAQ): assaulting from wire halves a squad's firepower.
        let fp = infantry_fp(game, u);
        let fp = if game.hex_of(u).is_some_and(|h| game.markers(h).wire) {
            half_up(fp)
        } else {
            fp
        };
        s.saturating_add(if i == 0 { fp } else { half_up(fp) })
    });
    // TOI-SPEC-FLAME: +2 for each flamethrower squad taking part, and the defenders' cover
    // burnt down by 5.
    let flames = participants
        .iter()
        .filter(|&&u| crate::specialization::is(game, u, Specialization::Flamethrower))
        .count() as u8;
    let strength = strength.saturating_add(flames * crate::specialization::FLAME_FIREPOWER);
    // Step 4: the hex's terrain once, plus each defending squad's fortification (TOI-FORT).
    let cover = game
        .scenario()
        .battlefield
        .terrain
        .get(a.hex.index())
        .and_then(|&t| game.data().terrain.get(usize::from(t)))
        .map_or(0, |t| t.cover)
        + defenders(game, &a)
            .into_iter()
            .map(|u| match game.unit(u).fort {
                crate::state::Fort::None => 0,
                crate::state::Fort::Entrenchment => 2,
                crate::state::Fort::Pillbox => 6,
            })
            .sum::<u8>()
        // TOI-SPEC-MEDIC: Bandage helps the defenders (FAQ-7: never the assaulting medic).
        + u8::from(
            defenders(game, &a)
                .into_iter()
                .any(|u| crate::specialization::bandaged(game, u)),
        )
        // TOI-FORT-SMOKE: smoke in the hex covers the defenders, +2.
        + 2 * u8::from(game.smoke(a.hex));
    let cover = if flames > 0 {
        cover.saturating_sub(crate::specialization::FLAME_COVER)
    } else {
        cover
    };
    let officer = defenders(game, &a)
        .into_iter()
        .any(|u| has_officer(game, u));
    let defence = defenders(game, &a).into_iter().fold(0u8, |s, u| {
        let fp = infantry_fp(game, u);
        let fp = match game.unit(u).kind {
            Kind::Squad {
                condition: Condition::Disrupted,
                ..
            } => 0,
            Kind::Squad {
                condition: Condition::Pinned,
                ..
            } if !officer => half_up(fp),
            _ => fp,
        };
        s.saturating_add(fp)
    });
    // TOI-FORT-SMOKE: and halves their firepower.
    let defence = if game.smoke(a.hex) {
        half_up(defence)
    } else {
        defence
    };
    let dice = |game: &mut ToiGame, n: u8| -> Vec<u8> {
        (0..n)
            .map(|_| game.rng.roll(Die::D6, ASSAULT) as u8)
            .collect()
    };
    let black = dice(game, strength);
    let red = dice(game, cover);
    let attacker_hits = crate::tables::dice::net_hits(&black, &red, RangeBand::Close);
    let defender_black = dice(game, defence);
    let defender_hits = crate::tables::dice::net_hits(&defender_black, &[], RangeBand::Close);
    log.public(ASSAULT, ToiEvent::Note, || {
        format!(
            "Assault: attack {strength} dice {black:?} against cover {red:?}: {attacker_hits} hit(s); defence {defence} dice {defender_black:?}: {defender_hits} hit(s)"
        )
    });
    let a = Assault {
        attacker_hits,
        defender_hits,
        to_remove: attacker_hits,
        ..a
    };
    if defender_hits > 0 {
        game.step = Step::Casualties {
            unit: a.squad,
            hits: defender_hits,
            then: Then::Assault(a),
        };
    } else {
        defender_losses(game, a, log);
    }
}

/// The defending units in the assaulted hex, hidden squads not among them (FAQ-6).
fn defenders(game: &ToiGame, a: &Assault) -> Vec<UnitId> {
    let enemy = game.unit(a.squad).nation.enemy();
    game.units_in(a.hex)
        .filter(|&u| game.unit(u).nation == enemy && !game.unit(u).hidden)
        .collect()
}

fn has_officer(game: &ToiGame, unit: UnitId) -> bool {
    match game.unit(unit).kind {
        Kind::Squad { figures, .. } => figures.iter().any(|&f| {
            game.data()
                .figures
                .get(usize::from(f))
                .is_some_and(|d| d.class == FigureClass::Officer)
        }),
        Kind::Vehicle { .. } => false,
    }
}

/// Step 7: the defender removes the attacker's hits, figure by figure from his squads; what
/// the squads cannot take goes to his light vehicles, each taking no more than destroys it.
pub fn defender_losses(game: &mut ToiGame, a: Assault, log: &mut ToiLog) {
    if a.to_remove > 0 && !defenders(game, &a).is_empty() {
        game.step = Step::DefenderLosses(a);
        return;
    }
    outcome(game, Assault { to_remove: 0, ..a }, log);
}

/// The most hits defending vehicle `unit` may take: the fewest that destroy it (T-ASLT-01: a
/// hit more would be lost on a wreck, so the defender cannot soak the hits up with it).
fn hits_to_destroy(game: &ToiGame, unit: UnitId) -> u8 {
    let Kind::Vehicle { figure, damage } = game.unit(unit).kind else {
        return 0;
    };
    let fragile = fragile(game, figure);
    (1..=4)
        .find(|&k| vehicle_hits(damage, k, fragile) == VehicleOutcome::Destroyed)
        .unwrap_or(4)
}

fn fragile(game: &ToiGame, figure: u8) -> bool {
    game.data()
        .figures
        .get(usize::from(figure))
        .is_some_and(|f| f.traits.iter().any(|t| t == "fragile"))
}

/// Step 7 (T-ASLT-01): `hits` of the attacker's hits on defending vehicle `unit`, read on the
/// vehicle damage table as one attack's net hits.
fn hit_vehicle(game: &mut ToiGame, unit: UnitId, hits: u8, log: &mut ToiLog) {
    let Kind::Vehicle { figure, damage } = game.unit(unit).kind else {
        return;
    };
    match vehicle_hits(damage, hits, fragile(game, figure)) {
        VehicleOutcome::Destroyed => game.destroy(unit),
        VehicleOutcome::Damaged(now) => {
            game.units[unit.index()].kind = Kind::Vehicle {
                figure,
                damage: now,
            };
        }
    }
    log.public(ASSAULT, ToiEvent::Condition { unit }, || {
        format!("{} takes {hits} hit(s)", crate::text::unit_name(game, unit))
    });
}

/// Remove the figure in `slot` of defending squad `unit`.
fn remove_figure(
    game: &mut ToiGame,
    unit: UnitId,
    slot: u8,
    log: &mut ToiLog,
) -> Result<(), Refusal> {
    let Kind::Squad {
        mut figures,
        condition,
    } = game.unit(unit).kind
    else {
        return Err(Refusal::by_rule(ASSAULT, "not a squad"));
    };
    let Some(cell) = figures
        .get_mut(usize::from(slot))
        .filter(|c| **c != EMPTY_SLOT)
    else {
        return Err(Refusal::by_rule(ASSAULT, "no figure in that slot"));
    };
    *cell = EMPTY_SLOT;
    let gone = figures.iter().all(|&f| f == EMPTY_SLOT);
    game.units[unit.index()].kind = Kind::Squad { figures, condition };
    if gone {
        game.destroy(unit);
    }
    log.public(
        ASSAULT,
        ToiEvent::Casualty {
            unit,
            eliminated: gone,
        },
        || format!("{} loses a figure", crate::text::unit_name(game, unit)),
    );
    Ok(())
}

/// Steps 8-9: the assault fails, or succeeds and the defenders retreat.
fn outcome(game: &mut ToiGame, a: Assault, log: &mut ToiLog) {
    if a.attacker_hits <= a.defender_hits {
        log.public(ASSAULT, ToiEvent::Note, || "The assault fails".to_owned());
        finish(game, a);
        return;
    }
    log.public(ASSAULT, ToiEvent::Note, || {
        "The assault succeeds".to_owned()
    });
    // FAQ-6: the squads that stayed hidden are revealed and retreat with the others.
    for u in hidden_defenders(game, &a) {
        crate::hidden::reveal(game, u, "the assault on its hex succeeded", log);
    }
    // Disrupted defenders cannot retreat: destroyed.
    for u in defenders(game, &a) {
        if matches!(
            game.unit(u).kind,
            Kind::Squad {
                condition: Condition::Disrupted,
                ..
            }
        ) {
            game.destroy(u);
        }
    }
    if defenders(game, &a).is_empty() {
        advance(game, a);
    } else if retreat_hexes(game, &a).is_empty() {
        // No retreat possible: every defender is destroyed.
        for u in defenders(game, &a) {
            game.destroy(u);
        }
        advance(game, a);
    } else {
        game.step = Step::Retreat(a);
    }
}

/// Step 9: the hexes the defenders may retreat to: adjacent, whole, no enemy unit.
pub fn retreat_hexes(game: &ToiGame, a: &Assault) -> Vec<HexId> {
    let attacker = game.unit(a.squad).nation;
    let field = &game.scenario().battlefield;
    field
        .hexes
        .neighbours_on_map(a.hex)
        .filter(|&h| {
            !field.is_half(h) && !game.units_in(h).any(|u| game.unit(u).nation == attacker)
        })
        .collect()
}

/// Step 9: every defender goes to `hex`; pinned become disrupted, fresh and Op Fire units
/// fatigued; those the stacking limit leaves no room for, or whose kind may not enter the
/// hex's terrain, are destroyed.
fn retreat(game: &mut ToiGame, a: Assault, hex: HexId, log: &mut ToiLog) {
    for u in defenders(game, &a) {
        game.units[u.index()].at = Location::Hex(hex);
        game.units[u.index()].fort = crate::state::Fort::None;
        // AMB-36: a unit that may not enter the hex's terrain (a vehicle into a building) is
        // destroyed, as one the stacking limit leaves no room for.
        if !crate::movement::terrain_open(game, u, hex) || !crate::stacking::fits(game, hex, u) {
            game.destroy(u);
            continue;
        }
        let unit = &mut game.units[u.index()];
        if unit.token != Token::Fatigued {
            unit.token = Token::Fatigued;
        }
        if let Kind::Squad {
            figures,
            condition: Condition::Pinned,
        } = unit.kind
        {
            unit.kind = Kind::Squad {
                figures,
                condition: Condition::Disrupted,
            };
        }
    }
    let label = game.scenario().battlefield.label(hex);
    log.public(ASSAULT, ToiEvent::Note, || {
        format!("The defenders retreat to {label}")
    });
    advance(game, a);
}

/// Step 10: the participants that may advance: alive, not fatigued before the assault, with room.
fn advancers(game: &ToiGame, a: &Assault) -> Vec<UnitId> {
    if game
        .units_in(a.hex)
        .any(|u| game.unit(u).nation != game.unit(a.squad).nation)
    {
        return Vec::new();
    }
    a.participants()
        .into_iter()
        .filter(|&u| {
            a.tired & (1u128 << u.0) == 0
                && game.hex_of(u).is_some_and(|h| h != a.hex)
                && crate::stacking::fits(game, a.hex, u)
        })
        .collect()
}

fn advance(game: &mut ToiGame, a: Assault) {
    if advancers(game, &a).is_empty() {
        finish(game, a);
    } else {
        game.step = Step::AdvanceAfter(a);
    }
}

/// Step 11: the active squad and its supporters are fatigued; the activation is over.
fn finish(game: &mut ToiGame, a: Assault) {
    for u in a.participants() {
        game.units[u.index()].token = Token::Fatigued;
    }
    game.step = Step::AfterAction;
}

/// Whose answer each step of an assault is.
pub fn decider(game: &ToiGame, step: Step) -> Nation {
    match step {
        Step::DefenderLosses(a) | Step::Retreat(a) | Step::HiddenDefenders(a) => {
            game.unit(a.squad).nation.enemy()
        }
        Step::AssaultSupport(a) | Step::AdvanceAfter(a) | Step::AssaultLosses(a) => {
            game.unit(a.squad).nation
        }
        _ => game.initiative(),
    }
}
