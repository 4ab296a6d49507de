//! Complete games on one core, on the bare state with the log off (the simulator's inner loop):
//! random play in every scenario (issue 28's target: 250,000 decisions a second), the rule bots'
//! game of "Le Hameau" (under 50 ms), and the size of the state (under 8 KB, the components
//! behind the `Arc`). BENCHMARKS.md records the figures.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use overlord_engine::{Components, Game, GameRng, Heuristics, Log, Status};
use overlord_tide_of_iron::{ToiData, ToiGame};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;

// The allocator the `overlord` binary uses (see crates/cli).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// One game of `scenario` played by `rule` bots (or random ones); returns its decisions.
fn playout(data: &Arc<ToiData>, scenario: &str, seed: u64, rule: bool) -> u64 {
    let mut log = Log::disabled();
    let mut state = ToiGame::setup(
        data,
        scenario,
        &Default::default(),
        GameRng::seeded(seed),
        &mut log,
    )
    .expect("setup");
    let mut policy = ChaCha8Rng::seed_from_u64(seed);
    let mut legal = Vec::new();
    let mut steps = 0;
    while let Status::ToAct(_) = state.status() {
        state.legal_actions(&mut legal);
        let action = if rule {
            state
                .rule_based_action(&legal, &mut policy)
                .expect("a choice")
        } else {
            legal[policy.next_u32() as usize % legal.len()]
        };
        let _ = state.apply_listed(action, &mut log).expect("legal");
        steps += 1;
    }
    steps
}

fn bench(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/tide-of-iron");
    let data = Arc::new(<ToiData as Components>::load(&dir).expect("data"));
    let state = ToiGame::setup(
        &data,
        "le-hameau",
        &Default::default(),
        GameRng::seeded(1),
        &mut Log::disabled(),
    )
    .expect("setup");
    eprintln!(
        "state: {} bytes inline, {} bytes with its vectors",
        size_of::<ToiGame>(),
        state.footprint()
    );
    let mut group = c.benchmark_group("tide-of-iron");
    group.sample_size(10);
    let games = 20;
    // Random play in every scenario; the rule bots in Le Hameau.
    let runs = data
        .scenarios
        .iter()
        .map(|s| (s.id.clone(), false))
        .chain([("le-hameau".to_owned(), true)]);
    for (scenario, rule) in runs {
        let decisions: u64 = (0..games)
            .map(|seed| playout(&data, &scenario, seed, rule))
            .sum();
        let who = if rule { "rule bots" } else { "random" };
        eprintln!(
            "{scenario} ({who}): {:.1} decisions a game over {games} games",
            decisions as f64 / games as f64
        );
        group.throughput(Throughput::Elements(decisions));
        group.bench_function(
            format!("{scenario} {who}, {games} seeded games (decisions)"),
            |b| {
                b.iter(|| {
                    (0..games)
                        .map(|seed| black_box(playout(&data, &scenario, seed, rule)))
                        .sum::<u64>()
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
