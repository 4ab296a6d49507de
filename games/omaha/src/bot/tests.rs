//! The bot interface of DDOB: what it reads is the view and nothing more; the rule bot plays
//! legal actions to the end of the game.

use crate::OmahaAction;
use crate::acceptance::data;
use crate::state::Omaha;
use overlord_engine::{Game, GameRng, Heuristics, Log, Seat, Status, Viewer};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn first_wave(seed: u64) -> Omaha {
    let mut log = Log::disabled();
    Omaha::setup(
        &data(),
        "first-wave",
        &Default::default(),
        GameRng::seeded(seed),
        &mut log,
    )
    .expect("setup")
}

/// Play game `seed` to its end, the rule bot choosing when `rule`, else a coin; returns every
/// `every`-th state met on the way and the end state.
fn play(seed: u64, rule: bool, every: usize) -> (Vec<Omaha>, Omaha) {
    let mut state = first_wave(seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xb07);
    let mut log = Log::disabled();
    let mut legal = Vec::new();
    let mut seen = Vec::new();
    let mut steps = 0;
    while let Status::ToAct(_) = state.status() {
        state.legal_actions(&mut legal);
        assert!(
            !legal.is_empty(),
            "seed {seed}: stalled at {:?}",
            state.step
        );
        if steps % every == 0 {
            seen.push(state.clone());
        }
        let action = if rule {
            state
                .rule_based_action(&legal, &mut rng)
                .expect("an action")
        } else {
            legal[rng.next_u32() as usize % legal.len()]
        };
        assert!(
            legal.contains(&action),
            "seed {seed}: {action:?} is not legal at {:?}",
            state.step
        );
        let _ = state
            .apply(action, &mut log)
            .unwrap_or_else(|e| panic!("seed {seed}: {action:?} refused: {e}"));
        steps += 1;
        assert!(
            steps < 5_000,
            "seed {seed}: the rule bot does not end the game"
        );
        if let Err(broken) = state.check_invariants() {
            panic!("seed {seed}: {broken}");
        }
    }
    (seen, state)
}

/// States met in random and rule-bot games of a few seeds.
fn sample_states() -> Vec<Omaha> {
    let mut states = Vec::new();
    for seed in 0..3 {
        states.extend(play(seed, false, 7).0);
        states.extend(play(seed, true, 7).0);
    }
    states
}

#[test]
fn rule_bot_plays_first_wave_games_to_the_end_with_legal_actions() {
    for seed in 0..4 {
        let (_, end) = play(seed, true, usize::MAX);
        assert!(matches!(end.status(), Status::Over(_)), "seed {seed}");
    }
}

#[test]
fn determinize_for_search_keeps_the_view_and_reseeds_the_generator() {
    for (i, state) in sample_states().iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(i as u64);
        let world = state.determinize_for_search(Seat(0), &mut rng);
        assert_eq!(
            world.view(Viewer::Seat(Seat(0))),
            state.view(Viewer::Seat(Seat(0))),
            "state {i}"
        );
        assert_ne!(
            world.rng(),
            state.rng(),
            "state {i}: the generator was kept"
        );
        world.check_invariants().expect("invariants");
    }
}

/// Two states the player cannot tell apart (two determinizations of one state) give the same
/// determinization for search from the same generator: the search sees the view, nothing else.
#[test]
fn determinize_for_search_depends_on_the_view_alone() {
    for (i, state) in sample_states().iter().enumerate() {
        let seed = i as u64;
        let a = state.determinize(Seat(0), &mut ChaCha8Rng::seed_from_u64(seed));
        let b = state.determinize(Seat(0), &mut ChaCha8Rng::seed_from_u64(seed + 1000));
        let from_a = a.determinize_for_search(Seat(0), &mut ChaCha8Rng::seed_from_u64(7));
        let from_b = b.determinize_for_search(Seat(0), &mut ChaCha8Rng::seed_from_u64(7));
        assert!(from_a == from_b, "state {i} at {:?}", state.step);
    }
}

/// The rule bot and the evaluation read what the player sees only: the same answer in two
/// states that differ in hidden information alone.
#[test]
fn rule_bot_and_evaluation_read_only_the_view() {
    let mut legal: Vec<OmahaAction> = Vec::new();
    let mut differing = 0;
    for (i, state) in sample_states().iter().enumerate() {
        let seed = i as u64;
        let a = state.determinize(Seat(0), &mut ChaCha8Rng::seed_from_u64(seed));
        let b = state.determinize(Seat(0), &mut ChaCha8Rng::seed_from_u64(seed + 1000));
        differing += usize::from(a != b);
        state.legal_actions(&mut legal);
        let choice = |s: &Omaha| s.rule_based_action(&legal, &mut ChaCha8Rng::seed_from_u64(3));
        assert_eq!(choice(&a), choice(&b), "state {i} at {:?}", state.step);
        assert_eq!(a.evaluate(Seat(0)), b.evaluate(Seat(0)), "state {i}");
        let value = state.evaluate(Seat(0));
        assert!((0.0..=1.0).contains(&value), "state {i}: {value}");
    }
    assert!(
        differing > 10,
        "too few states with hidden information: {differing}"
    );
}

#[test]
fn rule_bot_lands_where_german_fire_is_weakest() {
    // Turn 1's first prompt places arriving units (5.3); whatever box the bot picks has no
    // more fire on its landing hex than any other box offered.
    let mut state = first_wave(1);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut legal = Vec::new();
    let mut log = Log::disabled();
    let mut checked = 0;
    for _ in 0..400 {
        if !matches!(state.status(), Status::ToAct(_)) {
            break;
        }
        state.legal_actions(&mut legal);
        let action = state.rule_based_action(&legal, &mut rng).expect("action");
        if let OmahaAction::PlaceInBox { .. } = action {
            let sight = super::sight::Sight::new(&state);
            let danger = |a: &OmahaAction| match *a {
                OmahaAction::PlaceInBox { landing_box, .. } => {
                    let turn = state.turn.saturating_add(1);
                    super::choose::landing_danger(&sight, usize::from(landing_box), turn)
                }
                _ => f64::INFINITY,
            };
            let chosen = danger(&action);
            assert!(legal.iter().all(|a| danger(a) >= chosen), "{action:?}");
            checked += 1;
        }
        let _ = state.apply(action, &mut log).expect("legal");
    }
    assert!(checked > 0, "no landing box was chosen");
}

/// Beyond the Beach with German armor (23): tanks stand on hexes with face-down Armor depth
/// markers. Search's determinizations keep the invariants and the view there too, and depend on
/// the view alone.
#[test]
fn determinize_for_search_handles_german_tanks_and_their_depth_markers() {
    let options = crate::state::OmahaOptions {
        german_armor: true,
        ..Default::default()
    };
    let mut tank_markers = 0;
    // Games until some tank has carried its marker through a few determinizations.
    for seed in 0..16 {
        if tank_markers >= 4 {
            break;
        }
        let mut log = Log::disabled();
        let mut state = Omaha::setup(
            &data(),
            "beyond-the-beach",
            &options,
            GameRng::seeded(seed),
            &mut log,
        )
        .expect("setup");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut legal = Vec::new();
        let mut step = 0;
        while let Status::ToAct(_) = state.status() {
            state.legal_actions(&mut legal);
            if step % 3 == 0 {
                tank_markers += state
                    .tanks_on_map()
                    .filter(|&(g, _)| state.germans[usize::from(g)].depth.is_some())
                    .count();
                // Its own generator: the game's course must not hang on how many numbers a
                // determinization draws.
                let mut det = ChaCha8Rng::seed_from_u64(seed << 32 | step);
                let world = state.determinize_for_search(Seat(0), &mut det);
                world.check_invariants().expect("invariants");
                assert_eq!(
                    world.view(Viewer::Seat(Seat(0))),
                    state.view(Viewer::Seat(Seat(0)))
                );
                let other = state.determinize(Seat(0), &mut det);
                other.check_invariants().expect("invariants");
                let from = |s: &Omaha| {
                    s.determinize_for_search(Seat(0), &mut ChaCha8Rng::seed_from_u64(step))
                };
                assert!(from(&state) == from(&other), "seed {seed} step {step}");
            }
            let action = state.rule_based_action(&legal, &mut rng).expect("action");
            let _ = state.apply(action, &mut log).expect("legal");
            step += 1;
        }
    }
    assert!(tank_markers > 0, "no tank carried a depth marker");
}

/// 8.1, 7.3-7.5, 7.31: the approach field is zero exactly on the hexes an infantry unit may
/// attack a German unit from, never counts through a German unit, and each step away costs at
/// least one action: a neighbour is never more than three actions (a cliff) farther.
#[test]
fn r8_1_approach_field_leads_to_hexes_next_to_german_units() {
    let state = first_wave(4);
    let sight = super::sight::Sight::new(&state);
    let index = &state.data.index;
    let german: Vec<bool> = (0..index.hexes.len())
        .map(|h| crate::combat::german_at(&state, h as crate::index::HexId).is_some())
        .collect();
    let mut zeros = 0;
    for (h, hex) in index.hexes.iter().enumerate() {
        let here = sight.approach(h as crate::index::HexId);
        if german[h] || here == u16::MAX {
            continue;
        }
        if here == 0 {
            zeros += 1;
            assert!(
                hex.neighbours.iter().any(|&n| german[usize::from(n)]),
                "hex {h} has approach 0 but no German neighbour"
            );
        } else {
            let best = hex
                .neighbours
                .iter()
                .map(|&n| sight.approach(n))
                .min()
                .unwrap_or(u16::MAX);
            assert!(
                best < here && here <= best.saturating_add(3),
                "hex {h}: {here} against a best neighbour of {best}"
            );
        }
    }
    assert!(zeros > 10, "only {zeros} hexes to attack from");
}

/// 13.1, 13.11: a regular company down to two steps fills the Losses box with its next loss,
/// so the rule bot values standing in fire worse for it than for a full-strength company.
#[test]
fn r13_11_a_company_at_two_steps_shuns_fire_more_than_a_full_one() {
    let mut state = first_wave(2);
    let index = state.data.index.clone();
    let unit = (0..state.us.len())
        .find(|&u| index.us[u].regular_infantry() && index.us[u].steps == 3)
        .expect("a three-step company") as crate::index::UsId;
    let sight_hot = |state: &Omaha| {
        let sight = super::sight::Sight::new(state);
        let hot = (0..index.hexes.len())
            .map(|h| h as crate::index::HexId)
            .filter(|&h| index.hexes[usize::from(h)].ground == crate::index::Ground::Beach)
            .max_by(|&a, &b| sight.exposure(a).total_cmp(&sight.exposure(b)))
            .expect("a beach hex");
        let cool = (0..index.hexes.len())
            .map(|h| h as crate::index::HexId)
            .filter(|&h| {
                index.hexes[usize::from(h)].ground == crate::index::Ground::Beach
                    && sight.exposure(h) == 0.0
            })
            .min_by_key(|&h| sight.approach(h).abs_diff(sight.approach(hot)))
            .expect("a beach hex out of fire");
        sight.hex_value(unit, cool, true) - sight.hex_value(unit, hot, true)
    };
    let full = sight_hot(&state);
    state.us[usize::from(unit)].steps = 2;
    let reduced = sight_hot(&state);
    assert!(
        reduced > full + 1.0,
        "shelter is worth {reduced} at two steps and {full} at three"
    );
}

/// 13.2: the rule bot weighs the victory points a move makes only near a victory check; early
/// on the ground decides.
#[test]
fn r13_2_victory_points_count_only_near_the_check() {
    let (states, _) = play(5, true, 7);
    let move_of = |s: &Omaha| {
        let mut legal = Vec::new();
        s.legal_actions(&mut legal);
        legal
            .into_iter()
            .find(|a| matches!(a, OmahaAction::Move { .. }))
    };
    let early = states
        .iter()
        .filter(|s| s.turn <= 10)
        .filter_map(|s| move_of(s).map(|m| (s, m)))
        .collect::<Vec<_>>();
    assert!(!early.is_empty(), "no early move to look at");
    for (s, m) in early {
        assert_eq!(
            super::choose::vp_gain(&super::sight::Sight::new(s), &m),
            0.0,
            "turn {}",
            s.turn
        );
    }
    let late = states
        .iter()
        .filter(|s| s.turn >= 13)
        .filter_map(|s| move_of(s).map(|m| (s, m)))
        .count();
    assert!(late > 0, "no late move to look at");
}

/// Search ranks actions by the rule bot's scores (`Heuristics::rank_actions`): the rule's
/// choice ranks first everywhere; and while an attack is declared (8.1) going back is futile
/// (`Heuristics::futile`), so a searching bot never declares the same attack over and over.
#[test]
fn r8_1_search_ranks_the_rule_choice_first_and_never_backs_out_of_an_attack() {
    let mut attack_steps = 0;
    let mut scores = Vec::new();
    let mut legal = Vec::new();
    for state in sample_states().iter().chain(&play(4, true, 1).0) {
        state.legal_actions(&mut legal);
        if legal.len() < 2 {
            continue;
        }
        state.rank_actions(&legal, &mut scores);
        assert_eq!(scores.len(), legal.len());
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let ruled = state.rule_based_action(&legal, &mut rng).expect("a choice");
        let at = legal.iter().position(|&a| a == ruled).expect("listed");
        let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        assert!(scores[at] >= best - 1e-9, "{ruled:?} at {:?}", state.step);
        if matches!(state.step, crate::state::Step::Attack { .. }) {
            attack_steps += 1;
            for action in &legal {
                assert_eq!(
                    state.futile(action),
                    *action == OmahaAction::AttackBack,
                    "{action:?}"
                );
            }
        }
    }
    assert!(attack_steps > 0, "no attack was declared in the sample");
}

/// 13.2, 20.2, 20.3: selective search thinks in the turns up to a victory check (14–16 of The
/// First Wave; 14–16 and 30–32 of the full game, 20.2 and 20.3) and leaves the rest to the rule
/// bot.
#[test]
fn r13_2_search_pays_only_in_the_turns_up_to_a_victory_check() {
    let mut state = first_wave(1);
    for turn in 1..=16 {
        state.turn = turn;
        assert_eq!(state.worth_searching(Seat(0)), turn >= 14, "turn {turn}");
    }
    let mut full = Omaha::setup(
        &data(),
        "d-day",
        &Default::default(),
        GameRng::seeded(1),
        &mut Log::disabled(),
    )
    .expect("setup");
    for turn in 1..=32 {
        full.turn = turn;
        let near = (14..=16).contains(&turn) || turn >= 30;
        assert_eq!(full.worth_searching(Seat(0)), near, "d-day, turn {turn}");
    }
}

/// 13.1, 13.2: search scores an ended game by its result first and its victory points second:
/// any win above any loss, and of two wins (or two losses) the one with more points.
#[test]
fn r13_2_search_scores_a_win_above_any_loss_and_more_points_above_fewer() {
    use overlord_engine::{Outcome, SeatSet};
    let state = first_wave(1);
    let value = |won: bool, score: i32| {
        state.final_reward(
            &Outcome::shared(
                1,
                if won {
                    SeatSet::only(Seat(0))
                } else {
                    SeatSet::EMPTY
                },
                false,
                score,
                crate::victory::VICTORY,
            ),
            Seat(0),
        )
    };
    let ladder = [
        value(false, -1), // 13.1: catastrophic defeat
        value(false, 0),
        value(false, 18),
        value(true, 19),
        value(true, 30),
        value(true, 60),
    ];
    assert_eq!(ladder[0], ladder[1], "a catastrophe scores no points");
    for pair in ladder[1..].windows(2) {
        assert!(pair[0] < pair[1], "{ladder:?}");
    }
    assert!(ladder.iter().all(|v| (0.0..=1.0).contains(v)), "{ladder:?}");
    assert_eq!(ladder[5], 1.0, "points beyond the cap add nothing more");
}

/// 20.3: from turn 17 the rule bot weighs a move by the points of the check that ends the
/// extended games (the 20.3 tally), not by 13.2's, in its last five turns.
#[test]
fn r20_3_victory_points_weighed_before_the_final_check() {
    use crate::state::{OmahaOptions, Step};
    let tally = |s: &Omaha| {
        i32::from(crate::victory::final_tally(s, &crate::engineer_bases::draw_cleared).vp())
    };
    let basic = |s: &Omaha| i32::from(crate::victory::victory_points(s, false).total);
    let (mut weighed, mut unlike_13_2) = (0, 0);
    for seed in 0..40 {
        crate::acceptance::play_random("beyond-the-beach", &OmahaOptions::default(), seed, |s| {
            if !matches!(s.step, Step::Actions { .. }) {
                return;
            }
            // Random play rarely lives to turn 27: the same board, four turns before the end.
            let mut s = s.clone();
            s.turn = 28;
            let s = &s;
            let mut legal = Vec::new();
            s.legal_actions(&mut legal);
            for m in legal
                .into_iter()
                .filter(|a| matches!(a, OmahaAction::Move { .. }))
                .take(3)
            {
                let mut after = s.clone();
                let _ = after
                    .apply_listed(m, &mut Log::disabled())
                    .expect("a listed move");
                let gain = super::choose::vp_gain(&super::sight::Sight::new(s), &m);
                assert_eq!(gain, f64::from(tally(&after) - tally(s)), "turn {}", s.turn);
                weighed += 1;
            }
            let read = super::sight::Sight::new(s).victory_points();
            assert_eq!(read, tally(s));
            if read != basic(s) {
                unlike_13_2 += 1;
            }
        });
    }
    assert!(weighed > 0, "no move weighed");
    assert!(
        unlike_13_2 > 0,
        "20.3 and 13.2 agreed on all {weighed} moves"
    );
}

/// 7.63 with 20.1: from turn 17 a unit moving into a hex already at the stacking limit costs
/// the rule bot far more than on turns 1-16 (one unit of the hex would be eliminated at the end
/// of the Action Phase, and a long game's losses add up to catastrophic defeat); turns 1-16
/// keep the weight the First Wave's balance was measured with.
#[test]
fn r7_63_crowding_a_full_hex_weighs_more_from_turn_17() {
    use crate::state::UsLoc;
    let mut state = first_wave(3);
    let index = state.data.index.clone();
    let companies: Vec<crate::index::UsId> = (0..state.us.len())
        .filter(|&u| index.us[u].regular_infantry())
        .take(3)
        .map(|u| u as crate::index::UsId)
        .collect();
    let hex = (0..index.hexes.len())
        .find(|&h| index.hexes[h].ground == crate::index::Ground::High)
        .expect("a high-ground hex") as crate::index::HexId;
    for &u in &companies[..2] {
        state.us[usize::from(u)].loc = UsLoc::Hex(hex);
    }
    let newcomer = companies[2];
    let crowding = |state: &Omaha| {
        let sight = super::sight::Sight::new(state);
        let mut alone = state.clone();
        alone.us[usize::from(companies[1])].loc = UsLoc::OutOfPlay;
        let open = super::sight::Sight::new(&alone);
        open.hex_value(newcomer, hex, true) - sight.hex_value(newcomer, hex, true)
    };
    state.turn = 10;
    let early = crowding(&state);
    state.turn = 20;
    let late = crowding(&state);
    assert!(
        (early - 6.0).abs() < 1e-9,
        "turn 10: a full hex costs {early}"
    );
    assert!(late >= 30.0, "turn 20: a full hex costs only {late}");
}
