//! IS-MCTS simulations per second on D-Day at Omaha Beach, The First Wave, one tree on one
//! core (issue 6 target: at least 10,000 simulations/s with depth-limited rollouts).
//!
//! Each iteration searches from one of a fixed set of First Wave states met in rule-bot games
//! (Action Phase prompts, the commonest and widest decisions): determinize for search, select
//! and expand in the tree, roll out 10 decisions, evaluate. Criterion's throughput is in
//! simulations; the bench also prints the rollout decisions per simulation.
//!
//! `cargo bench -p overlord-ai --bench ismcts -- --warm-up-time 2 --measurement-time 8`

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use overlord_ai::{BotRng, Budget, IsMcts, IsMctsConfig, Rollout, RolloutPolicy};
use overlord_engine::{Components, Seat};
use overlord_omaha::{Omaha, OmahaData};
use rand::SeedableRng;
use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;

#[path = "support/first_wave_states.rs"]
mod first_wave_states;
use first_wave_states::states;

// The allocator the `overlord` binary uses (see crates/cli).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Simulations per search: enough for the tree to grow a few levels.
const SIMULATIONS: u64 = 1_000;
const ROLLOUT_DEPTH: u32 = 10;

fn bench(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/omaha");
    let data = Arc::new(OmahaData::load(&dir).expect("data"));
    let states = states(&data);
    eprintln!("{} First Wave Action Phase states", states.len());
    let mut group = c.benchmark_group("ismcts");
    group.throughput(Throughput::Elements(SIMULATIONS));
    group.sample_size(20);
    for policy in [RolloutPolicy::Random, RolloutPolicy::RuleBased] {
        let mut bot = IsMcts::<Omaha>::new(IsMctsConfig {
            budget: Budget::iterations(SIMULATIONS),
            rollout: Rollout {
                policy,
                max_depth: ROLLOUT_DEPTH,
            },
            exploration: 0.7,
            trees: 1,
            widening: 0.0,
            paired: 0,
            margin: 0.0,
            selective: false,
        });
        let name = format!(
            "first-wave, {:?} rollouts d{ROLLOUT_DEPTH} (simulations)",
            policy
        );
        let mut i = 0usize;
        let (mut steps, mut sims) = (0u64, 0u64);
        group.bench_function(name, |b| {
            b.iter(|| {
                let state = &states[i % states.len()];
                i += 1;
                let mut rng = BotRng::seed_from_u64(i as u64);
                let edges = bot.search(state, Seat(0), &mut rng);
                let stats = bot.last_search();
                steps += stats.rollout_steps;
                sims += stats.simulations;
                black_box(edges)
            })
        });
        eprintln!(
            "{policy:?} rollouts: {:.1} rollout decisions per simulation",
            steps as f64 / sims.max(1) as f64
        );
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
