//! What a game tells its bots: an evaluation of a state and a rule of thumb for choosing an
//! action. The AI crate (DESIGN.md: engine <- games <- ai) is generic over [`Game`]; a game
//! that wants bots implements [`Heuristics`] here, in the engine, so it never depends on the AI.
//!
//! Both methods receive a full state, but must read only what the deciding seat may know: what
//! [`Game::view`] of that seat shows, plus the rules and the game's fixed components. Search
//! calls them on determinized states ([`Heuristics::determinize_for_search`]), where reading
//! more would be harmless, but a bot that plays the real game calls them on the real state,
//! where reading a face-down counter or the deck order would be cheating.

use crate::game::{Game, Outcome};
use crate::seat::Seat;
use rand::Rng;

/// A game's knowledge of good play, for bots and for the rollouts of search.
pub trait Heuristics: Game {
    /// The estimated reward of `seat` in this state, which is not over, in `[0, 1]` on the
    /// scale of [`crate::Outcome::reward`] (1 a win, 0 a loss): what a depth-limited rollout
    /// scores when it stops before the end. Only what `seat` may know is read.
    fn evaluate(&self, seat: Seat) -> f64;

    /// What search scores a game that is over, for `seat`, in `[0, 1]`: by default the
    /// outcome's reward (1 a win, ½ a draw, 0 a loss). A game whose score tells a narrow
    /// result from a wide one may blend the score in, so that search learns which of two
    /// actions leads to more points even where both win or both lose in its few dozen samples.
    fn final_reward(&self, outcome: &Outcome, seat: Seat) -> f64 {
        outcome.reward(seat)
    }

    /// A sensible choice among `legal`, the legal actions of the seat to act in this state,
    /// by rules of thumb: a bot of its own and a rollout policy for search, so it should be
    /// cheap. `None` only when `legal` is empty. Only what the deciding seat may know is
    /// read; `rng` breaks ties.
    fn rule_based_action<R: Rng + ?Sized>(
        &self,
        legal: &[Self::Action],
        rng: &mut R,
    ) -> Option<Self::Action>;

    /// How promising each of `legal` looks by the same rules of thumb, higher first: one
    /// score per action, written into `scores` (cleared first). Search with progressive
    /// widening tries actions in this order and widens to the lower ones only as a node
    /// gathers visits, so a game whose rule-based choice is good should rank that choice
    /// first; search without widening never asks, so this may cost as much as the rule. The
    /// default ranks every action alike. Only what the deciding seat may know is read.
    fn rank_actions(&self, legal: &[Self::Action], scores: &mut Vec<f64>) {
        scores.clear();
        scores.resize(legal.len(), 0.0);
    }

    /// Whether search should leave `action` untried while any other action is legal: a move
    /// that only undoes a choice in progress (going back from a declaration), which a search
    /// would otherwise take, then make the same choice again, for ever. Search asks at every
    /// step of its tree, so this must be cheap. Only what the deciding seat may know is read.
    /// The default: no action is futile.
    fn futile(&self, _action: &Self::Action) -> bool {
        false
    }

    /// Whether a search bot that searches selectively should think about this decision of
    /// `seat`, or play the rule-based action at once: a game whose rules of thumb are as good
    /// as a search can make them in some phases (where rollouts cannot reach what decides the
    /// game, and an evaluation is too rough to beat the rule) says so, and the search spends
    /// its time where it pays. Only what `seat` may know is read. The default: everywhere.
    fn worth_searching(&self, _seat: Seat) -> bool {
        true
    }

    /// Why a player might take `action` here, in a sentence for people, when the rules of
    /// thumb can say (a hint shows it beside the suggested action). Only what the deciding
    /// seat may know is read. The default: no reason given.
    fn explain(&self, _action: &Self::Action) -> Option<String> {
        None
    }

    /// Whether this state lies at search's horizon: a state drawn for search
    /// ([`Heuristics::determinize_for_search`]) that has come to something its seat could not
    /// know and the draw did not make up (a paragraph not yet read, a card not yet shown).
    /// Search plays no further from it and scores it by [`Heuristics::evaluate`], so that what
    /// lies beyond never steers its choice. The default: no horizon.
    fn horizon(&self) -> bool {
        false
    }

    /// A state drawn from `seat`'s information set for search: like [`Game::determinize`],
    /// and in addition
    /// * a function of `seat`'s view and of `rng` alone: two states that `seat` cannot tell
    ///   apart give the same result for the same `rng` (what makes a search's choice
    ///   independent of what it may not see, testably);
    /// * with the state's own random generator reseeded from `rng`, so that the chance events
    ///   still to come (reshuffles, random draws) are not those of the real game.
    ///
    /// The default is [`Game::determinize`], which promises neither; a game with hidden
    /// information or randomness should override it.
    fn determinize_for_search<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Self {
        self.determinize(seat, rng)
    }
}

/// The action of `legal` with the highest of `scores` (one per action, in order), ties broken
/// at random with `rng`: how a rule-based player plays its rules of thumb. `None` only when
/// `legal` is empty; a score that is not a number never wins.
pub fn best_scored<A: Copy, R: Rng + ?Sized>(
    legal: &[A],
    scores: &[f64],
    rng: &mut R,
) -> Option<A> {
    let best = scores
        .iter()
        .copied()
        .filter(|s| !s.is_nan())
        .fold(f64::NEG_INFINITY, f64::max);
    let top: Vec<usize> = (0..legal.len())
        .filter(|&i| scores.get(i).is_some_and(|&s| s >= best - 1e-9))
        .collect();
    let k = crate::rng::uniform_below(rng, u32::try_from(top.len()).unwrap_or(u32::MAX)) as usize;
    top.get(k).and_then(|&i| legal.get(i)).copied()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn the_best_scored_action_wins_and_ties_are_broken_by_the_generator() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        assert_eq!(
            best_scored(&['a', 'b', 'c'], &[0.0, 2.0, 1.0], &mut rng),
            Some('b')
        );
        assert_eq!(best_scored::<char, _>(&[], &[], &mut rng), None);
        assert_eq!(
            best_scored(&['a', 'b'], &[f64::NAN, -3.0], &mut rng),
            Some('b')
        );
        let picks: std::collections::BTreeSet<char> = (0..40)
            .filter_map(|_| best_scored(&['x', 'y', 'z'], &[1.0, 1.0, 0.0], &mut rng))
            .collect();
        assert_eq!(picks, ['x', 'y'].into_iter().collect());
    }
}
