//! 20.2: the airborne drops of the Special Invasion Phase and the glider regiments of turn 2.
//!
//! Each unit rolls on the Airborne Scatter Table (2.11) in its division's column: the 82nd or
//! the 101st for US units (the 101st when its formation, or a formation above it, has "101" in
//! its id; otherwise the 82nd), the British 6th for British and Canadian ones. S1 and S2 cost
//! one and two steps (17.9: an S2 on a full 3-step unit leaves its cadre) and put one airborne
//! replacement of the unit's nationality in its pool; any S marks it Scattered. It then
//! lands on its drop hex, which becomes Allied-controlled.
//!
//! The glider regiments (`[[glider]]`, `Location::Airborne(2)`) land in the Initial Phase of turn 2
//! rolling with +1, on their landing zone; a regiment whose landing zone holds German
//! units waits a turn, and in the next Initial Phase the Allied player picks its landing hex:
//! friendly-controlled, within 4 hexes of the landing zone (D4). It rolls for scatter when it
//! lands. A delayed regiment with no such hex free waits another turn.

use super::{GLIDER_LANDING, lose_steps, name, roll};
use crate::action::{N44Action, N44Event, N44Log};
use crate::data::{N44Data, Nation, Side, UnitId};
use crate::state::{Location, Normandy44, Pool, Step, UnitFlags};
use crate::tables::invasion::{AirborneDivision, GLIDER_DRM, scatter};
use crate::tables::terrain::Terrain;
use overlord_engine::driver::Progress;
use overlord_engine::{Refusal, RuleId};
use overlord_hexmap::HexId;

/// 20.2: airborne scatter, and the glider regiments.
pub const SCATTER: RuleId = RuleId("20.2");

/// 6.1: no replacement pool holds more than 9.
const POOL_CAP: u8 = 9;

/// 20.2: the column of 2.11 `unit` rolls in.
pub fn division(data: &N44Data, unit: UnitId) -> AirborneDivision {
    let def = data.unit(unit);
    if matches!(def.nation, Nation::British | Nation::Canadian) {
        return AirborneDivision::British6th;
    }
    // Walk up the formations: a regiment's division names it.
    let mut at = data.formation_of.get(unit.index()).copied().flatten();
    let mut seen = 0;
    while let Some(f) = at.and_then(|i| data.formations.get(usize::from(i))) {
        if f.id.contains("101") {
            return AirborneDivision::Us101st;
        }
        seen += 1;
        if seen > data.formations.len() {
            break;
        }
        at = f.parent.as_deref().and_then(|p| {
            data.formations
                .iter()
                .position(|g| g.id == p)
                .and_then(|i| u16::try_from(i).ok())
        });
    }
    AirborneDivision::Us82nd
}

/// The airborne replacement pool of `unit`'s nationality (20.2).
fn pool(data: &N44Data, unit: UnitId) -> Pool {
    match data.unit(unit).nation {
        Nation::British | Nation::Canadian => Pool::BritishAirborne,
        _ => Pool::UsAirborne,
    }
}

/// 20.1 A(a), 20.2: every airborne unit waiting to drop rolls for scatter and lands, in the
/// order of the `[[drop]]` lines.
pub fn drops(game: &mut Normandy44, log: &mut N44Log) {
    let data = game.data.clone();
    for d in &data.drops {
        let Some(unit) = data.unit_id(&d.unit) else {
            continue;
        };
        if game.unit(unit).at != Location::Airborne(1) {
            continue;
        }
        let Some(&hex) = data.map.position(&d.position).first() else {
            continue;
        };
        scatter_and_land(game, unit, hex, false, log);
    }
}

/// 20.2: `unit` rolls on the Scatter Table (`glider`: +1), takes its losses and replacement,
/// is marked Scattered and lands in `hex`.
pub fn scatter_and_land(
    game: &mut Normandy44,
    unit: UnitId,
    hex: HexId,
    glider: bool,
    log: &mut N44Log,
) {
    let data = game.data.clone();
    let column = division(&data, unit);
    let who = name(game, unit);
    let drm = if glider { GLIDER_DRM } else { 0 };
    let purpose = if glider {
        "glider scatter"
    } else {
        "airborne scatter"
    };
    let die = roll(
        game,
        SCATTER,
        purpose,
        i8::try_from(drm).unwrap_or(0),
        log,
        |raw, modified| {
            let result = scatter(column, raw, glider);
            let shown = if glider {
                format!("{raw} + 1 = {modified}")
            } else {
                raw.to_string()
            };
            format!(
                "{who} ({column:?}) rolls {shown} on the Scatter Table: {}",
                result.label()
            )
        },
    );
    let result = scatter(column, die, glider);
    // 20.2, A-8: one airborne replacement for an S1 and for an S2.
    let gained = result.airborne_replacements();
    if gained > 0 {
        let pool = pool(&data, unit);
        let count = &mut game.tracks.replacements[pool as usize];
        *count = count.saturating_add(gained).min(POOL_CAP);
        let total = *count;
        log.public(SCATTER, N44Event::Note, || {
            format!("{pool:?} replacements: +{gained} ({total} in the pool)")
        });
    }
    let steps = result.steps_lost();
    if steps > 0 && lose_steps(game, unit, steps, SCATTER, log) {
        return;
    }
    game.unit_mut(unit).at = Location::Hex(hex);
    game.set_control(hex, Side::Allied);
    let label = data.map.label(hex);
    let how = if glider { "lands" } else { "drops" };
    log.public(
        SCATTER,
        N44Event::Moved {
            unit,
            from: None,
            to: hex,
        },
        || format!("{who} {how} in {label}"),
    );
    if result.scattered() {
        game.unit_mut(unit).flags.set(UnitFlags::SCATTERED, true);
        log.public(
            SCATTER,
            N44Event::Marker {
                unit,
                marker: "scattered",
                on: true,
            },
            || format!("{who} is Scattered"),
        );
    }
}

/// The landing zone of glider line `index`.
fn landing_zone(data: &N44Data, index: usize) -> Option<HexId> {
    data.gliders
        .get(index)
        .and_then(|g| data.map.position(&g.position).first().copied())
}

/// The glider lines due to land now: (line index, unit), waiting for this turn or earlier.
fn due(game: &Normandy44) -> Vec<(usize, UnitId)> {
    let data = &game.data;
    data.gliders
        .iter()
        .enumerate()
        .filter_map(|(i, g)| Some((i, data.unit_id(&g.unit)?)))
        .filter(|&(_, u)| matches!(game.unit(u).at, Location::Airborne(t) if t <= game.turn))
        .collect()
}

fn delayed(game: &Normandy44, index: usize) -> bool {
    index < 16 && game.invasion.delayed_gliders & (1 << index) != 0
}

fn set_delayed(game: &mut Normandy44, index: usize, on: bool) {
    if index < 16 {
        if on {
            game.invasion.delayed_gliders |= 1 << index;
        } else {
            game.invasion.delayed_gliders &= !(1 << index);
        }
    }
}

/// 20.2, A-35 (Initial Phase, step A.3): the glider regiments due this turn land on their
/// landing zones, or wait a turn when it holds German units; the regiments delayed last turn
/// are asked for their landing hex (D4).
pub fn gliders(game: &mut Normandy44, log: &mut N44Log) {
    let data = game.data.clone();
    for (index, unit) in due(game) {
        if delayed(game, index) {
            continue;
        }
        let Some(lz) = landing_zone(&data, index) else {
            continue;
        };
        let held = game.occupant(lz) == Some(Side::German);
        // 20.2: the landing zone is enemy-occupied: a turn's wait. A zone too full to take the
        // regiment (7.1) is read the same way: it lands next turn where it fits.
        if held || !crate::stacking::fits(game, lz, &[unit]) {
            set_delayed(game, index, true);
            game.unit_mut(unit).at = Location::Airborne(game.turn.saturating_add(1));
            let who = name(game, unit);
            let label = data.map.label(lz);
            let why = if held {
                "is held by the enemy"
            } else {
                "has no room left (7.1)"
            };
            log.public(SCATTER, N44Event::Note, || {
                format!(
                    "{who}'s landing zone {label} {why}: it lands next turn, within 4 hexes of it"
                )
            });
            continue;
        }
        scatter_and_land(game, unit, lz, true, log);
    }
    if due(game).iter().any(|&(index, _)| delayed(game, index)) {
        game.step = Step::Invasion(GLIDER_LANDING);
    }
}

/// D4: the hexes where the delayed glider regiment of line `index` may land: friendly-controlled
/// within 4 hexes of its landing zone, land the unit may enter, free of German units and
/// within the stacking limit (7.1).
fn landing_hexes(game: &Normandy44, index: usize, unit: UnitId) -> Vec<HexId> {
    let map = &game.data.map;
    let Some(lz) = landing_zone(&game.data, index) else {
        return Vec::new();
    };
    map.hexes
        .ids()
        .filter(|&h| map.hexes.distance(lz, h) <= 4)
        .filter(|&h| game.allied_controls(h))
        .filter(|&h| !matches!(map.terrain(h), Terrain::Sea | Terrain::Marsh))
        .filter(|&h| game.occupant(h) != Some(Side::German))
        .filter(|&h| crate::stacking::fits(game, h, &[unit]))
        .collect()
}

/// The D4 answers: each delayed regiment due now, in each hex it may land in.
pub fn landing_legal(game: &Normandy44, out: &mut Vec<N44Action>) {
    for (index, unit) in due(game) {
        if !delayed(game, index) {
            continue;
        }
        for hex in landing_hexes(game, index, unit) {
            out.push(N44Action::GliderLanding { unit, hex });
        }
    }
}

/// The D4 prompt's automatic part: a delayed regiment with nowhere to land waits another turn;
/// once none is left to land, the German player turn begins.
pub fn advance_landing(game: &mut Normandy44, log: &mut N44Log) -> Progress {
    for (index, unit) in due(game) {
        if delayed(game, index) && landing_hexes(game, index, unit).is_empty() {
            game.unit_mut(unit).at = Location::Airborne(game.turn.saturating_add(1));
            let who = name(game, unit);
            log.public(SCATTER, N44Event::Note, || {
                format!(
                    "{who} finds no friendly-controlled hex within 4 of its landing zone: it \
                     waits another turn"
                )
            });
        }
    }
    if due(game).iter().any(|&(index, _)| delayed(game, index)) {
        return Progress::Decide;
    }
    game.step = Step::Begin(Side::German);
    Progress::Continue
}

/// D4: the delayed regiment lands in the hex picked, rolling for scatter (+1).
pub fn landing_answer(
    game: &mut Normandy44,
    action: N44Action,
    log: &mut N44Log,
) -> Result<(), Refusal> {
    let N44Action::GliderLanding { unit, hex } = action else {
        return Err(Refusal::by_rule(
            SCATTER,
            "a delayed glider regiment must land",
        ));
    };
    let Some((index, _)) = due(game).into_iter().find(|&(_, u)| u == unit) else {
        return Err(Refusal::by_rule(
            SCATTER,
            "that unit is no glider due to land",
        ));
    };
    set_delayed(game, index, false);
    scatter_and_land(game, unit, hex, true, log);
    Ok(())
}
