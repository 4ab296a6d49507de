//! Combat (10-15), with the artillery of HQs and Werfers (11.6, 17.2, 17.3), cadres (12.3,
//! 17.9), air and naval support and strafing (19), the Army Boundary's one rule for combat
//! (22.1) and flank fire (optional 28.2).
//!
//! An attack is a run of small prompts in `Step::Phase(side, Combat | ReserveCombat, stage)`:
//!
//! - [`Stage::Open`]: `Attack{hex}` picks a defending hex (or `Strafe{hex}` assigns an air unit
//!   before the Allied Combat Phase's first attack, 19.1.4), `Done` ends the phase.
//! - [`Stage::Attack`]: `Join{unit}` adds or removes attackers, `Maf{unit}` or `BattleGroup`
//!   names the Main Assault Force (10.3), `Artillery{unit}`, `AirSupport` and `NavalSupport`
//!   add support, `Confirm` resolves (raw odds 1-3 or better and a MAF), `Cancel` gives up.
//! - [`Stage::Result`]: the result's choices one at a time, by whoever makes each (12.2):
//!   losses (`Lose`), Determined Defense and its support, Desperate Defense, retreats
//!   (`Retreat{unit, hex}`, the engine picking a minimum-loss path), the advance
//!   (`Advance`, `ReserveAfterCombat`, `Done`) and an advance's overstacking (`Lose`).
//!   `game.chooser` names the defender while he answers.
//!
//! [`assess`] shows an attack before it is confirmed: its odds, every shift with its rule and
//! the chance of each CRT result.
//!
//! Readings chosen here (beyond the spec's A-ids, which the code cites where it follows them):
//!
//! - 10.3: every attacking unit stacked with a unit of the MAF's formation is assigned to the
//!   MAF (the attacker's best choice; it keeps prompts small). A unit's formation is its
//!   `formation`; the division is that formation's parent when it has one, and several units
//!   of one division attacking together make the division the formation.
//! - 10.3: a battle group is every attacker (at most 6 CF as printed on their current faces).
//! - 11.4.2, 16.3: the defender's armor shift is denied across the Perimeter when every MAF
//!   unit attacks across it.
//! - 12.4.2: the lead unit's DRM is the better of its TQ and its armor comparison.
//! - 13.2: a retreating unit pays the group's step losses of the places (a first EZOC hex, a
//!   river or flooded hexside, a flooded hex passed through) it is the first of its group to
//!   use in this combat; the owner picks who pays by the order he retreats in. The minimum-loss
//!   rule is checked for the whole group.
//! - 13.1: a retreat that cannot end within the stacking limit goes on up to two more hexes.
//! - 15.1: a combat result's Reserve placement does not count the six-marker limit.
//! - 17.2: until supply tracing exists, a German HQ pays from Fortress Cherbourg in the
//!   Cherbourg scenario or when it stands inside the Cherbourg Perimeter, else from the 7th
//!   Army; "in supply" means no OOS or Isolated marker. The Cotentin artillery HQ and the special
//!   Cherbourg bombardment (19.2) are left for later.
//! - 16.1: IPs exist only as the map's permanent IPs until the fortification chapter adds
//!   them ([`fortification`]).

mod advance;
mod air;
mod odds;
mod result;
mod retreat;

pub use advance::advance_destinations;
pub use odds::{
    Assessment, AttackerLine, Defence, Shift, Support, artillery_refusal, assess,
    defence as defence_of, eligible_attackers, fortification, maf_units, why_cannot_attack,
};
pub use retreat::{RetreatPath, retreat_paths};

use crate::action::{N44Action, N44Event, N44Log};
use crate::data::{AvColour, Class, Face, Side, UnitId};
use crate::state::{
    CombatState, Location, MafChoice, Memoized, Normandy44, Phase, Stage, Step, UnitFlags,
};
use crate::tables::terrain::Mobility;
use overlord_engine::{Refusal, RuleId};
use overlord_hexmap::HexId;
use std::sync::Arc;

/// 10.1: attacks.
pub const COMBAT: RuleId = RuleId("10.1");
/// 10.3: the Main Assault Force.
pub const MAF: RuleId = RuleId("10.3");
/// 10.5: the combat procedure.
pub const PROCEDURE: RuleId = RuleId("10.5");
/// 10.6: minimum and maximum odds.
pub const LIMITS: RuleId = RuleId("10.6");
/// 10.7: parenthesized CF.
pub const PARENTHESIZED: RuleId = RuleId("10.7");
/// 6.2: a Replacement marker forbids attacks out of its hex.
pub const REPLACEMENT_MARKER: RuleId = RuleId("6.2");
/// 16.1: no attacks out of a hex whose IP was started this turn.
pub const IP_STARTED: RuleId = RuleId("16.1");
/// 22.1: US and CW units never attack together.
pub const ARMY_BOUNDARY: RuleId = RuleId("22.1");
/// 15.3: the Reserve Combat Segment.
pub const RESERVE_COMBAT: RuleId = RuleId("15.3");
/// 15.4: attacking ends Reserve status.
pub const RESERVE_LOST: RuleId = RuleId("15.4");
/// 12.3: recording losses.
pub const LOSSES: RuleId = RuleId("12.3");
/// 17.1: Ost units leave play on any loss.
pub const OST: RuleId = RuleId("17.1");
/// 17.9: cadres.
pub const CADRE: RuleId = RuleId("17.9");

// ---- Units as combat sees them ----

/// The face `unit` shows now.
pub fn face(game: &Normandy44, unit: UnitId) -> Option<&Face> {
    game.data.face(unit, game.unit(unit).step)
}

/// The CF of `unit`'s current face.
pub fn cf(game: &Normandy44, unit: UnitId) -> u8 {
    face(game, unit).map_or(0, |f| f.cf)
}

/// The steps `unit` has left, its cadre's included (12.3, 17.9).
pub fn steps_left(game: &Normandy44, unit: UnitId) -> u8 {
    game.data
        .step_count(unit)
        .saturating_sub(game.unit(unit).step)
}

/// Whether `unit` shows its cadre (17.9).
pub fn is_cadre(game: &Normandy44, unit: UnitId) -> bool {
    usize::from(game.unit(unit).step) >= game.data.unit(unit).steps.len()
}

/// The TQ the rules use: a silhouette unit's is 0 (11.5).
pub fn quality(game: &Normandy44, unit: UnitId) -> i8 {
    if game.data.unit(unit).class == Class::Silhouette {
        return 0;
    }
    face(game, unit).map_or(0, Face::quality)
}

/// The armor value of `unit`'s current face and its colour.
pub fn armor_value(game: &Normandy44, unit: UnitId) -> Option<(u8, AvColour)> {
    let f = face(game, unit)?;
    Some((f.av?, f.av_colour?))
}

/// 11.4: whether `unit` is an armored unit (a grey AV; AT and FLAK units never are).
pub fn armored(game: &Normandy44, unit: UnitId) -> bool {
    !matches!(game.data.unit(unit).class, Class::Antitank | Class::Flak)
        && matches!(armor_value(game, unit), Some((_, AvColour::Grey)))
}

/// The TEC column `unit` moves, retreats and advances in.
pub fn mobility(game: &Normandy44, unit: UnitId) -> Mobility {
    if game.data.unit(unit).class.mechanized() {
        Mobility::Mech
    } else {
        Mobility::NonMech
    }
}

/// The units of `side` in `hex`.
pub fn units_of(game: &Normandy44, hex: HexId, side: Side) -> Vec<UnitId> {
    game.units_in(hex)
        .filter(|&u| game.side_of(u) == side)
        .collect()
}

/// The neighbour direction from `from` to the adjacent `to`.
pub fn direction(game: &Normandy44, from: HexId, to: HexId) -> Option<usize> {
    game.data
        .map
        .hexes
        .neighbours(from)
        .iter()
        .position(|&n| n == to && !n.is_none())
}

/// A unit's short name, for the log.
fn name(game: &Normandy44, unit: UnitId) -> String {
    game.data.unit(unit).short.clone()
}

/// 12.3, 17.1, 17.9: `unit` loses one step: it flips; on its last printed step it becomes its
/// cadre if one is free (else it leaves play for good); on its last step it goes to the
/// Eliminated box (a cadre stays on its unit there); an Ost unit leaves play on any loss.
pub fn lose_step(game: &mut Normandy44, unit: UnitId, rule: RuleId, log: &mut N44Log) {
    let def = game.data.unit(unit);
    let printed = u8::try_from(def.steps.len()).unwrap_or(u8::MAX);
    let step = game.unit(unit).step;
    let who = name(game, unit);
    if def.class == Class::Ost {
        remove(game, unit, Location::OutOfPlay);
        log.public(
            OST,
            N44Event::Loss {
                unit,
                eliminated: true,
            },
            || format!("{who} loses a step: an Ost unit is removed from play"),
        );
        return;
    }
    if step + 1 < printed {
        game.unit_mut(unit).step = step + 1;
        log.public(
            rule,
            N44Event::Loss {
                unit,
                eliminated: false,
            },
            || format!("{who} loses a step and flips"),
        );
    } else if step + 1 == printed && game.data.cadre_of[unit.index()].is_some() {
        if cadre_free(game, unit) {
            game.unit_mut(unit).step = printed;
            log.public(
                CADRE,
                N44Event::Loss {
                    unit,
                    eliminated: false,
                },
                || format!("{who} loses a step and is replaced by its cadre"),
            );
        } else {
            remove(game, unit, Location::OutOfPlay);
            log.public(
                CADRE,
                N44Event::Loss {
                    unit,
                    eliminated: true,
                },
                || format!("{who} loses a step; no cadre of its type is free: it is eliminated for good"),
            );
        }
    } else {
        remove(game, unit, Location::Eliminated);
        log.public(
            rule,
            N44Event::Loss {
                unit,
                eliminated: true,
            },
            || format!("{who} loses its last step and is eliminated"),
        );
    }
}

/// 17.9: whether a cadre counter of `unit`'s type is free (not standing for another unit on the
/// map or in the cadre chart).
fn cadre_free(game: &Normandy44, unit: UnitId) -> bool {
    let Some(kind) = game.data.cadre_of[unit.index()] else {
        return false;
    };
    let count = game
        .data
        .cadres
        .get(usize::from(kind))
        .map_or(0, |c| c.count);
    let used = game
        .unit_ids()
        .filter(|&u| u != unit && game.data.cadre_of[u.index()] == Some(kind))
        .filter(|&u| is_cadre(game, u) && game.unit(u).at != Location::OutOfPlay)
        .count();
    used < usize::from(count)
}

/// `unit` leaves the map for `to`, its markers off.
fn remove(game: &mut Normandy44, unit: UnitId, to: Location) {
    game.take_off(unit, to);
}

/// `unit` is eliminated outright (13.1, 13.2, 7.2), whatever its steps; an Ost unit leaves
/// play.
pub fn eliminate(game: &mut Normandy44, unit: UnitId, rule: RuleId, why: &str, log: &mut N44Log) {
    let to = if game.data.unit(unit).class == Class::Ost {
        Location::OutOfPlay
    } else {
        Location::Eliminated
    };
    remove(game, unit, to);
    let who = name(game, unit);
    log.public(
        rule,
        N44Event::Loss {
            unit,
            eliminated: true,
        },
        || format!("{who} is eliminated: {why}"),
    );
}

// ---- The phase ----

/// The opening of a Combat Phase or Reserve Combat Segment: no hex or unit has attacked or
/// retreated in it yet (10.1, 13.5; A-46: the segment is a phase of its own).
pub fn begin(game: &mut Normandy44, _side: Side, _phase: Phase, _log: &mut N44Log) {
    game.attacked_hexes.clear();
    game.attackers.clear();
    game.chooser = None;
    game.combat = CombatState::default();
    // Only the units that carry a marker are lent for the change: lending every unit costs a
    // comparison and a mending each.
    for i in 0..game.units.len() {
        let unit = UnitId(i as u16);
        let flags = game.unit(unit).flags;
        if flags.has(UnitFlags::ATTACKED) || flags.has(UnitFlags::RETREATED) {
            game.unit_mut(unit)
                .flags
                .set(UnitFlags::ATTACKED | UnitFlags::RETREATED, false);
        }
    }
}

/// The close of the Combat Phase: strafing missions assigned and never resolved are resolved
/// now (19.1.4).
pub fn end(game: &mut Normandy44, _side: Side, log: &mut N44Log) {
    air::resolve_strafes(game, log);
}

/// Whether the phase is the Reserve Combat Segment.
pub fn reserve_segment(game: &Normandy44) -> bool {
    matches!(game.step, Step::Phase(_, Phase::ReserveCombat, _))
}

pub fn legal(game: &Normandy44, side: Side, out: &mut Vec<N44Action>) {
    match game.step {
        Step::Phase(_, _, Stage::Attack { hex }) => legal_build(game, side, hex, out),
        Step::Phase(_, _, Stage::Result { hex }) => result::legal(game, side, hex, out),
        _ => legal_open(game, side, out),
    }
}

/// Stage::Open: strafing missions, attacks, or the end of the phase.
fn legal_open(game: &Normandy44, side: Side, out: &mut Vec<N44Action>) {
    air::legal_strafes(game, side, out);
    let targets = attack_targets(game, side);
    out.extend(targets.hexes.iter().map(|&hex| N44Action::Attack { hex }));
    out.push(N44Action::Done);
}

/// The hexes the Open stage offers to attack ([`may_attack_hex`]) and what they were worked out
/// in besides the units: kept in the memo until a unit changes, since an attack built and
/// cancelled (10.1) leaves the phase as it found it.
struct AttackTargets {
    key: TargetsKey,
    hexes: Vec<HexId>,
}

/// What [`may_attack_hex`] reads besides the units and the map: the step (side, phase and
/// segment, 15.3), the turn (26.3's zones) and the hexes attacked this phase (10.1).
#[derive(Clone, PartialEq)]
struct TargetsKey {
    step: Step,
    turn: u8,
    attacked: Vec<HexId>,
}

/// [`AttackTargets`] now: from the memo when it holds them for this phase, else worked out (and
/// kept when the slot is free).
fn attack_targets(game: &Normandy44, side: Side) -> Arc<AttackTargets> {
    let key = TargetsKey {
        step: game.step,
        turn: game.turn,
        attacked: game.attacked_hexes.clone(),
    };
    let work = || AttackTargets {
        key: key.clone(),
        hexes: game
            .occupied_hexes(side.enemy())
            .into_iter()
            .filter(|&hex| may_attack_hex(game, side, hex))
            .collect(),
    };
    let kept = game.memo().get(Memoized::AttackTargets, work);
    if kept.key == key {
        kept
    } else {
        Arc::new(work())
    }
}

/// Whether `side` may open an attack on `hex`: not attacked yet this phase (10.1) and an
/// eligible attacker next to it whose army could reach 1-3 at full strength (10.6).
pub fn may_attack_hex(game: &Normandy44, side: Side, hex: HexId) -> bool {
    if game.attacked_hexes.contains(&hex) || game.occupant(hex) != Some(side.enemy()) {
        return false;
    }
    let eligible = eligible_attackers(game, side, hex);
    if eligible.is_empty() {
        return false;
    }
    let defence = odds::defence(game, hex).total;
    // 22.1: one army at a time; at best every unit at full strength.
    let mut best = [0u16; 3];
    for u in eligible {
        let slot = game.army_of(u).map_or(2, |a| a.index());
        best[slot] += u16::from(cf(game, u));
    }
    best.iter()
        .any(|&a| crate::tables::crt::Column::from_strengths(a, defence).is_legal())
}

/// Stage::Attack: attackers, the MAF, support, confirm or cancel.
fn legal_build(game: &Normandy44, side: Side, hex: HexId, out: &mut Vec<N44Action>) {
    for unit in eligible_attackers(game, side, hex) {
        if game.attackers.contains(&unit) || join_refusal(game, unit).is_none() {
            out.push(N44Action::Join { unit });
        }
    }
    for &unit in &game.attackers {
        if game.combat.maf != MafChoice::Formation(unit) {
            out.push(N44Action::Maf { unit });
        }
    }
    if game.combat.maf != MafChoice::BattleGroup && battle_group_fits(game) {
        out.push(N44Action::BattleGroup);
    }
    if !game.attackers.is_empty() {
        // Only HQs and Werfers give artillery shifts (11.6): every other unit is refused.
        for &unit in &game.data.artillery {
            if artillery_refusal(game, hex, unit).is_none() {
                out.push(N44Action::Artillery { unit });
            }
        }
        if odds::air_refusal(game).is_none() {
            out.push(N44Action::AirSupport);
        }
        if odds::naval_refusal(game, hex).is_none() {
            out.push(N44Action::NavalSupport);
        }
    }
    if confirm_refusal(game, hex).is_none() {
        out.push(N44Action::Confirm);
    }
    out.push(N44Action::Cancel);
}

/// 10.3: whether the attackers, at most 6 CF, may be a battle group.
fn battle_group_fits(game: &Normandy44) -> bool {
    !game.attackers.is_empty()
        && game
            .attackers
            .iter()
            .map(|&u| u16::from(cf(game, u)))
            .sum::<u16>()
            <= 6
}

/// 22.1: why `unit` may not join the attackers already picked.
fn join_refusal(game: &Normandy44, unit: UnitId) -> Option<&'static str> {
    let army = game.army_of(unit);
    if game.attackers.iter().any(|&a| game.army_of(a) != army) {
        return Some("US and CW units may not take part in the same combat (22.1)");
    }
    None
}

/// 10.6, 10.3: why the attack may not be confirmed now.
fn confirm_refusal(game: &Normandy44, hex: HexId) -> Option<&'static str> {
    if game.attackers.is_empty() {
        return Some("no unit attacks yet");
    }
    if maf_units(game, &game.attackers, game.combat.maf).is_empty() {
        return Some("the attacker must name a Main Assault Force (10.3)");
    }
    let a = assess(
        game,
        hex,
        &game.attackers,
        game.combat.maf,
        &odds::support_of(game),
    );
    if !a.raw.is_legal() {
        return Some("the odds before shifts are below 1-3 (10.6)");
    }
    None
}

pub fn answer(
    game: &mut Normandy44,
    side: Side,
    action: N44Action,
    log: &mut N44Log,
) -> Result<(), Refusal> {
    let Step::Phase(_, phase, stage) = game.step else {
        return Err(Refusal::by_rule(COMBAT, "not a combat decision"));
    };
    match stage {
        Stage::Open => answer_open(game, side, phase, action, log),
        Stage::Attack { hex } => answer_build(game, side, phase, hex, action, log),
        Stage::Result { hex } => result::answer(game, side, hex, action, log),
        Stage::Moving { .. } => Err(Refusal::by_rule(COMBAT, "not a combat decision")),
    }
}

fn answer_open(
    game: &mut Normandy44,
    side: Side,
    phase: Phase,
    action: N44Action,
    log: &mut N44Log,
) -> Result<(), Refusal> {
    match action {
        N44Action::Strafe { hex } => air::strafe(game, side, hex, log),
        N44Action::Attack { hex } => {
            if !may_attack_hex(game, side, hex) {
                return Err(Refusal::by_rule(
                    COMBAT,
                    "that hex cannot be attacked now: no eligible attacker next to it, or it \
                     was attacked already this phase (10.1)",
                ));
            }
            // 19.1.4: every strafing mission is resolved before the first ground attack.
            air::resolve_strafes(game, log);
            game.combat = CombatState {
                stops: std::mem::take(&mut game.combat.stops),
                strafing_over: true,
                ..CombatState::default()
            };
            game.attackers.clear();
            game.step = Step::Phase(side, phase, Stage::Attack { hex });
            Ok(())
        }
        _ => Err(Refusal::by_rule(
            COMBAT,
            "pick a hex to attack, assign a strafing mission, or end the phase",
        )),
    }
}

fn answer_build(
    game: &mut Normandy44,
    side: Side,
    phase: Phase,
    hex: HexId,
    action: N44Action,
    log: &mut N44Log,
) -> Result<(), Refusal> {
    match action {
        N44Action::Join { unit } => {
            if let Some(i) = game.attackers.iter().position(|&a| a == unit) {
                game.attackers.remove(i);
                if game.combat.maf == MafChoice::Formation(unit) {
                    game.combat.maf = MafChoice::None;
                }
            } else {
                if let Some(why) = why_cannot_attack(game, side, unit, hex) {
                    return Err(Refusal::by_rule(COMBAT, why));
                }
                if let Some(why) = join_refusal(game, unit) {
                    return Err(Refusal::by_rule(ARMY_BOUNDARY, why));
                }
                game.attackers.push(unit);
            }
            if game.combat.maf == MafChoice::BattleGroup && !battle_group_fits(game) {
                game.combat.maf = MafChoice::None;
            }
            if game.attackers.is_empty() {
                game.combat.artillery.clear();
                game.combat.air = 0;
                game.combat.naval = false;
            }
            Ok(())
        }
        N44Action::Maf { unit } => {
            if !game.attackers.contains(&unit) {
                return Err(Refusal::by_rule(
                    MAF,
                    "the MAF is the formation of an attacker",
                ));
            }
            game.combat.maf = MafChoice::Formation(unit);
            Ok(())
        }
        N44Action::BattleGroup => {
            if !battle_group_fits(game) {
                return Err(Refusal::by_rule(
                    MAF,
                    "a battle group totals at most 6 CF (10.3)",
                ));
            }
            game.combat.maf = MafChoice::BattleGroup;
            Ok(())
        }
        N44Action::Artillery { unit } => {
            if let Some(why) = artillery_refusal(game, hex, unit) {
                return Err(Refusal::by_rule(odds::ARTILLERY, why));
            }
            game.combat.artillery.push(unit);
            Ok(())
        }
        N44Action::AirSupport => {
            if let Some(why) = odds::air_refusal(game) {
                return Err(Refusal::by_rule(odds::AIR, why));
            }
            game.combat.air += 1;
            Ok(())
        }
        N44Action::NavalSupport => {
            if let Some(why) = odds::naval_refusal(game, hex) {
                return Err(Refusal::by_rule(odds::NAVAL, why));
            }
            game.combat.naval = true;
            Ok(())
        }
        N44Action::Confirm => {
            if let Some(why) = confirm_refusal(game, hex) {
                return Err(Refusal::by_rule(LIMITS, why));
            }
            result::resolve(game, side, phase, hex, log);
            Ok(())
        }
        N44Action::Cancel => {
            game.attackers.clear();
            game.combat = CombatState {
                stops: std::mem::take(&mut game.combat.stops),
                strafing_over: game.combat.strafing_over,
                ..CombatState::default()
            };
            game.step = Step::Phase(side, phase, Stage::Open);
            Ok(())
        }
        _ => Err(Refusal::by_rule(
            COMBAT,
            "build the attack: add attackers, name the MAF, add support, confirm or cancel",
        )),
    }
}
