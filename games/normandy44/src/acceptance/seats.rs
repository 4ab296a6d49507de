//! 27.1: three and four players, a seat layer over the two-sided rules.

use crate::action::N44Action;
use crate::data::{N44Data, Side};
use crate::seats;
use crate::state::{Phase, Stage, Step};
use crate::testkit::{Kit, act, game, legal, place, unit};
use overlord_engine::{Game, Log, Seat, Status};
use std::sync::Arc;

/// A US and a British regiment, and a German unit on each side of the Army Boundary (the
/// western half of the map, columns 01 to 06, is the US sector).
fn kit() -> Arc<N44Data> {
    let west: Vec<String> = (10..=20)
        .flat_map(|r| (1..=6).map(move |c| format!("{r:02}{c:02}")))
        .collect();
    let west: Vec<&str> = west.iter().map(String::as_str).collect();
    Kit::new()
        .region("us_sector", &west)
        .unit("us-a", Side::Allied, "infantry", 4, 4, 0)
        .unit("cw-a", Side::Allied, "infantry", 4, 4, 0)
        .unit("de-west", Side::German, "infantry", 4, 4, 0)
        .unit("de-east", Side::German, "infantry", 4, 4, 0)
        .data()
}

/// The kit's game at `side`'s Movement Phase with `players` players, every unit placed.
fn multiplayer(players: u8, side: Side) -> crate::state::Normandy44 {
    let mut g = game(&kit(), side, Phase::Movement, &[]);
    g.options.three_players = players == 3;
    g.options.four_players = players == 4;
    place(&mut g, "us-a", "1203");
    place(&mut g, "cw-a", "1209");
    place(&mut g, "de-west", "1703");
    place(&mut g, "de-east", "1709");
    seats::assign_german_fronts(&mut g);
    g
}

#[test]
fn rule_27_1_three_players_split_the_allies_by_army() {
    let mut g = multiplayer(3, Side::Allied);
    assert_eq!(g.seats(), 3);
    assert_eq!(g.seat_label(Seat(1)), "US First Army");
    assert_eq!(g.seat_label(Seat(2)), "British Second Army");
    assert_eq!(g.seat_side(Seat(1)), g.seat_side(Seat(2)), "one team");
    let (us, cw) = (unit(&g, "us-a"), unit(&g, "cw-a"));
    // The US player's part first: his units only.
    assert_eq!(g.status(), Status::ToAct(Seat(1)));
    let listed = legal(&g);
    assert!(listed.contains(&N44Action::Pick { unit: us }));
    assert!(!listed.contains(&N44Action::Pick { unit: cw }));
    // Done hands the phase to the British player.
    act(&mut g, N44Action::Done).unwrap();
    assert_eq!(
        g.step(),
        Step::Phase(Side::Allied, Phase::Movement, Stage::Open)
    );
    assert_eq!(g.status(), Status::ToAct(Seat(2)));
    let listed = legal(&g);
    assert!(listed.contains(&N44Action::Pick { unit: cw }));
    assert!(!listed.contains(&N44Action::Pick { unit: us }));
    // His Done ends the phase.
    act(&mut g, N44Action::Done).unwrap();
    assert_eq!(
        g.step(),
        Step::Phase(Side::Allied, Phase::Combat, Stage::Open)
    );
    // The German is one player: seat 0 all along.
    assert_eq!(g.seat_of_unit(unit(&g, "de-east")), Seat(0));
}

#[test]
fn rule_27_1_another_players_unit_is_refused_with_whose_it_is() {
    let mut g = multiplayer(3, Side::Allied);
    let cw = unit(&g, "cw-a");
    let before = g.clone();
    let refusal = g
        .apply(N44Action::Pick { unit: cw }, &mut Log::disabled())
        .unwrap_err();
    assert_eq!(refusal.rule.map(|r| r.0), Some("27.1"));
    assert!(
        refusal.reason.contains("British Second Army"),
        "{refusal:?}"
    );
    assert!(g == before, "a refused action changes nothing");
}

#[test]
fn rule_27_1_four_players_split_the_german_by_the_army_boundary() {
    let mut g = multiplayer(4, Side::German);
    assert_eq!(g.seats(), 4);
    let (west, east) = (unit(&g, "de-west"), unit(&g, "de-east"));
    assert_eq!(g.seat_of_unit(west), Seat(0), "facing the US");
    assert_eq!(g.seat_of_unit(east), Seat(3), "facing the British");
    assert_eq!(g.seat_side(Seat(0)), g.seat_side(Seat(3)));
    assert_eq!(g.status(), Status::ToAct(Seat(0)));
    assert!(legal(&g).contains(&N44Action::Pick { unit: west }));
    assert!(!legal(&g).contains(&N44Action::Pick { unit: east }));
    act(&mut g, N44Action::Done).unwrap();
    assert_eq!(g.status(), Status::ToAct(Seat(3)));
    assert!(legal(&g).contains(&N44Action::Pick { unit: east }));
    // A unit stays its player's when it crosses the line.
    place(&mut g, "de-east", "1704");
    assert_eq!(g.seat_of_unit(east), Seat(3));
}

#[test]
fn rule_27_1_a_side_wins_or_loses_as_a_team() {
    let mut g = multiplayer(4, Side::Allied);
    g.turn = g.last_turn;
    g.step = Step::Final;
    let mut log = crate::action::N44Log::new();
    crate::victory::final_phase(&mut g, &mut log);
    let outcome = g.outcome().expect("the mini game ends on its last turn");
    assert_eq!(outcome.seats(), 4);
    let german = outcome.reward(Seat(0));
    assert_eq!(
        outcome.reward(Seat(3)),
        german,
        "the two Germans share a result"
    );
    assert_eq!(outcome.reward(Seat(1)), outcome.reward(Seat(2)));
    assert_ne!(outcome.reward(Seat(1)), german);
}
