//! First Wave games per second through the batch loop of `overlord sim` with the random bot,
//! on 1 thread and on 2: setup, the bot's choice, the legality check, `apply_listed` with the
//! log off, the turn-by-turn statistics, the JSON line and the summary, the output thrown
//! away. Issue 6 target: 1 million First Wave games on the 2-core machine in at most 5
//! minutes, so at least 3,334 games/s with `--jobs 2`.
//!
//! `cargo bench -p overlord-sim --bench sim -- --warm-up-time 2 --measurement-time 20`

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use overlord_engine::Components;
use overlord_omaha::{Omaha, OmahaData};
use overlord_sim::{BotParams, BotSpec, SimConfig, Variant, simulate};
use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;

// The allocator the `overlord` binary uses (see crates/cli).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Games per measured iteration: several chunks per thread, so the pool's start and the last
/// chunk's tail weigh little.
const GAMES: u64 = 2_000;

fn config(jobs: usize) -> SimConfig {
    let bot = BotSpec::parse("random", BotParams::default()).expect("random bot");
    SimConfig {
        scenario: "first-wave".to_owned(),
        games: GAMES,
        jobs,
        seed: 1,
        baseline: Variant {
            bots: overlord_sim::Lineup::everywhere(bot),
            options: serde_json::Value::Null,
            label: "random".to_owned(),
        },
        compare: None,
        progress: false,
    }
}

fn bench(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/omaha");
    let data = Arc::new(OmahaData::load(&dir).unwrap_or_else(|e| panic!("{e}")));
    let mut group = c.benchmark_group("sim/first-wave random");
    group.sample_size(10);
    group.throughput(Throughput::Elements(GAMES));
    for jobs in [1, 2] {
        let config = config(jobs);
        group.bench_function(format!("{jobs} thread(s), games"), |b| {
            b.iter(|| {
                let results = simulate::<Omaha>(&data, &config, &mut std::io::sink()).unwrap();
                black_box(results.runs[0].games)
            });
        });
    }
    group.finish();
    // What a game costs in decisions, for reading the figure against the playout bench.
    let results = simulate::<Omaha>(&data, &config(2), &mut std::io::sink()).unwrap();
    println!(
        "{:.1} decisions per game, {} failed",
        results.runs[0].decisions.mean, results.runs[0].failed
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
