//! Specialized squads (`TOI-SPEC`): a token on a squad's base gives it the abilities of its
//! kind on top of its figures' own, whatever its number of figures, and none while it is pinned
//! or disrupted (`TOI-SPEC-RULES`). Anti-tank squads reach vehicles farther and harder,
//! flamethrowers burn adjacent units out of their cover, medics bandage and heal, engineers dig
//! in and pass through wire and minefields.

use crate::action::{ToiEvent, ToiLog};
use crate::data::{FigureClass, Specialization};
use crate::state::{EMPTY_SLOT, Fort, Kind, ToiGame, UnitId};
use crate::tables::results::Condition;
use overlord_engine::{Die, Refusal, RuleId};

/// `TOI-SPEC-RULES`.
pub const RULES: RuleId = RuleId("TOI-SPEC-RULES");
/// `TOI-SPEC-ENG`.
pub const ENGINEER: RuleId = RuleId("TOI-SPEC-ENG");
/// `TOI-SPEC-AT`.
pub const ANTI_TANK: RuleId = RuleId("TOI-SPEC-AT");
/// `TOI-SPEC-FLAME`.
pub const FLAMETHROWER: RuleId = RuleId("TOI-SPEC-FLAME");
/// `TOI-SPEC-MEDIC`.
pub const MEDIC: RuleId = RuleId("TOI-SPEC-MEDIC");

/// `TOI-SPEC-AT`: an anti-tank squad's range against vehicles, and what it adds to its firepower.
pub const ANTI_TANK_RANGE: u8 = 3;
pub const ANTI_TANK_FIREPOWER: u8 = 3;
/// `TOI-SPEC-FLAME`: what a flamethrower adds against an adjacent unit, and the cover it takes.
pub const FLAME_FIREPOWER: u8 = 2;
pub const FLAME_COVER: u8 = 5;
/// `TOI-FORT`: fortifications in one hex, entrenchments and pillboxes together.
pub const MOST_FORTIFICATIONS: u8 = 3;
/// `TOI-SPEC-MEDIC`: a Heal roll succeeds from this number.
const HEAL_FROM: u16 = 4;

/// `unit`'s specialization if it may use it now: a squad's, neither pinned nor disrupted.
pub fn able(game: &ToiGame, unit: UnitId) -> Option<Specialization> {
    match game.unit(unit).kind {
        Kind::Squad {
            condition: Condition::Normal,
            ..
        } => game.unit(unit).spec,
        _ => None,
    }
}

/// Whether `unit` is able to use `spec` now.
pub fn is(game: &ToiGame, unit: UnitId, spec: Specialization) -> bool {
    able(game, unit) == Some(spec)
}

/// Whether `unit` is a tank (a heavy vehicle).
fn tank(game: &ToiGame, unit: UnitId) -> bool {
    match game.unit(unit).kind {
        Kind::Vehicle { figure, .. } => game
            .data()
            .figures
            .get(usize::from(figure))
            .is_some_and(|f| f.class == FigureClass::Tank),
        Kind::Squad { .. } => false,
    }
}

/// `TOI-SPEC-FLAME`: whether `unit`'s flamethrower burns `target`: adjacent, and no tank (AMB-28).
pub fn burns(game: &ToiGame, unit: UnitId, target: UnitId) -> bool {
    is(game, unit, Specialization::Flamethrower)
        && !tank(game, target)
        && match (game.hex_of(unit), game.hex_of(target)) {
            (Some(a), Some(b)) => game.scenario().battlefield.hexes.distance(a, b) == 1,
            _ => false,
        }
}

/// `TOI-SPEC-MEDIC` Bandage: whether squad `unit` stands with an able medic squad (itself
/// included): +1 cover against normal attacks.
pub fn bandaged(game: &ToiGame, unit: UnitId) -> bool {
    matches!(game.unit(unit).kind, Kind::Squad { .. })
        && game
            .hex_of(unit)
            .is_some_and(|h| game.units_in(h).any(|u| is(game, u, Specialization::Medic)))
}

/// `TOI-SPEC-MEDIC` Heal: the squads of its hex (itself included) a fresh medic squad may treat:
/// its own side's, reduced, with room for a regular.
pub fn heal_targets(game: &ToiGame, medic: UnitId) -> Vec<UnitId> {
    if !is(game, medic, Specialization::Medic) {
        return Vec::new();
    }
    let Some(hex) = game.hex_of(medic) else {
        return Vec::new();
    };
    let nation = game.unit(medic).nation;
    game.units_in(hex)
        .filter(|&u| {
            game.unit(u).nation == nation
                && match game.unit(u).kind {
                    Kind::Squad { figures, .. } => game.is_reduced(&figures),
                    Kind::Vehicle { .. } => false,
                }
        })
        .collect()
}

/// `TOI-SPEC-MEDIC` Heal: one die; on 4-6 a regular of the medic's nation joins `target`. The
/// medic is fatigued whatever the roll.
pub fn heal(
    game: &mut ToiGame,
    medic: UnitId,
    target: UnitId,
    log: &mut ToiLog,
) -> Result<(), Refusal> {
    if !heal_targets(game, medic).contains(&target) {
        return Err(Refusal::by_rule(
            MEDIC,
            "a medic squad able to act heals a reduced squad of its side in its hex",
        ));
    }
    let nation = game.unit(medic).nation;
    let regular = game
        .data()
        .figures
        .iter()
        .position(|f| f.nation == nation && f.class == FigureClass::Regular)
        .and_then(|i| u8::try_from(i).ok())
        .ok_or_else(|| Refusal::by_rule(MEDIC, "the data has no regular figure for this side"))?;
    let die = game.rng.roll(Die::D6, MEDIC);
    let healed = die >= HEAL_FROM;
    if healed && let Kind::Squad { figures, condition } = game.unit(target).kind {
        let mut figures = figures;
        if let Some(slot) = figures.iter_mut().find(|f| **f == EMPTY_SLOT) {
            *slot = regular;
        }
        game.units[target.index()].kind = Kind::Squad { figures, condition };
    }
    log.public(
        MEDIC,
        ToiEvent::Activated {
            unit: medic,
            action: "heal",
        },
        || {
            format!(
                "{} treats {}: {die}, {}",
                crate::text::unit_name(game, medic),
                crate::text::unit_name(game, target),
                if healed {
                    "a regular joins it"
                } else {
                    "no effect"
                }
            )
        },
    );
    game.end_activation(medic);
    Ok(())
}

/// `TOI-SPEC-ENG`: whether the engineer squad `unit` may dig an entrenchment where it stands:
/// terrain that takes one (no stream, lake or building), fewer than 3 fortifications there.
pub fn may_entrench(game: &ToiGame, unit: UnitId) -> bool {
    if !is(game, unit, Specialization::Engineer) {
        return false;
    }
    let Some(hex) = game.hex_of(unit) else {
        return false;
    };
    let ground = game
        .scenario()
        .battlefield
        .terrain
        .get(hex.index())
        .and_then(|&t| game.data().terrain.get(usize::from(t)))
        .is_some_and(|t| t.entrenchments);
    let m = game.markers(hex);
    ground && m.entrenchments + m.pillboxes < MOST_FORTIFICATIONS && fortification_marker_left(game)
}

/// `TOI-ACT-SPECIAL`, "Create Smoke" (`TOI-CARD-OPS`): the hexes engineer squad `unit` may
/// lay smoke in: its own or an adjacent whole hex, not a building, without smoke already, while
/// a smoke marker is left (`TOI-FORT-SMOKE`, `TOI-LIMITS`).
pub fn smoke_hexes(game: &ToiGame, unit: UnitId) -> Vec<overlord_hexmap::HexId> {
    use crate::data::{MarkerKind, limits};
    let nation = game.unit(unit).nation;
    if !is(game, unit, Specialization::Engineer)
        || !game.operation(nation, crate::data::OperationRule::CreateSmoke)
        || limits::in_use(&game.markers, MarkerKind::Smoke) >= limits::box_holds(MarkerKind::Smoke)
    {
        return Vec::new();
    }
    let Some(at) = game.hex_of(unit) else {
        return Vec::new();
    };
    let field = &game.scenario().battlefield;
    std::iter::once(at)
        .chain(field.hexes.neighbours_on_map(at))
        .filter(|&h| {
            let building = field
                .terrain
                .get(h.index())
                .and_then(|&t| game.data().terrain.get(usize::from(t)))
                .is_some_and(|t| t.id == "building");
            !field.is_half(h) && !building && !game.smoke(h)
        })
        .collect()
}

/// "Create Smoke": engineer squad `unit` lays smoke in `hex`; it is fatigued.
pub fn throw_smoke(
    game: &mut ToiGame,
    unit: UnitId,
    hex: overlord_hexmap::HexId,
    log: &mut ToiLog,
) -> Result<(), Refusal> {
    if !smoke_hexes(game, unit).contains(&hex) {
        return Err(Refusal::by_rule(
            SMOKE,
            "with Create Smoke in play, an engineer squad able to act lays smoke in its hex or an adjacent one, never a building, while a smoke marker is left",
        ));
    }
    let mut m = game.markers(hex);
    m.smoke = true;
    game.set_markers(hex, m);
    let label = game.scenario().battlefield.label(hex);
    log.public(
        SMOKE,
        ToiEvent::Activated {
            unit,
            action: "smoke",
        },
        || {
            format!(
                "{} lays smoke in {label}",
                crate::text::unit_name(game, unit)
            )
        },
    );
    game.end_activation(unit);
    Ok(())
}

/// `TOI-ACT-SPECIAL`: the special actions (here "Create Smoke"'s).
pub const SMOKE: RuleId = RuleId("TOI-ACT-SPECIAL");

/// `TOI-LIMITS`: whether an entrenchment/pillbox marker is left in the box (12 in all).
pub fn fortification_marker_left(game: &ToiGame) -> bool {
    use crate::data::limits;
    limits::in_use(&game.markers, crate::data::MarkerKind::Entrenchment)
        < limits::box_holds(crate::data::MarkerKind::Entrenchment)
}

/// `TOI-SPEC-ENG`: as its action, the engineer squad digs an entrenchment in its hex, and gets
/// into it too with `occupy` (if it is in no fortification already); it is fatigued.
pub fn entrench(
    game: &mut ToiGame,
    unit: UnitId,
    occupy: bool,
    log: &mut ToiLog,
) -> Result<(), Refusal> {
    if is(game, unit, Specialization::Engineer) && !fortification_marker_left(game) {
        return Err(Refusal::by_rule(
            RuleId("TOI-LIMITS"),
            "all 12 entrenchment/pillbox markers are on the map: none is left to dig in with",
        ));
    }
    if !may_entrench(game, unit) {
        return Err(Refusal::by_rule(
            ENGINEER,
            "an engineer squad able to act digs in where the ground takes an entrenchment and fewer than 3 fortifications stand",
        ));
    }
    if occupy && game.unit(unit).fort != Fort::None {
        return Err(Refusal::by_rule(
            ENGINEER,
            "the squad is in a fortification already",
        ));
    }
    let Some(hex) = game.hex_of(unit) else {
        return Err(Refusal::by_rule(ENGINEER, "the squad is not on the map"));
    };
    let mut m = game.markers(hex);
    m.entrenchments += 1;
    game.set_markers(hex, m);
    if occupy {
        game.units[unit.index()].fort = Fort::Entrenchment;
    }
    log.public(
        ENGINEER,
        ToiEvent::Activated {
            unit,
            action: "entrench",
        },
        || {
            format!(
                "{} digs an entrenchment{}",
                crate::text::unit_name(game, unit),
                if occupy { " and gets into it" } else { "" }
            )
        },
    );
    game.end_activation(unit);
    Ok(())
}
