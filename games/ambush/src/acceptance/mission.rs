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
