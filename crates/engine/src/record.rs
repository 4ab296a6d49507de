//! The game record: everything needed to rebuild a game exactly.

use crate::rng::RandomSpec;
use serde::{Deserialize, Serialize};

/// The version of the record format itself (not of any game's rules).
pub const RECORD_FORMAT: u32 = 1;

/// A whole game as data: which game, which rules version, which scenario and options, which
/// randomness, and every action in order. Replaying it rebuilds the state bit for bit; a
/// saved game is its record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// Record format version ([`RECORD_FORMAT`]).
    pub format: u32,
    /// The game's registry id (`omaha`).
    pub game: String,
    /// The rules version the game was played under.
    pub rules_version: String,
    /// This particular game's id, when the caller gave it one (the server does).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The scenario id.
    pub scenario: String,
    /// The scenario options, as the game's options type serialises them.
    pub options: serde_json::Value,
    /// The seed and any script.
    pub randomness: RandomSpec,
    /// The actions, in order, as the game's action type serialises them.
    pub actions: Vec<serde_json::Value>,
}
