//! Hidden squads (`TOI-COMBAT-HIDDEN`): a squad with a hidden marker beside it cannot be fired
//! at or hit by an area attack, and an enemy may pass through but not stop in a hex holding
//! only hidden squads. The marker is public (section 6.3): hiding is a rule, not a secret. It
//! comes off when the squad attacks or supports an attack, enters an objective hex, stands in
//! an enemy's line of sight without cover, or ends the Status Phase next to an enemy squad.

use crate::action::{ToiEvent, ToiLog};
use crate::state::{Kind, ToiGame, UnitId};
use overlord_engine::RuleId;

/// `TOI-COMBAT-HIDDEN`.
pub const HIDDEN: RuleId = RuleId("TOI-COMBAT-HIDDEN");

/// Take the marker off `unit`, saying why.
pub fn reveal(game: &mut ToiGame, unit: UnitId, why: &str, log: &mut ToiLog) {
    if !game.unit(unit).hidden {
        return;
    }
    game.units[unit.index()].hidden = false;
    log.public(HIDDEN, ToiEvent::Condition { unit }, || {
        format!("{} is revealed: {why}", crate::text::unit_name(game, unit))
    });
}

/// Whether `unit` stands without cover where it is (AMB-39): no terrain cover and no smoke.
/// Fortifications, tank traps and a card's cover bonus protect under fire but do not hide: the
/// rule speaks of the terrain.
fn exposed(game: &ToiGame, unit: UnitId) -> bool {
    let Some(hex) = game.hex_of(unit) else {
        return false;
    };
    crate::cover::terrain_cover(game, hex) == 0 && !game.smoke(hex)
}

/// Whether some enemy unit on the map sees `unit` (line of sight at any range, through smoke
/// never).
fn seen(game: &ToiGame, unit: UnitId) -> bool {
    let Some(at) = game.hex_of(unit) else {
        return false;
    };
    let enemy = game.unit(unit).nation.enemy();
    game.unit_ids()
        .filter(|&u| game.unit(u).nation == enemy)
        .filter_map(|u| game.hex_of(u))
        .any(|from| crate::cover::sees(game, from, at))
}

/// Every hidden squad that an enemy sees without cover is revealed (checked after each hex a
/// unit enters, before Op Fire, and after each action).
pub fn reveal_seen(game: &mut ToiGame, log: &mut ToiLog) {
    let found: Vec<UnitId> = game
        .unit_ids()
        .filter(|&u| game.unit(u).hidden && exposed(game, u) && seen(game, u))
        .collect();
    for unit in found {
        reveal(game, unit, "in the enemy's sight without cover", log);
    }
}

/// A hidden squad entering an objective hex is revealed.
pub fn reveal_on_objective(game: &mut ToiGame, unit: UnitId, log: &mut ToiLog) {
    let Some(hex) = game.hex_of(unit) else {
        return;
    };
    if game.unit(unit).hidden && game.scenario().objectives.iter().any(|o| o.hex == hex) {
        reveal(game, unit, "it entered an objective hex", log);
    }
}

/// At the end of the Status Phase, every hidden squad next to an enemy squad is revealed, cover
/// or not.
pub fn reveal_adjacent(game: &mut ToiGame, log: &mut ToiLog) {
    let field = &game.scenario().battlefield;
    let found: Vec<UnitId> = game
        .unit_ids()
        .filter(|&u| game.unit(u).hidden)
        .filter(|&u| {
            let Some(at) = game.hex_of(u) else {
                return false;
            };
            let enemy = game.unit(u).nation.enemy();
            game.unit_ids().any(|e| {
                game.unit(e).nation == enemy
                    && matches!(game.unit(e).kind, Kind::Squad { .. })
                    && game
                        .hex_of(e)
                        .is_some_and(|h| field.hexes.distance(h, at) == 1)
            })
        })
        .collect();
    for unit in found {
        reveal(
            game,
            unit,
            "next to an enemy squad at the end of the Status Phase",
            log,
        );
    }
}
