//! Movement (`TOI-MOVE`, `TOI-TERR-*`, `TOI-ACT-ADV`): a unit's movement points, what entering a
//! hex costs, and the active unit's moves one hex at a time.

use crate::action::{ToiAction, ToiEvent, ToiLog};
use crate::data::Specialization;
use crate::state::{Fort, Kind, Location, Move, Step, Then, ToiGame, Token, UnitId};
use crate::tables::results::Condition;
use crate::tables::results::{Damage, damaged};
use overlord_engine::{Refusal, RuleId};
use overlord_hexmap::HexId;

/// `TOI-MOVE`.
pub const MOVE: RuleId = RuleId("TOI-MOVE");
/// `TOI-ACT-ADV`.
pub const ADVANCE: RuleId = RuleId("TOI-ACT-ADV");
/// `TOI-ACT-FM`.
pub const FIRE_AND_MOVEMENT: RuleId = RuleId("TOI-ACT-FM");
/// `TOI-ACT-ASLT`.
pub const ASSAULT_ACTION: RuleId = RuleId("TOI-ACT-ASLT");
/// `TOI-TRANS`.
pub const TRANSPORT: RuleId = RuleId("TOI-TRANS");
/// `TOI-FORT`.
pub const FORTIFICATION: RuleId = RuleId("TOI-FORT");
/// `TOI-FORT-MINE`.
pub const MINES: RuleId = RuleId("TOI-FORT-MINE");
/// `TOI-FORT-WIRE`.
pub const WIRE: RuleId = RuleId("TOI-FORT-WIRE");

/// A level step of two (AMB-15): a cliff, impassable.
const CLIFF: i8 = 2;

/// Thirds of a movement point: movement is counted in thirds, since a truck pays a third of a
/// point along a road (`TOI-UNIT-TRUCK`, Efficient Road Movement).
pub const THIRDS: u8 = 3;

/// The movement points, in thirds, `unit` starts an activation with (`TOI-MOVE`, AMB-10,
/// `TOI-UNIT-OFFICER`, `TOI-COMBAT-VEHDMG`): a squad the least of its figures' movement, +1 with
/// an officer; a vehicle its movement less its damage's.
pub fn movement_points(game: &ToiGame, unit: UnitId) -> u8 {
    let data = game.data();
    match game.unit(unit).kind {
        Kind::Squad { figures, .. } => {
            let present = figures
                .iter()
                .filter_map(|&f| data.figures.get(usize::from(f)));
            let least = present.clone().map(|f| f.movement).min().unwrap_or(0);
            let officer = present
                .clone()
                .any(|f| f.traits.iter().any(|t| t == "increased_mobility"));
            // A modifier card ("Forced March") in the play area: more movement this round.
            let bonus = game.card_bonus(game.unit(unit).nation, crate::data::Stat::Movement);
            (least + u8::from(officer) + bonus) * THIRDS
        }
        Kind::Vehicle { figure, damage } => {
            let Some(f) = data.figures.get(usize::from(figure)) else {
                return 0;
            };
            damaged(damage, f.movement, f.armor.unwrap_or(0), 0, 0).movement * THIRDS
        }
    }
}

/// Whether `unit` is a vehicle.
pub fn is_vehicle(game: &ToiGame, unit: UnitId) -> bool {
    matches!(game.unit(unit).kind, Kind::Vehicle { .. })
}

/// `TOI-MOVE-IMMOBILE`: why `unit` cannot move: a pinned or disrupted squad, a heavily
/// damaged vehicle.
pub fn immobile(game: &ToiGame, unit: UnitId) -> Option<&'static str> {
    match game.unit(unit).kind {
        Kind::Squad { condition, .. } if condition != Default::default() => {
            Some("a pinned or disrupted squad cannot move (TOI-COMBAT-COND)")
        }
        Kind::Vehicle {
            damage: Damage::Heavy,
            ..
        } => Some("a heavily damaged vehicle cannot move (TOI-COMBAT-VEHDMG)"),
        _ => None,
    }
}

/// What entering `to` from the adjacent `from` costs `unit` (`TOI-TERR-*`, AMB-43), or why it
/// may not: half hexes (`TOI-MOVE-HALFHEX`), impassable terrain, buildings for vehicles, cliffs
/// (AMB-15), enemy units.
pub fn entry_cost(
    game: &ToiGame,
    unit: UnitId,
    from: HexId,
    to: HexId,
) -> Result<u8, &'static str> {
    let field = &game.scenario().battlefield;
    if field.is_half(to) {
        return Err("half hexes are not part of the game (TOI-MOVE-HALFHEX)");
    }
    let owner = game.unit(unit).nation;
    // TOI-COMBAT-HIDDEN: a hex of only hidden enemy squads may be passed through.
    let enemies = game
        .units_in(to)
        .filter(|&u| game.unit(u).nation != owner && !game.unit(u).hidden)
        .count() as u8;
    // TOI-UNIT-TANK Overrun: a tank passes through, 1 MP more for each enemy unit.
    let overrun = enemies * THIRDS;
    if enemies > 0 && !(is_vehicle(game, unit) && has_trait(game, unit, "overrun")) {
        return Err("enemy units hold the hex");
    }
    let (up, down) = (field.level(to), field.level(from));
    if (up - down).abs() >= CLIFF {
        return Err("a cliff: levels 2 apart (TOI-TERR-HILL, AMB-15)");
    }
    // TOI-FORT-TRAP, AMB-42: a vehicle enters tank traps only as the first hex of its move,
    // from the hex it started in.
    if is_vehicle(game, unit)
        && game.markers(to).traps
        && matches!(game.step, Step::Moving(mv) if mv.moved)
    {
        return Err("a vehicle enters tank traps only from the hex it starts its move in");
    }
    let vehicle = is_vehicle(game, unit);
    let terrain = terrain_at(game, to).ok_or("no such hex")?;
    let base = terrain_cost(game, unit, terrain).ok_or(if vehicle {
        "vehicles cannot enter this terrain (TOI-TERR)"
    } else {
        "squads cannot enter this terrain (TOI-TERR)"
    })?;
    // TOI-TERR-ROAD: 1 along a contiguous road, whatever lies under it, but never into a
    // building for a squad's price of 1 (TOI-TERR-BUILDING: 2 even with a road).
    let along_road = field
        .hexes
        .direction(from, to)
        .and_then(|d| field.hexes.road(from, d))
        .is_some();
    if along_road && terrain.id != "building" {
        // TOI-UNIT-TRUCK: Efficient Road Movement, a third of a point.
        let efficient = vehicle && has_trait(game, unit, "efficient_road_movement");
        return Ok(if efficient { 1 } else { THIRDS } + overrun);
    }
    // TOI-TERR-HILL, AMB-43: 2 to climb, or the terrain's cost if more.
    let climb = if up > down { 2 } else { 1 };
    Ok(base.max(climb) * THIRDS + overrun)
}

/// The terrain of `hex` (`TOI-TERR`).
pub fn terrain_at(game: &ToiGame, hex: HexId) -> Option<&crate::data::TerrainDef> {
    game.scenario()
        .battlefield
        .terrain
        .get(hex.index())
        .and_then(|&t| game.data().terrain.get(usize::from(t)))
}

/// `TOI-TERR`: what `terrain` costs `unit` (a squad's or a vehicle's price); `None` where its
/// kind may not enter.
fn terrain_cost(game: &ToiGame, unit: UnitId, terrain: &crate::data::TerrainDef) -> Option<u8> {
    if is_vehicle(game, unit) {
        terrain.vehicle_cost
    } else {
        terrain.squad_cost
    }
}

/// `TOI-TERR`: whether `unit`'s kind may stand in `hex`'s terrain at all (a vehicle never in a
/// building, no unit in a lake), as deployment and retreats ask.
pub fn terrain_open(game: &ToiGame, unit: UnitId, hex: HexId) -> bool {
    terrain_at(game, hex).is_some_and(|t| terrain_cost(game, unit, t).is_some())
}

/// Whether `unit` has the trait `name`.
pub fn has_trait(game: &ToiGame, unit: UnitId, name: &str) -> bool {
    game.has_trait(unit, name)
}

/// Movement points in thirds, for people (`4`, `3⅓`).
pub fn mp_text(thirds: u8) -> String {
    let (whole, part) = (thirds / THIRDS, thirds % THIRDS);
    match part {
        0 => whole.to_string(),
        1 => format!("{whole}⅓"),
        _ => format!("{whole}⅔"),
    }
}

/// The hexes the moving unit may enter now, with `mp` movement points left.
pub fn destinations(game: &ToiGame, unit: UnitId, mp: u8) -> Vec<HexId> {
    let Some(at) = game.hex_of(unit) else {
        return Vec::new();
    };
    // TOI-FORT-ENTR: a squad in a fortification leaves it before it moves.
    if game.unit(unit).fort != Fort::None {
        return Vec::new();
    }
    let field = &game.scenario().battlefield;
    field
        .hexes
        .neighbours_on_map(at)
        .filter(|&n| {
            entry_cost(game, unit, at, n).is_ok_and(|cost| {
                cost <= mp
                    && (crate::stacking::may_stop(game, n, unit)
                        // TOI-STACK: through a full hex only if it can go on to one with room.
                        || onward(game, unit, n, mp - cost))
            })
        })
        .collect()
}

/// Whether from the full hex `through`, with `mp` left, `unit` can reach a hex it may stop in.
fn onward(game: &ToiGame, unit: UnitId, through: HexId, mp: u8) -> bool {
    let field = &game.scenario().battlefield;
    field.hexes.neighbours_on_map(through).any(|n| {
        entry_cost(game, unit, through, n)
            .is_ok_and(|cost| cost <= mp && crate::stacking::may_stop(game, n, unit))
    })
}

/// Whether the moving unit may still move: it has not fired after moving (`TOI-ACT-FM`: never
/// move, attack, move).
fn may_move(mv: Move) -> bool {
    !(mv.fired == Some(true) && mv.moved)
}

/// `TOI-FORT-ENTR`, `TOI-FORT-PILL`: the free fortifications of `hex` a squad may get into:
/// (entrenchments free, pillboxes free).
fn free_forts(game: &ToiGame, hex: HexId) -> (u8, u8) {
    let m = game.markers(hex);
    let used = |kind: Fort| {
        game.units_in(hex)
            .filter(|&u| game.unit(u).fort == kind)
            .count() as u8
    };
    (
        m.entrenchments.saturating_sub(used(Fort::Entrenchment)),
        m.pillboxes.saturating_sub(used(Fort::Pillbox)),
    )
}

/// `TOI-TRANS`: what boarding or leaving a vehicle costs, in thirds.
pub const TRANSFER: u8 = 2 * THIRDS;

/// `TOI-TRANS`: the vehicle carrying `unit`, if it is aboard one.
pub fn carrier(game: &ToiGame, unit: UnitId) -> Option<UnitId> {
    match game.unit(unit).at {
        Location::Aboard(vehicle) => Some(vehicle),
        _ => None,
    }
}

/// `TOI-LIMITS`: whether `nation` has a transport marker left for one more loaded vehicle (8
/// of its vehicles may carry squads at once).
pub fn transport_marker_left(game: &ToiGame, nation: crate::data::Nation) -> bool {
    let loaded = game
        .unit_ids()
        .filter(|&v| game.unit(v).nation == nation && game.passengers(v).next().is_some())
        .count();
    loaded < crate::data::limits::TRANSPORT_MARKERS
}

/// `TOI-LIMITS`.
pub const LIMITS: RuleId = RuleId("TOI-LIMITS");

/// `TOI-TRANS`: the friendly vehicles in `squad`'s hex with room for it (an empty one only while
/// a transport marker is left, `TOI-LIMITS`).
pub fn vehicles_to_board(game: &ToiGame, squad: UnitId) -> Vec<UnitId> {
    if is_vehicle(game, squad) {
        return Vec::new();
    }
    let Some(at) = game.hex_of(squad) else {
        return Vec::new();
    };
    let nation = game.unit(squad).nation;
    game.units_in(at)
        .filter(|&v| {
            let capacity = match game.unit(v).kind {
                Kind::Vehicle { figure, .. } => game
                    .data()
                    .figures
                    .get(usize::from(figure))
                    .and_then(|f| f.transport)
                    .unwrap_or(0),
                Kind::Squad { .. } => 0,
            };
            let carried = game.passengers(v).count();
            game.unit(v).nation == nation
                && carried < usize::from(capacity)
                && (carried > 0 || transport_marker_left(game, nation))
        })
        .collect()
}

/// `TOI-TRANS`: whether the squad aboard a vehicle may leave it now: into the vehicle's hex,
/// within the stacking limit.
pub fn may_disembark(game: &ToiGame, squad: UnitId, mp: u8) -> bool {
    carrier(game, squad)
        .and_then(|v| game.hex_of(v))
        .is_some_and(|h| mp >= TRANSFER && crate::stacking::fits(game, h, squad))
}

/// `TOI-FORT-WIRE`: whether the moving unit, a tank or an engineer squad, may remove the wire of
/// its hex (2 MP).
fn may_remove_wire(game: &ToiGame, mv: Move) -> bool {
    let unit = mv.unit;
    mv.mp >= WIRE_REMOVAL
        && game.hex_of(unit).is_some_and(|h| game.markers(h).wire)
        && (is_vehicle(game, unit) && has_trait(game, unit, "overrun")
            || crate::specialization::is(game, unit, Specialization::Engineer))
}

/// `TOI-FORT-WIRE`: what removing wire costs, in thirds.
pub const WIRE_REMOVAL: u8 = 2 * THIRDS;

/// The legal answers while a unit moves.
pub fn legal(game: &ToiGame, mv: Move, out: &mut Vec<ToiAction>) {
    // TOI-TRANS: a squad aboard may leave the vehicle, or stay aboard.
    if carrier(game, mv.unit).is_some() {
        if may_disembark(game, mv.unit, mv.mp) {
            out.push(ToiAction::Disembark);
        }
        out.push(ToiAction::StopMoving);
        return;
    }
    if mv.mp >= TRANSFER {
        out.extend(
            vehicles_to_board(game, mv.unit)
                .into_iter()
                .map(|vehicle| ToiAction::Board { vehicle }),
        );
    }
    // TOI-FORT-ENTR, TOI-FORT-PILL: 1 MP to get into a free fortification, or out of one.
    // Never where it may not stop (a full hex, or one of hidden enemy squads): it would be stuck.
    if !is_vehicle(game, mv.unit)
        && mv.mp >= THIRDS
        && let Some(hex) = game.hex_of(mv.unit)
        && crate::stacking::may_stop(game, hex, mv.unit)
    {
        if game.unit(mv.unit).fort == Fort::None {
            let (entrenchments, pillboxes) = free_forts(game, hex);
            if entrenchments > 0 {
                out.push(ToiAction::EnterFort { pillbox: false });
            }
            if pillboxes > 0 {
                out.push(ToiAction::EnterFort { pillbox: true });
            }
        } else {
            out.push(ToiAction::LeaveFort);
        }
    }
    if may_remove_wire(game, mv) {
        out.push(ToiAction::RemoveWire);
    }
    if may_move(mv) {
        out.extend(
            destinations(game, mv.unit, mv.mp)
                .into_iter()
                .map(|hex| ToiAction::MoveTo { hex }),
        );
    }
    // TOI-ACT-FM: one attack, before or after moving, at half firepower, never at long range;
    // not from a full hex it is passing through.
    let room = game
        .hex_of(mv.unit)
        .is_some_and(|h| crate::stacking::may_stop(game, h, mv.unit));
    if mv.fired == Some(false) && room {
        for target in crate::fire::targets(game, mv.unit, true) {
            out.push(ToiAction::MovingFire {
                target,
                suppressive: false,
            });
            if crate::fire::suppressive_refusal(game, target).is_none() {
                out.push(ToiAction::MovingFire {
                    target,
                    suppressive: true,
                });
            }
        }
    }
    // TOI-STACK: no stopping in a full hex.
    if game
        .hex_of(mv.unit)
        .is_some_and(|h| crate::stacking::may_stop(game, h, mv.unit))
    {
        out.push(ToiAction::StopMoving);
    }
}

/// The kind of move an activation starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kinds {
    Advance,
    FireAndMovement,
    Assault,
}

/// Start `unit`'s Advance (`TOI-ACT-ADV`), its Fire and Movement (`TOI-ACT-FM`: a squad 1 MP
/// less, a vehicle 2) or its Assault (`TOI-ACT-ASLT`: 1 MP less).
pub fn start(
    game: &mut ToiGame,
    unit: UnitId,
    kind: Kinds,
    log: &mut ToiLog,
) -> Result<(), Refusal> {
    if let Some(why) = immobile(game, unit) {
        return Err(Refusal::by_rule(ADVANCE, why));
    }
    let fire_and_movement = kind == Kinds::FireAndMovement;
    let penalty = match (kind, is_vehicle(game, unit)) {
        (Kinds::Advance, _) => 0,
        (Kinds::FireAndMovement, true) => 2 * THIRDS,
        (Kinds::FireAndMovement | Kinds::Assault, _) => THIRDS,
    };
    // TOI-CARD-OPS "Double Time" (errata): a squad's Advance goes 2 MP farther.
    let double_time = kind == Kinds::Advance
        && !is_vehicle(game, unit)
        && game.operation(
            game.unit(unit).nation,
            crate::data::OperationRule::DoubleTime,
        );
    let mp = (movement_points(game, unit) + if double_time { 2 * THIRDS } else { 0 })
        .saturating_sub(penalty);
    let back = game.hex_of(unit).unwrap_or(HexId::NONE);
    game.step = Step::Moving(Move {
        unit,
        mp,
        fired: fire_and_movement.then_some(false),
        moved: false,
        assault: kind == Kinds::Assault,
        from_mines: game.hex_of(unit).is_some_and(|h| game.markers(h).mines),
        back,
    });
    let (rule, what) = match kind {
        Kinds::FireAndMovement => (FIRE_AND_MOVEMENT, "fire and movement"),
        Kinds::Assault => (ASSAULT_ACTION, "assault"),
        Kinds::Advance => (ADVANCE, "advance"),
    };
    log.public(rule, ToiEvent::Activated { unit, action: what }, || {
        format!(
            "{}: {what} ({} MP)",
            crate::text::unit_name(game, unit),
            mp_text(mp)
        )
    });
    Ok(())
}

/// Answer the moving unit's prompt.
pub fn answer(
    game: &mut ToiGame,
    mv: Move,
    action: ToiAction,
    log: &mut ToiLog,
) -> Result<(), Refusal> {
    let unit = mv.unit;
    match action {
        ToiAction::MoveTo { hex } => {
            let from = game
                .hex_of(unit)
                .ok_or_else(|| Refusal::by_rule(MOVE, "the unit is not on the map"))?;
            let cost =
                entry_cost(game, unit, from, hex).map_err(|why| Refusal::by_rule(MOVE, why))?;
            if !may_move(mv) || !destinations(game, unit, mv.mp).contains(&hex) {
                return Err(Refusal::by_rule(MOVE, "the unit cannot enter that hex now"));
            }
            overrun(game, unit, from, log);
            game.units[unit.index()].at = Location::Hex(hex);
            crate::hidden::reveal_on_objective(game, unit, log);
            let left = mv.mp - cost;
            let back = if crate::stacking::may_stop(game, hex, unit) {
                hex
            } else {
                mv.back
            };
            log.public(MOVE, ToiEvent::Moved { unit, hex }, || {
                format!(
                    "{} enters {} ({} MP left)",
                    crate::text::unit_name(game, unit),
                    game.scenario().battlefield.label(hex),
                    mp_text(left)
                )
            });
            game.step = Step::Entered(Move {
                mp: left,
                moved: true,
                back,
                ..mv
            });
            Ok(())
        }
        ToiAction::MovingFire {
            target,
            suppressive,
        } if mv.fired == Some(false) => {
            let effect = crate::fire::attack(game, unit, target, suppressive, true, log)?;
            let fired = Move {
                fired: Some(true),
                ..mv
            };
            // TOI-ACT-FM: attacking after moving ends the activation; before, it moves on.
            let then = if mv.moved {
                Then::End(unit)
            } else {
                Then::Resume(fired)
            };
            match (effect, then) {
                (crate::fire::Effect::Casualties(hits), _) => {
                    game.step = Step::Casualties {
                        unit: target,
                        hits,
                        then,
                    };
                }
                (_, Then::Resume(next)) => game.step = Step::Moving(next),
                (_, Then::End(u)) => game.end_activation(u),
                (_, Then::Assault(_) | Then::Losses(_) | Then::Stop(_)) => {
                    game.end_activation(unit)
                }
            }
            Ok(())
        }
        ToiAction::Board { vehicle } => {
            let nation = game.unit(unit).nation;
            let friendly = game
                .units
                .get(vehicle.index())
                .is_some_and(|v| v.nation == nation);
            if friendly
                && game.passengers(vehicle).next().is_none()
                && !transport_marker_left(game, nation)
            {
                return Err(Refusal::by_rule(
                    LIMITS,
                    "all 8 of your transport markers are in use: no other vehicle may take squads aboard",
                ));
            }
            if mv.mp < TRANSFER || !vehicles_to_board(game, unit).contains(&vehicle) {
                return Err(Refusal::by_rule(
                    TRANSPORT,
                    "a squad boards a friendly vehicle with room, in its hex, for 2 MP",
                ));
            }
            game.units[unit.index()].at = Location::Aboard(vehicle);
            log.public(TRANSPORT, ToiEvent::Note, || {
                format!(
                    "{} boards {}",
                    crate::text::unit_name(game, unit),
                    crate::text::unit_name(game, vehicle)
                )
            });
            // TOI-TRANS: boarding ends the squad's action.
            game.end_activation(unit);
            Ok(())
        }
        ToiAction::Disembark => {
            let hex = carrier(game, unit).and_then(|v| game.hex_of(v));
            let Some(hex) = hex.filter(|_| may_disembark(game, unit, mv.mp)) else {
                return Err(Refusal::by_rule(
                    TRANSPORT,
                    "leaving a vehicle takes 2 MP and room in its hex",
                ));
            };
            game.units[unit.index()].at = Location::Hex(hex);
            log.public(TRANSPORT, ToiEvent::Moved { unit, hex }, || {
                format!("{} leaves its vehicle", crate::text::unit_name(game, unit))
            });
            // TOI-TRANS: leaving is moving into the hex, for Op Fire too.
            game.step = Step::Entered(Move {
                mp: mv.mp - TRANSFER,
                moved: true,
                back: hex,
                ..mv
            });
            Ok(())
        }
        ToiAction::EnterFort { pillbox } => {
            let hex = game.hex_of(unit).unwrap_or(HexId::NONE);
            let (entrenchments, pillboxes) = free_forts(game, hex);
            let free = if pillbox { pillboxes } else { entrenchments };
            if is_vehicle(game, unit)
                || !crate::stacking::may_stop(game, hex, unit)
                || game.unit(unit).fort != Fort::None
                || free == 0
                || mv.mp < THIRDS
            {
                return Err(Refusal::by_rule(
                    FORTIFICATION,
                    "a squad gets into a free fortification of its hex for 1 MP; vehicles never",
                ));
            }
            game.units[unit.index()].fort = if pillbox {
                Fort::Pillbox
            } else {
                Fort::Entrenchment
            };
            log.public(FORTIFICATION, ToiEvent::Note, || {
                format!(
                    "{} gets into the fortification",
                    crate::text::unit_name(game, unit)
                )
            });
            game.step = Step::Moving(Move {
                mp: mv.mp - THIRDS,
                ..mv
            });
            Ok(())
        }
        ToiAction::LeaveFort => {
            if game.unit(unit).fort == Fort::None || mv.mp < THIRDS {
                return Err(Refusal::by_rule(
                    FORTIFICATION,
                    "leaving a fortification takes 1 MP",
                ));
            }
            game.units[unit.index()].fort = Fort::None;
            log.public(FORTIFICATION, ToiEvent::Note, || {
                format!(
                    "{} leaves the fortification",
                    crate::text::unit_name(game, unit)
                )
            });
            // AMB-19: leaving a fortification exposes the squad to Op Fire.
            game.step = Step::Entered(Move {
                mp: mv.mp - THIRDS,
                ..mv
            });
            Ok(())
        }
        ToiAction::RemoveWire => {
            if !may_remove_wire(game, mv) {
                return Err(Refusal::by_rule(
                    WIRE,
                    "a tank or an engineer squad removes the wire of its hex for 2 MP",
                ));
            }
            let hex = game.hex_of(unit).unwrap_or(HexId::NONE);
            let mut m = game.markers(hex);
            m.wire = false;
            game.set_markers(hex, m);
            log.public(WIRE, ToiEvent::Note, || {
                format!("{} removes the wire", crate::text::unit_name(game, unit))
            });
            // Its move goes on, or ends (back to where it could stop, if it stands where it may
            // not).
            go_on(
                game,
                Move {
                    mp: mv.mp - WIRE_REMOVAL,
                    ..mv
                },
            );
            Ok(())
        }
        ToiAction::StopMoving if carrier(game, unit).is_some() => {
            game.end_activation(unit);
            Ok(())
        }
        ToiAction::StopMoving => {
            if !game
                .hex_of(unit)
                .is_some_and(|h| crate::stacking::may_stop(game, h, unit))
            {
                return Err(Refusal::by_rule(
                    crate::stacking::STACK,
                    "no unit may stop in a full hex",
                ));
            }
            game.end_activation(unit);
            Ok(())
        }
        _ => Err(Refusal::by_rule(MOVE, "not a move")),
    }
}

/// `TOI-UNIT-TANK` Overrun: a tank leaving a hex of enemy units it passed through pins the
/// squads there that can be: neither aboard, nor in a fortification, nor pinned or disrupted
/// already (nor hidden).
fn overrun(game: &mut ToiGame, tank: UnitId, hex: HexId, log: &mut ToiLog) {
    if !is_vehicle(game, tank) || !has_trait(game, tank, "overrun") {
        return;
    }
    let owner = game.unit(tank).nation;
    let pinned: Vec<UnitId> = game
        .units_in(hex)
        .filter(|&u| {
            let unit = game.unit(u);
            unit.nation != owner
                && !unit.hidden
                && unit.fort == Fort::None
                && matches!(
                    unit.kind,
                    Kind::Squad {
                        condition: Condition::Normal,
                        ..
                    }
                )
        })
        .collect();
    for u in pinned {
        if let Kind::Squad { figures, .. } = game.unit(u).kind {
            game.units[u.index()].kind = Kind::Squad {
                figures,
                condition: Condition::Pinned,
            };
            // TOI-COMBAT-COND: pinned, fatigued at once.
            game.units[u.index()].token = Token::Fatigued;
        }
        log.public(OVERRUN, ToiEvent::Condition { unit: u }, || {
            format!("{} is overrun and pinned", crate::text::unit_name(game, u))
        });
    }
}

/// `TOI-UNIT-TANK`.
pub const OVERRUN: RuleId = RuleId("TOI-UNIT-TANK");

/// The move goes on (after entering a hex with no Op Fire, or an Op Fire that did not stop it):
/// it ends when nothing more may be done; a unit that must stop in a full hex goes back to the
/// last hex it could stop in (`TOI-STACK`).
pub fn go_on(game: &mut ToiGame, mv: Move) {
    let mut probe = Vec::new();
    legal(game, mv, &mut probe);
    if probe.iter().any(|a| *a != ToiAction::StopMoving) {
        game.step = Step::Moving(mv);
    } else {
        end(game, mv);
    }
}

/// The move ends where it is, or, in a full hex, back where it last could stop (`TOI-STACK`).
pub fn end(game: &mut ToiGame, mv: Move) {
    let unit = mv.unit;
    if let Some(hex) = game.hex_of(unit)
        && !crate::stacking::may_stop(game, hex, unit)
        && !mv.back.is_none()
    {
        game.units[unit.index()].at = Location::Hex(mv.back);
    }
    game.end_activation(unit);
}
