//! Bots against a game, over many seeds: the strength of a bot, with confidence intervals.
//!
//! Game `seed` is set up by the caller's `new_game(seed)` (so every bot meets the same deal of
//! the same seed) and each seat's bot draws from its own generator seeded from `(seed, seat)`,
//! so a game replays from its seed whatever else ran, and a batch gives the same results on any
//! number of threads. Bots are trusted with nothing: an action that is not on the legal list
//! ends the game as a failure, as does a game that never ends.
//!
//! For a solitaire game (DDOB) a bot's strength is its win rate and mean score over the same
//! seeds ([`solo_strength`]); for a game of several seats, [`play_games`] with one bot per seat
//! and [`Summary::of`] per seat.

use crate::stats::{Mean, Proportion};
use crate::{Bot, BotRng};
use overlord_engine::{Game, Log, Outcome, Seat, SetupError, Status};
use rand::SeedableRng;
use rayon::prelude::*;
use std::fmt;
use std::ops::Range;

/// A game longer than this many decisions is stopped as a failure (a bot or a game looping).
pub const DEFAULT_DECISION_LIMIT: u32 = 100_000;

/// One game played by bots.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    pub seed: u64,
    /// How the game ended; `None` when it did not (see `failure`).
    pub outcome: Option<Outcome>,
    /// Decisions the bots made.
    pub decisions: u32,
    /// Why the game did not end: setup refused, a bot gave no action or an illegal one, the
    /// game refused a listed action, or the decision limit was reached.
    pub failure: Option<String>,
}

/// The generator of `seat`'s bot in game `seed`: distinct per seat and per game
/// (SplitMix64's finaliser spreads neighbouring seeds apart).
pub fn bot_rng(seed: u64, seat: Seat) -> BotRng {
    let mut z = seed ^ (u64::from(seat.0) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    BotRng::seed_from_u64(z ^ (z >> 31))
}

/// What a caller watching a game played by [`play_game_observed`] is shown: the state as set
/// up, after every accepted action, and at the end (ended or failed). Each method has a
/// no-op default; `()` watches nothing.
pub trait Observer<G: Game> {
    /// The state as set up, before the first decision.
    fn start(&mut self, _state: &G) {}
    /// The state after an accepted action. Called once per decision: keep it cheap.
    fn after_action(&mut self, _state: &G) {}
    /// The state the game stopped in, whether it ended or failed.
    fn end(&mut self, _state: &G) {}
}

impl<G: Game> Observer<G> for () {}

/// Play `state` to its end: `bots[s]` decides for seat `s` (a seat without a bot is a
/// failure). The log is off; each choice is checked against the legal list before it is
/// applied.
pub fn play_game<G: Game>(
    state: G,
    bots: &mut [Box<dyn Bot<G>>],
    seed: u64,
    decision_limit: u32,
) -> GameResult {
    play_game_observed(state, bots, seed, decision_limit, &mut ())
}

/// [`play_game`], showing `observer` the state as set up, after every action and at the end.
pub fn play_game_observed<G: Game, O: Observer<G>>(
    mut state: G,
    bots: &mut [Box<dyn Bot<G>>],
    seed: u64,
    decision_limit: u32,
    observer: &mut O,
) -> GameResult {
    observer.start(&state);
    let result = play_to_end(&mut state, bots, seed, decision_limit, observer);
    observer.end(&state);
    result
}

fn play_to_end<G: Game, O: Observer<G>>(
    state: &mut G,
    bots: &mut [Box<dyn Bot<G>>],
    seed: u64,
    decision_limit: u32,
    observer: &mut O,
) -> GameResult {
    let mut rngs: Vec<BotRng> = (0..bots.len())
        .map(|s| bot_rng(seed, Seat(s as u8)))
        .collect();
    let mut log = Log::disabled();
    let mut legal = Vec::new();
    let mut decisions = 0;
    let fail = |decisions, why: String| GameResult {
        seed,
        outcome: None,
        decisions,
        failure: Some(why),
    };
    loop {
        let seat = match state.status() {
            Status::Over(outcome) => {
                return GameResult {
                    seed,
                    outcome: Some(outcome),
                    decisions,
                    failure: None,
                };
            }
            Status::ToAct(seat) => seat,
        };
        if decisions >= decision_limit {
            return fail(
                decisions,
                format!("no end after {decision_limit} decisions"),
            );
        }
        let (Some(bot), Some(rng)) = (bots.get_mut(seat.index()), rngs.get_mut(seat.index()))
        else {
            return fail(decisions, format!("no bot for {seat}"));
        };
        state.legal_actions(&mut legal);
        let Some(action) = bot.choose(state, seat, &legal, rng) else {
            return fail(
                decisions,
                format!(
                    "{} gave no action for {seat} ({} legal)",
                    bot.name(),
                    legal.len()
                ),
            );
        };
        if !legal.contains(&action) {
            return fail(
                decisions,
                format!("{} chose {action:?}, which is not legal", bot.name()),
            );
        }
        if let Err(refusal) = state.apply_listed(action, &mut log) {
            return fail(
                decisions,
                format!("the game refused the listed {action:?}: {refusal}"),
            );
        }
        decisions += 1;
        observer.after_action(state);
    }
}

/// Play one game per seed, in parallel, each set up by `new_game(seed)` and played by a fresh
/// `lineup()` (one bot per seat). Results come in seed order and do not depend on the number
/// of threads.
pub fn play_games<G, N, L>(
    seeds: Range<u64>,
    new_game: N,
    lineup: L,
    decision_limit: u32,
) -> Vec<GameResult>
where
    G: Game,
    N: Fn(u64) -> Result<G, SetupError> + Sync,
    L: Fn() -> Vec<Box<dyn Bot<G>>> + Sync,
{
    seeds
        .into_par_iter()
        .map(|seed| match new_game(seed) {
            Ok(state) => play_game(state, &mut lineup(), seed, decision_limit),
            Err(e) => GameResult {
                seed,
                outcome: None,
                decisions: 0,
                failure: Some(format!("setup: {e}")),
            },
        })
        .collect()
}

/// What a batch of games says about one seat.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Games played, ended or not.
    pub games: u64,
    /// Wins out of the games that ended (a failure is neither).
    pub wins: Proportion,
    /// Draws among the games that ended.
    pub draws: u64,
    /// The seat's score of the games that ended.
    pub score: Mean,
    /// Games that did not end, with the first reason.
    pub failures: u64,
    pub first_failure: Option<String>,
    /// Mean decisions per game.
    pub decisions: Mean,
}

impl Summary {
    /// Summarise `results` for `seat`.
    pub fn of(results: &[GameResult], seat: Seat) -> Summary {
        let mut s = Summary {
            games: results.len() as u64,
            wins: Proportion::default(),
            draws: 0,
            score: Mean::default(),
            failures: 0,
            first_failure: None,
            decisions: Mean::default(),
        };
        for r in results {
            s.decisions.push(f64::from(r.decisions));
            match (&r.outcome, &r.failure) {
                (Some(outcome), None) => {
                    s.wins.trials += 1;
                    s.wins.successes += u64::from(outcome.winners.contains(seat));
                    s.draws += u64::from(outcome.draw);
                    s.score.push(f64::from(outcome.score(seat)));
                }
                (_, failure) => {
                    s.failures += 1;
                    if s.first_failure.is_none() {
                        s.first_failure = Some(
                            failure
                                .clone()
                                .unwrap_or_else(|| format!("seed {}: no outcome", r.seed)),
                        );
                    }
                }
            }
        }
        s
    }
}

impl fmt::Display for Summary {
    /// `win 12/40 = 30.0% [18.1%, 45.1%], score 12.30 [11.10, 13.50], 40 games, 139 decisions`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "win {}, score {}, {} games, {:.0} decisions per game",
            self.wins,
            self.score,
            self.games,
            self.decisions.mean()
        )?;
        if self.failures > 0 {
            write!(
                f,
                ", {} FAILED ({})",
                self.failures,
                self.first_failure.as_deref().unwrap_or("?")
            )?;
        }
        Ok(())
    }
}

/// One bot's strength at a solitaire game.
#[derive(Clone, Debug, PartialEq)]
pub struct Strength {
    pub bot: String,
    pub summary: Summary,
}

impl fmt::Display for Strength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.bot, self.summary)
    }
}

/// A way to make a fresh bot for each game.
pub type BotFactory<'a, G> = &'a (dyn Fn() -> Box<dyn Bot<G>> + Sync);

/// Each bot plays the solitaire game alone on the same `seeds` (so they meet the same deals):
/// its win rate and mean score with their 95 % intervals, in the order given.
pub fn solo_strength<G, N>(
    seeds: Range<u64>,
    new_game: N,
    bots: &[BotFactory<'_, G>],
) -> Vec<Strength>
where
    G: Game,
    N: Fn(u64) -> Result<G, SetupError> + Sync,
{
    bots.iter()
        .map(|make| {
            let results = play_games(
                seeds.clone(),
                &new_game,
                || vec![make()],
                DEFAULT_DECISION_LIMIT,
            );
            Strength {
                bot: make().name(),
                summary: Summary::of(&results, Seat(0)),
            }
        })
        .collect()
}
