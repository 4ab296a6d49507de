//! The game's rules of thumb as a bot.

use crate::random::pick;
use crate::{Bot, BotRng, forced};
use overlord_engine::{Heuristics, Seat};

/// Plays [`Heuristics::rule_based_action`]. It decides on a determinization of the state drawn
/// from its seat's information set ([`Heuristics::determinize_for_search`]), not on the state
/// itself: even a rule that read a hidden counter would then read a random one, never the
/// real one.
#[derive(Clone, Copy, Debug, Default)]
pub struct RuleBot;

impl<G: Heuristics> Bot<G> for RuleBot {
    fn name(&self) -> String {
        "rule".to_owned()
    }

    fn choose(
        &mut self,
        state: &G,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut BotRng,
    ) -> Option<G::Action> {
        if let Some(only) = forced(legal) {
            return Some(only);
        }
        let seen = state.determinize_for_search(seat, rng);
        // A rule that answers with an action not on the list is a bug of the game's; the bot
        // still plays legally.
        seen.rule_based_action(legal, rng)
            .filter(|action| legal.contains(action))
            .or_else(|| pick(legal, rng))
    }
}
