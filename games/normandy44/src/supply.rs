//! The Supply Phase (18.3-18.5, 16.1; 4.1 B.6): every unit of the phasing side traces its line
//! of supply ([`crate::supply_lines`]), takes or loses its OOS and Isolated markers, Isolated
//! units next to the enemy roll for attrition, and the side's IPs in hexes it no longer holds
//! come off.

use crate::action::{N44Event, N44Log};
use crate::data::{Class, HexFlags, Side, UnitId};
use crate::state::{Location, Normandy44, UnitFlags};
use crate::supply_lines::{Lines, Reach};
use crate::tables::attrition::{AttritionResult, attrition, attrition_drm};
use overlord_engine::{Die, RuleId};
use overlord_hexmap::HexId;

/// 18.3: the Supply Phase's markers.
pub const STATUS: RuleId = RuleId("18.3");
/// 18.5: isolation attrition.
pub const ATTRITION: RuleId = RuleId("18.5");
/// 17.1: an Ost unit that suffers any loss is removed from play.
pub const OST: RuleId = RuleId("17.1");

/// 18.3: the Supply Phase of `side` (4.1 B.6 a-c).
pub fn supply_phase(game: &mut Normandy44, side: Side, log: &mut N44Log) {
    set_status(game, side, log);
    attrition_segment(game, side, log);
    crate::fortify::remove_abandoned(game, side, log);
}

/// The units of `side` on the map, in id order.
fn on_map(game: &Normandy44, side: Side) -> Vec<UnitId> {
    game.unit_ids()
        .filter(|&u| game.side_of(u) == side && game.hex_of(u).is_some())
        .collect()
}

/// 18.3: each unit (each hex's group at once) in supply loses its marker; one that cannot
/// trace gets an OOS marker; one that already had a marker and cannot trace a line of any length
/// either is Isolated.
fn set_status(game: &mut Normandy44, side: Side, log: &mut N44Log) {
    let units = on_map(game, side);
    // Per hex: (in supply, any length), traced once for the group.
    let mut traced: Vec<(HexId, bool, bool)> = Vec::new();
    {
        let lines = Lines::new(game, side);
        for &unit in &units {
            let Some(hex) = game.hex_of(unit) else {
                continue;
            };
            if traced.iter().any(|&(h, _, _)| h == hex) {
                continue;
            }
            let supplied = lines.in_supply(hex);
            let any = supplied || lines.any_length(hex);
            traced.push((hex, supplied, any));
        }
    }
    for unit in units {
        let Some(hex) = game.hex_of(unit) else {
            continue;
        };
        let Some(&(_, supplied, any)) = traced.iter().find(|&&(h, _, _)| h == hex) else {
            continue;
        };
        let flags = game.unit(unit).flags;
        let had = flags.has(UnitFlags::OOS) || flags.has(UnitFlags::ISOLATED);
        // 18.3: Isolated is the OOS marker flipped to its red side: one marker, one side.
        let (oos, isolated) = if supplied {
            (false, false)
        } else if had && !any {
            (false, true)
        } else {
            (true, false)
        };
        if oos == flags.has(UnitFlags::OOS) && isolated == flags.has(UnitFlags::ISOLATED) {
            continue;
        }
        let mut state = game.unit_mut(unit);
        state.flags.set(UnitFlags::OOS, oos);
        state.flags.set(UnitFlags::ISOLATED, isolated);
        drop(state);
        let name = game.data().unit(unit).short.clone();
        let (marker, on, text) = match (oos, isolated) {
            (_, true) => (
                "isolated",
                true,
                "is Isolated: out of supply again, with no line of any length",
            ),
            (false, false) if flags.has(UnitFlags::ISOLATED) => {
                ("isolated", false, "is in supply again")
            }
            (false, false) => ("out of supply", false, "is in supply again"),
            (true, false) if flags.has(UnitFlags::ISOLATED) => (
                "isolated",
                false,
                "is out of supply, no longer Isolated: a line of any length runs",
            ),
            (true, false) => ("out of supply", true, "is out of supply"),
        };
        log.public(STATUS, N44Event::Marker { unit, marker, on }, || {
            format!("{name} {text}")
        });
    }
}

/// Whether `hex` holds a unit of `side` that is not a strongpoint.
fn holds_combat_unit(game: &Normandy44, side: Side, hex: HexId) -> bool {
    game.units_in(hex)
        .any(|u| game.side_of(u) == side && game.data().unit(u).class != Class::Strongpoint)
}

/// 18.5: whether a unit of `side` in `hex` traces a line of supply to a haven: a
/// friendly-controlled city hex, a friendly strongpoint (German), a coastal hex (Allied) or a
/// friendly HQ other than `unit` itself.
pub fn traces_to_haven(lines: &Lines<'_>, game: &Normandy44, unit: UnitId, hex: HexId) -> bool {
    let side = lines.side();
    let map = &game.data().map;
    let haven = |h: HexId| {
        let flags = map.flags(h);
        (flags.has(HexFlags::CITY) && crate::control::controls(game, side, h))
            || (side == Side::Allied && flags.has(HexFlags::COASTAL))
            || game.units_in(h).any(|u| {
                u != unit
                    && game.side_of(u) == side
                    && match game.data().unit(u).class {
                        Class::Hq => true,
                        Class::Strongpoint => side == Side::German,
                        _ => false,
                    }
            })
    };
    lines.traces(hex, Reach::Line, &haven)
}

/// 18.5: the attrition DRM of `unit` in `hex`: +2 for a haven (always for a strongpoint, which
/// traces to itself), ± its TQ, at most +3.
pub fn drm(game: &Normandy44, lines: &Lines<'_>, unit: UnitId, hex: HexId) -> i8 {
    let strongpoint = game.data().unit(unit).class == Class::Strongpoint;
    let haven = strongpoint || traces_to_haven(lines, game, unit, hex);
    let tq = game
        .data()
        .face(unit, game.unit(unit).step)
        .map_or(0, |f| f.quality());
    attrition_drm(haven, tq)
}

/// 18.5: attrition for every Isolated unit of `side` (those flipped just now included):
/// isolated HQs with no line to a friendly unit are eliminated; the others next to an enemy unit
/// roll, strongpoints last and only once no other unit of theirs is left in their hex.
fn attrition_segment(game: &mut Normandy44, side: Side, log: &mut N44Log) {
    let isolated = |game: &Normandy44| -> Vec<UnitId> {
        on_map(game, side)
            .into_iter()
            .filter(|&u| game.unit(u).flags.has(UnitFlags::ISOLATED))
            .collect()
    };
    // 18.5: isolated HQs never roll; one with no line of supply to any friendly unit goes.
    for hq in isolated(game) {
        if game.data().unit(hq).class != Class::Hq {
            continue;
        }
        let Some(hex) = game.hex_of(hq) else {
            continue;
        };
        let reaches_friend = {
            let lines = Lines::new(game, side);
            let friend = |h: HexId| game.units_in(h).any(|u| u != hq && game.side_of(u) == side);
            lines.traces(hex, Reach::Line, &friend)
        };
        if !reaches_friend {
            let name = game.data().unit(hq).short.clone();
            log.public(
                ATTRITION,
                N44Event::Loss {
                    unit: hq,
                    eliminated: true,
                },
                || {
                    format!(
                        "{name}, an Isolated HQ with no line to any friendly unit, is eliminated"
                    )
                },
            );
            eliminate(game, hq, Location::Eliminated, log);
        }
    }
    // Every other isolated unit next to the enemy, strongpoints after the rest.
    let mut rollers: Vec<UnitId> = isolated(game)
        .into_iter()
        .filter(|&u| game.data().unit(u).class != Class::Hq)
        .collect();
    rollers.sort_by_key(|&u| (game.data().unit(u).class == Class::Strongpoint, u));
    for unit in rollers {
        let Some(hex) = game.hex_of(unit) else {
            continue;
        };
        if !game.enemy_adjacent(hex, side) {
            continue;
        }
        // 18.5: a strongpoint is exempt while a combat unit of its side shares its hex; once
        // attrition has eliminated them all, it rolls at once.
        if game.data().unit(unit).class == Class::Strongpoint && holds_combat_unit(game, side, hex)
        {
            continue;
        }
        let drm = {
            let lines = Lines::new(game, side);
            drm(game, &lines, unit, hex)
        };
        let raw = u8::try_from(game.rng.roll(Die::D6, ATTRITION)).unwrap_or(1);
        game.reveals += 1;
        let modified = i8::try_from(raw).unwrap_or(1).saturating_add(drm);
        let result = attrition(raw, drm);
        let name = game.data().unit(unit).short.clone();
        log.public(
            ATTRITION,
            N44Event::Die {
                purpose: "isolation attrition",
                raw,
                modified,
            },
            || {
                let what = match result {
                    AttritionResult::LoseStep => "loses a step",
                    AttritionResult::NoEffect => "no effect",
                };
                format!("{name} rolls {raw} {drm:+} = {modified} for isolation attrition: {what}")
            },
        );
        if result == AttritionResult::LoseStep {
            lose_step(game, unit, log);
        }
    }
}

/// Take `unit` off the map to `to` (the Eliminated box, or out of play); an IP whose units are
/// all gone goes at once (16.1).
fn eliminate(game: &mut Normandy44, unit: UnitId, to: Location, log: &mut N44Log) {
    let hex = game.hex_of(unit);
    game.take_off(unit, to);
    if let Some(hex) = hex {
        crate::fortify::hex_lost(game, hex, log);
    }
}

/// 18.5: `unit` loses a step to attrition: it flips, becomes its cadre (17.9), or is eliminated;
/// an Ost unit is removed from play (17.1). (Cadre availability is combat's to check, 17.9, once
/// its loss procedure is shared.)
fn lose_step(game: &mut Normandy44, unit: UnitId, log: &mut N44Log) {
    let def = game.data().unit(unit);
    let name = def.short.clone();
    let ost = def.class == Class::Ost;
    let next = game.unit(unit).step.saturating_add(1);
    if ost {
        log.public(
            OST,
            N44Event::Loss {
                unit,
                eliminated: true,
            },
            || format!("{name}, an Ost unit, suffers a loss and is removed from play"),
        );
        eliminate(game, unit, Location::OutOfPlay, log);
    } else if next < game.data().step_count(unit) {
        game.unit_mut(unit).step = next;
        log.public(
            ATTRITION,
            N44Event::Loss {
                unit,
                eliminated: false,
            },
            || format!("{name} loses a step to attrition"),
        );
    } else {
        log.public(
            ATTRITION,
            N44Event::Loss {
                unit,
                eliminated: true,
            },
            || format!("{name} is eliminated by attrition"),
        );
        eliminate(game, unit, Location::Eliminated, log);
    }
}
