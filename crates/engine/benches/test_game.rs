//! The kernel's own cost, measured on the Duel test game: what every game pays for the contract
//! (clone-and-apply, legal actions into a reused buffer, the log) before its rules add anything.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

// The bench plays the test game but reads none of its accessors.
#[allow(dead_code)]
#[path = "../tests/duel/mod.rs"]
mod duel;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use duel::Duel;
use overlord_engine::{Game, GameRng, Log, Match, RandomSpec, Status};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

/// A whole random game on the bare state with the log off: the simulator's inner loop.
fn playout(seed: u64) -> u32 {
    let data = duel::data();
    let mut state = Duel::setup(
        &data,
        "standard",
        &Default::default(),
        GameRng::seeded(seed),
        &mut Log::disabled(),
    )
    .expect("setup");
    let mut chooser = ChaCha8Rng::seed_from_u64(seed);
    let mut legal = Vec::new();
    let mut log = Log::disabled();
    let mut steps = 0;
    while let Status::ToAct(_) = state.status() {
        state.legal_actions(&mut legal);
        let action = legal[chooser.next_u32() as usize % legal.len()];
        let _revealed = state.apply(action, &mut log).expect("legal");
        steps += 1;
    }
    steps
}

fn kernel(c: &mut Criterion) {
    let mut group = c.benchmark_group("duel");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0;
    group.bench_function("random playout, log off", |b| {
        b.iter(|| {
            seed += 1;
            black_box(playout(seed))
        })
    });
    let mut seed = 0;
    group.bench_function("random game through Match (log, undo, checks)", |b| {
        b.iter(|| {
            seed += 1;
            let mut game = Match::<Duel>::new(
                duel::data(),
                "standard",
                Default::default(),
                RandomSpec::seeded(seed),
            )
            .expect("setup");
            let mut chooser = ChaCha8Rng::seed_from_u64(seed);
            let mut legal = Vec::new();
            while let Status::ToAct(seat) = game.status() {
                game.state().legal_actions(&mut legal);
                let action = legal[chooser.next_u32() as usize % legal.len()];
                game.apply(seat, action).expect("legal");
            }
            black_box(game.actions().len())
        })
    });
    group.finish();
}

criterion_group!(benches, kernel);
criterion_main!(benches);
