//! 20.3: the invasion combats, one assault at a time, each through the [`Stage`]s: the assault
//! units move next to the beach and roll on the Invasion Combat Table (2.12) in their column;
//! the losses fall on their infantry-type units, chosen one step at a time by the Allied player
//! (by the German on EX); Bloody Omaha rolls again (20.3.3); the beach strongpoint is eliminated
//! on every result but A1\*; Pointe du Hoc has its Rangers (20.3.4); the tank battalion rolls on
//! the DD Tank Table (20.3.5); then the survivors advance, the beach hex first (20.3.6). The
//! readings are in the [module doc](super).

use super::{Stage, Sub, assault_of, goto, lose_steps, name, roll};
use crate::action::{N44Action, N44Event, N44Log};
use crate::data::{Assault, Class, N44Data, RoadKind, Side, UnitId};
use crate::state::{Location, Normandy44};
use crate::tables::invasion::{
    DdTankResult, FifthRangers, InvasionColumn, InvasionResult, dd_tank, fifth_rangers, invasion,
    pointe_du_hoc_landing_fails,
};
use crate::tables::terrain::{
    Crossing, HexEntry, HexsideFeature, Mobility, Mover, Road, Terrain, cross_hexside, enter_hex,
    leaves_flooded_hex_only_by_road,
};
use crate::zoc::Zones;
use overlord_engine::driver::Progress;
use overlord_engine::{Refusal, RuleId};
use overlord_hexmap::HexId;

/// 20.3.1: the assault and its roll.
pub const GENERAL: RuleId = RuleId("20.3.1");
/// 20.3.2: the results and the losses.
pub const LOSSES: RuleId = RuleId("20.3.2");
/// 20.3.3: Bloody Omaha.
pub const BLOODY_OMAHA: RuleId = RuleId("20.3.3");
/// 20.3.4: the Rangers at Pointe du Hoc.
pub const RANGERS: RuleId = RuleId("20.3.4");
/// 20.3.5: the DD tank roll.
pub const DD_TANKS: RuleId = RuleId("20.3.5");
/// 20.3.6: the advance after invasion combat.
pub const ADVANCE: RuleId = RuleId("20.3.6");

/// The units of one assault as the Allied Initial Forces chart lists them (`[[assault]]`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Force {
    /// The assault units, the tank battalion apart (and Pointe du Hoc's 5th Rangers apart).
    pub units: Vec<UnitId>,
    /// The tank battalion (20.3.5), none at Pointe du Hoc.
    pub tanks: Option<UnitId>,
    /// Pointe du Hoc's 5th Ranger Battalion: the line's second unit (20.3.4).
    pub fifth_rangers: Option<UnitId>,
}

impl Force {
    /// The units that may advance: the assault units and the tank battalion.
    pub fn advancing(&self) -> impl Iterator<Item = UnitId> + '_ {
        self.units.iter().copied().chain(self.tanks)
    }
}

/// The force of assault `i`.
pub fn force(data: &N44Data, i: u8) -> Force {
    let assault = assault_of(i);
    let Some(line) = data.assaults.iter().find(|a| a.beach == assault.position()) else {
        return Force::default();
    };
    let mut units: Vec<UnitId> = line.units.iter().filter_map(|u| data.unit_id(u)).collect();
    let fifth_rangers = if assault == Assault::PointeDuHoc && units.len() >= 2 {
        units.pop()
    } else {
        None
    };
    Force {
        units,
        tanks: line.tanks.as_deref().and_then(|t| data.unit_id(t)),
        fifth_rangers,
    }
}

/// 20.3.1: the column of 2.12 assault `assault` rolls in.
pub fn column(assault: Assault) -> InvasionColumn {
    match assault {
        Assault::Utah => InvasionColumn::Utah,
        Assault::Omaha29 | Assault::Omaha1 => InvasionColumn::Omaha,
        _ => InvasionColumn::AllOthers,
    }
}

/// The beach hex of assault `i`.
pub fn beach(game: &Normandy44, i: u8) -> HexId {
    game.data
        .map
        .assaults
        .get(usize::from(i))
        .copied()
        .unwrap_or(HexId::NONE)
}

/// The result of assault `i`'s latest roll.
pub fn result(game: &Normandy44, i: u8) -> InvasionResult {
    invasion(column(assault_of(i)), game.invasion.roll)
}

fn in_box(game: &Normandy44, i: u8, unit: UnitId) -> bool {
    game.unit(unit).at == Location::AssaultBox(i)
}

fn bit(i: u8) -> u16 {
    1u16 << i.min(15)
}

/// Whether Pointe du Hoc's latest roll failed the landing (20.3.4).
fn landing_failed(game: &Normandy44, i: u8) -> bool {
    assault_of(i) == Assault::PointeDuHoc && pointe_du_hoc_landing_fails(result(game, i))
}

/// 20.3.2: the units that may take assault `i`'s losses: its infantry-type assault units still
/// in the box, never the tank battalion.
pub fn loss_takers(game: &Normandy44, i: u8) -> Vec<UnitId> {
    let data = &game.data;
    force(data, i)
        .units
        .into_iter()
        .filter(|&u| in_box(game, i, u) && data.unit(u).class.infantry_type())
        .collect()
}

/// 20.3.3: whether an Omaha sector fails: no infantry assault unit is left with a step to lose
/// short of elimination (both regiments are cadres).
fn sector_fails(game: &Normandy44, i: u8) -> bool {
    let data = &game.data;
    loss_takers(game, i)
        .iter()
        .all(|&u| game.unit(u).step.saturating_add(1) >= data.step_count(u))
}

/// 20.3.6, 20.3.3: how many hexes assault `i`'s units may advance: the table's "Adv n", at most
/// one in an Omaha sector whose first roll was A1\*; none when the assault failed.
pub fn advance_allowed(game: &Normandy44, i: u8) -> u8 {
    if game.invasion.failed(usize::from(i)) || landing_failed(game, i) {
        return 0;
    }
    let bloody = game.invasion.bloody_first & bit(i) != 0;
    result(game, i).advance_after(bloody)
}

/// The automatic part of stage `stage` of assault `i`, or a decision due.
pub fn advance(game: &mut Normandy44, i: u8, stage: Stage, log: &mut N44Log) -> Progress {
    match stage {
        Stage::Land => land(game, i, log),
        Stage::Losses => {
            if game.invasion.losses_due > 0 && !loss_takers(game, i).is_empty() {
                return Progress::Decide;
            }
            after_losses(game, i, log);
        }
        Stage::Reroll => roll_assault(game, i, false, log),
        Stage::Resolve => resolve(game, i, log),
        Stage::Advance => {
            if !advances(game, i).is_empty() {
                return Progress::Decide;
            }
            goto(game, Sub::Assault(i, Stage::Finish));
        }
        Stage::Finish => finish(game, i, log),
    }
    Progress::Continue
}

/// 20.3.1: the assault units move next to the beach hex and roll; an assault with no unit in
/// its box (not in this scenario, 26.1) is skipped.
fn land(game: &mut Normandy44, i: u8, log: &mut N44Log) {
    let f = force(&game.data, i);
    let waiting: Vec<UnitId> = f.advancing().filter(|&u| in_box(game, i, u)).collect();
    if waiting.is_empty() {
        next(game, i);
        return;
    }
    let names: Vec<String> = waiting.iter().map(|&u| name(game, u)).collect();
    let label = game.data.map.label(beach(game, i));
    let assault = assault_of(i).name();
    log.public(GENERAL, N44Event::Note, || {
        format!(
            "{assault}: {} move next to the beach hex {label} and assault it",
            names.join(", ")
        )
    });
    roll_assault(game, i, true, log);
}

/// 20.3.1–20.3.3: roll on the Invasion Combat Table; the losses become due.
fn roll_assault(game: &mut Normandy44, i: u8, first: bool, log: &mut N44Log) {
    let assault = assault_of(i);
    let column = column(assault);
    let rule = if first { GENERAL } else { BLOODY_OMAHA };
    let label = assault.name();
    let again = if first { "" } else { " again" };
    let die = roll(game, rule, "invasion assault", 0, log, |raw, _| {
        format!(
            "{label}: rolled {raw}{again} on the {column:?} column: {}",
            invasion(column, raw).label()
        )
    });
    game.invasion.roll = die;
    let result = invasion(column, die);
    if first && result.roll_again() {
        // 20.3.6: the sector's advance is capped at one hex from now on.
        game.invasion.bloody_first |= bit(i);
    }
    game.invasion.losses_due = if landing_failed(game, i) {
        // 20.3.4: the 2nd Rangers are eliminated outright (resolved below).
        0
    } else {
        result.attacker_steps()
    };
    if result.german_chooses_loss() {
        // 20.3.2, 12.2: on EX the German picks the Allied unit.
        game.chooser = Some(Side::German);
    }
    goto(game, Sub::Assault(i, Stage::Losses));
}

/// After the losses: Bloody Omaha rolls again, or fails the sector (20.3.3); otherwise the
/// result is resolved.
fn after_losses(game: &mut Normandy44, i: u8, log: &mut N44Log) {
    game.chooser = None;
    game.invasion.losses_due = 0;
    let label = assault_of(i).name();
    if !result(game, i).roll_again() {
        goto(game, Sub::Assault(i, Stage::Resolve));
        return;
    }
    if sector_fails(game, i) {
        game.invasion.failed |= bit(i);
        log.public(BLOODY_OMAHA, N44Event::Note, || {
            format!(
                "{label}: both assault regiments are down to cadres before the strongpoint falls; \
                 the invasion of this beach fails and the beach is closed"
            )
        });
        goto(game, Sub::Assault(i, Stage::Resolve));
    } else {
        log.public(BLOODY_OMAHA, N44Event::Note, || {
            format!("{label}: Bloody Omaha, the strongpoint holds; roll again")
        });
        goto(game, Sub::Assault(i, Stage::Reroll));
    }
}

/// 20.3.2, 20.3.4, 20.3.5, 20.3.3: the strongpoint is eliminated, Pointe du Hoc's failed
/// landing, the DD tank roll, a failed sector's survivors back to the box.
fn resolve(game: &mut Normandy44, i: u8, log: &mut N44Log) {
    let data = game.data.clone();
    let f = force(&data, i);
    let assault = assault_of(i);
    let hex = beach(game, i);
    let failed = game.invasion.failed(usize::from(i));
    if !failed && result(game, i).strongpoint_eliminated() {
        // 20.3.2: every beach SP has one step; every result but A1* eliminates it.
        let strongpoints: Vec<UnitId> = game
            .units_in(hex)
            .filter(|&u| data.unit(u).class == Class::Strongpoint)
            .collect();
        for sp in strongpoints {
            game.take_off(sp, Location::Eliminated);
            let who = name(game, sp);
            log.public(
                LOSSES,
                N44Event::Loss {
                    unit: sp,
                    eliminated: true,
                },
                || format!("{}: the strongpoint {who} is eliminated", assault.name()),
            );
        }
    }
    if landing_failed(game, i) {
        // 20.3.4: on a 1 the landing fails.
        let landed: Vec<UnitId> = f
            .units
            .iter()
            .copied()
            .filter(|&u| in_box(game, i, u))
            .collect();
        for unit in landed {
            game.take_off(unit, Location::Eliminated);
            let who = name(game, unit);
            log.public(
                RANGERS,
                N44Event::Loss {
                    unit,
                    eliminated: true,
                },
                || format!("Pointe du Hoc: the landing fails; {who} is eliminated"),
            );
        }
        if let Some(fifth) = f.fifth_rangers.filter(|&u| in_box(game, i, u)) {
            to_next_wave(game, fifth, log);
        }
    }
    if let Some(tank) = f.tanks.filter(|&u| in_box(game, i, u)) {
        // 20.3.5: the DD Tank Table, independent of the assault roll.
        let who = name(game, tank);
        let die = roll(game, DD_TANKS, "DD tanks", 0, log, |raw, _| {
            let effect = match dd_tank(raw) {
                DdTankResult::LoseStep => "the battalion loses a step",
                DdTankResult::NoEffect => "no effect",
            };
            format!(
                "{}: DD tank roll for {who}: {raw}, {effect}",
                assault.name()
            )
        });
        let steps = dd_tank(die).steps_lost();
        if steps > 0 {
            lose_steps(game, tank, steps, DD_TANKS, log);
        }
    }
    if failed {
        // 20.3.3: the cadres (and the tanks) return to the box; they land with the second wave.
        let back: Vec<UnitId> = f.advancing().filter(|&u| in_box(game, i, u)).collect();
        for unit in back {
            to_second_wave(game, i, unit, BLOODY_OMAHA, log);
        }
    }
    goto(game, Sub::Assault(i, Stage::Advance));
}

/// 20.3.6: every advance open now: (unit, hex).
pub fn advances(game: &Normandy44, i: u8) -> Vec<(UnitId, HexId)> {
    let allowed = advance_allowed(game, i);
    if allowed == 0 {
        return Vec::new();
    }
    let hex = beach(game, i);
    let zones = crate::zoc::zones_of(game, Side::German);
    let mut out = Vec::new();
    for unit in force(&game.data, i).advancing() {
        if in_box(game, i, unit) {
            // The first hex must be the beach hex.
            if enterable(game, unit, hex) {
                out.push((unit, hex));
            }
        } else if allowed >= 2 && game.unit(unit).at == Location::Hex(hex) {
            for next in game.data.map.hexes.neighbours_on_map(hex) {
                if second_hex(game, &zones, unit, hex, next) {
                    out.push((unit, next));
                }
            }
        }
    }
    out
}

/// Whether `unit` may end an advance step in `hex`: land, no German unit there, within the
/// stacking limit (7.2) and the Army Boundary (22.1).
fn enterable(game: &Normandy44, unit: UnitId, hex: HexId) -> bool {
    !matches!(game.terrain(hex), Terrain::Sea | Terrain::Marsh)
        && game.occupant(hex) != Some(Side::German)
        && crate::stacking::fits(game, hex, &[unit])
        && crate::movement::within_boundary(game, unit, hex)
}

/// 14.3, 14.4: whether `unit` in the beach hex `from` (the vacated hex) may go on to `next`.
fn second_hex(
    game: &Normandy44,
    zones: &Zones<'_>,
    unit: UnitId,
    from: HexId,
    next: HexId,
) -> bool {
    let map = &game.data.map;
    if !enterable(game, unit, next) || zones.blocks_step(from, next) {
        return false;
    }
    let Some(direction) = map.hexes.direction(from, next) else {
        return false;
    };
    let side = map.side(from, usize::from(direction.index()));
    let road = side.road.map(|r| match r {
        RoadKind::Main => Road::Main,
        RoadKind::Secondary => Road::Secondary,
    });
    let mobility = if game.data.unit(unit).class.mechanized() {
        Mobility::Mech
    } else {
        Mobility::NonMech
    };
    let here = map.terrain(from);
    let there = map.terrain(next);
    if here == Terrain::Flooded && road.is_none() && leaves_flooded_hex_only_by_road(mobility) {
        return false;
    }
    let features: Vec<HexsideFeature> = HexsideFeature::ALL
        .into_iter()
        .filter(|&f| side.has(f))
        .collect();
    let flooded_hex = here == Terrain::Flooded || there == Terrain::Flooded;
    match cross_hexside(&features, mobility, road.is_some(), flooded_hex) {
        Crossing::Prohibited => return false,
        // 14.4: a major-river or flooded hexside only as the first hex of the advance.
        Crossing::Allowed {
            first_move_only: true,
            ..
        } => return false,
        Crossing::Allowed { .. } => {}
    }
    let mover = Mover {
        side: Side::Allied,
        mobility,
    };
    matches!(
        enter_hex(&[there], mover, road, game.weather.condition),
        HexEntry::Enter { .. }
    )
}

/// The legal answers at stage `stage` of assault `i`.
pub fn legal(game: &Normandy44, i: u8, stage: Stage, out: &mut Vec<N44Action>) {
    match stage {
        Stage::Losses if game.invasion.losses_due > 0 => {
            for unit in loss_takers(game, i) {
                out.push(N44Action::Lose { unit });
            }
        }
        Stage::Advance => {
            let open = advances(game, i);
            if !open.is_empty() {
                for (unit, hex) in open {
                    out.push(N44Action::InvasionAdvance { unit, hex });
                }
                out.push(N44Action::Done);
            }
        }
        _ => {}
    }
}

/// Answer the prompt of stage `stage` of assault `i` (the action is listed).
pub fn answer(
    game: &mut Normandy44,
    i: u8,
    stage: Stage,
    action: N44Action,
    log: &mut N44Log,
) -> Result<(), Refusal> {
    match (stage, action) {
        (Stage::Losses, N44Action::Lose { unit }) => {
            lose_steps(game, unit, 1, LOSSES, log);
            game.invasion.losses_due = game.invasion.losses_due.saturating_sub(1);
            Ok(())
        }
        (Stage::Advance, N44Action::InvasionAdvance { unit, hex }) => {
            let from = game.hex_of(unit);
            game.unit_mut(unit).at = Location::Hex(hex);
            // the last side to enter a hex controls it.
            game.set_control(hex, Side::Allied);
            let who = name(game, unit);
            let label = game.data.map.label(hex);
            let what = if from.is_none() {
                " (the beach hex)"
            } else {
                ""
            };
            log.public(
                ADVANCE,
                N44Event::Moved {
                    unit,
                    from,
                    to: hex,
                },
                || format!("{who} advances into {label}{what}"),
            );
            Ok(())
        }
        (Stage::Advance, N44Action::Done) => {
            goto(game, Sub::Assault(i, Stage::Finish));
            Ok(())
        }
        _ => Err(Refusal::by_rule(GENERAL, "not an answer to this prompt")),
    }
}

/// After the advance: the units left in the box go to the second wave; Pointe du Hoc's 5th
/// Rangers roll (20.3.4); on to the next assault.
fn finish(game: &mut Normandy44, i: u8, log: &mut N44Log) {
    let data = game.data.clone();
    let f = force(&data, i);
    let left: Vec<UnitId> = f.advancing().filter(|&u| in_box(game, i, u)).collect();
    for unit in left {
        to_second_wave(game, i, unit, ADVANCE, log);
    }
    if let Some(fifth) = f.fifth_rangers.filter(|&u| in_box(game, i, u)) {
        let second_alive = f
            .units
            .iter()
            .any(|&u| game.unit(u).at != Location::Eliminated);
        if second_alive {
            // 20.3.4: 1-3 Pointe du Hoc, 4-6 the Next Wave box.
            let who = name(game, fifth);
            let die = roll(game, RANGERS, "5th Rangers", 0, log, |raw, _| {
                let to = match fifth_rangers(false, raw) {
                    FifthRangers::PointeDuHoc => "to Pointe du Hoc",
                    FifthRangers::OmahaNextWave => "to the 29th Division's Next Wave box",
                };
                format!("{who}: rolled {raw}, {to}")
            });
            let hex = beach(game, i);
            if fifth_rangers(false, die) == FifthRangers::PointeDuHoc && enterable(game, fifth, hex)
            {
                game.unit_mut(fifth).at = Location::Hex(hex);
                game.set_control(hex, Side::Allied);
                let label = data.map.label(hex);
                log.public(
                    RANGERS,
                    N44Event::Moved {
                        unit: fifth,
                        from: None,
                        to: hex,
                    },
                    || format!("{who} lands at Pointe du Hoc ({label})"),
                );
            } else {
                to_next_wave(game, fifth, log);
            }
        } else {
            to_next_wave(game, fifth, log);
        }
    }
    next(game, i);
}

/// 20.3.4: `unit` goes to the 29th Division's Next Wave box (it lands at Omaha).
fn to_next_wave(game: &mut Normandy44, unit: UnitId, log: &mut N44Log) {
    game.unit_mut(unit).at = Location::NextWave;
    let who = name(game, unit);
    log.public(RANGERS, N44Event::Note, || {
        format!("{who} goes to the 29th Division's Next Wave box and lands at Omaha later")
    });
}

/// `unit` of assault `i` did not land: it waits in its beach's Second Wave box (Pointe du Hoc's
/// in the Next Wave box), to land as the second wave does (20.5).
fn to_second_wave(game: &mut Normandy44, i: u8, unit: UnitId, rule: RuleId, log: &mut N44Log) {
    let assault = assault_of(i);
    let Some(beach) = assault.beach() else {
        to_next_wave(game, unit, log);
        return;
    };
    game.unit_mut(unit).at = Location::SecondWave(beach.index() as u8);
    let who = name(game, unit);
    log.public(rule, N44Event::Note, || {
        format!(
            "{who} did not land at {}: it waits in the {:?} Second Wave box",
            assault.name(),
            beach
        )
    });
}

/// On to the next assault, or the phase's end.
fn next(game: &mut Normandy44, i: u8) {
    let n = i.saturating_add(1);
    if usize::from(n) < Assault::ALL.len() {
        goto(game, Sub::Assault(n, Stage::Land));
    } else {
        goto(game, Sub::Over);
    }
}
