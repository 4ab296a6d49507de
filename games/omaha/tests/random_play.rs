//! Random legal play (DESIGN.md "Testing shape", issue 4): complete games with a seeded random
//! policy never panic, never stall, keep the invariants after every step, hide what must be
//! hidden, and replay bit for bit from their record.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use overlord_engine::{Components, Game, Match, RandomSpec, Seat, Status, Viewer};
use overlord_omaha::{Omaha, OmahaAction, OmahaData, OmahaOptions};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::Path;
use std::sync::{Arc, OnceLock};

fn data() -> Arc<OmahaData> {
    static DATA: OnceLock<Arc<OmahaData>> = OnceLock::new();
    Arc::clone(DATA.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/omaha");
        Arc::new(OmahaData::load(&dir).unwrap_or_else(|e| panic!("{e}")))
    }))
}

/// Play one game to its end; returns the match and the number of steps.
fn play(
    scenario: &str,
    seed: u64,
    check_every_step: bool,
    advancing: bool,
) -> (Match<Omaha>, usize) {
    play_with(
        scenario,
        OmahaOptions::default(),
        seed,
        check_every_step,
        advancing,
    )
}

/// [`play`] with scenario options (the variants).
fn play_with(
    scenario: &str,
    options: OmahaOptions,
    seed: u64,
    check_every_step: bool,
    advancing: bool,
) -> (Match<Omaha>, usize) {
    let mut game =
        Match::<Omaha>::new(data(), scenario, options, RandomSpec::seeded(seed)).expect("setup");
    let mut policy = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut legal = Vec::new();
    let mut steps = 0;
    let mut gone = Gone::default();
    while let Status::ToAct(seat) = game.status() {
        game.state().legal_actions(&mut legal);
        assert!(
            !legal.is_empty(),
            "seed {seed}: stalled at {:?}",
            game.state().step()
        );
        // 8.1: no prompt leaves calling an attack off as the only way on (a dead end that a
        // search bot would enter, call off and enter again for ever).
        assert!(
            legal != [OmahaAction::AttackBack],
            "seed {seed}: only calling the attack off is left at {:?}",
            game.state().step()
        );
        let action = if advancing {
            advancing_choice(game.state(), &legal, &mut policy)
        } else {
            legal[policy.next_u32() as usize % legal.len()]
        };
        game.apply(seat, action)
            .unwrap_or_else(|e| panic!("seed {seed}: legal {action:?} refused: {e}"));
        steps += 1;
        assert!(steps < 20_000, "seed {seed}: the game does not end");
        if check_every_step {
            invariants(game.state());
            gone = gone.after(game.state(), seed);
        }
    }
    (game, steps)
}

/// Counters that have left play: an eliminated US unit or one sent out of play never comes
/// back, and no unit is ever on two places at once (each has one location), so these counts
/// never fall while the counters in play plus these always make up the whole roster.
#[derive(Clone, Copy, Default)]
struct Gone {
    us: usize,
}

impl Gone {
    fn after(self, state: &Omaha, seed: u64) -> Gone {
        use overlord_omaha::state::UsLoc;
        let us = state.us_units();
        let gone = us
            .iter()
            .filter(|u| matches!(u.loc, UsLoc::Eliminated | UsLoc::OutOfPlay))
            .count();
        let in_play = us
            .iter()
            .filter(|u| matches!(u.loc, UsLoc::Track(_) | UsLoc::Box(_) | UsLoc::Hex(_)))
            .count();
        assert!(
            gone >= self.us,
            "seed {seed}: a US unit came back from elimination"
        );
        assert_eq!(
            gone + in_play,
            state.data().index.us.len(),
            "seed {seed}: US units not conserved"
        );
        Gone { us: gone }
    }
}

/// What must hold after every step.
fn invariants(state: &Omaha) {
    let view = serde_json::to_string(&state.view(Viewer::Seat(Seat(0)))).expect("view");
    // No face-down identity in the view: hidden German units show only their backs.
    for (g, german) in state.german_counters().iter().enumerate() {
        if !german.revealed && matches!(german.loc, overlord_omaha::state::GerLoc::Slot(_)) {
            let name = &state.data().index.germans[g].name;
            assert!(
                !view.contains(&format!("\"{name}\"")),
                "the view shows face-down {name}"
            );
        }
    }
    if let Err(broken) = state.check_invariants() {
        panic!("invariant broken: {broken}");
    }
}

/// First Wave games `seeds` with every check after every step and the replay check at the end.
fn first_wave_games(seeds: std::ops::Range<u64>, advancing: bool) {
    for seed in seeds {
        let (game, _) = play("first-wave", seed, true, advancing);
        let record = game.record();
        let replayed = Match::<Omaha>::from_record(data(), &record).expect("replay");
        assert!(
            replayed.state() == game.state(),
            "seed {seed}: replay differs"
        );
        assert!(matches!(game.status(), Status::Over(_)));
    }
}

// A few hundred games in CI, in four tests so the harness runs them side by side: half with the
// uniform random policy, half with the advancing one.
#[test]
fn random_first_wave_games_end_cleanly_and_replay_0() {
    first_wave_games(0..75, false);
}

#[test]
fn random_first_wave_games_end_cleanly_and_replay_1() {
    first_wave_games(75..150, false);
}

#[test]
fn advancing_first_wave_games_end_cleanly_and_replay_0() {
    first_wave_games(150..225, true);
}

#[test]
fn advancing_first_wave_games_end_cleanly_and_replay_1() {
    first_wave_games(225..300, true);
}

#[test]
fn random_easy_fox_games_end_cleanly() {
    for seed in 0..60 {
        let (game, _) = play("easy-fox", seed, true, seed % 2 == 1);
        assert!(matches!(game.status(), Status::Over(_)));
    }
}

/// Games of `scenario` with `options`, every check after every step and the replay check.
fn extended_games(scenario: &str, options: &OmahaOptions, seeds: std::ops::Range<u64>) {
    for seed in seeds {
        let (game, _) = play_with(scenario, options.clone(), seed, true, seed % 2 == 1);
        let record = game.record();
        let replayed = Match::<Omaha>::from_record(data(), &record).expect("replay");
        assert!(
            replayed.state() == game.state(),
            "{scenario} seed {seed}: replay differs"
        );
        assert!(matches!(game.status(), Status::Over(_)));
    }
}

// Issue 5: the extended scenarios. A random policy loses D-Day at Omaha Beach long before turn
// 17 (13.1, 20.2); Beyond the Beach starts on turn 17 and plays the whole extended game.
#[test]
fn random_beyond_the_beach_games_end_cleanly_and_replay() {
    extended_games("beyond-the-beach", &OmahaOptions::default(), 0..40);
}

#[test]
fn random_d_day_games_end_cleanly_and_replay() {
    extended_games("d-day", &OmahaOptions::default(), 0..40);
}

/// Each variant (14.2, 22.1-22.4, 23) alone, in both extended scenarios where it is offered.
#[test]
fn random_games_with_each_variant_end_cleanly_and_replay() {
    type Set = fn(&mut OmahaOptions);
    let variants: [(&str, Set); 6] = [
        ("14.2", |o| o.v14_2 = true),
        ("22.1", |o| o.v22_1 = true),
        ("22.2", |o| o.v22_2 = true),
        ("22.3", |o| o.v22_3 = true),
        ("22.4", |o| o.v22_4 = true),
        ("23", |o| o.v23 = true),
    ];
    for (name, set) in variants {
        let mut options = OmahaOptions::default();
        set(&mut options);
        for scenario in ["d-day", "beyond-the-beach"] {
            let offered = data()
                .scenarios
                .iter()
                .any(|s| s.id == scenario && s.variants.iter().any(|v| v == name));
            if offered {
                extended_games(scenario, &options, 0..8);
            }
        }
    }
}

/// P-SETUP, rule 1: the cooperative two-player game, with the armor variant, in every
/// scenario that offers it; `Match` refuses any action made from the wrong seat, so these
/// games also check that the seat to act is always one of the two.
#[test]
fn random_two_player_games_end_cleanly_and_replay() {
    let options = OmahaOptions {
        two_player: true,
        ..OmahaOptions::default()
    };
    let armored = OmahaOptions {
        v23: true,
        ..options.clone()
    };
    extended_games("first-wave", &options, 0..8);
    extended_games("d-day", &armored, 0..8);
    extended_games("beyond-the-beach", &armored, 0..8);
}

/// A game of `scenario` after `cut` random decisions (fewer if it ends first).
fn played_to(scenario: &str, options: OmahaOptions, seed: u64, cut: usize) -> Match<Omaha> {
    let mut game =
        Match::<Omaha>::new(data(), scenario, options, RandomSpec::seeded(seed)).expect("setup");
    let mut policy = ChaCha8Rng::seed_from_u64(seed);
    let mut legal = Vec::new();
    for _ in 0..cut {
        let Status::ToAct(seat) = game.status() else {
            break;
        };
        game.state().legal_actions(&mut legal);
        let action = legal[policy.next_u32() as usize % legal.len()];
        game.apply(seat, action).expect("legal");
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// Determinize keeps the view.
    #[test]
    fn determinize_keeps_the_view(seed in any::<u64>(), det in any::<u64>(), cut in 0usize..400) {
        let game = played_to("first-wave", OmahaOptions::default(), seed, cut);
        let mut rng = ChaCha8Rng::seed_from_u64(det);
        let other = game.state().determinize(Seat(0), &mut rng);
        prop_assert_eq!(other.view(Viewer::Seat(Seat(0))), game.state().view(Viewer::Seat(Seat(0))));
    }

    /// Determinize keeps the view and the invariants in the extended game with German armor
    /// (23: a tank carries its depth marker on its hex), and reseeds the state's generator.
    #[test]
    fn determinize_keeps_the_view_with_german_armor(seed in any::<u64>(), det in any::<u64>(), cut in 0usize..300) {
        let options = OmahaOptions { v23: true, ..OmahaOptions::default() };
        let game = played_to("beyond-the-beach", options, seed, cut);
        let mut rng = ChaCha8Rng::seed_from_u64(det);
        let other = game.state().determinize(Seat(0), &mut rng);
        prop_assert_eq!(other.view(Viewer::Seat(Seat(0))), game.state().view(Viewer::Seat(Seat(0))));
        if let Err(broken) = other.check_invariants() {
            return Err(TestCaseError::fail(broken));
        }
        prop_assert!(other.rng() != game.state().rng(), "the generator is hidden: reseeded");
    }
}

/// One game on the bare state, as simulation plays it (log off, no record), with the checked
/// `apply`; the invariants are checked at the end. Returns the steps taken.
/// One game on the bare state; returns (steps, the last turn played).
fn bare_game(scenario: &str, seed: u64) -> (u64, u8) {
    let mut log = overlord_engine::Log::disabled();
    let mut state = Omaha::setup(
        &data(),
        scenario,
        &Default::default(),
        overlord_engine::GameRng::seeded(seed),
        &mut log,
    )
    .expect("setup");
    let mut policy = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut legal = Vec::new();
    let mut steps = 0;
    while let Status::ToAct(_) = state.status() {
        state.legal_actions(&mut legal);
        assert!(
            !legal.is_empty(),
            "seed {seed}: stalled at {:?}",
            state.step()
        );
        let action = legal[policy.next_u32() as usize % legal.len()];
        if let Err(e) = state.apply(action, &mut log) {
            panic!("seed {seed}: legal {action:?} refused: {e}");
        }
        steps += 1;
        assert!(steps < 20_000, "seed {seed}: the game does not end");
    }
    if let Err(broken) = state.check_invariants() {
        panic!("seed {seed}: invariant broken at the end: {broken}");
    }
    (steps, state.turn())
}

/// 100,000 random First Wave games (issue 4), on every core:
/// `cargo test --release -p overlord-omaha --test random_play -- --ignored`.
#[test]
#[ignore = "long: 100,000 games"]
fn one_hundred_thousand_random_games() {
    hundred_thousand("first-wave");
}

/// 100,000 random full games of the extended game (issue 5): Beyond the Beach (turns 17-32),
/// and D-Day at Omaha Beach (which a random policy loses long before turn 17).
#[test]
#[ignore = "long: 100,000 games"]
fn one_hundred_thousand_random_beyond_the_beach_games() {
    hundred_thousand("beyond-the-beach");
}

#[test]
#[ignore = "long: 100,000 games"]
fn one_hundred_thousand_random_d_day_games() {
    hundred_thousand("d-day");
}

fn hundred_thousand(scenario: &'static str) {
    const GAMES: u64 = 100_000;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get() as u64);
    let started = std::time::Instant::now();
    let (steps, full): (u64, u64) = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (t..GAMES)
                        .step_by(threads as usize)
                        .map(|seed| bare_game(scenario, seed))
                        .fold((0, 0), |(steps, full), (s, turn)| {
                            (steps + s, full + u64::from(turn == 32))
                        })
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("worker"))
            .fold((0, 0), |(a, b), (c, d)| (a + c, b + d))
    });
    eprintln!(
        "{GAMES} {scenario} games, {steps} steps, {full} played to turn 32, {:.1} s on {threads} threads",
        started.elapsed().as_secs_f64()
    );
}

/// A test policy that plays like an eager beginner rather than a coin: it leaves the beach for
/// higher ground, takes cover, attacks when it can, never delays a landing, and otherwise picks
/// at random (one time in five it picks anything). It reaches the parts of the rules a coin
/// rarely does (climbs, attacks carried through, inland moves). Neither policy survives to
/// turn 16; `victory::tests::late_turns_play_through_to_the_13_2_victory_check` covers the late
/// turns.
fn advancing_choice(state: &Omaha, legal: &[OmahaAction], policy: &mut ChaCha8Rng) -> OmahaAction {
    use overlord_omaha::index::Ground;
    use overlord_omaha::state::UsLoc;
    if policy.next_u32().is_multiple_of(5) {
        return legal[policy.next_u32() as usize % legal.len()];
    }
    let index = &state.data().index;
    let rank = |h: u16| -> i32 {
        let hex = &index.hexes[usize::from(h)];
        let ground = match hex.ground {
            Ground::Sea => 0,
            Ground::Beach => 10,
            Ground::Flat => 20,
            Ground::High => 30,
        };
        ground - hex.protective_distance.min(9) as i32
    };
    let here = |unit: u8| match state.us_units()[usize::from(unit)].loc {
        UsLoc::Hex(h) => rank(h),
        _ => 0,
    };
    let score = |action: &OmahaAction| -> i32 {
        match *action {
            OmahaAction::Move { unit, to } | OmahaAction::MovePair { unit, to, .. } => {
                rank(to) - here(unit)
            }
            OmahaAction::Attack { .. }
            | OmahaAction::AttackWith { .. }
            | OmahaAction::AttackWithPair { .. }
            | OmahaAction::AttackConfirm
            | OmahaAction::Barrage { .. }
            | OmahaAction::NavalBarrage { .. } => 8,
            OmahaAction::RemoveDisrupted { .. } | OmahaAction::ContinueCliff { .. } => 6,
            OmahaAction::StartCliff { .. } | OmahaAction::RemoveClimb { .. } => 3,
            OmahaAction::Delay { .. } | OmahaAction::AttackBack => -20,
            _ => 0,
        }
    };
    let best = legal.iter().map(score).max().unwrap_or(0);
    let top: Vec<OmahaAction> = legal.iter().copied().filter(|a| score(a) == best).collect();
    top[policy.next_u32() as usize % top.len()]
}

/// Variant 23 at scale: German armor in both extended scenarios, every invariant checked after
/// every step (half the games with the advancing policy, which reaches the late turns), and
/// the record replayed. `cargo test --release -p overlord-omaha --test random_play -- --ignored
/// armored --nocapture`.
#[test]
#[ignore = "long: 10,000 games"]
fn ten_thousand_random_armored_games_keep_the_invariants() {
    const GAMES: u64 = 5_000;
    let options = OmahaOptions {
        v23: true,
        ..OmahaOptions::default()
    };
    let started = std::time::Instant::now();
    std::thread::scope(|scope| {
        for scenario in ["beyond-the-beach", "d-day"] {
            let options = options.clone();
            scope.spawn(move || extended_games(scenario, &options, 1_000..1_000 + GAMES));
        }
    });
    println!(
        "{} armored games clean in {:.1} s",
        2 * GAMES,
        started.elapsed().as_secs_f64()
    );
}

/// 23.43 (found by `ten_thousand_random_armored_games_keep_the_invariants`): a German unit
/// redeployed (16.3) into a position whose hex held a German tank, two German units on one
/// hex. This seeded armored Beyond the Beach game met it; every invariant must hold
/// throughout.
#[test]
fn r23_43_no_german_unit_redeploys_or_advances_onto_a_tank() {
    let options = OmahaOptions {
        v23: true,
        ..OmahaOptions::default()
    };
    extended_games("beyond-the-beach", &options, 1_007..1_008);
}
