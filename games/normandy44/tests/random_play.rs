//! Random legal play: the engine's conformance suite (`overlord_engine::testing::conformance`)
//! on every scenario, each in one line, with Normandy '44's own invariants as its hooks:
//! complete seeded games never panic, never stall, keep the invariants after every step (no
//! two sides in a hex, stacking met whenever no move or combat is under way, supply markers
//! consistent), refuse what is not legal without a change, undo exactly, and replay bit for bit
//! from their record. The long sweeps (100,000 mini games, 10,000 campaign and Cherbourg games)
//! are ignored tests with their command in the README.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use overlord_engine::testing::{Conformance, conformance, read_rule_ids};
use overlord_engine::{Components, Game};
use overlord_normandy44::N44Action;
use overlord_normandy44::data::Side;
use overlord_normandy44::decisions;
use overlord_normandy44::state::{Phase, Stage, Step, UnitFlags};
use overlord_normandy44::{N44Data, N44Options, Normandy44};
use rand::SeedableRng;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// One of `game`'s legal actions, drawn with `policy`.
fn random_action(game: &Normandy44, policy: &mut rand_chacha::ChaCha8Rng) -> N44Action {
    use rand::RngExt;
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    legal[policy.random_range(0..legal.len())]
}

fn data() -> Arc<N44Data> {
    static DATA: OnceLock<Arc<N44Data>> = OnceLock::new();
    Arc::clone(DATA.get_or_init(|| {
        // $OVERLORD_DATA, as the CLI reads it, for a test binary run away from its checkout.
        let dir = std::env::var_os("OVERLORD_DATA").map_or_else(
            || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data"),
            std::path::PathBuf::from,
        );
        let dir = dir.join("normandy44");
        Arc::new(<N44Data as Components>::load(&dir).unwrap_or_else(|e| panic!("{e}")))
    }))
}

/// The spec's rule ids and the game's own (tests/log-rule-ids.txt).
fn rule_ids() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut ids = read_rule_ids(&root.join("../../docs/normandy44/rule-ids.txt")).unwrap();
    ids.extend(read_rule_ids(&root.join("tests/log-rule-ids.txt")).unwrap());
    ids
}

/// The suite on `scenario` with the game's invariants.
fn normandy(scenario: &str) -> Conformance<Normandy44> {
    invariants(scenario)
        .check_every(25)
        .invariant(the_memo_answers_as_the_position_does)
}

/// The invariants every run checks at every step.
fn invariants(scenario: &str) -> Conformance<Normandy44> {
    Conformance::<Normandy44>::new(scenario)
        .invariant(no_hex_holds_both_sides)
        .invariant(stacking_is_met_between_decisions)
        .invariant(supply_markers_are_consistent)
        .invariant(the_early_answer_agrees_with_the_list)
        .rule_ids(rule_ids())
}

/// A release sweep of `games` games of `scenario`, the costly checks at one step in
/// `check_every`. `SWEEP_GAMES`, `SWEEP_FIRST_SEED` and `SWEEP_THREADS` override the count,
/// the first seed (to split a sweep over several runs) and the 16 threads.
fn sweep(scenario: &str, games: u64, check_every: usize) -> Conformance<Normandy44> {
    let env = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
    invariants(scenario)
        .invariant(the_memo_answers_at_sampled_positions)
        .games(env("SWEEP_GAMES").unwrap_or(games))
        .first_seed(env("SWEEP_FIRST_SEED").unwrap_or(0))
        .threads(env("SWEEP_THREADS").map_or(16, |t| t as usize))
        .check_every(check_every)
}

/// 9.1: no unit enters a hex holding enemy units.
fn no_hex_holds_both_sides(game: &Normandy44) -> Result<(), String> {
    for hex in game.occupied_hexes(Side::German) {
        if game.units_in(hex).any(|u| game.side_of(u) == Side::Allied) {
            return Err(format!(
                "hex {} holds units of both sides",
                game.data().map.label(hex)
            ));
        }
    }
    Ok(())
}

/// 7.2: the stacking limit holds whenever no move, retreat or advance is under way.
fn stacking_is_met_between_decisions(game: &Normandy44) -> Result<(), String> {
    if !matches!(game.step(), Step::Phase(_, _, Stage::Open)) {
        return Ok(());
    }
    for side in [Side::German, Side::Allied] {
        for hex in game.occupied_hexes(side) {
            if !overlord_normandy44::stacking::legal(game, hex) {
                return Err(format!(
                    "hex {} is overstacked at {:?}",
                    game.data().map.label(hex),
                    game.step()
                ));
            }
        }
    }
    Ok(())
}

/// 18.3: a unit carries the OOS marker or its red Isolated side, never both, and only units on
/// the map carry it.
fn supply_markers_are_consistent(game: &Normandy44) -> Result<(), String> {
    for unit in game.unit_ids() {
        let flags = game.unit(unit).flags;
        if flags.has(UnitFlags::ISOLATED) && flags.has(UnitFlags::OOS) {
            return Err(format!(
                "{} is both OOS and Isolated",
                game.data().unit(unit).short
            ));
        }
        if flags.has(UnitFlags::OOS | UnitFlags::ISOLATED) && game.hex_of(unit).is_none() {
            return Err(format!(
                "{} is off the map with a supply marker",
                game.data().unit(unit).short
            ));
        }
    }
    Ok(())
}

/// What the game keeps between changes of the units ([`Normandy44::memo`]) answers as the
/// position worked out afresh does: the same legal list, the same units in every hex.
fn the_memo_answers_as_the_position_does(game: &Normandy44) -> Result<(), String> {
    let mut fresh = game.clone();
    fresh.forget_memo();
    let (mut kept, mut anew) = (Vec::new(), Vec::new());
    game.legal_actions(&mut kept);
    fresh.legal_actions(&mut anew);
    if kept != anew {
        return Err(format!(
            "at {:?} the memo lists {kept:?}, the position {anew:?}",
            game.step()
        ));
    }
    fresh.forget_memo();
    for hex in game.data().map.hexes.ids() {
        if game.units_in(hex).collect::<Vec<_>>() != fresh.units_in(hex).collect::<Vec<_>>() {
            return Err(format!(
                "the memo's units of {} are stale",
                game.data().map.label(hex)
            ));
        }
    }
    Ok(())
}

/// [`the_memo_answers_as_the_position_does`] at one position in eight (chosen by the number of
/// dice rolled so far, so the same positions every run): the sweeps' millions of steps would
/// otherwise spend a third of their time on it.
fn the_memo_answers_at_sampled_positions(game: &Normandy44) -> Result<(), String> {
    if !game.rng().outcomes().is_multiple_of(8) {
        return Ok(());
    }
    the_memo_answers_as_the_position_does(game)
}

/// The turn driver's early answer to "is there anything but ending the phase"
/// ([`decisions::has_choice`]) agrees with the whole list.
fn the_early_answer_agrees_with_the_list(game: &Normandy44) -> Result<(), String> {
    if !matches!(game.step(), Step::Phase(_, _, Stage::Open)) {
        return Ok(());
    }
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    let listed = legal.iter().any(|a| *a != N44Action::Done);
    if decisions::has_choice(game) != listed {
        return Err(format!(
            "at {:?} has_choice says {}, the list {legal:?}",
            game.step(),
            !listed
        ));
    }
    Ok(())
}

#[test]
fn random_mini_games_conform() {
    conformance::<Normandy44>(&data(), &normandy("mini").games(4));
}

/// 27.1: the same games with four players, each prompt asked of the seat that owns it.
#[test]
fn random_four_player_mini_games_conform() {
    let options = N44Options {
        four_players: true,
        ..N44Options::default()
    };
    conformance::<Normandy44>(&data(), &normandy("mini").options(options).games(2));
}

/// 27.2: the solitaire constraints on both sides.
#[test]
fn random_solitaire_mini_games_conform() {
    let options = N44Options {
        solitaire: true,
        ..N44Options::default()
    };
    conformance::<Normandy44>(&data(), &normandy("mini").options(options).games(2));
}

/// 27.1: three players.
#[test]
fn a_random_three_player_mini_game_conforms() {
    let options = N44Options {
        three_players: true,
        ..N44Options::default()
    };
    conformance::<Normandy44>(&data(), &normandy("mini").options(options).games(1));
}

#[test]
fn random_cherbourg_games_conform() {
    conformance::<Normandy44>(&data(), &normandy("cherbourg").games(2));
}

#[test]
fn a_random_campaign_game_conforms() {
    conformance::<Normandy44>(&data(), &normandy("campaign").games(1).check_every(200));
}

#[test]
#[ignore = "the release sweep: cargo test --release -p overlord-normandy44 --test random_play -- --ignored"]
fn sweep_100000_random_mini_games() {
    conformance::<Normandy44>(&data(), &sweep("mini", 100_000, 1_000));
}

#[test]
#[ignore = "the release sweep"]
fn sweep_10000_random_campaign_games() {
    conformance::<Normandy44>(&data(), &sweep("campaign", 10_000, 5_000));
}

#[test]
#[ignore = "the release sweep"]
fn sweep_10000_random_cherbourg_games() {
    conformance::<Normandy44>(&data(), &sweep("cherbourg", 10_000, 1_000));
}

/// The rule bots' games with what the memo keeps from one decision to the next (each unit's
/// reach, forgotten only where a move touched what its search read): at every decision of two
/// seeded mini games, the same legal list and the same choice as a copy that works everything
/// out afresh. A reach kept past a change that should have forgotten it would score some move
/// on a stale map and, sooner or later, choose otherwise.
#[test]
fn rule_bots_choose_as_they_would_with_nothing_kept() {
    use overlord_engine::Heuristics;
    for seed in [3u64, 4] {
        let mut policy = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let decisions = play_beside_a_copy_with_nothing_kept("mini", seed, |game, fresh, at| {
            let mut legal = Vec::new();
            game.legal_actions(&mut legal);
            let kept = game.rule_based_action(&legal, &mut policy.clone()).unwrap();
            let worked_out = fresh.rule_based_action(&legal, &mut policy).unwrap();
            assert_eq!(
                kept,
                worked_out,
                "seed {seed}, decision {at} at {:?}",
                game.step()
            );
            kept
        });
        assert!(decisions > 300, "a whole game: {decisions} decisions");
    }
}

/// Random play with what the memo keeps (the Open stage's "can this unit go anywhere" per unit,
/// the enemy's zones through a phase, the units by hex and the occupancy mended through every
/// change): at every decision of a seeded mini game and a seeded campaign game, the same legal
/// list and the same tables as a copy that works everything out afresh. Random moves
/// reach corners of the map and of the turn that the rule bots' games do not.
#[test]
fn random_play_lists_as_a_copy_with_nothing_kept() {
    for (scenario, seed) in [("mini", 11u64), ("campaign", 12)] {
        let mut policy = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let decisions = play_beside_a_copy_with_nothing_kept(scenario, seed, |game, fresh, at| {
            // The tables mended through every change are the tables made afresh.
            assert!(
                *overlord_normandy44::zoc::occupancy(game)
                    == *overlord_normandy44::zoc::occupancy(fresh),
                "{scenario} seed {seed}, decision {at}: the occupancy"
            );
            for hex in game.data().map.hexes.ids() {
                assert!(
                    game.units_in(hex).eq(fresh.units_in(hex)),
                    "{scenario} seed {seed}, decision {at}: the units in {hex:?}"
                );
            }
            random_action(game, &mut policy)
        });
        assert!(decisions > 1000, "a whole game: {decisions} decisions");
    }
}

/// 6.5-6.7, 17.4, 21.2: the reinforcement answers the memo keeps from one decision to the next
/// (forgotten by a change of a unit waiting off the map or of the other side, or by a unit of
/// the side entering or leaving a hex they read) are those of a copy with nothing kept: at
/// every decision of a random mini, campaign and Cherbourg game, both sides' answers and the
/// early answer whether there is one.
#[test]
fn rule_6_5_rule_6_6_reinforcement_answers_kept_through_moves_stand() {
    use overlord_normandy44::reinforcement;
    let mut compared = 0usize;
    for (scenario, seed) in [("mini", 21u64), ("campaign", 22), ("cherbourg", 23)] {
        let mut policy = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        play_beside_a_copy_with_nothing_kept(scenario, seed, |game, fresh, at| {
            for side in [Side::Allied, Side::German] {
                let (mut kept, mut anew) = (Vec::new(), Vec::new());
                reinforcement::legal(game, side, &mut kept);
                reinforcement::legal(fresh, side, &mut anew);
                assert_eq!(
                    kept, anew,
                    "{scenario} seed {seed}, decision {at}, {side:?}"
                );
                assert_eq!(
                    reinforcement::has_choice(game, side),
                    !anew.is_empty(),
                    "{scenario} seed {seed}, decision {at}, {side:?}"
                );
                compared += anew.len();
            }
            random_action(game, &mut policy)
        });
    }
    assert!(compared > 1000, "{compared} answers");
}

/// 9.1, 15.1: the Movement Phase's picks and Reserve placements, worked out from the side's
/// stacks as the memo mends them after each move (only the hexes a changed unit left or
/// entered weighed again), list as those of a copy that weighs every stack anew: at every
/// decision of a random mini, campaign and Cherbourg game, in the Movement Phase and the Reserve
/// Movement Segment.
#[test]
fn rule_9_1_rule_15_1_mended_stacks_list_as_stacks_weighed_anew() {
    let mut open_lists = 0usize;
    for (scenario, seed) in [
        ("mini", 31u64),
        ("mini", 34),
        ("campaign", 32),
        ("campaign", 35),
        ("cherbourg", 33),
        ("cherbourg", 36),
    ] {
        let mut policy = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        play_beside_a_copy_with_nothing_kept(scenario, seed, |game, _, _| {
            // The lists were compared already; count the Open stages among them.
            if let Step::Phase(_, Phase::Movement | Phase::ReserveMovement, Stage::Open) =
                game.step()
            {
                open_lists += 1;
            }
            random_action(game, &mut policy)
        });
    }
    assert!(open_lists > 2500, "{open_lists} Open stages compared");
}

/// 10.1, 10.6: the hexes the Combat Phase's Open stage offers to attack, kept in the memo from
/// one Open stage to the next while no unit changes, list as a copy's that works them out anew:
/// at every decision of random mini, campaign and Cherbourg games, among them the Open stages
/// that follow an attack built and cancelled (the kept answer's use) and the others (after an
/// attack resolved, the hex attacked leaves the list).
#[test]
fn rule_10_1_rule_10_6_kept_attack_targets_list_as_targets_weighed_anew() {
    let (mut after_cancel, mut after_attack) = (0usize, 0usize);
    for (scenario, seed) in [("mini", 41u64), ("campaign", 42), ("cherbourg", 43)] {
        let mut policy = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut last = None;
        play_beside_a_copy_with_nothing_kept(scenario, seed, |game, _, _| {
            // The lists were compared already; count the Open stages that reuse a kept list.
            if let Step::Phase(_, Phase::Combat | Phase::ReserveCombat, Stage::Open) = game.step() {
                match last {
                    Some(N44Action::Cancel) => after_cancel += 1,
                    _ => after_attack += 1,
                }
            }
            let action = random_action(game, &mut policy);
            last = Some(action);
            action
        });
    }
    assert!(
        after_cancel > 50 && after_attack > 50,
        "{after_cancel} Open stages after a cancel, {after_attack} others"
    );
}

/// Play the seeded game of `scenario` to its end, at every decision checking that the game
/// lists what a copy of it that kept nothing lists; `choose` gets both and the decision's
/// number, checks what else it will and names the action to play. Returns the decisions.
fn play_beside_a_copy_with_nothing_kept(
    scenario: &str,
    seed: u64,
    mut choose: impl FnMut(&Normandy44, &Normandy44, usize) -> N44Action,
) -> usize {
    use overlord_engine::{GameRng, Log, Status};
    let mut log = Log::disabled();
    let mut game = Normandy44::setup(
        &data(),
        scenario,
        &Default::default(),
        GameRng::seeded(seed),
        &mut log,
    )
    .unwrap();
    let (mut legal, mut anew) = (Vec::new(), Vec::new());
    let mut decisions = 0;
    while let Status::ToAct(_) = game.status() {
        let mut fresh = game.clone();
        fresh.forget_memo();
        game.legal_actions(&mut legal);
        fresh.legal_actions(&mut anew);
        assert_eq!(
            legal,
            anew,
            "{scenario} seed {seed}, decision {decisions} at {:?}",
            game.step()
        );
        let action = choose(&game, &fresh, decisions);
        let _ = game.apply_listed(action, &mut log).unwrap();
        decisions += 1;
    }
    decisions
}

/// 18.2: what one set of lines learns from trace to trace (a state that led to a source, a
/// state a failed trace went through) and the supply answers the memo keeps per hex answer as
/// a trace that knows nothing does: from sampled positions of a random mini game and a random
/// campaign game, for both sides, from every occupied hex and every fifth hex of the map, in map
/// order and backwards.
#[test]
fn rule_18_2_lines_that_learn_answer_as_single_traces() {
    use overlord_normandy44::supply_lines::{self, Lines, Reach};
    for (scenario, seed) in [("mini", 21u64), ("campaign", 22)] {
        let mut policy = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut compared = 0usize;
        let decisions = play_beside_a_copy_with_nothing_kept(scenario, seed, |game, _, at| {
            if at % 120 == 60 {
                let map = &game.data().map;
                for side in [Side::Allied, Side::German] {
                    let hexes: Vec<_> = map
                        .hexes
                        .ids()
                        .filter(|h| h.index() % 5 == 0 || game.units_in(*h).next().is_some())
                        .collect();
                    let alone = Lines::new(game, side);
                    let single = |hex, reach| alone.traces(hex, reach, &|h| alone.is_source(h));
                    let expected: Vec<(bool, bool)> = hexes
                        .iter()
                        .map(|&h| (single(h, Reach::Line), single(h, Reach::AnyLength)))
                        .collect();
                    for backwards in [false, true] {
                        let learning = Lines::new(game, side);
                        let mut order: Vec<usize> = (0..hexes.len()).collect();
                        if backwards {
                            order.reverse();
                        }
                        for i in order {
                            let answer =
                                (learning.in_supply(hexes[i]), learning.any_length(hexes[i]));
                            assert_eq!(
                                answer, expected[i],
                                "{scenario} seed {seed}, decision {at}, {side:?} from {:?}",
                                hexes[i]
                            );
                            compared += 1;
                        }
                    }
                    for unit in game.unit_ids() {
                        let Some(hex) = game.hex_of(unit) else {
                            continue;
                        };
                        if game.side_of(unit) == side {
                            let kept = supply_lines::in_supply(game, unit);
                            assert_eq!(kept, single(hex, Reach::Line), "{scenario} {at} {unit:?}");
                        }
                    }
                }
            }
            random_action(game, &mut policy)
        });
        assert!(
            decisions > 1000 && compared > 10_000,
            "{decisions} decisions, {compared} hexes"
        );
    }
}

/// 10.1: the attackers the combat lists offer (`eligible_attackers`, which weighs the attacking
/// hex's checks once per hex) are the units `why_cannot_attack` lets attack, for both sides and
/// every hex the other side holds, at every decision of a random mini, campaign and Cherbourg
/// game (the last with 26.3's airborne zones).
#[test]
fn rule_10_1_eligible_attackers_are_those_why_cannot_attack_lets_attack() {
    use overlord_normandy44::combat::{eligible_attackers, why_cannot_attack};
    for (scenario, seed) in [("mini", 31u64), ("campaign", 32), ("cherbourg", 33)] {
        let mut policy = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut compared = 0usize;
        let decisions = play_beside_a_copy_with_nothing_kept(scenario, seed, |game, _, at| {
            for side in [Side::Allied, Side::German] {
                for hex in game.occupied_hexes(side.enemy()) {
                    let expected: Vec<_> = game
                        .data()
                        .map
                        .hexes
                        .neighbours_on_map(hex)
                        .flat_map(|n| game.units_in(n).collect::<Vec<_>>())
                        .filter(|&u| why_cannot_attack(game, side, u, hex).is_none())
                        .collect();
                    assert_eq!(
                        eligible_attackers(game, side, hex),
                        expected,
                        "{scenario} seed {seed}, decision {at}, {side:?} into {hex:?}"
                    );
                    compared += expected.len();
                }
            }
            random_action(game, &mut policy)
        });
        assert!(
            decisions > 500 && compared > 100,
            "{decisions} decisions, {compared} attackers"
        );
    }
}

/// 18.2, 5.2: the supply answers the memo keeps through a change that moves no unit, turns no
/// face and scatters none (a marker, MP spent) are those of a copy with nothing kept: every
/// decision of a random mini game asks every unit's answer (so that answers are kept when the
/// next change comes) and Cherbourg's trace south, and one decision in three compares them.
#[test]
fn rule_18_2_supply_answers_kept_through_marker_changes_stand() {
    use overlord_normandy44::supply_lines::{cherbourg_traces_south, in_supply};
    let seed = 41u64;
    let mut policy = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut compared = 0usize;
    let answers = |game: &Normandy44| -> (Vec<bool>, bool) {
        let units = game.unit_ids().filter(|&u| game.hex_of(u).is_some());
        (
            units.map(|u| in_supply(game, u)).collect(),
            cherbourg_traces_south(game),
        )
    };
    let decisions = play_beside_a_copy_with_nothing_kept("mini", seed, |game, fresh, at| {
        let kept = answers(game);
        if at % 3 == 0 {
            assert_eq!(kept, answers(fresh), "mini seed {seed}, decision {at}");
            compared += kept.0.len();
        }
        random_action(game, &mut policy)
    });
    assert!(
        decisions > 1000 && compared > 10_000,
        "{decisions} decisions, {compared} answers"
    );
}

/// 17.2, 17.4: the SupP pools a German HQ traces to, which the memo keeps per HQ hex until a
/// unit moves or control or the Mulberries change, are those of a copy with nothing kept and
/// those of single traces to the friendly Cherbourg city hexes and entry hexes (which the
/// answer worked out reads off the HQ's line of supply where it can): every German HQ on the
/// map at every decision of a random mini and campaign game.
#[test]
fn rule_17_2_kept_hq_pools_answer_as_single_traces() {
    use overlord_normandy44::control::controls;
    use overlord_normandy44::data::Class;
    use overlord_normandy44::supply_lines::{Lines, Reach, cherbourg_cities, german_hq_pools};
    for (scenario, seed) in [("mini", 51u64), ("campaign", 52)] {
        let mut policy = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let (mut compared, mut seen) = (0usize, [[false; 2]; 2]);
        let decisions = play_beside_a_copy_with_nothing_kept(scenario, seed, |game, fresh, at| {
            let map = &game.data().map;
            let german = |h| controls(game, Side::German, h);
            let hqs = game.unit_ids().filter(|&u| {
                game.side_of(u) == Side::German && game.data().unit(u).class == Class::Hq
            });
            for hq in hqs {
                let Some(hex) = game.hex_of(hq) else {
                    continue;
                };
                let kept = german_hq_pools(game, hq);
                assert_eq!(kept, german_hq_pools(fresh, hq), "{scenario} {at} {hq:?}");
                let lines = Lines::new(game, Side::German);
                let fortress = lines.traces(hex, Reach::Line, &|h| {
                    cherbourg_cities(map).contains(&h) && german(h)
                });
                let seventh_army = lines.traces(hex, Reach::Line, &|h| {
                    map.entries.iter().any(|(_, e)| e.contains(&h)) && german(h)
                });
                assert_eq!(
                    (kept.fortress, kept.seventh_army),
                    (fortress, seventh_army),
                    "{scenario} {at} {hq:?}"
                );
                seen[usize::from(fortress)][usize::from(seventh_army)] = true;
                compared += 1;
            }
            random_action(game, &mut policy)
        });
        assert!(
            decisions > 500 && compared > 1000 && seen[0][1] && seen[1][1],
            "{scenario}: {decisions} decisions, {compared} HQs, {seen:?}"
        );
    }
}
