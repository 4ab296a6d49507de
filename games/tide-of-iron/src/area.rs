//! Area attacks (`TOI-COMBAT-AREA`) by mortars (`TOI-UNIT-MORTAR`): a mortar squad attacks a
//! whole hex it, or a non-fatigued friendly unit, sees, not adjacent (minimum range), never from
//! a building: the black dice are rolled once, hitting on 5-6 (6 at long range), and each unit
//! in the hex rolls its own defence; a suppressive attack leaves vehicles alone. Area attacks
//! by strategy cards come with the cards.

use crate::action::{ToiAction, ToiEvent, ToiLog};
use crate::state::{Kind, ToiGame, Token, UnitId};
use crate::tables::dice::RangeBand;
use crate::tables::results::{
    SuppressiveOutcome, VehicleOutcome, damaged, suppressive_hits, vehicle_hits,
};
use overlord_engine::{Die, Refusal, RuleId};
use overlord_hexmap::HexId;

/// `TOI-COMBAT-AREA`.
pub const AREA: RuleId = RuleId("TOI-COMBAT-AREA");
/// `TOI-FORT-WIRE`: the successes of one area attack that remove wire.
const WIRE_CUT: u8 = 3;

/// `TOI-UNIT-MORTAR`.
pub const MORTAR: RuleId = RuleId("TOI-UNIT-MORTAR");

/// A squad's mortars: their firepower (normal or suppressive, summed), range and minimum range;
/// `None` without a mortar.
pub fn mortars(game: &ToiGame, unit: UnitId, suppressive: bool) -> Option<(u8, u8, u8)> {
    let Kind::Squad { figures, .. } = game.unit(unit).kind else {
        return None;
    };
    let data = game.data();
    figures
        .iter()
        .filter_map(|&f| data.figures.get(usize::from(f)))
        .filter_map(|f| f.area)
        .fold(None, |acc, a| {
            let fp = if suppressive {
                a.suppressive
            } else {
                a.firepower
            };
            Some(match acc {
                None => (fp, a.range, a.minimum_range),
                Some((f, r, m)) => (f + fp, r.min(a.range), m.max(a.minimum_range)),
            })
        })
}

/// The range band of a mortar attack over `distance` hexes of range `range`: normal within
/// it, long within twice it.
fn band(distance: u32, range: u8) -> Option<RangeBand> {
    let range = u32::from(range);
    if distance <= range {
        Some(RangeBand::Normal)
    } else if distance <= 2 * range {
        Some(RangeBand::Long)
    } else {
        None
    }
}

/// Why `unit` may not make an area attack on `hex` (`TOI-UNIT-MORTAR`), or its band.
pub fn check(game: &ToiGame, unit: UnitId, hex: HexId) -> Result<RangeBand, &'static str> {
    let (_, range, minimum) = mortars(game, unit, false).ok_or("the squad has no mortar")?;
    if crate::fire::cannot_fire(game, unit).is_some() {
        return Err("a pinned or disrupted squad cannot fire (TOI-COMBAT-COND)");
    }
    let field = &game.scenario().battlefield;
    let at = game.hex_of(unit).ok_or("not on the map")?;
    let in_building = field
        .terrain
        .get(at.index())
        .and_then(|&t| game.data().terrain.get(usize::from(t)))
        .is_some_and(|t| t.id == "building");
    if in_building {
        return Err("a mortar cannot fire from a building (TOI-UNIT-MORTAR)");
    }
    let distance = field.hexes.distance(at, hex);
    if distance < u32::from(minimum) {
        return Err("too close: a mortar's minimum range (TOI-UNIT-MORTAR)");
    }
    // TOI-COMBAT-ELEV, AMB-25 (b): +1 range from a hex higher than the target hex.
    let higher = field.level(at) > field.level(hex);
    let band = band(distance, range + u8::from(higher)).ok_or("out of range")?;
    let nation = game.unit(unit).nation;
    if !game.units_in(hex).any(|u| game.unit(u).nation != nation) {
        return Err("the hex holds no enemy unit");
    }
    // Indirect fire: its own sight, or that of any non-fatigued friendly unit (AMB-24); in team
    // play, its own division's only (TOI-TEAM-RESTR).
    let division = game.unit(unit).division;
    let seen = game.unit_ids().any(|u| {
        let spotter = game.unit(u);
        spotter.nation == nation
            && (!game.seating.by_division() || spotter.division == division)
            && (u == unit || spotter.token != Token::Fatigued)
            && game
                .hex_of(u)
                .is_some_and(|from| crate::cover::sees(game, from, hex))
    });
    if !seen {
        return Err("no friendly unit that is not fatigued sees the hex (TOI-UNIT-MORTAR)");
    }
    Ok(band)
}

/// The hexes `unit` may attack with its mortars.
pub fn targets(game: &ToiGame, unit: UnitId) -> Vec<HexId> {
    if mortars(game, unit, false).is_none() {
        return Vec::new();
    }
    let mut hexes: Vec<HexId> = game
        .unit_ids()
        .filter(|&u| game.unit(u).nation != game.unit(unit).nation && !game.unit(u).hidden)
        .filter_map(|u| game.hex_of(u))
        .collect();
    hexes.sort_unstable();
    hexes.dedup();
    hexes.retain(|&h| check(game, unit, h).is_ok());
    hexes
}

/// `TOI-COMBAT-AREA`: `unit`'s mortars attack `hex`; the squads' normal losses are chosen by
/// their owner one squad after the other; the mortar squad is fatigued at the end.
pub fn fire(
    game: &mut ToiGame,
    unit: UnitId,
    hex: HexId,
    suppressive: bool,
    log: &mut ToiLog,
) -> Result<(), Refusal> {
    let band = check(game, unit, hex).map_err(|why| Refusal::by_rule(MORTAR, why))?;
    let (fp, _, _) = mortars(game, unit, suppressive).unwrap_or((0, 0, 0));
    let black: Vec<u8> = (0..fp)
        .map(|_| game.rng.roll(Die::D6, AREA) as u8)
        .collect();
    let hits = black
        .iter()
        .filter(|&&d| d >= band.black_hits_from())
        .count() as u8;
    let label = game.scenario().battlefield.label(hex);
    log.public(AREA, ToiEvent::Note, || {
        format!(
            "{} attacks {label}{}: {black:?}, {hits} hit(s)",
            crate::text::unit_name(game, unit),
            if suppressive { " (suppressive)" } else { "" }
        )
    });
    crate::hidden::reveal(game, unit, "it fired", log);
    let losses = strike_hex(game, Some(unit), hex, &black, hits, suppressive, log);
    crate::fire::take_losses(game, losses, Some(unit));
    Ok(())
}

/// `TOI-COMBAT-AREA`: an area attack's `hits` (from its `black` dice) strike every unit in `hex` but hidden squads
/// (`TOI-COMBAT-HIDDEN`); each rolls its own defence. Vehicles' damage and suppressive effects
/// are applied here; the squads' normal losses are returned, for their owners to choose. Three
/// successes or more cut the hex's wire (`TOI-FORT-WIRE`).
pub fn strike_hex(
    game: &mut ToiGame,
    attacker: Option<UnitId>,
    hex: HexId,
    black: &[u8],
    hits: u8,
    suppressive: bool,
    log: &mut ToiLog,
) -> Vec<(UnitId, u8)> {
    let mut m = game.markers(hex);
    if m.wire && hits >= WIRE_CUT {
        m.wire = false;
        game.set_markers(hex, m);
        let label = game.scenario().battlefield.label(hex);
        log.public(RuleId("TOI-FORT-WIRE"), ToiEvent::Note, || {
            format!("The wire at {label} is cut")
        });
    }
    let mut losses: Vec<(UnitId, u8)> = Vec::new();
    let targets: Vec<UnitId> = game
        .units_in(hex)
        .filter(|&u| !game.unit(u).hidden)
        .collect();
    for target in targets {
        let vehicle = matches!(game.unit(target).kind, Kind::Vehicle { .. });
        if suppressive && vehicle {
            continue;
        }
        let armor = match game.unit(target).kind {
            Kind::Vehicle { figure, damage } => {
                let base = game
                    .data()
                    .figures
                    .get(usize::from(figure))
                    .and_then(|f| f.armor)
                    .unwrap_or(0);
                damaged(damage, 0, base, 0, 0).armor
            }
            Kind::Squad { .. } => 0,
        };
        let cover = crate::fire::attack_cover(game, target, suppressive, false);
        let red: Vec<u8> = (0..armor + cover)
            .map(|_| game.rng.roll(Die::D6, AREA) as u8)
            .collect();
        let saves = red
            .iter()
            .filter(|&&d| d >= crate::tables::dice::RED_SAVES_FROM)
            .count() as u8;
        let net = hits.saturating_sub(saves);
        let name = crate::text::unit_name(game, target);
        let event = match attacker {
            Some(attacker) => ToiEvent::Attack {
                attacker,
                target,
                black: black.to_vec(),
                red: red.clone(),
                hits: net,
            },
            None => ToiEvent::Strike {
                target,
                black: black.to_vec(),
                red: red.clone(),
                hits: net,
            },
        };
        log.public(AREA, event, || {
            format!("{name} rolls {red:?}: {net} hit(s)")
        });
        match game.unit(target).kind {
            Kind::Vehicle { figure, damage } => {
                let fragile = game
                    .data()
                    .figures
                    .get(usize::from(figure))
                    .is_some_and(|f| f.traits.iter().any(|t| t == "fragile"));
                match vehicle_hits(damage, net, fragile) {
                    VehicleOutcome::Destroyed => game.destroy(target),
                    VehicleOutcome::Damaged(now) => {
                        game.units[target.index()].kind = Kind::Vehicle {
                            figure,
                            damage: now,
                        };
                    }
                }
            }
            Kind::Squad { figures, condition } if suppressive => {
                match suppressive_hits(condition, net) {
                    SuppressiveOutcome::Routed => game.destroy(target),
                    SuppressiveOutcome::Shaken(now) => {
                        if now != condition {
                            game.units[target.index()].kind = Kind::Squad {
                                figures,
                                condition: now,
                            };
                            game.units[target.index()].token = Token::Fatigued;
                        }
                    }
                }
            }
            Kind::Squad { .. } => {
                if net > 0 {
                    losses.push((target, net));
                }
            }
        }
    }
    losses
}

/// The area attacks `unit` may make now.
pub fn legal(game: &ToiGame, unit: UnitId, out: &mut Vec<ToiAction>) {
    for hex in targets(game, unit) {
        for suppressive in [true, false] {
            out.push(ToiAction::AreaFire {
                unit,
                hex,
                suppressive,
            });
        }
    }
}
