//! IS-MCTS throughput on D-Day at Omaha Beach, The First Wave, one tree on one core, printed
//! as one JSON object: simulations and rollout decisions per second, with depth-limited random
//! rollouts (10 decisions, the issue-6 target's setting) and with random rollouts to the end
//! of the game (as OpenSpiel's RandomRolloutEvaluator plays them). `scripts/compare-openspiel`
//! sets it beside OpenSpiel's C++ bots.
//!
//! `cargo run --release -p overlord-ai --example throughput -- SECONDS`

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../benches/support/first_wave_states.rs"]
mod first_wave_states;

use overlord_ai::{BotRng, Budget, IsMcts, IsMctsConfig, Rollout, RolloutPolicy};
use overlord_engine::{Components, Seat};
use overlord_omaha::{Omaha, OmahaData};
use rand::SeedableRng;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const SIMULATIONS: u64 = 1_000;

/// Searches of [`SIMULATIONS`] cycling over `states` for about `seconds`: (simulations/s,
/// rollout decisions per simulation).
fn timed(states: &[Omaha], max_depth: u32, seconds: f64) -> (f64, f64) {
    let mut bot = IsMcts::<Omaha>::new(IsMctsConfig {
        budget: Budget::iterations(SIMULATIONS),
        rollout: Rollout {
            policy: RolloutPolicy::Random,
            max_depth,
        },
        exploration: 0.7,
        trees: 1,
        widening: 0.0,
        paired: 0,
        margin: 0.0,
        selective: false,
    });
    let (mut sims, mut steps, mut searches) = (0u64, 0u64, 0usize);
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs_f64(seconds) {
        let state = &states[searches % states.len()];
        let mut rng = BotRng::seed_from_u64(searches as u64);
        let _ = bot.search(state, Seat(0), &mut rng);
        let stats = bot.last_search();
        sims += stats.simulations;
        steps += stats.rollout_steps;
        searches += 1;
    }
    let elapsed = start.elapsed().as_secs_f64();
    (sims as f64 / elapsed, steps as f64 / sims.max(1) as f64)
}

fn main() {
    let seconds: f64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10.0);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/omaha");
    let data = Arc::new(OmahaData::load(&dir).expect("data"));
    let states = first_wave_states::states(&data);
    let mut out = serde_json::Map::new();
    for (name, depth) in [("ddob_ismcts_d10", 10), ("ddob_ismcts_full", u32::MAX)] {
        let (sims, length) = timed(&states, depth, seconds);
        out.insert(
            name.to_owned(),
            serde_json::json!({
                "simulations_per_s": sims,
                "rollout_steps_per_simulation": length,
                "rollout_steps_per_s": sims * length,
            }),
        );
    }
    println!("{}", serde_json::Value::Object(out));
}
