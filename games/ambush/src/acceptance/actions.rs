//! Section 8.6: soldier actions (AMB-SACT, AMB-ACT, AMB-CMD).

use super::*;
use crate::assault::{self, Mode};
use crate::tables::damage::Health;
use crate::testkit::s1;

/// The item index of weapon `id` among soldier `soldier`'s items.
fn item(game: &Ambush, soldier: u8, id: &str) -> u8 {
    let w = game.data().weapons.index_of(id).unwrap();
    game.soldiers[usize::from(soldier)]
        .items
        .iter()
        .position(|i| i.weapon == w)
        .unwrap() as u8
}

/// T-ACT-1 (AMB-ACT-2, AMB-SACT-1): a bazooka takes aimed fire, never snap fire.
#[test]
fn t_act_1_a_bazooka_never_snap_fires() {
    let mut game = s1(&[]);
    in_round(&mut game);
    soldier_at(&mut game, 3, "0104", Stance::Standing, Row::TwoTurns);
    soldier_at(&mut game, 5, "0304", Stance::Standing, Row::Complete);
    let bazooka = item(&game, 3, "bazooka");
    game.soldiers[3].items[usize::from(bazooka)].prepared = true;
    acting(&mut game, 3);
    let legal = legal(&game);
    let fire = |aimed| AmbAction::Fire {
        item: bazooka,
        target: SoldierId(5),
        aimed,
    };
    assert!(legal.contains(&fire(true)), "{legal:?}");
    assert!(!legal.contains(&fire(false)));
}

/// T-ACT-3 (AMB-ACT-13): Move/Snap Fire with MPA 5 moves at most 2 MP; a plain Move goes on.
#[test]
fn t_act_3_move_snap_fire_moves_at_most_half_the_mpa() {
    let mut game = s1(&[]);
    in_round(&mut game);
    quiet(&mut game, &["0204", "0304", "0404"]);
    soldier_at(&mut game, 1, "0104", Stance::Standing, Row::TwoTurns);
    assert_eq!(game.soldiers[1].ratings.mpa, 5);
    acting(&mut game, 1);
    let to = hex(&game, "0204");
    answer(&mut game, AmbAction::SnapStep { to });
    let to = hex(&game, "0304");
    answer(&mut game, AmbAction::SnapStep { to });
    assert_eq!(game.soldiers[1].turn.mp_spent, 2);
    let legal = legal(&game);
    assert!(
        !legal
            .iter()
            .any(|a| matches!(a, AmbAction::SnapStep { .. } | AmbAction::Step { .. })),
        "{legal:?}"
    );
    // A plain Move may spend the whole MPA.
    let mut game = s1(&[]);
    in_round(&mut game);
    quiet(&mut game, &["0204", "0304", "0404"]);
    soldier_at(&mut game, 1, "0104", Stance::Standing, Row::TwoTurns);
    acting(&mut game, 1);
    for to in ["0204", "0304", "0404"] {
        let to = hex(&game, to);
        answer(&mut game, AmbAction::Step { to });
    }
    assert_eq!(game.soldiers[1].turn.mp_spent, 3);
}

/// T-SACT-2 (AMB-SACT-5, AMB-ACT-4, AMB-ACT-14): a wounded crouching soldier who stands (1 MP)
/// may no longer make the stationary Assault; the assault he is offered is Move/Charge Assault
/// with an empty path, at the charge's DD (1 MP ≤ ⌊3/2⌋).
#[test]
fn t_sact_2_standing_up_turns_the_assault_into_a_charge() {
    let mut game = s1(&[]);
    in_round(&mut game);
    soldier_at(&mut game, 0, "0306", Stance::Crouching, Row::OneTurn);
    game.soldiers[0].health = Health::Wounded;
    soldier_at(&mut game, 5, "0306", Stance::Standing, Row::Complete);
    acting(&mut game, 0);
    let stand = AmbAction::Stance {
        soldier: SoldierId(0),
        stance: Stance::Standing,
    };
    answer(&mut game, stand);
    assert_eq!(game.soldiers[0].turn.mp_spent, 1);
    let kill = AmbAction::Assault {
        target: SoldierId(5),
        capture: false,
    };
    assert!(legal(&game).contains(&kill));
    // Scripted: the to-hit die only, a miss, at the charge's DD.
    let charged = assault::dd(&game, SoldierId(0), SoldierId(5), Mode::Kill, true).unwrap();
    let standing = assault::dd(&game, SoldierId(0), SoldierId(5), Mode::Kill, false).unwrap();
    assert!(charged < standing);
    let mut game2 = game.clone();
    game2.rng = overlord_engine::GameRng::new(&overlord_engine::RandomSpec::scripted(
        0,
        overlord_engine::Script {
            dice: vec![overlord_engine::ScriptedRoll::Value(charged as u16 + 1)],
            strict: true,
            ..overlord_engine::Script::default()
        },
    ));
    answer(&mut game2, kill);
    assert_eq!(
        game2.soldiers[5].health,
        Health::Healthy,
        "a miss at the charge's DD"
    );
    crate::testkit::dice_all_used(&game2);
    // Before spending anything, the stationary assault: standing, no charge.
    let mut game = s1(&[]);
    in_round(&mut game);
    soldier_at(&mut game, 0, "0306", Stance::Standing, Row::OneTurn);
    soldier_at(&mut game, 5, "0306", Stance::Standing, Row::Complete);
    acting(&mut game, 0);
    assert!(legal(&game).contains(&kill));
}

/// T-CMD-1 (AMB-CMD-3, AMB-SACT-6, AMBX-AR-4): the commander on 2 Turns gives an action to a healthy
/// soldier on Complete 2 hexes away: both on 1 Turn. Wounded, 3 hexes away or on 2 Turns, no.
#[test]
fn t_cmd_1_the_commander_gives_an_action() {
    let setup = |at: &str, row: Row, health: Health| {
        let mut game = s1(&[]);
        in_round(&mut game);
        soldier_at(&mut game, 0, "0104", Stance::Standing, Row::TwoTurns);
        soldier_at(&mut game, 2, at, Stance::Standing, row);
        game.soldiers[2].health = health;
        acting(&mut game, 0);
        game
    };
    let give = AmbAction::GiveAction { to: SoldierId(2) };
    let mut game = setup("0304", Row::Complete, Health::Healthy);
    answer(&mut game, give);
    assert_eq!(game.soldiers[0].marker.row, Row::OneTurn);
    assert_eq!(game.soldiers[2].marker.row, Row::OneTurn);
    assert!(
        game.turn.is_none(),
        "giving the action is the commander's turn"
    );
    assert!(!legal(&setup("0304", Row::Complete, Health::Wounded)).contains(&give));
    assert!(!legal(&setup("0404", Row::Complete, Health::Healthy)).contains(&give));
    assert!(!legal(&setup("0304", Row::TwoTurns, Health::Healthy)).contains(&give));
}

/// T-CMD-2 (AMB-CMD-4): the commander wakes an Unaware soldier next to him, and moves down a
/// row.
#[test]
fn t_cmd_2_the_commander_wakes_a_soldier() {
    let mut game = s1(&[]);
    in_round(&mut game);
    soldier_at(&mut game, 0, "0104", Stance::Standing, Row::TwoTurns);
    soldier_at(&mut game, 3, "0204", Stance::Standing, Row::Unaware);
    acting(&mut game, 0);
    answer(
        &mut game,
        AmbAction::Awaken {
            target: SoldierId(3),
        },
    );
    assert_eq!(game.soldiers[3].marker.row, Row::Complete);
    assert_eq!(game.soldiers[0].marker.row, Row::OneTurn);
}

/// T-CMD-3 (AMB-CMD-1): a panicked or inactive commander has no commander actions.
#[test]
fn t_cmd_3_a_panicked_or_inactive_commander_commands_nothing() {
    for broken in [0, 1] {
        let mut game = s1(&[]);
        in_round(&mut game);
        soldier_at(&mut game, 0, "0104", Stance::Standing, Row::TwoTurns);
        soldier_at(&mut game, 2, "0204", Stance::Standing, Row::Complete);
        soldier_at(&mut game, 3, "0204", Stance::Standing, Row::Unaware);
        acting(&mut game, 0);
        if broken == 0 {
            game.soldiers[0].panicked = true;
        } else {
            game.soldiers[0].health = Health::Incapacitated;
        }
        let legal = legal(&game);
        assert!(
            !legal
                .iter()
                .any(|a| matches!(a, AmbAction::GiveAction { .. } | AmbAction::Awaken { .. })),
            "{legal:?}"
        );
    }
}

/// AMB-ACT-8 (AMBX-WTC-5): clearing a jam in a round is a skill roll at 6 + WS, and the turn.
#[test]
fn amb_act_8_clearing_a_jam_in_a_round_rolls() {
    let mut game = s1(&[7, 5]);
    in_round(&mut game);
    soldier_at(&mut game, 2, "0104", Stance::Crouching, Row::TwoTurns);
    game.soldiers[2].items[0].jammed = true;
    acting(&mut game, 2);
    // US3: WS +1, so 7 clears.
    answer(
        &mut game,
        AmbAction::ClearJam {
            soldier: SoldierId(2),
            item: 0,
        },
    );
    assert!(!game.soldiers[2].items[0].jammed);
    assert_eq!(game.soldiers[2].marker.row, Row::OneTurn);
    acting(&mut game, 2);
    game.soldiers[2].items[0].jammed = true;
    game.soldiers[2].stance = Stance::Prone;
    assert!(
        !legal(&game)
            .iter()
            .any(|a| matches!(a, AmbAction::ClearJam { .. })),
        "not prone (AMB-ACT-8)"
    );
}

/// AMB-ACT-5, AMB-ACT-10 (AMBX-WTC-3): preparing is the turn's action; an MG set up is lost once
/// carried to another hex, a satchel stays prepared until thrown.
#[test]
fn amb_act_5_amb_act_10_preparing_weapons() {
    let mut game = s1(&[]);
    in_round(&mut game);
    quiet(&mut game, &["0204"]);
    soldier_at(&mut game, 1, "0104", Stance::Standing, Row::TwoTurns);
    let satchel = item(&game, 1, "satchel");
    acting(&mut game, 1);
    answer(
        &mut game,
        AmbAction::Prepare {
            soldier: SoldierId(1),
            item: satchel,
        },
    );
    assert!(game.soldiers[1].items[usize::from(satchel)].prepared);
    assert_eq!(game.soldiers[1].marker.row, Row::OneTurn);
    acting(&mut game, 1);
    let to = hex(&game, "0204");
    answer(&mut game, AmbAction::Step { to });
    assert!(
        game.soldiers[1].items[usize::from(satchel)].prepared,
        "a satchel stays prepared until used"
    );
}

/// US1 with an M1919 set up (his Thompson gone) and US2 beside him in 0104, both with a turn;
/// A standing in 0304.
fn m1919_team(us1: Stance, us2: Stance) -> (Ambush, u8) {
    let mut game = s1(&[]);
    in_round(&mut game);
    soldier_at(&mut game, 0, "0104", us1, Row::TwoTurns);
    soldier_at(&mut game, 1, "0104", us2, Row::OneTurn);
    soldier_at(&mut game, 5, "0304", Stance::Standing, Row::Complete);
    let m1919 = game.data().weapons.index_of("m1919").unwrap();
    game.soldiers[0].items = vec![crate::state::Item {
        weapon: m1919,
        prepared: true,
        jammed: false,
        captured: false,
    }];
    game.soldiers[0].ammo.push(m1919);
    acting(&mut game, 0);
    (game, 0)
}

/// T-ACT-6 (AMB-ACT-18): double fire with an M1919: both standing, no; one crouching, yes;
/// both markers move down a row and exactly one aimed shot is fired (the jam `d% 50`, the hit
/// `d10 9`, a miss, the ammunition `d% 99`).
#[test]
fn t_act_6_double_fire_with_a_crew_weapon() {
    let double = AmbAction::DoubleFire {
        item: 0,
        partner: SoldierId(1),
        target: SoldierId(5),
    };
    let (game, _) = m1919_team(Stance::Standing, Stance::Standing);
    assert!(!legal(&game).contains(&double));
    let (mut game, _) = m1919_team(Stance::Standing, Stance::Crouching);
    game.rng = overlord_engine::GameRng::new(&overlord_engine::RandomSpec::scripted(
        0,
        overlord_engine::Script {
            dice: [50, 9, 99]
                .map(overlord_engine::ScriptedRoll::Value)
                .to_vec(),
            strict: true,
            ..overlord_engine::Script::default()
        },
    ));
    answer(&mut game, double);
    assert_eq!(game.soldiers[0].marker.row, Row::OneTurn);
    assert_eq!(game.soldiers[1].marker.row, Row::Complete);
    crate::testkit::dice_all_used(&game);
}

/// T-ACT-7 (AMB-ACT-12): the crew weapon carried by two (the partner with a Port Box free):
/// both move together, both use their turns.
#[test]
fn t_act_7_moving_a_crew_weapon() {
    let (mut game, _) = m1919_team(Stance::Standing, Stance::Standing);
    quiet(&mut game, &["0204"]);
    let to = hex(&game, "0204");
    let carry = AmbAction::MoveCrewWeapon {
        item: 0,
        partner: SoldierId(1),
        to,
    };
    assert!(legal(&game).contains(&carry));
    answer(&mut game, carry);
    assert_eq!(game.soldiers[0].place, crate::state::Place::Hex(to));
    assert_eq!(game.soldiers[1].place, crate::state::Place::Hex(to));
    assert_eq!(game.soldiers[0].marker.row, Row::OneTurn);
    assert_eq!(game.soldiers[1].marker.row, Row::Complete);
    assert!(!game.soldiers[0].items[0].prepared, "moved: set up again");
    // A partner with no Port Box free cannot help.
    let (mut game, _) = m1919_team(Stance::Standing, Stance::Standing);
    let radio = game.data().weapons.index_of("radio").unwrap();
    let full = crate::state::Item {
        weapon: radio,
        prepared: false,
        jammed: false,
        captured: false,
    };
    while crate::equipment::free_port_boxes(&game, SoldierId(1)) > 0 {
        game.soldiers[1].items.push(full);
    }
    assert!(
        !legal(&game)
            .iter()
            .any(|a| matches!(a, AmbAction::MoveCrewWeapon { .. }))
    );
}
