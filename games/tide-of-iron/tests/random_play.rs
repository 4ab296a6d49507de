//! Random legal play: the engine's conformance suite on each scenario, in one line, with Tide of
//! Iron's own invariants as hooks: complete seeded games never panic or stall, keep stacking
//! (`TOI-STACK`) between activations, refuse what is not legal without a change, undo exactly
//! and replay bit for bit from their record.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use overlord_engine::Components;
use overlord_engine::testing::{Conformance, conformance, read_rule_ids};
use overlord_tide_of_iron::state::{Kind, Step};
use overlord_tide_of_iron::{ToiData, ToiGame};
use std::path::Path;
use std::sync::{Arc, OnceLock};

fn data() -> Arc<ToiData> {
    static DATA: OnceLock<Arc<ToiData>> = OnceLock::new();
    Arc::clone(DATA.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/tide-of-iron");
        Arc::new(<ToiData as Components>::load(&dir).unwrap_or_else(|e| panic!("{e}")))
    }))
}

/// `TOI-STACK`: at most 3 units, 2 of them vehicles, in a hex between activations (a moving
/// unit may be passing through a full hex, and be fired at there).
fn stacking_holds(game: &ToiGame) -> Result<(), String> {
    if !matches!(game.step(), Step::Action { .. } | Step::Command { .. }) {
        return Ok(());
    }
    let field = &game.scenario().battlefield;
    for hex in field.hexes.ids() {
        let units: Vec<_> = game.units_in(hex).collect();
        let vehicles = units
            .iter()
            .filter(|&&u| matches!(game.unit(u).kind, Kind::Vehicle { .. }))
            .count();
        if units.len() > 3 || vehicles > 2 {
            return Err(format!("{} holds {} units", field.label(hex), units.len()));
        }
    }
    Ok(())
}

/// No hex holds both nations' units between activations (a moving unit may pass through a hex
/// of hidden squads, `TOI-COMBAT-HIDDEN`, but never stop there), and only squads are hidden.
fn no_hex_holds_both_nations(game: &ToiGame) -> Result<(), String> {
    if let Some(u) = game
        .unit_ids()
        .find(|&u| game.unit(u).hidden && matches!(game.unit(u).kind, Kind::Vehicle { .. }))
    {
        return Err(format!("vehicle #{} is hidden", u.0));
    }
    if !matches!(game.step(), Step::Action { .. } | Step::Command { .. }) {
        return Ok(());
    }
    let field = &game.scenario().battlefield;
    for hex in field.hexes.ids() {
        let mut nations = game.units_in(hex).map(|u| game.unit(u).nation);
        if let Some(first) = nations.next()
            && nations.any(|n| n != first)
        {
            return Err(format!("{} holds both nations", field.label(hex)));
        }
    }
    Ok(())
}

/// The spec's rule ids (docs/tide-of-iron/rule-ids.txt): every id the game names in play is one.
fn rule_ids() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    read_rule_ids(&root.join("../../docs/tide-of-iron/rule-ids.txt")).unwrap()
}

fn suite(scenario: &str) -> Conformance<ToiGame> {
    Conformance::<ToiGame>::new(scenario)
        .check_every(10)
        .invariant(stacking_holds)
        .invariant(no_hex_holds_both_nations)
        .rule_ids(rule_ids())
}

/// Every scenario of data/tide-of-iron/scenarios.toml.
const SCENARIOS: [&str; 6] = [
    "le-hameau",
    "cote-192",
    "la-chaussee",
    "la-fiere",
    "graignes",
    "cherbourg-landfront",
];

#[test]
fn random_le_hameau_games_conform() {
    conformance::<ToiGame>(&data(), &suite("le-hameau").games(12));
}

#[test]
fn random_cote_192_games_conform() {
    conformance::<ToiGame>(&data(), &suite("cote-192").games(4));
}

#[test]
fn random_la_chaussee_games_conform() {
    conformance::<ToiGame>(&data(), &suite("la-chaussee").games(4));
}

#[test]
fn random_la_fiere_games_conform() {
    conformance::<ToiGame>(&data(), &suite("la-fiere").games(4));
}

#[test]
fn random_graignes_games_conform() {
    conformance::<ToiGame>(&data(), &suite("graignes").games(4));
}

#[test]
fn random_cherbourg_landfront_games_conform() {
    conformance::<ToiGame>(&data(), &suite("cherbourg-landfront").games(4));
}

/// The sweep names every scenario the data lists, and no other.
#[test]
fn the_sweep_covers_every_scenario() {
    let mut listed: Vec<String> = data().scenarios.iter().map(|s| s.id.clone()).collect();
    listed.sort();
    let mut swept: Vec<String> = SCENARIOS.iter().map(|&s| s.to_owned()).collect();
    swept.sort();
    assert_eq!(listed, swept);
}

#[test]
#[ignore = "the release sweep: cargo test --release -p overlord-tide-of-iron --test random_play -- --ignored"]
fn sweep_10000_random_games_of_every_scenario() {
    for scenario in SCENARIOS {
        let started = std::time::Instant::now();
        conformance::<ToiGame>(
            &data(),
            &suite(scenario).games(10_000).check_every(500).threads(16),
        );
        println!("{scenario}: 10,000 games in {:.0?}", started.elapsed());
    }
}
