//! What D-Day at Omaha Beach tells the bots (the engine's `Heuristics`): an evaluation of a
//! game in progress (`evaluate`), a rule-based US player (`choose`, with `attack` for its
//! attacks and `sight` for what it sees of the board) and determinizations for search that
//! depend on the player's view alone ([`world`]).
//!
//! Everything here reads only what the US player sees (6.3: face-down German units and depth
//! markers show their backs, the deck only its size and discards), plus the rules and the
//! components: a face-down counter is reasoned about as any face-down counter of its group.

mod attack;
mod choose;
mod evaluate;
mod explain;
mod sight;
pub mod world;

#[cfg(test)]
mod tests;

use crate::state::Omaha;
use overlord_engine::{Heuristics, Outcome, Seat};
use rand::Rng;

/// How many turns before a victory check selective search starts (the turn of the check
/// included): turns 14–16 of The First Wave.
const SEARCH_WINDOW: u8 = 2;

/// The share of an ended game's search reward that its victory points make (the rest is the
/// win or the loss): chosen by `overlord sim` (docs/omaha/balance.md).
const SCORE_WEIGHT: f64 = 0.3;
/// The points at which the score's share is full: about twice the 19 of a First Wave win.
const MOST_POINTS: i32 = 40;

impl Heuristics for Omaha {
    /// The player's (seat 1's) chances, estimated from VP, catastrophe danger and progress
    /// inland (13.1, 13.2); the game has one seat, so `seat` is not read.
    fn evaluate(&self, _seat: Seat) -> f64 {
        evaluate::evaluate(self)
    }

    /// 13.2: a win or a loss, and by how many victory points: the points (up to
    /// `MOST_POINTS`) weigh `SCORE_WEIGHT`, so that search tells a nearer miss
    /// from a wider one. A catastrophic defeat (13.1) scores no points.
    fn final_reward(&self, outcome: &Outcome, seat: Seat) -> f64 {
        let points = f64::from(outcome.score(seat).clamp(0, MOST_POINTS)) / f64::from(MOST_POINTS);
        (1.0 - SCORE_WEIGHT) * outcome.reward(seat) + SCORE_WEIGHT * points
    }

    fn rule_based_action<R: Rng + ?Sized>(
        &self,
        legal: &[crate::OmahaAction],
        rng: &mut R,
    ) -> Option<crate::OmahaAction> {
        choose::choose(self, legal, rng)
    }

    /// The rule of thumb behind the action, for a hint.
    fn explain(&self, action: &crate::OmahaAction) -> Option<String> {
        explain::reason(action).map(str::to_owned)
    }

    /// The rule bot's own scores, so that search tries its choice first.
    fn rank_actions(&self, legal: &[crate::OmahaAction], scores: &mut Vec<f64>) {
        choose::scores(self, legal, scores);
    }

    /// 8.1: calling off an attack being declared, which a search would follow by declaring
    /// the same attack again, for ever. (The rule bot still calls one off when its plan says
    /// so; search, which has only to leave the attack out, never needs to.)
    fn futile(&self, action: &crate::OmahaAction) -> bool {
        matches!(action, crate::OmahaAction::AttackBack)
    }

    /// 13.2, 20.2, 20.3: in the last turns before a victory check, where a rule-based
    /// rollout reaches the check and its exact result. Earlier, a rollout ends on
    /// `evaluate::evaluate`'s rough estimate, and search played there is no better
    /// than the rule bot (docs/omaha/balance.md).
    fn worth_searching(&self, _seat: Seat) -> bool {
        choose::near_victory_check(self, SEARCH_WINDOW)
    }

    /// The draw pile, face-down units and depth markers put in a canonical order, the
    /// generator reseeded, then [`crate::view::determinize`].
    fn determinize_for_search<R: Rng + ?Sized>(&self, _seat: Seat, rng: &mut R) -> Omaha {
        world::for_search(self, rng)
    }
}
