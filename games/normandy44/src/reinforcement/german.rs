//! The German side of reinforcement: arrivals by entry zone or fixed hex, and their delay
//! (6.6, 26.1), mobilization (6.7), and the Cotentin HQ's relocation (17.4).

use super::{CHERBOURG_ARRIVAL, COTENTIN, GERMAN_ENTRY, MOBILIZATION, open_movement};
use crate::action::{MoveMode, N44Event, N44Log};
use crate::beaches::{cherbourg_cities, controls};
use crate::data::{EntryColour, GermanArrival, RoadKind, Side, UnitId, applies};
use crate::state::{Location, Normandy44, Phase, Stage, Step, UnitFlags};
use crate::tables::costs::StackTally;
use crate::tables::terrain::{HexEntry, Mobility, Mover, Road, enter_hex};
use overlord_engine::Refusal;
use overlord_hexmap::HexId;

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
pub(super) fn due(game: &Normandy44, unit: UnitId) -> bool {
    matches!(game.unit(unit).at, Location::Arriving(t) if t <= game.turn)
}

/// 6.6: the entry zone (index in the map's `entries`) `unit` enters by now: where a delay
/// sent it, else its colour's, from its card line found by `arrival` (looked for only then).
fn zone_of_with<'d>(
    game: &'d Normandy44,
    unit: UnitId,
    arrival: impl FnOnce() -> Option<&'d GermanArrival>,
) -> Option<usize> {
    if let Some(&(_, z)) = game.entry_zones.iter().find(|(u, _)| *u == unit) {
        return Some(usize::from(z));
    }
    let colour: EntryColour = arrival()?.colour?;
    game.data()
        .map
        .entries
        .iter()
        .position(|(c, _)| *c == colour)
}

/// The hexes `unit` may enter at: its zone's entry hexes, or its fixed hex (26.1).
pub(super) fn entry_hexes(game: &Normandy44, unit: UnitId) -> Vec<HexId> {
    entry_hexes_with(game, unit, arrival(game, unit)).collect()
}

/// [`entry_hexes`], with the unit's card line given, read where they lie (the legal list asks
/// them of every due unit).
fn entry_hexes_with<'d>(
    game: &'d Normandy44,
    unit: UnitId,
    arrival: Option<&'d GermanArrival>,
) -> impl Iterator<Item = HexId> + 'd {
    let data = game.data();
    let fixed = arrival
        .and_then(|a| a.hex.as_deref())
        .and_then(|l| data.map.hex(l));
    let zone: &[HexId] = match fixed {
        Some(_) => &[],
        None => zone_of_with(game, unit, || arrival)
            .and_then(|z| data.map.entries.get(z))
            .map_or(&[], |(_, hexes)| hexes.as_slice()),
    };
    fixed.into_iter().chain(zone.iter().copied())
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
    enter_at(game, unit, hex, entry_hex(game, hex))
}

/// What [`enter_check`] reads of an entry hex, the same for every unit: `None` where Allied
/// units hold it, else the stacking tally of the units there (a reinforcement comes from off
/// the map, so it is never one of them, 7.1).
fn entry_hex(game: &Normandy44, hex: HexId) -> Option<StackTally> {
    (game.occupant(hex) != Some(Side::Allied)).then(|| crate::stacking::tally(game, hex))
}

/// [`enter_check`]'s checks of the hex, once `unit` is a due German reinforcement and `hex`
/// one of its entry hexes, `at` being [`entry_hex`]: the legal list asks only these, with the
/// hexes found once per unit and what it reads of each once per list.
fn enter_at(
    game: &Normandy44,
    unit: UnitId,
    hex: HexId,
    at: Option<StackTally>,
) -> Result<u16, Refusal> {
    let Some(mut stack) = at else {
        return Err(Refusal::by_rule(
            GERMAN_ENTRY,
            "Allied units hold the entry hex",
        ));
    };
    stack.add(crate::stacking::stacker(game, unit));
    if !stack.legal() {
        return Err(Refusal::by_rule(
            GERMAN_ENTRY,
            "the hex has no room for it (7.1)",
        ));
    }
    entry_cost(game, unit, hex)
        .ok_or_else(|| Refusal::by_rule(GERMAN_ENTRY, "the unit cannot enter that hex"))
}

/// The legal list's answers for due German reinforcement `unit` (6.6): [`enter_check`] at each
/// of its entry hexes, then [`delay_zone`] earlier and later unless `must_enter` (27.2), with
/// its card line looked for once; `seen` keeps [`entry_hex`] of the hexes the list asked
/// before (the units of one zone share its hexes).
pub(super) fn arrival_answers(
    game: &Normandy44,
    unit: UnitId,
    must_enter: bool,
    seen: &mut Vec<(HexId, Option<StackTally>)>,
    out: &mut Vec<crate::action::N44Action>,
) {
    use crate::action::N44Action;
    let line = arrival(game, unit);
    for hex in entry_hexes_with(game, unit, line) {
        let at = match seen.iter().find(|(h, _)| *h == hex) {
            Some(&(_, at)) => at,
            None => {
                let at = entry_hex(game, hex);
                seen.push((hex, at));
                at
            }
        };
        if enter_at(game, unit, hex, at).is_ok() {
            out.push(N44Action::Enter { unit, hex });
        }
    }
    if must_enter {
        return;
    }
    // `delay_zone` for a due unit in its Movement Phase.
    let Some(zone) = delayed_from(game, unit, line) else {
        return;
    };
    for later in [false, true] {
        if next_zone(game, zone, later).is_some() {
            out.push(N44Action::Delay { unit, later });
        }
    }
}

pub(super) fn enter(
    game: &mut Normandy44,
    unit: UnitId,
    hex: HexId,
    log: &mut N44Log,
) -> Result<(), Refusal> {
    let cost = enter_check(game, unit, hex)?;
    let in_ezoc = crate::zoc::zones_of(game, Side::Allied).in_zoc(hex);
    game.entry_zones.retain(|(u, _)| *u != unit);
    let mut state = game.unit_mut(unit);
    state.at = Location::Hex(hex);
    state.spent = u8::try_from(cost).unwrap_or(u8::MAX);
    state.flags = UnitFlags::default();
    drop(state);
    game.set_control(hex, Side::German);
    let name = game.data().unit(unit).short.clone();
    let label = game.data().map.label(hex);
    let mp = crate::movement::mp_text(cost);
    if in_ezoc {
        // 6.6: it may enter an enemy ZOC, and stops there.
        let mut state = game.unit_mut(unit);
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
    let Some(zone) = delayed_from(game, unit, arrival(game, unit)) else {
        return Err(Refusal::by_rule(
            CHERBOURG_ARRIVAL,
            "the unit arrives at a fixed hex",
        ));
    };
    next_zone(game, zone, later)
        .ok_or_else(|| Refusal::by_rule(GERMAN_ENTRY, "no entry zone lies that way"))
}

/// 6.6, 26.1: the zone a delay of `unit` (card line `line`) starts from: its zone now, unless
/// it arrives at a fixed hex.
fn delayed_from(game: &Normandy44, unit: UnitId, line: Option<&GermanArrival>) -> Option<usize> {
    zone_of_with(game, unit, || line).filter(|_| line.is_some_and(|a| a.hex.is_none()))
}

/// 6.6: the entry zone next to `zone` along the edge (`later`: the next one), if there is one.
fn next_zone(game: &Normandy44, zone: usize, later: bool) -> Option<usize> {
    let next = if later {
        zone.checked_add(1)
    } else {
        zone.checked_sub(1)
    };
    next.filter(|&z| z < game.data().map.entries.len())
}

pub(super) fn delay(
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

pub(super) fn mobilize(
    game: &mut Normandy44,
    unit: UnitId,
    hex: HexId,
    log: &mut N44Log,
) -> Result<(), Refusal> {
    let b = mobilize_check(game, unit, hex)?;
    game.mobilized[b] = true;
    let mut state = game.unit_mut(unit);
    state.at = Location::Hex(hex);
    state.spent = 0;
    state.flags = UnitFlags::default();
    drop(state);
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

pub use crate::beaches::cotentin_hq;

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

pub(super) fn relocate(game: &mut Normandy44, hex: HexId, log: &mut N44Log) -> Result<(), Refusal> {
    let hq = relocate_check(game, hex)?;
    let from = game.hex_of(hq);
    game.cotentin_relocated = true;
    let mut state = game.unit_mut(hq);
    state.at = Location::Hex(hex);
    state.flags.set(UnitFlags::MOVED, true);
    drop(state);
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
