//! Sections 8.2 and 8.11: Operations actions with equipment and the inactive (AMB-OPA, AMB-EQP,
//! AMB-WPN-2).

use super::*;
use crate::data::weapons::Side;
use crate::state::{Item, Place};
use crate::tables::damage::Health;
use crate::testkit::{dice_all_used, put, s1};

fn ops(dice: &[u16]) -> Ambush {
    let mut game = s1(dice);
    game.phase = Phase::Operations;
    game
}

fn weapon(game: &Ambush, id: &str) -> u8 {
    game.data().weapons.index_of(id).unwrap()
}

/// T-OPA-2 (AMB-OPA-3, AMBIG-3): US2 (PC 6), US3 (PC 5) and US5 (PC 8) move together into 0402
/// in Condition 1: 104's group check is one die, against PC 8: `d10 8` passes (105: A seen
/// crouching at the window, not 106's A standing) and is the only die the script holds (the
/// free shot 105 offers finds no weapon able to fire at A from 0402).
#[test]
fn t_opa_2_a_group_makes_one_perception_check_with_its_best_pc() {
    let mut game = ops(&[8]);
    for id in [1, 2, 4] {
        soldier_at(&mut game, id, "0302", Stance::Standing, Row::Complete);
    }
    let to = hex(&game, "0402");
    answer(
        &mut game,
        AmbAction::Move {
            soldier: SoldierId(1),
            to,
            group: true,
        },
    );
    for id in [1, 2, 4] {
        assert_eq!(game.soldiers[id].place, Place::Hex(to));
    }
    assert_eq!(game.soldiers[5].stance, Stance::Crouching, "105, not 106");
    dice_all_used(&game);
}

/// T-OPA-3 (AMB-OPA-5): taking the Kar98k of an inactive German is done crouching.
#[test]
fn t_opa_3_taking_from_the_fallen_is_done_crouching() {
    let mut game = ops(&[]);
    soldier_at(&mut game, 1, "0104", Stance::Standing, Row::Complete);
    soldier_at(&mut game, 7, "0104", Stance::Prone, Row::Inactive);
    game.soldiers[7].health = Health::Incapacitated;
    let take = AmbAction::Take {
        soldier: SoldierId(1),
        from: SoldierId(7),
        item: 0,
    };
    assert!(!legal(&game).contains(&take));
    assert_eq!(
        crate::equipment::may_take(&game, SoldierId(1), SoldierId(7), 0),
        Err("AMB-OPA-5: taking from an inactive soldier is done crouching")
    );
    answer(
        &mut game,
        AmbAction::Stance {
            soldier: SoldierId(1),
            stance: Stance::Crouching,
        },
    );
    assert!(legal(&game).contains(&take));
}

/// T-EQP-1 (AMB-EQP-1, AMB-WPN-2): US2 takes C's Kar98k with one Kar98k Ammo Box, and fires it
/// at WS −1.
#[test]
fn t_eqp_1_a_german_rifle_comes_with_a_clip_and_fires_at_ws_minus_1() {
    let mut game = ops(&[]);
    soldier_at(&mut game, 1, "0104", Stance::Crouching, Row::Complete);
    soldier_at(&mut game, 7, "0104", Stance::Prone, Row::Inactive);
    game.soldiers[7].health = Health::Incapacitated;
    // Room for the rifle: the satchel goes.
    game.soldiers[1].items.truncate(1);
    let kar = weapon(&game, "kar98k");
    answer(
        &mut game,
        AmbAction::Take {
            soldier: SoldierId(1),
            from: SoldierId(7),
            item: 0,
        },
    );
    let taken = game.soldiers[1]
        .items
        .iter()
        .position(|i| i.weapon == kar)
        .unwrap();
    assert!(game.soldiers[1].items[taken].captured);
    assert_eq!(
        game.soldiers[1].ammo.iter().filter(|&&w| w == kar).count(),
        1
    );
    // At B in sight: the same shot with a Kar98k of his own would be one better.
    soldier_at(&mut game, 6, "0304", Stance::Standing, Row::Complete);
    game.soldiers[1].stance = Stance::Standing;
    let captured = crate::fire::dd(
        &game,
        SoldierId(1),
        taken,
        SoldierId(6),
        crate::fire::Kind::Aimed,
    )
    .unwrap();
    game.soldiers[1].items[taken].captured = false;
    let own = crate::fire::dd(
        &game,
        SoldierId(1),
        taken,
        SoldierId(6),
        crate::fire::Kind::Aimed,
    )
    .unwrap();
    assert_eq!(captured, own - 1);
}

/// T-EQP-2 (AMB-EQP-2): a German radio cannot be taken.
#[test]
fn t_eqp_2_no_radio_from_the_enemy() {
    let mut game = ops(&[]);
    soldier_at(&mut game, 1, "0104", Stance::Crouching, Row::Complete);
    soldier_at(&mut game, 7, "0104", Stance::Prone, Row::Inactive);
    game.soldiers[7].health = Health::Killed;
    game.soldiers[7].items = vec![Item {
        weapon: weapon(&game, "radio"),
        prepared: false,
        jammed: false,
        captured: false,
    }];
    game.soldiers[1].items.truncate(1);
    assert_eq!(
        crate::equipment::may_take(&game, SoldierId(1), SoldierId(7), 0),
        Err("AMB-EQP-2: radios cannot be taken from the enemy")
    );
    // A comrade's radio changes hands.
    game.soldiers[7].side = Side::Us;
    assert!(crate::equipment::may_take(&game, SoldierId(1), SoldierId(7), 0).is_ok());
}

/// T-OPA-4 (AMB-OPA-6, AMBIG-5): US4 with 3 PB of items carries incapacitated US5 in his 4th;
/// moving one hex rolls one d10 for US5, 0 killing him. With 4 PB of items, no carrying.
#[test]
fn t_opa_4_carrying_the_wounded_costs_a_port_box_and_a_die_a_hex() {
    let mut game = ops(&[0]);
    put(&mut game, 3, "0104");
    put(&mut game, 4, "0104");
    game.soldiers[4].health = Health::Incapacitated;
    game.soldiers[4].stance = Stance::Prone;
    assert_eq!(crate::equipment::free_port_boxes(&game, SoldierId(3)), 1);
    answer(
        &mut game,
        AmbAction::Carry {
            soldier: SoldierId(3),
            other: SoldierId(4),
        },
    );
    assert_eq!(crate::equipment::free_port_boxes(&game, SoldierId(3)), 0);
    quiet(&mut game, &["0204"]);
    let to = hex(&game, "0204");
    answer(
        &mut game,
        AmbAction::Move {
            soldier: SoldierId(3),
            to,
            group: false,
        },
    );
    assert_eq!(game.soldiers[4].place, Place::Hex(to));
    assert_eq!(game.soldiers[4].health, Health::Killed);
    dice_all_used(&game);
    // Four Port Boxes of items: no room for him.
    let mut game = ops(&[]);
    put(&mut game, 3, "0104");
    put(&mut game, 4, "0104");
    game.soldiers[4].health = Health::Incapacitated;
    let radio = Item {
        weapon: weapon(&game, "radio"),
        prepared: false,
        jammed: false,
        captured: false,
    };
    game.soldiers[3].items.push(radio);
    assert!(crate::equipment::may_carry(&game, SoldierId(3), SoldierId(4)).is_err());
}

/// T-OPA-5 (AMB-OPA-7, AMBX-WTC-3): B's MG42 stays prepared through a stance change, not a move;
/// a prepared bazooka stays prepared when carried, and is used up as it fires.
#[test]
fn t_opa_5_what_stays_prepared() {
    let mut game = s1(&[]);
    in_round(&mut game);
    soldier_at(&mut game, 6, "0702", Stance::Crouching, Row::TwoTurns);
    game.soldiers[6].items[0].prepared = true;
    crate::german_actions::perform_code(&mut game, SoldierId(6), "ST:P");
    assert!(game.soldiers[6].items[0].prepared);
    quiet(&mut game, &["0701"]);
    let from = game.soldiers[6].place;
    crate::german_actions::perform_code(&mut game, SoldierId(6), "EV");
    if game.soldiers[6].place != from {
        assert!(
            !game.soldiers[6].items[0].prepared,
            "moved: no longer set up"
        );
    }
    // The bazooka: carried, still prepared.
    let mut game = s1(&[]);
    in_round(&mut game);
    quiet(&mut game, &["0204"]);
    soldier_at(&mut game, 3, "0104", Stance::Standing, Row::TwoTurns);
    let bazooka = game.soldiers[3]
        .items
        .iter()
        .position(|i| i.weapon == weapon(&game, "bazooka"))
        .unwrap();
    game.soldiers[3].items[bazooka].prepared = true;
    acting(&mut game, 3);
    let to = hex(&game, "0204");
    answer(&mut game, AmbAction::Step { to });
    assert!(game.soldiers[3].items[bazooka].prepared);
}
