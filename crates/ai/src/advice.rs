//! A bot asked for one action by name: what the engine's [`Advisor`] hook calls, so the CLI
//! and the server (which know games only through the engine's object-safe face) can have a bot
//! play a seat or give a hint. The registry hands [`advise::<G>`](advise) to each game's entry.
//!
//! [`Advisor`]: overlord_engine::Advisor

use crate::spec::{BotParams, BotSpec};
use crate::{Bot, BotRng};
use overlord_engine::{Advice, AdviceRequest, Heuristics, Seat};
use rand::SeedableRng;

/// The action `request.bot` chooses for `seat` (the seat to act) in `state`, with the game's
/// reason for it. Every bot reads the state only through what `seat` may know (the rule bot
/// and the searches decide on determinizations of the seat's information set), so two states
/// the seat cannot tell apart get the same advice for the same seed.
pub fn advise<G: Heuristics>(
    state: &G,
    seat: Seat,
    request: &AdviceRequest,
) -> Result<Advice<G::Action>, String> {
    let defaults = BotParams {
        time: request.time,
        ..BotParams::default()
    };
    let spec = BotSpec::parse(&request.bot, defaults).map_err(|error| error.to_string())?;
    let mut bot: Box<dyn Bot<G>> = spec.build::<G>();
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let mut rng = BotRng::seed_from_u64(request.seed);
    let action = bot
        .choose(state, seat, &legal, &mut rng)
        .filter(|action| legal.contains(action))
        .ok_or_else(|| format!("{} found no legal action for {seat}", bot.name()))?;
    Ok(Advice {
        action,
        bot: bot.name(),
        reason: state.explain(&action),
    })
}
