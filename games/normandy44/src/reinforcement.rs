//! Reinforcements in the Movement Phase: the Allied landings from Great Britain and the
//! landing boxes (6.5, 20.5, 21.1), evacuation (21.2), the Army Boundary's return (22.1); the
//! German reinforcements' entry or delay (6.6, 26.1), mobilization (6.7), and the Cotentin
//! HQ's relocation (17.4).
//!
//! A landed unit has the landing hex as the first hex of its tactical move (6.5.2): it is put
//! in the hex with the LANDED marker, and movement lets it go one more hex at most. A German
//! reinforcement that enters pays the road cost of its entry hex and is at once the unit picked
//! to move on with the MP it has left (unless it entered an enemy ZOC, where it stops).
//!
//! Readings: Allied reinforcements land at their own army's beachheads and Mulberry; a landing
//! must leave the hex within the stacking limit (7.1); a beach engineer lands only in its own
//! beachhead, and only while that hex is Allied-controlled (21.1); a due German reinforcement
//! that neither enters nor is delayed stays on the card and may enter later at its zone.

use crate::action::{MoveMode, N44Action, N44Event, N44Log};
use crate::beaches::{
    beach_active, beach_of_engineer, beachhead, cherbourg_cities, controls, landing_site,
};
use crate::data::{
    Army, Beach, Class, EntryColour, GermanArrival, RoadKind, Side, Size, UnitId, applies,
};
use crate::movement::{must_move_tactically, reach, why_stuck, within_boundary};
use crate::state::{Location, Normandy44, Phase, Stage, Step, UnitFlags};
use crate::tables::costs::{RpKind, landing_fits};
use crate::tables::terrain::{HexEntry, Mobility, Mover, Road, enter_hex};
use overlord_engine::{Refusal, RuleId};
use overlord_hexmap::HexId;

/// 6.5.2: the landing procedure.
pub const LANDING: RuleId = RuleId("6.5.2");
/// 6.5.1: RP and the costs of the GB box.
pub const RP_COST: RuleId = RuleId("6.5.1");
/// 20.5: the second wave lands in the Allied turn 1.
pub const SECOND_WAVE: RuleId = RuleId("20.5");
/// 21.1: closed beachheads take only their engineer.
pub const CLOSED: RuleId = RuleId("21.1");
/// 21.2: evacuation.
pub const EVACUATION: RuleId = RuleId("21.2");
/// 22.1: the Army Boundary.
pub const BOUNDARY: RuleId = RuleId("22.1");
/// 6.6: German reinforcements.
pub const GERMAN_ENTRY: RuleId = RuleId("6.6");
/// 26.1: the Cherbourg scenario's fixed arrival hex.
pub const CHERBOURG_ARRIVAL: RuleId = RuleId("26.1");
/// 6.7: mobilization.
pub const MOBILIZATION: RuleId = RuleId("6.7");
/// 17.4: the Cotentin HQ.
pub const COTENTIN: RuleId = RuleId("17.4");
/// 6.5.2: the Regroup marker on landed units next to the enemy.
pub const REGROUP: RuleId = RuleId("6.5.2");

/// The most units evacuated from one beach hex in a turn (21.2).
const EVACUATIONS_PER_HEX: usize = crate::tables::costs::EVACUATIONS_PER_BEACH_HEX as usize;

/// Whether the game is at `side`'s Movement Phase (not the Reserve segment) with nothing picked.
fn open_movement(game: &Normandy44, side: Side) -> bool {
    game.step == Step::Phase(side, Phase::Movement, Stage::Open)
}

// ---- Allied landings ---------------------------------------------------------------------

/// 2.14, 6.5.1, A-33: what landing `unit` from Great Britain costs: its GB-box line, else the
/// cost its type lists.
pub fn rp_cost(game: &Normandy44, unit: UnitId) -> u8 {
    let data = game.data();
    let def = data.unit(unit);
    if let Some(line) = data
        .gb
        .iter()
        .find(|g| g.unit == def.id && applies(&g.scenario, game.scenario))
    {
        return line.cost;
    }
    let one_step = data.step_count(unit) == 1;
    let kind = match def.class {
        Class::Hq => RpKind::Hq,
        _ if one_step => RpKind::OneStepUnit,
        Class::Armor if def.size == Size::Brigade && def.army == Some(Army::Cw) => {
            RpKind::BritishArmouredBrigade
        }
        Class::Armor if def.army == Some(Army::Us) => RpKind::UsCombatCommand,
        Class::Recon if def.army == Some(Army::Us) => RpKind::UsReconGroup,
        Class::Silhouette | Class::Armor | Class::Recon => RpKind::TwoStepArmored,
        _ if def.size == Size::Regiment && def.army == Some(Army::Us) => RpKind::UsRegiment,
        Class::Motorized | Class::Panzergrenadier => RpKind::CwMotorizedBrigade,
        _ if def.size == Size::Brigade => RpKind::CwInfantryBrigade,
        _ => RpKind::OtherMultiStep,
    };
    kind.cost()
}

/// Where `unit` waits to land, and whether its landing is free (20.5: the Second Wave and Next
/// Wave boxes) and at which beach it must land (its box's).
fn landing_box(game: &Normandy44, unit: UnitId) -> Option<(bool, Option<Beach>)> {
    match game.unit(unit).at {
        Location::Britain => Some((false, None)),
        Location::SecondWave(b) => Some((true, Beach::ALL.get(usize::from(b)).copied())),
        // 20.3.3: the Next Wave box lands at Omaha.
        Location::NextWave => Some((true, Some(Beach::Omaha))),
        _ => None,
    }
}

/// D11, D12: whether `unit` may land in `hex` now, and what it costs.
pub fn land_check(game: &Normandy44, unit: UnitId, hex: HexId) -> Result<u8, Refusal> {
    if !open_movement(game, Side::Allied) {
        return Err(Refusal::by_rule(
            LANDING,
            "reinforcements land in the Allied Movement Phase",
        ));
    }
    let Some((free, box_beach)) = landing_box(game, unit) else {
        return Err(Refusal::by_rule(LANDING, "the unit is not waiting to land"));
    };
    let data = game.data();
    let def = data.unit(unit);
    let Some(army) = def.army else {
        return Err(Refusal::by_rule(LANDING, "not an Allied unit"));
    };
    if !free {
        if game.turn < 2 {
            return Err(Refusal::by_rule(
                RP_COST,
                "the GB box is not used on turn 1 (20.5)",
            ));
        }
        let from = data
            .gb
            .iter()
            .find(|g| g.unit == def.id && applies(&g.scenario, game.scenario))
            .and_then(|g| g.from_turn);
        if from.is_some_and(|t| game.turn < t) {
            return Err(Refusal::by_rule(RP_COST, "the unit is not available yet"));
        }
    }
    let Some(site) = landing_site(game, army, hex) else {
        return Err(Refusal::by_rule(
            LANDING,
            "reinforcements land at one of their army's beachheads or its complete Mulberry",
        ));
    };
    let limit_beach = site.limit_beach();
    if box_beach.is_some_and(|b| site != crate::tables::costs::LandingSite::Beach(b)) {
        return Err(Refusal::by_rule(
            SECOND_WAVE,
            "the unit lands at its own box's beach",
        ));
    }
    if game.occupant(hex) == Some(Side::German) {
        return Err(Refusal::by_rule(LANDING, "German units hold the hex"));
    }
    match beach_of_engineer(game, unit) {
        Some(beach) => {
            if beachhead(game, beach) != hex || !game.allied_controls(hex) {
                return Err(Refusal::by_rule(
                    CLOSED,
                    "a beach engineer lands only in its own beachhead, once it is \
                     Allied-controlled",
                ));
            }
        }
        None => {
            if let crate::tables::costs::LandingSite::Beach(beach) = site
                && !beach_active(game, beach)
            {
                return Err(Refusal::by_rule(
                    CLOSED,
                    "the beachhead is closed: only its engineer may land there",
                ));
            }
        }
    }
    let cost = if free { 0 } else { rp_cost(game, unit) };
    if !free {
        if game.tracks.rp[army.index()] < cost {
            return Err(Refusal::by_rule(
                RP_COST,
                format!(
                    "the unit costs {cost} RP and {} are left",
                    game.tracks.rp[army.index()]
                ),
            ));
        }
        if !landing_fits(game.tracks.rp_landed[limit_beach.index()], cost) {
            return Err(Refusal::by_rule(
                LANDING,
                format!(
                    "at most 4 RP land at {} in a turn (the Mulberries count as Gold and Omaha, \
                     A-32)",
                    limit_beach.id()
                ),
            ));
        }
    }
    if !crate::stacking::fits(game, hex, &[unit]) {
        // 20.5: a second-wave unit that cannot land for stacking waits for a later turn.
        return Err(Refusal::by_rule(
            LANDING,
            "the hex has no room for it (7.1)",
        ));
    }
    Ok(cost)
}

/// The hexes `unit` might land in: its army's beachheads and Mulberry.
fn landing_hexes(game: &Normandy44, unit: UnitId) -> Vec<HexId> {
    let Some(army) = game.army_of(unit) else {
        return Vec::new();
    };
    let mut hexes: Vec<HexId> = Beach::ALL
        .into_iter()
        .filter(|b| b.army() == army)
        .map(|b| beachhead(game, b))
        .collect();
    hexes.push(crate::beaches::mulberry_hex(game, army));
    hexes.sort_unstable();
    hexes.dedup();
    hexes
}

fn land(game: &mut Normandy44, unit: UnitId, hex: HexId, log: &mut N44Log) -> Result<(), Refusal> {
    let cost = land_check(game, unit, hex)?;
    let free = cost == 0 && !matches!(game.unit(unit).at, Location::Britain);
    if let (Some(army), Some(site)) = (
        game.army_of(unit),
        game.army_of(unit).and_then(|a| landing_site(game, a, hex)),
    ) && !free
    {
        game.tracks.rp[army.index()] -= cost;
        game.tracks.rp_landed[site.limit_beach().index()] += cost;
    }
    let state = game.unit_mut(unit);
    state.at = Location::Hex(hex);
    state.spent = 0;
    state.flags = UnitFlags::default();
    state.flags.set(UnitFlags::LANDED, true);
    game.set_control(hex, Side::Allied);
    let name = game.data().unit(unit).short.clone();
    let label = game.data().map.label(hex);
    let rule = if free { SECOND_WAVE } else { LANDING };
    log.public(
        rule,
        N44Event::Moved {
            unit,
            from: None,
            to: hex,
        },
        || {
            if free {
                format!("{name} lands in {label} with the second wave")
            } else {
                format!("{name} lands in {label} ({cost} RP)")
            }
        },
    );
    Ok(())
}

/// D13 (21.2): whether `unit` may evacuate to Great Britain now: in a beach (landing) hex, not
/// moved this phase (it spends its whole MA), at most two a turn from one hex; it may be in an
/// enemy ZOC.
pub fn evacuate_check(game: &Normandy44, unit: UnitId) -> Result<HexId, Refusal> {
    if !open_movement(game, Side::Allied) || game.side_of(unit) != Side::Allied {
        return Err(Refusal::by_rule(
            EVACUATION,
            "Allied units evacuate in the Allied Movement Phase",
        ));
    }
    let Some(hex) = game.hex_of(unit) else {
        return Err(Refusal::by_rule(EVACUATION, "the unit is not on the map"));
    };
    if !Beach::ALL.into_iter().any(|b| beachhead(game, b) == hex) {
        return Err(Refusal::by_rule(
            EVACUATION,
            "the unit is not in a beach hex",
        ));
    }
    if let Some(why) = why_stuck(game, unit, false) {
        return Err(Refusal::by_rule(
            EVACUATION,
            format!("it cannot move: {why}"),
        ));
    }
    let state = game.unit(unit);
    if state.spent > 0 || state.flags.has(UnitFlags::LANDED) {
        return Err(Refusal::by_rule(
            EVACUATION,
            "evacuating takes the unit's whole MA",
        ));
    }
    if game.evacuations.iter().filter(|&&h| h == hex).count() >= EVACUATIONS_PER_HEX {
        return Err(Refusal::by_rule(
            EVACUATION,
            "at most two units a turn evacuate from one beach hex",
        ));
    }
    Ok(hex)
}

fn evacuate(game: &mut Normandy44, unit: UnitId, log: &mut N44Log) -> Result<(), Refusal> {
    let hex = evacuate_check(game, unit)?;
    game.evacuations.push(hex);
    let state = game.unit_mut(unit);
    state.at = Location::Britain;
    state.spent = 0;
    state.flags = UnitFlags::default();
    let name = game.data().unit(unit).short.clone();
    let label = game.data().map.label(hex);
    log.public(EVACUATION, N44Event::Note, || {
        format!("{name} evacuates from {label} to Great Britain")
    });
    Ok(())
}

/// 22.1, A-29: whether `unit` stands more than one hex beyond its army's side of the Army
/// Boundary (after a retreat) and must come back.
pub fn beyond_boundary(game: &Normandy44, unit: UnitId) -> bool {
    game.side_of(unit) == Side::Allied
        && game
            .hex_of(unit)
            .is_some_and(|h| !within_boundary(game, unit, h))
}

/// 22.1, A-29: an Allied unit beyond the boundary that can still move back this phase (every
/// move it makes ends within the limit); the phase may not end while there is one.
pub fn must_still_return(game: &Normandy44) -> Option<UnitId> {
    if !open_movement(game, Side::Allied) {
        return None;
    }
    game.unit_ids().find(|&u| {
        beyond_boundary(game, u) && why_stuck(game, u, false).is_none() && {
            let mode = if must_move_tactically(game, u) {
                MoveMode::Tactical
            } else {
                MoveMode::Normal
            };
            reach(game, &[u], mode, false).is_some_and(|r| r.destinations().next().is_some())
        }
    })
}

// ---- German reinforcements -----------------------------------------------------------------

/// The card line of German reinforcement `unit` in this scenario.
fn arrival(game: &Normandy44, unit: UnitId) -> Option<&GermanArrival> {
    let id = &game.data().unit(unit).id;
    game.data()
        .german_arrivals
        .iter()
        .find(|a| &a.unit == id && applies(&a.scenario, game.scenario))
}

/// Whether German reinforcement `unit` is due: its turn has come (6.6).
fn due(game: &Normandy44, unit: UnitId) -> bool {
    matches!(game.unit(unit).at, Location::Arriving(t) if t <= game.turn)
}

/// 6.6: the entry zone (index in the map's `entries`) `unit` enters by now: its colour's, or
/// where a delay sent it.
fn zone_of(game: &Normandy44, unit: UnitId) -> Option<usize> {
    if let Some(&(_, z)) = game.entry_zones.iter().find(|(u, _)| *u == unit) {
        return Some(usize::from(z));
    }
    let colour: EntryColour = arrival(game, unit)?.colour?;
    game.data()
        .map
        .entries
        .iter()
        .position(|(c, _)| *c == colour)
}

/// The hexes `unit` may enter at: its zone's entry hexes, or its fixed hex (26.1).
fn entry_hexes(game: &Normandy44, unit: UnitId) -> Vec<HexId> {
    let data = game.data();
    if let Some(hex) = arrival(game, unit)
        .and_then(|a| a.hex.as_deref())
        .and_then(|l| data.map.hex(l))
    {
        return vec![hex];
    }
    zone_of(game, unit)
        .and_then(|z| data.map.entries.get(z))
        .map(|(_, hexes)| hexes.clone())
        .unwrap_or_default()
}

/// 6.6: the road cost of entering `hex`, for `unit`.
fn entry_cost(game: &Normandy44, unit: UnitId, hex: HexId) -> Option<u16> {
    let map = &game.data().map;
    let sides = map.sides.get(hex.index())?;
    let road = if sides.iter().any(|s| s.road == Some(RoadKind::Main)) {
        Some(Road::Main)
    } else if sides.iter().any(|s| s.road == Some(RoadKind::Secondary)) {
        Some(Road::Secondary)
    } else {
        None
    };
    let mobility = if game.data().unit(unit).class.mechanized() {
        Mobility::Mech
    } else {
        Mobility::NonMech
    };
    let mover = Mover {
        side: Side::German,
        mobility,
    };
    match enter_hex(&[map.terrain(hex)], mover, road, game.weather.condition) {
        HexEntry::Enter { cost, .. } => Some(cost.0),
        HexEntry::RoadOnly | HexEntry::Prohibited => None,
    }
}

/// D9 (6.6): whether `unit` may enter at `hex` now, and what it costs.
pub fn enter_check(game: &Normandy44, unit: UnitId, hex: HexId) -> Result<u16, Refusal> {
    if !open_movement(game, Side::German) || game.side_of(unit) != Side::German {
        return Err(Refusal::by_rule(
            GERMAN_ENTRY,
            "German reinforcements enter in the German Movement Phase",
        ));
    }
    if !due(game, unit) {
        return Err(Refusal::by_rule(
            GERMAN_ENTRY,
            "the unit is not due this turn",
        ));
    }
    if !entry_hexes(game, unit).contains(&hex) {
        let rule = if arrival(game, unit).is_some_and(|a| a.hex.is_some()) {
            CHERBOURG_ARRIVAL
        } else {
            GERMAN_ENTRY
        };
        return Err(Refusal::by_rule(
            rule,
            "a reinforcement enters through an entry hex of its zone, never between two",
        ));
    }
    if game.occupant(hex) == Some(Side::Allied) {
        return Err(Refusal::by_rule(
            GERMAN_ENTRY,
            "Allied units hold the entry hex",
        ));
    }
    if !crate::stacking::fits(game, hex, &[unit]) {
        return Err(Refusal::by_rule(
            GERMAN_ENTRY,
            "the hex has no room for it (7.1)",
        ));
    }
    entry_cost(game, unit, hex)
        .ok_or_else(|| Refusal::by_rule(GERMAN_ENTRY, "the unit cannot enter that hex"))
}

fn enter(game: &mut Normandy44, unit: UnitId, hex: HexId, log: &mut N44Log) -> Result<(), Refusal> {
    let cost = enter_check(game, unit, hex)?;
    let in_ezoc = crate::zoc::zones_of(game, Side::Allied).in_zoc(hex);
    game.entry_zones.retain(|(u, _)| *u != unit);
    let state = game.unit_mut(unit);
    state.at = Location::Hex(hex);
    state.spent = u8::try_from(cost).unwrap_or(u8::MAX);
    state.flags = UnitFlags::default();
    game.set_control(hex, Side::German);
    let name = game.data().unit(unit).short.clone();
    let label = game.data().map.label(hex);
    let mp = crate::movement::mp_text(cost);
    if in_ezoc {
        // 6.6: it may enter an enemy ZOC, and stops there.
        let state = game.unit_mut(unit);
        state.flags.set(UnitFlags::MOVED, true);
        state.flags.set(UnitFlags::ZOC_MOVE, true);
    } else {
        game.step = Step::Phase(
            Side::German,
            Phase::Movement,
            Stage::Moving {
                unit,
                stack: false,
                mode: MoveMode::Normal,
            },
        );
    }
    log.public(
        GERMAN_ENTRY,
        N44Event::Moved {
            unit,
            from: None,
            to: hex,
        },
        || {
            if in_ezoc {
                format!("{name} enters at {label} ({mp}) into an Allied ZOC and stops")
            } else {
                format!("{name} enters at {label} ({mp}) and moves on")
            }
        },
    );
    Ok(())
}

/// D9 (6.6): the zone `unit` would wait for if delayed (`later`: the next zone along the edge).
pub fn delay_zone(game: &Normandy44, unit: UnitId, later: bool) -> Result<usize, Refusal> {
    if !open_movement(game, Side::German) || !due(game, unit) {
        return Err(Refusal::by_rule(
            GERMAN_ENTRY,
            "a due reinforcement may be delayed in the German Movement Phase",
        ));
    }
    let Some(zone) =
        zone_of(game, unit).filter(|_| arrival(game, unit).is_some_and(|a| a.hex.is_none()))
    else {
        return Err(Refusal::by_rule(
            CHERBOURG_ARRIVAL,
            "the unit arrives at a fixed hex",
        ));
    };
    let next = if later {
        zone.checked_add(1)
    } else {
        zone.checked_sub(1)
    };
    next.filter(|&z| z < game.data().map.entries.len())
        .ok_or_else(|| Refusal::by_rule(GERMAN_ENTRY, "no entry zone lies that way"))
}

fn delay(
    game: &mut Normandy44,
    unit: UnitId,
    later: bool,
    log: &mut N44Log,
) -> Result<(), Refusal> {
    let zone = delay_zone(game, unit, later)?;
    game.entry_zones.retain(|(u, _)| *u != unit);
    game.entry_zones
        .push((unit, u8::try_from(zone).unwrap_or(u8::MAX)));
    game.unit_mut(unit).at = Location::Arriving(game.turn.saturating_add(1));
    let name = game.data().unit(unit).short.clone();
    let colour = game
        .data()
        .map
        .entries
        .get(zone)
        .map_or("?", |(c, _)| c.name());
    log.public(GERMAN_ENTRY, N44Event::Note, || {
        format!("{name} is delayed: it may enter next turn by the {colour} zone")
    });
    Ok(())
}

/// D10 (6.7): whether `unit` may be mobilized in `hex` now.
pub fn mobilize_check(game: &Normandy44, unit: UnitId, hex: HexId) -> Result<usize, Refusal> {
    if !open_movement(game, Side::German) {
        return Err(Refusal::by_rule(
            MOBILIZATION,
            "units mobilize in the German Movement Phase",
        ));
    }
    let Location::Mobilization(b) = game.unit(unit).at else {
        return Err(Refusal::by_rule(
            MOBILIZATION,
            "the unit is not in a Mobilization box",
        ));
    };
    let b = usize::from(b);
    if game.turn < 2 {
        return Err(Refusal::by_rule(
            MOBILIZATION,
            "mobilization begins on turn 2",
        ));
    }
    if game.mobilized.get(b).copied().unwrap_or(true) {
        return Err(Refusal::by_rule(
            MOBILIZATION,
            "one unit a turn leaves each Mobilization box",
        ));
    }
    let map = &game.data().map;
    let hexes = if b == 0 {
        &map.mobilization_243
    } else {
        &map.mobilization_709
    };
    if !hexes.contains(&hex) {
        return Err(Refusal::by_rule(
            MOBILIZATION,
            "the unit is placed on one of its division's mobilization hexes",
        ));
    }
    if game.occupant(hex) == Some(Side::Allied)
        || crate::zoc::zones_of(game, Side::Allied).in_zoc(hex)
    {
        return Err(Refusal::by_rule(
            MOBILIZATION,
            "the mobilization hex must be free of Allied units and their ZOC",
        ));
    }
    if !crate::stacking::fits(game, hex, &[unit]) {
        return Err(Refusal::by_rule(
            MOBILIZATION,
            "the hex has no room for it (7.1)",
        ));
    }
    Ok(b)
}

fn mobilize(
    game: &mut Normandy44,
    unit: UnitId,
    hex: HexId,
    log: &mut N44Log,
) -> Result<(), Refusal> {
    let b = mobilize_check(game, unit, hex)?;
    game.mobilized[b] = true;
    let state = game.unit_mut(unit);
    state.at = Location::Hex(hex);
    state.spent = 0;
    state.flags = UnitFlags::default();
    game.set_control(hex, Side::German);
    let name = game.data().unit(unit).short.clone();
    let label = game.data().map.label(hex);
    log.public(
        MOBILIZATION,
        N44Event::Moved {
            unit,
            from: None,
            to: hex,
        },
        || format!("{name} mobilizes in {label}"),
    );
    Ok(())
}

/// 17.4: the Cotentin Artillery HQ (the German HQ named "Cotentin").
pub fn cotentin_hq(game: &Normandy44) -> Option<UnitId> {
    let data = game.data();
    game.unit_ids().find(|&u| {
        let def = data.unit(u);
        def.side == Side::German && def.class == Class::Hq && def.name.contains("Cotentin")
    })
}

/// D17 (17.4): whether the Cotentin HQ may be relocated to `hex` now.
pub fn relocate_check(game: &Normandy44, hex: HexId) -> Result<UnitId, Refusal> {
    if !open_movement(game, Side::German) {
        return Err(Refusal::by_rule(
            COTENTIN,
            "the Cotentin HQ is relocated in a German Movement Phase",
        ));
    }
    if game.cotentin_relocated {
        return Err(Refusal::by_rule(
            COTENTIN,
            "the relocation is once per game",
        ));
    }
    let Some(hq) = cotentin_hq(game).filter(|&u| game.hex_of(u).is_some()) else {
        return Err(Refusal::by_rule(
            COTENTIN,
            "the Cotentin HQ is not on the map",
        ));
    };
    if game.unit(hq).flags.has(UnitFlags::MOVED) {
        return Err(Refusal::by_rule(COTENTIN, "the HQ has moved this phase"));
    }
    if !cherbourg_cities(game).contains(&hex)
        || !controls(game, Side::German, hex)
        || game.hex_of(hq) == Some(hex)
    {
        return Err(Refusal::by_rule(
            COTENTIN,
            "the HQ is placed in a friendly-controlled Cherbourg city hex",
        ));
    }
    if game.occupant(hex) == Some(Side::Allied) || !crate::stacking::fits(game, hex, &[hq]) {
        return Err(Refusal::by_rule(COTENTIN, "the hex has no room for it"));
    }
    Ok(hq)
}

fn relocate(game: &mut Normandy44, hex: HexId, log: &mut N44Log) -> Result<(), Refusal> {
    let hq = relocate_check(game, hex)?;
    let from = game.hex_of(hq);
    game.cotentin_relocated = true;
    let state = game.unit_mut(hq);
    state.at = Location::Hex(hex);
    state.flags.set(UnitFlags::MOVED, true);
    let label = game.data().map.label(hex);
    log.public(
        COTENTIN,
        N44Event::Moved {
            unit: hq,
            from,
            to: hex,
        },
        || format!("The Cotentin HQ is relocated to Cherbourg ({label}), once per game"),
    );
    Ok(())
}

// ---- The Movement Phase's prompts ---------------------------------------------------------

/// The reinforcement answers of `side`'s Movement Phase (added to movement's), and 22.1's hold
/// on ending it.
pub fn legal(game: &Normandy44, side: Side, out: &mut Vec<N44Action>) {
    if !open_movement(game, side) {
        return;
    }
    let ids: Vec<UnitId> = game
        .unit_ids()
        .filter(|&u| game.side_of(u) == side)
        .collect();
    match side {
        Side::Allied => {
            for &unit in &ids {
                if landing_box(game, unit).is_some() {
                    for hex in landing_hexes(game, unit) {
                        if land_check(game, unit, hex).is_ok() {
                            out.push(N44Action::Land { unit, hex });
                        }
                    }
                } else if game.hex_of(unit).is_some() && evacuate_check(game, unit).is_ok() {
                    out.push(N44Action::Evacuate { unit });
                }
            }
            if must_still_return(game).is_some() {
                out.retain(|a| *a != N44Action::Done);
            }
        }
        Side::German => {
            for &unit in &ids {
                match game.unit(unit).at {
                    Location::Arriving(_) if due(game, unit) => {
                        for hex in entry_hexes(game, unit) {
                            if enter_check(game, unit, hex).is_ok() {
                                out.push(N44Action::Enter { unit, hex });
                            }
                        }
                        for later in [false, true] {
                            if delay_zone(game, unit, later).is_ok() {
                                out.push(N44Action::Delay { unit, later });
                            }
                        }
                    }
                    Location::Mobilization(b) => {
                        let map = &game.data().map;
                        let hexes = if b == 0 {
                            &map.mobilization_243
                        } else {
                            &map.mobilization_709
                        };
                        for &hex in hexes {
                            if mobilize_check(game, unit, hex).is_ok() {
                                out.push(N44Action::Mobilize { unit, hex });
                            }
                        }
                    }
                    _ => {}
                }
            }
            for hex in cherbourg_cities(game) {
                if relocate_check(game, hex).is_ok() {
                    out.push(N44Action::RelocateCotentinHq { hex });
                }
            }
        }
    }
}

/// Whether `action` is one this module answers.
pub fn answers(action: N44Action) -> bool {
    matches!(
        action,
        N44Action::Land { .. }
            | N44Action::Evacuate { .. }
            | N44Action::Enter { .. }
            | N44Action::Delay { .. }
            | N44Action::Mobilize { .. }
            | N44Action::RelocateCotentinHq { .. }
    )
}

pub fn answer(
    game: &mut Normandy44,
    side: Side,
    action: N44Action,
    log: &mut N44Log,
) -> Result<(), Refusal> {
    match (side, action) {
        (Side::Allied, N44Action::Land { unit, hex }) => land(game, unit, hex, log),
        (Side::Allied, N44Action::Evacuate { unit }) => evacuate(game, unit, log),
        (Side::German, N44Action::Enter { unit, hex }) => enter(game, unit, hex, log),
        (Side::German, N44Action::Delay { unit, later }) => delay(game, unit, later, log),
        (Side::German, N44Action::Mobilize { unit, hex }) => mobilize(game, unit, hex, log),
        (Side::German, N44Action::RelocateCotentinHq { hex }) => relocate(game, hex, log),
        _ => Err(Refusal::by_rule(
            LANDING,
            "not a reinforcement decision of this side",
        )),
    }
}

/// 22.1: the Movement Phase may not end while a unit beyond the Army Boundary can come back.
pub fn done_refusal(game: &Normandy44) -> Option<Refusal> {
    must_still_return(game).map(|u| {
        Refusal::by_rule(
            BOUNDARY,
            format!(
                "{} is more than one hex beyond the Army Boundary and must move back first",
                game.data().unit(u).short
            ),
        )
    })
}

/// The end of `side`'s Movement Phase: landed reinforcements next to the enemy get a Regroup
/// marker (6.5.2; A-50: the halving is for every landed unit, the marker a reminder).
pub fn end_movement(game: &mut Normandy44, side: Side, log: &mut N44Log) {
    if side != Side::Allied {
        return;
    }
    for unit in game.unit_ids().collect::<Vec<_>>() {
        let Some(hex) = game.hex_of(unit) else {
            continue;
        };
        if !game.unit(unit).flags.has(UnitFlags::LANDED)
            || game.unit(unit).flags.has(UnitFlags::REGROUP)
            || !game.enemy_adjacent(hex, Side::Allied)
        {
            continue;
        }
        game.unit_mut(unit).flags.set(UnitFlags::REGROUP, true);
        let name = game.data().unit(unit).short.clone();
        log.public(
            REGROUP,
            N44Event::Marker {
                unit,
                marker: "regroup",
                on: true,
            },
            || format!("{name} landed this turn and is next to the enemy: Regroup"),
        );
    }
}
