//! The Initial Phase (4.1 A): the weather (4), and what the Weather Table row brings.
//!
//! Not complete yet: the receipts of the Weather Table (SupP, replacements, air and naval
//! units, RP, IP allowances) and the Mulberries come with the tables module.

use crate::action::{N44Event, N44Log};
use crate::state::{Condition, Normandy44, Weather};
use overlord_engine::{Die, RuleId};

/// 4: weather.
pub const WEATHER: RuleId = RuleId("4.1");
/// 4.2: turn 2's weather.
pub const TURN_TWO: RuleId = RuleId("4.2");

/// The Initial Phase of turns 2 and later.
pub fn initial_phase(game: &mut Normandy44, log: &mut N44Log) {
    roll_weather(game, log);
}

/// 4.1, 4.2: roll the turn's weather.
pub fn roll_weather(game: &mut Normandy44, log: &mut N44Log) {
    game.previous_row = game.weather.row;
    let (rule, raw, row) = if game.turn == 2 {
        let raw = game.rng.roll(Die::D6, TURN_TWO) as u8;
        (TURN_TWO, raw, if raw <= 3 { 2 } else { 3 })
    } else {
        let raw = game.rng.roll(Die::D6, WEATHER) as u8;
        let modifier: i8 = match game.previous_row {
            1 => -1,
            6 => 1,
            _ => 0,
        };
        (WEATHER, raw, (raw as i8 + modifier).clamp(1, 6) as u8)
    };
    game.reveals += 1;
    let condition = match row {
        1 => Condition::Storm,
        2 | 3 => Condition::Overcast,
        _ => Condition::Clear,
    };
    game.weather = Weather { condition, row };
    log.public(
        rule,
        N44Event::Die {
            purpose: "weather",
            raw,
            modified: row as i8,
        },
        || format!("Weather: rolled {raw}, row {row}, {condition:?}"),
    );
}
