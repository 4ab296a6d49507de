//! The bots on Duel, the engine's two-seat test game (hidden hands, a deck, d6 rolls, an
//! out-of-turn response): they play legal actions only at a game where each node of the search
//! tree may belong to either seat, and IS-MCTS beats a coin.

// Test helpers fail loudly by design.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

// The fixture is the engine's own, compiled into this test crate; only part of it is used.
#[allow(dead_code)]
#[path = "../../engine/tests/duel/mod.rs"]
mod duel;

use duel::{Aim, Duel, DuelAction, Phase, value};
use overlord_ai::harness::{self, BotFactory, Summary};
use overlord_ai::{
    Bot, Budget, FlatMonteCarlo, IsMcts, IsMctsConfig, RandomBot, Rollout, RolloutPolicy, RuleBot,
};
use overlord_engine::{Game, GameRng, Heuristics, Log, Seat, SetupError, Status};
use rand::{Rng, SeedableRng};

fn other(seat: Seat) -> Seat {
    Seat(1 - seat.0)
}

/// Duel's rules of thumb, for these tests only (the fixture is the engine's).
impl Heuristics for Duel {
    /// The hit-point lead, squashed into `(0, 1)`.
    fn evaluate(&self, seat: Seat) -> f64 {
        let lead = f64::from(self.hp(seat)) - f64::from(self.hp(other(seat)));
        1.0 / (1.0 + (-lead / 2.0).exp())
    }

    /// Attack with a card of 4 or more (aiming high, DUEL-ATTACK), else draw, else pass;
    /// brace with the lowest card. Only the deciding seat's own hand is read.
    fn rule_based_action<R: Rng + ?Sized>(
        &self,
        legal: &[DuelAction],
        _rng: &mut R,
    ) -> Option<DuelAction> {
        let Status::ToAct(seat) = self.status() else {
            return None;
        };
        let hand = self.hand(seat);
        let best = hand.iter().copied().max_by_key(|&c| value(c));
        let lowest = hand.iter().copied().min_by_key(|&c| value(c));
        let wanted = match self.phase() {
            Phase::Main if best.is_some_and(|c| value(c) >= 4) => DuelAction::Attack,
            Phase::Main if legal.contains(&DuelAction::Draw) => DuelAction::Draw,
            Phase::Main => DuelAction::Attack,
            Phase::ChooseCard => best.map_or(DuelAction::Back, DuelAction::Commit),
            Phase::ChooseAim { card } if value(card) >= 4 => DuelAction::Aim(Aim::High),
            Phase::ChooseAim { .. } => DuelAction::Aim(Aim::Low),
            Phase::Confirm { .. } => DuelAction::Confirm,
            Phase::Brace { .. } => lowest.map_or(DuelAction::TakeHit, DuelAction::Brace),
            Phase::Over(_) => return None,
        };
        Some(if legal.contains(&wanted) {
            wanted
        } else {
            *legal.last()?
        })
    }

    /// The rule's choice first.
    fn rank_actions(&self, legal: &[DuelAction], scores: &mut Vec<f64>) {
        let ruled = self.rule_based_action(legal, &mut overlord_ai::BotRng::seed_from_u64(0));
        scores.clear();
        scores.extend(
            legal
                .iter()
                .map(|&a| if Some(a) == ruled { 1.0 } else { 0.0 }),
        );
    }

    /// Whether to attack or draw is what decides a duel; the rest follows the rule.
    fn worth_searching(&self, _seat: Seat) -> bool {
        self.phase() == Phase::Main
    }

    /// Going back from a card being chosen: a search that went back would only come again to
    /// the same choice.
    fn futile(&self, action: &DuelAction) -> bool {
        *action == DuelAction::Back
    }
}

fn new_duel(seed: u64) -> Result<Duel, SetupError> {
    Duel::setup(
        &duel::data(),
        "standard",
        &Default::default(),
        GameRng::seeded(seed),
        &mut Log::disabled(),
    )
}

fn ismcts() -> Box<dyn Bot<Duel>> {
    Box::new(IsMcts::new(IsMctsConfig {
        budget: Budget::iterations(200),
        rollout: Rollout {
            policy: RolloutPolicy::Random,
            max_depth: 40,
        },
        exploration: 0.7,
        trees: 2,
        widening: 0.0,
        paired: 0,
        margin: 0.0,
        selective: false,
    }))
}

#[test]
fn every_bot_plays_legal_duel_games_against_every_other() {
    let makers: [BotFactory<'_, Duel>; 4] = [
        &|| Box::new(RandomBot),
        &|| Box::new(RuleBot),
        &|| {
            Box::new(FlatMonteCarlo {
                budget: Budget::iterations(30),
                rollout: Rollout {
                    policy: RolloutPolicy::RuleBased,
                    max_depth: 20,
                },
            })
        },
        &|| {
            Box::new(IsMcts::new(IsMctsConfig {
                budget: Budget::iterations(30),
                rollout: Rollout {
                    policy: RolloutPolicy::RuleBased,
                    max_depth: 20,
                },
                exploration: 0.7,
                trees: 1,
                widening: 0.0,
                paired: 0,
                margin: 0.0,
                selective: false,
            }))
        },
    ];
    for first in makers {
        for second in makers {
            let results = harness::play_games(
                0..3,
                new_duel,
                || vec![first(), second()],
                harness::DEFAULT_DECISION_LIMIT,
            );
            for r in &results {
                assert!(
                    r.failure.is_none(),
                    "{} vs {}: {:?}",
                    first().name(),
                    second().name(),
                    r.failure
                );
            }
        }
    }
}

/// IS-MCTS against a coin, 20 games in each chair: it wins more than half its games.
#[test]
fn ismcts_beats_random_play_at_duel() {
    let as_first = harness::play_games(
        0..20,
        new_duel,
        || vec![ismcts(), Box::new(RandomBot)],
        harness::DEFAULT_DECISION_LIMIT,
    );
    let as_second = harness::play_games(
        20..40,
        new_duel,
        || vec![Box::new(RandomBot), ismcts()],
        harness::DEFAULT_DECISION_LIMIT,
    );
    let first = Summary::of(&as_first, Seat(0));
    let second = Summary::of(&as_second, Seat(1));
    eprintln!("IS-MCTS first: {first}\nIS-MCTS second: {second}");
    let wins = first.wins.successes + second.wins.successes;
    let games = first.wins.trials + second.wins.trials;
    assert_eq!(games, 40);
    assert!(wins > games / 2, "IS-MCTS won {wins} of {games}");
}

#[test]
fn a_time_budget_stops_the_search_on_time() {
    let state = new_duel(3).unwrap();
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let mut bot = IsMcts::<Duel>::new(IsMctsConfig {
        budget: Budget::time(std::time::Duration::from_millis(40)),
        rollout: Rollout {
            policy: RolloutPolicy::Random,
            max_depth: 40,
        },
        exploration: 0.7,
        trees: 2,
        widening: 0.0,
        paired: 0,
        margin: 0.0,
        selective: false,
    });
    let mut rng = overlord_ai::BotRng::seed_from_u64(1);
    let action = bot.choose(&state, Seat(0), &legal, &mut rng);
    assert!(action.is_some_and(|a| legal.contains(&a)));
    let stats = bot.last_search();
    assert!(stats.simulations > 0, "{stats:?}");
    assert!(
        stats.elapsed < std::time::Duration::from_secs(2),
        "{stats:?}"
    );
}

fn widened(iterations: u64, widening: f64) -> IsMcts<Duel> {
    IsMcts::new(IsMctsConfig {
        budget: Budget::iterations(iterations),
        rollout: Rollout {
            policy: RolloutPolicy::Random,
            max_depth: 40,
        },
        exploration: 0.7,
        trees: 1,
        widening,
        paired: 0,
        margin: 0.0,
        selective: false,
    })
}

#[test]
fn progressive_widening_tries_the_rule_choice_first_and_widens_with_visits() {
    let state = new_duel(3).unwrap();
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    assert!(legal.len() >= 2, "{legal:?}");
    let ruled = state
        .rule_based_action(&legal, &mut overlord_ai::BotRng::seed_from_u64(0))
        .unwrap();
    let mut rng = overlord_ai::BotRng::seed_from_u64(5);
    let mut widest = 0;
    for iterations in [1u64, 3, 16, 400] {
        let edges = widened(iterations, 0.5).search(&state, Seat(0), &mut rng);
        // A node with n visits chooses among the 1 + ⌊0.5·√n⌋ best ranked; the root has
        // had at most iterations - 1 visits when it last chose.
        let width = 1 + (0.5 * ((iterations - 1) as f64).sqrt()) as usize;
        assert!(edges.len() <= width, "{iterations} it: {edges:?}");
        assert_eq!(edges.first().map(|e| e.0), Some(ruled), "{edges:?}");
        widest = widest.max(edges.len());
    }
    assert_eq!(
        widest,
        legal.len(),
        "400 simulations reach every root action"
    );
}

#[test]
fn search_never_tries_a_futile_action() {
    let mut state = new_duel(3).unwrap();
    let _ = state
        .apply(DuelAction::Attack, &mut Log::disabled())
        .unwrap();
    assert_eq!(state.phase(), Phase::ChooseCard);
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    assert!(legal.contains(&DuelAction::Back), "{legal:?}");
    let mut rng = overlord_ai::BotRng::seed_from_u64(5);
    for widening in [0.0, 2.0] {
        let edges = widened(300, widening).search(&state, Seat(0), &mut rng);
        assert!(edges.iter().all(|e| e.0 != DuelAction::Back), "{edges:?}");
        assert_eq!(edges.len(), legal.len() - 1, "{edges:?}");
    }
    // Flat Monte Carlo with no budget at all still chooses a card, not going back.
    let mut flat = FlatMonteCarlo {
        budget: Budget::iterations(0),
        rollout: Rollout {
            policy: RolloutPolicy::Random,
            max_depth: 40,
        },
    };
    let chosen = flat.choose(&state, Seat(0), &legal, &mut rng);
    assert!(matches!(chosen, Some(DuelAction::Commit(_))), "{chosen:?}");
}

fn paired(iterations: u64, selective: bool) -> IsMcts<Duel> {
    let mut bot = widened(iterations, 0.0);
    bot.config.paired = 2;
    bot.config.selective = selective;
    bot
}

/// The paired root compares the two actions the game ranks best in whole rounds of one
/// determinization each: both are simulated as often, the rule's choice is listed first, and
/// the bot plays the better mean (the first listed on a tie).
#[test]
fn a_paired_root_simulates_its_best_ranked_actions_alike_in_whole_rounds() {
    let state = new_duel(3).unwrap();
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    assert!(legal.len() > 2, "{legal:?}");
    let ruled = state
        .rule_based_action(&legal, &mut overlord_ai::BotRng::seed_from_u64(0))
        .unwrap();
    // 21 simulations are 10½ rounds of 2: the last round is played whole.
    for (iterations, simulations) in [(20u64, 20u64), (21, 22)] {
        let mut bot = paired(iterations, false);
        let mut rng = overlord_ai::BotRng::seed_from_u64(iterations);
        let edges = bot.search(&state, Seat(0), &mut rng);
        assert_eq!(edges.len(), 2, "{edges:?}");
        assert_eq!(edges[0].0, ruled, "{edges:?}");
        assert_eq!(edges[0].1, edges[1].1, "{edges:?}");
        assert_eq!(u64::from(edges[0].1) * 2, simulations, "{edges:?}");
        assert_eq!(bot.last_search().simulations, simulations);
    }
    let rng = overlord_ai::BotRng::seed_from_u64(9);
    let edges = paired(40, false).search(&state, Seat(0), &mut rng.clone());
    let mean = |e: &(DuelAction, u32, f64)| e.2 / f64::from(e.1);
    let best = if mean(&edges[1]) > mean(&edges[0]) {
        edges[1].0
    } else {
        edges[0].0
    };
    let chosen = paired(40, false).choose(&state, Seat(0), &legal, &mut rng.clone());
    assert_eq!(chosen, Some(best), "{edges:?}");
}

/// A selective search thinks only where the game says search pays (Duel's main phase) and
/// elsewhere plays the rule's choice without a simulation.
#[test]
fn a_selective_search_plays_the_rule_where_the_game_says_search_does_not_pay() {
    let mut state = new_duel(3).unwrap();
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let mut bot = paired(20, true);
    let mut rng = overlord_ai::BotRng::seed_from_u64(1);
    let _ = bot.choose(&state, Seat(0), &legal, &mut rng);
    assert_eq!(
        bot.last_search().simulations,
        20,
        "the main phase is searched"
    );
    let _ = state
        .apply(DuelAction::Attack, &mut Log::disabled())
        .unwrap();
    assert_eq!(state.phase(), Phase::ChooseCard);
    state.legal_actions(&mut legal);
    assert!(legal.len() > 1, "{legal:?}");
    let ruled = state.rule_based_action(&legal, &mut overlord_ai::BotRng::seed_from_u64(0));
    let chosen = bot.choose(&state, Seat(0), &legal, &mut rng);
    assert_eq!(chosen, ruled);
    assert_eq!(bot.last_search().simulations, 0, "choosing a card is not");
}
