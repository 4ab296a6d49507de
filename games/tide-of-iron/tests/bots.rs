//! The rule bot against random play (issue "Tide of Iron", deliverable 6): seeded games of "Le
//! Hameau" with the rule bot on one side and uniform random choices on the other, against the
//! same seeds played randomly on both sides. The rule bot must win more on each side, its 95 %
//! interval clear of random play's. A few games in every test run; the 1,000 of the issue in
//! the ignored sweep (its command in the README).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::data;

use overlord_ai::stats::Proportion;
use overlord_engine::{Game, GameRng, Heuristics, Log, RandomSpec, Seat, Status};
use overlord_tide_of_iron::ToiGame;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Play game `seed` with the rule bot on the seats in `rule` (random choices elsewhere); whether
/// `seat` won.
fn play(seed: u64, rule: &[Seat], seat: Seat) -> bool {
    let mut log = Log::disabled();
    let mut game = ToiGame::setup(
        &data(),
        "le-hameau",
        &Default::default(),
        GameRng::new(&RandomSpec::seeded(seed)),
        &mut log,
    )
    .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut legal = Vec::new();
    for _ in 0..20_000 {
        match game.status() {
            Status::Over(outcome) => return outcome.won(seat),
            Status::ToAct(acting) => {
                game.legal_actions(&mut legal);
                let action = if rule.contains(&acting) {
                    game.rule_based_action(&legal, &mut rng).unwrap()
                } else {
                    legal[overlord_engine::uniform_below(&mut rng, legal.len() as u32) as usize]
                };
                let _ = game.apply(action, &mut log).unwrap();
            }
        }
    }
    panic!("game {seed} did not end");
}

/// The 95 % Wilson interval of `wins` in `games`.
fn interval(wins: u32, games: u32) -> (f64, f64) {
    let rate = Proportion {
        successes: u64::from(wins),
        trials: u64::from(games),
    }
    .wilson95();
    (rate.low, rate.high)
}

/// The rule bot on `seat` against random play, and random play on both sides, over `games`
/// seeds: the rule bot's interval is above random play's.
fn rule_beats_random(seat: Seat, games: u32) {
    let wins = |rule: &[Seat]| {
        (0..u64::from(games))
            .filter(|&seed| play(seed, rule, seat))
            .count() as u32
    };
    let (with_rule, random) = (wins(&[seat]), wins(&[]));
    let (rule_low, _) = interval(with_rule, games);
    let (_, random_high) = interval(random, games);
    println!(
        "seat {}: rule bot won {with_rule}/{games}, random play {random}/{games}",
        seat.0
    );
    assert!(
        rule_low > random_high,
        "seat {}: the rule bot won {with_rule}/{games}, random play {random}/{games}",
        seat.0
    );
}

#[test]
fn the_rule_bot_beats_random_play_as_the_us() {
    rule_beats_random(Seat(0), 24);
}

#[test]
#[ignore = "1,000 games a side: cargo test --release -p overlord-tide-of-iron --test bots -- --ignored"]
fn the_rule_bot_beats_random_play_on_both_sides_over_1000_games() {
    rule_beats_random(Seat(0), 1000);
    rule_beats_random(Seat(1), 1000);
}
