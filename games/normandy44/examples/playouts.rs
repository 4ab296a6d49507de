//! Seeded complete games on one core, for profilers and instruction counts (`perf stat`,
//! `perf record`): `cargo run --release -p overlord-normandy44 --example playouts -- mini 20
//! [rule]` plays 20 mini games with random (or rule) bots on both seats and prints the
//! decisions. The timed figures come from `cargo bench` (benches/playout.rs).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use overlord_engine::{Components, Game, GameRng, Heuristics, Log, Status};
use overlord_normandy44::{N44Data, Normandy44};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::Path;
use std::sync::Arc;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let scenario = args.first().map_or("mini", String::as_str);
    let games: u64 = args.get(1).and_then(|g| g.parse().ok()).unwrap_or(20);
    let rule = args.get(2).is_some_and(|b| b == "rule");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/normandy44");
    let data = Arc::new(<N44Data as Components>::load(&dir).expect("data"));
    let mut decisions = 0u64;
    for seed in 0..games {
        let mut log = Log::disabled();
        let mut state = Normandy44::setup(
            &data,
            scenario,
            &Default::default(),
            GameRng::seeded(seed),
            &mut log,
        )
        .expect("setup");
        let mut policy = ChaCha8Rng::seed_from_u64(seed);
        let mut legal = Vec::new();
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
            decisions += 1;
        }
    }
    println!("{games} {scenario} games, {decisions} decisions");
}
