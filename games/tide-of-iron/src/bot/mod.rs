//! The rule bot: an evaluation of a position for either side and rules of thumb for every
//! decision, under the engine's `Heuristics` (so the AI crate's search bots play Tide of Iron
//! too). Each side makes for the objectives, fires where the dice promise most, keeps Op Fire
//! on the approaches and loses its cheapest figures first. It reads only what every seat may
//! know (the deck order, the one secret, is never looked at).

mod choose;
mod evaluate;

use crate::action::ToiAction;
use crate::state::ToiGame;
use overlord_engine::{Heuristics, Outcome, Seat};
use rand::Rng;

impl Heuristics for ToiGame {
    fn evaluate(&self, seat: Seat) -> f64 {
        evaluate::chances(self, crate::teams::commands(self, seat).0)
    }

    /// A win or a loss, and by how much: the VP margin weighs a little, so that search tells a
    /// narrow result from a wide one.
    fn final_reward(&self, outcome: &Outcome, seat: Seat) -> f64 {
        let margin = f64::from(outcome.score(seat).clamp(-10, 10)) / 20.0 + 0.5;
        0.9 * outcome.reward(seat) + 0.1 * margin
    }

    fn rule_based_action<R: Rng + ?Sized>(
        &self,
        legal: &[ToiAction],
        rng: &mut R,
    ) -> Option<ToiAction> {
        choose::choose(self, legal, rng)
    }

    fn rank_actions(&self, legal: &[ToiAction], scores: &mut Vec<f64>) {
        choose::scores(self, legal, scores);
    }

    fn explain(&self, action: &ToiAction) -> Option<String> {
        choose::explain(self, action)
    }
}
