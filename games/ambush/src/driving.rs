//! Vehicles on the move (AMB-VMOV, AMB-VRUN, AMB-VMINE, AMBX-VEH-2/6/10): a German driver's
//! drive along the red instruction, the accident check and the accident table, running over
//! soldiers in the hexes entered, and minefields under the wheels.
//!
//! A vehicle turns for free after entering each hex (AMB-VMOV-1), so it may leave a hex in any
//! direction, facing the way it goes; only the first step of a drive needs no turn, and we allow
//! it too (the vehicle turned after entering its hex, before this drive): docs/ambush/
//! interpretations.md.

use crate::action::AmbEvent;
use crate::attacks::log_damage;
use crate::data::mission::{Marker, Stance};
use crate::data::tables::CarLocation;
use crate::data::vehicles::VehicleKind;
use crate::data::weapons::{Damage, Side};
use crate::map::Hex;
use crate::state::{Ambush, Place, SoldierId, VehicleId, VehicleStatus, marker_bit};
use crate::tables::damage::Health;
use crate::tables::dice;
use overlord_engine::RuleId;

/// AMB-VMOV-8: the accident check.
pub const ACCIDENT_CHECK: RuleId = RuleId("AMB-VMOV-8");
/// AMBX-VEH-6: the accident table.
pub const ACCIDENT: RuleId = RuleId("AMBX-VEH-6");
/// AMB-VRUN-1/2: running over.
pub const RUN_OVER: RuleId = RuleId("AMB-VRUN-1");
/// AMB-VMINE-2: a car on a minefield.
pub const MINE: RuleId = RuleId("AMB-VMINE-2");

/// Vehicle `v`'s kind.
pub fn kind_of(game: &Ambush, v: VehicleId) -> Option<&VehicleKind> {
    let kind = game.vehicles.get(usize::from(v.0))?.kind;
    game.data().vehicles.values().nth(usize::from(kind))
}

/// Whether `v` is a tank (a crew card, no seats).
pub fn is_tank(game: &Ambush, v: VehicleId) -> bool {
    kind_of(game, v).is_some_and(|k| k.crew > 0)
}

/// The soldiers aboard `v`, by seat (seat 0 drives a car; a tank's crew card is seat 0).
pub fn aboard(game: &Ambush, v: VehicleId) -> Vec<SoldierId> {
    let mut on: Vec<(u8, SoldierId)> = (0..game.soldiers.len() as u8)
        .map(SoldierId)
        .filter_map(|id| match game.soldier(id).place {
            Place::Aboard { vehicle, seat } if vehicle == v => Some((seat, id)),
            _ => None,
        })
        .collect();
    on.sort_unstable();
    on.into_iter().map(|(_, id)| id).collect()
}

/// The driver of `v` (seat 0), if he can drive.
pub fn driver(game: &Ambush, v: VehicleId) -> Option<SoldierId> {
    aboard(game, v).into_iter().find(|&id| {
        matches!(game.soldier(id).place, Place::Aboard { seat: 0, .. })
            && !game.soldier(id).inactive()
    })
}

/// AMB-EQP-3 (AMBIG-31): a driver's DS: a US soldier at the wheel of a German vehicle at −1.
pub fn driving_skill(game: &Ambush, v: VehicleId, id: SoldierId) -> i16 {
    let s = game.soldier(id);
    let foreign = game
        .vehicles
        .get(usize::from(v.0))
        .is_some_and(|car| car.side != s.side);
    i16::from(s.ratings.ds) - i16::from(foreign)
}

/// AMB-EQP-3 (AMBIG-31): whether `id` may drive `v`: his DS, less 1 at the wheel of the other
/// side's vehicle, above 0.
pub fn may_drive(game: &Ambush, v: VehicleId, id: SoldierId) -> bool {
    driving_skill(game, v, id) > 0
}

/// How many vehicles stand in `hex`, `v` itself left out.
fn vehicles_in(game: &Ambush, hex: Hex, v: VehicleId) -> usize {
    game.vehicles
        .iter()
        .enumerate()
        .filter(|&(i, car)| i != usize::from(v.0) && car.hex == Some(hex))
        .count()
}

/// AMB-VMOV, AMB-GER-6 (codes `DR`, `DF`): the driver of `v` drives it slow or fast toward the
/// red destination of its hex; whether it moved.
pub fn drive(game: &mut Ambush, v: VehicleId, fast: bool) -> bool {
    let Some(car) = game.vehicles.get(usize::from(v.0)).copied() else {
        return false;
    };
    let Some(kind) = kind_of(game, v).cloned() else {
        return false;
    };
    let Some(from) = car.hex else { return false };
    let able = matches!(car.status, VehicleStatus::Ok | VehicleStatus::TireHit);
    // AMBX-VEH-2: no fast drive on a hit tire; AMB-VACT-5: a tank fast only open.
    let fast = fast && car.status != VehicleStatus::TireHit && (kind.crew == 0 || car.open);
    if !able || driver(game, v).is_none() {
        return false;
    }
    let Some(to) = game.mission().table.gmove(from, game.condition) else {
        return false;
    };
    // The map and the tables are the mission's, shared: held apart from the state changing.
    let data = std::sync::Arc::clone(&game.data);
    let Some(map) = data.missions[usize::from(game.mission)].hexes.as_ref() else {
        return false;
    };
    let costs = &data.tables.movement.vehicle;
    let budget = if fast { kind.fast_mpa } else { kind.slow_mpa };
    let path = crate::german::cheapest_walk(
        map,
        from,
        to,
        budget,
        // AMB-OPA-2: never into a hex already holding two vehicles.
        |a, b| {
            if vehicles_in(game, b, v) >= 2 {
                return None;
            }
            crate::movement::vehicle_cost(map, costs, &kind, a, b, false)
        },
    );
    if path.is_empty() {
        return false;
    }
    {
        let c = &mut game.vehicles[usize::from(v.0)];
        c.moved_this_round = true;
        c.moved_fast = fast;
    }
    let mut at = from;
    for hex in path {
        if let Some(dir) = map.direction(at, hex) {
            game.vehicles[usize::from(v.0)].facing = dir;
        }
        game.vehicles[usize::from(v.0)].hex = Some(hex);
        at = hex;
        game.note(RuleId("AMB-VMOV-1"), AmbEvent::Sheet, |_| {
            format!("the {} drives into {}", kind.name, map.label(hex))
        });
        if !entered(game, v, hex) {
            break;
        }
    }
    // AMB-VMOV-7, AMBX-VEH-2: fast, an accident check at the end of the move.
    if fast && game.vehicles[usize::from(v.0)].status != VehicleStatus::Destroyed {
        accident_check(game, v);
    }
    true
}

/// What entering `hex` brings (AMB-VRUN, AMB-VMINE); whether the vehicle goes on.
pub fn entered_hex(game: &mut Ambush, v: VehicleId, hex: Hex) -> bool {
    entered(game, v, hex)
}

fn entered(game: &mut Ambush, v: VehicleId, hex: Hex) -> bool {
    let tank = is_tank(game, v);
    // AMB-VMINE-1/2: a tank ignores a minefield; a car clears it, its occupants panicking.
    if game.marked(hex, Marker::Minefield) && !tank {
        if let Some(m) = game.markers.get_mut(usize::from(hex.0)) {
            *m &= !marker_bit(Marker::Minefield);
        }
        for id in aboard(game, v) {
            panic_soldier(game, id, MINE);
        }
    }
    run_over(game, v, hex);
    let car = game.vehicles[usize::from(v.0)];
    matches!(car.status, VehicleStatus::Ok | VehicleStatus::TireHit) && driver(game, v).is_some()
}

fn panic_soldier(game: &mut Ambush, id: SoldierId, rule: RuleId) {
    let s = &mut game.soldiers[id.index()];
    if s.inactive() {
        return;
    }
    s.panicked = true;
    s.marker.row = crate::tables::track::Row::Panic;
    game.note(rule, AmbEvent::Damage { soldier: id }, |game| {
        let name = game.name(id);
        format!("{name} panics")
    });
}

/// A d10 on weapon type `kind`'s damage row for `id`, taken as prone (AMBX-VEH-6, AMBX-VEH-10).
fn damage_as_prone(game: &mut Ambush, id: SoldierId, kind: &str, rule: RuleId) {
    let row = game
        .data()
        .weapons
        .types
        .get(kind)
        .and_then(|t| t.damage.clone())
        .unwrap_or_default();
    let die = dice::d10(&mut game.rng, rule);
    let result = row.get(usize::from(die)).copied().unwrap_or(Damage::None);
    let stance = game.soldier(id).stance;
    game.soldiers[id.index()].stance = Stance::Prone;
    crate::fire::take(game, id, result);
    if !game.soldier(id).inactive() && matches!(game.soldier(id).place, Place::Aboard { .. }) {
        game.soldiers[id.index()].stance = stance;
    }
    log_damage(game, &[(id, result)], rule);
}

/// AMB-VRUN-1/2, AMBX-VEH-10: soldiers on foot in `hex` as `v` drives in.
pub fn run_over_in(game: &mut Ambush, v: VehicleId, hex: Hex) {
    run_over(game, v, hex);
}

fn run_over(game: &mut Ambush, v: VehicleId, hex: Hex) {
    let side = game.vehicles[usize::from(v.0)].side;
    let tank = is_tank(game, v);
    let on_foot: Vec<SoldierId> = (0..game.soldiers.len() as u8)
        .map(SoldierId)
        .filter(|&id| game.soldier(id).place == Place::Hex(hex))
        .collect();
    if on_foot.is_empty() {
        return;
    }
    let Some(d) = driver(game, v) else { return };
    let ds = driving_skill(game, v, d);
    let enemies: Vec<SoldierId> = on_foot
        .iter()
        .copied()
        .filter(|&id| game.soldier(id).side != side)
        .collect();
    let friends: Vec<SoldierId> = on_foot
        .iter()
        .copied()
        .filter(|&id| game.soldier(id).side == side && !game.soldier(id).inactive())
        .collect();
    if !enemies.is_empty() {
        // AMB-VRUN-2: the inactive are killed; the driver's check succeeding, the others dodge.
        for &id in &enemies {
            if game.soldier(id).inactive() && game.soldier(id).health != Health::Killed {
                crate::fire::take(game, id, Damage::Kill);
                log_damage(game, &[(id, Damage::Kill)], RuleId("AMB-VRUN-2"));
            }
        }
        let (_, aims) = dice::skill_roll(&mut game.rng, ds, RuleId("AMB-VRUN-2"));
        if aims {
            for &id in &enemies {
                dodge(game, id, tank);
            }
        }
    }
    if !friends.is_empty() {
        // AMB-VRUN-1: the accident check; failed, each friend dodges and the car crashes.
        let (_, safe) = dice::skill_roll(&mut game.rng, ds, RUN_OVER);
        if !safe {
            for &id in &friends {
                dodge(game, id, tank);
            }
            if !tank {
                accident(game, v);
            }
        }
    }
}

/// AMBX-VEH-10: a soldier dodges with a PC check; failing, a car's bolt-rifle damage, a tank's
/// tracks kill him.
fn dodge(game: &mut Ambush, id: SoldierId, tank: bool) {
    if game.soldier(id).inactive() {
        return;
    }
    let pc = i16::from(game.soldier(id).ratings.pc);
    let (_, dodged) = dice::skill_roll(&mut game.rng, pc, RUN_OVER);
    if dodged {
        return;
    }
    if tank {
        crate::fire::take(game, id, Damage::Kill);
        log_damage(game, &[(id, Damage::Kill)], RUN_OVER);
    } else {
        damage_as_prone(game, id, "bolt_rifle", RUN_OVER);
    }
}

/// AMB-VMOV-8: the driver's check against his DS (a skill roll); failed, an accident.
pub fn accident_check(game: &mut Ambush, v: VehicleId) {
    let Some(d) = driver(game, v) else {
        accident(game, v);
        return;
    };
    let ds = driving_skill(game, v, d);
    let (_, safe) = dice::skill_roll(&mut game.rng, ds, ACCIDENT_CHECK);
    if !safe {
        accident(game, v);
    }
}

/// AMBX-VEH-6: a d10 on the accident table.
pub fn accident(game: &mut Ambush, v: VehicleId) {
    use crate::data::tables::{CarAccident, TankAccident};
    let tank = is_tank(game, v);
    let die = usize::from(dice::d10(&mut game.rng, ACCIDENT));
    let table = &game.data().tables.accident;
    let (car_result, tank_result) = if tank {
        (None, table.tank.get(die).copied())
    } else {
        (table.car.get(die).copied(), None)
    };
    let name = kind_of(game, v).map_or_else(String::new, |k| k.name.clone());
    game.note(ACCIDENT, AmbEvent::Sheet, |_| {
        format!(
            "the {name} has an accident: {}",
            car_result.map_or_else(|| format!("{tank_result:?}"), |c| format!("{c:?}"))
        )
    });
    let status = |game: &mut Ambush, at_least: VehicleStatus| {
        let car = &mut game.vehicles[usize::from(v.0)];
        car.status = car.status.max(at_least);
    };
    match (car_result, tank_result) {
        (Some(CarAccident::Spin), _) => {
            let facing = dice::d10(&mut game.rng, ACCIDENT);
            if let Some(&dir) = crate::data::map::Dir::ALL.get(usize::from(facing)) {
                game.vehicles[usize::from(v.0)].facing = dir;
            }
            for id in aboard(game, v) {
                let pc = i16::from(game.soldier(id).ratings.pc);
                if !dice::skill_roll(&mut game.rng, pc, ACCIDENT).1 {
                    panic_soldier(game, id, ACCIDENT);
                }
            }
        }
        (Some(CarAccident::Ditch), _) => status(game, VehicleStatus::Disabled),
        (Some(CarAccident::Crash), _) => {
            status(game, VehicleStatus::Disabled);
            for id in aboard(game, v) {
                damage_as_prone(game, id, "bolt_rifle", ACCIDENT);
            }
        }
        (Some(CarAccident::Rollover), _) => {
            status(game, VehicleStatus::Destroyed);
            for id in aboard(game, v) {
                damage_as_prone(game, id, "semi_auto_rifle", ACCIDENT);
            }
        }
        (_, Some(TankAccident::Bogged | TankAccident::ThrownTrack)) => {
            status(game, VehicleStatus::Immobilized);
        }
        (_, Some(TankAccident::ThrownTrackPanic)) => {
            status(game, VehicleStatus::Immobilized);
            for id in aboard(game, v) {
                panic_soldier(game, id, ACCIDENT);
            }
        }
        // Swerve, stall: it stops where it is.
        _ => {}
    }
}

/// AMB-VDMG-2 (AMBIG-26): the driver of `v` panicked or wounded: an accident check; killed or
/// incapacitated in a round the vehicle moved: an accident.
pub fn driver_hurt(game: &mut Ambush, v: VehicleId, id: SoldierId) {
    let car = game.vehicles[usize::from(v.0)];
    if !matches!(game.soldier(id).place, Place::Aboard { seat: 0, .. }) || !car.moved_this_round {
        return;
    }
    let s = game.soldier(id);
    if s.inactive() {
        accident(game, v);
    } else if s.panicked || s.health == Health::Wounded {
        accident_check(game, v);
    }
}

/// Whether `location` of a car holds someone (the hit chart's seat).
pub fn seat_of(location: CarLocation) -> Option<u8> {
    match location {
        CarLocation::Driver => Some(0),
        CarLocation::Psgr1 => Some(1),
        CarLocation::Psgr2 => Some(2),
        CarLocation::Psgr3 => Some(3),
        CarLocation::Tire | CarLocation::Body => None,
    }
}

/// A side of the vehicle's soldiers, for the log.
pub fn side_of(game: &Ambush, v: VehicleId) -> Side {
    game.vehicles
        .get(usize::from(v.0))
        .map_or(Side::German, |c| c.side)
}
