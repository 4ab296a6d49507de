//! What search shares: how long to think ([`Budget`]) and how to play on from a leaf
//! ([`Rollout`]).

use crate::BotRng;
use crate::random::pick;
use overlord_engine::{Game, Heuristics, Log, Status};
use std::time::{Duration, Instant};

/// How long a search thinks: a number of simulations, a wall-clock time, or both (whichever
/// runs out first). Only an iteration budget makes a search repeatable from its seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Simulations in all (split among the trees of a root-parallel search).
    pub iterations: Option<u64>,
    /// Wall-clock time per decision.
    pub time: Option<Duration>,
}

impl Budget {
    /// `n` simulations per decision.
    pub fn iterations(n: u64) -> Budget {
        Budget {
            iterations: Some(n),
            time: None,
        }
    }

    /// As many simulations as fit in `time` per decision.
    pub fn time(time: Duration) -> Budget {
        Budget {
            iterations: None,
            time: Some(time),
        }
    }

    /// Whether a search that started at `started` and ran `done` simulations must stop. A
    /// budget with neither limit is spent at once.
    pub(crate) fn spent(&self, done: u64, started: Instant) -> bool {
        match (self.iterations, self.time) {
            (None, None) => true,
            (iterations, time) => {
                iterations.is_some_and(|n| done >= n)
                    || time.is_some_and(|t| started.elapsed() >= t)
            }
        }
    }

    /// The share of tree `tree` of `trees`: the iterations split as evenly as they go, the
    /// time the same for all.
    pub(crate) fn share(&self, tree: usize, trees: usize) -> Budget {
        let trees = trees.max(1) as u64;
        let tree = tree as u64;
        Budget {
            iterations: self
                .iterations
                .map(|n| n / trees + u64::from(tree < n % trees)),
            time: self.time,
        }
    }
}

impl std::fmt::Display for Budget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.iterations, self.time) {
            (Some(n), None) => write!(f, "{n} it"),
            (None, Some(t)) => write!(f, "{} ms", t.as_millis()),
            (Some(n), Some(t)) => write!(f, "{n} it or {} ms", t.as_millis()),
            (None, None) => f.write_str("no budget"),
        }
    }
}

/// How a rollout chooses its actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RolloutPolicy {
    /// Uniformly at random: cheapest.
    Random,
    /// The game's rules of thumb ([`Heuristics::rule_based_action`]).
    RuleBased,
}

/// How a simulation plays on from the leaf of the tree: up to `max_depth` decisions with
/// `policy`, then the game's [`Heuristics::evaluate`] if the game is not over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rollout {
    pub policy: RolloutPolicy,
    pub max_depth: u32,
}

impl std::fmt::Display for Rollout {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let policy = match self.policy {
            RolloutPolicy::Random => "random",
            RolloutPolicy::RuleBased => "rule",
        };
        write!(f, "{policy} d{}", self.max_depth)
    }
}

/// Buffers a search reuses from one simulation to the next, so that cloning the state is the
/// only allocation of note per simulation: the legal-action list and a disabled log.
pub(crate) struct Scratch<G: Game> {
    pub legal: Vec<G::Action>,
    pub log: Log<G::Event>,
}

impl<G: Game> Scratch<G> {
    pub fn new() -> Scratch<G> {
        Scratch {
            legal: Vec::new(),
            log: Log::disabled(),
        }
    }
}

impl Rollout {
    /// Play on from `state` until the game ends or `max_depth` decisions are made; returns the
    /// decisions made. A refused action (a game bug) ends the rollout where it stands.
    pub(crate) fn play<G: Heuristics>(
        &self,
        state: &mut G,
        scratch: &mut Scratch<G>,
        rng: &mut BotRng,
    ) -> u32 {
        let mut depth = 0;
        while depth < self.max_depth {
            // A game over, or the horizon of what the searching seat may know.
            if matches!(state.status(), Status::Over(_)) || state.horizon() {
                break;
            }
            state.legal_actions(&mut scratch.legal);
            let action = match self.policy {
                RolloutPolicy::Random => pick(&scratch.legal, rng),
                RolloutPolicy::RuleBased => state.rule_based_action(&scratch.legal, rng),
            };
            let Some(action) = action else { break };
            if state.apply_listed(action, &mut scratch.log).is_err() {
                break;
            }
            depth += 1;
        }
        depth
    }
}
