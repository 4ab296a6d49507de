//! The squad and vehicles (AMB-ACT-16, AMB-VACT-6/7, AMBX-VEH-9, AMB-EQP-3): getting into a car
//! and out of it, driving it hex by hex (free in Operations; in a round the driver's action,
//! slow or fast within the car's MPA, its one snap shot on the way), and changing seats.
//! Whoever rides enters each hex the car enters (AMB-OPS-1).

use crate::action::{AmbAction, AmbEvent};
use crate::data::weapons::Side;
use crate::driving::{self, aboard, kind_of};
use crate::map::Hex;
use crate::state::{Ambush, Doing, Place, SoldierId, Turn, VehicleId, VehicleStatus};
use crate::tables::track::{Row, after_acting};
use overlord_engine::RuleId;

/// AMBX-VEH-9: getting in or out.
pub const MOUNT: RuleId = RuleId("AMBX-VEH-9");
/// AMB-VACT-6: driving.
pub const DRIVE: RuleId = RuleId("AMB-VACT-6");

/// The car `id` may get into in his hex, and the free seats (a car has a driver's seat and
/// `seats` passengers'): not a wreck, no active enemy aboard.
fn free_seats(game: &Ambush, id: SoldierId) -> Vec<(VehicleId, u8)> {
    let Place::Hex(here) = game.soldier(id).place else {
        return Vec::new();
    };
    let side = game.soldier(id).side;
    (0..game.vehicles.len() as u8)
        .map(VehicleId)
        .filter(|&v| {
            let car = game.vehicles[usize::from(v.0)];
            car.hex == Some(here) && car.status != VehicleStatus::Destroyed
        })
        .filter(|&v| kind_of(game, v).is_some_and(|k| k.crew == 0))
        .filter(|&v| {
            !aboard(game, v).iter().any(|&o| {
                let s = game.soldier(o);
                s.side != side && !s.inactive()
            })
        })
        .flat_map(|v| {
            let seats = kind_of(game, v).map_or(0, |k| k.seats);
            let taken: Vec<u8> = (0..game.soldiers.len() as u8)
                .map(SoldierId)
                .filter_map(|o| match game.soldier(o).place {
                    Place::Aboard { vehicle, seat } if vehicle == v => Some(seat),
                    _ => None,
                })
                .collect();
            (0..=seats)
                .filter(move |s| !taken.contains(s))
                .map(move |s| (v, s))
        })
        .collect()
}

/// The hexes car `v` may drive into next with `budget` of its MP left (AMBX-VEH-2, AMB-OPA-2).
fn drives(game: &Ambush, v: VehicleId, budget: u8) -> Vec<(Hex, u8)> {
    let (Some(map), Some(kind)) = (game.map(), kind_of(game, v)) else {
        return Vec::new();
    };
    let Some(from) = game.vehicles[usize::from(v.0)].hex else {
        return Vec::new();
    };
    let costs = &game.data().tables.movement.vehicle;
    crate::data::map::Dir::ALL
        .into_iter()
        .filter_map(|d| map.neighbour(from, d))
        .filter(|&to| {
            game.vehicles
                .iter()
                .enumerate()
                .filter(|&(i, c)| i != usize::from(v.0) && c.hex == Some(to))
                .count()
                < 2
        })
        .filter_map(|to| {
            let cost = crate::movement::vehicle_cost(map, costs, kind, from, to, false)?;
            (cost <= budget).then_some((to, cost))
        })
        .collect()
}

/// What `id` may do with vehicles now: in Operations (`turn` none) for free, in a round within
/// his turn (`spent` MP so far; a mount or dismount is a 1-MP movement action).
pub fn legal(game: &Ambush, id: SoldierId, turn: Option<Turn>, out: &mut Vec<AmbAction>) {
    let s = game.soldier(id);
    if s.inactive() || s.side != Side::Us {
        return;
    }
    let spent = s.turn.mp_spent;
    let doing = turn.map(|t| t.doing);
    let may_spend_one = turn.is_none()
        || (matches!(doing, Some(Doing::Fresh | Doing::Moving))
            && (spent == 0 || spent < crate::status::current_mpa(s)));
    match s.place {
        Place::Hex(_) if may_spend_one => {
            for (vehicle, seat) in free_seats(game, id) {
                out.push(AmbAction::Mount {
                    soldier: id,
                    vehicle,
                    seat,
                });
            }
        }
        Place::Aboard { vehicle, seat } => {
            if may_spend_one {
                out.push(AmbAction::Dismount { soldier: id });
            }
            let car = game.vehicles[usize::from(vehicle.0)];
            let able = matches!(car.status, VehicleStatus::Ok | VehicleStatus::TireHit);
            if seat == 0 && able && driving::may_drive(game, vehicle, id) {
                let Some(kind) = kind_of(game, vehicle) else {
                    return;
                };
                for fast in [false, true] {
                    // AMBX-VEH-2: no fast drive on a hit tire.
                    if fast && car.status == VehicleStatus::TireHit {
                        continue;
                    }
                    let (allowed, budget) = match (turn, doing) {
                        (None, _) => (!fast, kind.slow_mpa),
                        (Some(_), Some(Doing::Fresh)) if spent == 0 => {
                            (true, if fast { kind.fast_mpa } else { kind.slow_mpa })
                        }
                        (Some(_), Some(Doing::Driving { fast: f, .. })) if f == fast => (
                            true,
                            (if fast { kind.fast_mpa } else { kind.slow_mpa })
                                .saturating_sub(spent),
                        ),
                        _ => (false, 0),
                    };
                    if allowed {
                        for (to, _) in drives(game, vehicle, budget) {
                            out.push(AmbAction::Drive {
                                soldier: id,
                                to,
                                fast,
                            });
                        }
                    }
                }
            }
            // AMB-VACT-7: seats changed, a turn from each.
            if matches!(doing, Some(Doing::Fresh)) && spent == 0 {
                for other in aboard(game, vehicle) {
                    let o = game.soldier(other);
                    if other != id
                        && o.side == Side::Us
                        && !o.inactive()
                        && matches!(o.marker.row, Row::TwoTurns | Row::OneTurn)
                    {
                        out.push(AmbAction::ChangeSeat { other });
                    }
                }
            }
        }
        _ => {}
    }
}

/// Carry out a vehicle action (known legal); in a round, `turn` is the acting soldier's.
pub fn answer(game: &mut Ambush, turn: Option<Turn>, action: AmbAction) {
    match action {
        AmbAction::Mount {
            soldier,
            vehicle,
            seat,
        } => {
            game.soldiers[soldier.index()].place = Place::Aboard { vehicle, seat };
            spend_one(game, turn, soldier);
            game.note(MOUNT, AmbEvent::Moved { soldier }, |game| {
                let car = kind_of(game, vehicle).map_or_else(String::new, |k| k.name.clone());
                format!("{} gets into the {car}", game.name(soldier))
            });
        }
        AmbAction::Dismount { soldier } => {
            if let Some(hex) = game.soldier(soldier).hex(&game.vehicles) {
                game.soldiers[soldier.index()].place = Place::Hex(hex);
            }
            spend_one(game, turn, soldier);
            game.note(MOUNT, AmbEvent::Moved { soldier }, |game| {
                let name = game.name(soldier);
                format!("{name} gets out")
            });
        }
        AmbAction::Drive { soldier, to, fast } => drive(game, turn, soldier, to, fast),
        AmbAction::ChangeSeat { other } => {
            let Some(t) = turn else { return };
            let (a, b) = (game.soldier(t.soldier).place, game.soldier(other).place);
            game.soldiers[t.soldier.index()].place = b;
            game.soldiers[other.index()].place = a;
            let o = &mut game.soldiers[other.index()];
            o.marker.row = after_acting(o.marker.row);
            let (who, whom) = (game.name(t.soldier), game.name(other));
            game.note(
                RuleId("AMB-VACT-7"),
                AmbEvent::Moved { soldier: t.soldier },
                |_| format!("{who} and {whom} change seats"),
            );
            crate::activation::end(game);
        }
        _ => {}
    }
}

/// A mount or dismount in a round: 1 MP, a movement action (AMB-SACT-5).
fn spend_one(game: &mut Ambush, turn: Option<Turn>, soldier: SoldierId) {
    if turn.is_some() {
        let s = &mut game.soldiers[soldier.index()];
        s.turn.mp_spent = s.turn.mp_spent.saturating_add(1);
        if let Some(t) = game.turn.as_mut() {
            t.doing = Doing::Moving;
        }
    }
}

/// AMB-VACT-6, AMB-VMOV-1: the car driven one hex: its MP (the driver's count), its facing, what
/// it meets (AMB-VRUN, AMB-VMINE) and the sheet for everyone aboard.
fn drive(game: &mut Ambush, turn: Option<Turn>, soldier: SoldierId, to: Hex, fast: bool) {
    let Place::Aboard { vehicle: v, .. } = game.soldier(soldier).place else {
        return;
    };
    let Some(from) = game.vehicles[usize::from(v.0)].hex else {
        return;
    };
    let (cost, dir) = {
        let Some(map) = game.map() else {
            return;
        };
        let Some(kind) = kind_of(game, v) else { return };
        let costs = &game.data().tables.movement.vehicle;
        (
            crate::movement::vehicle_cost(map, costs, kind, from, to, false).unwrap_or(1),
            map.direction(from, to),
        )
    };
    {
        let car = &mut game.vehicles[usize::from(v.0)];
        car.hex = Some(to);
        if let Some(dir) = dir {
            car.facing = dir;
        }
        car.moved_this_round = turn.is_some();
        car.moved_fast |= fast;
    }
    if let Some(t) = turn {
        let s = &mut game.soldiers[soldier.index()];
        s.turn.mp_spent = s.turn.mp_spent.saturating_add(cost);
        let fired = matches!(t.doing, Doing::Driving { fired: true, .. });
        if let Some(t) = game.turn.as_mut() {
            t.doing = Doing::Driving { fast, fired };
        }
    }
    game.note(DRIVE, AmbEvent::Moved { soldier }, |game| {
        let label = game.map().map_or_else(String::new, |m| m.label(to));
        let name = game.name(soldier);
        format!(
            "{name} drives into {label}{}",
            if fast { " fast" } else { "" }
        )
    });
    let goes_on = driving::entered_hex(game, v, to);
    let riders: Vec<SoldierId> = aboard(game, v)
        .into_iter()
        .filter(|&r| game.soldier(r).side == Side::Us)
        .collect();
    if let Some(m) = game.markers.get_mut(usize::from(to.0)) {
        *m |= crate::state::TRAIL;
    }
    crate::operations::entered(game, &riders, to);
    if turn.is_some() && (!goes_on || game.activated) {
        game.activated = false;
        if game.ask.is_none() {
            finish(game);
        }
    }
}

/// A driving turn's end: AMB-VMOV-7, a fast drive ends with the accident check.
pub fn finish(game: &mut Ambush) {
    if let Some(t) = game.turn
        && let Doing::Driving { fast: true, .. } = t.doing
        && let Place::Aboard { vehicle, .. } = game.soldier(t.soldier).place
    {
        driving::accident_check(game, vehicle);
    }
    crate::activation::end(game);
}
