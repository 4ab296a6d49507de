//! Sections 8.1 and 8.13: a mission replayed (T-DICE-8) and S1's event column (T-S1-3).

use super::*;
use crate::action::AmbEvent;
use crate::data::map::Dir;
use crate::state::Place;
use crate::testkit::{data, dice_all_used, put, s1};
use overlord_engine::{Game, GameRng, Log, RandomSpec, Status};

/// Play S1 from seed `seed` choosing by `pick` (the k-th legal action for decision k), for at
/// most `steps` decisions: the log's lines and the actions taken.
fn play(seed: u64, steps: usize) -> (Vec<String>, Vec<AmbAction>) {
    let mut log: Log<AmbEvent> = Log::new();
    let mut game = Ambush::setup(
        &data(),
        "S1",
        &Default::default(),
        GameRng::new(&RandomSpec::seeded(seed)),
        &mut log,
    )
    .unwrap();
    let mut taken = Vec::new();
    let mut legal = Vec::new();
    for k in 0..steps {
        if matches!(game.status(), Status::Over(_)) {
            break;
        }
        game.legal_actions(&mut legal);
        // Skip ending the mission so the game goes on into its rounds.
        let choices: Vec<AmbAction> = legal
            .iter()
            .copied()
            .filter(|a| *a != AmbAction::EndMission)
            .collect();
        let action = choices[(k * 7 + 3) % choices.len()];
        let _ = game.apply(action, &mut log).unwrap();
        taken.push(action);
    }
    let lines = log
        .entries()
        .iter()
        .map(|e| format!("[{}] {}", e.rule.0, e.text))
        .collect();
    (lines, taken)
}

/// T-DICE-8 (AMBX-DICE-3): the same seed and decisions give the same log, line for line, and
/// every line names its rule.
#[test]
fn t_dice_8_a_replay_gives_the_same_log() {
    let (first, actions) = play(11, 400);
    let (second, again) = play(11, 400);
    assert_eq!(actions, again);
    assert_eq!(first, second);
    assert!(first.len() > 20, "{first:?}");
    assert!(
        first.iter().any(|l| l.starts_with("[AMB-RND-6] round 1")),
        "{first:#?}"
    );
}

/// T-S1-3 (AMB-RND-2, AMBX-MIS-5, AMBX-MIS-7): the event column's `2d10 0+0` in Condition 1 reads
/// 117: K1 on 0804 facing NW, D driving, E aboard; Condition 3, whose checks run on the squad's
/// hexes (0104: nothing there).
#[test]
fn t_s1_3_the_kubelwagen_comes_down_the_road() {
    let mut game = s1(&[0, 0]);
    game.phase = Phase::Operations;
    put(&mut game, 0, "0104");
    assert_eq!(game.condition, 1);
    crate::operations::round_event(&mut game);
    let k1 = &game.vehicles[0];
    assert_eq!(k1.hex, Some(hex(&game, "0804")));
    assert_eq!(k1.facing, Dir::NW);
    assert!(matches!(
        game.soldiers[8].place,
        Place::Aboard { seat: 0, .. }
    ));
    assert!(matches!(game.soldiers[9].place, Place::Aboard { .. }));
    assert_eq!(game.condition, 3);
    assert!(game.sighted(10));
    dice_all_used(&game);
}

/// AMB-CAMP-3/5, AMBX-CAMP-1/2 (T-CAMP-2's sharing, in play): a campaign's first mission ended at
/// once (a failure, all five standing: 5 × 2 = 10 XP) is debriefed: the first survivor may take
/// 1 to 6, the others then what keeps everyone at 1 or more; US1's 6 XP buy PC +1; with nobody
/// lost there is no replacement to buy; M2 begins with the same five, US1 improved.
#[test]
fn amb_camp_3_amb_camp_5_a_campaign_carries_the_squad_into_the_next_mission() {
    let mut log: Log<AmbEvent> = Log::new();
    let mut game = Ambush::setup(
        &data(),
        crate::CAMPAIGN,
        &Default::default(),
        GameRng::seeded(3),
        &mut log,
    )
    .unwrap();
    assert_eq!(game.mission().header.id, "S1");
    let pc = game.soldiers[0].ratings.pc;
    // The squad stays off the map: ending the mission needs it on, so enter it at 0103
    // (nothing there).
    for id in 0..5 {
        let hex = hex(&game, "0103");
        let _ = game
            .apply(
                AmbAction::Enter {
                    soldier: SoldierId(id),
                    hex,
                },
                &mut log,
            )
            .unwrap();
    }
    let _ = game.apply(AmbAction::EndMission, &mut log).unwrap();
    assert_eq!(game.phase, Phase::Debrief);
    assert_eq!(
        legal(&game),
        (1..=6)
            .map(|amount| AmbAction::AssignXp { amount })
            .collect::<Vec<_>>()
    );
    let _ = game
        .apply(AmbAction::AssignXp { amount: 6 }, &mut log)
        .unwrap();
    // 4 left for 4 survivors: one each.
    for _ in 0..4 {
        assert_eq!(legal(&game), vec![AmbAction::AssignXp { amount: 1 }]);
        let _ = game
            .apply(AmbAction::AssignXp { amount: 1 }, &mut log)
            .unwrap();
    }
    // US1 has 6: PC +1.
    assert!(legal(&game).contains(&AmbAction::Improve { choice: 0 }));
    let _ = game
        .apply(AmbAction::Improve { choice: 0 }, &mut log)
        .unwrap();
    assert_eq!(
        legal(&game),
        vec![AmbAction::EndStep],
        "no budget for replacements"
    );
    let _ = game.apply(AmbAction::EndStep, &mut log).unwrap();
    assert_eq!(game.mission().header.id, "M2");
    assert_eq!(game.phase, Phase::Entry);
    assert_eq!(game.side(crate::data::weapons::Side::Us).count(), 5);
    assert_eq!(game.soldiers[0].ratings.pc, pc + 1);
    assert_eq!(game.name(SoldierId(0)), "US1");
    let c = game.campaign.as_ref().unwrap();
    assert_eq!(c.results, vec![(false, 0)]);
    assert_eq!(c.xp, vec![0, 1, 1, 1, 1]);
    assert!(log.entries().iter().any(|e| e.rule.0 == "AMB-CAMP-1"));
}

/// AMBX-SOL-2, AMBX-SOL-3 (option `generate-squad`): a campaign whose squad the player buys: 24
/// squad points, a soldier costing 1 + IN (+2 a leader), his PC, WS, DS and MPA rolled; no
/// setting out without a leader; then S1 with the squad bought.
#[test]
fn ambx_sol_2_ambx_sol_3_buying_a_squad() {
    let mut log: Log<AmbEvent> = Log::new();
    let options = crate::AmbOptions {
        generate_squad: true,
    };
    let mut game = Ambush::setup(
        &data(),
        crate::CAMPAIGN,
        &options,
        GameRng::seeded(5),
        &mut log,
    )
    .unwrap();
    assert_eq!(game.phase, Phase::Debrief);
    assert!(!legal(&game).contains(&AmbAction::EndStep), "no leader yet");
    let leader = AmbAction::Recruit {
        initiative: 3,
        commander: true,
    };
    let _ = game.apply(leader, &mut log).unwrap();
    assert_eq!(game.campaign.as_ref().unwrap().budget, 24 - 6);
    for _ in 0..6 {
        let _ = game
            .apply(
                AmbAction::Recruit {
                    initiative: 2,
                    commander: false,
                },
                &mut log,
            )
            .unwrap();
    }
    // 6 + 6 × 3 = 24: nothing left to buy.
    assert_eq!(legal(&game), vec![AmbAction::EndStep]);
    let _ = game.apply(AmbAction::EndStep, &mut log).unwrap();
    assert_eq!(game.mission().header.id, "S1");
    assert_eq!(game.phase, Phase::Entry);
    assert_eq!(game.side(crate::data::weapons::Side::Us).count(), 7);
    assert!(game.soldier(SoldierId(0)).commander);
    assert_eq!(game.name(SoldierId(0)), "US1");
    // Not for a single mission.
    assert!(Ambush::setup(&data(), "S1", &options, GameRng::seeded(5), &mut log).is_err());
}
