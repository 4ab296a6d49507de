//! The baseline: a uniformly random legal action.

use crate::{Bot, BotRng};
use overlord_engine::{Game, Seat, uniform_below};

/// Chooses uniformly among the legal actions. It reads nothing of the state.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

/// A uniformly random element of `items` (`None` when empty), with the engine's unbiased
/// sampler so the choice never changes with the `rand` release.
pub(crate) fn pick<A: Copy>(items: &[A], rng: &mut BotRng) -> Option<A> {
    let len = u32::try_from(items.len()).unwrap_or(u32::MAX);
    if len == 0 {
        return None;
    }
    items.get(uniform_below(rng, len) as usize).copied()
}

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> String {
        "random".to_owned()
    }

    fn choose(
        &mut self,
        _state: &G,
        _seat: Seat,
        legal: &[G::Action],
        rng: &mut BotRng,
    ) -> Option<G::Action> {
        pick(legal, rng)
    }
}
