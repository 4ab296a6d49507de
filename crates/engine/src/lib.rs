//! The Overlord engine: the one contract all four games implement, and everything around it
//! that does not depend on any particular game.
//!
//! * [`Game`]: setup, whose decision it is, legal actions into a caller's buffer, `apply` that
//!   refuses illegal actions untouched, per-seat views, `determinize`, UI anchors.
//! * [`GameRng`]: ChaCha8 randomness living in the state, dice ([`Die`]), picks and shuffles,
//!   with a [`Script`] mode that fixes outcomes for tests, tutorials and bug reports.
//! * [`Deck`] and [`Zone`]: draw piles, discards, hands, and who knows which card.
//! * [`Log`]: entries with rule id, sentence, structured event and audience.
//! * [`Match`]: a game in progress with its record ([`GameRecord`]), replay and undo.
//! * [`DynMatch`] and [`Registry`]: the object-safe, JSON face for the CLI and the server.
//! * [`rules_reference`]: a game's `rules.toml`, the rule texts the browser links rule ids
//!   to, checked by [`GameEntry::validate`] with the rest of the game's data.
//! * [`Statistics`]: losses per turn, named counters and places held that batch simulation
//!   reports, for games that offer them ([`Game::statistics`]).
//! * [`Heuristics`]: what a game tells its bots (an evaluation, a rule-based choice).
//! * [`driver`]: the turn driver a game plugs its rules chapters into (`apply`'s legality
//!   check, the bounded run loop, the reveal counter behind [`Applied`]).
//! * `testing` (with the `testing` feature): the conformance suite every game's tests run in
//!   one line, and shared checks of data corpora and rule citations.
//!
//! Invariants: all randomness comes from the state's [`GameRng`]; a record replays bit for
//! bit; a refused action changes nothing; a view never holds what its seat may not know.

mod advice;
mod cards;
pub mod driver;
mod dynamic;
pub mod encoding;
mod game;
mod heuristics;
mod log;
mod record;
mod rng;
pub mod rules_reference;
mod seat;
mod session;
mod statistics;
#[cfg(feature = "testing")]
pub mod testing;

pub use advice::{Advice, AdviceRequest, AdvisedAction, Advisor};
pub use cards::{Deck, DeckView, Keyed, Zone, ZoneView, redeal};
pub use dynamic::{
    ComponentsEntry, DynMatch, Entry, GameEntry, LegalAction, LogLine, Registry, RegistryError,
    options_json,
};
pub use game::{
    Anchors, Applied, Components, DataError, DataErrors, Game, GameInfo, OptionInfo, Outcome,
    Place, Prompt, Refusal, ScenarioInfo, SetupError, Sight, SightTarget, Status,
};
pub use heuristics::{Heuristics, best_scored};
pub use log::{Audience, Log, LogEntry, RuleId};
pub use record::{GameRecord, RECORD_FORMAT};
pub use rng::{
    Die, GameRng, RandomSpec, Script, ScriptFault, ScriptedRoll, shuffle_slice, uniform_below,
};
pub use seat::{Seat, SeatSet, Viewer};
pub use session::{Match, MatchError};
pub use statistics::Statistics;
