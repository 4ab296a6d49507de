//! Rules the spec gives no case of its own, each shown in play: Operations' free actions, the
//! hands in a round, a tank's turn, the Activation Phase's end, a German's move, a campaign's
//! replacements.

use super::*;
use crate::data::weapons::Side;
use crate::state::{Place, VehicleId};
use crate::tables::damage::Health;
use crate::testkit::{data, dice_all_used, put, s1};

fn ops(dice: &[u16]) -> Ambush {
    let mut game = s1(dice);
    game.phase = Phase::Operations;
    game
}

/// AMB-OPA-1, AMB-OPA-4, AMB-OPA-8, AMB-OPA-9: in Operations a stance change and a jam cleared
/// cost nothing and roll nothing; a prisoner under guard walks with his guard, filling no Port
/// Box.
#[test]
fn amb_opa_4_amb_opa_8_amb_opa_9_operations_actions_are_free() {
    let mut game = ops(&[]);
    soldier_at(&mut game, 1, "0104", Stance::Standing, Row::Complete);
    game.soldiers[1].items[0].jammed = true;
    answer(
        &mut game,
        AmbAction::Stance {
            soldier: SoldierId(1),
            stance: Stance::Crouching,
        },
    );
    answer(
        &mut game,
        AmbAction::ClearJam {
            soldier: SoldierId(1),
            item: 0,
        },
    );
    assert!(!game.soldiers[1].items[0].jammed);
    assert_eq!(game.soldiers[1].turn.mp_spent, 0);
    // C captured in US2's hex: escorted along, no Port Box used.
    put(&mut game, 7, "0104");
    game.soldiers[7].captured = true;
    game.soldiers[7].stance = Stance::Prone;
    game.soldiers[7].marker.row = Row::Inactive;
    let free = crate::equipment::free_port_boxes(&game, SoldierId(1));
    answer(
        &mut game,
        AmbAction::Carry {
            soldier: SoldierId(1),
            other: SoldierId(7),
        },
    );
    assert_eq!(crate::equipment::free_port_boxes(&game, SoldierId(1)), free);
    quiet(&mut game, &["0204"]);
    let to = hex(&game, "0204");
    answer(
        &mut game,
        AmbAction::Move {
            soldier: SoldierId(1),
            to,
            group: false,
        },
    );
    assert_eq!(game.soldiers[7].place, Place::Hex(to));
    dice_all_used(&game);
}

/// AMB-ACT-15, AMB-ACT-17: in a round, taking an item is the turn's action; picking a soldier
/// up is part of a drag, and the move that follows brings him along.
#[test]
fn amb_act_15_amb_act_17_hands_in_a_round() {
    let mut game = s1(&[]);
    in_round(&mut game);
    soldier_at(&mut game, 1, "0104", Stance::Crouching, Row::TwoTurns);
    soldier_at(&mut game, 4, "0104", Stance::Prone, Row::Inactive);
    game.soldiers[4].health = Health::Killed;
    game.soldiers[1].items.truncate(1);
    acting(&mut game, 1);
    answer(
        &mut game,
        AmbAction::Take {
            soldier: SoldierId(1),
            from: SoldierId(4),
            item: 0,
        },
    );
    assert!(game.turn.is_none(), "the exchange was his turn");
    assert_eq!(game.soldiers[1].marker.row, Row::OneTurn);
    acting(&mut game, 1);
    game.soldiers[1].stance = Stance::Standing;
    game.soldiers[1].turn.free_stance_change_used = true;
    answer(
        &mut game,
        AmbAction::Carry {
            soldier: SoldierId(1),
            other: SoldierId(4),
        },
    );
    assert!(game.turn.is_some(), "picking him up is part of the drag");
    quiet(&mut game, &["0204"]);
    let to = hex(&game, "0204");
    answer(&mut game, AmbAction::Step { to });
    assert_eq!(game.soldiers[4].place, Place::Hex(to));
}

/// AMB-VCBT-2, AMB-VAMMO-1, AMBX-VEH-7, AMBX-GER-2: a Panzer IV's crew of 3 fires the gun aimed
/// (2 CP; a gun never jams and counts no ammunition, so the hit die is the only one) and
/// reloads (1 CP); with 2, it cannot reload.
#[test]
fn amb_vcbt_2_amb_vammo_1_a_tanks_turn_in_crew_points() {
    for (crew, reloaded) in [(3, true), (2, false)] {
        let mut game = s1(&[9]);
        in_round(&mut game);
        game.condition = 3;
        panzer(&mut game, "0604", crew);
        // US2 in the open, out of the bow MG's arc behind the tank.
        soldier_at(&mut game, 1, "0404", Stance::Standing, Row::Complete);
        let gun_can = crate::fire::dd(
            &game,
            SoldierId(8),
            0,
            SoldierId(1),
            crate::fire::Kind::Aimed,
        );
        let bow_can = crate::fire::dd(
            &game,
            SoldierId(8),
            2,
            SoldierId(1),
            crate::fire::Kind::Aimed,
        );
        assert!(gun_can.is_ok(), "{gun_can:?}");
        assert!(bow_can.is_err(), "the bow MG: frontal arc only");
        crate::german_actions::perform_code(&mut game, SoldierId(8), "AF");
        assert_eq!(game.soldiers[8].items[0].prepared, reloaded, "crew {crew}");
        dice_all_used(&game);
    }
}

/// AMBX-RND-2: a round ends with no active German on the map: Operations resume.
#[test]
fn ambx_rnd_2_the_activation_phase_ends_with_no_german_left() {
    let mut game = s1(&[]);
    in_round(&mut game);
    soldier_at(&mut game, 0, "0104", Stance::Standing, Row::Complete);
    soldier_at(&mut game, 7, "0304", Stance::Prone, Row::Inactive);
    game.soldiers[7].health = Health::Killed;
    game.journal_on = true;
    let mut log = overlord_engine::Log::new();
    overlord_engine::driver::run(&mut game, &mut log);
    assert_eq!(game.phase, Phase::Operations);
    assert!(game.journal.iter().any(|n| n.rule.0 == "AMBX-RND-2"));
}

/// AMBX-GER-7, AMB-GER-6: a German's move reads only the red instruction, never the sheet: C
/// walks from 0306 toward 0505 in Condition 2 and no paragraph is read, no die rolled.
#[test]
fn ambx_ger_7_a_german_moves_without_reading_the_sheet() {
    let mut game = s1(&[]);
    in_round(&mut game);
    game.condition = 2;
    soldier_at(&mut game, 7, "0306", Stance::Standing, Row::TwoTurns);
    let sightings = game.sightings;
    crate::german_actions::perform_code(&mut game, SoldierId(7), "MV");
    assert_ne!(game.soldiers[7].place, Place::Hex(hex(&game, "0306")));
    assert_eq!(game.sightings, sightings);
    dice_all_used(&game);
}

/// AMBX-CAMP-3, AMBX-SOL-2, AMBX-SOL-3, AMB-CAMP-7: a campaign debrief after a soldier is lost:
/// the wounded come back healed and re-armed; the dead man's cost buys a replacement, his PC,
/// WS, DS and MPA rolled on one d10 each, carrying the replacement's kit.
#[test]
fn ambx_camp_3_ambx_sol_2_a_replacement_for_the_dead() {
    let data = data();
    let squad = data.squad("sample_squad").unwrap().soldiers.clone();
    let mut game = Ambush::from_cards(&data, 0, &squad, scripted(&[9, 9, 9, 9])).unwrap();
    game.campaign = Some(Box::new(crate::debrief::new_campaign(squad.clone())));
    for id in 0..5 {
        put(&mut game, id, "0104");
    }
    game.soldiers[1].health = Health::Wounded;
    game.soldiers[2].health = Health::Killed;
    // US3 (cost 2) killed away from the rescue hexes.
    put(&mut game, 2, "0304");
    game.phase = Phase::Operations;
    crate::debrief::begin(&mut game, false);
    assert_eq!(game.phase, Phase::Debrief);
    let c = game.campaign.as_ref().unwrap();
    assert_eq!(c.roster.len(), 4);
    assert_eq!(c.budget, u16::from(squad[2].cost));
    // 4 survivors × 2 − 2 = 6 XP: shared 1 each, then the rest.
    while matches!(
        game.campaign.as_ref().unwrap().debrief,
        crate::state::Debrief::Xp { .. }
    ) {
        let pick = legal(&game)[0];
        crate::decisions::answer(&mut game, pick).unwrap();
    }
    while matches!(
        game.campaign.as_ref().unwrap().debrief,
        crate::state::Debrief::Improve { .. }
    ) {
        crate::decisions::answer(&mut game, AmbAction::EndStep).unwrap();
    }
    let recruit = AmbAction::Recruit {
        initiative: 1,
        commander: false,
    };
    assert!(legal(&game).contains(&recruit));
    crate::decisions::answer(&mut game, recruit).unwrap();
    let c = game.campaign.as_ref().unwrap();
    let new = c.roster.last().unwrap();
    assert_eq!(
        (new.pc, new.ws, new.ds, new.mpa),
        (8, 1, 5, 6),
        "the table's 9s"
    );
    assert_eq!(new.items, vec!["m1_garand".to_owned()]);
    crate::decisions::answer(&mut game, AmbAction::EndStep).unwrap();
    assert_eq!(game.mission().header.id, "M2");
    assert_eq!(game.side(Side::Us).count(), 5);
    assert_eq!(game.soldiers[1].health, Health::Healthy, "healed");
    assert_eq!(
        game.soldiers[1].items.len(),
        squad[1].items.len(),
        "re-armed"
    );
    dice_all_used(&game);
}

/// AMBX-SOL-4, AMB-WPN-1, AMBX-SOL-1: four Port Boxes and six Ammo Box slots a soldier; a
/// satchel fills a Port Box, grenades fill slots; US2 (Garand 1, satchel 1) has 2 Port Boxes
/// free.
#[test]
fn ambx_sol_4_amb_wpn_1_what_a_soldier_carries() {
    let game = s1(&[]);
    let us2 = game.soldier(SoldierId(1));
    assert_eq!((us2.port_boxes, us2.ammo_slots), (4, 6));
    assert_eq!(crate::equipment::free_port_boxes(&game, SoldierId(1)), 2);
    let satchel = game.data().weapons.index_of("satchel").unwrap();
    let grenade = game.data().weapons.index_of("mk2").unwrap();
    assert_eq!(crate::equipment::port_boxes_of(&game, satchel), 1);
    assert_eq!(crate::equipment::port_boxes_of(&game, grenade), 0);
    assert!(us2.ammo.contains(&grenade), "a grenade in an Ammo Box slot");
}

/// AMBX-GER-10, AMBX-GER-9: Germans never make the command check on a red number; a German's
/// own PC (C's 4) is what his Perception Checks roll against.
#[test]
fn ambx_ger_10_no_command_panic_for_germans() {
    let mut game = s1(&[]);
    in_round(&mut game);
    soldier_at(&mut game, 7, "0704", Stance::Standing, Row::Complete);
    crate::rounds::place_markers(&mut game, 9, 0, true);
    assert!(!game.soldiers[7].panicked);
    assert_ne!(game.soldiers[7].marker.row, Row::Panic);
    assert_eq!(game.soldiers[7].ratings.pc, 4);
}

/// AMB-VAMMO-2, AMBX-GER-8: a tank's machine guns can jam (`d% 01` on the turret MG's snap
/// shot) though they never run out.
#[test]
fn amb_vammo_2_a_tank_machine_gun_jams() {
    let mut game = s1(&[1]);
    in_round(&mut game);
    panzer(&mut game, "0604", 5);
    soldier_at(&mut game, 1, "0404", Stance::Standing, Row::Complete);
    let shot = crate::fire::shoot(
        &mut game,
        SoldierId(8),
        1,
        SoldierId(1),
        crate::fire::Kind::Snap,
    )
    .unwrap();
    assert!(shot.jammed);
    assert!(game.soldiers[8].items[1].jammed);
    dice_all_used(&game);
}

/// AMBX-LOS-9: soldiers never block a line of sight: US2 fires at A across the hex where B
/// stands, at the same DD as with B gone.
#[test]
fn ambx_los_9_soldiers_never_block_a_line() {
    let mut game = s1(&[]);
    in_round(&mut game);
    soldier_at(&mut game, 1, "0104", Stance::Standing, Row::TwoTurns);
    soldier_at(&mut game, 5, "0304", Stance::Standing, Row::Complete);
    let open = crate::fire::dd(
        &game,
        SoldierId(1),
        0,
        SoldierId(5),
        crate::fire::Kind::Aimed,
    );
    soldier_at(&mut game, 6, "0204", Stance::Standing, Row::Complete);
    let crowded = crate::fire::dd(
        &game,
        SoldierId(1),
        0,
        SoldierId(5),
        crate::fire::Kind::Aimed,
    );
    assert!(open.is_ok());
    assert_eq!(open, crowded);
}

/// AMBX-WTC-2, AMBX-WTC-6, AMB-FIRE-7: the damage rows run from the mildest result to the
/// worst (a higher die is never milder), for every weapon type of the chart.
#[test]
fn ambx_wtc_2_damage_rows_grow_more_severe() {
    use crate::data::weapons::Damage;
    let rank = |d: &Damage| match d {
        Damage::None => 0,
        Damage::Panic => 1,
        Damage::WoundProne => 2,
        Damage::Wound => 3,
        Damage::Incapacitate => 4,
        Damage::Capture | Damage::Kill => 5,
    };
    let game = s1(&[]);
    for (kind, row) in &game.data().weapons.types {
        if let Some(damage) = &row.damage {
            assert!(
                damage.windows(2).all(|w| rank(&w[0]) <= rank(&w[1])),
                "{kind}: {damage:?}"
            );
        }
    }
}

/// AMBX-MIS-8: an `E` entry's Event Marker goes on the hex once the event is resolved, and the
/// hex reads nothing more while it is there (AMB-OPS-2).
#[test]
fn ambx_mis_8_the_event_marker() {
    // 0405 in Condition 1 reads `E`: the event's 2d10 (9 + 9 = 18), then the marker.
    let mut game = ops(&[9, 9]);
    put(&mut game, 1, "0404");
    let at = hex(&game, "0405");
    crate::operations::enter(&mut game, &[SoldierId(1)], at);
    assert!(game.marked(at, Marker::Event));
    crate::operations::enter(&mut game, &[SoldierId(1)], at);
    dice_all_used(&game);
}

/// AMB-VMOV-4, AMB-VMOV-6, AMBX-VEH-9: a closed tank's crew is no target (total cover) and
/// nobody leaves a tank (`DX` does nothing); a car's passenger told `DX` gets out into the
/// car's hex, crouching.
#[test]
fn amb_vmov_4_amb_vmov_6_ambx_veh_9_who_is_aboard() {
    let mut game = s1(&[]);
    in_round(&mut game);
    game.vehicles[0].hex = Some(hex(&game, "0604"));
    for (id, seat) in [(8, 0), (9, 1)] {
        game.soldiers[id].place = Place::Aboard {
            vehicle: VehicleId(0),
            seat,
        };
    }
    soldier_at(&mut game, 1, "0404", Stance::Standing, Row::TwoTurns);
    // No one aboard is a target of his own.
    assert!(
        crate::fire::dd(
            &game,
            SoldierId(1),
            0,
            SoldierId(8),
            crate::fire::Kind::Aimed
        )
        .is_err()
    );
    crate::german_actions::perform_code(&mut game, SoldierId(9), "DX");
    assert_eq!(game.soldiers[9].place, Place::Hex(hex(&game, "0604")));
    assert_eq!(game.soldiers[9].stance, Stance::Crouching);
    // The same car made a closed Panzer IV: its crew stays in.
    game.vehicles[0].kind = game
        .data()
        .vehicles
        .keys()
        .position(|k| k == "panzer_iv")
        .unwrap() as u8;
    game.vehicles[0].open = false;
    crate::german_actions::perform_code(&mut game, SoldierId(8), "DX");
    assert!(matches!(game.soldiers[8].place, Place::Aboard { .. }));
}

/// AMBX-GER-1: a German card's fields are the soldier's: C (IN 1, WS 0, MPA 5, PC 4, a Kar98k,
/// one grenade).
#[test]
fn ambx_ger_1_a_german_card() {
    let game = s1(&[]);
    let c = game.soldier(SoldierId(7));
    assert_eq!(game.name(SoldierId(7)), "C");
    assert_eq!(
        (
            c.ratings.initiative,
            c.ratings.ws,
            c.ratings.mpa,
            c.ratings.pc,
            c.grenades
        ),
        (1, 0, 5, 4, 1)
    );
    let kar = game.data().weapons.index_of("kar98k").unwrap();
    assert_eq!(
        c.items.iter().map(|i| i.weapon).collect::<Vec<_>>(),
        vec![kar]
    );
}

/// AMBX-SOL-6, AMB-CAMP-7: equipment at its prices: the sample squad's kit costs its 37 points;
/// a replacement gets a Garand with two clips (3 points) while the squad's 40 last, else a
/// pistol.
#[test]
fn ambx_sol_6_equipment_points() {
    let data = data();
    let squad = data.squad("sample_squad").unwrap();
    let total: u32 = squad
        .soldiers
        .iter()
        .map(|c| crate::data::squad::kit_cost(&data.weapons, c))
        .sum();
    assert_eq!(total, u32::from(squad.equipment_points_used));
    assert_eq!(total, 37);
    for (extra_bazooka, kit) in [(false, "m1_garand"), (true, "m1911")] {
        let mut roster = squad.soldiers.clone();
        if extra_bazooka {
            // 5 more points of kit: 42, past the 40.
            roster[0].items.push("bazooka".to_owned());
        }
        let mut game = Ambush::from_cards(&data, 0, &roster, scripted(&[0, 0, 0, 0])).unwrap();
        let mut campaign = crate::debrief::new_campaign(roster);
        campaign.budget = 5;
        game.campaign = Some(Box::new(campaign));
        game.phase = Phase::Debrief;
        crate::decisions::answer(
            &mut game,
            AmbAction::Recruit {
                initiative: 0,
                commander: false,
            },
        )
        .unwrap();
        let new = game
            .campaign
            .as_ref()
            .unwrap()
            .roster
            .last()
            .unwrap()
            .clone();
        assert_eq!(new.items, vec![kit.to_owned()]);
        dice_all_used(&game);
    }
}
