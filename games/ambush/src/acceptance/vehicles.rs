//! Sections 8.10 and 8.12: vehicles driven, crashed, running soldiers over, blown up and shot
//! through (AMB-VMOV, AMB-VRUN, AMB-VMINE, AMB-VGREN, AMB-VDMG, AMB-PEN), on S1's Kübelwagen K1
//! (D driving, DS 4; E aboard).

use super::*;
use crate::data::mission::Marker;
use crate::data::weapons::Damage;
use crate::state::{Place, VehicleId, VehicleStatus};
use crate::tables::damage::Health;
use crate::testkit::{dice_all_used, s1};

const K1: VehicleId = VehicleId(0);

/// K1 on 0804 facing NW, D driving, E aboard, Condition 3 (its red instruction: to 0404).
fn with_k1(dice: &[u16]) -> Ambush {
    let mut game = s1(dice);
    in_round(&mut game);
    game.condition = 3;
    let at = hex(&game, "0804");
    game.vehicles[0].hex = Some(at);
    game.vehicles[0].facing = crate::data::map::Dir::NW;
    for (id, seat) in [(8, 0), (9, 1)] {
        game.soldiers[id].place = Place::Aboard { vehicle: K1, seat };
        game.soldiers[id].marker.row = Row::TwoTurns;
    }
    game
}

/// T-VEH-1 (AMB-VMOV-7, AMB-VMOV-8, AMBX-VEH-6): D's accident check `d10 6` fails (DS 4), the accident
/// `d10 8` is a crash: K1 disabled, D and E each take `bolt_rifle` damage as prone.
#[test]
fn t_veh_1_a_fast_drive_ends_in_a_crash() {
    // The check, the table, then D's and E's damage dice (4: W, 4: W).
    let mut game = with_k1(&[6, 8, 4, 4]);
    crate::driving::accident_check(&mut game, K1);
    assert_eq!(game.vehicles[0].status, VehicleStatus::Disabled);
    assert_eq!(game.soldiers[8].health, Health::Wounded);
    assert_eq!(game.soldiers[9].health, Health::Wounded);
    dice_all_used(&game);
}

/// T-VEH-3 (AMB-VMOV-1, AMB-VMOV-7, AMB-GER-6): a slow drive makes no accident check: K1 drives toward 0404 with no
/// die rolled.
#[test]
fn t_veh_3_a_slow_drive_rolls_nothing() {
    let mut game = with_k1(&[]);
    assert!(crate::driving::drive(&mut game, K1, false));
    assert_ne!(game.vehicles[0].hex, Some(hex(&game, "0804")));
    assert!(game.vehicles[0].moved_this_round && !game.vehicles[0].moved_fast);
    assert_eq!(game.soldiers[8].hex(&game.vehicles), game.vehicles[0].hex);
    dice_all_used(&game);
}

/// T-VEH-2 (AMB-VDMG-2, AMBIG-26): D killed in a round K1 moved: an accident with no check
/// (`d10 0`: a swerve); in a round it stood still, nothing.
#[test]
fn t_veh_2_the_driver_killed_at_the_wheel() {
    let mut game = with_k1(&[0]);
    game.vehicles[0].moved_this_round = true;
    game.soldiers[8].health = Health::Killed;
    crate::driving::driver_hurt(&mut game, K1, SoldierId(8));
    dice_all_used(&game);
    let mut game = with_k1(&[]);
    game.soldiers[8].health = Health::Killed;
    crate::driving::driver_hurt(&mut game, K1, SoldierId(8));
    dice_all_used(&game);
}

/// T-VEH-4 (AMB-VRUN-1, AMBX-VEH-10): K1 enters a hex with German C: D's check `d10 7` fails,
/// C dodges with PC 4 and `d10 6` fails: `bolt_rifle` damage (`d10 4`, W); K1 rolls once on
/// the accident table (`d10 0`, a swerve).
#[test]
fn t_veh_4_running_over_a_friend() {
    let mut game = with_k1(&[7, 6, 4, 0]);
    soldier_at(&mut game, 7, "0704", Stance::Standing, Row::Complete);
    game.soldiers[7].place = Place::Hex(hex(&game, "0704"));
    let at = hex(&game, "0704");
    crate::driving::run_over_in(&mut game, K1, at);
    assert_eq!(game.soldiers[7].health, Health::Wounded);
    dice_all_used(&game);
}

/// T-VEH-5 (AMB-VRUN-2, AMBIG-27): K1 enters a hex with US2 (healthy) and US3
/// (incapacitated): US3 is killed without a roll; D's check `d10 3` succeeds, US2 dodges with
/// `d10 7` > 6 and takes `bolt_rifle` damage (`d10 4`: W); no accident. If D's check fails,
/// nobody is run over.
#[test]
fn t_veh_5_running_over_the_enemy() {
    let mut game = with_k1(&[3, 7, 4]);
    soldier_at(&mut game, 1, "0704", Stance::Standing, Row::Complete);
    soldier_at(&mut game, 2, "0704", Stance::Prone, Row::Inactive);
    game.soldiers[2].health = Health::Incapacitated;
    let at = hex(&game, "0704");
    crate::driving::run_over_in(&mut game, K1, at);
    assert_eq!(game.soldiers[2].health, Health::Killed);
    assert_eq!(game.soldiers[1].health, Health::Wounded);
    dice_all_used(&game);
    let mut game = with_k1(&[9]);
    soldier_at(&mut game, 1, "0704", Stance::Standing, Row::Complete);
    let at = hex(&game, "0704");
    crate::driving::run_over_in(&mut game, K1, at);
    assert_eq!(game.soldiers[1].health, Health::Healthy);
    dice_all_used(&game);
}

/// T-VEH-6 (AMB-VACT-9, AMBX-VEH-2): K1 cannot enter rubble (0705), a stream (0806) or a
/// building (0503); it enters the forest of 0706 at 4, where a Panzer IV may not go.
#[test]
fn t_veh_6_where_vehicles_may_not_go() {
    let game = s1(&[]);
    let map = game.map().unwrap();
    let costs = &game.data().tables.movement.vehicle;
    let kubel = &game.data().vehicles["kubelwagen"];
    let panzer = &game.data().vehicles["panzer_iv"];
    // The cheapest way in from any next hex (`None`: no way in).
    let into = |kind, label: &str| {
        let to = hex(&game, label);
        crate::data::map::Dir::ALL
            .into_iter()
            .filter_map(|d| map.neighbour(to, d))
            .filter_map(|n| crate::movement::vehicle_cost(map, costs, kind, n, to, false))
            .min()
    };
    assert_eq!(into(kubel, "0705"), None);
    assert_eq!(into(kubel, "0806"), None);
    assert_eq!(into(kubel, "0503"), None);
    assert_eq!(into(kubel, "0706"), Some(4));
    assert_eq!(into(panzer, "0706"), None);
    assert!(into(panzer, "0704").is_some());
}

/// T-VEH-12 (AMB-VMINE-1, AMB-VMINE-2): K1 enters a known minefield: the marker is gone, D and
/// E panic. A Panzer IV rolls over it: nothing.
#[test]
fn t_veh_12_a_car_on_a_minefield() {
    let mut game = with_k1(&[]);
    let at = hex(&game, "0704");
    game.markers[usize::from(at.0)] |= marker_bit(Marker::Minefield);
    crate::driving::entered_hex(&mut game, K1, at);
    assert!(!game.marked(at, Marker::Minefield));
    assert!(game.soldiers[8].panicked && game.soldiers[9].panicked);
    dice_all_used(&game);
    let mut game = with_k1(&[]);
    game.vehicles[0].kind = game_kind(&game, "panzer_iv");
    game.markers[usize::from(at.0)] |= marker_bit(Marker::Minefield);
    crate::driving::entered_hex(&mut game, K1, at);
    assert!(game.marked(at, Marker::Minefield));
    assert!(!game.soldiers[8].panicked);
}

/// T-VEH-11 (AMB-VGREN-2, AMB-VGREN-5, AMB-VGREN-6): a grenade into K1 (hit `d10 0`, no dud
/// `d% 50`): D and E take `grenade_inside` as prone (`d10 4`, `d10 2`), and K1 is disabled.
/// Against K1: the outside row for K1 (`d10 9`: K, disabled), then for D and E as prone.
#[test]
fn t_veh_11_a_grenade_into_the_kubelwagen() {
    let mut game = with_k1(&[0, 50, 4, 2]);
    soldier_at(&mut game, 0, "0504", Stance::Standing, Row::TwoTurns);
    let thrown = crate::vehicle_hits::throw(&mut game, SoldierId(0), K1, false, true).unwrap();
    assert!(thrown.hit && !thrown.dud);
    assert_eq!(thrown.results.len(), 2);
    assert_eq!(game.vehicles[0].status, VehicleStatus::Disabled);
    dice_all_used(&game);
    let mut game = with_k1(&[0, 50, 9, 0, 0]);
    soldier_at(&mut game, 0, "0504", Stance::Standing, Row::TwoTurns);
    let thrown = crate::vehicle_hits::throw(&mut game, SoldierId(0), K1, false, false).unwrap();
    assert_eq!(game.vehicles[0].status, VehicleStatus::Disabled);
    // Prone, D and E take `grenade_outside[0 - 2]` = P: they panic.
    assert_eq!(thrown.results.len(), 2);
    assert!(game.soldiers[8].panicked && game.soldiers[9].panicked);
    dice_all_used(&game);
}

/// T-VEH-10 (AMB-VGREN-1, AMB-VGREN-3, AMB-VGREN-4): a grenade into an open Panzer IV kills its crew; a satchel against
/// a closed one disables it on `K` (`d10 6`), not on `W` (`d10 2`).
#[test]
fn t_veh_10_charges_at_a_tank() {
    let panzer = game_kind(&s1(&[]), "panzer_iv");
    let tank = |dice: &[u16], open: bool| {
        let mut game = with_k1(dice);
        game.vehicles[0].kind = panzer;
        game.vehicles[0].open = open;
        game.vehicles[0].crew = 5;
        game.soldiers[9].place = Place::OffMap;
        soldier_at(&mut game, 0, "0704", Stance::Standing, Row::TwoTurns);
        game
    };
    let mut game = tank(&[0, 50], true);
    crate::vehicle_hits::throw(&mut game, SoldierId(0), K1, false, true).unwrap();
    assert_eq!(game.soldiers[8].health, Health::Killed);
    assert_eq!(game.vehicles[0].crew, 0);
    dice_all_used(&game);
    // The satchel: prepared, thrown standing against the closed tank.
    for (die, disabled) in [(6, true), (2, false)] {
        let mut game = tank(&[0, 50, die], false);
        let satchel = game.soldiers[1]
            .items
            .iter()
            .position(|i| game.data().weapons.by_index(i.weapon).unwrap().0 == "satchel");
        let satchel = satchel.unwrap();
        game.soldiers[1].items[satchel].prepared = true;
        soldier_at(&mut game, 1, "0704", Stance::Standing, Row::TwoTurns);
        assert!(crate::vehicle_hits::throw(&mut game, SoldierId(1), K1, true, true).is_err());
        crate::vehicle_hits::throw(&mut game, SoldierId(1), K1, true, false).unwrap();
        assert_eq!(game.vehicles[0].status == VehicleStatus::Disabled, disabled);
        dice_all_used(&game);
    }
}

fn game_kind(game: &Ambush, id: &str) -> u8 {
    game.data().vehicles.keys().position(|k| k == id).unwrap() as u8
}

/// T-PEN-1 (AMB-PEN-2, AMB-PEN-5, AMB-VDMG-4, AMBX-VEH-5, AMBX-DMG-5, AMBX-DMG-3): a bazooka hits K1 with 2 aboard: the hit chart `d10 2`
/// reads body; penetration `d10 0` is L ≥ L: destroyed; note 3 on a random occupant (`d10 1`:
/// E), damage `d10 5` − 3 = 2 on the bazooka's row.
#[test]
fn t_pen_1_a_bazooka_through_the_kubelwagen() {
    // The jam d% 50, the hit d10 0, the chart 2, penetration 0, the random occupant 1, the
    // damage 5, then the ammunition d% (rockets always used).
    let mut game = with_k1(&[50, 0, 2, 0, 1, 5]);
    soldier_at(&mut game, 3, "0504", Stance::Standing, Row::TwoTurns);
    let bazooka = item_of(&game, 3, "bazooka");
    game.soldiers[3].items[bazooka].prepared = true;
    let shot = crate::vehicle_hits::shoot(
        &mut game,
        SoldierId(3),
        bazooka,
        K1,
        crate::fire::Kind::Aimed,
    )
    .unwrap();
    assert!(shot.hit && shot.penetrated, "{shot:?}");
    assert_eq!(game.vehicles[0].status, VehicleStatus::Destroyed);
    assert_eq!(shot.results.len(), 1);
    assert_eq!(shot.results[0].0, SoldierId(9));
    assert_ne!(shot.results[0].1, Damage::None);
    dice_all_used(&game);
}

/// The weapon type `kind` of the data.
fn row(game: &Ambush, kind: &str) -> crate::data::weapons::WeaponType {
    game.data().weapons.types[kind].clone()
}

/// T-PEN-3 (AMB-PEN-1, AMB-PEN-3, AMB-PEN-4, AMB-WPN-4, AMBX-DMG-4, AMBIG-24): a bazooka hits the wall 0603|0704: a breach,
/// and A and B inside take `semi_auto_rifle` damage (`d10 4`: W, `d10 0`: P); a second
/// explosive hit on 0603|0602: rubble, everyone inside killed; C in 0503 untouched.
#[test]
fn t_pen_3_a_wall_breached_then_the_house_in_rubble() {
    let mut game = s1(&[4, 0]);
    in_round(&mut game);
    soldier_at(&mut game, 5, "0603", Stance::Crouching, Row::Complete);
    soldier_at(&mut game, 6, "0603", Stance::Crouching, Row::Complete);
    soldier_at(&mut game, 7, "0503", Stance::Crouching, Row::Complete);
    let bazooka = row(&game, "bazooka");
    let map = game.map().unwrap();
    let (house, east, north) = (hex(&game, "0603"), hex(&game, "0704"), hex(&game, "0602"));
    let (to_east, to_north) = (
        map.direction(house, east).unwrap(),
        map.direction(house, north).unwrap(),
    );
    // Before: the wall hides A from a soldier outside it in 0704; after, the breach does not.
    let sees = |game: &Ambush| {
        let map = game.map().unwrap();
        crate::los::line_of_sight(
            map,
            crate::los::End::new(east, Stance::Standing),
            crate::los::End::new(house, Stance::Crouching),
        )
    };
    assert!(!sees(&game));
    let mut shot = crate::walls::WallShot::default();
    crate::walls::hit_side(&mut game, house, to_east, &bazooka, &mut shot);
    assert!(shot.breached && !shot.rubble);
    assert!(sees(&game), "AMBX-DMG-4: the breach is an opening");
    assert_eq!(
        game.map().and_then(|m| crate::movement::infantry_cost(
            m,
            &game.data().tables.movement.infantry,
            east,
            house
        )),
        Some(game.data().tables.movement.infantry.building_door),
        "and a way in"
    );
    assert_eq!(game.soldiers[5].health, Health::Wounded);
    assert!(game.soldiers[6].panicked);
    let mut shot = crate::walls::WallShot::default();
    crate::walls::hit_side(&mut game, house, to_north, &bazooka, &mut shot);
    assert!(shot.rubble);
    assert!(game.marked(house, Marker::Rubble));
    assert_eq!(game.soldiers[5].health, Health::Killed);
    assert_eq!(game.soldiers[6].health, Health::Killed);
    assert_eq!(game.soldiers[7].health, Health::Healthy, "0503 unaffected");
    dice_all_used(&game);
}

/// T-PEN-4 (AMB-PEN-2, AMBX-DMG-3): a Kar98k bullet at the barn wall 0505|0405: penetration
/// `d10 8` reads L, through wood; the one inside takes `d10 7` − 3 = 4 on the rifle's row: W.
#[test]
fn t_pen_4_a_bullet_through_the_barn_wall() {
    let mut game = s1(&[8, 7]);
    in_round(&mut game);
    soldier_at(&mut game, 7, "0505", Stance::Crouching, Row::Complete);
    let map = game.map().unwrap();
    let (barn, outside) = (hex(&game, "0505"), hex(&game, "0405"));
    let building = map.cell(barn).building.unwrap();
    assert_eq!(
        map.buildings[usize::from(building)].material,
        crate::data::map::Material::Wood
    );
    let side = map.direction(barn, outside).unwrap();
    let mut shot = crate::walls::WallShot::default();
    let rifle = row(&game, "bolt_rifle");
    crate::walls::hit_side(&mut game, barn, side, &rifle, &mut shot);
    assert_eq!(shot.results, vec![(SoldierId(7), Damage::Wound)]);
    assert_eq!(game.soldiers[7].health, Health::Wounded);
    dice_all_used(&game);
    // From outside, a soldier in 0405 sees that side of the barn and may fire at it.
    let mut game = s1(&[]);
    in_round(&mut game);
    soldier_at(&mut game, 1, "0305", Stance::Standing, Row::TwoTurns);
    assert!(crate::walls::side_seen(&game, SoldierId(1), barn).is_some());
}

/// T-EQP-3 (AMB-EQP-3, AMBIG-31): US4 (DS 0) may not drive K1 (0 − 1 ≤ 0); US2 (DS 4) drives it
/// with DS 3.
#[test]
fn t_eqp_3_an_american_at_the_wheel_of_the_kubelwagen() {
    let game = with_k1(&[]);
    assert_eq!(game.soldiers[3].ratings.ds, 0);
    assert!(!crate::driving::may_drive(&game, K1, SoldierId(3)));
    assert!(crate::driving::may_drive(&game, K1, SoldierId(1)));
    assert_eq!(crate::driving::driving_skill(&game, K1, SoldierId(1)), 3);
    assert_eq!(
        crate::driving::driving_skill(&game, K1, SoldierId(8)),
        4,
        "D's own"
    );
}

/// T-OPA-1 (AMB-OPA-2): two vehicles stand in every hex next to K1: it cannot drive on.
#[test]
fn t_opa_1_no_third_vehicle_in_a_hex() {
    let mut game = with_k1(&[]);
    let map = game.map().unwrap();
    let at = hex(&game, "0804");
    let around: Vec<crate::map::Hex> = crate::data::map::Dir::ALL
        .into_iter()
        .filter_map(|d| map.neighbour(at, d))
        .collect();
    let wreck = crate::state::Vehicle {
        status: VehicleStatus::Destroyed,
        ..game.vehicles[0]
    };
    for h in around {
        for _ in 0..2 {
            game.vehicles.push(crate::state::Vehicle {
                hex: Some(h),
                ..wreck
            });
        }
    }
    assert!(!crate::driving::drive(&mut game, K1, false));
    assert_eq!(game.vehicles[0].hex, Some(at));
    dice_all_used(&game);
}

/// T-VEH-9 (AMB-VCBT-1, AMBX-FCM-1): a passenger of K1 after it moved fires with the moved
/// vehicle's −1 on top of snap fire's −2.
#[test]
fn t_veh_9_firing_from_a_moving_car() {
    let mut game = with_k1(&[]);
    soldier_at(&mut game, 1, "0604", Stance::Standing, Row::Complete);
    let still = crate::fire::dd(
        &game,
        SoldierId(9),
        0,
        SoldierId(1),
        crate::fire::Kind::Snap,
    );
    game.vehicles[0].moved_this_round = true;
    let moved = crate::fire::dd(
        &game,
        SoldierId(9),
        0,
        SoldierId(1),
        crate::fire::Kind::Snap,
    );
    let aimed = {
        game.vehicles[0].moved_this_round = false;
        crate::fire::dd(
            &game,
            SoldierId(9),
            0,
            SoldierId(1),
            crate::fire::Kind::Aimed,
        )
    };
    let (still, moved, aimed) = (still.unwrap(), moved.unwrap(), aimed.unwrap());
    assert_eq!(moved, still - 1);
    assert_eq!(still, aimed - 2);
}

/// T-VEH-14 (AMB-VMOV-2): a US soldier aboard a vehicle landing on a red number makes no
/// command check.
#[test]
fn t_veh_14_no_command_panic_aboard() {
    let mut game = with_k1(&[]);
    // K1 taken over: US3 (IN 1, alone) aboard, on a red die (1 ≤ 2).
    game.vehicles[0].side = crate::data::weapons::Side::Us;
    game.soldiers[8].place = Place::OffMap;
    game.soldiers[9].place = Place::OffMap;
    game.soldiers[2].place = Place::Aboard {
        vehicle: K1,
        seat: 0,
    };
    game.soldiers[2].marker.row = Row::Complete;
    crate::rounds::place_markers(&mut game, 1, 0, true);
    assert!(!game.soldiers[2].panicked);
    assert_ne!(game.soldiers[2].marker.row, Row::Panic);
    // On foot in the same place, he would panic.
    let mut game = with_k1(&[]);
    soldier_at(&mut game, 2, "0104", Stance::Standing, Row::Complete);
    crate::rounds::place_markers(&mut game, 1, 0, true);
    assert!(game.soldiers[2].panicked);
}

/// AMB-VDMG-1, AMB-VDMG-5, AMBIG-25: a bazooka hits K1's driver (chart `d10 5` with 2 aboard):
/// D takes the bazooka's damage (`d10 4`: K), E the blast inside as prone (`d10 2`); D out of
/// action in a round K1 did not move: no accident, but K1 is disabled.
#[test]
fn amb_vdmg_5_a_bazooka_through_the_driver() {
    // The jam d% 50, the hit d10 0, the chart 5, D's damage 4, E's blast 2.
    let mut game = with_k1(&[50, 0, 5, 4, 2]);
    soldier_at(&mut game, 3, "0504", Stance::Standing, Row::TwoTurns);
    let bazooka = item_of(&game, 3, "bazooka");
    game.soldiers[3].items[bazooka].prepared = true;
    let shot = crate::vehicle_hits::shoot(
        &mut game,
        SoldierId(3),
        bazooka,
        K1,
        crate::fire::Kind::Aimed,
    )
    .unwrap();
    assert_eq!(shot.location.as_deref(), Some("Driver"));
    assert_eq!(shot.results.len(), 2);
    assert_eq!(game.soldiers[8].health, Health::Killed);
    assert_eq!(game.vehicles[0].status, VehicleStatus::Disabled);
    dice_all_used(&game);
}

/// AMB-VDMG-3, AMB-VMOV-5: a hit on an open tank's crew kills one of them, three at most.
#[test]
fn amb_vdmg_3_amb_vmov_5_the_exposed_crew() {
    let mut game = with_k1(&[]);
    game.vehicles[0].kind = game_kind(&game, "panzer_iv");
    game.vehicles[0].crew = 5;
    game.vehicles[0].open = true;
    for _ in 0..5 {
        let mut shot = crate::vehicle_hits::VehicleShot::default();
        crate::vehicle_hits::crew_hit(&mut game, K1, &mut shot);
    }
    assert_eq!(game.vehicles[0].crew, 2, "three exposed at most");
    assert_eq!(game.vehicles[0].exposed_crew_killed, 3);
}

/// K1 parked on 0804, nobody aboard.
fn empty_k1(dice: &[u16]) -> Ambush {
    let mut game = with_k1(dice);
    for id in [8, 9] {
        game.soldiers[id].place = Place::OffMap;
    }
    game
}

/// AMB-ACT-16, AMB-VACT-6, AMBX-VEH-9, AMB-EQP-3: US2 (DS 4, 3 at the wheel of a German car)
/// gets into K1's driver's seat and US5 beside him (1 MP each in a round); US2 drives it slow,
/// hex by hex, along the road within its MPA; whoever rides enters each hex; he gets out.
#[test]
fn amb_act_16_amb_vact_6_the_squad_takes_the_kubelwagen() {
    let mut game = empty_k1(&[]);
    quiet(&mut game, &["0704", "0604", "0504"]);
    soldier_at(&mut game, 1, "0804", Stance::Standing, Row::TwoTurns);
    soldier_at(&mut game, 4, "0804", Stance::Standing, Row::OneTurn);
    acting(&mut game, 4);
    answer(
        &mut game,
        AmbAction::Mount {
            soldier: SoldierId(4),
            vehicle: K1,
            seat: 1,
        },
    );
    answer(&mut game, AmbAction::EndTurn);
    acting(&mut game, 1);
    let mount = AmbAction::Mount {
        soldier: SoldierId(1),
        vehicle: K1,
        seat: 0,
    };
    assert!(
        !legal(&game).contains(&AmbAction::Mount {
            soldier: SoldierId(1),
            vehicle: K1,
            seat: 1,
        }),
        "seat 1 is taken"
    );
    answer(&mut game, mount);
    answer(&mut game, AmbAction::EndTurn);
    assert_eq!(game.soldiers[1].turn.mp_spent, 1);
    // A new turn at the wheel.
    acting(&mut game, 1);
    let drive = |game: &Ambush, label: &str| AmbAction::Drive {
        soldier: SoldierId(1),
        to: hex(game, label),
        fast: false,
    };
    let to = drive(&game, "0704");
    answer(&mut game, to);
    assert_eq!(game.vehicles[0].hex, Some(hex(&game, "0704")));
    assert_eq!(
        game.soldiers[4].hex(&game.vehicles),
        Some(hex(&game, "0704"))
    );
    assert!(game.trodden(hex(&game, "0704")), "the riders entered it");
    let moved = game.soldiers[1].turn.mp_spent;
    assert!(moved >= 1);
    answer(&mut game, AmbAction::EndTurn);
    assert!(game.vehicles[0].moved_this_round);
    acting(&mut game, 4);
    answer(
        &mut game,
        AmbAction::Dismount {
            soldier: SoldierId(4),
        },
    );
    assert_eq!(game.soldiers[4].place, Place::Hex(hex(&game, "0704")));
    dice_all_used(&game);
    // US4 (DS 0) cannot drive it at all.
    let mut game = empty_k1(&[]);
    soldier_at(&mut game, 3, "0804", Stance::Standing, Row::TwoTurns);
    game.soldiers[3].place = Place::Aboard {
        vehicle: K1,
        seat: 0,
    };
    acting(&mut game, 3);
    assert!(
        !legal(&game)
            .iter()
            .any(|a| matches!(a, AmbAction::Drive { .. }))
    );
}

/// AMB-VACT-7: changing seats takes a turn from each of the two.
#[test]
fn amb_vact_7_changing_seats() {
    let mut game = empty_k1(&[]);
    soldier_at(&mut game, 1, "0804", Stance::Standing, Row::TwoTurns);
    soldier_at(&mut game, 3, "0804", Stance::Standing, Row::OneTurn);
    game.soldiers[3].place = Place::Aboard {
        vehicle: K1,
        seat: 0,
    };
    game.soldiers[1].place = Place::Aboard {
        vehicle: K1,
        seat: 1,
    };
    acting(&mut game, 1);
    answer(
        &mut game,
        AmbAction::ChangeSeat {
            other: SoldierId(3),
        },
    );
    assert_eq!(
        game.soldiers[1].place,
        Place::Aboard {
            vehicle: K1,
            seat: 0
        }
    );
    assert_eq!(
        game.soldiers[3].place,
        Place::Aboard {
            vehicle: K1,
            seat: 1
        }
    );
    assert_eq!(game.soldiers[1].marker.row, Row::OneTurn);
    assert_eq!(game.soldiers[3].marker.row, Row::Complete);
}

/// AMB-VMINE-3, T-VEH-12: K1 on a booby trap: D's PC check `d10 0` passes, nothing happens;
/// `d10 9` fails: D and E panic. Either way the trap is resolved.
#[test]
fn amb_vmine_3_a_car_on_a_booby_trap() {
    for (die, panics) in [(0, false), (9, true)] {
        let mut game = with_k1(&[die]);
        let at = hex(&game, "0804");
        crate::blast::trap_under_a_car(&mut game, K1, at);
        assert_eq!(game.soldiers[8].panicked, panics);
        assert_eq!(game.soldiers[9].panicked, panics);
        assert!(game.marked(at, Marker::TrapResolved));
        dice_all_used(&game);
    }
}
