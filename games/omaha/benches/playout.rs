//! Complete games with a random policy, on the bare state with the log off: the simulator's
//! inner loop. First Wave (issue 4 targets: 2,000 games/s and 1 million steps/s on one core;
//! a second bench plays the same 100 seeded games each iteration and reports them per decision
//! and per log entry, the two readings of a step: BENCHMARKS.md says which one issue 4 took);
//! Beyond the Beach and D-Day at Omaha Beach, the 32-turn game (issue 5 target: 1,000 games/s).
//! A random policy loses D-Day at Omaha Beach long before turn 17; Beyond the Beach is the
//! extended game (turns 17-32) from its start.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use overlord_engine::{Components, Game, GameRng, Log, Status};
use overlord_omaha::{Omaha, OmahaData, OmahaEvent};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;

// The allocator the `overlord` binary uses (see crates/cli).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// One random game; returns its decisions and the cards it drew.
fn playout(data: &Arc<OmahaData>, scenario: &str, seed: u64) -> (u64, u64) {
    playout_into(data, scenario, seed, &mut Log::disabled())
}

/// [`playout`] writing into `log`: the same game whether `log` keeps its entries or not.
fn playout_into(
    data: &Arc<OmahaData>,
    scenario: &str,
    seed: u64,
    log: &mut Log<OmahaEvent>,
) -> (u64, u64) {
    let mut state = Omaha::setup(
        data,
        scenario,
        &Default::default(),
        GameRng::seeded(seed),
        log,
    )
    .expect("setup");
    let mut policy = ChaCha8Rng::seed_from_u64(seed);
    let mut legal = Vec::new();
    let mut steps = 0;
    while let Status::ToAct(_) = state.status() {
        state.legal_actions(&mut legal);
        let action = legal[policy.next_u32() as usize % legal.len()];
        let _ = state.apply_listed(action, log).expect("legal");
        steps += 1;
    }
    (steps, u64::from(state.cards_drawn()))
}

fn bench(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/omaha");
    let data = Arc::new(OmahaData::load(&dir).expect("data"));
    let mut group = c.benchmark_group("omaha");
    group.throughput(Throughput::Elements(1));
    for scenario in ["first-wave", "beyond-the-beach", "d-day"] {
        // Decisions and chance outcomes (card draws): the two kinds of step an OpenSpiel
        // state takes, for per-step rates (BENCHMARKS.md).
        let (decisions, draws) = (0..200)
            .map(|seed| playout(&data, scenario, seed))
            .fold((0, 0), |(d, c), (d1, c1)| (d + d1, c + c1));
        eprintln!(
            "mean per {scenario} game (200 games): {:.1} decisions, {:.1} cards drawn",
            decisions as f64 / 200.0,
            draws as f64 / 200.0
        );
        let mut seed = 0;
        group.bench_function(format!("{scenario} random playout (games)"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(playout(&data, scenario, seed))
            })
        });
    }
    group.finish();

    // Issue 4's steps per second, measured rather than worked out from games per second: the
    // same 100 seeded First Wave games every iteration, so their decisions are a fixed count
    // and criterion reports decisions per second (thrpt, in elements). The log entries the
    // same games write when the log is kept are counted too, for the other reading of a step
    // (DESIGN.md: each resolved step appends log entries); the bench itself keeps no log.
    const BATCH: u64 = 100;
    let mut entries = 0;
    let decisions: u64 = (0..BATCH)
        .map(|seed| {
            let mut log = Log::new();
            let (decisions, _) = playout_into(&data, "first-wave", seed, &mut log);
            entries += log.len();
            decisions
        })
        .sum();
    eprintln!(
        "first-wave seeds 0-{}: {decisions} decisions; {entries} log entries with the log kept",
        BATCH - 1
    );
    // The same batch twice, once per reading of a step, so criterion reports each rate.
    let batch = || {
        (0..BATCH)
            .map(|seed| black_box(playout(&data, "first-wave", seed)).0)
            .sum::<u64>()
    };
    let mut group = c.benchmark_group("omaha");
    for (steps, counted) in [(decisions, "decisions"), (entries as u64, "log entries")] {
        group.throughput(Throughput::Elements(steps));
        group.bench_function(
            format!("first-wave {BATCH} seeded games ({counted})"),
            |b| b.iter(batch),
        );
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
