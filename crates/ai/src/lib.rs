//! Bots for every Overlord game, generic over the engine's [`Game`] trait, and a harness that
//! measures how strong they are.
//!
//! * [`RandomBot`]: a uniformly random legal action.
//! * [`RuleBot`]: the game's own rules of thumb ([`Heuristics::rule_based_action`]).
//! * [`FlatMonteCarlo`]: every legal action sampled alike with rollouts; the best mean wins.
//! * [`IsMcts`]: single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012)
//!   over [`Heuristics::determinize_for_search`], with UCT restricted to the actions available
//!   in each determinization, progressive widening in the order of the game's
//!   [`Heuristics::rank_actions`] (a node starts from the rule's choice), a paired root that
//!   compares the best-ranked actions on the same determinizations ([`IsMctsConfig::paired`]),
//!   selective search where [`Heuristics::worth_searching`] says it pays, depth-limited
//!   rollouts scored by [`Heuristics::evaluate`] (an ended game by
//!   [`Heuristics::final_reward`]), iteration and time budgets, and root parallelism.
//! * Neither search tries an action the game calls futile ([`Heuristics::futile`]: an undo
//!   that search would take and take again) while any other is legal.
//! * [`harness`]: plays bots against a game over many seeds and reports win rates and scores
//!   with their 95 % intervals ([`stats`]).
//! * [`spec`]: bots by name (`ismcts:iterations=200`), as the command line asks for them.
//! * [`advice`]: one action from a bot by name, the engine's `Advisor` hook: a bot seat in
//!   the terminal or on the server, and hints.
//!
//! Rules every bot keeps:
//! * it chooses only among the legal actions it is given;
//! * it reads the state only through what its seat may know: search sees the game through
//!   determinizations drawn from that seat's information set, and the rule-based bot decides
//!   on such a determinization too, so no bot can read a face-down counter or a deck's order;
//! * all its randomness comes from the [`BotRng`] it is handed, so a seed replays a decision.

pub mod advice;
pub mod flat_mc;
pub mod harness;
pub mod ismcts;
pub mod random;
pub mod rollout;
pub mod rule;
pub mod spec;
pub mod stats;
mod tree;

pub use flat_mc::FlatMonteCarlo;
pub use ismcts::{IsMcts, IsMctsConfig, SearchStats};
pub use random::RandomBot;
pub use rollout::{Budget, Rollout, RolloutPolicy};
pub use rule::RuleBot;
pub use spec::{BotKind, BotParams, BotSpec, SpecError};

use overlord_engine::{Game, Heuristics, Seat};

/// The random generator every bot draws from: ChaCha8, named so its stream never changes under
/// us, seeded by whoever drives the bot.
pub type BotRng = rand_chacha::ChaCha8Rng;

/// A player that chooses actions for a seat.
pub trait Bot<G: Game>: Send {
    /// A short name for reports (`ismcts(1000 it, rule d20)`).
    fn name(&self) -> String;

    /// One of `legal` (the legal actions of `seat`, which is to act in `state`), or `None`
    /// only when `legal` is empty. Randomness comes from `rng` alone.
    fn choose(
        &mut self,
        state: &G,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut BotRng,
    ) -> Option<G::Action>;
}

/// The only legal action, when there is exactly one: no bot needs to think about it.
fn forced<A: Copy>(legal: &[A]) -> Option<A> {
    match legal {
        [only] => Some(*only),
        _ => None,
    }
}

/// The seat's reward in a state: the game's [`Heuristics::final_reward`] once the game is
/// over, otherwise its estimate ([`Heuristics::evaluate`]), kept inside `[0, 1]` (a NaN
/// counts as ½).
pub(crate) fn reward<G: Heuristics>(state: &G, seat: Seat) -> f64 {
    let value = match state.status() {
        overlord_engine::Status::Over(outcome) => state.final_reward(&outcome, seat),
        overlord_engine::Status::ToAct(_) => state.evaluate(seat),
    };
    if value.is_nan() {
        0.5
    } else {
        value.clamp(0.0, 1.0)
    }
}
