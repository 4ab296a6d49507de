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
mod sight;
pub mod world;

#[cfg(test)]
mod tests;

use crate::state::Omaha;
use overlord_engine::{Heuristics, Seat};
use rand::Rng;

impl Heuristics for Omaha {
    /// The player's (seat 1's) chances, estimated from VP, catastrophe danger and progress
    /// inland (13.1, 13.2); the game has one seat, so `seat` is not read.
    fn evaluate(&self, _seat: Seat) -> f64 {
        evaluate::evaluate(self)
    }

    fn rule_based_action<R: Rng + ?Sized>(
        &self,
        legal: &[crate::OmahaAction],
        rng: &mut R,
    ) -> Option<crate::OmahaAction> {
        choose::choose(self, legal, rng)
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

    /// The draw pile, face-down units and depth markers put in a canonical order, the
    /// generator reseeded, then [`crate::view::determinize`].
    fn determinize_for_search<R: Rng + ?Sized>(&self, _seat: Seat, rng: &mut R) -> Omaha {
        world::for_search(self, rng)
    }
}
