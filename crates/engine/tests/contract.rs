//! The engine contract, exercised through the Duel test game.

// Test helpers outside `#[test]` functions fail loudly by design.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod duel;

use duel::{Aim, Duel, DuelAction, Phase};
use overlord_engine::{
    DynMatch, Entry, Game, GameRng, Match, MatchError, RandomSpec, Registry, Script, ScriptedRoll,
    Seat, Status, Viewer,
};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::Path;

fn new_match(seed: u64) -> Match<Duel> {
    Match::new(
        duel::data(),
        "standard",
        Default::default(),
        RandomSpec::seeded(seed),
    )
    .expect("setup")
}

fn scripted(script: Script) -> Match<Duel> {
    Match::new(
        duel::data(),
        "standard",
        Default::default(),
        RandomSpec::scripted(0, script),
    )
    .expect("setup")
}

fn to_act(game: &Match<Duel>) -> Seat {
    game.status().seat().expect("the game goes on")
}

fn play(game: &mut Match<Duel>, actions: &[DuelAction]) {
    for action in actions {
        let seat = to_act(game);
        game.apply(seat, *action)
            .unwrap_or_else(|e| panic!("{action:?}: {e}"));
    }
}

/// Picks random games' actions: first the given indices into the legal actions, then seeded
/// chance. Cycling a fixed list could loop forever (Attack, Back, Attack, Back...); chance ends
/// every game with certainty, and the step cap turns a rules bug that stalls the game into a
/// failure instead of a hang.
struct Chooser<'a> {
    choices: &'a [usize],
    steps: usize,
    rng: ChaCha8Rng,
}

impl<'a> Chooser<'a> {
    const MAX_STEPS: usize = 100_000;

    fn new(seed: u64, choices: &'a [usize]) -> Self {
        Self {
            choices,
            steps: 0,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    fn pick<T: Copy>(&mut self, legal: &[T]) -> T {
        assert!(!legal.is_empty(), "the game stalled with no legal action");
        assert!(self.steps < Self::MAX_STEPS, "the game did not end");
        let index = match self.choices.get(self.steps) {
            Some(&choice) => choice,
            None => self.rng.next_u32() as usize,
        };
        self.steps += 1;
        legal[index % legal.len()]
    }
}

/// Play a random game to the end, choosing first with `choices` (indices into the legal actions).
fn random_game(seed: u64, choices: &[usize]) -> Match<Duel> {
    let mut game = new_match(seed);
    let mut chooser = Chooser::new(seed, choices);
    let mut legal = Vec::new();
    while let Status::ToAct(seat) = game.status() {
        game.state().legal_actions(&mut legal);
        let action = chooser.pick(&legal);
        game.apply(seat, action)
            .unwrap_or_else(|e| panic!("legal action {action:?} refused: {e}"));
    }
    game
}

// Random play, replay, determinize, leaks, refusals and undo in general are the conformance
// suite's (tests/conformance.rs); what stays here is Duel's own.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// After every step of a random game, each seat's view shows its own hand and no card of the
    /// other seat's, the spectator sees no hand, and no seat reads the other's private log
    /// entries (the cards it was dealt and drew).
    #[test]
    fn views_and_log_hide_the_other_hand(seed in any::<u64>(), choices in prop::collection::vec(0usize..8, 1..40)) {
        let mut game = new_match(seed);
        let mut chooser = Chooser::new(seed, &choices);
        let mut legal = Vec::new();
        while let Status::ToAct(actor) = game.status() {
            for seat in [Seat(0), Seat(1)] {
                let other = Seat(1 - seat.0);
                let view = game.state().view(Viewer::Seat(seat));
                prop_assert!(view.hands[other.index()].cards.is_none());
                prop_assert_eq!(view.hands[seat.index()].cards.as_deref(), Some(game.state().hand(seat)));
                for (_, entry) in game.log().visible_to(Viewer::Seat(seat)) {
                    if let duel::DuelEvent::Dealt { seat: s, card: Some(_) } | duel::DuelEvent::Drew { seat: s, card: Some(_) } = entry.event {
                        prop_assert_eq!(s, seat, "{} read a private entry of {}", seat, s);
                    }
                }
            }
            let spectator = game.state().view(Viewer::Spectator);
            prop_assert!(spectator.hands.iter().all(|h| h.cards.is_none()));
            game.state().legal_actions(&mut legal);
            let action = chooser.pick(&legal);
            game.apply(actor, action).expect("legal action");
        }
    }
}

#[test]
fn the_same_seed_and_actions_give_the_same_game_and_another_seed_does_not() {
    let a = random_game(42, &[3, 1, 4, 1, 5, 9, 2, 6]);
    let b = random_game(42, &[3, 1, 4, 1, 5, 9, 2, 6]);
    assert_eq!(a.state(), b.state());
    let hands = |seed| new_match(seed).state().hand(Seat(0)).to_vec();
    assert!(
        (1..20).any(|seed| hands(seed) != hands(0)),
        "the deal ignores the seed"
    );
}

#[test]
fn duel_setup_a_script_fixes_the_deal() {
    let game = scripted(Script {
        stacks: vec![vec![5, 12]],
        ..Script::default()
    });
    assert_eq!(game.state().hand(Seat(0)), &[5]);
    assert_eq!(game.state().hand(Seat(1)), &[12]);
}

#[test]
fn duel_attack_scripted_cards_and_dice_decide_the_attack() {
    // Seat 1 holds card 6 (value 6) and attacks high; the script rolls a 3: 6 + 3 = 9 hits for
    // 2. Seat 0 braces with its only card and takes 1.
    let mut game = scripted(Script {
        stacks: vec![vec![1, 6]],
        dice: vec![ScriptedRoll::Expect {
            value: 3,
            rule: "DUEL-ATTACK".into(),
        }],
        strict: true,
        ..Script::default()
    });
    play(
        &mut game,
        &[
            DuelAction::Pass,
            DuelAction::Attack,
            DuelAction::Commit(6),
            DuelAction::Aim(Aim::High),
            DuelAction::Confirm,
        ],
    );
    assert_eq!(game.state().phase(), Phase::Brace { damage: 2 });
    assert_eq!(
        to_act(&game),
        Seat(0),
        "DUEL-BRACE: the defender decides out of turn"
    );
    play(&mut game, &[DuelAction::Brace(1)]);
    assert_eq!(game.state().hp(Seat(0)), 2);
    assert_eq!(game.state().deck().discard_pile(), &[6, 1]);
    assert_eq!(to_act(&game), Seat(0));
    let rules: Vec<&str> = game.log().entries().iter().map(|e| e.rule.0).collect();
    assert!(rules.contains(&"DUEL-ATTACK") && rules.contains(&"DUEL-BRACE"));
}

#[test]
fn a_strict_script_that_runs_out_refuses_the_action_and_changes_nothing() {
    let mut game = scripted(Script {
        stacks: vec![vec![1, 6]],
        strict: true,
        ..Script::default()
    });
    play(
        &mut game,
        &[
            DuelAction::Attack,
            DuelAction::Commit(1),
            DuelAction::Aim(Aim::Low),
        ],
    );
    let before = game.state().clone();
    let error = game
        .apply(Seat(0), DuelAction::Confirm)
        .expect_err("no die scripted");
    assert!(matches!(error, MatchError::Script(_)), "{error}");
    assert_eq!(game.state(), &before);
}

#[test]
fn duel_draw_reshuffles_the_discards_when_the_pile_is_empty() {
    let mut game = Match::<Duel>::new(
        duel::data(),
        "long",
        duel::DuelOptions { start_hp: 100 },
        RandomSpec::seeded(3),
    )
    .expect("setup");
    let reshuffled = |game: &Match<Duel>| {
        game.log()
            .entries()
            .iter()
            .any(|e| matches!(e.event, duel::DuelEvent::Reshuffled))
    };
    // Draw to a full hand, then attack low with the first card, until the pile runs dry and a
    // draw must reshuffle the discards.
    while !reshuffled(&game) {
        let seat = to_act(&game);
        let hand = game.state().hand(seat).to_vec();
        let action = match game.state().phase() {
            Phase::Main if hand.len() < 3 => DuelAction::Draw,
            Phase::Main => DuelAction::Attack,
            Phase::ChooseCard => DuelAction::Commit(hand[0]),
            Phase::ChooseAim { .. } => DuelAction::Aim(Aim::Low),
            Phase::Confirm { .. } => DuelAction::Confirm,
            Phase::Brace { .. } => DuelAction::TakeHit,
            Phase::Over(_) => panic!("the game ended before the pile ran dry"),
        };
        game.apply(seat, action).expect("legal");
    }
    let in_hands = game.state().hand(Seat(0)).len() + game.state().hand(Seat(1)).len();
    let total =
        in_hands + game.state().deck().draw_count() + game.state().deck().discard_pile().len();
    assert_eq!(total, 12, "DUEL-DRAW: reshuffling keeps every card");
    assert!(game.state().deck().discard_pile().is_empty());
}

#[test]
fn undo_takes_back_quiet_steps_and_stops_at_the_last_reveal() {
    let mut game = scripted(Script {
        stacks: vec![vec![1, 6, 2]],
        dice: vec![ScriptedRoll::Value(1)],
        strict: true,
        ..Script::default()
    });
    assert!(game.undo().is_err(), "nothing to undo at the start");

    // Quiet steps of the multi-step attack prompt can all be taken back.
    play(
        &mut game,
        &[
            DuelAction::Attack,
            DuelAction::Commit(1),
            DuelAction::Aim(Aim::Low),
        ],
    );
    let log_len = game.log().len();
    assert_eq!(game.undoable_by(), Some(Seat(0)));
    game.undo().expect("undo the aim");
    assert_eq!(game.state().phase(), Phase::ChooseAim { card: 1 });
    game.undo().expect("undo the commit");
    game.undo().expect("undo the attack");
    assert_eq!(game.state().phase(), Phase::Main);
    assert!(
        game.log().len() < log_len,
        "undo takes back the log entries"
    );
    assert!(game.undo().is_err(), "back at the start");

    // A die roll is a barrier.
    play(
        &mut game,
        &[
            DuelAction::Attack,
            DuelAction::Commit(1),
            DuelAction::Aim(Aim::Low),
            DuelAction::Confirm,
        ],
    );
    let after_roll = game.state().clone();
    let error = game.undo().expect_err("the roll stands");
    assert!(error.to_string().contains("randomness"), "{error}");
    assert_eq!(game.state(), &after_roll);

    // A pass is quiet; a draw shows the drawer a card and is a barrier.
    play(&mut game, &[DuelAction::Pass]);
    assert_eq!(game.undoable_by(), Some(Seat(1)));
    game.undo().expect("undo the pass");
    assert_eq!(game.state(), &after_roll);
    play(&mut game, &[DuelAction::Draw]);
    assert!(game.undo().is_err(), "the drawn card was seen");
}

#[test]
fn the_wrong_seat_and_a_finished_game_are_refused() {
    let mut game = new_match(1);
    let error = game
        .apply(Seat(1), DuelAction::Pass)
        .expect_err("seat 0 acts first");
    assert!(matches!(
        error,
        MatchError::NotYourTurn {
            expected: Seat(0),
            actual: Seat(1)
        }
    ));
    let mut finished = random_game(5, &[2]);
    let error = finished
        .apply(Seat(0), DuelAction::Pass)
        .expect_err("the game is over");
    assert!(matches!(error, MatchError::GameOver(_)));
    // Nor is its last action taken back, whatever it drew: the game over is said as such.
    assert_eq!(finished.undoable_by(), None);
    let error = finished.undo().expect_err("the game is over");
    assert!(matches!(error, MatchError::GameOver(_)), "{error}");
}

#[test]
fn duel_end_all_passes_end_in_a_draw() {
    let mut game = new_match(9);
    let mut passes = 0;
    while let Status::ToAct(seat) = game.status() {
        game.apply(seat, DuelAction::Pass)
            .expect("passing is always legal");
        passes += 1;
    }
    assert_eq!(passes, 20, "the standard scenario lasts 20 turns");
    match game.status() {
        Status::Over(outcome) => {
            assert!(outcome.draw);
            assert_eq!(outcome.rule.0, "DUEL-END");
            assert_eq!(outcome.reward(Seat(0)), 0.5);
            assert_eq!(outcome.to_string(), "drawn (DUEL-END), score 0");
        }
        Status::ToAct(_) => panic!("the game should be over"),
    }
}

#[test]
fn duel_win_a_seat_at_zero_loses() {
    let mut game = scripted(Script {
        stacks: vec![vec![6, 1, 12, 2, 11]],
        dice: vec![ScriptedRoll::Value(6); 4],
        ..Script::default()
    });
    // Seat 0 attacks high with 6 (hits for 2), seat 1 takes it; seat 1 passes; seat 0 draws;
    // seat 1 passes; seat 0 attacks with 12 (value 6) and wins.
    play(
        &mut game,
        &[
            DuelAction::Attack,
            DuelAction::Commit(6),
            DuelAction::Aim(Aim::High),
            DuelAction::Confirm,
            DuelAction::TakeHit,
            DuelAction::Pass,
            DuelAction::Draw,
            DuelAction::Pass,
            DuelAction::Attack,
            DuelAction::Commit(12),
            DuelAction::Aim(Aim::High),
            DuelAction::Confirm,
            DuelAction::TakeHit,
        ],
    );
    match game.status() {
        Status::Over(outcome) => {
            assert_eq!(outcome.rule.0, "DUEL-WIN");
            assert!(
                outcome.to_string().starts_with("won by seat 1 (DUEL-WIN)"),
                "{outcome}"
            );
            assert_eq!(outcome.reward(Seat(0)), 1.0);
            assert_eq!(outcome.reward(Seat(1)), 0.0);
        }
        Status::ToAct(seat) => panic!("{seat} still to act"),
    }
}

#[test]
fn a_record_from_another_rules_version_is_not_replayed_silently() {
    let game = random_game(11, &[0, 1]);
    let mut record = game.record();
    record.rules_version = "0".into();
    let error = Match::<Duel>::from_record(duel::data(), &record).expect_err("wrong version");
    assert!(error.to_string().contains("rules version 0"), "{error}");
    let mut record = game.record();
    record.actions.push(serde_json::json!("dance"));
    let error = Match::<Duel>::from_record(duel::data(), &record).expect_err("bad action");
    assert!(error.to_string().contains("action"), "{error}");
}

#[test]
fn the_dynamic_face_plays_with_json_and_shows_each_seat_its_own_view() {
    let registry = Registry::new(vec![Entry::<Duel>::boxed()]);
    let entry = registry.get("duel").expect("registered");
    assert!(registry.get("chess").is_err());
    let scenarios = entry.scenarios(Path::new(".")).expect("scenarios");
    assert!(scenarios.iter().any(|s| s.id == "short"));
    let mut game: Box<dyn DynMatch> = entry
        .new_match(
            Path::new("."),
            "short",
            &serde_json::json!({"start_hp": 2}),
            RandomSpec::seeded(8),
        )
        .expect("new match");
    let legal = game.legal_actions();
    assert!(legal.iter().any(|l| l.action == serde_json::json!("pass")));
    assert!(legal.iter().all(|l| !l.anchors.label.is_empty()));
    let bad = game.apply_json(Seat(0), &serde_json::json!({"commit": 99}));
    assert!(bad.is_err());
    let bad = game.apply_json(Seat(0), &serde_json::json!("fly"));
    assert!(matches!(bad, Err(MatchError::BadAction(_))));
    game.apply_json(Seat(0), &serde_json::json!("draw"))
        .expect("draw");
    let own = game.view(Viewer::Seat(Seat(0)));
    let theirs = game.view(Viewer::Seat(Seat(1)));
    assert_eq!(own["hands"][0]["cards"].as_array().map(Vec::len), Some(2));
    assert!(theirs["hands"][0].get("cards").is_none());
    assert_eq!(theirs["hands"][0]["count"], 2);
    let private_lines = game.log(Viewer::Seat(Seat(0)), 0).len();
    let public_lines = game.log(Viewer::Spectator, 0).len();
    assert!(private_lines > public_lines);
    let record = game.record();
    let replayed = entry.replay(Path::new("."), &record).expect("replay");
    assert_eq!(
        replayed.view(Viewer::Seat(Seat(0))),
        game.view(Viewer::Seat(Seat(0)))
    );
}

#[test]
fn a_bad_scenario_or_bad_options_are_refused_with_a_reason() {
    let error = Match::<Duel>::new(
        duel::data(),
        "marathon",
        Default::default(),
        RandomSpec::seeded(0),
    )
    .expect_err("no such scenario");
    assert!(error.to_string().contains("marathon"));
    let registry = Registry::new(vec![Entry::<Duel>::boxed()]);
    let result = registry.get("duel").expect("duel").new_match(
        Path::new("."),
        "short",
        &serde_json::json!({"start_hp": "lots"}),
        RandomSpec::seeded(0),
    );
    assert!(result.is_err());
}

#[test]
fn determinize_redraws_what_the_seat_cannot_see() {
    let game = new_match(17);
    let mut chacha = ChaCha8Rng::seed_from_u64(1);
    let their_hand = game.state().hand(Seat(1)).to_vec();
    let differs = (0..50).any(|_| {
        game.state().determinize(Seat(0), &mut chacha).hand(Seat(1)) != their_hand.as_slice()
    });
    assert!(differs, "seat 1's hidden card is never redrawn");
    let same_own = (0..50).all(|_| {
        game.state().determinize(Seat(0), &mut chacha).hand(Seat(0)) == game.state().hand(Seat(0))
    });
    assert!(same_own, "seat 0's own hand must stay as it is");
}

#[test]
fn the_rng_in_the_state_counts_outcomes_for_undo() {
    let rng = GameRng::seeded(1);
    assert_eq!(rng.outcomes(), 0);
    let game = new_match(1);
    assert_eq!(game.state().rng().outcomes(), 1, "one shuffle at setup");
}

/// A quiet game (played for speed) plays the same game as a full one, by index or by action,
/// refuses what the full one refuses without changing, and keeps no undo.
#[test]
fn a_quiet_game_plays_the_same_game_and_keeps_no_undo() {
    for seed in 0..20 {
        let mut full = new_match(seed);
        let mut quiet = new_match(seed);
        quiet.quieten();
        assert!(quiet.is_quiet());
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut step = 0;
        while let Status::ToAct(seat) = full.status() {
            let legal = full.legal_actions();
            assert_eq!(quiet.legal_actions(), legal);
            let index = rng.next_u32() as usize % legal.len();
            full.apply(seat, legal[index]).unwrap();
            match step % 3 {
                0 => quiet.apply_legal_index(seat, index).unwrap(),
                1 => {
                    // The list kept is the state's, and the action at its place is played.
                    assert_eq!(quiet.list_legal_actions(), legal.as_slice());
                    quiet.apply_legal_index(seat, index).unwrap();
                }
                _ => quiet.apply(seat, legal[index]).unwrap(),
            }
            assert_eq!(quiet.state(), full.state());
            step += 1;
        }
        assert_eq!(quiet.record(), full.record());
        assert!(quiet.log().len() < full.log().len());
    }
    let mut quiet = new_match(1);
    quiet.quieten();
    let seat = to_act(&quiet);
    let before = quiet.state().clone();
    assert!(quiet.apply(seat, DuelAction::Confirm).is_err());
    assert!(matches!(
        quiet.apply_legal_index(seat, 99),
        Err(MatchError::BadAction(_))
    ));
    assert_eq!(quiet.state(), &before);
    let legal = quiet.legal_actions();
    quiet.apply(seat, legal[0]).unwrap();
    assert!(
        matches!(quiet.undo(), Err(MatchError::CannotUndo(reason)) if reason.contains("quietly"))
    );
}
