//! Random legal play (DESIGN.md "Testing shape", issue 4): complete games with a seeded random
//! policy never panic, never stall, keep the invariants after every step, hide what must be
//! hidden, and replay bit for bit from their record.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use overlord_engine::{Components, Game, Match, RandomSpec, Seat, Status, Viewer};
use overlord_omaha::{Omaha, OmahaData};
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
fn play(scenario: &str, seed: u64, check_every_step: bool) -> (Match<Omaha>, usize) {
    let mut game = Match::<Omaha>::new(
        data(),
        scenario,
        Default::default(),
        RandomSpec::seeded(seed),
    )
    .expect("setup");
    let mut policy = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut legal = Vec::new();
    let mut steps = 0;
    while let Status::ToAct(seat) = game.status() {
        game.state().legal_actions(&mut legal);
        assert!(
            !legal.is_empty(),
            "seed {seed}: stalled at {:?}",
            game.state().step()
        );
        let action = legal[policy.next_u32() as usize % legal.len()];
        game.apply(seat, action)
            .unwrap_or_else(|e| panic!("seed {seed}: legal {action:?} refused: {e}"));
        steps += 1;
        assert!(steps < 20_000, "seed {seed}: the game does not end");
        if check_every_step {
            invariants(game.state());
        }
    }
    (game, steps)
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

#[test]
fn random_first_wave_games_end_cleanly_and_replay() {
    for seed in 0..24 {
        let (game, _) = play("first-wave", seed, true);
        let record = game.record();
        let replayed = Match::<Omaha>::from_record(data(), &record).expect("replay");
        assert!(
            replayed.state() == game.state(),
            "seed {seed}: replay differs"
        );
        assert!(matches!(game.status(), Status::Over(_)));
    }
}

#[test]
fn random_easy_fox_games_end_cleanly() {
    for seed in 0..8 {
        let (game, _) = play("easy-fox", seed, true);
        assert!(matches!(game.status(), Status::Over(_)));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// Determinize keeps the view.
    #[test]
    fn determinize_keeps_the_view(seed in any::<u64>(), det in any::<u64>(), cut in 0usize..400) {
        let mut game = Match::<Omaha>::new(data(), "first-wave", Default::default(), RandomSpec::seeded(seed)).expect("setup");
        let mut policy = ChaCha8Rng::seed_from_u64(seed);
        let mut legal = Vec::new();
        for _ in 0..cut {
            let Status::ToAct(seat) = game.status() else { break };
            game.state().legal_actions(&mut legal);
            let action = legal[policy.next_u32() as usize % legal.len()];
            game.apply(seat, action).expect("legal");
        }
        let mut rng = ChaCha8Rng::seed_from_u64(det);
        let other = game.state().determinize(Seat(0), &mut rng);
        prop_assert_eq!(other.view(Viewer::Seat(Seat(0))), game.state().view(Viewer::Seat(Seat(0))));
    }
}

/// 100,000 random games (issue 4): run with `cargo test --release -p overlord-omaha -- --ignored`.
#[test]
#[ignore = "long: 100,000 games"]
fn one_hundred_thousand_random_games() {
    for seed in 0..100_000 {
        play("first-wave", seed, false);
    }
}
