//! Plays one game with the rule bot and prints the log and the map at the end of every turn:
//! for seeing what a bot does, when tuning it or the data.
//!
//! ```sh
//! cargo run --release -p overlord-omaha --example watch -- first-wave 3
//! ```
//!
//! `OMAHA_DATA=DIR` plays with another data folder (a tuning candidate) instead of `data/omaha`.

use overlord_engine::{Components, Game, GameRng, Heuristics, Log, Status};
use overlord_omaha::{Omaha, OmahaData};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let scenario = args.get(1).map_or("first-wave", String::as_str);
    let seed: u64 = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(1);
    let dir = std::env::var("OMAHA_DATA").map_or_else(
        |_| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/omaha"),
        std::path::PathBuf::from,
    );
    let data = match OmahaData::load(&dir) {
        Ok(data) => Arc::new(data),
        Err(errors) => {
            eprintln!("{errors}");
            return ExitCode::FAILURE;
        }
    };
    let mut log = Log::new();
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
    let mut legal = Vec::new();
    let mut printed = 0;
    let mut turn = state.turn();
    while let Status::ToAct(_) = state.status() {
        state.legal_actions(&mut legal);
        let Some(action) = state.rule_based_action(&legal, &mut policy) else {
            break;
        };
        if let Err(refusal) = state.apply_listed(action, &mut log) {
            eprintln!("{action:?} refused: {refusal}");
            return ExitCode::FAILURE;
        }
        if state.turn() != turn {
            for entry in &log.entries()[printed..] {
                println!("  [{}] {}", entry.rule.0, entry.text);
            }
            printed = log.len();
            println!("{}", overlord_omaha::text::picture(&state));
            turn = state.turn();
        }
    }
    for entry in &log.entries()[printed..] {
        println!("  [{}] {}", entry.rule.0, entry.text);
    }
    println!("{}", overlord_omaha::text::picture(&state));
    println!("{:?}", state.status());
    ExitCode::SUCCESS
}
