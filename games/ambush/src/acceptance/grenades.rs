//! Section 8.8: grenades resolved (AMB-GREN, AMB-PC-1, AMBX-GCDM-5/6), awareness under fire
//! (AMB-AWR-5) and German ammunition (AMBX-GER-8).

use super::*;
use crate::grenade::throw;
use crate::tables::damage::Health;
use crate::testkit::{dice_all_used, s1};

/// US1 standing in 0104 throws at 0504 (4 away, in sight), where C (PC 4) crouches.
fn us1_throws_at_c(dice: &[u16], c_row: Row) -> Ambush {
    let mut game = s1(dice);
    in_round(&mut game);
    soldier_at(&mut game, 0, "0104", Stance::Standing, Row::TwoTurns);
    soldier_at(&mut game, 7, "0504", Stance::Crouching, c_row);
    game
}

fn grenades(game: &Ambush, soldier: usize) -> usize {
    let mk2 = game.data().weapons.index_of("mk2").unwrap();
    game.soldiers[soldier]
        .ammo
        .iter()
        .filter(|&&w| w == mk2)
        .count()
}

/// T-GREN-1 (AMB-GREN-3, AMB-GREN-6, AMB-ACT-9, AMB-PC-1, AMBX-GCDM-5, AMBX-GCDM-2): DD 6; `d10 5` hits, `d% 37` no dud, C's PC
/// `d10 3` passes with a turn left: he tosses it into the next hex (the one with the most US
/// soldiers, else the lowest id), his marker moves down a row, nobody in his hex is hurt; the
/// grenade's Ammo Box is gone.
#[test]
fn t_gren_1_c_tosses_the_grenade_away() {
    let mut game = us1_throws_at_c(&[5, 37, 3], Row::OneTurn);
    let before = grenades(&game, 0);
    let target = hex(&game, "0504");
    let thrown = throw(&mut game, SoldierId(0), target, false).unwrap();
    assert_eq!(thrown.dd, 6);
    assert!(thrown.hit && !thrown.dud);
    let (tosser, away) = thrown.tossed.unwrap();
    assert_eq!(tosser, SoldierId(7));
    let map = game.map().unwrap();
    assert_eq!(map.distance(away, target), 1);
    assert!(thrown.results.is_empty(), "nobody there: no damage dice");
    assert_eq!(game.soldiers[7].marker.row, Row::Complete);
    assert_eq!(game.soldiers[7].health, Health::Healthy);
    assert_eq!(grenades(&game, 0), before - 1);
    dice_all_used(&game);
}

/// T-GREN-2 (AMB-PC-1, AMBX-WTC-7, AMB-FIRE-8): C has no turn left and is healthy: he throws
/// himself down; the damage die 6 − 2 (prone) = 4 reads `WP`, and a prone soldier panics.
#[test]
fn t_gren_2_c_throws_himself_down_and_panics() {
    let mut game = us1_throws_at_c(&[5, 37, 3, 6], Row::Complete);
    let at = hex(&game, "0504");
    let thrown = throw(&mut game, SoldierId(0), at, false).unwrap();
    assert!(thrown.tossed.is_none());
    assert_eq!(game.soldiers[7].stance, Stance::Prone);
    assert!(game.soldiers[7].panicked);
    assert_eq!(game.soldiers[7].health, Health::Healthy);
    dice_all_used(&game);
}

/// T-GREN-3 (AMB-PC-1, AMB-AWR-5): an Unaware soldier in the target hex makes no PC check (nor
/// does a panicked one); an Unaware survivor becomes aware.
#[test]
fn t_gren_3_no_check_for_the_unaware_who_wakes_if_he_lives() {
    // C (standing, in 0504) throws at US2, Unaware in 0104, and E, panicked, with him: the
    // to-hit `d10 0`, `d% 37`, then only the damage dice: US2 `d10 5` (W), E `d10 0`.
    let mut game = s1(&[0, 37, 5, 0]);
    in_round(&mut game);
    soldier_at(&mut game, 7, "0504", Stance::Standing, Row::TwoTurns);
    soldier_at(&mut game, 1, "0104", Stance::Standing, Row::Unaware);
    soldier_at(&mut game, 9, "0104", Stance::Standing, Row::Complete);
    game.soldiers[9].panicked = true;
    game.soldiers[9].marker.row = Row::Panic;
    let at = hex(&game, "0104");
    let thrown = throw(&mut game, SoldierId(7), at, false).unwrap();
    assert_eq!(thrown.results.len(), 2);
    assert_eq!(game.soldiers[1].health, Health::Wounded);
    assert_eq!(game.soldiers[1].marker.row, Row::Complete, "awake");
    assert_eq!(game.soldiers[7].grenades, 0, "C's one grenade");
    dice_all_used(&game);
}

/// T-GREN-5 (AMB-GREN-5): `d% 04` on the dud check: no explosion, no PC checks.
#[test]
fn t_gren_5_a_dud() {
    let mut game = us1_throws_at_c(&[5, 4], Row::OneTurn);
    let at = hex(&game, "0504");
    let thrown = throw(&mut game, SoldierId(0), at, false).unwrap();
    assert!(thrown.dud);
    assert!(thrown.results.is_empty() && thrown.tossed.is_none());
    dice_all_used(&game);
}

/// T-AWR-3 (AMB-AWR-5, AMB-STS-6) and T-GER-8 (AMBX-GER-8): German C snap fires at Unaware US2
/// and misses: US2 is aware; no ammunition die is rolled for a German.
#[test]
fn t_awr_3_t_ger_8_fired_at_and_missed_wakes_and_germans_count_no_ammo() {
    // The jam `d% 50`, the to-hit `d10 9` (always a miss); nothing after.
    let mut game = s1(&[50, 9]);
    in_round(&mut game);
    soldier_at(&mut game, 7, "0304", Stance::Standing, Row::TwoTurns);
    soldier_at(&mut game, 1, "0104", Stance::Standing, Row::Unaware);
    let shot = crate::fire::shoot(
        &mut game,
        SoldierId(7),
        0,
        SoldierId(1),
        crate::fire::Kind::Snap,
    )
    .unwrap();
    assert!(!shot.hit && !shot.ammo_used);
    assert_eq!(game.soldiers[1].marker.row, Row::Complete);
    dice_all_used(&game);
    // Hit and incapacitated, he is Inactive instead: the jam, the hit `d10 0`, damage `d10 9`.
    let mut game = s1(&[50, 0, 9]);
    in_round(&mut game);
    soldier_at(&mut game, 7, "0304", Stance::Standing, Row::TwoTurns);
    soldier_at(&mut game, 1, "0104", Stance::Standing, Row::Unaware);
    crate::fire::shoot(
        &mut game,
        SoldierId(7),
        0,
        SoldierId(1),
        crate::fire::Kind::Snap,
    )
    .unwrap();
    assert!(game.soldiers[1].inactive());
    assert_eq!(game.soldiers[1].marker.row, Row::Inactive);
    dice_all_used(&game);
}

/// T-GER-7 (AMB-GER-9, AMBX-GER-5): an unarmed German goes to the inactive US soldier 2 hexes
/// away and takes his M1 Garand.
#[test]
fn t_ger_7_an_unarmed_german_takes_a_fallen_soldiers_rifle() {
    let mut game = s1(&[]);
    in_round(&mut game);
    soldier_at(&mut game, 7, "0304", Stance::Standing, Row::TwoTurns);
    game.soldiers[7].items.clear();
    soldier_at(&mut game, 4, "0104", Stance::Prone, Row::Inactive);
    game.soldiers[4].health = Health::Incapacitated;
    let garand = game.data().weapons.index_of("m1_garand").unwrap();
    assert_eq!(game.soldiers[4].items[0].weapon, garand);
    // Aimed fire with no weapon: he arms himself first.
    crate::german_actions::perform_code(&mut game, SoldierId(7), "AF");
    assert_eq!(game.soldiers[7].place, game.soldiers[4].place);
    assert_eq!(game.soldiers[7].items.len(), 1);
    assert_eq!(game.soldiers[7].items[0].weapon, garand);
    assert!(game.soldiers[7].items[0].captured);
    assert!(game.soldiers[4].items.is_empty());
}
