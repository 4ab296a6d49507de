//! The bots on D-Day at Omaha Beach, The First Wave: they choose legal actions only, IS-MCTS
//! cannot see what the player cannot see, a seed replays a choice, and the rule bot is stronger
//! than a coin.

// Test helpers fail loudly by design.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use overlord_ai::harness::{self, BotFactory};
use overlord_ai::{
    Bot, BotRng, Budget, FlatMonteCarlo, IsMcts, IsMctsConfig, RandomBot, Rollout, RolloutPolicy,
    RuleBot,
};
use overlord_engine::{Components, Game, GameRng, Heuristics, Log, Seat, SetupError, Status};
use overlord_omaha::{Omaha, OmahaAction, OmahaData, OmahaOptions};
use rand::SeedableRng;
use std::path::Path;
use std::sync::{Arc, OnceLock};

fn data() -> Arc<OmahaData> {
    static DATA: OnceLock<Arc<OmahaData>> = OnceLock::new();
    Arc::clone(DATA.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/omaha");
        Arc::new(OmahaData::load(&dir).unwrap_or_else(|e| panic!("{e}")))
    }))
}

fn first_wave(seed: u64) -> Result<Omaha, SetupError> {
    Omaha::setup(
        &data(),
        "first-wave",
        &Default::default(),
        GameRng::seeded(seed),
        &mut Log::disabled(),
    )
}

fn rollout(policy: RolloutPolicy, max_depth: u32) -> Rollout {
    Rollout { policy, max_depth }
}

fn ismcts(iterations: u64, policy: RolloutPolicy, trees: usize) -> IsMcts<Omaha> {
    IsMcts::new(IsMctsConfig {
        budget: Budget::iterations(iterations),
        rollout: rollout(policy, 6),
        exploration: 0.7,
        trees,
        widening: 0.0,
        paired: 0,
        margin: 0.0,
        selective: false,
    })
}

/// Every `every`-th state of games of seeds `seeds` played by `bot` (states where the player
/// has a real choice).
fn states_of(seeds: std::ops::Range<u64>, bot: &mut dyn Bot<Omaha>, every: usize) -> Vec<Omaha> {
    let mut out = Vec::new();
    let mut legal = Vec::new();
    let mut log = Log::disabled();
    for seed in seeds {
        let mut state = first_wave(seed).unwrap();
        let mut rng = BotRng::seed_from_u64(seed);
        let mut step = 0;
        while let Status::ToAct(seat) = state.status() {
            state.legal_actions(&mut legal);
            if step % every == 0 && legal.len() > 1 {
                out.push(state.clone());
            }
            let action = bot.choose(&state, seat, &legal, &mut rng).unwrap();
            let _ = state.apply(action, &mut log).unwrap();
            step += 1;
        }
    }
    out
}

/// States from early (coin) and late (rule bot) in the game.
fn sample_states() -> Vec<Omaha> {
    let mut states = states_of(0..2, &mut RandomBot, 23);
    states.extend(states_of(0..2, &mut RuleBot, 37));
    states
}

#[test]
fn every_bot_chooses_only_legal_actions_in_first_wave_states() {
    let mut bots: Vec<Box<dyn Bot<Omaha>>> = vec![
        Box::new(RandomBot),
        Box::new(RuleBot),
        Box::new(FlatMonteCarlo {
            budget: Budget::iterations(12),
            rollout: rollout(RolloutPolicy::Random, 4),
        }),
        Box::new(ismcts(16, RolloutPolicy::Random, 1)),
        Box::new(ismcts(16, RolloutPolicy::RuleBased, 2)),
    ];
    let mut legal = Vec::new();
    let states = sample_states();
    assert!(states.len() > 20, "{} states", states.len());
    for (i, state) in states.iter().enumerate() {
        state.legal_actions(&mut legal);
        for bot in &mut bots {
            let mut rng = BotRng::seed_from_u64(i as u64);
            let action = bot.choose(state, Seat(0), &legal, &mut rng);
            assert!(
                action.is_some_and(|a| legal.contains(&a)),
                "{} chose {action:?} at {:?}",
                bot.name(),
                state.step()
            );
        }
    }
}

#[test]
fn random_rule_and_search_bots_play_whole_first_wave_games_legally() {
    let lineups: [BotFactory<'_, Omaha>; 3] =
        [&|| Box::new(RandomBot), &|| Box::new(RuleBot), &|| {
            Box::new(IsMcts::new(IsMctsConfig {
                budget: Budget::iterations(4),
                rollout: rollout(RolloutPolicy::Random, 2),
                exploration: 0.7,
                trees: 1,
                widening: 0.0,
                paired: 0,
                margin: 0.0,
                selective: false,
            }))
        }];
    for make in lineups {
        let results = harness::play_games(
            0..2,
            first_wave,
            || vec![make()],
            harness::DEFAULT_DECISION_LIMIT,
        );
        for r in &results {
            assert!(
                r.failure.is_none() && r.outcome.is_some(),
                "{}: seed {}: {:?}",
                make().name(),
                r.seed,
                r.failure
            );
        }
    }
}

/// The cooperative two-player game (rule 1): one bot per division's seat, both winning or
/// losing together; the search's tree holds both seats' decisions.
#[test]
fn bots_play_the_cooperative_two_player_game_legally() {
    let options = OmahaOptions {
        two_player: true,
        ..OmahaOptions::default()
    };
    let new_game = |seed| {
        Omaha::setup(
            &data(),
            "first-wave",
            &options,
            GameRng::seeded(seed),
            &mut Log::disabled(),
        )
    };
    let results = harness::play_games(
        0..2,
        new_game,
        || -> Vec<Box<dyn Bot<Omaha>>> {
            vec![
                Box::new(RuleBot),
                // Random rollouts: the rule bot as a rollout policy costs seconds per
                // decision in a debug build, and the test is about the seats, not the policy.
                Box::new(ismcts(4, RolloutPolicy::Random, 1)),
            ]
        },
        harness::DEFAULT_DECISION_LIMIT,
    );
    for r in &results {
        assert!(r.failure.is_none(), "seed {}: {:?}", r.seed, r.failure);
        let outcome = r.outcome.expect("the game ended");
        assert_eq!(
            outcome.reward(Seat(0)),
            outcome.reward(Seat(1)),
            "the two divisions share the result"
        );
    }
}

/// A bot that answers with an action the game never offers at the start.
struct Cheat;

impl Bot<Omaha> for Cheat {
    fn name(&self) -> String {
        "cheat".into()
    }

    fn choose(
        &mut self,
        _: &Omaha,
        _: Seat,
        _: &[OmahaAction],
        _: &mut BotRng,
    ) -> Option<OmahaAction> {
        Some(OmahaAction::NavalBarrage { target: 0 })
    }
}

#[test]
fn harness_stops_a_game_at_an_illegal_choice() {
    let result = harness::play_game(
        first_wave(1).unwrap(),
        &mut [Box::new(Cheat) as Box<dyn Bot<Omaha>>],
        1,
        100,
    );
    assert!(result.outcome.is_none());
    assert!(
        result
            .failure
            .as_deref()
            .is_some_and(|f| f.contains("not legal")),
        "{result:?}"
    );
}

/// The leak test: two states that differ only in what the player cannot see (two
/// determinizations of one state) give IS-MCTS the same search, visit for visit, from the same
/// seed, so the same choice; with the plain root and with the paired one.
#[test]
fn ismcts_choice_does_not_depend_on_hidden_information() {
    let mut legal = Vec::new();
    let mut hidden_differs = 0;
    for (i, state) in sample_states().iter().enumerate() {
        let a = state.determinize(Seat(0), &mut BotRng::seed_from_u64(i as u64));
        let b = state.determinize(Seat(0), &mut BotRng::seed_from_u64(i as u64 + 500));
        hidden_differs += usize::from(a != b);
        state.legal_actions(&mut legal);
        // Plain IS-MCTS with each rollout policy, and the paired root (searching every
        // decision, so that the early states are searched too).
        let mut paired = ismcts(12, RolloutPolicy::RuleBased, 1);
        paired.config.paired = 3;
        paired.config.widening = 0.01;
        let bots = [
            ismcts(24, RolloutPolicy::Random, 1),
            ismcts(24, RolloutPolicy::RuleBased, 1),
            paired,
        ];
        for mut bot in bots {
            let name = bot.name();
            let search = |bot: &mut IsMcts<Omaha>, s: &Omaha| {
                let mut rng = BotRng::seed_from_u64(99);
                let edges = bot.search(s, Seat(0), &mut rng);
                let mut rng = BotRng::seed_from_u64(99);
                (edges, bot.choose(s, Seat(0), &legal, &mut rng))
            };
            let (edges_a, choice_a) = search(&mut bot, &a);
            let (edges_b, choice_b) = search(&mut bot, &b);
            assert_eq!(edges_a, edges_b, "state {i} ({:?}), {name}", state.step());
            assert_eq!(choice_a, choice_b, "state {i}, {name}");
        }
    }
    assert!(
        hidden_differs > 10,
        "only {hidden_differs} states hide anything"
    );
}

#[test]
fn same_seed_same_choice_with_and_without_root_parallelism() {
    let states = sample_states();
    let mut legal = Vec::new();
    let one_thread = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let three_threads = rayon::ThreadPoolBuilder::new()
        .num_threads(3)
        .build()
        .unwrap();
    for (i, state) in states.iter().enumerate().step_by(3) {
        state.legal_actions(&mut legal);
        for trees in [1, 3] {
            let run = |pool: &rayon::ThreadPool| {
                pool.install(|| {
                    let mut bot = ismcts(30, RolloutPolicy::Random, trees);
                    let mut rng = BotRng::seed_from_u64(i as u64);
                    let edges = bot.search(state, Seat(0), &mut rng);
                    (edges, bot.last_search().simulations)
                })
            };
            let (edges, simulations) = run(&one_thread);
            assert_eq!(simulations, 30, "the budget is split among the trees");
            assert_eq!(run(&one_thread).0, edges, "state {i}, {trees} trees");
            assert_eq!(run(&three_threads).0, edges, "state {i}, {trees} trees");
        }
        let flat = || {
            let mut bot = FlatMonteCarlo {
                budget: Budget::iterations(10),
                rollout: rollout(RolloutPolicy::Random, 3),
            };
            bot.choose(state, Seat(0), &legal, &mut BotRng::seed_from_u64(i as u64))
        };
        assert_eq!(flat(), flat(), "state {i}: flat Monte Carlo");
    }
}

#[test]
fn rollouts_and_evaluations_stay_in_the_unit_interval() {
    for (i, state) in sample_states().iter().enumerate() {
        let value = state.evaluate(Seat(0));
        assert!((0.0..=1.0).contains(&value), "state {i}: {value}");
        let mut bot = ismcts(8, RolloutPolicy::RuleBased, 1);
        for (_, visits, reward) in bot.search(state, Seat(0), &mut BotRng::seed_from_u64(1)) {
            assert!(reward >= 0.0 && reward <= f64::from(visits), "state {i}");
        }
    }
}

/// Strength smoke test, small enough for debug builds: on the same 24 First Wave seeds the rule
/// bot scores higher than a coin, with 95 % intervals that do not overlap. (Observed on the
/// tuned data: the coin almost always suffers catastrophic defeat, 13.1, score -1; the rule
/// bot wins about 28 % of games and scores about 11.6, docs/omaha/balance.md.)
#[test]
fn rule_bot_outscores_random_play_on_first_wave() {
    let bots: [BotFactory<'_, Omaha>; 2] = [&|| Box::new(RandomBot), &|| Box::new(RuleBot)];
    let report = harness::solo_strength(0..24, first_wave, &bots);
    for line in &report {
        eprintln!("{line}");
    }
    let [random, rule] = [&report[0].summary, &report[1].summary];
    assert_eq!(random.failures + rule.failures, 0);
    assert!(
        rule.score.interval95().low > random.score.interval95().high,
        "rule {rule} vs random {random}"
    );
}

/// The bots' strength on First Wave at search budgets too slow for debug builds; prints the
/// report: `cargo test --release -p overlord-ai --test omaha_bots -- --ignored --nocapture`.
/// (Observed in a debug build, 4 seeds, IS-MCTS at 60 simulations with rule rollouts of 10
/// decisions: one catastrophe in four, mean score -0.25, against the rule bot's 0.00: at such
/// budgets the search is noisier than its own rollout policy.)
#[test]
#[ignore = "long: IS-MCTS over whole games; run with --release"]
fn strength_report_on_first_wave() {
    let bots: [BotFactory<'_, Omaha>; 4] = [
        &|| Box::new(RandomBot),
        &|| Box::new(RuleBot),
        &|| {
            Box::new(FlatMonteCarlo {
                budget: Budget::iterations(500),
                rollout: rollout(RolloutPolicy::RuleBased, 10),
            })
        },
        &|| {
            Box::new(IsMcts::new(IsMctsConfig {
                budget: Budget::iterations(1000),
                rollout: rollout(RolloutPolicy::RuleBased, 10),
                exploration: 0.7,
                trees: 1,
                widening: 0.0,
                paired: 0,
                margin: 0.0,
                selective: false,
            }))
        },
    ];
    let report = harness::solo_strength(0..40, first_wave, &bots);
    for line in &report {
        eprintln!("{line}");
    }
    assert!(report.iter().all(|s| s.summary.failures == 0));
}
