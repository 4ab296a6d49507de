//! Batch simulation: many games of one scenario played by bots, for balance analysis
//! (`overlord sim`).
//!
//! * [`simulate`] plays `games` games on a pool of `jobs` threads. Game `i` depends only on the
//!   master seed and `i` ([`game_seed`]); its bots draw from
//!   [`bot_rng`](overlord_ai::harness::bot_rng) of that seed. Results come out in game order,
//!   so the same configuration writes the same bytes whatever the number of threads.
//! * A bot on every seat, or bots of their own on some seats ([`Lineup`]), so two bots can be
//!   pitted against each other.
//! * Each game gives one JSON line ([`GameLine`]): seed, outcome and the rule that ended it,
//!   every seat's reward and score, turn of end, decisions, and the figures the game reports
//!   when it has any ([`Game::statistics`]): losses per formation and turn, named counters,
//!   the places holding out.
//! * The lines are summed up ([`Summary`]): win rate with its 95 % Wilson interval, per seat
//!   and per side, the score distribution, end turns per ending rule, mean losses per turn,
//!   the counters' means, how often each place held out; as text and as JSON.
//! * A second run on the same seeds, with another bot or another option
//!   ([`SimConfig::compare`]), gives the paired difference in win rate and mean score with its
//!   95 % interval ([`Comparison`]).
//! * [`report`] draws the summary as SVG plots (plotters) inside one self-contained HTML page,
//!   and as PNGs on request.
//!
//! The game is a type parameter: a batch is compiled for each game (the registry's
//! `visit_game` picks it by id), and its loop does nothing per decision beyond the bot's choice,
//! the legality check and `apply_listed` with the log off. The game's [`Statistics`] are read
//! only when the turn changes and at the end.
//!
//! [`Statistics`]: overlord_engine::Statistics
//! [`Game::statistics`]: overlord_engine::Game::statistics

pub mod command;
pub mod compare;
pub mod lineup;
pub mod record;
pub mod report;
pub mod run;
pub mod summary;

// The bots a batch is asked for by name, so a front end needs no other crate to name them.
pub use compare::{Comparison, Difference};
pub use lineup::{Lineup, SeatInfo, SeatName, seat_list};
pub use overlord_ai::spec::{BotKind, BotParams, BotSpec, SpecError, bot_names, parse_rollout};
pub use record::{Ending, GameLine};
pub use run::{Batch, HeatMap, SimResults, game_seed, prepare, simulate};
pub use summary::Summary;

use serde_json::Value;

/// One way of playing the scenario: the bots and the scenario options.
#[derive(Clone, Debug, PartialEq)]
pub struct Variant {
    /// The bot of each seat (a fresh one per game and seat).
    pub bots: Lineup,
    /// The scenario options as the game reads them (a JSON object of `NAME: VALUE`), or null
    /// for the defaults.
    pub options: Value,
    /// What the variant is called in the summary and the report (`rule`, `rule +22.1`).
    pub label: String,
}

/// A batch to simulate.
#[derive(Clone, Debug, PartialEq)]
pub struct SimConfig {
    /// The scenario id, as the game's data names it.
    pub scenario: String,
    /// How many games (each variant plays them all).
    pub games: u64,
    /// Threads in the pool (at least 1).
    pub jobs: usize,
    /// The master seed.
    pub seed: u64,
    /// The run as asked.
    pub baseline: Variant,
    /// A second run on the same seeds, for a paired comparison.
    pub compare: Option<Variant>,
    /// Show a progress bar on stderr (when it is a terminal).
    pub progress: bool,
}

/// Why a batch could not run.
#[derive(Debug, thiserror::Error)]
pub enum SimError {
    #[error("--jobs must be at least 1")]
    NoJobs,
    #[error("no scenario `{scenario}`; choose one of: {known}")]
    UnknownScenario { scenario: String, known: String },
    #[error("no seat `{seat}` in this game; its seats are {seats}")]
    UnknownSeat { seat: String, seats: String },
    #[error("the options {options} are not this game's: {reason}")]
    Options { options: String, reason: String },
    #[error("scenario `{scenario}` with options {options} cannot be set up: {reason}")]
    Setup {
        scenario: String,
        options: String,
        reason: String,
    },
    #[error("the thread pool could not start: {0}")]
    Pool(String),
    #[error("the games' lines do not add up to the batch: {0}")]
    Lines(String),
    #[error("cannot write the results: {0}")]
    Write(String),
    #[error("cannot draw the report: {0}")]
    Report(String),
}
