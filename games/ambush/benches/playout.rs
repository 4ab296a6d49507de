//! Complete missions on one core, on the bare state with the log off (the simulator's inner
//! loop): random play of every mission (issue 30's target: 250,000 decisions a second), the
//! rule bot's S1, and the size of the state (under 8 KB, the components behind the `Arc`).
//! BENCHMARKS.md records the figures.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use overlord_ambush::{AmbAction, Ambush, AmbushData};
use overlord_engine::{Components, Game, GameRng, Heuristics, Log, Status};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;

// The allocator the `overlord` binary uses (see crates/cli).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// One mission played by the rule bot (or at random: ending the mission only one time in 50
/// it is offered, so the squad goes on into its rounds); returns its decisions.
fn playout(data: &Arc<AmbushData>, mission: &str, seed: u64, rule: bool) -> u64 {
    let mut log = Log::disabled();
    let mut state = Ambush::setup(
        data,
        mission,
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
            let mut pick = legal[policy.next_u32() as usize % legal.len()];
            if pick == AmbAction::EndMission && policy.next_u32() % 50 != 0 {
                pick = legal[0];
            }
            pick
        };
        let _ = state.apply_listed(action, &mut log).expect("legal");
        steps += 1;
    }
    steps
}

fn bench(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/ambush");
    let data = Arc::new(<AmbushData as Components>::load(&dir).expect("data"));
    let state = Ambush::setup(
        &data,
        "S1",
        &Default::default(),
        GameRng::seeded(1),
        &mut Log::disabled(),
    )
    .expect("setup");
    eprintln!(
        "state: {} bytes inline, {} bytes with its vectors",
        size_of::<Ambush>(),
        state.footprint()
    );
    let mut group = c.benchmark_group("ambush");
    group.sample_size(10);
    let games = 20;
    let runs = data
        .missions
        .iter()
        .map(|m| (m.header.id.clone(), false))
        .chain([("S1".to_owned(), true)]);
    for (mission, rule) in runs {
        let decisions: u64 = (0..games)
            .map(|seed| playout(&data, &mission, seed, rule))
            .sum();
        let who = if rule { "rule bot" } else { "random" };
        eprintln!(
            "{mission} ({who}): {:.1} decisions a game over {games} games",
            decisions as f64 / games as f64
        );
        group.throughput(Throughput::Elements(decisions));
        group.bench_function(
            format!("{mission} {who}, {games} seeded games (decisions)"),
            |b| {
                b.iter(|| {
                    (0..games)
                        .map(|seed| black_box(playout(&data, &mission, seed, rule)))
                        .sum::<u64>()
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
