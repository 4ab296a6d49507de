//! Random legal play: the engine's conformance suite on each scenario, in one line, with Tide of
//! Iron's own invariants as hooks: complete seeded games never panic or stall, keep stacking
//! (`TOI-STACK`) between activations, refuse what is not legal without a change, undo exactly
//! and replay bit for bit from their record.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use overlord_engine::Components;
use overlord_engine::testing::{Conformance, conformance, read_rule_ids};
use overlord_hexmap::HexId;
use overlord_tide_of_iron::data::{FigureClass, Nation};
use overlord_tide_of_iron::state::{EMPTY_SLOT, Kind, Location, Step, Token};
use overlord_tide_of_iron::tables::results::Condition;
use overlord_tide_of_iron::{ToiData, ToiGame, ToiOptions};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// The repository's root: `OVERLORD_REPO` points a copied test binary at it.
fn repo() -> PathBuf {
    std::env::var_os("OVERLORD_REPO").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."),
        PathBuf::from,
    )
}

fn data() -> Arc<ToiData> {
    static DATA: OnceLock<Arc<ToiData>> = OnceLock::new();
    Arc::clone(DATA.get_or_init(|| {
        let dir = repo().join("data/tide-of-iron");
        Arc::new(<ToiData as Components>::load(&dir).unwrap_or_else(|e| panic!("{e}")))
    }))
}

/// The units on the map, sorted by hex: (hex, nation, whether a vehicle). The checks below scan
/// this list rather than every hex of the battlefield, which kept the sweep's cost in the
/// invariants rather than in the game.
fn units_by_hex(game: &ToiGame) -> Vec<(HexId, Nation, bool)> {
    let mut units: Vec<_> = game
        .unit_ids()
        .filter_map(|u| {
            let unit = game.unit(u);
            let vehicle = matches!(unit.kind, Kind::Vehicle { .. });
            match unit.at {
                Location::Hex(hex) => Some((hex, unit.nation, vehicle)),
                _ => None,
            }
        })
        .collect();
    units.sort_unstable_by_key(|&(hex, ..)| hex);
    units
}

/// Whether the game stands between activations, where the stacking and one-nation checks hold.
fn between_activations(game: &ToiGame) -> bool {
    matches!(game.step(), Step::Action { .. } | Step::Command { .. })
}

/// `TOI-STACK`: at most 3 units, 2 of them vehicles, in a hex between activations (a moving
/// unit may be passing through a full hex, and be fired at there).
fn stacking_holds(game: &ToiGame) -> Result<(), String> {
    if !between_activations(game) {
        return Ok(());
    }
    for stack in units_by_hex(game).chunk_by(|a, b| a.0 == b.0) {
        let vehicles = stack.iter().filter(|&&(.., vehicle)| vehicle).count();
        if stack.len() > 3 || vehicles > 2 {
            let label = game.scenario().battlefield.label(stack[0].0);
            return Err(format!("{label} holds {} units", stack.len()));
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
    if !between_activations(game) {
        return Ok(());
    }
    for stack in units_by_hex(game).chunk_by(|a, b| a.0 == b.0) {
        if stack.iter().any(|&(_, nation, _)| nation != stack[0].1) {
            let label = game.scenario().battlefield.label(stack[0].0);
            return Err(format!("{label} holds both nations"));
        }
    }
    Ok(())
}

/// Figures are conserved (spec 8, "figures conserved"): no step repairs a vehicle, brings back
/// a unit that was out of the game or changes a unit's kind, and a nation's figures of each type
/// never grow, but for one regular a step (a Replacements card, `TOI-CARD`, or a medic's Heal,
/// `TOI-SPEC-MEDIC`); transfers between squads (`TOI-TEAM-XFER`) move figures, never make them;
/// a reinforcement in reserve is counted apart (FAQ-10 may turn its figures into regulars).
fn figures_conserved(before: &ToiGame, after: &ToiGame) -> Result<(), String> {
    if before.unit_ids().count() != after.unit_ids().count() {
        return Err("the number of units changed".into());
    }
    let figures = after.data().figures.len();
    let (mut was_held, mut is_held) = (vec![0_i32; figures], vec![0_i32; figures]);
    for u in after.unit_ids() {
        let (was, is) = (before.unit(u), after.unit(u));
        if matches!(was.at, Location::Gone) && !matches!(is.at, Location::Gone) {
            return Err(format!("unit #{} came back into the game", u.0));
        }
        match (was.kind, is.kind) {
            // A reinforcement makes do with regulars for figures the box has run out of
            // (FAQ-10): never more slots, no other figure but those it had.
            (Kind::Squad { figures: old, .. }, Kind::Squad { figures: new, .. })
                if matches!(was.at, Location::Reserve(_)) =>
            {
                let regular = |f: u8| {
                    after
                        .data()
                        .figures
                        .get(usize::from(f))
                        .is_some_and(|d| d.class == FigureClass::Regular)
                };
                let others = |f: [u8; 4]| {
                    let mut v: Vec<u8> = f
                        .into_iter()
                        .filter(|&s| s != EMPTY_SLOT && !regular(s))
                        .collect();
                    v.sort_unstable();
                    v
                };
                let kept = others(new);
                let mut had = others(old);
                let subset = kept.iter().all(|f| {
                    had.iter()
                        .position(|h| h == f)
                        .map(|i| had.remove(i))
                        .is_some()
                });
                if !subset || after.slots_used(&new) > before.slots_used(&old) {
                    return Err(format!("reinforcement #{} changed beyond FAQ-10", u.0));
                }
            }
            (Kind::Squad { figures: old, .. }, Kind::Squad { figures: new, .. }) => {
                for (held, slots) in [(&mut was_held, old), (&mut is_held, new)] {
                    for slot in slots.into_iter().filter(|&s| s != EMPTY_SLOT) {
                        held[usize::from(slot)] += 1;
                    }
                }
            }
            (
                Kind::Vehicle {
                    figure: a,
                    damage: d0,
                },
                Kind::Vehicle {
                    figure: b,
                    damage: d1,
                },
            ) => {
                if a != b || d1 < d0 {
                    return Err(format!("vehicle #{} changed type or was repaired", u.0));
                }
            }
            _ => return Err(format!("unit #{} changed kind", u.0)),
        }
    }
    // TOI-SETUP-5: the figures still to put on a base count as held.
    for nation in Nation::ALL {
        for (held, game) in [(&mut was_held, before), (&mut is_held, after)] {
            for &f in game.figures_to_build(nation) {
                held[usize::from(f)] += 1;
            }
        }
    }
    for (i, figure) in after.data().figures.iter().enumerate() {
        let allowed = i32::from(figure.class == FigureClass::Regular);
        if is_held[i] > was_held[i] + allowed {
            return Err(format!(
                "the {} figures grew from {} to {}",
                figure.id, was_held[i], is_held[i]
            ));
        }
    }
    Ok(())
}

/// Activation tokens are consistent (`TOI-ACT`, `TOI-COMBAT-COND`): a pinned or disrupted squad
/// holds no Op Fire token, and a reinforcement not yet on the map holds none at all.
fn tokens_consistent(game: &ToiGame) -> Result<(), String> {
    for u in game.unit_ids() {
        let unit = game.unit(u);
        if let Kind::Squad { condition, .. } = unit.kind
            && condition != Condition::Normal
            && unit.token == Token::OpFire
        {
            return Err(format!("squad #{} is {condition:?} and in Op Fire", u.0));
        }
        if matches!(unit.at, Location::Reserve(_)) && unit.token != Token::Fresh {
            return Err(format!("reinforcement #{} holds a token", u.0));
        }
    }
    Ok(())
}

/// The spec's rule ids (docs/tide-of-iron/rule-ids.txt): every id the game names in play is one.
fn rule_ids() -> Vec<String> {
    read_rule_ids(&repo().join("docs/tide-of-iron/rule-ids.txt")).unwrap()
}

fn suite(scenario: &str) -> Conformance<ToiGame> {
    Conformance::<ToiGame>::new(scenario)
        .check_every(10)
        .invariant(stacking_holds)
        .invariant(no_hex_holds_both_nations)
        .invariant(tokens_consistent)
        .transition(figures_conserved)
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

/// `TOI-SETUP-5`, `TOI-SETUP-6`: every scenario with the players building their squads (in
/// secret on every other game) and deploying their units.
#[test]
fn toi_setup_5_toi_setup_6_random_games_built_and_deployed_by_the_players_conform() {
    for (i, scenario) in SCENARIOS.iter().enumerate() {
        let options = ToiOptions {
            build_squads: true,
            secret_building: i % 2 == 1,
            deploy_units: true,
            ..ToiOptions::default()
        };
        conformance::<ToiGame>(&data(), &suite(scenario).options(options).games(2));
    }
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

/// The release sweep: 100,000 games of every scenario, the invariants after every step and the
/// costly checks (views, undo, refusals, replays) at one step in 500. `SWEEP_GAMES`,
/// `SWEEP_FIRST_SEED` and `SWEEP_THREADS` override the count, the first seed (to split a sweep
/// over several runs) and the 16 threads; a scenario id after `--nocapture` runs one.
#[test]
#[ignore = "the release sweep: cargo test --release -p overlord-tide-of-iron --test random_play -- --ignored"]
fn sweep_100000_random_games_of_every_scenario() {
    let env = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
    let games = env("SWEEP_GAMES").unwrap_or(100_000);
    let only = std::env::var("SWEEP_SCENARIO").ok();
    for scenario in SCENARIOS
        .iter()
        .filter(|s| only.as_deref().is_none_or(|o| o == **s))
    {
        let started = std::time::Instant::now();
        conformance::<ToiGame>(
            &data(),
            &suite(scenario)
                .games(games)
                .first_seed(env("SWEEP_FIRST_SEED").unwrap_or(0))
                .check_every(500)
                .threads(env("SWEEP_THREADS").map_or(16, |t| t as usize)),
        );
        println!("{scenario}: {games} games in {:.0?}", started.elapsed());
    }
}
