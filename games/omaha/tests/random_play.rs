//! Random legal play (DESIGN.md "Testing shape", issues 4, 5 and 25): the engine's conformance
//! suite (`overlord_engine::testing::conformance`) on every scenario, variant and mode, each in
//! one line, with the game's own invariants as its hooks: complete seeded games never panic,
//! never stall, keep the invariants after every step, hide what must be hidden (determinize
//! keeps the view, no leak), refuse what is not legal without a change, undo exactly, and
//! replay bit for bit from their record. The 100,000-game sweeps play the bare state as
//! simulation does.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use overlord_engine::testing::{Conformance, conformance, read_rule_ids};
use overlord_engine::{Components, Game, Seat, Status, Viewer};
use overlord_omaha::state::{GerLoc, UsLoc};
use overlord_omaha::{Omaha, OmahaAction, OmahaData, OmahaOptions};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::Path;
use std::sync::{Arc, OnceLock};

fn data() -> Arc<OmahaData> {
    static DATA: OnceLock<Arc<OmahaData>> = OnceLock::new();
    Arc::clone(DATA.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/omaha");
        Arc::new(OmahaData::load(&dir).unwrap_or_else(|e| panic!("{e}")))
    }))
}

/// The conformance suite on `scenario` with Omaha's own checks as its hooks, the views, leaks,
/// refusals and undo checked at one step in twenty (a Beyond the Beach game has a few hundred
/// steps, and a checked step costs as much as a few dozen others in a debug build).
fn omaha(scenario: &str) -> Conformance<Omaha> {
    Conformance::<Omaha>::new(scenario)
        .check_every(20)
        .invariant(|state| state.check_invariants())
        .invariant(calling_off_an_attack_is_never_the_only_way_on)
        .invariant(us_units_are_conserved)
        .transition(no_us_unit_comes_back)
        .rule_ids(rule_ids())
}

/// The ids of the spec: docs/omaha/rule-ids.txt (rules 2-23) and tests/log-rule-ids.txt (the
/// spec's other parts the game names: turn sequence, events, tables).
fn rule_ids() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut ids = read_rule_ids(&root.join("../../docs/omaha/rule-ids.txt")).unwrap();
    ids.extend(read_rule_ids(&root.join("tests/log-rule-ids.txt")).unwrap());
    ids
}

/// Options with `set` applied to the defaults.
fn with(set: impl FnOnce(&mut OmahaOptions)) -> OmahaOptions {
    let mut options = OmahaOptions::default();
    set(&mut options);
    options
}

/// Invariant 3: no face-down identity in the view; hidden German units show only their backs.
fn no_face_down_identity_in_the_view(state: &Omaha) -> Result<(), String> {
    let view =
        serde_json::to_string(&state.view(Viewer::Seat(Seat(0)))).map_err(|e| e.to_string())?;
    for (g, german) in state.german_counters().iter().enumerate() {
        if !german.revealed && matches!(german.loc, GerLoc::Slot(_)) {
            let name = &state.data().index.germans[g].name;
            if view.contains(&format!("\"{name}\"")) {
                return Err(format!("the view shows face-down {name}"));
            }
        }
    }
    Ok(())
}

/// 8.1: no prompt leaves calling an attack off as the only way on (a dead end that a search
/// bot would enter, call off and enter again for ever).
fn calling_off_an_attack_is_never_the_only_way_on(state: &Omaha) -> Result<(), String> {
    if let Status::ToAct(_) = state.status() {
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        if legal == [OmahaAction::AttackBack] {
            return Err(format!(
                "only calling the attack off is left at {:?}",
                state.step()
            ));
        }
    }
    Ok(())
}

/// US units that have left play: eliminated or sent out of play.
fn us_gone(state: &Omaha) -> usize {
    state
        .us_units()
        .iter()
        .filter(|u| matches!(u.loc, UsLoc::Eliminated | UsLoc::OutOfPlay))
        .count()
}

/// No unit is ever in two places at once (each has one location): the counters in play plus
/// those gone always make up the whole roster.
fn us_units_are_conserved(state: &Omaha) -> Result<(), String> {
    let in_play = state
        .us_units()
        .iter()
        .filter(|u| matches!(u.loc, UsLoc::Track(_) | UsLoc::Box(_) | UsLoc::Hex(_)))
        .count();
    let roster = state.data().index.us.len();
    if us_gone(state) + in_play == roster {
        Ok(())
    } else {
        Err(format!(
            "US units not conserved: {} gone and {in_play} in play of {roster}",
            us_gone(state)
        ))
    }
}

/// An eliminated US unit, or one sent out of play, never comes back.
fn no_us_unit_comes_back(before: &Omaha, after: &Omaha) -> Result<(), String> {
    if us_gone(after) < us_gone(before) {
        Err("a US unit came back from elimination".into())
    } else {
        Ok(())
    }
}

// First Wave, a few hundred games in CI, in four tests so the harness runs them side by side:
// half with the uniform random policy, half with the advancing one.
#[test]
fn random_first_wave_games_conform_0() {
    conformance::<Omaha>(&data(), &omaha("first-wave").games(50));
}

#[test]
fn random_first_wave_games_conform_1() {
    conformance::<Omaha>(&data(), &omaha("first-wave").first_seed(75).games(50));
}

#[test]
fn advancing_first_wave_games_conform_0() {
    conformance::<Omaha>(
        &data(),
        &omaha("first-wave")
            .first_seed(150)
            .games(50)
            .policy(advancing_choice),
    );
}

#[test]
fn advancing_first_wave_games_conform_1() {
    conformance::<Omaha>(
        &data(),
        &omaha("first-wave")
            .first_seed(225)
            .games(50)
            .policy(advancing_choice),
    );
}

/// Every check at every step, on fewer games, and no face-down name in the view after every
/// step (the other tests rely on determinize keeping the view at their checked steps, which
/// covers every hidden thing, names among them).
#[test]
fn first_wave_games_conform_with_every_step_checked() {
    conformance::<Omaha>(
        &data(),
        &omaha("first-wave")
            .first_seed(300)
            .games(4)
            .check_every(1)
            .invariant(no_face_down_identity_in_the_view)
            .policy(advancing_choice),
    );
}

#[test]
fn random_easy_fox_games_conform() {
    conformance::<Omaha>(&data(), &omaha("easy-fox").games(30));
    conformance::<Omaha>(
        &data(),
        &omaha("easy-fox")
            .first_seed(30)
            .games(30)
            .policy(advancing_choice),
    );
}

// Issue 5: the extended scenarios. A random policy loses D-Day at Omaha Beach long before turn
// 17 (13.1, 20.2); Beyond the Beach starts on turn 17 and plays the whole extended game.
#[test]
fn random_beyond_the_beach_games_conform() {
    conformance::<Omaha>(&data(), &omaha("beyond-the-beach").games(20));
    conformance::<Omaha>(
        &data(),
        &omaha("beyond-the-beach")
            .first_seed(20)
            .games(20)
            .policy(advancing_choice),
    );
}

#[test]
fn random_d_day_games_conform() {
    conformance::<Omaha>(&data(), &omaha("d-day").games(20));
    conformance::<Omaha>(
        &data(),
        &omaha("d-day")
            .first_seed(20)
            .games(20)
            .policy(advancing_choice),
    );
}

/// Each variant (14.2, 22.1-22.4, 23) alone, in both extended scenarios where it is offered.
#[test]
fn random_games_with_each_variant_conform() {
    type Set = fn(&mut OmahaOptions);
    let variants: [(&str, Set); 6] = [
        ("14.2", |o| o.early_german_actions = true),
        ("22.1", |o| o.effective_bombardment = true),
        ("22.2", |o| o.first_wave_tanks_safe = true),
        ("22.3", |o| o.rangers_reinforce_pointe_du_hoc = true),
        ("22.4", |o| o.improved_german_reaction = true),
        ("23", |o| o.german_armor = true),
    ];
    for (name, set) in variants {
        for scenario in ["d-day", "beyond-the-beach"] {
            let offered = data()
                .scenarios
                .iter()
                .any(|s| s.id == scenario && s.variants.iter().any(|v| v == name));
            if offered {
                let variant = || omaha(scenario).options(with(set)).games(4);
                println!("{}", conformance::<Omaha>(&data(), &variant()));
                println!(
                    "{}",
                    conformance::<Omaha>(
                        &data(),
                        &variant().first_seed(4).policy(advancing_choice)
                    )
                );
            }
        }
    }
}

/// 8.3 step 5, 9.1: a depth marker revealed in combat is hidden information shown, so undo must
/// not take the attack back (invariant 5). The conformance suite found this game of Beyond the
/// Beach with 22.1 (its seed 7), where the attack the Hero's wildcard resolves reveals depth
/// marker WD-6 and a match used to offer undo: German units and depth markers turned face up
/// now count as reveals, as cards drawn do.
#[test]
fn r8_3_a_depth_marker_revealed_in_combat_cannot_be_undone() {
    use overlord_engine::{Match, RandomSpec};
    let options = with(|o| o.effective_bombardment = true);
    let mut game = Match::<Omaha>::new(data(), "beyond-the-beach", options, RandomSpec::seeded(7))
        .expect("setup");
    // 21.1, P-DEPLOY: the placements the game was found with, moved from the mid-tide line to
    // the high-tide hex inland of it (the reading of docs/omaha/interpretations.md, 21.1).
    let index = &data().index;
    let id = |name: &str| {
        index
            .us
            .iter()
            .position(|u| u.name == name)
            .expect("a unit") as u8
    };
    for (name, at) in [
        ("7FA", "0706"),
        ("1•2/397", "0707"),
        ("A•B/197", "0708"),
        ("1/B/741", "0709"),
        ("2/A/741", "0710"),
        ("1/A/741", "0710"),
        ("58FA", "0620"),
        ("5•6/397", "0621"),
        ("1/A/743", "0623"),
        ("2/B/743", "0623"),
        ("1/B/743", "0624"),
        ("C•D/467", "0624"),
        ("2/C/743", "0625"),
        ("E/2/18", "ER1"),
        ("F/2/18", "ER1"),
        ("G/2/18", "ER2"),
        ("H/2/18", "ER3"),
        ("18 HQ", "ER2"),
        ("A/1/115", "DR1"),
        ("B/1/115", "DR2"),
        ("C/1/115", "EG1"),
        ("D/1/115", "EG2"),
        ("115 HQ", "DR1"),
    ] {
        let unit = id(name);
        let action = match index.box_named(at) {
            Some(landing_box) => OmahaAction::PlaceInBox { unit, landing_box },
            None => OmahaAction::DeployOnHex {
                unit,
                hex: index.hex(at.parse().expect("a label")).expect("a hex"),
            },
        };
        game.apply(Seat(0), action).expect("legal");
    }
    let actions = serde_json::json!([
        {"first_division": {"division": "29th"}}, {"move": {"to": 280, "unit": 49}},
        {"move": {"to": 280, "unit": 94}}, {"move": {"to": 279, "unit": 69}},
        {"move": {"to": 306, "unit": 51}}, {"move": {"to": 277, "unit": 50}},
        {"naval_barrage": {"target": 309}}, {"barrage": {"target": 309, "unit": 74}},
        {"barrage": {"target": 312, "unit": 75}}, {"barrage": {"target": 309, "unit": 76}},
        {"barrage": {"target": 309, "unit": 73}}, {"attack": {"target": 305}},
        {"attack_with": {"unit": 55}}, "attack_declared", "attack_confirm",
        {"hero_bonus": {"bonus": "wildcard"}}
    ]);
    for action in actions.as_array().expect("a list") {
        let action: OmahaAction = serde_json::from_value(action.clone()).expect("an action");
        game.apply(Seat(0), action).expect("legal");
    }
    let revealed = game
        .log()
        .entries()
        .iter()
        .any(|e| e.text.contains("depth marker is revealed"));
    assert!(revealed, "the attack revealed a depth marker");
    assert_eq!(game.undoable_by(), None, "the reveal is a barrier");
    assert!(game.undo().is_err());
}

/// P-SETUP, rule 1: the cooperative two-player game, with the armor variant, in every
/// scenario that offers it; the suite checks that the seat to act is always one of the two and
/// that each seat's view survives determinize for that seat.
#[test]
fn random_two_player_games_conform() {
    let two = |o: &mut OmahaOptions| o.two_player = true;
    let armored = |o: &mut OmahaOptions| {
        o.two_player = true;
        o.german_armor = true;
    };
    conformance::<Omaha>(&data(), &omaha("first-wave").options(with(two)).games(8));
    conformance::<Omaha>(
        &data(),
        &omaha("d-day")
            .options(with(armored))
            .games(8)
            .policy(advancing_choice),
    );
    conformance::<Omaha>(
        &data(),
        &omaha("beyond-the-beach").options(with(armored)).games(8),
    );
}

/// 23.43 (found by `ten_thousand_random_armored_games_keep_the_invariants`): a German unit
/// redeployed (16.3) into a position whose hex held a German tank, two German units on one
/// hex. This seeded armored Beyond the Beach game (seed 1007, the advancing policy) met it;
/// every invariant must hold throughout.
#[test]
fn r23_43_no_german_unit_redeploys_or_advances_onto_a_tank() {
    let armored = with(|o| o.german_armor = true);
    conformance::<Omaha>(
        &data(),
        &omaha("beyond-the-beach")
            .options(armored)
            .first_seed(1_007)
            .games(1)
            .check_every(1)
            .policy(advancing_choice),
    );
}

/// Variant 23 at scale: German armor in both extended scenarios, every invariant checked after
/// every step (half the games with the advancing policy, which reaches the late turns), and
/// the record replayed, on every core. `cargo test --release -p overlord-omaha --test
/// random_play -- --ignored armored --nocapture`.
#[test]
#[ignore = "long: 10,000 games"]
fn ten_thousand_random_armored_games_keep_the_invariants() {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let armored = |scenario| {
        omaha(scenario)
            .options(with(|o| o.german_armor = true))
            .threads(threads)
            .games(2_500)
    };
    for scenario in ["beyond-the-beach", "d-day"] {
        println!(
            "{}",
            conformance::<Omaha>(&data(), &armored(scenario).first_seed(1_000))
        );
        println!(
            "{}",
            conformance::<Omaha>(
                &data(),
                &armored(scenario).first_seed(3_500).policy(advancing_choice)
            )
        );
    }
}

/// One game on the bare state, as simulation plays it (log off, no record), with the checked
/// `apply`; the invariants are checked at the end. Returns the steps taken and the last turn
/// played.
fn bare_game(scenario: &str, seed: u64) -> (u64, u8) {
    let mut log = overlord_engine::Log::disabled();
    let mut state = Omaha::setup(
        &data(),
        scenario,
        &Default::default(),
        overlord_engine::GameRng::seeded(seed),
        &mut log,
    )
    .expect("setup");
    let mut policy = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut legal = Vec::new();
    let mut steps = 0;
    while let Status::ToAct(_) = state.status() {
        state.legal_actions(&mut legal);
        assert!(
            !legal.is_empty(),
            "seed {seed}: stalled at {:?}",
            state.step()
        );
        let action = legal[policy.next_u32() as usize % legal.len()];
        if let Err(e) = state.apply(action, &mut log) {
            panic!("seed {seed}: legal {action:?} refused: {e}");
        }
        steps += 1;
        assert!(steps < 20_000, "seed {seed}: the game does not end");
    }
    if let Err(broken) = state.check_invariants() {
        panic!("seed {seed}: invariant broken at the end: {broken}");
    }
    (steps, state.turn())
}

/// 100,000 random First Wave games (issue 4), on every core:
/// `cargo test --release -p overlord-omaha --test random_play -- --ignored`. These play the
/// bare state the way simulation does (no match, the log disabled), checking that a game never
/// stalls, never refuses a listed action and ends with the invariants kept: the scale the
/// conformance suite above cannot reach in a test run (it checks each step far more closely,
/// through a match with its log, on fewer games).
#[test]
#[ignore = "long: 100,000 games"]
fn one_hundred_thousand_random_games() {
    hundred_thousand("first-wave");
}

/// 100,000 random full games of the extended game (issue 5): Beyond the Beach (turns 17-32),
/// and D-Day at Omaha Beach (which a random policy loses long before turn 17).
#[test]
#[ignore = "long: 100,000 games"]
fn one_hundred_thousand_random_beyond_the_beach_games() {
    hundred_thousand("beyond-the-beach");
}

#[test]
#[ignore = "long: 100,000 games"]
fn one_hundred_thousand_random_d_day_games() {
    hundred_thousand("d-day");
}

fn hundred_thousand(scenario: &'static str) {
    const GAMES: u64 = 100_000;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get() as u64);
    let started = std::time::Instant::now();
    let (steps, full): (u64, u64) = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (t..GAMES)
                        .step_by(threads as usize)
                        .map(|seed| bare_game(scenario, seed))
                        .fold((0, 0), |(steps, full), (s, turn)| {
                            (steps + s, full + u64::from(turn == 32))
                        })
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("worker"))
            .fold((0, 0), |(a, b), (c, d)| (a + c, b + d))
    });
    eprintln!(
        "{GAMES} {scenario} games, {steps} steps, {full} played to turn 32, {:.1} s on {threads} threads",
        started.elapsed().as_secs_f64()
    );
}

/// A test policy that plays like an eager beginner rather than a coin: it leaves the beach for
/// higher ground, takes cover, attacks when it can, never delays a landing, and otherwise picks
/// at random (one time in five it picks anything). It reaches the parts of the rules a coin
/// rarely does (climbs, attacks carried through, inland moves). Neither policy survives to
/// turn 16; `victory::tests::late_turns_play_through_to_the_13_2_victory_check` covers the late
/// turns.
fn advancing_choice(state: &Omaha, legal: &[OmahaAction], policy: &mut ChaCha8Rng) -> OmahaAction {
    use overlord_omaha::index::Ground;
    use overlord_omaha::state::UsLoc;
    if policy.next_u32().is_multiple_of(5) {
        return legal[policy.next_u32() as usize % legal.len()];
    }
    let index = &state.data().index;
    let rank = |h: u16| -> i32 {
        let hex = &index.hexes[usize::from(h)];
        let ground = match hex.ground {
            Ground::Sea => 0,
            Ground::Beach => 10,
            Ground::Flat => 20,
            Ground::High => 30,
        };
        ground - hex.protective_distance.min(9) as i32
    };
    let here = |unit: u8| match state.us_units()[usize::from(unit)].loc {
        UsLoc::Hex(h) => rank(h),
        _ => 0,
    };
    let score = |action: &OmahaAction| -> i32 {
        match *action {
            OmahaAction::Move { unit, to } | OmahaAction::MovePair { unit, to, .. } => {
                rank(to) - here(unit)
            }
            OmahaAction::Attack { .. }
            | OmahaAction::AttackWith { .. }
            | OmahaAction::AttackWithPair { .. }
            | OmahaAction::AttackConfirm
            | OmahaAction::Barrage { .. }
            | OmahaAction::NavalBarrage { .. } => 8,
            OmahaAction::RemoveDisrupted { .. } | OmahaAction::ContinueCliff { .. } => 6,
            OmahaAction::StartCliff { .. }
            | OmahaAction::StartCliffPair { .. }
            | OmahaAction::RemoveClimb { .. } => 3,
            OmahaAction::Delay { .. } | OmahaAction::AttackBack => -20,
            _ => 0,
        }
    };
    let best = legal.iter().map(score).max().unwrap_or(0);
    let top: Vec<OmahaAction> = legal.iter().copied().filter(|a| score(a) == best).collect();
    top[policy.next_u32() as usize % top.len()]
}
