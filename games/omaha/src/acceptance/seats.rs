//! The cooperative two-player game (P-SETUP, rule 1, 7.22): one seat per US division, each
//! prompt to the player it concerns, units passing between the players across the sector line.

use super::*;
use crate::data::{Division, Sector};
use crate::state::Step;
use overlord_engine::{Game, Match, MatchError, RandomSpec, Seat, Status};

fn two_players() -> OmahaOptions {
    OmahaOptions {
        two_player: true,
        ..OmahaOptions::default()
    }
}

#[test]
fn r1_two_player_game_has_a_seat_per_division() {
    let solo = crate::setup::setup(
        &data(),
        "first-wave",
        &OmahaOptions::default(),
        GameRng::seeded(3),
    )
    .expect("setup");
    assert_eq!(solo.seats(), 1);
    let two = crate::setup::setup(&data(), "first-wave", &two_players(), GameRng::seeded(3))
        .expect("setup");
    assert_eq!(two.seats(), 2);
    assert_eq!(two.seat_label(Seat(0)), "1st Division");
    assert_eq!(two.seat_label(Seat(1)), "29th Division");
    assert_eq!(crate::seats::of_sector(&two, Sector::East), Seat(0));
    assert_eq!(crate::seats::of_sector(&two, Sector::West), Seat(1));
    // The option's name as P-SETUP spells it.
    let parsed: OmahaOptions =
        serde_json::from_value(serde_json::json!({ "two-player": true })).expect("option");
    assert!(parsed.two_player);
}

#[test]
fn r1_easy_fox_has_no_two_player_game() {
    let refused = crate::setup::setup(&data(), "easy-fox", &two_players(), GameRng::seeded(3));
    let error = refused.expect_err("East sector only");
    assert!(error.0.contains("both sectors"), "{}", error.0);
}

/// Rule 1 ▶ "two-player only changes who chooses": a seeded two-player game played through
/// `Match` gives each division's actions, and each unit's landing box, to that division's
/// player; the other seat is refused without a change; both players win or lose together.
#[test]
fn r1_each_prompt_goes_to_the_player_it_concerns() {
    for seed in 0..4 {
        let mut game = Match::<Omaha>::new(
            data(),
            "first-wave",
            two_players(),
            RandomSpec::seeded(seed),
        )
        .expect("setup");
        let mut policy = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
        let mut acted = [0u32; 2];
        while let Status::ToAct(seat) = game.status() {
            let state = game.state();
            match state.step {
                Step::Actions { division, .. } => {
                    assert_eq!(seat, crate::seats::of_division(state, division));
                }
                Step::Place(unit) => {
                    let command = state.us[usize::from(unit)].command;
                    assert_eq!(seat, crate::seats::of_division(state, command));
                }
                Step::CommandPosts(division) | Step::EngineerBase { division } => {
                    assert_eq!(seat, crate::seats::of_division(state, division));
                }
                _ => {}
            }
            let legal = game.legal_actions();
            let action = legal[rand::Rng::next_u32(&mut policy) as usize % legal.len()];
            let other = Seat(1 - seat.0);
            let before = game.state().clone();
            assert!(matches!(
                game.apply(other, action),
                Err(MatchError::NotYourTurn { .. })
            ));
            assert!(*game.state() == before);
            game.apply(seat, action).expect("legal");
            acted[usize::from(seat.0)] += 1;
        }
        assert!(acted[0] > 0 && acted[1] > 0, "seed {seed}: {acted:?}");
        let Status::Over(outcome) = game.status() else {
            unreachable!()
        };
        let both = outcome.winners.contains(Seat(0)) && outcome.winners.contains(Seat(1));
        assert!(both || outcome.winners.is_empty(), "{outcome:?}");
    }
}

/// A hex of `sector` with no neighbour outside it, and one next to the other sector.
fn deep_and_shallow(s: &Omaha, sector: Sector) -> (HexId, HexId) {
    let hexes = &s.data.index.hexes;
    let inside = |h: &HexId| hexes[usize::from(*h)].sector == sector;
    let land = |h: &HexId| {
        let x = &hexes[usize::from(*h)];
        x.sector == sector && x.neighbours.len() == 6
    };
    let all: Vec<HexId> = (0..hexes.len() as HexId).filter(land).collect();
    let deep = *all
        .iter()
        .find(|&&h| hexes[usize::from(h)].neighbours.iter().all(inside))
        .expect("a deep hex");
    let shallow = *all
        .iter()
        .find(|&&h| !hexes[usize::from(h)].neighbours.iter().all(inside))
        .expect("a hex on the line");
    (deep, shallow)
}

#[test]
fn r7_22_two_player_a_unit_deeper_than_one_hex_across_passes_to_the_other_player() {
    let mut s = empty(5);
    s.options.two_player = true;
    let (deep, shallow) = deep_and_shallow(&s, Sector::West);
    let u = crate::control::tests::infantry(&mut s, "0101", 3);
    assert_eq!(s.us[usize::from(u)].command, Division::First);
    // One hex across: it stays with its owner.
    s.us[usize::from(u)].loc = UsLoc::Hex(shallow);
    let mut log = log();
    crate::seats::pass_deep_units(&mut s, &mut log);
    assert_eq!(s.us[usize::from(u)].command, Division::First);
    assert_eq!(crate::seats::of_unit(&s, u), Seat(0));
    // Deeper: it passes to the 29th Division's player.
    s.us[usize::from(u)].loc = UsLoc::Hex(deep);
    crate::seats::pass_deep_units(&mut s, &mut log);
    assert_eq!(s.us[usize::from(u)].command, Division::TwentyNinth);
    assert_eq!(crate::seats::of_unit(&s, u), Seat(1));
    assert!(
        log.entries()
            .iter()
            .any(|e| e.rule.0 == "7.22" && e.text.contains("passes"))
    );
    // The solo game keeps the command (7.22 only pays the action from either division).
    let mut solo = empty(5);
    let v = crate::control::tests::infantry(&mut solo, "0101", 3);
    solo.us[usize::from(v)].loc = UsLoc::Hex(deep);
    crate::seats::pass_deep_units(&mut solo, &mut log);
    assert_eq!(solo.us[usize::from(v)].command, Division::First);
}
