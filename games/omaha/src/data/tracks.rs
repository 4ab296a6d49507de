//! The Turn track and the two range tracks (rules 2.1, 18.22, 19.2, T10; tracks.toml).

use super::files::{At, located};
use super::vocab::Tide;
use serde::Deserialize;

/// One space of the Turn track.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnSpace {
    pub turn: u8,
    pub time: String,
    pub tide: Tide,
    #[serde(default)]
    pub shuffle: bool,
    #[serde(skip)]
    pub at: At,
}

located!(TurnSpace);

/// A range track: the value printed on each space, first space first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangeTrack {
    pub spaces: Vec<u8>,
}

/// Everything in tracks.toml.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tracks {
    pub turns: Vec<TurnSpace>,
    pub hq_range: RangeTrack,
    pub engineer_range: RangeTrack,
}

/// The tide of each turn as table T10 gives it.
pub fn tide_of_turn(turn: u8) -> Tide {
    match turn {
        7..=15 | 23..=27 => Tide::Mid,
        16..=22 => Tide::High,
        _ => Tide::Low,
    }
}
