//! Bots behind the object-safe face: how the CLI and the server, which know games only as
//! [`DynMatch`](crate::DynMatch), have a bot play a seat or suggest a move (a hint).
//!
//! The engine knows no bot (the `ai` crate sits above the games), so a registry entry is handed
//! an [`Advisor`]: a plain function, compiled for the game's type by whoever builds the
//! registry, that asks a bot by name for one action of one seat. The match keeps the function
//! and calls it on its current state.

use crate::game::{Anchors, Game};
use crate::seat::Seat;
use serde::Serialize;
use serde_json::Value;
use std::time::Duration;

/// What a caller asks of a bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdviceRequest {
    /// The bot by name, as `overlord sim --bot` takes it (`rule`, `ismcts:iterations=200`).
    pub bot: String,
    /// The bot's random seed: the same state, bot and seed give the same advice.
    pub seed: u64,
    /// The most wall-clock time a searching bot may think (its iterations still cap it).
    pub time: Option<Duration>,
}

impl AdviceRequest {
    /// The rule bot, seeded.
    pub fn rule(seed: u64) -> AdviceRequest {
        AdviceRequest {
            bot: "rule".to_owned(),
            seed,
            time: None,
        }
    }
}

/// One action a bot chose, with why when the game can say.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice<A> {
    /// One of the seat's legal actions.
    pub action: A,
    /// The bot's own name (`rule`, `ismcts(200 it, rule d20)`).
    pub bot: String,
    /// Why, in a sentence, when the game gives a reason
    /// ([`Heuristics::explain`](crate::Heuristics::explain)).
    pub reason: Option<String>,
}

/// A bot's choice for `seat` (the seat to act) in `state`: chosen from what that seat may know
/// only. Supplied by the layer that knows the bots (the registry hands it `overlord_ai`'s);
/// the error is for people (an unknown bot name, no legal action).
pub type Advisor<G> = fn(
    state: &G,
    seat: Seat,
    request: &AdviceRequest,
) -> Result<Advice<<G as Game>::Action>, String>;

/// [`Advice`] as JSON, with the action's anchors: what a client shows as a hint or plays for a
/// bot seat.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AdvisedAction {
    /// The action, as the game serialises it (send it back to play it).
    pub action: Value,
    /// Where it shows on the table, and its label.
    pub anchors: Anchors,
    /// The bot that chose it.
    pub bot: String,
    /// Why, when the game says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}
