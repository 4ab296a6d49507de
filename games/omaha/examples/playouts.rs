//! Plays a fixed set of random games, for profiling the engine with a deterministic workload
//! (`perf stat -e instructions` counts the same work on a busy machine, where times vary):
//!
//! ```sh
//! cargo build --release -p overlord-omaha --example playouts
//! perf stat -e instructions target/release/examples/playouts beyond-the-beach 200
//! ```
//!
//! Prints the decisions made, so two builds can be checked to play the same games.

use overlord_engine::{Components, Game, GameRng, Log, Status};
use overlord_omaha::{Omaha, OmahaData};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let scenario = args.get(1).map_or("first-wave", String::as_str);
    let games: u64 = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(100);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/omaha");
    let data = match OmahaData::load(&dir) {
        Ok(data) => Arc::new(data),
        Err(errors) => {
            eprintln!("{errors}");
            return ExitCode::FAILURE;
        }
    };
    let mut decisions = 0u64;
    let mut legal = Vec::new();
    for seed in 0..games {
        let mut log = Log::disabled();
        let Ok(mut state) = Omaha::setup(
            &data,
            scenario,
            &Default::default(),
            GameRng::seeded(seed),
            &mut log,
        ) else {
            eprintln!("no scenario {scenario}");
            return ExitCode::FAILURE;
        };
        let mut policy = ChaCha8Rng::seed_from_u64(seed);
        while let Status::ToAct(_) = state.status() {
            state.legal_actions(&mut legal);
            let action = legal[policy.next_u32() as usize % legal.len()];
            if let Err(refusal) = state.apply_listed(action, &mut log) {
                eprintln!("seed {seed}: {action:?} refused: {refusal}");
                return ExitCode::FAILURE;
            }
            decisions += 1;
        }
    }
    println!("{games} {scenario} games, {decisions} decisions");
    ExitCode::SUCCESS
}
