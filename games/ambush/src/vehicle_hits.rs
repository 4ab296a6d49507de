//! Vehicles fired at and blown up (AMB-VDMG, AMB-VGREN, AMB-PEN-2/5, AMBX-VEH-3..5): a shot's DD
//! at a vehicle, the hit chart, penetration, and what each location hit does; grenades and
//! satchels thrown into an open vehicle or against one.

use crate::action::AmbEvent;
use crate::attacks::log_damage;
use crate::data::mission::Stance;
use crate::data::tables::{CarLocation, TankLocation};
use crate::data::weapons::{Damage, Penetration, Rating, WeaponType};
use crate::driving::{self, aboard, is_tank, kind_of};
use crate::fire::{self, Kind, NoShot};
use crate::los::{End, line_of_sight};
use crate::state::{Ambush, Place, SoldierId, VehicleId, VehicleStatus};
use crate::tables::dice;
use crate::vehicles::{Aspect, aspect, car_hit, tank_hit};
use overlord_engine::RuleId;

/// AMBX-VEH-4: the hit chart's die.
pub const HIT_CHART: RuleId = RuleId("AMBX-VEH-4");
/// AMB-PEN-2, AMBX-WTC-2: the penetration die.
pub const PENETRATION: RuleId = RuleId("AMB-PEN-2");
/// AMBX-VEH-5, AMB-VDMG: a location's damage.
pub const EFFECT: RuleId = RuleId("AMBX-VEH-5");
/// AMB-VGREN: a charge at a vehicle.
pub const CHARGE: RuleId = RuleId("AMB-VGREN-1");

fn no(rule: &'static str, reason: &'static str) -> NoShot {
    NoShot {
        rule: RuleId(rule),
        reason,
    }
}

/// A vehicle the squad may fire at: placed, not a wreck, the other side's.
pub fn target_vehicle(game: &Ambush, shooter: SoldierId, v: VehicleId) -> bool {
    game.vehicles.get(usize::from(v.0)).is_some_and(|car| {
        car.hex.is_some()
            && car.status != VehicleStatus::Destroyed
            && car.side != game.soldier(shooter).side
    })
}

/// AMB-FIRE-2/3, AMBX-FCM-1: the DD of `shooter`'s item `item` fired at vehicle `v`: as at a
/// standing target in the open (a vehicle gives its occupants no terrain), the vehicle's size
/// modifier, snap fire's, the firer's wound and WS.
pub fn dd(
    game: &Ambush,
    shooter: SoldierId,
    item: usize,
    v: VehicleId,
    kind: Kind,
) -> Result<i16, NoShot> {
    let map = game.map().ok_or(no("AMBX-MAP-1", "no map"))?;
    if !target_vehicle(game, shooter, v) {
        return Err(no("AMB-VDMG-1", "not a vehicle to fire at"));
    }
    let car = game.vehicles[usize::from(v.0)];
    let to = car.hex.ok_or(no("AMB-LOS", "not on the map"))?;
    let side = game.soldier(shooter).side;
    let (from, eye, _, row) = fire::firer_at_thing(game, shooter, item, kind)?;
    // AMB-SACT-3: friends on foot in its hex.
    if game.soldiers.iter().enumerate().any(|(i, o)| {
        i != shooter.index() && o.side == side && o.place == Place::Hex(to) && !o.inactive()
    }) {
        return Err(no("AMB-SACT-3", "an active friend is in the target's hex"));
    }
    if !line_of_sight(map, End::new(from, eye), End::new(to, Stance::Standing)) {
        return Err(no("AMB-LOS", "the vehicle is out of sight"));
    }
    let fcm = &game.data().tables.fcm;
    let large = kind_of(game, v).is_some_and(|k| k.is_large());
    let size = if large {
        fcm.vehicle_large
    } else {
        fcm.vehicle_small
    };
    fire::dd_at_thing(game, shooter, item, row, map.distance(from, to), kind, size)
}

/// What a shot at a vehicle did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VehicleShot {
    pub jammed: bool,
    pub dd: i16,
    pub hit: bool,
    /// The hit chart's location, as text.
    pub location: Option<String>,
    pub penetrated: bool,
    pub results: Vec<(SoldierId, Damage)>,
}

/// AMB-FIRE-1..6 at a vehicle, then AMBX-VEH-4/5: the jam check, the hit, the hit chart, the
/// location's effect; ammunition as for any shot.
pub fn shoot(
    game: &mut Ambush,
    shooter: SoldierId,
    item: usize,
    v: VehicleId,
    kind: Kind,
) -> Result<VehicleShot, NoShot> {
    let final_dd = dd(game, shooter, item, v, kind)?;
    let from = fire::firing_point(game, shooter).map(|p| p.0);
    let mut shot = VehicleShot {
        dd: final_dd,
        ..VehicleShot::default()
    };
    let done = fire::shoot_at(game, shooter, item, kind, final_dd, |game, row| {
        let mut hit = VehicleShot::default();
        struck(game, v, row, from, &mut hit);
        hit
    });
    shot.jammed = done.jammed;
    shot.hit = done.hit;
    if let Some(hit) = done.effect {
        shot.location = hit.location;
        shot.penetrated = hit.penetrated;
        shot.results = hit.results;
    }
    Ok(shot)
}

/// AMBX-WTC-2: a d10 on the weapon's penetration row: whether it goes through `armor`.
fn penetrates(game: &mut Ambush, row: &WeaponType, armor: Rating) -> bool {
    let Some(pen) = row.pen.as_ref() else {
        return false;
    };
    let die = dice::d10(&mut game.rng, PENETRATION);
    matches!(pen.get(usize::from(die)), Some(Penetration::Through(r)) if *r >= armor)
}

/// A d10 on `row`'s damage for `id`, less `lowered` (note 3 lowers by 3, AMBX-DMG-3).
fn personnel(game: &mut Ambush, id: SoldierId, row: &WeaponType, lowered: u8) -> Damage {
    let die = dice::d10(&mut game.rng, fire::DAMAGE);
    let result = row
        .damage
        .as_ref()
        .and_then(|d| d.get(usize::from(die.saturating_sub(lowered))).copied())
        .unwrap_or(Damage::None);
    fire::take(game, id, result);
    result
}

/// AMBX-VEH-4/5: a hit on `v` by a weapon of `row` from `from`: the chart, then the location.
fn struck(
    game: &mut Ambush,
    v: VehicleId,
    row: &WeaponType,
    from: Option<crate::map::Hex>,
    shot: &mut VehicleShot,
) {
    let car = game.vehicles[usize::from(v.0)];
    let Some(kind) = kind_of(game, v).cloned() else {
        return;
    };
    let on = aboard(game, v);
    let die = dice::d10(&mut game.rng, HIT_CHART);
    if is_tank(game, v) {
        let side = match (game.map(), car.hex, from) {
            (Some(map), Some(at), Some(from)) => aspect(map, at, car.facing, from),
            _ => Aspect::Front,
        };
        let Some(location) = tank_hit(&game.data().tables.hit_chart, side, car.open, die) else {
            return;
        };
        shot.location = Some(format!("{location:?}"));
        let face = match side {
            Aspect::Front => 0,
            Aspect::Side => 1,
            Aspect::Rear => 2,
        };
        match location {
            TankLocation::Track => {
                let armor = kind.armor.track.unwrap_or(Rating::Medium);
                if penetrates(game, row, armor) {
                    shot.penetrated = true;
                    let c = &mut game.vehicles[usize::from(v.0)];
                    c.status = c.status.max(VehicleStatus::Immobilized);
                }
            }
            TankLocation::Hull | TankLocation::Turret => {
                let armor = if location == TankLocation::Hull {
                    kind.armor.hull
                } else {
                    kind.armor.turret
                }
                .map_or(Rating::Heavy, |a| a[face]);
                if penetrates(game, row, armor) {
                    shot.penetrated = true;
                    destroy_tank(game, v, shot);
                }
            }
            TankLocation::Crew => crew_hit(game, v, shot),
        }
    } else {
        let occupants = on.len() as u8;
        let Some(location) = car_hit(&game.data().tables.hit_chart, occupants, die) else {
            return;
        };
        shot.location = Some(format!("{location:?}"));
        match location {
            CarLocation::Tire => {
                let c = &mut game.vehicles[usize::from(v.0)];
                if c.status == VehicleStatus::Ok {
                    c.status = VehicleStatus::TireHit;
                }
                // AMBX-VEH-5: an immediate accident check if occupied.
                if !on.is_empty() {
                    driving::accident_check(game, v);
                }
            }
            CarLocation::Body => {
                let armor = kind.armor.body.unwrap_or(Rating::Light);
                if penetrates(game, row, armor) {
                    shot.penetrated = true;
                    game.vehicles[usize::from(v.0)].status = VehicleStatus::Destroyed;
                    // AMBX-DMG-3: note 3 on one occupant chosen at random.
                    if !on.is_empty() {
                        let pick = if on.len() > 1 {
                            dice::random_determination(&mut game.rng, on.len())
                        } else {
                            0
                        };
                        let victim = on[pick];
                        let result = personnel(game, victim, row, 3);
                        shot.results.push((victim, result));
                    }
                }
            }
            seat_hit => {
                // AMB-VDMG-1 (AMBIG-25): the soldier in that seat takes the weapon's damage; a
                // driver put out of action disables the car unless the accident destroys it.
                let Some(seat) = driving::seat_of(seat_hit) else {
                    return;
                };
                let Some(&victim) = on.get(usize::from(seat)) else {
                    return;
                };
                let result = personnel(game, victim, row, 0);
                shot.results.push((victim, result));
                // AMB-VDMG-5: a bazooka's blast reaches everyone else aboard, as prone.
                if let Some(blast) = row.side_blast.as_deref() {
                    for other in on.iter().copied().filter(|&o| o != victim) {
                        let stance = game.soldier(other).stance;
                        game.soldiers[other.index()].stance = Stance::Prone;
                        let result = crate::blast::blast_damage(game, other, blast, EFFECT);
                        if !game.soldier(other).inactive() {
                            game.soldiers[other.index()].stance = stance;
                        }
                        shot.results.push((other, result));
                    }
                }
                if seat == 0 {
                    driving::driver_hurt(game, v, victim);
                    let c = &mut game.vehicles[usize::from(v.0)];
                    if game.soldiers[victim.index()].inactive() {
                        c.status = c.status.max(VehicleStatus::Disabled);
                    }
                }
            }
        }
    }
}

/// AMB-VDMG-3, AMB-VMOV-5: one of an open tank's exposed crew killed, three at most.
pub fn crew_hit(game: &mut Ambush, v: VehicleId, shot: &mut VehicleShot) {
    let c = &mut game.vehicles[usize::from(v.0)];
    if c.exposed_crew_killed < 3 && c.crew > 0 {
        c.exposed_crew_killed += 1;
        c.crew -= 1;
    }
    if c.crew == 0 {
        destroy_tank(game, v, shot);
    }
}

/// AMBX-DMG-5: a tank destroyed: its crew killed.
fn destroy_tank(game: &mut Ambush, v: VehicleId, shot: &mut VehicleShot) {
    game.vehicles[usize::from(v.0)].status = VehicleStatus::Destroyed;
    game.vehicles[usize::from(v.0)].crew = 0;
    for id in aboard(game, v) {
        if !game.soldier(id).inactive() {
            fire::take(game, id, Damage::Kill);
            shot.results.push((id, Damage::Kill));
        }
    }
}

/// What a charge thrown at a vehicle did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ThrownAt {
    pub dd: i16,
    pub hit: bool,
    pub dud: bool,
    pub results: Vec<(SoldierId, Damage)>,
}

/// AMB-VGREN-1: the DD of a charge thrown into an open vehicle (`into`, −1) or against one.
pub fn throw_dd(
    game: &Ambush,
    thrower: SoldierId,
    v: VehicleId,
    satchel: bool,
    into: bool,
) -> Result<i16, crate::grenade::NoThrow> {
    let refuse = |rule, reason| crate::grenade::NoThrow { rule, reason };
    let Some(car) = game.vehicles.get(usize::from(v.0)) else {
        return Err(refuse("AMB-VGREN-1", "no such vehicle"));
    };
    if car.side == game.soldier(thrower).side || car.status == VehicleStatus::Destroyed {
        return Err(refuse("AMB-VGREN-1", "not a vehicle to throw at"));
    }
    if into && !car.open {
        return Err(refuse(
            "AMB-VGREN-1",
            "into a closed vehicle, only against it",
        ));
    }
    let at = car.hex.ok_or(refuse("AMB-VGREN-1", "not on the map"))?;
    let dd = crate::grenade::throw_dd(game, thrower, at, satchel)?;
    let modifier = if into {
        i16::from(game.data().tables.gcdm.into_open_vehicle)
    } else {
        0
    };
    Ok(dd + modifier)
}

/// AMB-VGREN-1..6: a charge thrown into or against vehicle `v`; a miss scatters as any throw.
pub fn throw(
    game: &mut Ambush,
    thrower: SoldierId,
    v: VehicleId,
    satchel: bool,
    into: bool,
) -> Result<ThrownAt, crate::grenade::NoThrow> {
    let dd = throw_dd(game, thrower, v, satchel, into)?;
    let Some(at) = game.vehicles[usize::from(v.0)].hex else {
        return Ok(ThrownAt::default());
    };
    let mut thrown = ThrownAt {
        dd,
        ..ThrownAt::default()
    };
    crate::grenade::use_up(game, thrower, satchel);
    let (_, hit) = dice::skill_roll(&mut game.rng, dd, crate::grenade::HIT);
    thrown.hit = hit;
    if !hit {
        // It lands as a thrown charge does, beside the vehicle.
        let from = game.soldier(thrower).hex(&game.vehicles);
        let die = dice::d10(&mut game.rng, crate::grenade::SCATTER);
        if let Some(landed) = from.and_then(|f| crate::grenade::scatter(game, f, at, die)) {
            let blast = crate::grenade::land(game, landed, satchel);
            thrown.dud = blast.dud;
            thrown.results = blast.results;
        }
        return Ok(thrown);
    }
    let (outside, inside) = crate::grenade::blast_rows(game, satchel);
    if crate::grenade::is_dud(game, satchel) {
        thrown.dud = true;
        return Ok(thrown);
    }
    let on = aboard(game, v);
    let tank = is_tank(game, v);
    let row = |name: &Option<String>| name.clone().unwrap_or_default();
    let blast_on = |game: &mut Ambush, id: SoldierId, table: &str, thrown: &mut ThrownAt| {
        // AMB-VGREN-2: occupants count as prone.
        let stance = game.soldier(id).stance;
        game.soldiers[id.index()].stance = Stance::Prone;
        let result = crate::blast::blast_damage(game, id, table, RuleId("AMB-VGREN-2"));
        if !game.soldier(id).inactive() {
            game.soldiers[id.index()].stance = stance;
        }
        thrown.results.push((id, result));
    };
    match (tank, into) {
        // AMB-VGREN-3: inside a tank, everyone aboard dies.
        (true, true) => {
            let mut shot = VehicleShot::default();
            destroy_tank(game, v, &mut shot);
            game.vehicles[usize::from(v.0)].status = VehicleStatus::Disabled;
            thrown.results = shot.results;
        }
        // AMB-VGREN-4: a satchel against a tank: the outside row for the tank itself.
        (true, false) => {
            if satchel && vehicle_row_disables(game, &row(&outside)) {
                let c = &mut game.vehicles[usize::from(v.0)];
                c.status = c.status.max(VehicleStatus::Disabled);
            }
        }
        // AMB-VGREN-5: inside a car, every occupant takes the inside row; the car is disabled.
        (false, true) => {
            for id in on {
                blast_on(game, id, &row(&inside), &mut thrown);
            }
            let c = &mut game.vehicles[usize::from(v.0)];
            c.status = c.status.max(VehicleStatus::Disabled);
        }
        // AMB-VGREN-6: against a car: the outside row for the car, and for every occupant.
        (false, false) => {
            if vehicle_row_disables(game, &row(&outside)) {
                let c = &mut game.vehicles[usize::from(v.0)];
                c.status = c.status.max(VehicleStatus::Disabled);
            }
            for id in on {
                blast_on(game, id, &row(&outside), &mut thrown);
            }
        }
    }
    Ok(thrown)
}

/// AMB-VGREN-4/6: a d10 on blast row `table` for the vehicle itself: killed or incapacitated
/// disables it.
fn vehicle_row_disables(game: &mut Ambush, table: &str) -> bool {
    let Some(row) = game
        .data()
        .weapons
        .blasts
        .get(table)
        .map(|b| b.damage.clone())
    else {
        return false;
    };
    let die = dice::d10(&mut game.rng, RuleId("AMB-VGREN-4"));
    matches!(
        row.get(usize::from(die)),
        Some(Damage::Kill | Damage::Incapacitate)
    )
}

/// Log a vehicle shot.
pub fn log_shot(game: &mut Ambush, shooter: SoldierId, v: VehicleId, shot: &VehicleShot) {
    let status = game.vehicles[usize::from(v.0)].status;
    game.note(
        fire::HIT,
        AmbEvent::Attack {
            attacker: shooter,
            target: None,
        },
        |game| {
            let who = game.name(shooter);
            let name = kind_of(game, v).map_or_else(String::new, |k| k.name.clone());
            if shot.jammed {
                format!("{who}'s weapon jams (at the {name})")
            } else if shot.hit {
                format!(
                    "{who} fires at the {name}: DD {}, hit on the {}{}: {status:?}",
                    shot.dd,
                    shot.location.as_deref().unwrap_or("?"),
                    if shot.penetrated { ", penetrating" } else { "" }
                )
            } else {
                format!("{who} fires at the {name}: DD {}, miss", shot.dd)
            }
        },
    );
    log_damage(game, &shot.results, EFFECT);
}
