//! Resolving an attack (10.5, 10.6) and applying its result one choice at a time: losses
//! (12.1-12.3, A-23, A-24, A-53), Determined Defense (12.4, A-37, A-52, A-55), Desperate
//! Defense (12.5, A-62), retreats (13), the advance or Reserve (14, 15.1, A-46, A-47) and the
//! stacking check after it (7.2).
//!
//! `CombatState::step` says which choice is asked; [`proceed`] moves on through the steps that
//! need no choice (a loss with one candidate, a retreat that cannot be made) and stops at the
//! next real one, naming its chooser in `game.chooser` when that is the defender.

use super::air::take_air;
use super::odds::{self, artillery_unfit, assess, fortification, hq_pool};
use super::retreat::{RetreatPath, fewest_losses, key_sets, retreat_paths};
use super::{
    advance_destinations, armor_value, armored, eliminate, face, lose_step, name, quality,
    steps_left, units_of,
};
use crate::action::{N44Action, N44Event, N44Log};
use crate::data::{AvColour, Class, HexFlags, Side, UnitId};
use crate::state::{
    AdvanceRight, CombatState, Location, Normandy44, Phase, ResultStep, Stage, Step, UnitFlags,
};
use crate::tables::air::jabo_applies;
use crate::tables::crt::{CrtResult, FinalColumn, Retreat};
use crate::tables::determined_defense::{DdColumn, LeadArmor, armor_comparison, dd_drm, dd_result};
use crate::tables::weather::Weather;
use overlord_engine::{Die, Refusal, RuleId};
use overlord_hexmap::HexId;

/// 10.5 step 3: the CRT roll.
pub const CRT: RuleId = RuleId("10.5");
/// 12.1: combat results.
pub const RESULTS: RuleId = RuleId("12.1");
/// 12.2: loss selection.
pub const LOSS_SELECTION: RuleId = RuleId("12.2");
/// 12.4: Determined Defense.
pub const DD: RuleId = RuleId("12.4");
/// 12.4.3: DD support.
pub const DD_SUPPORT: RuleId = RuleId("12.4.3");
/// 12.4.4: DD results.
pub const DD_RESULTS: RuleId = RuleId("12.4.4");
/// 12.5: Desperate Defense.
pub const DSPD: RuleId = RuleId("12.5");
/// 13.1: retreats.
pub const RETREAT: RuleId = RuleId("13.1");
/// 13.2: retreat losses.
pub const RETREAT_LOSS: RuleId = RuleId("13.2");
/// 13.3: one-hex retreats.
pub const ONE_HEX: RuleId = RuleId("13.3");
/// 13.5: units that retreated already this phase.
pub const RETREATED_AGAIN: RuleId = RuleId("13.5");
/// 13.6: Disorganization.
pub const DISORGANIZED: RuleId = RuleId("13.6");
/// 14.1: advance after combat.
pub const ADVANCE: RuleId = RuleId("14.1");
/// 15.1: Reserve by combat result.
pub const RESERVE: RuleId = RuleId("15.1");
/// 7.2: stacking after an advance.
pub use crate::stacking::STACKING;
/// 9.8.5: an attacked unit's SM marker comes off.
pub const SM_OFF: RuleId = RuleId("9.8.5");

/// The defender of the attack in progress.
fn defender_side(side: Side) -> Side {
    side.enemy()
}

/// Confirm: pay the support, roll the Jabos and the die, log everything, and start applying the
/// result (10.5, 10.6, 4.4).
pub fn resolve(game: &mut Normandy44, side: Side, phase: Phase, hex: HexId, log: &mut N44Log) {
    let attackers = game.attackers.clone();
    let mut support = odds::support_of(game);
    // 19.1.3: before each German attack in a Clear turn, the Allies roll for the Jabos.
    if side == Side::German && jabo_applies(game.weather.condition) {
        let raw = u8::try_from(game.rng.roll(Die::D6, odds::JABO)).unwrap_or(1);
        game.reveals += 1;
        let shift = crate::tables::air::jabo_shift(raw);
        log.public(
            odds::JABO,
            N44Event::Die {
                purpose: "jabo",
                raw,
                modified: shift,
            },
            || format!("Jabo roll {raw}: {} column shift(s) left", -shift),
        );
        support.jabo = Some(raw);
    }
    let a = assess(game, hex, &attackers, game.combat.maf, &support);
    let defence = odds::defence(game, hex);
    pay_support(game, side, log);
    // 10.1, 15.4: the attackers have attacked; attacking ends Reserve status.
    for &u in &attackers {
        let flags = game.unit(u).flags;
        game.unit_mut(u).flags.set(UnitFlags::ATTACKED, true);
        if flags.has(UnitFlags::RESERVE) {
            game.unit_mut(u).flags.set(UnitFlags::RESERVE, false);
            let who = name(game, u);
            log.public(
                super::RESERVE_LOST,
                N44Event::Marker {
                    unit: u,
                    marker: "reserve",
                    on: false,
                },
                || format!("{who} attacks and leaves Reserve"),
            );
        }
    }
    game.attacked_hexes.push(hex);
    let label = game.data.map.label(hex);
    let (attack, defence_total, dcb) = (a.attack, a.defence, a.dcb);
    let raw_label = match a.raw.virtual_index() {
        Some(c) if c > 8 => format!("{}-1", c - 1),
        _ => match a.raw {
            crate::tables::crt::OddsColumn::On(c) => c.label().to_owned(),
            _ => "below 1-3".to_owned(),
        },
    };
    log.public(CRT, N44Event::Note, || {
        format!("Attack on {label}: {attack} against {defence_total} (DCB {dcb}): odds {raw_label}")
    });
    for line in &a.lines {
        if let Some(rule) = line.halved_by {
            let who = name(game, line.unit);
            let (cf, counted) = (line.cf, line.counted);
            log.public(rule, N44Event::Note, || {
                format!("{who} attacks at half strength: {cf} counts {counted}")
            });
        }
    }
    if dcb > 0 {
        log.public(odds::DCB, N44Event::Note, || {
            format!("The defender's terrain adds {dcb} DCB")
        });
    }
    if a.capped {
        log.public(odds::CAP, N44Event::Note, || {
            "A side's total is cut to 18 factors".to_owned()
        });
    }
    for shift in a.shifts.iter().chain(&a.denied) {
        let s = *shift;
        log.public(s.rule, N44Event::Note, || match s.amount {
            0 => format!("No shift: {}", s.what),
            n if n > 0 => format!("{n} column shift(s) right: {}", s.what),
            n => format!("{} column shift(s) left: {}", -n, s.what),
        });
    }
    let final_column = a.final_column.unwrap_or(FinalColumn::AutomaticA1);
    let column = a.column_label();
    let result = if final_column.needs_roll() {
        let raw = u8::try_from(game.rng.roll(Die::D6, CRT)).unwrap_or(1);
        game.reveals += 1;
        log.public(
            CRT,
            N44Event::Die {
                purpose: "combat",
                raw,
                modified: i8::try_from(raw).unwrap_or(1),
            },
            || format!("Combat die: {raw} on the {column} column"),
        );
        final_column.result(raw)
    } else {
        final_column.result(1)
    };
    let rule = if final_column.needs_roll() {
        RESULTS
    } else {
        super::LIMITS
    };
    log.public(
        rule,
        N44Event::Combat {
            hex,
            attack,
            defence: defence_total,
            column,
            result: result.label(),
        },
        || format!("Result at {label}: {} ({column})", result.label()),
    );
    // 9.8.5 (c): an attacked unit's SM marker comes off, whatever the result.
    for &u in &defence.units {
        if game.unit(u).flags.has(UnitFlags::SM) {
            game.unit_mut(u).flags.set(UnitFlags::SM, false);
            let who = name(game, u);
            log.public(
                SM_OFF,
                N44Event::Marker {
                    unit: u,
                    marker: "strategic movement",
                    on: false,
                },
                || format!("{who} was attacked: its SM marker comes off"),
            );
        }
    }
    let defender_steps: u8 = defence.units.iter().map(|&u| steps_left(game, u)).sum();
    game.combat = CombatState {
        strafes: Vec::new(),
        strafing_over: game.combat.strafing_over,
        stops: std::mem::take(&mut game.combat.stops),
        result: Some(result),
        step: ResultStep::AttackerLoss,
        count: result.attacker_steps(defender_steps),
        defenders: defence.units,
        maf_units: a.maf,
        givers: a.givers,
        defender_steps,
        ..CombatState::default()
    };
    game.step = Step::Phase(side, phase, Stage::Result { hex });
    proceed(game, side, hex, log);
}

/// Spend what the attack's support costs: SupP for HQ shifts (17.2), a Werfer's flip (17.3),
/// air units (19.1.2) and the naval marker (19.2).
fn pay_support(game: &mut Normandy44, side: Side, log: &mut N44Log) {
    let army = game.attackers.first().and_then(|&u| game.army_of(u));
    for unit in game.combat.artillery.clone() {
        let who = name(game, unit);
        if game.data.unit(unit).class == Class::Hq {
            let pool = hq_pool(game, unit);
            game.tracks.supply[pool] = game.tracks.supply[pool].saturating_sub(1);
            if let Some(army) = game.army_of(unit) {
                crate::solitaire::spend_allied_supply(game, army, 1);
            }
            log.public(odds::HQ, N44Event::Note, || {
                format!("{who} fires: one artillery shift for 1 SupP")
            });
        } else {
            game.unit_mut(unit).flags.set(UnitFlags::SPENT, true);
            log.public(
                odds::WERFER,
                N44Event::Marker {
                    unit,
                    marker: "fired",
                    on: true,
                },
                || format!("{who} fires: one artillery shift, and flips"),
            );
        }
    }
    for _ in 0..game.combat.air {
        take_air(game, army);
    }
    if game.combat.naval
        && let Some(army) = army
    {
        // 19.2, A-41: the special Cherbourg bombardment's first marker opens it; in the
        // Cherbourg scenario the turn of the bombardment brings the second US marker (26.2).
        if let Step::Phase(_, _, Stage::Result { hex } | Stage::Attack { hex }) = game.step
            && odds::special_bombardment(game, hex)
            && game.bombardment.turn == 0
        {
            game.bombardment = crate::state::Bombardment {
                turn: game.turn,
                hex,
            };
            if game.scenario == crate::data::Scenario::Cherbourg {
                game.tracks.naval[crate::data::Army::Us.index()] += 1;
            }
            log.public(odds::NAVAL, N44Event::Note, || {
                "The special Cherbourg bombardment: both US naval markers this turn".to_owned()
            });
        }
        let i = army.index();
        game.tracks.naval[i] = game.tracks.naval[i].saturating_sub(1);
    }
    let _ = side;
}

/// The result being applied.
fn result_of(game: &Normandy44) -> CrtResult {
    game.combat.result.unwrap_or(CrtResult::NoEffect)
}

/// Units of `list` still on the map.
fn alive(game: &Normandy44, list: &[UnitId]) -> Vec<UnitId> {
    list.iter()
        .copied()
        .filter(|&u| game.hex_of(u).is_some())
        .collect()
}

/// The defending group still in `hex`.
fn survivors(game: &Normandy44, hex: HexId) -> Vec<UnitId> {
    game.combat
        .defenders
        .iter()
        .copied()
        .filter(|&u| game.hex_of(u) == Some(hex))
        .collect()
}

/// Whether `hex` holds none of the defender's units any more.
fn vacated(game: &Normandy44, side: Side, hex: HexId) -> bool {
    game.occupant(hex) != Some(defender_side(side))
}

/// The units that may take the loss asked now, by the rule that picks them (12.2, 12.4.4,
/// 12.5, 7.2).
fn loss_candidates(game: &Normandy44, side: Side, hex: HexId) -> Vec<UnitId> {
    let combat = &game.combat;
    match combat.step {
        ResultStep::AttackerLoss => {
            let maf = alive(game, &combat.maf_units);
            // 12.2 item 2: a unit that gave a TQ, armor or Tiger shift takes the loss.
            if !result_of(game).defender_chooses_attacker_loss() {
                let givers = alive(game, &combat.givers);
                if !givers.is_empty() {
                    return givers;
                }
            }
            maf
        }
        ResultStep::DefenderLoss | ResultStep::DspdFirst | ResultStep::DspdSecond => {
            survivors(game, hex)
        }
        ResultStep::DdMafLoss => alive(game, &combat.maf_units),
        ResultStep::DdAttackerLoss => alive(game, &game.attackers),
        ResultStep::Overstack => overstacked(game, side)
            .into_iter()
            .flat_map(|h| units_of(game, h, side))
            .collect(),
        _ => Vec::new(),
    }
}

/// Who picks the loss asked now (12.1, 12.2, A-23, A-24).
fn loss_chooser(game: &Normandy44, side: Side) -> Side {
    let result = result_of(game);
    let defender = defender_side(side);
    match game.combat.step {
        ResultStep::AttackerLoss if result.defender_chooses_attacker_loss() => defender,
        ResultStep::DefenderLoss => {
            let first = game.combat.count == result.defender_steps(game.combat.defender_steps);
            match result {
                CrtResult::Ex => side,
                // the attacker picks the first of A1/D2's two steps, the defender the
                // second.
                CrtResult::A1D2 if first => side,
                _ => defender,
            }
        }
        ResultStep::DdMafLoss | ResultStep::DspdFirst => defender,
        _ => side,
    }
}

/// The rule a loss at this step is taken under.
fn loss_rule(step: ResultStep) -> RuleId {
    match step {
        ResultStep::DdMafLoss | ResultStep::DdAttackerLoss => DD_RESULTS,
        ResultStep::DspdFirst | ResultStep::DspdSecond => DSPD,
        ResultStep::Overstack => STACKING,
        _ => LOSS_SELECTION,
    }
}

/// The attacker's hexes an advance left over the stacking limit (7.2).
fn overstacked(game: &Normandy44, side: Side) -> Vec<HexId> {
    let mut hexes: Vec<HexId> = game
        .combat
        .done
        .iter()
        .filter_map(|&u| game.hex_of(u))
        .filter(|&h| !crate::stacking::legal(game, h))
        .collect();
    hexes.sort_unstable();
    hexes.dedup();
    let _ = side;
    hexes
}

/// 12.4.1: the surviving defenders that may lead a DD: not HQs, Werfers, Disorganized units, nor
/// units that retreated in this phase (they are not in the group); strongpoints and scattered
/// units may.
fn dd_leads(game: &Normandy44, hex: HexId) -> Vec<UnitId> {
    survivors(game, hex)
        .into_iter()
        .filter(|&u| !matches!(game.data.unit(u).class, Class::Hq | Class::Werfer))
        .filter(|&u| {
            let f = game.unit(u).flags;
            !f.has(UnitFlags::DISORGANIZED) && !f.has(UnitFlags::RETREATED)
        })
        .collect()
}

/// 12.4.3, A-55: why `unit` may not give DD support to `lead`.
fn dd_artillery_refusal(game: &Normandy44, lead: UnitId, unit: UnitId) -> Option<&'static str> {
    if game.side_of(unit) != game.side_of(lead) {
        return Some("support comes from the defender's own HQs and Werfers");
    }
    if let Some(why) = artillery_unfit(game, unit) {
        return Some(why);
    }
    let (Some(at), Some(lead_at)) = (game.hex_of(unit), game.hex_of(lead)) else {
        return Some("not on the map");
    };
    let hq = game.data.unit(unit).class == Class::Hq;
    let range = if hq { 5 } else { 3 };
    if game.data.map.hexes.distance(at, lead_at) > range {
        return Some("the lead unit is out of range (12.4.3: HQ 5 hexes, Werfer 3)");
    }
    if hq {
        if game.army_of(unit) != game.army_of(lead) {
            return Some("an HQ supports only its own army's units (17.2, A-55)");
        }
        if game.tracks.supply[hq_pool(game, unit)] == 0 {
            return Some("no SupP left to pay for the support (12.4.3)");
        }
    }
    None
}

/// 12.4.3, A-55: why no air unit may support the DD.
fn dd_air_refusal(game: &Normandy44, lead: UnitId) -> Option<&'static str> {
    if game.side_of(lead) != Side::Allied {
        return Some("only the Allies have air units (19.1)");
    }
    if game.tracks.air[0] + game.tracks.air[1] == 0 {
        return Some("no air unit is left this turn (19.1)");
    }
    None
}

/// 12.4.3, 19.2, A-55: why no naval marker may support the DD in `hex`.
fn dd_naval_refusal(game: &Normandy44, lead: UnitId, hex: HexId) -> Option<&'static str> {
    let Some(army) = game.army_of(lead) else {
        return Some("only the Allies have naval markers (19.2)");
    };
    if game.weather.condition == Weather::Storm {
        return Some("no naval support in Storm turns (19.2)");
    }
    if !game.data.map.flags(hex).has(HexFlags::NAVAL_ZONE) {
        return Some("naval DD support only inside the Naval Bombardment Zone (12.4.3)");
    }
    if game.tracks.naval[army.index()] == 0 {
        return Some("no naval marker of the defending army is left (19.2)");
    }
    None
}

/// The units that must retreat from `hex`: the group and any unit that retreated in earlier.
fn retreaters(game: &Normandy44, side: Side, hex: HexId) -> Vec<UnitId> {
    units_of(game, hex, defender_side(side))
}

/// Every retreat path of each unit still to retreat.
fn all_paths(game: &Normandy44, side: Side, hex: HexId) -> Vec<(UnitId, Vec<RetreatPath>)> {
    let result = result_of(game);
    retreaters(game, side, hex)
        .into_iter()
        .map(|u| {
            let paths = retreat_paths(
                game,
                u,
                hex,
                result.retreat_hexes(),
                result.one_hex_retreat_possible(),
                &game.combat.defenders,
            );
            (u, paths)
        })
        .collect()
}

/// 13.1 (minimum-loss rule): the paths of `unit` that keep the group's step losses at their
/// least.
fn legal_paths(game: &Normandy44, side: Side, hex: HexId, unit: UnitId) -> Vec<RetreatPath> {
    let paid = &game.combat.paid;
    let all = all_paths(game, side, hex);
    let options: Vec<Vec<Vec<u32>>> = all
        .iter()
        .filter(|(_, p)| !p.is_empty())
        .map(|(_, p)| key_sets(p, paid))
        .collect();
    let least = fewest_losses(&options, &[]);
    let others: Vec<Vec<Vec<u32>>> = all
        .iter()
        .filter(|(u, p)| *u != unit && !p.is_empty())
        .map(|(_, p)| key_sets(p, paid))
        .collect();
    let Some((_, mine)) = all.into_iter().find(|(u, _)| *u == unit) else {
        return Vec::new();
    };
    mine.into_iter()
        .filter(|p| {
            let own: Vec<u32> = p
                .keys
                .iter()
                .copied()
                .filter(|k| !paid.contains(k))
                .collect();
            fewest_losses(&others, &own) == least
        })
        .collect()
}

/// whether every way the group could retreat eliminates all of it.
fn every_retreat_eliminates(game: &Normandy44, hex: HexId) -> bool {
    let result = result_of(game);
    survivors(game, hex).into_iter().all(|u| {
        if face(game, u).is_none_or(|f| f.ma == 0) {
            return true;
        }
        let paths = retreat_paths(
            game,
            u,
            hex,
            result.retreat_hexes(),
            result.one_hex_retreat_possible(),
            &game.combat.defenders,
        );
        let steps = usize::from(steps_left(game, u));
        !paths.iter().any(|p| p.keys.len() < steps)
    }) && !survivors(game, hex).is_empty()
}

/// 12.5: whether Desperate Defense may be offered now.
fn dspd_allowed(game: &Normandy44, hex: HexId) -> bool {
    let steps: u8 = survivors(game, hex)
        .iter()
        .map(|&u| steps_left(game, u))
        .sum();
    game.combat.dd_failed && steps >= 2 && every_retreat_eliminates(game, hex)
}

/// The units that may advance after combat: the surviving attackers and the parenthesized units
/// stacked with them with an MA (10.7, 14.1); never HQs or Werfers.
fn advancers(game: &Normandy44, side: Side) -> Vec<UnitId> {
    let attackers = alive(game, &game.attackers);
    let hexes: Vec<HexId> = attackers.iter().filter_map(|&u| game.hex_of(u)).collect();
    let mut out: Vec<UnitId> = attackers;
    for &h in &hexes {
        for u in units_of(game, h, side) {
            let parenthesized = face(game, u).is_some_and(|f| f.defence_only && f.ma > 0);
            if parenthesized && !out.contains(&u) {
                out.push(u);
            }
        }
    }
    out.retain(|&u| {
        !matches!(
            game.data.unit(u).class,
            Class::Hq | Class::Werfer | Class::Strongpoint | Class::BeachEngineer
        ) && !game.combat.done.contains(&u)
    });
    out
}

/// 15.1: whether `unit` may go into Reserve by this result (DH, A1/D2; not Regroup-marked nor
/// under a 15.1 prohibition).
fn may_reserve(game: &Normandy44, unit: UnitId) -> bool {
    let f = game.unit(unit).flags;
    game.combat.advance == AdvanceRight::FullOrReserve
        && game.attackers.contains(&unit)
        && !f.has(UnitFlags::REGROUP)
        && !f.has(UnitFlags::OOS)
        && !f.has(UnitFlags::ISOLATED)
        && !f.has(UnitFlags::DISORGANIZED)
        && !f.has(UnitFlags::REPLACED)
}

/// The choices of the result step showing.
pub fn legal(game: &Normandy44, side: Side, hex: HexId, out: &mut Vec<N44Action>) {
    match game.combat.step {
        ResultStep::AttackerLoss
        | ResultStep::DefenderLoss
        | ResultStep::DdMafLoss
        | ResultStep::DdAttackerLoss
        | ResultStep::DspdFirst
        | ResultStep::DspdSecond
        | ResultStep::Overstack => {
            for unit in loss_candidates(game, side, hex) {
                out.push(N44Action::Lose { unit });
            }
        }
        ResultStep::DdOffer => {
            for lead in dd_leads(game, hex) {
                out.push(N44Action::DeterminedDefense { lead });
            }
            out.push(N44Action::Done);
        }
        ResultStep::DdSupport => {
            if let Some(lead) = game.combat.lead {
                for unit in game.unit_ids() {
                    if matches!(game.data.unit(unit).class, Class::Hq | Class::Werfer)
                        && dd_artillery_refusal(game, lead, unit).is_none()
                    {
                        out.push(N44Action::DdArtillery { unit });
                    }
                }
                if dd_air_refusal(game, lead).is_none() {
                    out.push(N44Action::DdAir);
                }
                if dd_naval_refusal(game, lead, hex).is_none() {
                    out.push(N44Action::DdNaval);
                }
            }
            out.push(N44Action::Done);
        }
        ResultStep::DspdOffer => {
            out.push(N44Action::DesperateDefense);
            out.push(N44Action::Done);
        }
        ResultStep::Retreat => {
            for unit in retreaters(game, side, hex) {
                let mut ends: Vec<HexId> = legal_paths(game, side, hex, unit)
                    .into_iter()
                    .map(|p| p.end)
                    .collect();
                ends.sort_unstable();
                ends.dedup();
                out.extend(
                    ends.into_iter()
                        .map(|to| N44Action::Retreat { unit, hex: to }),
                );
            }
        }
        ResultStep::Advance => {
            for unit in advancers(game, side) {
                for (to, _) in advance_destinations(game, unit, hex, game.combat.advance) {
                    out.push(N44Action::Advance { unit, hex: to });
                }
                if may_reserve(game, unit) {
                    out.push(N44Action::ReserveAfterCombat { unit });
                }
            }
            out.push(N44Action::Done);
        }
        ResultStep::None => {}
    }
}

/// Answer a result choice.
pub fn answer(
    game: &mut Normandy44,
    side: Side,
    hex: HexId,
    action: N44Action,
    log: &mut N44Log,
) -> Result<(), Refusal> {
    let mut listed = Vec::new();
    legal(game, side, hex, &mut listed);
    if !listed.contains(&action) {
        return Err(Refusal::by_rule(
            RESULTS,
            format!("{action:?} is not one of the result's choices now"),
        ));
    }
    let step = game.combat.step;
    match action {
        N44Action::Lose { unit } if step == ResultStep::Overstack => {
            eliminate(
                game,
                unit,
                STACKING,
                "the hex is over the stacking limit after the advance (7.2)",
                log,
            );
        }
        N44Action::Lose { unit } => take_loss(game, side, hex, unit, log),
        N44Action::DeterminedDefense { lead } => {
            game.combat.lead = Some(lead);
            game.combat.step = ResultStep::DdSupport;
            let who = name(game, lead);
            log.public(DD, N44Event::Note, || {
                format!("Determined Defense, led by {who}")
            });
        }
        N44Action::Done if step == ResultStep::DdOffer => {
            game.combat.step = ResultStep::Retreat;
        }
        N44Action::DdArtillery { unit } => {
            if game.data.unit(unit).class == Class::Hq {
                let pool = hq_pool(game, unit);
                game.tracks.supply[pool] = game.tracks.supply[pool].saturating_sub(1);
            } else {
                game.unit_mut(unit).flags.set(UnitFlags::SPENT, true);
            }
            let who = name(game, unit);
            log.public(DD_SUPPORT, N44Event::Note, || {
                format!("{who} supports the Determined Defense (+1)")
            });
            roll_dd(game, side, hex, true, log);
        }
        N44Action::DdAir => {
            let army = game.combat.lead.and_then(|l| game.army_of(l));
            take_air(game, army);
            log.public(DD_SUPPORT, N44Event::Note, || {
                "An air unit supports the Determined Defense (+1)".to_owned()
            });
            roll_dd(game, side, hex, true, log);
        }
        N44Action::DdNaval => {
            if let Some(army) = game.combat.lead.and_then(|l| game.army_of(l)) {
                let i = army.index();
                game.tracks.naval[i] = game.tracks.naval[i].saturating_sub(1);
            }
            log.public(DD_SUPPORT, N44Event::Note, || {
                "A naval marker supports the Determined Defense (+1)".to_owned()
            });
            roll_dd(game, side, hex, true, log);
        }
        N44Action::Done if step == ResultStep::DdSupport => roll_dd(game, side, hex, false, log),
        N44Action::DesperateDefense => {
            log.public(DSPD, N44Event::Note, || {
                "Desperate Defense: the group loses two steps and holds".to_owned()
            });
            game.combat.step = ResultStep::DspdFirst;
            game.combat.count = 1;
        }
        N44Action::Done if step == ResultStep::DspdOffer => {
            game.combat.step = ResultStep::Retreat;
        }
        N44Action::Retreat { unit, hex: to } => retreat(game, side, hex, unit, to, log),
        N44Action::Advance { unit, hex: to } => {
            let path = advance_destinations(game, unit, hex, game.combat.advance)
                .into_iter()
                .find(|(e, _)| *e == to)
                .map(|(_, p)| p)
                .unwrap_or_else(|| vec![to]);
            let from = game.hex_of(unit);
            for &h in &path {
                game.set_control(h, side);
            }
            game.unit_mut(unit).at = Location::Hex(to);
            game.combat.done.push(unit);
            let who = name(game, unit);
            let label = game.data.map.label(to);
            log.public(ADVANCE, N44Event::Moved { unit, from, to }, || {
                format!("{who} advances to {label}")
            });
        }
        N44Action::ReserveAfterCombat { unit } => {
            game.unit_mut(unit).flags.set(UnitFlags::RESERVE, true);
            game.combat.done.push(unit);
            let who = name(game, unit);
            log.public(
                RESERVE,
                N44Event::Marker {
                    unit,
                    marker: "reserve",
                    on: true,
                },
                || format!("{who} goes into Reserve instead of advancing"),
            );
        }
        N44Action::Done if step == ResultStep::Advance => {
            game.combat.step = ResultStep::Overstack;
        }
        _ => {
            return Err(Refusal::by_rule(RESULTS, "not a choice of this result now"));
        }
    }
    proceed(game, side, hex, log);
    Ok(())
}

/// `unit` takes the loss asked now.
fn take_loss(game: &mut Normandy44, side: Side, hex: HexId, unit: UnitId, log: &mut N44Log) {
    let step = game.combat.step;
    lose_step(game, unit, loss_rule(step), log);
    game.combat.count = game.combat.count.saturating_sub(1);
    let _ = (side, hex);
}

/// 12.4: roll the Determined Defense of the lead unit, with or without support, and apply it.
fn roll_dd(game: &mut Normandy44, side: Side, hex: HexId, support: bool, log: &mut N44Log) {
    let Some(lead) = game.combat.lead else {
        game.combat.step = ResultStep::Retreat;
        return;
    };
    // 12.4.2: FLAK, AT and armored leads may compare armor instead of their TQ.
    let tq = quality(game, lead);
    let class = game.data.unit(lead).class;
    let comparison = armor_value(game, lead).and_then(|(av, colour)| {
        let may = matches!(class, Class::Flak | Class::Antitank) || armored(game, lead);
        if !may {
            return None;
        }
        let lead_armor = match colour {
            AvColour::Red => LeadArmor::Red(av),
            AvColour::Grey => LeadArmor::Grey(av),
        };
        let maf = alive(game, &game.combat.maf_units);
        let maf_best = maf
            .iter()
            .filter_map(|&u| armor_value(game, u).map(|(a, _)| a))
            .max();
        let attack_has_armor = alive(game, &game.attackers)
            .iter()
            .any(|&u| armored(game, u));
        armor_comparison(lead_armor, maf_best, attack_has_armor)
    });
    let quality = comparison.map_or(tq, |c| c.max(tq));
    let drm = dd_drm(quality, support);
    let column = DdColumn::of(
        &[game.terrain(hex)],
        game.data.map.flags(hex).has(HexFlags::HILLTOP),
        fortification(game, hex),
    );
    let raw = u8::try_from(game.rng.roll(Die::D6, DD)).unwrap_or(1);
    game.reveals += 1;
    let modified = i8::try_from(raw).unwrap_or(1).saturating_add(drm);
    let result = dd_result(column, modified);
    log.public(
        DD,
        N44Event::Die {
            purpose: "determined defense",
            raw,
            modified,
        },
        || {
            format!(
                "Determined Defense: rolled {raw}, DRM {drm:+}, modified {modified} on the \
                 {column:?} column: {}",
                result.label()
            )
        },
    );
    if result.lead_unit_loses_step() {
        lose_step(game, lead, DD_RESULTS, log);
    }
    if result.ip_removed() {
        crate::fortify::remove_ip(
            game,
            hex,
            DD_RESULTS,
            "the Determined Defense Table's *",
            log,
        );
    }
    game.combat.dd_failed = !result.retreat_cancelled();
    game.combat.count = 1;
    game.combat.step = if result.maf_step_defender_chooses() {
        ResultStep::DdMafLoss
    } else if result.attacker_step_attacker_chooses() {
        ResultStep::DdAttackerLoss
    } else {
        after_dd(game, side, hex)
    };
}

/// What follows a DD and its losses: Desperate Defense or the retreat after a failure; after a
/// success no retreat and no advance, unless the hex was emptied (12.4.4: limited advance).
fn after_dd(game: &mut Normandy44, side: Side, hex: HexId) -> ResultStep {
    if game.combat.dd_failed {
        ResultStep::DspdOffer
    } else {
        game.combat.advance = if vacated(game, side, hex) {
            AdvanceRight::Limited
        } else {
            AdvanceRight::None
        };
        ResultStep::Advance
    }
}

/// What follows the CRT losses (12.1): DD or a retreat, or the advance.
fn after_losses(game: &mut Normandy44, side: Side, hex: HexId) -> ResultStep {
    let result = result_of(game);
    match result.retreat() {
        Retreat::None => {
            // 12.1 EX: a limited advance if the defender's single step was lost.
            game.combat.advance = if result == CrtResult::Ex
                && game.combat.defender_steps == 1
                && vacated(game, side, hex)
            {
                AdvanceRight::Limited
            } else {
                AdvanceRight::None
            };
            ResultStep::Advance
        }
        Retreat::TwoHexesOrDd => {
            // 13.4: a defender eliminated by its losses still gives the full advance.
            game.combat.advance = AdvanceRight::Full;
            if survivors(game, hex).is_empty() {
                ResultStep::Retreat
            } else {
                ResultStep::DdOffer
            }
        }
        Retreat::FourHexes => {
            game.combat.advance = AdvanceRight::FullOrReserve;
            ResultStep::Retreat
        }
    }
}

/// 13.1-13.6: `unit` retreats to `to` by a minimum-loss path.
fn retreat(
    game: &mut Normandy44,
    side: Side,
    hex: HexId,
    unit: UnitId,
    to: HexId,
    log: &mut N44Log,
) {
    let paid = game.combat.paid.clone();
    let unpaid = |p: &RetreatPath| p.keys.iter().filter(|k| !paid.contains(k)).count();
    let Some(path) = legal_paths(game, side, hex, unit)
        .into_iter()
        .filter(|p| p.end == to)
        .min_by_key(|p| (unpaid(p), p.by_friends))
    else {
        return;
    };
    let new_keys: Vec<u32> = path
        .keys
        .iter()
        .copied()
        .filter(|k| !paid.contains(k))
        .collect();
    game.combat.paid.extend(&new_keys);
    let defender = defender_side(side);
    // the retreat's hexes come under the retreating side's control.
    for &h in &path.path {
        game.set_control(h, defender);
    }
    game.unit_mut(unit).at = Location::Hex(to);
    // 16.1: an IP goes at once when its hex's units are all forced out.
    crate::fortify::hex_lost(game, hex, log);
    let who = name(game, unit);
    let label = game.data.map.label(to);
    let rule = if path.path.len() == 1 {
        ONE_HEX
    } else {
        RETREAT
    };
    log.public(
        rule,
        N44Event::Moved {
            unit,
            from: Some(hex),
            to,
        },
        || format!("{who} retreats to {label}"),
    );
    if path.by_friends {
        let cf = super::cf(game, unit);
        game.combat.stops.push((to, cf));
    }
    // 13.6, 17.2, 17.3, A-56: Disorganized; an HQ or Werfer flips to its Moved side.
    {
        let mut state = game.unit_mut(unit);
        state.flags.set(UnitFlags::DISORGANIZED, true);
        state.flags.set(UnitFlags::RETREATED, true);
        state.flags.set(UnitFlags::RESERVE, false);
    }
    if matches!(game.data.unit(unit).class, Class::Hq | Class::Werfer) {
        game.unit_mut(unit).flags.set(UnitFlags::SPENT, true);
    }
    log.public(
        DISORGANIZED,
        N44Event::Marker {
            unit,
            marker: "disorganized",
            on: true,
        },
        || format!("{who} is Disorganized"),
    );
    // 13.2: the group's step losses for the places this unit was first to use.
    for _ in &new_keys {
        if game.hex_of(unit).is_none() {
            break;
        }
        lose_step(game, unit, RETREAT_LOSS, log);
    }
}

/// Carry the result on through every step that needs no choice, up to the next choice (its
/// chooser set) or the end of the attack.
pub fn proceed(game: &mut Normandy44, side: Side, hex: HexId, log: &mut N44Log) {
    let defender = defender_side(side);
    for _ in 0..256 {
        let step = game.combat.step;
        match step {
            ResultStep::AttackerLoss
            | ResultStep::DefenderLoss
            | ResultStep::DdMafLoss
            | ResultStep::DdAttackerLoss
            | ResultStep::DspdFirst
            | ResultStep::DspdSecond => {
                let candidates = loss_candidates(game, side, hex);
                if game.combat.count == 0 || candidates.is_empty() {
                    game.combat.step = match step {
                        ResultStep::AttackerLoss => {
                            let result = result_of(game);
                            game.combat.count = result.defender_steps(game.combat.defender_steps);
                            ResultStep::DefenderLoss
                        }
                        ResultStep::DefenderLoss => after_losses(game, side, hex),
                        ResultStep::DspdFirst => {
                            game.combat.count = 1;
                            ResultStep::DspdSecond
                        }
                        ResultStep::DspdSecond => {
                            // 12.5: the group holds; an emptied hex gives a limited advance.
                            game.combat.advance = if vacated(game, side, hex) {
                                AdvanceRight::Limited
                            } else {
                                AdvanceRight::None
                            };
                            ResultStep::Advance
                        }
                        _ => after_dd(game, side, hex),
                    };
                    continue;
                }
                if let [only] = candidates[..] {
                    take_loss(game, side, hex, only, log);
                    continue;
                }
                return ask(game, side, loss_chooser(game, side));
            }
            ResultStep::DdOffer => {
                if dd_leads(game, hex).is_empty() {
                    game.combat.step = ResultStep::Retreat;
                    continue;
                }
                return ask(game, side, defender);
            }
            ResultStep::DdSupport => return ask(game, side, defender),
            ResultStep::DspdOffer => {
                if !dspd_allowed(game, hex) {
                    game.combat.step = ResultStep::Retreat;
                    continue;
                }
                return ask(game, side, defender);
            }
            ResultStep::Retreat => {
                if eliminate_stuck(game, side, hex, log) {
                    continue;
                }
                if retreaters(game, side, hex).is_empty() {
                    game.combat.step = ResultStep::Advance;
                    continue;
                }
                return ask(game, side, defender);
            }
            ResultStep::Advance => {
                let mut listed = Vec::new();
                if vacated(game, side, hex) {
                    legal(game, side, hex, &mut listed);
                }
                if listed.iter().all(|a| *a == N44Action::Done) {
                    game.combat.step = ResultStep::Overstack;
                    continue;
                }
                return ask(game, side, side);
            }
            ResultStep::Overstack => {
                if overstacked(game, side).is_empty() {
                    return finish(game, side);
                }
                return ask(game, side, side);
            }
            ResultStep::None => return finish(game, side),
        }
    }
    finish(game, side);
}

/// 13.1, 13.5, 16.2: units that cannot retreat are eliminated: those that retreated in earlier
/// this phase, MA-0 units (strongpoints included), and units with no legal path. Whether one
/// was.
fn eliminate_stuck(game: &mut Normandy44, side: Side, hex: HexId, log: &mut N44Log) -> bool {
    for unit in retreaters(game, side, hex) {
        if game.unit(unit).flags.has(UnitFlags::RETREATED) {
            eliminate(
                game,
                unit,
                RETREATED_AGAIN,
                "it retreated already this phase and must retreat again (13.5)",
                log,
            );
            return true;
        }
        if face(game, unit).is_none_or(|f| f.ma == 0) {
            eliminate(
                game,
                unit,
                RETREAT,
                "a unit with MA 0 that must retreat surrenders (13.1)",
                log,
            );
            return true;
        }
        if legal_paths(game, side, hex, unit).is_empty() {
            eliminate(
                game,
                unit,
                RETREAT_LOSS,
                "it has no legal retreat (13.1, 13.2)",
                log,
            );
            return true;
        }
    }
    false
}

/// The choice showing is `chooser`'s.
fn ask(game: &mut Normandy44, side: Side, chooser: Side) {
    game.chooser = (chooser != side).then_some(chooser);
}

/// The attack is over: back to picking the next one.
fn finish(game: &mut Normandy44, side: Side) {
    let Step::Phase(_, phase, _) = game.step else {
        return;
    };
    game.attackers.clear();
    game.chooser = None;
    game.combat = CombatState {
        stops: std::mem::take(&mut game.combat.stops),
        strafing_over: game.combat.strafing_over,
        ..CombatState::default()
    };
    game.step = Step::Phase(side, phase, Stage::Open);
}
