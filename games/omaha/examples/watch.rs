//! Plays one game with the rule bot and prints the log and the map at the end of every turn,
//! then the beach hexes still under fire and why each empty position scored or not (12.3,
//! 13.22): for seeing what a bot does, when tuning it or the data.
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
    print_beach_cover(&state);
    ExitCode::SUCCESS
}

/// 12.3, 12.31: a hex has US LOC only along a path to a beach hex outside every German fire
/// field, so the beach hexes still covered, and by whom, say why points were not scored.
fn print_beach_cover(state: &Omaha) {
    use overlord_omaha::control::Control;
    use overlord_omaha::index::{Ground, HexId};
    let control = Control::new(state);
    let index = &state.data().index;
    let mut open = Vec::new();
    let mut by: std::collections::BTreeMap<String, usize> = Default::default();
    for (h, hex) in index.hexes.iter().enumerate() {
        if hex.ground != Ground::Beach {
            continue;
        }
        let Ok(id) = HexId::try_from(h) else { continue };
        if !control.in_fire_field(id) {
            open.push(hex.label.to_string());
            continue;
        }
        for &(p, _) in &hex.fire {
            if control.position_occupied(p) {
                let name = index
                    .positions
                    .get(usize::from(p))
                    .map_or(String::new(), |p| p.name.clone());
                *by.entry(name).or_default() += 1;
            }
        }
    }
    println!("beach hexes outside every fire field: {open:?}");
    println!("beach hexes covered, by occupied position: {by:?}");
    for pos in &index.positions {
        for &s in &pos.slots {
            let Some(slot) = index.slots.get(usize::from(s)) else {
                continue;
            };
            if control.german_occupied(slot.hex) {
                continue;
            }
            let Some(hex) = index.hexes.get(usize::from(slot.hex)) else {
                continue;
            };
            let fired: Vec<&str> = hex
                .fire
                .iter()
                .filter(|&&(p, _)| control.position_occupied(p))
                .filter_map(|&(p, _)| index.positions.get(usize::from(p)).map(|p| p.name.as_str()))
                .collect();
            println!(
                "  {} {}: US control {}, US LOC {}, fire from {fired:?}, VP {}",
                pos.name,
                hex.label,
                control.us_controls(slot.hex),
                control.us_loc(slot.hex),
                control.vp_control(slot.hex)
            );
        }
    }
}
