//! Three and four players (`TOI-TEAM`): complete seeded random games through the engine's
//! conformance suite, each prompt asked of the seat that owns it; and the ignored sweep.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::data;

use overlord_engine::testing::{Conformance, conformance};
use overlord_tide_of_iron::{ToiGame, ToiOptions};

fn seatings() -> [ToiOptions; 3] {
    [
        ToiOptions {
            four_players: true,
            ..Default::default()
        },
        ToiOptions {
            three_players_us_two: true,
            ..Default::default()
        },
        ToiOptions {
            three_players_german_two: true,
            ..Default::default()
        },
    ]
}

#[test]
fn toi_team_4_toi_team_3_random_team_games_conform() {
    for options in seatings() {
        conformance::<ToiGame>(
            &data(),
            &Conformance::<ToiGame>::new("le-hameau")
                .check_every(10)
                .options(options)
                .games(2),
        );
    }
}

#[test]
#[ignore = "the release sweep: cargo test --release -p overlord-tide-of-iron --test teams -- --ignored"]
fn sweep_3000_random_team_games_a_seating() {
    for options in seatings() {
        conformance::<ToiGame>(
            &data(),
            &Conformance::<ToiGame>::new("le-hameau")
                .check_every(10)
                .options(options)
                .games(3000)
                .threads(16),
        );
    }
}

/// `TOI-TEAM-4`: La Fiere, the scenario written for two teams of two, played by four.
#[test]
fn toi_team_4_la_fiere_is_written_for_two_teams_of_two() {
    let data = data();
    let la_fiere = data.scenarios.iter().find(|s| s.id == "la-fiere").unwrap();
    assert_eq!(la_fiere.players, 4);
    // Each player has a command of his own: both divisions of both sides hold units.
    for nation in overlord_tide_of_iron::data::Nation::ALL {
        for division in [1, 2] {
            assert!(
                la_fiere
                    .units
                    .iter()
                    .any(|u| u.nation == nation && u.division == division)
            );
        }
    }
    conformance::<ToiGame>(
        &data,
        &Conformance::<ToiGame>::new("la-fiere")
            .check_every(10)
            .options(seatings()[0].clone())
            .games(2),
    );
}
